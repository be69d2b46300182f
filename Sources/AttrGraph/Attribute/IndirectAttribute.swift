/// A re-pointable alias: reads go to ``source``, which can be changed; readers of the alias
/// then see the new source's value.
///
///     let content = IndirectAttribute(source: placeholder)
///     let rendered = Attribute(Map(content.projectedValue) { render($0) })
///     content.source = realContent      // `rendered` is now dirty and reads realContent
///
/// Set ``dependency`` to an attribute that must be up to date before the alias is followed
/// (e.g. the rule that decides the source).
@frozen
@propertyWrapper
@dynamicMemberLookup
public struct IndirectAttribute<Value>: Hashable {
    public let identifier: AnyAttribute

    public init(source: Attribute<Value>) {
        let (engine, index) = _Engine.resolveLive(source.identifier)
        identifier = engine.createIndirect(
            source: source.identifier, sourceIndex: index, offset: 0, size: MemoryLayout<Value>.size,
            mutable: true, valueType: Value.self)
    }

    public var source: Attribute<Value> {
        get { Attribute(identifier: identifier.source) }
        nonmutating set { identifier.source = newValue.identifier }
    }

    /// The attribute brought up to date before the alias is followed. As in AttributeGraph, an
    /// alias without one reports `AnyAttribute(rawValue: 0)`, not `nil`; setting `nil` (or that
    /// value) removes it.
    public var dependency: AnyAttribute? {
        get { identifier.indirectDependency ?? AnyAttribute(rawValue: 0) }
        nonmutating set { identifier.indirectDependency = newValue?.rawValue == 0 ? nil : newValue }
    }

    public var value: Value {
        get { Attribute<Value>(identifier: identifier).value }
        nonmutating set { Attribute<Value>(identifier: identifier).value = newValue }
    }

    public func changedValue(options: ValueOptions = []) -> (value: Value, changed: Bool) {
        Attribute<Value>(identifier: identifier).changedValue(options: options)
    }

    public var wrappedValue: Value {
        get { value }
        nonmutating set { value = newValue }
    }

    public var projectedValue: Attribute<Value> {
        Attribute(identifier: identifier)
    }

    /// Points the alias back at the source it was created with, if that still exists: its
    /// readers become dirty when that changes what they read.
    public func resetSource() {
        let (engine, index) = _Engine.resolveLive(identifier)
        engine.resetIndirectSource(index)
    }

    /// The alias as an ``Attribute`` (the same as ``projectedValue``).
    public var attribute: Attribute<Value> {
        Attribute(identifier: identifier)
    }

    public subscript<Member>(dynamicMember keyPath: KeyPath<Value, Member>) -> Attribute<Member> {
        Attribute<Value>(identifier: identifier)[keyPath: keyPath]
    }
}
