/// A protocol that defines when and how to execute a closure (Combine's `Scheduler`).
///
///     $query.debounce(for: .milliseconds(300), scheduler: DispatchQueue.main)
///     $image.receive(on: RunLoop.main)
///
/// Conformers here: `DispatchQueue`, `RunLoop`, `OperationQueue`, ``ImmediateScheduler`` and the virtual-time
/// ``TestScheduler``. Operators hand each action to the scheduler once; the scheduler runs it once (or, for the
/// repeating variant, until the returned cancellable is cancelled).
public protocol Scheduler<SchedulerTimeType> {
    /// Describes an instant in time for this scheduler.
    associatedtype SchedulerTimeType: Strideable where SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible

    /// A type that defines options accepted by the scheduler.
    associatedtype SchedulerOptions

    /// This scheduler's definition of the current moment in time.
    var now: SchedulerTimeType { get }

    /// The minimum tolerance allowed by the scheduler.
    var minimumTolerance: SchedulerTimeType.Stride { get }

    /// Performs the action at the next possible opportunity.
    func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void)

    /// Performs the action at some time after the specified date.
    func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
        _ action: @escaping () -> Void)

    /// Performs the action at some time after the specified date, at the specified frequency, optionally taking
    /// into account tolerance if possible; cancel the result to stop it.
    func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?, _ action: @escaping () -> Void
    ) -> Cancellable
}

extension Scheduler {
    /// Performs the action at some time after the specified date, using the scheduler's minimum tolerance.
    public func schedule(after date: SchedulerTimeType, _ action: @escaping () -> Void) {
        schedule(after: date, tolerance: minimumTolerance, action)
    }

    /// Performs the action at the next possible opportunity, without options.
    public func schedule(_ action: @escaping () -> Void) {
        schedule(options: nil, action)
    }

    /// Performs the action at some time after the specified date, using the specified tolerance.
    public func schedule(after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, _ action: @escaping () -> Void) {
        schedule(after: date, tolerance: tolerance, options: nil, action)
    }

    /// Performs the action at some time after the specified date, at the specified frequency, taking into account
    /// tolerance if possible.
    public func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
        _ action: @escaping () -> Void
    ) -> Cancellable {
        schedule(after: date, interval: interval, tolerance: tolerance, options: nil, action)
    }

    /// Performs the action at some time after the specified date, at the specified frequency, using minimum
    /// tolerance possible for this scheduler.
    public func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, _ action: @escaping () -> Void
    ) -> Cancellable {
        schedule(after: date, interval: interval, tolerance: minimumTolerance, action)
    }
}

/// A protocol that provides a scheduler with an expression for relative time (Combine's
/// `SchedulerTimeIntervalConvertible`): `.seconds(1)`, `.milliseconds(300)`…
public protocol SchedulerTimeIntervalConvertible {
    static func seconds(_ s: Int) -> Self
    static func seconds(_ s: Double) -> Self
    static func milliseconds(_ ms: Int) -> Self
    static func microseconds(_ us: Int) -> Self
    static func nanoseconds(_ ns: Int) -> Self
}

/// Nanoseconds in `value` units of `scale` nanoseconds, saturating instead of overflowing.
func saturatingNanoseconds(_ value: Int, _ scale: Int) -> Int {
    let (product, overflow) = value.multipliedReportingOverflow(by: scale)
    if overflow { return value < 0 ? .min : .max }
    return product
}

/// Nanoseconds in `seconds`, saturating.
func saturatingNanoseconds(seconds: Double) -> Int {
    let nanoseconds = (seconds * 1_000_000_000).rounded()
    if nanoseconds >= Double(Int.max) { return .max }
    if nanoseconds <= Double(Int.min) { return .min }
    return Int(nanoseconds)
}
