/// An untyped weak reference to an attribute: it reads `nil` once the attribute was destroyed
/// (its subgraph invalidated), even if the id is later reused.
@frozen
public struct AnyWeakAttribute: Hashable, Sendable, CustomStringConvertible {
    /// The attribute id and the seed it had when referenced (AttributeGraph's `_details`).
    public struct Details: Hashable, Sendable {
        public var identifier: AnyAttribute
        public var seed: UInt32

        public init(identifier: AnyAttribute, seed: UInt32) {
            self.identifier = identifier
            self.seed = seed
        }
    }

    public var _details: Details

    public init(_details: Details) {
        self._details = _details
    }

    public init(_ attribute: AnyAttribute?) {
        guard let attribute, attribute != .nil else {
            _details = Details(identifier: .nil, seed: 0)
            return
        }
        _details = Details(identifier: attribute, seed: AnyWeakAttribute.seed(of: attribute) ?? 0)
    }

    public init<Value>(_ attribute: Attribute<Value>?) {
        self.init(attribute?.identifier)
    }

    /// The untyped form of a typed weak attribute (the same reference, seed included).
    public init<Value>(_ attribute: WeakAttribute<Value>) {
        self = attribute.base
    }

    /// The attribute, or `nil` when it has been destroyed.
    public var attribute: AnyAttribute? {
        get {
            let identifier = _details.identifier
            guard identifier != .nil, let seed = AnyWeakAttribute.seed(of: identifier), seed == _details.seed else {
                return nil
            }
            return AnyAttribute(rawValue: identifier.rawValue, seed: seed)
        }
        set {
            self = AnyWeakAttribute(newValue)
        }
    }

    public func unsafeCast<Value>(to _: Value.Type) -> WeakAttribute<Value> {
        WeakAttribute(base: self)
    }

    public var description: String { attribute?.description ?? "nil" }

    /// The seed of the attribute the id names now (its slot's generation), or `nil` when the id
    /// is not a live attribute (destroyed, or its subgraph invalidated) or is stale.
    static func seed(of attribute: AnyAttribute) -> UInt32? {
        guard let state = GraphRegistry.state(of: attribute) else { return nil }
        let index = GraphRegistry.index(attribute.rawValue)
        guard index != 0, index < state.pointee.highWater else { return nil }
        let node = _Engine(state).node(index)
        if node.pointee.flags.contains(.free) || node.pointee.flags.contains(.invalidated) { return nil }
        let generation = node.pointee.generation
        if attribute.seed != 0, attribute.seed != generation { return nil }
        return generation
    }
}

/// A weak reference to an attribute: ``wrappedValue`` is `nil` once the attribute's subgraph
/// was invalidated.
///
///     @WeakAttribute var detail: Detail?   // inside a rule: nil after the detail's subgraph went away
@frozen
@propertyWrapper
@dynamicMemberLookup
public struct WeakAttribute<Value>: Hashable, CustomStringConvertible {
    public var base: AnyWeakAttribute

    public init(base: AnyWeakAttribute) {
        self.base = base
    }

    public init() {
        base = AnyWeakAttribute(nil as AnyAttribute?)
    }

    public init(_ attribute: Attribute<Value>) {
        base = AnyWeakAttribute(attribute.identifier)
    }

    public init(_ attribute: Attribute<Value>?) {
        base = AnyWeakAttribute(attribute?.identifier)
    }

    /// The value (a dependency when read inside a rule), or `nil` when the attribute is gone.
    public var wrappedValue: Value? {
        attribute?.value
    }

    public var projectedValue: Attribute<Value>? {
        get { attribute }
        set { attribute = newValue }
    }

    public subscript<Member>(dynamicMember keyPath: KeyPath<Value, Member>) -> Attribute<Member>? {
        attribute?[keyPath: keyPath]
    }

    public var attribute: Attribute<Value>? {
        get { base.attribute?.unsafeCast(to: Value.self) }
        set { base.attribute = newValue?.identifier }
    }

    public var value: Value? { wrappedValue }

    public func changedValue(options: ValueOptions = []) -> (value: Value, changed: Bool)? {
        attribute?.changedValue(options: options)
    }

    public var description: String { base.description }
}
