extension Subscribers {
    /// A requested number of items, sent to a publisher from a subscriber through the subscription
    /// (Combine's `Subscribers.Demand`): ``none``, ``max(_:)`` or ``unlimited``.
    ///
    ///     subscription.request(.max(3))   // three values, please
    ///     return .max(1)                  // from receive(_:): one more
    ///
    /// Arithmetic never goes negative and never overflows: a result below zero is ``none``; adding to or
    /// subtracting from ``unlimited`` is ``unlimited``; a sum or product beyond `Int.max` is ``unlimited``.
    /// A negative `max` is a programming error and stops the process, in release builds too.
    public struct Demand: Equatable, Comparable, Hashable, Codable, CustomStringConvertible, Sendable {
        /// The number of items, `UInt.max` for unlimited.
        private let rawValue: UInt

        private init(rawValue: UInt) {
            self.rawValue = rawValue
        }

        /// A request for as many values as the publisher can produce.
        public static let unlimited = Demand(rawValue: .max)

        /// A request for no elements from the publisher.
        public static let none = Demand(rawValue: 0)

        /// Creates a demand for the given maximum number of elements; `value` must not be negative.
        public static func max(_ value: Int) -> Demand {
            if value < 0 {
                Misuse.fail(
                    "Combine: Subscribers.Demand.max(\(value)): a demand cannot be negative. Request .none to ask for "
                        + "nothing, .max(n) with n >= 0 for n values, or .unlimited.")
            }
            return Demand(rawValue: UInt(value))
        }

        /// The number of requested values; `nil` if unlimited.
        public var max: Int? {
            rawValue == .max ? nil : Int(rawValue)
        }

        public var description: String {
            rawValue == .max ? "unlimited" : "max(\(rawValue))"
        }

        // MARK: Arithmetic

        /// The sum; ``unlimited`` if either side is, or if it exceeds `Int.max`.
        public static func + (lhs: Demand, rhs: Demand) -> Demand {
            guard let l = lhs.max, let r = rhs.max else { return .unlimited }
            let (sum, overflow) = l.addingReportingOverflow(r)
            return overflow ? .unlimited : Demand(rawValue: UInt(sum))
        }

        /// Adds an integer (a negative one subtracts); below zero is ``none``.
        public static func + (lhs: Demand, rhs: Int) -> Demand {
            guard let l = lhs.max else { return .unlimited }
            let (sum, overflow) = l.addingReportingOverflow(rhs)
            if overflow { return rhs > 0 ? .unlimited : .none }
            return sum < 0 ? .none : Demand(rawValue: UInt(sum))
        }

        /// The difference: ``unlimited`` minus anything is ``unlimited``; anything finite minus
        /// ``unlimited`` is ``none``; below zero is ``none``.
        public static func - (lhs: Demand, rhs: Demand) -> Demand {
            guard let l = lhs.max else { return .unlimited }
            guard let r = rhs.max else { return .none }
            return l < r ? .none : Demand(rawValue: UInt(l - r))
        }

        /// Subtracts an integer (a negative one adds); below zero is ``none``.
        public static func - (lhs: Demand, rhs: Int) -> Demand {
            if rhs == .min { return lhs + Int.max + 1 }
            return lhs + (-rhs)
        }

        /// The product; ``unlimited`` stays ``unlimited``, a negative factor gives ``none``.
        public static func * (lhs: Demand, rhs: Int) -> Demand {
            guard let l = lhs.max else { return .unlimited }
            if rhs <= 0 { return .none }
            let (product, overflow) = l.multipliedReportingOverflow(by: rhs)
            return overflow ? .unlimited : Demand(rawValue: UInt(product))
        }

        public static func += (lhs: inout Demand, rhs: Demand) { lhs = lhs + rhs }
        public static func += (lhs: inout Demand, rhs: Int) { lhs = lhs + rhs }
        public static func -= (lhs: inout Demand, rhs: Demand) { lhs = lhs - rhs }
        public static func -= (lhs: inout Demand, rhs: Int) { lhs = lhs - rhs }
        public static func *= (lhs: inout Demand, rhs: Int) { lhs = lhs * rhs }

        // MARK: Comparison (``unlimited`` is greater than every number)

        public static func < (lhs: Demand, rhs: Demand) -> Bool { lhs.rawValue < rhs.rawValue }

        public static func == (lhs: Demand, rhs: Int) -> Bool { lhs.max == rhs }
        public static func != (lhs: Demand, rhs: Int) -> Bool { lhs.max != rhs }
        public static func == (lhs: Int, rhs: Demand) -> Bool { rhs.max == lhs }
        public static func != (lhs: Int, rhs: Demand) -> Bool { rhs.max != lhs }
        public static func < (lhs: Demand, rhs: Int) -> Bool { lhs.max.map { $0 < rhs } ?? false }
        public static func <= (lhs: Demand, rhs: Int) -> Bool { lhs.max.map { $0 <= rhs } ?? false }
        public static func > (lhs: Demand, rhs: Int) -> Bool { lhs.max.map { $0 > rhs } ?? true }
        public static func >= (lhs: Demand, rhs: Int) -> Bool { lhs.max.map { $0 >= rhs } ?? true }
        public static func < (lhs: Int, rhs: Demand) -> Bool { rhs > lhs }
        public static func <= (lhs: Int, rhs: Demand) -> Bool { rhs >= lhs }
        public static func > (lhs: Int, rhs: Demand) -> Bool { rhs < lhs }
        public static func >= (lhs: Int, rhs: Demand) -> Bool { rhs <= lhs }

        // MARK: Codable (a single number; `UInt.max` for unlimited)

        public init(from decoder: Decoder) throws {
            let number = try decoder.singleValueContainer().decode(UInt.self)
            rawValue = number > UInt(Int.max) ? .max : number
        }

        public func encode(to encoder: Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawValue)
        }
    }
}
