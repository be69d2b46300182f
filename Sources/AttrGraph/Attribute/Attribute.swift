/// A typed attribute: an input (``init(value:)``) or a computed value (``init(_:)-rule``).
///
///     let graph = Graph()
///     let subgraph = Subgraph(graph: graph)
///     subgraph.apply {
///         let celsius = Attribute(value: 20.0)
///         let fahrenheit = Attribute(Map(celsius) { $0 * 9 / 5 + 32 })
///         print(fahrenheit.value)   // 68.0, computed now
///         celsius.value = 30         // marks fahrenheit dirty, computes nothing
///         print(fahrenheit.value)   // 86.0
///     }
///
/// Inside a rule, reading ``value`` (or the wrapped value of an `@Attribute` property) records
/// a dependency. `Attribute` is also a property wrapper: `@Attribute var count: Int` in a rule
/// body reads as a plain `Int`, and `$count` is the attribute.
///
/// An `Attribute` is an id (``AnyAttribute``): copying it is free, and it is only usable while
/// its subgraph is alive, on the graph's thread. It is not `Sendable` (as in AttributeGraph): an
/// attribute belongs to its graph's thread; pass ``AnyAttribute`` ids between threads if you must,
/// and use them on the graph's thread.
@frozen
@propertyWrapper
@dynamicMemberLookup
public struct Attribute<Value>: Hashable, CustomStringConvertible {
    public var identifier: AnyAttribute

    public init(identifier: AnyAttribute) {
        self.identifier = identifier
    }

    public init(_ attribute: Attribute<Value>) {
        self = attribute
    }

    public var description: String { identifier.description }

    // MARK: Value

    /// The up-to-date value. Reading it inside a rule makes the rule depend on this attribute.
    /// Setting it sets an input (see ``setValue(_:)``).
    ///
    /// Cost: a clean read outside a rule is a few loads; a dirty read runs whatever rules are
    /// needed, without native recursion over known inputs.
    public var value: Value {
        unsafeAddress {
            #if AG_INTERNAL_CHECKS
            let (engine, index) = _Engine.resolve(identifier)
            engine.checkValueType(index, identifier, Value.self)
            #endif
            return _Engine.readValue(identifier, type: Value.self).assumingMemoryBound(to: Value.self)
        }
        @inlinable nonmutating set {
            _ = setValue(newValue)
        }
    }

    public var wrappedValue: Value {
        unsafeAddress {
            #if AG_INTERNAL_CHECKS
            let (engine, index) = _Engine.resolve(identifier)
            engine.checkValueType(index, identifier, Value.self)
            #endif
            return _Engine.readValue(identifier, type: Value.self).assumingMemoryBound(to: Value.self)
        }
        @inlinable nonmutating set {
            _ = setValue(newValue)
        }
    }

    public var projectedValue: Attribute<Value> {
        get { self }
        set { self = newValue }
    }

    /// Sets the value: for an input, the new value marks the readers' edges changed and every
    /// dependent dirty, unless it equals the old value. Returns whether the value changed.
    ///
    /// Setting a computed attribute is allowed outside an update (it overrides the value until
    /// the rule runs again); during an update it traps.
    @inlinable @discardableResult
    public func setValue(_ value: Value) -> Bool {
        // The engine takes the value by address: specialised here, that costs nothing, while the
        // engine's unspecialised code would copy a `Value` through its value witnesses.
        withUnsafePointer(to: value) { _setValue($0) }
    }

    @usableFromInline
    func _setValue(_ value: UnsafePointer<Value>) -> Bool {
        let (engine, index) = _Engine.resolveLive(identifier)
        let (direct, offset) = engine.resolveAlias(index)
        return engine.setValue(direct, offset: offset, value)
    }

    /// The value and whether it changed since the running rule last ran (`false` outside a rule).
    public func changedValue(options: ValueOptions = []) -> (value: Value, changed: Bool) {
        let (engine, index) = _Engine.resolve(identifier)
        var changed = false
        let pointer = engine.readSlow(index, identifier, changed: &changed).assumingMemoryBound(to: Value.self)
        return (pointer.pointee, changed)
    }

    public func valueAndFlags(options: ValueOptions = []) -> (value: Value, flags: ChangedValueFlags) {
        let (value, changed) = changedValue(options: options)
        return (value, changed ? .changed : [])
    }

    public var valueState: ValueState { identifier.valueState }
    public var hasValue: Bool { identifier.hasValue }
    public func updateValue() { identifier.updateValue() }
    public func prefetchValue() { identifier.prefetchValue() }
    public func invalidateValue() { identifier.invalidateValue() }
    /// Traps unless the attribute really holds `Value`.
    public func validate() { identifier.verify(type: Value.self) }

    // MARK: Inputs, flags, body

    public func addInput(_ attribute: AnyAttribute, options: InputOptions = [], token: Int) {
        identifier.addInput(attribute, options: options, token: token)
    }

    public func addInput<V>(_ attribute: Attribute<V>, options: InputOptions = [], token: Int) {
        identifier.addInput(attribute.identifier, options: options, token: token)
    }

    public typealias Flags = AnyAttribute.Flags

    public var flags: Flags {
        get { identifier.flags }
        nonmutating set { identifier.flags = newValue }
    }

    public func setFlags(_ newFlags: Flags, mask: Flags) {
        identifier.setFlags(newFlags, mask: mask)
    }

    public func mutateBody<Body>(as type: Body.Type, invalidating: Bool, _ body: (inout Body) -> Void) {
        identifier.mutateBody(as: type, invalidating: invalidating, body)
    }

    public func breadthFirstSearch(options: SearchOptions = [], _ body: (AnyAttribute) -> Bool) -> Bool {
        identifier.breadthFirstSearch(options: options, body)
    }

    /// Calls `visitor.visit(body:)` with this attribute's body at its type (see ``AnyAttribute/visitBody(_:)``).
    public func visitBody<Visitor: AttributeBodyVisitor>(_ visitor: inout Visitor) { identifier.visitBody(&visitor) }

    public var graph: Graph { identifier.graph }
    public var subgraph: Subgraph { identifier.subgraph }

    public func unsafeCast<V>(to _: V.Type) -> Attribute<V> {
        Attribute<V>(identifier: identifier)
    }
}

extension _Engine {
    /// Debug check that an attribute is read as the type it holds.
    func checkValueType(_ index: UInt32, _ attribute: AnyAttribute, _ expected: Any.Type) {
        let node = self.node(index)
        if node.pointee.flags.contains(.free) { return }
        if let record = indirectRecord(index) {
            if let projected = record.pointee.valueType {
                if projected != expected { _Misuse.typeMismatch(attribute, expected: expected, actual: projected) }
                return
            }
            let (direct, _) = resolveAlias(index)
            let actual = self.type(self.node(direct)).pointee.valueType
            if actual != expected { _Misuse.typeMismatch(attribute, expected: expected, actual: actual) }
            return
        }
        let actual = self.type(node).pointee.valueType
        if actual != expected {
            _Misuse.typeMismatch(attribute, expected: expected, actual: actual)
        }
    }
}
