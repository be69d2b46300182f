/// A computed attribute's body: a value derived from other attributes.
///
///     struct Sum: Rule {
///         @Attribute var a: Int
///         @Attribute var b: Int
///         var value: Int { a + b }          // reads record dependencies on a and b
///     }
///     let sum = Attribute(Sum(a: x, b: y))
///
/// The rule runs on the first read, then again only when an attribute it read last time
/// changed (by `==` for `Equatable` values). Attributes it stops reading stop being
/// dependencies. The body is stored inline in the graph; keep it small (ids and constants).
public protocol Rule: _AttributeBody {
    associatedtype Value
    /// Used when a cycle reaches this attribute before it has a value (see the cycle contract).
    static var initialValue: Value? { get }
    var value: Value { get }
}

extension Rule {
    public static var initialValue: Value? { nil }

    /// The attribute whose rule is running (valid only inside ``value``).
    public var attribute: Attribute<Value> {
        guard let current = AnyAttribute.current else { _Misuse.noCurrentAttribute("Rule.attribute") }
        return Attribute<Value>(identifier: current)
    }

    public var context: RuleContext<Value> {
        RuleContext(attribute: attribute)
    }

    /// Whether the body was mutated with ``Attribute/mutateBody(as:invalidating:_:)`` since
    /// the rule last ran.
    public var bodyChanged: Bool {
        AnyAttribute.currentWasModified
    }

    public static func _update(_ pointer: UnsafeMutableRawPointer, attribute _: AnyAttribute) {
        Graph.setOutputValue(_ruleValue(pointer, Self.self))
    }

    public static func _updateDefault(_ pointer: UnsafeMutableRawPointer) {
        guard let initialValue else { return }
        Graph.setOutputValue(initialValue)
    }
}
