import Foundation

extension Publisher {
    /// Specifies the scheduler on which to perform subscribe, cancel, and request operations (values are delivered
    /// wherever the upstream produces them; use ``receive(on:options:)`` for that).
    public func subscribe<S: Scheduler>(on scheduler: S, options: S.SchedulerOptions? = nil) -> Publishers.SubscribeOn<Self, S> {
        Publishers.SubscribeOn(upstream: self, scheduler: scheduler, options: options)
    }
}

extension Publishers {
    /// A publisher that receives elements from an upstream publisher on a specific scheduler.
    public struct SubscribeOn<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        /// The scheduler the publisher should use to receive elements.
        public let scheduler: Context
        public let options: Context.SchedulerOptions?

        public init(upstream: Upstream, scheduler: Context, options: Context.SchedulerOptions?) {
            self.upstream = upstream
            self.scheduler = scheduler
            self.options = options
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let inner = SubscribeOnInner(subscriber, scheduler: scheduler, options: options)
            let upstream = self.upstream
            scheduler.schedule(options: options) { upstream.subscribe(inner) }
        }
    }
}

/// Passes values through; requests and cancellation go to the upstream through the scheduler.
private final class SubscribeOnInner<Context: Scheduler, Downstream: Subscriber>: Subscriber, Subscription,
    CustomStringConvertible
{
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    private let scheduler: Context
    private let options: Context.SchedulerOptions?
    private let lock = NSLock()
    private var upstream = UpstreamState.awaiting
    private var downstream: Downstream?

    init(_ downstream: Downstream, scheduler: Context, options: Context.SchedulerOptions?) {
        self.downstream = downstream
        self.scheduler = scheduler
        self.options = options
    }

    var description: String { "SubscribeOn" }

    func receive(subscription: Subscription) {
        lock.lock()
        guard case .awaiting = upstream, let target = downstream else {
            lock.unlock()
            subscription.cancel()
            return
        }
        upstream = .subscribed(subscription)
        lock.unlock()
        target.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.withLock { upstream.isSubscribed ? downstream : nil }?.receive(input) ?? .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        let target: Downstream? = lock.withLock {
            guard upstream.isSubscribed else { return nil }
            upstream = .terminal
            return downstream.take()
        }
        target?.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
        guard let subscription = lock.withLock({ upstream.subscription }) else { return }
        scheduler.schedule(options: options) { subscription.request(demand) }
    }

    func cancel() {
        let (subscription, released): (Subscription?, Downstream?) = lock.withLock {
            let subscription = upstream.subscription
            upstream = .terminal
            return (subscription, downstream.take())
        }
        _ = released
        guard let subscription else { return }
        scheduler.schedule(options: options) { subscription.cancel() }
    }
}
