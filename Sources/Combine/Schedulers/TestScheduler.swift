import Foundation

/// A scheduler with virtual time, for tests: nothing runs until the test advances the clock.
///
///     let scheduler = DispatchQueue.test
///     let c = model.$query.debounce(for: .milliseconds(300), scheduler: scheduler).sink { results.append($0) }
///     model.query = "a"
///     scheduler.advance(by: .milliseconds(299))   // nothing yet
///     scheduler.advance(by: .milliseconds(1))     // the debounced value arrives
///
/// It takes the time and options types of a real scheduler (`TestScheduler<DispatchQueue.SchedulerTimeType,
/// DispatchQueue.SchedulerOptions>`, or ``TestSchedulerOf``), so code written against `some Scheduler` of that
/// type runs on it unchanged. Actions run on the thread that advances the clock, in the order of their dates,
/// then in the order they were scheduled; an action scheduled for the past runs at the current time. Options and
/// tolerances are ignored. Not in Apple's Combine: a test utility of this package.
public final class TestScheduler<SchedulerTimeType: Strideable, SchedulerOptions>: Scheduler, @unchecked Sendable
where SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible {
    // @unchecked: the clock and the queue are read and written under `lock`; actions run outside it.
    private struct Item {
        let id: Int
        let sequence: Int
        var date: SchedulerTimeType
        let interval: SchedulerTimeType.Stride?
        let action: () -> Void
    }

    private let lock = NSLock()
    private var clock: SchedulerTimeType
    private var items: [Item] = []
    private var lastID = 0
    private var lastSequence = 0

    /// Creates a test scheduler whose clock starts at `now`.
    public init(now: SchedulerTimeType) {
        clock = now
    }

    /// The virtual current time.
    public var now: SchedulerTimeType {
        lock.withLock { clock }
    }

    public var minimumTolerance: SchedulerTimeType.Stride { .zero }

    /// How many actions wait for their time (repeating ones count once).
    public var pendingCount: Int {
        lock.withLock { items.count }
    }

    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        enqueue(at: nil, interval: nil, action)
    }

    public func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) {
        enqueue(at: date, interval: nil, action)
    }

    public func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?, _ action: @escaping () -> Void
    ) -> Cancellable {
        let id = enqueue(at: date, interval: interval, action)
        return AnyCancellable { [weak self] in
            guard let self else { return }
            self.lock.withLock { self.items.removeAll { $0.id == id } }
        }
    }

    @discardableResult
    private func enqueue(at date: SchedulerTimeType?, interval: SchedulerTimeType.Stride?, _ action: @escaping () -> Void) -> Int {
        lock.withLock {
            lastID += 1
            lastSequence += 1
            items.append(Item(id: lastID, sequence: lastSequence, date: date ?? clock, interval: interval, action: action))
            return lastID
        }
    }

    /// Advances the clock by `stride`, running every action due by then, in order; each runs with the clock set
    /// to its date. Actions scheduled meanwhile run too if they fall due in time.
    public func advance(by stride: SchedulerTimeType.Stride = .zero) {
        advance(to: now.advanced(by: stride))
    }

    /// Advances the clock to `date` (never backwards), running every action due by then, in order.
    public func advance(to date: SchedulerTimeType) {
        while let action = nextAction(dueBy: date) {
            action()
        }
        lock.withLock { clock = Swift.max(clock, date) }
    }

    /// Runs every scheduled action, advancing the clock to each one's date, until none is left. A repeating
    /// action that is never cancelled makes this run forever: use ``advance(by:)`` then.
    public func run() {
        while let action = nextAction(dueBy: nil) {
            action()
        }
    }

    /// Takes the earliest action due by `limit` (any, for `nil`) and moves the clock to its date; a repeating
    /// action stays, due again one interval later.
    private func nextAction(dueBy limit: SchedulerTimeType?) -> (() -> Void)? {
        lock.withLock {
            guard let index = items.indices.min(by: { (items[$0].date, items[$0].sequence) < (items[$1].date, items[$1].sequence) })
            else { return nil }
            let item = items[index]
            if let limit, item.date > limit { return nil }
            clock = Swift.max(clock, item.date)
            if let interval = item.interval {
                lastSequence += 1
                items[index] = Item(
                    id: item.id, sequence: lastSequence, date: clock.advanced(by: interval), interval: interval,
                    action: item.action)
            } else {
                items.remove(at: index)
            }
            return item.action
        }
    }
}

/// A test scheduler with the time and options types of the scheduler `S`: `TestSchedulerOf<DispatchQueue>`.
public typealias TestSchedulerOf<S: Scheduler> = TestScheduler<S.SchedulerTimeType, S.SchedulerOptions>

extension DispatchQueue {
    /// A new test scheduler with dispatch queue time (starting at an arbitrary instant).
    public static var test: TestSchedulerOf<DispatchQueue> {
        TestScheduler(now: SchedulerTimeType(DispatchTime(uptimeNanoseconds: 1)))
    }
}

extension RunLoop {
    /// A new test scheduler with run loop time (starting at the reference date).
    public static var test: TestSchedulerOf<RunLoop> {
        TestScheduler(now: SchedulerTimeType(Date(timeIntervalSinceReferenceDate: 0)))
    }
}

extension OperationQueue {
    /// A new test scheduler with operation queue time (starting at the reference date).
    public static var test: TestSchedulerOf<OperationQueue> {
        TestScheduler(now: SchedulerTimeType(Date(timeIntervalSinceReferenceDate: 0)))
    }
}
