import Foundation

/// What `RunLoop.SchedulerTimeType` and `OperationQueue.SchedulerTimeType` share: a point in time
/// held as a `Date`, advanced by a stride counted in seconds. Apple's Combine declares the two as
/// separate types with the same members; here each is a small struct and the members come from
/// this protocol. Public only so that those members can be public; not for conforming to.
public protocol _DateSchedulerTime: Strideable where Stride: _SecondsStride {
    /// The date represented by this time.
    var date: Date { get }
    init(_ date: Date)
}

extension _DateSchedulerTime {
    /// The distance to another time of this scheduler.
    public func distance(to other: Self) -> Stride {
        Stride(other.date.timeIntervalSince(date))
    }

    /// This time advanced by `n`.
    public func advanced(by n: Stride) -> Self {
        Self(date.addingTimeInterval(n.magnitude))
    }
}

/// A scheduler's interval counted in seconds, whose literals are seconds (the stride of
/// ``_DateSchedulerTime``). Public only so that its members can be public; not for conforming to.
public protocol _SecondsStride: ExpressibleByFloatLiteral, SignedNumeric, Comparable, SchedulerTimeIntervalConvertible
where FloatLiteralType == TimeInterval, IntegerLiteralType == TimeInterval, Magnitude == TimeInterval {
    /// The value of this time interval in seconds.
    var magnitude: TimeInterval { get }
    /// An interval of `timeInterval` seconds.
    init(_ timeInterval: TimeInterval)
}

extension _SecondsStride {
    /// The value of this time interval in seconds.
    public var timeInterval: TimeInterval { magnitude }

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

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.magnitude < rhs.magnitude }
    public static func + (lhs: Self, rhs: Self) -> Self { Self(lhs.magnitude + rhs.magnitude) }
    public static func - (lhs: Self, rhs: Self) -> Self { Self(lhs.magnitude - rhs.magnitude) }
    public static func * (lhs: Self, rhs: Self) -> Self { Self(lhs.magnitude * rhs.magnitude) }
    public static func += (lhs: inout Self, rhs: Self) { lhs = lhs + rhs }
    public static func -= (lhs: inout Self, rhs: Self) { lhs = lhs - rhs }
    public static func *= (lhs: inout Self, rhs: Self) { lhs = lhs * rhs }

    public static func seconds(_ s: Int) -> Self { Self(TimeInterval(s)) }
    public static func seconds(_ s: Double) -> Self { Self(s) }
    public static func milliseconds(_ ms: Int) -> Self { Self(TimeInterval(ms) / 1_000) }
    public static func microseconds(_ us: Int) -> Self { Self(TimeInterval(us) / 1_000_000) }
    public static func nanoseconds(_ ns: Int) -> Self { Self(TimeInterval(ns) / 1_000_000_000) }
}
