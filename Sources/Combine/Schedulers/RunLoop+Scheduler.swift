import Foundation

extension RunLoop: Scheduler {
    /// The scheduler time type used by the run loop: a date, advanced by strides in seconds.
    public struct SchedulerTimeType: _DateSchedulerTime, Codable, Hashable, Sendable {
        /// The date represented by this type.
        public var date: Date

        /// Initializes a run loop scheduler time with the given date.
        public init(_ date: Date) {
            self.date = date
        }

        /// The interval by which run loop times advance (seconds; literals are seconds).
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

    /// Options that affect the operation of the run loop scheduler (none).
    public struct SchedulerOptions: Sendable {}

    public var minimumTolerance: SchedulerTimeType.Stride { 0 }

    public var now: SchedulerTimeType { SchedulerTimeType(Date()) }

    /// Performs the action on the run loop's next pass, in the default mode; actions run in the order scheduled.
    /// From another thread, the run loop is woken if it sleeps (a performed block alone does not wake it).
    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        let action = Handoff(action)
        perform(inModes: [.default]) { action.value() }
        if RunLoop.current !== self {
            wakeUp()
        }
    }

    /// Performs the action from a timer in the run loop's default mode.
    public func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) {
        addTimer(at: date.date, interval: 0, tolerance: tolerance.magnitude, mode: .default, action)
    }

    /// Performs the action from a repeating timer in the run loop's default mode, until cancelled.
    public func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?, _ action: @escaping () -> Void
    ) -> Cancellable {
        AnyCancellable(
            addTimer(at: date.date, interval: interval.magnitude, tolerance: tolerance.magnitude, mode: .default, action))
    }
}
