import Foundation

extension Publisher {
    /// Specifies the scheduler on which to receive elements from the publisher: values and the completion are
    /// delivered through `scheduler` (the subscription itself is handed over at once, on the subscribing thread).
    ///
    ///     model.$results.receive(on: DispatchQueue.main).sink { view.show($0) }
    public func receive<S: Scheduler>(on scheduler: S, options: S.SchedulerOptions? = nil) -> Publishers.ReceiveOn<Self, S> {
        Publishers.ReceiveOn(upstream: self, scheduler: scheduler, options: options)
    }

    /// Delays delivery of all output to the downstream receiver by a specified amount of time on a particular
    /// scheduler (the completion too). Requests and cancellation pass through at once.
    public func delay<S: Scheduler>(
        for interval: S.SchedulerTimeType.Stride, tolerance: S.SchedulerTimeType.Stride? = nil, scheduler: S,
        options: S.SchedulerOptions? = nil
    ) -> Publishers.Delay<Self, S> {
        Publishers.Delay(
            upstream: self, interval: interval, tolerance: tolerance ?? scheduler.minimumTolerance, scheduler: scheduler,
            options: options)
    }
}

extension Publishers {
    /// A publisher that delivers elements to its downstream subscriber on a specific scheduler.
    public struct ReceiveOn<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        /// The scheduler the publisher is to use for element delivery.
        public let scheduler: Context
        /// Scheduler options that customize the delivery of elements.
        public let options: Context.SchedulerOptions?

        public init(upstream: Upstream, scheduler: Context, options: Context.SchedulerOptions?) {
            self.upstream = upstream
            self.scheduler = scheduler
            self.options = options
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(
                ScheduledDelivery(subscriber, name: "ReceiveOn", scheduler: scheduler, options: options, delay: nil))
        }
    }

    /// A publisher that delays delivery of elements and completion to the downstream receiver.
    public struct Delay<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        /// The amount of time to delay.
        public let interval: Context.SchedulerTimeType.Stride
        /// The allowed tolerance in firing delayed events.
        public let tolerance: Context.SchedulerTimeType.Stride
        public let scheduler: Context
        public let options: Context.SchedulerOptions?

        public init(
            upstream: Upstream, interval: Context.SchedulerTimeType.Stride, tolerance: Context.SchedulerTimeType.Stride,
            scheduler: Context, options: Context.SchedulerOptions? = nil
        ) {
            self.upstream = upstream
            self.interval = interval
            self.tolerance = tolerance
            self.scheduler = scheduler
            self.options = options
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(
                ScheduledDelivery(
                    subscriber, name: "Delay", scheduler: scheduler, options: options, delay: (interval, tolerance)))
        }
    }
}

/// The subscription of `receive(on:)` and `delay`: each value and the completion are handed to the scheduler
/// (after `delay`, if any) and delivered from there, one at a time; demand the downstream returns goes upstream.
/// Cancel releases the downstream at once (actions still queued then deliver nothing).
private final class ScheduledDelivery<Context: Scheduler, Downstream: Subscriber>: Subscriber, Subscription,
    CustomStringConvertible
{
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    let description: String
    private let scheduler: Context
    private let options: Context.SchedulerOptions?
    private let delay: (interval: Context.SchedulerTimeType.Stride, tolerance: Context.SchedulerTimeType.Stride)?
    private let lock = NSLock()
    private let deliveryLock = NSRecursiveLock()
    private var upstream = UpstreamState.awaiting
    private var downstream: Downstream?

    init(
        _ downstream: Downstream, name: String, scheduler: Context, options: Context.SchedulerOptions?,
        delay: (Context.SchedulerTimeType.Stride, Context.SchedulerTimeType.Stride)?
    ) {
        self.downstream = downstream
        description = name
        self.scheduler = scheduler
        self.options = options
        self.delay = delay
    }

    private func schedule(_ action: @escaping () -> Void) {
        if let delay {
            scheduler.schedule(
                after: scheduler.now.advanced(by: delay.interval), tolerance: delay.tolerance, options: options, action)
        } else {
            scheduler.schedule(options: options, action)
        }
    }

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
        guard lock.withLock({ upstream.isSubscribed }) else { return .none }
        schedule { self.deliver(input) }
        return .none
    }

    private func deliver(_ input: Input) {
        guard let target = lock.withLock({ downstream }) else { return }
        deliveryLock.lock()
        let more = target.receive(input)
        deliveryLock.unlock()
        if more > 0 {
            lock.withLock { upstream.subscription }?.request(more)
        }
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        let accepted = lock.withLock {
            guard upstream.isSubscribed else { return false }
            upstream = .terminal
            return true
        }
        guard accepted else { return }
        schedule {
            guard let target = self.lock.withLock({ self.downstream.take() }) else { return }
            self.deliveryLock.lock()
            target.receive(completion: completion)
            self.deliveryLock.unlock()
        }
    }

    func request(_ demand: Subscribers.Demand) {
        lock.withLock { upstream.subscription }?.request(demand)
    }

    func cancel() {
        let (subscription, released): (Subscription?, Downstream?) = lock.withLock {
            let subscription = upstream.subscription
            upstream = .terminal
            return (subscription, downstream.take())
        }
        subscription?.cancel()
        _ = released
    }
}
