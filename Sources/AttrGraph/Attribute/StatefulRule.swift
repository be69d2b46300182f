/// A computed attribute's body that keeps state between runs and writes its own value.
///
///     struct RunningTotal: StatefulRule {
///         @Attribute var input: Int
///         mutating func updateValue() {
///             value = (hasValue ? value : 0) + input
///         }
///     }
///
/// ``updateValue()`` may leave the value unchanged by not assigning it (after the first run).
public protocol StatefulRule: _AttributeBody {
    associatedtype Value
    static var initialValue: Value? { get }
    mutating func updateValue()
}

extension StatefulRule {
    public static var initialValue: Value? { nil }

    public var attribute: Attribute<Value> {
        guard let current = AnyAttribute.current else { _Misuse.noCurrentAttribute("StatefulRule.attribute") }
        return Attribute<Value>(identifier: current)
    }

    public var context: RuleContext<Value> {
        RuleContext(attribute: attribute)
    }

    /// The attribute's current value (read it only when ``hasValue``); assigning writes the
    /// output, with the equality cut-off.
    public var value: Value {
        unsafeAddress {
            context.valuePointer
        }
        nonmutating set {
            context.value = newValue
        }
    }

    public var hasValue: Bool { context.hasValue }

    public var bodyChanged: Bool { AnyAttribute.currentWasModified }

    public static func _update(_ pointer: UnsafeMutableRawPointer, attribute _: AnyAttribute) {
        pointer.assumingMemoryBound(to: Self.self).pointee.updateValue()
    }

    public static func _updateDefault(_ pointer: UnsafeMutableRawPointer) {
        guard let initialValue else { return }
        Graph.setOutputValue(initialValue)
    }
}
