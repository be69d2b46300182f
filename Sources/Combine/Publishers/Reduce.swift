extension Publisher {
    /// Applies a closure that collects each element of a stream and publishes a final result upon completion.
    public func reduce<T>(_ initialResult: T, _ nextPartialResult: @escaping (T, Output) -> T) -> Publishers.Reduce<Self, T> {
        Publishers.Reduce(upstream: self, initial: initialResult, nextPartialResult: nextPartialResult)
    }

    /// Like ``reduce(_:_:)`` with an error-throwing closure; a thrown error fails the publisher.
    public func tryReduce<T>(
        _ initialResult: T, _ nextPartialResult: @escaping (T, Output) throws -> T
    ) -> Publishers.TryReduce<Self, T> {
        Publishers.TryReduce(upstream: self, initial: initialResult, nextPartialResult: nextPartialResult)
    }

    /// Publishes the number of elements received from the upstream publisher, when it finishes.
    public func count() -> Publishers.Count<Self> {
        Publishers.Count(upstream: self)
    }

    /// Ignores all upstream elements, but passes along the upstream publisher's completion state.
    public func ignoreOutput() -> Publishers.IgnoreOutput<Self> {
        Publishers.IgnoreOutput(upstream: self)
    }

    /// Publishes a Boolean value upon receiving an element that satisfies the predicate closure (then finishes),
    /// or `false` when the upstream finishes without one.
    public func contains(where predicate: @escaping (Output) -> Bool) -> Publishers.ContainsWhere<Self> {
        Publishers.ContainsWhere(upstream: self, predicate: predicate)
    }

    /// Publishes a single Boolean value that indicates whether all received elements pass a given predicate.
    public func allSatisfy(_ predicate: @escaping (Output) -> Bool) -> Publishers.AllSatisfy<Self> {
        Publishers.AllSatisfy(upstream: self, predicate: predicate)
    }
}

extension Publisher where Output: Equatable {
    /// Publishes a Boolean value upon receiving an element equal to the argument.
    public func contains(_ output: Output) -> Publishers.Contains<Self> {
        Publishers.Contains(upstream: self, output: output)
    }
}

extension Publishers {
    /// A publisher that applies a closure to all received elements and produces an accumulated value when the
    /// upstream publisher finishes.
    public struct Reduce<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let initial: Output
        public let nextPartialResult: (Output, Upstream.Output) -> Output

        public init(upstream: Upstream, initial: Output, nextPartialResult: @escaping (Output, Upstream.Output) -> Output) {
            self.upstream = upstream
            self.initial = initial
            self.nextPartialResult = nextPartialResult
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let next = nextPartialResult
            var result = initial
            upstream.subscribe(
                Transform<Upstream.Output, Failure, S>(
                    "Reduce", subscriber, upstreamDemand: .unlimited,
                    value: { input in
                        result = next(result, input)
                        return .absorb
                    },
                    completion: { completion in
                        switch completion {
                        case .finished: .finished(result)
                        case .failure(let error): .failure(error)
                        }
                    }))
        }
    }

    /// A publisher that applies an error-throwing closure to all received elements and produces an accumulated
    /// value when the upstream publisher finishes.
    public struct TryReduce<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Error

        public let upstream: Upstream
        public let initial: Output
        public let nextPartialResult: (Output, Upstream.Output) throws -> Output

        public init(
            upstream: Upstream, initial: Output, nextPartialResult: @escaping (Output, Upstream.Output) throws -> Output
        ) {
            self.upstream = upstream
            self.initial = initial
            self.nextPartialResult = nextPartialResult
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let next = nextPartialResult
            var result = initial
            upstream.subscribe(
                Transform<Upstream.Output, Upstream.Failure, S>(
                    "TryReduce", subscriber, upstreamDemand: .unlimited,
                    value: { input in
                        do {
                            result = try next(result, input)
                            return .absorb
                        } catch {
                            return .fail(error)
                        }
                    },
                    completion: { completion in
                        switch completion {
                        case .finished: .finished(result)
                        case .failure(let error): .failure(error)
                        }
                    }))
        }
    }

    /// A publisher that publishes the number of elements received from the upstream publisher.
    public struct Count<Upstream: Publisher>: Publisher {
        public typealias Output = Int
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream

        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            var count = 0
            upstream.subscribe(
                Transform<Upstream.Output, Failure, S>(
                    "Count", subscriber, upstreamDemand: .unlimited,
                    value: { _ in
                        count += 1
                        return .absorb
                    },
                    completion: { completion in
                        switch completion {
                        case .finished: .finished(count)
                        case .failure(let error): .failure(error)
                        }
                    }))
        }
    }

    /// A publisher that ignores all upstream elements, but passes along the upstream publisher's completion state.
    public struct IgnoreOutput<Upstream: Publisher>: Publisher {
        public typealias Output = Never
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream

        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(
                Transform<Upstream.Output, Failure, S>("IgnoreOutput", subscriber, upstreamDemand: .unlimited) { _ in
                    .absorb
                })
        }
    }

    /// A publisher that emits a Boolean value when it receives a specific element from its upstream publisher.
    public struct Contains<Upstream: Publisher>: Publisher where Upstream.Output: Equatable {
        public typealias Output = Bool
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        /// The element to match in the upstream publisher.
        public let output: Upstream.Output

        public init(upstream: Upstream, output: Upstream.Output) {
            self.upstream = upstream
            self.output = output
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let output = self.output
            upstream.subscribe(containment("Contains", subscriber) { $0 == output })
        }
    }

    /// A publisher that emits a Boolean value upon receiving an element that satisfies the predicate closure.
    public struct ContainsWhere<Upstream: Publisher>: Publisher {
        public typealias Output = Bool
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let predicate: (Upstream.Output) -> Bool

        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(containment("ContainsWhere", subscriber, predicate))
        }
    }

    /// A publisher that publishes a single Boolean value that indicates whether all received elements pass a
    /// given predicate (finishing early with `false` at the first that does not).
    public struct AllSatisfy<Upstream: Publisher>: Publisher {
        public typealias Output = Bool
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
                Transform<Upstream.Output, Failure, S>(
                    "AllSatisfy", subscriber, upstreamDemand: .unlimited,
                    value: { predicate($0) ? .absorb : .finish(false) },
                    completion: { completion in
                        switch completion {
                        case .finished: .finished(true)
                        case .failure(let error): .failure(error)
                        }
                    }))
        }
    }
}

/// The subscription of `contains`: `true` at the first match (then finished), `false` if the upstream
/// finishes without one.
private func containment<Input, S: Subscriber>(
    _ name: String, _ subscriber: S, _ matches: @escaping (Input) -> Bool
) -> Transform<Input, S.Failure, S> where S.Input == Bool {
    Transform<Input, S.Failure, S>(
        name, subscriber, upstreamDemand: .unlimited,
        value: { matches($0) ? .finish(true) : .absorb },
        completion: { completion in
            switch completion {
            case .finished: .finished(false)
            case .failure(let error): .failure(error)
            }
        })
}
