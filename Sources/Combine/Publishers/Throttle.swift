import Foundation

extension Publisher {
    /// Publishes either the most-recent or first element published by the upstream publisher in the specified
    /// time interval.
    ///
    /// The first value is published at once (through `scheduler`); after each publication, the next one waits
    /// until `interval` has passed since it. Values arriving while a publication waits replace the waiting value
    /// (`latest: true`) or are dropped (`latest: false`). A value arriving without downstream demand is dropped.
    /// The completion follows a waiting value, or is delivered at once.
    public func throttle<S: Scheduler>(
        for interval: S.SchedulerTimeType.Stride, scheduler: S, latest: Bool
    ) -> Publishers.Throttle<Self, S> {
        Publishers.Throttle(upstream: self, interval: interval, scheduler: scheduler, latest: latest)
    }
}

extension Publishers {
    /// A publisher that publishes either the most-recent or first element published by the upstream publisher in a
    /// specified time interval.
    public struct Throttle<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        /// The interval in which to find and emit the most recent element.
        public let interval: Context.SchedulerTimeType.Stride
        /// The scheduler on which to publish elements.
        public let scheduler: Context
        /// A Boolean value indicating whether to publish the most recent element.
        public let latest: Bool

        public init(upstream: Upstream, interval: Context.SchedulerTimeType.Stride, scheduler: Context, latest: Bool) {
            self.upstream = upstream
            self.interval = interval
            self.scheduler = scheduler
            self.latest = latest
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(ThrottleInner(subscriber, interval: interval, scheduler: scheduler, latest: latest))
        }
    }
}

private final class ThrottleInner<Context: Scheduler, Downstream: Subscriber>: Subscriber, Subscription,
    CustomStringConvertible
{
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    private let interval: Context.SchedulerTimeType.Stride
    private let scheduler: Context
    private let latest: Bool
    private let lock = NSLock()
    private let deliveryLock = NSRecursiveLock()
    private var upstream = UpstreamState.awaiting
    private var downstream: Downstream?
    private var demand = Subscribers.Demand.none
    private var lastEmission: Context.SchedulerTimeType?
    private var pendingValue: Input?
    private var pendingCompletion: Subscribers.Completion<Failure>?

    init(_ downstream: Downstream, interval: Context.SchedulerTimeType.Stride, scheduler: Context, latest: Bool) {
        self.downstream = downstream
        self.interval = interval
        self.scheduler = scheduler
        self.latest = latest
    }

    var description: String { "Throttle" }

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
        lock.withLock { upstream.subscription }?.request(.unlimited)
    }

    private var hasPendingOutput: Bool {
        pendingValue != nil || pendingCompletion != nil
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        let now = scheduler.now
        let emission: Context.SchedulerTimeType? = lock.withLock {
            guard upstream.isSubscribed, demand > 0 else { return nil }
            if hasPendingOutput {
                if latest { pendingValue = input }
                return nil
            }
            demand -= 1
            pendingValue = input
            return lastEmission.map { Swift.max(now, $0.advanced(by: interval)) } ?? now
        }
        if let emission {
            if emission <= now {
                scheduler.schedule { self.emit() }
            } else {
                scheduler.schedule(after: emission) { self.emit() }
            }
        }
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        let schedulesNow: Bool = lock.withLock {
            guard upstream.isSubscribed else { return false }
            upstream = .terminal
            let waiting = hasPendingOutput
            pendingCompletion = completion
            return !waiting
        }
        if schedulesNow {
            scheduler.schedule { self.emit() }
        }
    }

    private func emit() {
        let now = scheduler.now
        let (target, value, completion): (Downstream?, Input?, Subscribers.Completion<Failure>?) = lock.withLock {
            guard let target = downstream else { return (nil, nil, nil) }
            if pendingValue != nil { lastEmission = now }
            let completion = pendingCompletion.take()
            if completion != nil { downstream = nil }
            return (target, pendingValue.take(), completion)
        }
        guard let target else { return }
        deliveryLock.lock()
        var more = Subscribers.Demand.none
        if let value { more = target.receive(value) }
        if let completion { target.receive(completion: completion) }
        deliveryLock.unlock()
        if more > 0 {
            lock.withLock { demand += more }
        }
    }

    func request(_ demand: Subscribers.Demand) {
        guard demand > 0 else { return }
        lock.withLock { self.demand += demand }
    }

    func cancel() {
        let (subscription, released): (Subscription?, (Downstream?, Input?)) = lock.withLock {
            let subscription = upstream.subscription
            upstream = .terminal
            pendingCompletion = nil
            return (subscription, (downstream.take(), pendingValue.take()))
        }
        subscription?.cancel()
        _ = released
    }
}
