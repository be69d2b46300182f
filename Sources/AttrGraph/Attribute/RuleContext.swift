/// Access to the running rule's own attribute and explicit reads of its inputs.
///
///     struct Counter: StatefulRule {
///         @Attribute var tick: Int
///         mutating func updateValue() {
///             let (_, changed) = context.changedValue(of: $tick)
///             value = (hasValue ? value : 0) + (changed ? 1 : 0)
///         }
///     }
@frozen
public struct RuleContext<Value>: Equatable {
    public var attribute: Attribute<Value>

    public init(attribute: Attribute<Value>) {
        self.attribute = attribute
    }

    /// Reads `input` as a dependency of this rule.
    public subscript<V>(input: Attribute<V>) -> V {
        unsafeAddress {
            _Engine.readValue(input.identifier, type: V.self).assumingMemoryBound(to: V.self)
        }
    }

    public subscript<V>(weakAttribute: WeakAttribute<V>) -> V? {
        weakAttribute.attribute.map { self[$0] }
    }

    public subscript<V>(optionalAttribute: OptionalAttribute<V>) -> V? {
        optionalAttribute.attribute.map { self[$0] }
    }

    /// The attribute's current value; setting it writes the running rule's output (with the
    /// equality cut-off).
    public var value: Value {
        unsafeAddress { valuePointer }
        nonmutating set {
            let (engine, index) = running("RuleContext.value (set)")
            engine.setOutput(index, newValue)
        }
    }

    var valuePointer: UnsafePointer<Value> {
        let (engine, index) = _Engine.resolveLive(attribute.identifier)
        let node = engine.node(index)
        guard node.pointee.flags.contains(.valueExists) else {
            _Misuse.fail(
                "AttrGraph: attribute \(attribute) has no value yet; check `hasValue` before reading "
                    + "`value` in a StatefulRule.")
        }
        return UnsafePointer(node.pointee.value.unsafelyUnwrapped.assumingMemoryBound(to: Value.self))
    }

    public var hasValue: Bool {
        let (engine, index) = _Engine.resolveLive(attribute.identifier)
        return engine.node(index).pointee.flags.contains(.valueExists)
    }

    /// `input`'s value and whether it changed since this rule last ran.
    public func changedValue<V>(of input: Attribute<V>, options: ValueOptions = []) -> (value: V, changed: Bool) {
        input.changedValue(options: options)
    }

    public func valueAndFlags<V>(of input: Attribute<V>, options: ValueOptions = []) -> (value: V, flags: ChangedValueFlags) {
        input.valueAndFlags(options: options)
    }

    /// Runs `body` as if it were part of this attribute's rule: reads inside record
    /// dependencies of ``attribute``.
    public func update(body: () -> Void) {
        let (engine, index) = _Engine.resolveLive(attribute.identifier)
        engine.withCurrent(index, body)
    }

    private func running(_ use: String) -> (_Engine, UInt32) {
        let (engine, index) = _Engine.resolveLive(attribute.identifier)
        guard engine.state.pointee.current == index else {
            _Misuse.fail("AttrGraph: \(use) on \(attribute) is only allowed while its rule is running.")
        }
        return (engine, index)
    }

    public static func == (lhs: RuleContext, rhs: RuleContext) -> Bool {
        lhs.attribute == rhs.attribute
    }
}

/// An untyped ``RuleContext``.
@frozen
public struct AnyRuleContext: Equatable {
    public var attribute: AnyAttribute

    public init(attribute: AnyAttribute) {
        self.attribute = attribute
    }

    public init<V>(_ context: RuleContext<V>) {
        attribute = context.attribute.identifier
    }

    public subscript<V>(input: Attribute<V>) -> V {
        unsafeAddress {
            _Engine.readValue(input.identifier, type: V.self).assumingMemoryBound(to: V.self)
        }
    }

    public func update(body: () -> Void) {
        let (engine, index) = _Engine.resolveLive(attribute)
        engine.withCurrent(index, body)
    }

    public func unsafeCast<V>(to _: V.Type) -> RuleContext<V> {
        RuleContext(attribute: Attribute(identifier: attribute))
    }
}

extension _Engine {
    /// Runs `body` with `index` as the attribute whose reads are recorded.
    func withCurrent(_ index: UInt32, _ body: () -> Void) {
        // Reads record dependencies only inside an update (on the updating thread): outside one,
        // this opens its own.
        let opened = !isUpdating
        if opened { beginSegment() }
        defer { if opened { endSegment() } }
        let savedCurrent = state.pointee.current
        let savedCursor = state.pointee.cursor
        let savedInOrder = state.pointee.readsInOrder
        state.pointee.current = index
        state.pointee.cursor = UInt32(node(index).inputs.count)
        // Reads here add edges; nothing is pruned afterwards, so leave no marks behind.
        state.pointee.readsInOrder = false
        defer {
            let inputs = node(index).inputs
            for position in 0..<inputs.count { inputs[position].flags.remove(.enabled) }
            state.pointee.current = savedCurrent
            state.pointee.cursor = savedCursor
            state.pointee.readsInOrder = savedInOrder
        }
        body()
    }
}
