extension Subgraph {
    /// AttributeGraph's name for the attribute flags that select attributes in
    /// ``update(flags:)``, ``isDirty(flags:)`` and ``forEach(_:_:)`` (`AGAttributeFlags`, which
    /// Swift sees as `Subgraph.Flags`); AttrGraph's ``AnyAttribute/Flags``.
    ///
    ///     attribute.flags = Subgraph.Flags(rawValue: 1)
    ///     subgraph.update(flags: Subgraph.Flags(rawValue: 1))
    public typealias Flags = AnyAttribute.Flags
}

extension AnyAttribute.Flags {
    /// Every flag (AttributeGraph's `AGAttributeFlagsAll`).
    public static let all = AnyAttribute.Flags(rawValue: 0xFF)
}
