extension Attribute {
    /// An attribute for a part of this attribute's value: `pair.first`.
    public subscript<Member>(dynamicMember keyPath: KeyPath<Value, Member>) -> Attribute<Member> {
        self[keyPath: keyPath]
    }

    /// An attribute for the part of the value at `keyPath`.
    ///
    /// A stored property becomes an offset attribute aliasing the bytes inside this value
    /// (shared: asking again returns the same attribute); any other key path becomes a
    /// ``Focus`` rule.
    public subscript<Member>(keyPath keyPath: KeyPath<Value, Member>) -> Attribute<Member> {
        if let offset = MemoryLayout<Value>.offset(of: keyPath) {
            return unsafeOffset(at: offset, as: Member.self)
        }
        return Attribute<Member>(Focus(root: self, keyPath: keyPath))
    }

    public subscript<Member>(offset body: (inout Value) -> PointerOffset<Value, Member>) -> Attribute<Member> {
        unsafeOffset(at: PointerOffset.offset(body).byteOffset, as: Member.self)
    }

    /// An attribute aliasing the `Member` stored `offset` bytes into this attribute's value.
    public func unsafeOffset<Member>(at offset: Int, as _: Member.Type) -> Attribute<Member> {
        if offset == 0 && Member.self == Value.self {
            return Attribute<Member>(identifier: identifier)
        }
        let (engine, index) = _Engine.resolveLive(identifier)
        let alias = engine.createIndirect(
            source: identifier, sourceIndex: index, offset: offset, size: MemoryLayout<Member>.size, mutable: false,
            valueType: Member.self)
        return Attribute<Member>(identifier: alias)
    }

    public func applying<Member>(offset: PointerOffset<Value, Member>) -> Attribute<Member> {
        unsafeOffset(at: offset.byteOffset, as: Member.self)
    }
}
