import Foundation

extension RunLoop: Scheduler {
    /// The scheduler time type used by the run loop.
    public struct SchedulerTimeType: Strideable, Codable, Hashable, Sendable {
        /// The date represented by this type.
        public var date: Date

        /// Initializes a run loop scheduler time with the given date.
        public init(_ date: Date) {
            self.date = date
        }

        /// Returns the distance to another run loop scheduler time.
        public func distance(to other: SchedulerTimeType) -> Stride {
            Stride(other.date.timeIntervalSince(date))
        }

        /// Returns a run loop scheduler time calculated by advancing this instance’s time by the given interval.
        public func advanced(by n: Stride) -> SchedulerTimeType {
            SchedulerTimeType(date.addingTimeInterval(n.magnitude))
        }

        /// The interval by which run loop times advance (seconds; literals are seconds).
        public struct Stride: ExpressibleByFloatLiteral, Comparable, SignedNumeric, Codable, Hashable, Sendable,
            SchedulerTimeIntervalConvertible
        {
            public typealias FloatLiteralType = TimeInterval
            public typealias IntegerLiteralType = TimeInterval
            public typealias Magnitude = TimeInterval

            /// The value of this time interval in seconds.
            public var magnitude: TimeInterval

            /// The value of this time interval in seconds.
            public var timeInterval: TimeInterval { magnitude }

            public init(_ timeInterval: TimeInterval) {
                magnitude = timeInterval
            }

            public init(integerLiteral value: TimeInterval) {
                self.init(value)
            }

            public init(floatLiteral value: TimeInterval) {
                self.init(value)
            }

            public init?<T: BinaryInteger>(exactly source: T) {
                guard let value = TimeInterval(exactly: source) else { return nil }
                self.init(value)
            }

            public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.magnitude < rhs.magnitude }
            public static func + (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude + rhs.magnitude) }
            public static func - (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude - rhs.magnitude) }
            public static func * (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude * rhs.magnitude) }
            public static func += (lhs: inout Stride, rhs: Stride) { lhs = lhs + rhs }
            public static func -= (lhs: inout Stride, rhs: Stride) { lhs = lhs - rhs }
            public static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }

            public static func seconds(_ s: Int) -> Stride { Stride(TimeInterval(s)) }
            public static func seconds(_ s: Double) -> Stride { Stride(s) }
            public static func milliseconds(_ ms: Int) -> Stride { Stride(TimeInterval(ms) / 1_000) }
            public static func microseconds(_ us: Int) -> Stride { Stride(TimeInterval(us) / 1_000_000) }
            public static func nanoseconds(_ ns: Int) -> Stride { Stride(TimeInterval(ns) / 1_000_000_000) }
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
