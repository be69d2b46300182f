/// A rule projecting a part of another attribute's value through a key path.
@frozen
public struct Focus<Root, Value>: Rule, CustomStringConvertible {
    public var root: Attribute<Root>
    public var keyPath: KeyPath<Root, Value>

    public init(root: Attribute<Root>, keyPath: KeyPath<Root, Value>) {
        self.root = root
        self.keyPath = keyPath
    }

    public var value: Value { root.value[keyPath: keyPath] }

    public static var flags: Flags { [] }

    public var description: String { "• \(_shortTypeName(Value.self))" }
}
