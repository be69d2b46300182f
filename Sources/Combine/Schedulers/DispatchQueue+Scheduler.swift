import Dispatch
import Foundation

extension DispatchQueue: Scheduler {
    /// The scheduler time type used by the dispatch queue.
    public struct SchedulerTimeType: Strideable, Codable, Hashable, Sendable {
        /// The dispatch time represented by this type.
        public var dispatchTime: DispatchTime

        /// Creates a dispatch queue time type instance.
        public init(_ time: DispatchTime) {
            dispatchTime = time
        }

        /// Returns the distance to another dispatch queue time.
        public func distance(to other: SchedulerTimeType) -> Stride {
            let from = Int64(clamping: dispatchTime.uptimeNanoseconds)
            let to = Int64(clamping: other.dispatchTime.uptimeNanoseconds)
            let (difference, overflow) = to.subtractingReportingOverflow(from)
            return .nanoseconds(overflow ? (to < from ? .min : .max) : Int(difference))
        }

        /// Returns a dispatch queue scheduler time calculated by advancing this instance’s time by the given interval.
        public func advanced(by n: Stride) -> SchedulerTimeType {
            if n.magnitude == .max { return SchedulerTimeType(.distantFuture) }
            let start = Int64(clamping: dispatchTime.uptimeNanoseconds)
            let (sum, overflow) = start.addingReportingOverflow(Int64(n.magnitude))
            if overflow { return SchedulerTimeType(n.magnitude > 0 ? .distantFuture : DispatchTime(uptimeNanoseconds: 1)) }
            return SchedulerTimeType(DispatchTime(uptimeNanoseconds: UInt64(Swift.max(sum, 1))))
        }

        public static func == (lhs: SchedulerTimeType, rhs: SchedulerTimeType) -> Bool {
            lhs.dispatchTime.uptimeNanoseconds == rhs.dispatchTime.uptimeNanoseconds
        }

        public static func < (lhs: SchedulerTimeType, rhs: SchedulerTimeType) -> Bool {
            lhs.dispatchTime.uptimeNanoseconds < rhs.dispatchTime.uptimeNanoseconds
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(dispatchTime.uptimeNanoseconds)
        }

        public init(from decoder: Decoder) throws {
            dispatchTime = DispatchTime(uptimeNanoseconds: try decoder.singleValueContainer().decode(UInt64.self))
        }

        public func encode(to encoder: Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(dispatchTime.uptimeNanoseconds)
        }

        /// A type that represents the distance between two values (signed nanoseconds; literals are seconds).
        public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, ExpressibleByFloatLiteral,
            Hashable, Codable, Sendable
        {
            public typealias FloatLiteralType = Double
            public typealias IntegerLiteralType = Int
            public typealias Magnitude = Int

            /// The value of this time interval in nanoseconds (negative for an interval into the past).
            public var magnitude: Int

            /// A `DispatchTimeInterval` created with the value of this type in nanoseconds.
            public var timeInterval: DispatchTimeInterval {
                .nanoseconds(magnitude)
            }

            private init(nanoseconds: Int) {
                magnitude = nanoseconds
            }

            /// Creates a dispatch queue time interval from a dispatch time interval value.
            public init(_ timeInterval: DispatchTimeInterval) {
                switch timeInterval {
                case .seconds(let s): magnitude = saturatingNanoseconds(s, 1_000_000_000)
                case .milliseconds(let ms): magnitude = saturatingNanoseconds(ms, 1_000_000)
                case .microseconds(let us): magnitude = saturatingNanoseconds(us, 1_000)
                case .nanoseconds(let ns): magnitude = ns
                case .never: magnitude = .max
                @unknown default: magnitude = .max
                }
            }

            /// Creates a dispatch queue time interval from a floating-point seconds value.
            public init(floatLiteral value: Double) {
                self = .seconds(value)
            }

            /// Creates a dispatch queue time interval from an integer seconds value.
            public init(integerLiteral value: Int) {
                self = .seconds(value)
            }

            /// Creates a dispatch queue time interval from a binary integer seconds value.
            public init?<T: BinaryInteger>(exactly source: T) {
                guard let value = Int(exactly: source) else { return nil }
                self = .seconds(value)
            }

            public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.magnitude < rhs.magnitude }
            public static func + (lhs: Stride, rhs: Stride) -> Stride { Stride(nanoseconds: lhs.magnitude &+ rhs.magnitude) }
            public static func - (lhs: Stride, rhs: Stride) -> Stride { Stride(nanoseconds: lhs.magnitude &- rhs.magnitude) }
            public static func * (lhs: Stride, rhs: Stride) -> Stride { Stride(nanoseconds: lhs.magnitude &* rhs.magnitude) }
            public static func += (lhs: inout Stride, rhs: Stride) { lhs = lhs + rhs }
            public static func -= (lhs: inout Stride, rhs: Stride) { lhs = lhs - rhs }
            public static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }

            public static func seconds(_ s: Int) -> Stride { Stride(nanoseconds: saturatingNanoseconds(s, 1_000_000_000)) }
            public static func seconds(_ s: Double) -> Stride { Stride(nanoseconds: saturatingNanoseconds(seconds: s)) }
            public static func milliseconds(_ ms: Int) -> Stride { Stride(nanoseconds: saturatingNanoseconds(ms, 1_000_000)) }
            public static func microseconds(_ us: Int) -> Stride { Stride(nanoseconds: saturatingNanoseconds(us, 1_000)) }
            public static func nanoseconds(_ ns: Int) -> Stride { Stride(nanoseconds: ns) }
        }
    }

    /// Options that affect the operation of the dispatch queue scheduler.
    public struct SchedulerOptions {
        /// The dispatch queue quality of service.
        public var qos: DispatchQoS
        /// The dispatch queue work item flags.
        public var flags: DispatchWorkItemFlags
        /// The dispatch group, if any, that should be used for performing actions.
        public var group: DispatchGroup?

        public init(qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], group: DispatchGroup? = nil) {
            self.qos = qos
            self.flags = flags
            self.group = group
        }
    }

    public var minimumTolerance: SchedulerTimeType.Stride { .nanoseconds(0) }

    public var now: SchedulerTimeType { SchedulerTimeType(.now()) }

    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        let options = options ?? SchedulerOptions()
        let action = Handoff(action)
        async(group: options.group, qos: options.qos, flags: options.flags) { action.value() }
    }

    public func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) {
        let options = options ?? SchedulerOptions()
        let action = Handoff(action)
        asyncAfter(deadline: date.dispatchTime, qos: options.qos, flags: options.flags) { action.value() }
    }

    public func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?, _ action: @escaping () -> Void
    ) -> Cancellable {
        let options = options ?? SchedulerOptions()
        let action = Handoff(action)
        let timer = DispatchSource.makeTimerSource(queue: self)
        timer.setEventHandler(qos: options.qos, flags: options.flags) { action.value() }
        timer.schedule(deadline: date.dispatchTime, repeating: interval.timeInterval, leeway: tolerance.timeInterval)
        timer.resume()
        return AnyCancellable { timer.cancel() }
    }
}
