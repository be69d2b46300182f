extension Publisher {
    /// Converts any failure from the upstream publisher into a new error.
    public func mapError<E: Error>(_ transform: @escaping (Failure) -> E) -> Publishers.MapError<Self, E> {
        Publishers.MapError(upstream: self, transform)
    }
}

extension Publisher where Failure == Never {
    /// Changes the failure type declared by the upstream publisher (which cannot fail), so it can be combined
    /// with publishers that can.
    public func setFailureType<E: Error>(to failureType: E.Type) -> Publishers.SetFailureType<Self, E> {
        Publishers.SetFailureType(upstream: self)
    }
}

extension Publishers {
    /// A publisher that converts any failure from the upstream publisher into a new error.
    public struct MapError<Upstream: Publisher, Failure: Error>: Publisher {
        public typealias Output = Upstream.Output

        public let upstream: Upstream
        /// The closure that converts the upstream failure into a new error.
        public let transform: (Upstream.Failure) -> Failure

        public init(upstream: Upstream, transform: @escaping (Upstream.Failure) -> Failure) {
            self.upstream = upstream
            self.transform = transform
        }

        public init(upstream: Upstream, _ map: @escaping (Upstream.Failure) -> Failure) {
            self.init(upstream: upstream, transform: map)
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let transform = self.transform
            upstream.subscribe(
                Transform<Output, Upstream.Failure, S>("MapError", subscriber, value: { .send($0) }) { completion in
                    switch completion {
                    case .finished: .finished(nil)
                    case .failure(let error): .failure(transform(error))
                    }
                })
        }
    }

    /// A publisher that appears to send a specified failure type (its upstream cannot fail).
    public struct SetFailureType<Upstream: Publisher, Failure: Error>: Publisher where Upstream.Failure == Never {
        public typealias Output = Upstream.Output

        public let upstream: Upstream

        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(
                Transform<Output, Never, S>("SetFailureType", subscriber, value: { .send($0) }) { _ in .finished(nil) })
        }

        /// Changes the failure type again.
        public func setFailureType<E: Error>(to failure: E.Type) -> Publishers.SetFailureType<Upstream, E> {
            Publishers.SetFailureType<Upstream, E>(upstream: upstream)
        }
    }
}

extension Publishers.SetFailureType: Equatable where Upstream: Equatable {}
