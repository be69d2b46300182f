extension Publisher {
    /// Transforms all elements from an upstream publisher into a new publisher up to a maximum number of
    /// publishers you specify, and merges their values.
    ///
    /// The upstream is asked for `maxPublishers` elements at first and for one more each time one of the
    /// publishers finishes. It finishes when the upstream and every publisher finished; any failure fails it.
    public func flatMap<T, P: Publisher>(
        maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P
    ) -> Publishers.FlatMap<P, Self> where T == P.Output, Failure == P.Failure {
        Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
    }
}

extension Publisher where Failure == Never {
    /// `flatMap` from a publisher that cannot fail into publishers that can.
    public func flatMap<P: Publisher>(
        maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P
    ) -> Publishers.FlatMap<P, Publishers.SetFailureType<Self, P.Failure>> {
        setFailureType(to: P.Failure.self).flatMap(maxPublishers: maxPublishers, transform)
    }

    /// `flatMap` between publishers that cannot fail.
    public func flatMap<P: Publisher>(
        maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P
    ) -> Publishers.FlatMap<P, Self> where P.Failure == Never {
        Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
    }
}

extension Publisher {
    /// `flatMap` into publishers that cannot fail.
    public func flatMap<P: Publisher>(
        maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P
    ) -> Publishers.FlatMap<Publishers.SetFailureType<P, Failure>, Self> where P.Failure == Never {
        flatMap(maxPublishers: maxPublishers) { transform($0).setFailureType(to: Failure.self) }
    }
}

extension Publishers {
    /// A publisher that transforms elements from an upstream publisher into a new publisher.
    public struct FlatMap<NewPublisher: Publisher, Upstream: Publisher>: Publisher
    where NewPublisher.Failure == Upstream.Failure {
        public typealias Output = NewPublisher.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        /// The maximum number of concurrent publisher subscriptions.
        public let maxPublishers: Subscribers.Demand
        public let transform: (Upstream.Output) -> NewPublisher

        public init(
            upstream: Upstream, maxPublishers: Subscribers.Demand, transform: @escaping (Upstream.Output) -> NewPublisher
        ) {
            self.upstream = upstream
            self.maxPublishers = maxPublishers
            self.transform = transform
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let core = FanIn(subscriber, name: "FlatMap", maxChildren: maxPublishers)
            upstream.subscribe(FlatMapOuter(core: core, transform: transform))
        }
    }
}

/// flatMap's subscriber to its upstream: each element becomes a child of the ``FanIn``.
private final class FlatMapOuter<Input, NewPublisher: Publisher, Downstream: Subscriber>: Subscriber
where NewPublisher.Output == Downstream.Input, NewPublisher.Failure == Downstream.Failure {
    typealias Failure = Downstream.Failure

    private let core: FanIn<Downstream>
    private let transform: (Input) -> NewPublisher

    init(core: FanIn<Downstream>, transform: @escaping (Input) -> NewPublisher) {
        self.core = core
        self.transform = transform
    }

    func receive(subscription: Subscription) {
        core.attachOuter(subscription)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        let child = core.addChild()
        transform(input).subscribe(child)
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        switch completion {
        case .finished: core.closeSources()
        case .failure(let error): core.fail(error)
        }
    }
}
