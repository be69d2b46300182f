extension Publisher {
    /// Calls a closure with each received element and publishes any returned optional that has a value.
    public func compactMap<T>(_ transform: @escaping (Output) -> T?) -> Publishers.CompactMap<Self, T> {
        Publishers.CompactMap(upstream: self, transform: transform)
    }

    /// Calls an error-throwing closure with each received element and publishes any returned optional that has
    /// a value; a thrown error fails the publisher.
    public func tryCompactMap<T>(_ transform: @escaping (Output) throws -> T?) -> Publishers.TryCompactMap<Self, T> {
        Publishers.TryCompactMap(upstream: self, transform: transform)
    }
}

extension Publishers {
    /// A publisher that republishes all non-nil results of calling a closure with each received element.
    public struct CompactMap<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let transform: (Upstream.Output) -> Output?

        public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output?) {
            self.upstream = upstream
            self.transform = transform
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let transform = self.transform
            upstream.subscribe(
                Transform<Upstream.Output, Failure, S>("CompactMap", subscriber) { input in
                    transform(input).map { .send($0) } ?? .drop
                })
        }
    }

    /// A publisher that republishes all non-nil results of calling an error-throwing closure with each element.
    public struct TryCompactMap<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Error

        public let upstream: Upstream
        public let transform: (Upstream.Output) throws -> Output?

        public init(upstream: Upstream, transform: @escaping (Upstream.Output) throws -> Output?) {
            self.upstream = upstream
            self.transform = transform
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let transform = self.transform
            upstream.subscribe(
                Transform<Upstream.Output, Upstream.Failure, S>(trying: "TryCompactMap", subscriber) { input in
                    do { return try transform(input).map { .send($0) } ?? .drop } catch { return .fail(error) }
                })
        }
    }
}
