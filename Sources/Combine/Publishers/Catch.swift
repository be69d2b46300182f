extension Publisher {
    /// Handles errors from an upstream publisher by replacing it with another publisher: on failure, the
    /// handler's publisher takes over (asked for the demand the downstream still has).
    ///
    ///     fetch().catch { _ in Just([]) }
    public func `catch`<P: Publisher>(_ handler: @escaping (Failure) -> P) -> Publishers.Catch<Self, P>
    where Output == P.Output {
        Publishers.Catch(upstream: self, handler: handler)
    }

    /// Handles errors from an upstream publisher by either replacing it with another publisher or throwing a new
    /// error (which fails the publisher).
    public func tryCatch<P: Publisher>(_ handler: @escaping (Failure) throws -> P) -> Publishers.TryCatch<Self, P>
    where Output == P.Output {
        Publishers.TryCatch(upstream: self, handler: handler)
    }

    /// Attempts to recreate a failed subscription with the upstream publisher up to the number of times you
    /// specify (`nil`: forever).
    public func retry(_ retries: Int) -> Publishers.Retry<Self> {
        Publishers.Retry(upstream: self, retries: retries)
    }
}

extension Publishers {
    /// A publisher that handles errors from an upstream publisher by replacing the failed publisher with another
    /// publisher.
    public struct Catch<Upstream: Publisher, NewPublisher: Publisher>: Publisher
    where Upstream.Output == NewPublisher.Output {
        public typealias Output = Upstream.Output
        public typealias Failure = NewPublisher.Failure

        public let upstream: Upstream
        /// A closure that accepts the upstream failure as input and returns a publisher to replace the upstream.
        public let handler: (Upstream.Failure) -> NewPublisher

        public init(upstream: Upstream, handler: @escaping (Upstream.Failure) -> NewPublisher) {
            self.upstream = upstream
            self.handler = handler
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let handler = self.handler
            let relay = Relay(subscriber, name: "Catch")
            subscriber.receive(subscription: relay)
            upstream.subscribe(
                relay.beginStage { (completion: Subscribers.Completion<Upstream.Failure>) in
                    switch completion {
                    case .finished:
                        relay.finish(.finished)
                    case .failure(let error):
                        handler(error).subscribe(relay.beginStage { relay.finish($0) })
                    }
                })
        }
    }

    /// A publisher that handles errors from an upstream publisher by replacing the failed publisher with another
    /// publisher or producing a new error.
    public struct TryCatch<Upstream: Publisher, NewPublisher: Publisher>: Publisher
    where Upstream.Output == NewPublisher.Output {
        public typealias Output = Upstream.Output
        public typealias Failure = Error

        public let upstream: Upstream
        public let handler: (Upstream.Failure) throws -> NewPublisher

        public init(upstream: Upstream, handler: @escaping (Upstream.Failure) throws -> NewPublisher) {
            self.upstream = upstream
            self.handler = handler
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let handler = self.handler
            let relay = Relay(subscriber, name: "TryCatch")
            subscriber.receive(subscription: relay)
            upstream.subscribe(
                relay.beginStage { (completion: Subscribers.Completion<Upstream.Failure>) in
                    switch completion {
                    case .finished:
                        relay.finish(.finished)
                    case .failure(let error):
                        do {
                            try handler(error).subscribe(relay.beginStage { relay.finish($0.eraseError) })
                        } catch {
                            relay.finish(.failure(error))
                        }
                    }
                })
        }
    }

    /// A publisher that attempts to recreate its subscription to a failed upstream publisher.
    public struct Retry<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        /// The maximum number of retry attempts to perform (`nil`: no limit).
        public let retries: Int?

        public init(upstream: Upstream, retries: Int?) {
            self.upstream = upstream
            self.retries = retries
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let relay = Relay(subscriber, name: "Retry")
            subscriber.receive(subscription: relay)
            Self.attempt(upstream, remaining: retries, relay)
        }

        private static func attempt<S: Subscriber>(_ upstream: Upstream, remaining: Int?, _ relay: Relay<S>)
        where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(
                relay.beginStage { (completion: Subscribers.Completion<Failure>) in
                    if case .failure = completion, remaining.map({ $0 > 0 }) ?? true {
                        attempt(upstream, remaining: remaining.map { $0 - 1 }, relay)
                    } else {
                        relay.finish(completion)
                    }
                })
        }
    }
}
