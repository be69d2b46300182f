import Dispatch
import Foundation

extension OperationQueue: Scheduler {
    /// The scheduler time type used by the operation queue: a date, advanced by strides in seconds.
    public struct SchedulerTimeType: _DateSchedulerTime, Codable, Hashable, Sendable {
        /// The date represented by this type.
        public var date: Date

        /// Initializes a operation queue scheduler time with the given date.
        public init(_ date: Date) {
            self.date = date
        }

        /// The interval by which operation queue times advance (seconds; literals are seconds).
        public struct Stride: _SecondsStride, Codable, Hashable, Sendable {
            public typealias FloatLiteralType = TimeInterval
            public typealias IntegerLiteralType = TimeInterval
            public typealias Magnitude = TimeInterval

            /// The value of this time interval in seconds.
            public var magnitude: TimeInterval

            public init(_ timeInterval: TimeInterval) {
                magnitude = timeInterval
            }
        }
    }

    /// Options that affect the operation of the operation queue scheduler (none).
    public struct SchedulerOptions: Sendable {}

    public var minimumTolerance: SchedulerTimeType.Stride { 0 }

    public var now: SchedulerTimeType { SchedulerTimeType(Date()) }

    /// Adds the action to the queue as an operation.
    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        let action = Handoff(action)
        addOperation { action.value() }
    }

    /// Adds the action to the queue as an operation when the date has come. One serial queue
    /// waits for every date, so actions due in order are added in order (a delayed value and the
    /// completion after it reach a serial operation queue in the order they were sent).
    public func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) {
        let enqueue = Handoff(operationAdder(action))
        let delay = Swift.max(0, date.date.timeIntervalSinceNow)
        OperationQueueTimers.queue.asyncAfter(deadline: .now() + delay) { enqueue.value() }
    }

    /// Adds the action to the queue as an operation at each interval, until cancelled.
    public func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?, _ action: @escaping () -> Void
    ) -> Cancellable {
        let enqueue = Handoff(operationAdder(action))
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.setEventHandler { enqueue.value() }
        let delay = Swift.max(0, date.date.timeIntervalSinceNow)
        timer.schedule(
            deadline: .now() + delay, repeating: interval.magnitude,
            leeway: .nanoseconds(saturatingNanoseconds(seconds: tolerance.magnitude)))
        timer.resume()
        return AnyCancellable { timer.cancel() }
    }

    /// A closure that adds `action` to this queue as an operation each time it is called.
    private func operationAdder(_ action: @escaping () -> Void) -> () -> Void {
        let operation = Handoff(action)
        return { [self] in addOperation { operation.value() } }
    }
}

/// The serial queue on which ``OperationQueue``'s scheduler waits for dates.
enum OperationQueueTimers {
    static let queue = DispatchQueue(label: "Combine.OperationQueue.scheduler-timers")
}
