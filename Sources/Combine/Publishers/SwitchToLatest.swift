extension Publisher where Output: Publisher, Output.Failure == Failure {
    /// Republishes elements sent by the most recently received publisher: each new publisher from upstream
    /// cancels the previous one. Finishes when the upstream and the current publisher finished.
    ///
    ///     $query.map { search($0) }.switchToLatest()   // only the latest search's results
    public func switchToLatest() -> Publishers.SwitchToLatest<Output, Self> {
        Publishers.SwitchToLatest(upstream: self)
    }
}

extension Publisher where Output: Publisher, Failure == Never {
    /// `switchToLatest` from a publisher that cannot fail to publishers that can.
    public func switchToLatest() -> Publishers.SwitchToLatest<Output, Publishers.SetFailureType<Self, Output.Failure>> {
        setFailureType(to: Output.Failure.self).switchToLatest()
    }
}

extension Publisher where Output: Publisher, Failure == Never, Output.Failure == Never {
    /// `switchToLatest` between publishers that cannot fail.
    public func switchToLatest() -> Publishers.SwitchToLatest<Output, Self> {
        Publishers.SwitchToLatest(upstream: self)
    }
}

extension Publisher where Output: Publisher, Output.Failure == Never {
    /// `switchToLatest` from a publisher that can fail to publishers that cannot.
    public func switchToLatest() -> Publishers.SwitchToLatest<
        Publishers.SetFailureType<Output, Failure>, Publishers.Map<Self, Publishers.SetFailureType<Output, Failure>>
    > {
        map { $0.setFailureType(to: Failure.self) }.switchToLatest()
    }
}

extension Publishers {
    /// A publisher that flattens nested publishers: it republishes elements of the most recent one.
    public struct SwitchToLatest<P: Publisher, Upstream: Publisher>: Publisher
    where P == Upstream.Output, P.Failure == Upstream.Failure {
        public typealias Output = P.Output
        public typealias Failure = P.Failure

        public let upstream: Upstream

        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let relay = Relay(subscriber, name: "SwitchToLatest")
            subscriber.receive(subscription: relay)
            upstream.subscribe(SwitchToLatestOuter<P, S>(relay))
        }
    }
}

/// The subscriber to the publisher of publishers: each one becomes the relay's new stage.
private final class SwitchToLatestOuter<Inner: Publisher, Downstream: Subscriber>: Subscriber
where Inner.Output == Downstream.Input, Inner.Failure == Downstream.Failure {
    typealias Input = Inner
    typealias Failure = Inner.Failure

    private let relay: Relay<Downstream>

    init(_ relay: Relay<Downstream>) {
        self.relay = relay
    }

    func receive(subscription: Subscription) {
        if relay.attachSource(subscription) {
            subscription.request(.unlimited)
        } else {
            subscription.cancel()
        }
    }

    func receive(_ input: Inner) -> Subscribers.Demand {
        let relay = self.relay
        input.subscribe(
            relay.beginStage { (completion: Subscribers.Completion<Failure>) in
                switch completion {
                case .finished: relay.stageDidFinish()
                case .failure: relay.finish(completion)
                }
            })
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        switch completion {
        case .finished: relay.sourceDidFinish()
        case .failure: relay.finish(completion)
        }
    }
}
