import Foundation

extension Publisher {
    /// Publishes elements only after a specified time interval elapses between events: each value restarts the
    /// wait, and only a value followed by `dueTime` of silence is published, through `scheduler`.
    ///
    ///     $searchText.debounce(for: .milliseconds(300), scheduler: RunLoop.main)
    ///
    /// The upstream is asked for everything; a due value is published only if the downstream has demand for it
    /// (otherwise it is dropped). The completion is delivered through the scheduler at once; a value still
    /// waiting then is dropped.
    public func debounce<S: Scheduler>(
        for dueTime: S.SchedulerTimeType.Stride, scheduler: S, options: S.SchedulerOptions? = nil
    ) -> Publishers.Debounce<Self, S> {
        Publishers.Debounce(upstream: self, dueTime: dueTime, scheduler: scheduler, options: options)
    }
}

extension Publishers {
    /// A publisher that publishes elements only after a specified time interval elapses between events.
    public struct Debounce<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        /// The amount of time the publisher should wait before publishing an element.
        public let dueTime: Context.SchedulerTimeType.Stride
        /// The scheduler on which this publisher delivers elements.
        public let scheduler: Context
        public let options: Context.SchedulerOptions?

        public init(
            upstream: Upstream, dueTime: Context.SchedulerTimeType.Stride, scheduler: Context,
            options: Context.SchedulerOptions?
        ) {
            self.upstream = upstream
            self.dueTime = dueTime
            self.scheduler = scheduler
            self.options = options
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(DebounceInner(subscriber, dueTime: dueTime, scheduler: scheduler, options: options))
        }
    }
}

/// Keeps the latest value and a generation number; a timer whose generation is no longer current does nothing.
private final class DebounceInner<Context: Scheduler, Downstream: Subscriber>: Subscriber, Subscription,
    CustomStringConvertible
{
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    private let dueTime: Context.SchedulerTimeType.Stride
    private let scheduler: Context
    private let options: Context.SchedulerOptions?
    private let lock = NSLock()
    private let deliveryLock = NSRecursiveLock()
    private var upstream = UpstreamState.awaiting
    private var downstream: Downstream?
    private var demand = Subscribers.Demand.none
    private var latest: Input?
    private var generation = 0

    init(
        _ downstream: Downstream, dueTime: Context.SchedulerTimeType.Stride, scheduler: Context,
        options: Context.SchedulerOptions?
    ) {
        self.downstream = downstream
        self.dueTime = dueTime
        self.scheduler = scheduler
        self.options = options
    }

    var description: String { "Debounce" }

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

    func receive(_ input: Input) -> Subscribers.Demand {
        let current: Int? = lock.withLock {
            guard upstream.isSubscribed else { return nil }
            generation += 1
            latest = input
            return generation
        }
        guard let current else { return .none }
        scheduler.schedule(after: scheduler.now.advanced(by: dueTime), tolerance: scheduler.minimumTolerance, options: options) {
            [weak self] in self?.due(current)
        }
        return .none
    }

    private func due(_ due: Int) {
        let ready: (Input, Downstream)? = lock.withLock {
            guard due == generation, let target = downstream, let value = latest.take(), demand > 0 else { return nil }
            demand -= 1
            return (value, target)
        }
        guard let (value, target) = ready else { return }
        deliveryLock.lock()
        let more = target.receive(value)
        deliveryLock.unlock()
        if more > 0 {
            lock.withLock { demand += more }
        }
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        let accepted = lock.withLock {
            guard upstream.isSubscribed else { return false }
            upstream = .terminal
            generation += 1
            latest = nil
            return true
        }
        guard accepted else { return }
        scheduler.schedule(options: options) {
            guard let target = self.lock.withLock({ self.downstream.take() }) else { return }
            self.deliveryLock.lock()
            target.receive(completion: completion)
            self.deliveryLock.unlock()
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
            generation += 1
            return (subscription, (downstream.take(), latest.take()))
        }
        subscription?.cancel()
        _ = released
    }
}
