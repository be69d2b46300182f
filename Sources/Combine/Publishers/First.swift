extension Publisher {
    /// Publishes the first element of a stream, then finishes (and cancels the upstream).
    public func first() -> Publishers.First<Self> {
        Publishers.First(upstream: self)
    }

    /// Publishes the first element of a stream to satisfy a predicate closure, then finishes.
    public func first(where predicate: @escaping (Output) -> Bool) -> Publishers.FirstWhere<Self> {
        Publishers.FirstWhere(upstream: self, predicate: predicate)
    }

    /// Publishes the first element to satisfy an error-throwing predicate; a thrown error fails the publisher.
    public func tryFirst(where predicate: @escaping (Output) throws -> Bool) -> Publishers.TryFirstWhere<Self> {
        Publishers.TryFirstWhere(upstream: self, predicate: predicate)
    }

    /// Publishes the last element of a stream, after the stream finishes.
    public func last() -> Publishers.Last<Self> {
        Publishers.Last(upstream: self)
    }

    /// Publishes the last element of a stream that satisfies a predicate closure, after the stream finishes.
    public func last(where predicate: @escaping (Output) -> Bool) -> Publishers.LastWhere<Self> {
        Publishers.LastWhere(upstream: self, predicate: predicate)
    }

    /// Like ``last(where:)`` with an error-throwing closure; a thrown error fails the publisher.
    public func tryLast(where predicate: @escaping (Output) throws -> Bool) -> Publishers.TryLastWhere<Self> {
        Publishers.TryLastWhere(upstream: self, predicate: predicate)
    }
}

extension Publishers {
    /// A publisher that publishes the first element of a stream, then finishes.
    public struct First<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream

        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Transform<Output, Failure, S>("First", subscriber) { .finish($0) })
        }
    }

    /// A publisher that only publishes the first element of a stream to satisfy a predicate closure.
    public struct FirstWhere<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let predicate: (Upstream.Output) -> Bool

        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = self.predicate
            upstream.subscribe(
                Transform<Output, Failure, S>("FirstWhere", subscriber) { predicate($0) ? .finish($0) : .drop })
        }
    }

    /// A publisher that only publishes the first element of a stream to satisfy a throwing predicate closure.
    public struct TryFirstWhere<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Error

        public let upstream: Upstream
        public let predicate: (Upstream.Output) throws -> Bool

        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = self.predicate
            upstream.subscribe(
                Transform<Output, Upstream.Failure, S>(trying: "TryFirstWhere", subscriber) { input in
                    do { return try predicate(input) ? .finish(input) : .drop } catch { return .fail(error) }
                })
        }
    }

    /// A publisher that waits until after the stream finishes, and then publishes the last element of the stream.
    public struct Last<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream

        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            var last: Output?
            upstream.subscribe(
                Transform<Output, Failure, S>(
                    "Last", subscriber, upstreamDemand: .unlimited,
                    value: { input in
                        last = input
                        return .absorb
                    },
                    completion: { completion in
                        switch completion {
                        case .finished: .finished(last)
                        case .failure(let error): .failure(error)
                        }
                    }))
        }
    }

    /// A publisher that waits until after the stream finishes and then publishes the last element of the stream
    /// that satisfies a predicate closure.
    public struct LastWhere<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let predicate: (Upstream.Output) -> Bool

        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = self.predicate
            var last: Output?
            upstream.subscribe(
                Transform<Output, Failure, S>(
                    "LastWhere", subscriber, upstreamDemand: .unlimited,
                    value: { input in
                        if predicate(input) { last = input }
                        return .absorb
                    },
                    completion: { completion in
                        switch completion {
                        case .finished: .finished(last)
                        case .failure(let error): .failure(error)
                        }
                    }))
        }
    }

    /// A publisher that waits until after the stream finishes and then publishes the last element of the stream
    /// that satisfies an error-throwing predicate closure.
    public struct TryLastWhere<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Error

        public let upstream: Upstream
        public let predicate: (Upstream.Output) throws -> Bool

        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = self.predicate
            var last: Output?
            upstream.subscribe(
                Transform<Output, Upstream.Failure, S>(
                    "TryLastWhere", subscriber, upstreamDemand: .unlimited,
                    value: { input in
                        do {
                            if try predicate(input) { last = input }
                            return .absorb
                        } catch {
                            return .fail(error)
                        }
                    },
                    completion: { completion in
                        switch completion {
                        case .finished: .finished(last)
                        case .failure(let error): .failure(error)
                        }
                    }))
        }
    }
}
