/// A rule applying a function to one attribute's value.
///
///     let label = Attribute(Map(count) { "\($0) items" })
@frozen
public struct Map<Source, Value>: Rule, CustomStringConvertible {
    public var arg: Attribute<Source>
    public let body: (Source) -> Value

    public init(_ arg: Attribute<Source>, _ body: @escaping (Source) -> Value) {
        self.arg = arg
        self.body = body
    }

    public var value: Value { body(arg.value) }

    public static var flags: Flags { [] }

    public var description: String { "λ \(_shortTypeName(Value.self))" }
}
