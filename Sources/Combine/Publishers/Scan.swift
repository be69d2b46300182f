extension Publisher {
    /// Transforms elements from the upstream publisher by providing the current element to a closure along with
    /// the last value returned by the closure; publishes each result.
    ///
    ///     [1, 2, 3].publisher.scan(0, +)   // 1, 3, 6
    public func scan<T>(_ initialResult: T, _ nextPartialResult: @escaping (T, Output) -> T) -> Publishers.Scan<Self, T> {
        Publishers.Scan(upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult)
    }

    /// Like ``scan(_:_:)`` with an error-throwing closure; a thrown error fails the publisher.
    public func tryScan<T>(
        _ initialResult: T, _ nextPartialResult: @escaping (T, Output) throws -> T
    ) -> Publishers.TryScan<Self, T> {
        Publishers.TryScan(upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult)
    }
}

extension Publishers {
    /// A publisher that publishes the running result of a closure over the upstream's elements.
    public struct Scan<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let initialResult: Output
        public let nextPartialResult: (Output, Upstream.Output) -> Output

        public init(
            upstream: Upstream, initialResult: Output, nextPartialResult: @escaping (Output, Upstream.Output) -> Output
        ) {
            self.upstream = upstream
            self.initialResult = initialResult
            self.nextPartialResult = nextPartialResult
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let next = nextPartialResult
            var accumulator = initialResult
            upstream.subscribe(
                Transform<Upstream.Output, Failure, S>("Scan", subscriber) { input in
                    accumulator = next(accumulator, input)
                    return .send(accumulator)
                })
        }
    }

    /// A publisher that publishes the running result of an error-throwing closure over the upstream's elements.
    public struct TryScan<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Error

        public let upstream: Upstream
        public let initialResult: Output
        public let nextPartialResult: (Output, Upstream.Output) throws -> Output

        public init(
            upstream: Upstream, initialResult: Output,
            nextPartialResult: @escaping (Output, Upstream.Output) throws -> Output
        ) {
            self.upstream = upstream
            self.initialResult = initialResult
            self.nextPartialResult = nextPartialResult
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let next = nextPartialResult
            var accumulator = initialResult
            upstream.subscribe(
                Transform<Upstream.Output, Upstream.Failure, S>(trying: "TryScan", subscriber) { input in
                    do {
                        accumulator = try next(accumulator, input)
                        return .send(accumulator)
                    } catch {
                        return .fail(error)
                    }
                })
        }
    }
}
