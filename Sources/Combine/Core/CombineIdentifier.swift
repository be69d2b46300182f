import Synchronization

/// A unique identifier for identifying publisher streams (Combine's `CombineIdentifier`).
///
/// ``init()`` makes a new identifier from a process-wide counter; ``init(_:)`` names an object by its
/// identity, which is what subscriptions and class subscribers use.
public struct CombineIdentifier: Hashable, CustomStringConvertible, Sendable {
    private enum Value: Hashable {
        case serial(UInt64)
        case object(ObjectIdentifier)
    }

    private static let counter = Atomic<UInt64>(0)

    private let value: Value

    /// Creates a unique identifier.
    public init() {
        value = .serial(Self.counter.add(1, ordering: .relaxed).newValue)
    }

    /// Creates an identifier for the given object (equal for the same object while it lives).
    public init(_ x: AnyObject) {
        value = .object(ObjectIdentifier(x))
    }

    public var description: String {
        switch value {
        case .serial(let number): "0x" + String(number, radix: 16)
        case .object(let identifier): "0x" + String(UInt(bitPattern: identifier.hashValue), radix: 16)
        }
    }
}

/// A protocol for uniquely identifying publisher streams (Combine's `CustomCombineIdentifierConvertible`).
///
/// Classes get an identifier from their identity; value types (a struct subscriber) provide one.
public protocol CustomCombineIdentifierConvertible {
    /// A unique identifier for publisher streams.
    var combineIdentifier: CombineIdentifier { get }
}

extension CustomCombineIdentifierConvertible where Self: AnyObject {
    /// The object's identity.
    public var combineIdentifier: CombineIdentifier {
        CombineIdentifier(self)
    }
}
