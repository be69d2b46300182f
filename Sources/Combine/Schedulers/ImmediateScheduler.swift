/// A scheduler for performing synchronous actions (Combine's `ImmediateScheduler`): every action runs at once,
/// on the calling thread, whatever date it was scheduled for; a repeating action runs once.
///
/// Useful in tests and previews to make `receive(on:)`, `debounce` or `delay` synchronous.
public struct ImmediateScheduler: Scheduler, Sendable {
    /// The time type used by the immediate scheduler: a counter that never moves.
    public struct SchedulerTimeType: Strideable, Codable, Hashable, Sendable {
        /// The increment by which the immediate scheduler counts time.
        public struct Stride: ExpressibleByFloatLiteral, Comparable, SignedNumeric, Codable, Hashable, Sendable,
            SchedulerTimeIntervalConvertible
        {
            public typealias FloatLiteralType = Double
            public typealias IntegerLiteralType = Int
            public typealias Magnitude = Int

            /// The value of this time interval.
            public var magnitude: Int

            public init(_ value: Int) {
                magnitude = value
            }

            public init(integerLiteral value: Int) {
                self.init(value)
            }

            public init(floatLiteral value: Double) {
                self.init(Int(value))
            }

            public init?<T: BinaryInteger>(exactly source: T) {
                guard let value = Int(exactly: source) else { return nil }
                self.init(value)
            }

            public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.magnitude < rhs.magnitude }
            public static func + (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude &+ rhs.magnitude) }
            public static func - (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude &- rhs.magnitude) }
            public static func * (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude &* rhs.magnitude) }
            public static func += (lhs: inout Stride, rhs: Stride) { lhs = lhs + rhs }
            public static func -= (lhs: inout Stride, rhs: Stride) { lhs = lhs - rhs }
            public static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }

            public static func seconds(_ s: Int) -> Stride { Stride(s) }
            public static func seconds(_ s: Double) -> Stride { Stride(Int(s)) }
            public static func milliseconds(_ ms: Int) -> Stride { Stride(ms) }
            public static func microseconds(_ us: Int) -> Stride { Stride(us) }
            public static func nanoseconds(_ ns: Int) -> Stride { Stride(ns) }
        }

        private let value: Int

        fileprivate init(_ value: Int) {
            self.value = value
        }

        public func distance(to other: SchedulerTimeType) -> Stride {
            Stride(other.value &- value)
        }

        public func advanced(by n: Stride) -> SchedulerTimeType {
            SchedulerTimeType(value &+ n.magnitude)
        }
    }

    /// The immediate scheduler has no options.
    public typealias SchedulerOptions = Never

    /// The shared instance of the immediate scheduler.
    public static let shared = ImmediateScheduler()

    public var now: SchedulerTimeType { SchedulerTimeType(0) }
    public var minimumTolerance: SchedulerTimeType.Stride { 0 }

    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        action()
    }

    public func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) {
        action()
    }

    public func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?, _ action: @escaping () -> Void
    ) -> Cancellable {
        action()
        return AnyCancellable {}
    }
}
