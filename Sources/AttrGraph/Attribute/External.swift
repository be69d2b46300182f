/// The marker body of an input attribute (``Attribute/init(value:)``).
@frozen
public struct External<Value>: _AttributeBody, CustomStringConvertible {
    public init() {}

    public static var comparisonMode: ComparisonMode { .equatableAlways }
    public static var flags: Flags { [] }

    public var description: String { _shortTypeName(Value.self) }
}
