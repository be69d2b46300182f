/// Creating attributes: interning the body type, placing the body and optional value in the
/// current subgraph.
extension _Engine {
    /// The subgraph new attributes go into: ``Subgraph/current``, or, inside a rule, the
    /// running attribute's subgraph. Unretained (a retain and a release per attribute cost as
    /// much as the rest of creating one): the thread's context holds the current subgraph, and
    /// a running rule's subgraph is held by its owner; see ``createAttribute(body:value:vtable:mode:typeFlags:nodeFlags:evaluate:update:updateComparesBytes:)``
    /// for what may run meanwhile.
    static func creationSubgraph(creating type: Any.Type) -> Unmanaged<Subgraph> {
        if let subgraph = ThreadLocal.context.pointee.subgraph {
            guard subgraph._withUnsafeGuaranteedRef({ $0.isValid }) else { _Misuse.invalidSubgraph(creating: type) }
            return subgraph
        }
        if let state = ThreadLocal.context.pointee.updating, state.pointee.current != 0 {
            let engine = _Engine(state)
            if let subgraph = engine.storage.unretainedSubgraph(at: engine.node(state.pointee.current).pointee.subgraph),
                subgraph._withUnsafeGuaranteedRef({ $0.isValid })
            {
                return subgraph
            }
        }
        _Misuse.noSubgraph(creating: type)
    }

    /// Creates a node whose body is a copy of `body` and, when given, whose value starts as a
    /// copy of `value`. The vtable, mode and type flags are evaluated only the first time the
    /// graph sees `Body` (instantiating a generic vtable type costs a runtime metadata lookup).
    ///
    /// Both come by address: this code is not specialised, and an optional `Value` would cost a
    /// runtime metadata lookup for `Optional<Value>` and value-witness copies per attribute.
    static func createAttribute<Body, Value>(
        body: UnsafePointer<Body>, value: UnsafePointer<Value>?, vtable: @autoclosure () -> any AttributeVTable.Type,
        mode: @autoclosure () -> ComparisonMode, typeFlags: @autoclosure () -> _AttributeType.Flags,
        nodeFlags: NodeFlags, evaluate: _RuleEvaluateFunction? = nil, update: _RuleUpdateFunction? = nil,
        updateComparesBytes: @autoclosure () -> Bool = false
    ) -> AnyAttribute {
        let unretained = creationSubgraph(creating: Body.self)
        let engine = unretained._withUnsafeGuaranteedRef { $0.storage.engine }
        let entered = engine.enter("creating an attribute")
        defer { engine.leave(entered) }
        // Nothing below runs code that could release the subgraph, except the body type's own
        // code (its comparison mode and flags) the first time the graph sees the type: the
        // subgraph is held for that.
        var held: Subgraph?
        let typeIndex = engine.typeIndex(for: Body.self) {
            held = unretained.takeUnretainedValue()
            return AttributeTypeRecord.make(vtable: vtable(), body: Body.self, value: Value.self, mode: mode(), flags: typeFlags())
        }
        defer { withExtendedLifetime(held) {} }
        if let evaluate, engine.state.pointee.fastEvaluates[Int(typeIndex)] == nil,
            engine.state.pointee.types[Int(typeIndex)].valueIsBitwiseTakable
        {
            // Moving the computed value into place is a byte copy: only for types that allow it.
            engine.storage.setFastEvaluate(evaluate, forType: typeIndex)
        }
        // A rule's specialised update is registered with the type's first attribute. It compares
        // bytes for plain data outside `equatableAlways` (`updateComparesBytes`), else with `==`:
        // it is used only where the type's comparison is exactly that.
        if let update, engine.state.pointee.fastUpdates[Int(typeIndex)] == nil {
            let record = engine.state.pointee.types[Int(typeIndex)]
            if updateComparesBytes() ? record.compareKind == .bitwise : record.comparesWithEqualityOperator {
                engine.storage.setFastUpdate(update, forType: typeIndex)
            }
        }
        var flags = nodeFlags
        if engine.state.pointee.types[Int(typeIndex)].flags.contains(.mainThread) { flags.insert(.mainThread) }
        if value != nil { flags.insert(.valueExists) }
        let index = engine.createNode(typeIndex: typeIndex, subgraph: unretained, flags: flags) { block in
            _initializeCopy(block, from: body)
        }
        if let value {
            _initializeCopy(engine.node(index).pointee.value.unsafelyUnwrapped, from: value)
        }
        if _slowPath(engine.state.pointee.traced) { engine.traceAttributeCreated(index, value: value.map(UnsafeRawPointer.init)) }
        return engine.attribute(index)
    }
}

/// Initialises `destination` with a copy of the value at `source`: plain data as bytes, other
/// values through the type's value witnesses (unspecialised code).
@inline(__always)
func _initializeCopy<T>(_ destination: UnsafeMutableRawPointer, from source: UnsafePointer<T>) {
    if _isPOD(T.self) {
        destination.copyMemory(from: source, byteCount: MemoryLayout<T>.size)
    } else {
        _initializeCopyByWitness(destination, from: source)
    }
}

/// The copy of a value that is not plain data: into a temporary, then moved into place. Not
/// `initialize(from:count:)`: unspecialised, that is a call into the standard library and a
/// loop around the copy. Out of line, so that the temporary costs the callers' plain-data path
/// nothing.
@inline(never)
func _initializeCopyByWitness<T>(_ destination: UnsafeMutableRawPointer, from source: UnsafePointer<T>) {
    destination.assumingMemoryBound(to: T.self).initialize(to: source.pointee)
}

/// Runs a rule's body and writes its output: `value` is the attribute's value slot and `flags`
/// its value-state bits (`ValueState.valueExists`, 8, says whether the slot is initialised; the
/// function sets it). Returns whether the value changed.
///
/// Created by the `@inlinable` initialisers so that it is specialised for the rule type in the
/// module that creates the attribute: the engine then runs the rule, compares with `==` and
/// stores without generic dispatch.
public typealias _RuleUpdateFunction = (
    _ body: UnsafeMutableRawPointer, _ value: UnsafeMutableRawPointer, _ flags: UnsafeMutablePointer<UInt16>
) -> Bool

/// Computes a rule's value into `out` (uninitialised memory of the value's size and alignment).
///
/// Created by the `@inlinable` initialisers of rules whose value is not statically `Equatable`
/// (a generic wrapper's `Attribute(MyRule<T>(…))`): specialised wherever the call site is
/// concrete, it runs the rule without generic dispatch; the engine then compares the result with
/// the type's comparison and moves it into place.
public typealias _RuleEvaluateFunction = (_ body: UnsafeMutableRawPointer, _ out: UnsafeMutableRawPointer) -> Void

/// The value of the rule whose body is at `body`, computed on the body in place. Reading
/// `pointer.pointee.value` would copy the body first (retaining every reference it holds, such as
/// a closure's context) because the rule may run arbitrary code; an `inout` access lets the
/// compiler borrow it instead. The body stays valid for the run: destroying attributes waits
/// while an update runs, and ``AnyAttribute/mutateBody(as:invalidating:_:)`` on a running rule
/// keeps the replaced body alive until the update ends.
@inlinable @inline(__always)
func _ruleValue<R: Rule>(_ body: UnsafeMutableRawPointer, _: R.Type) -> R.Value {
    _ruleValueInPlace(&body.assumingMemoryBound(to: R.self).pointee)
}

@inlinable @inline(__always)
func _ruleValueInPlace<R: Rule>(_ rule: inout R) -> R.Value { rule.value }

@inlinable
func _ruleEvaluate<R: Rule>(_: R.Type) -> _RuleEvaluateFunction {
    { body, out in
        out.assumingMemoryBound(to: R.Value.self).initialize(to: _ruleValue(body, R.self))
    }
}

/// The specialised update of a `Rule` with an `Equatable` value, comparing as
/// ``compareValues(_:_:mode:)`` does in the rule's mode: plain data by its bytes (unless the mode
/// is `equatableAlways`), other values with `==`. The engine uses it only for types where that
/// is the whole comparison (see ``Attribute/_createRule(_:initialValue:update:)``).
@inlinable
func _equatableRuleUpdate<R: Rule>(_: R.Type) -> _RuleUpdateFunction where R.Value: Equatable {
    { body, value, flags in
        let newValue = _ruleValue(body, R.self)
        let slot = value.assumingMemoryBound(to: R.Value.self)
        // 8 is `ValueState.valueExists` (a literal: the static would cost an accessor call here).
        if flags.pointee & 8 != 0 {
            if _isPOD(R.Value.self) && R.comparisonMode != .equatableAlways {
                let same = withUnsafePointer(to: newValue) {
                    _bytesEqual(UnsafeRawPointer(slot), UnsafeRawPointer($0), count: MemoryLayout<R.Value>.size)
                }
                if same { return false }
            } else if slot.pointee == newValue {
                return false
            }
            slot.pointee = newValue
        } else {
            slot.initialize(to: newValue)
            flags.pointee |= 8
        }
        return true
    }
}

extension Attribute {
    /// Creates a rule attribute with an optional starting value and specialised update.
    ///
    /// The rule comes by address: the `@inlinable` initialisers take it in the caller's
    /// specialised code, where that costs nothing (here, unspecialised, a generic
    /// `withUnsafePointer` and its closure cost a tenth of creating an attribute).
    @usableFromInline
    static func _createRule<R: Rule>(
        _ rule: UnsafePointer<R>, initialValue: UnsafePointer<Value>?, update: _RuleUpdateFunction?,
        evaluate: _RuleEvaluateFunction? = nil
    ) -> AnyAttribute where R.Value == Value {
        _Engine.createAttribute(
            body: rule, value: initialValue, vtable: RuleVTable<R>.self,
            mode: R.comparisonMode, typeFlags: R.flags,
            // As AttributeGraph: an initial value holds until the attribute is invalidated.
            nodeFlags: initialValue == nil ? [.dirty, .pending] : [], evaluate: evaluate, update: update,
            updateComparesBytes: _isPOD(Value.self) && R.comparisonMode != .equatableAlways)
    }

    /// ``_createRule(_:initialValue:update:evaluate:)`` with the rule by value.
    @inlinable @inline(__always)
    static func _createRule<R: Rule>(
        _ rule: R, initialValue: UnsafePointer<Value>?, update: _RuleUpdateFunction?,
        evaluate: _RuleEvaluateFunction? = nil
    ) -> AnyAttribute where R.Value == Value {
        withUnsafePointer(to: rule) {
            _createRule($0, initialValue: initialValue, update: update, evaluate: evaluate)
        }
    }

    /// Creates a computed attribute whose value is `rule.value`, computed on first read and
    /// recomputed when something it read changed (compared with `==`).
    @inlinable
    public init<R: Rule>(_ rule: R) where R.Value == Value, Value: Equatable {
        self.init(identifier: Attribute._createRule(rule, initialValue: nil, update: _equatableRuleUpdate(R.self)))
    }

    /// Creates a computed attribute that already holds `initialValue` (see ``init(_:initialValue:)-swift.init``).
    @inlinable
    public init<R: Rule>(_ rule: R, initialValue: Value) where R.Value == Value, Value: Equatable {
        self.init(
            identifier: withUnsafePointer(to: initialValue) {
                Attribute._createRule(rule, initialValue: $0, update: _equatableRuleUpdate(R.self))
            })
    }

    /// Creates an input attribute holding `value`.
    ///
    ///     let count = Attribute(value: 0)
    ///     count.value = 1      // marks everything that read `count` dirty
    public init(value: Value) {
        identifier = withUnsafePointer(to: value) { Attribute.createInput(value: $0) }
    }

    /// Creates an input attribute with no value yet; reading it before setting it traps.
    public init(type _: Value.Type) {
        identifier = Attribute.createInput(value: nil)
    }

    private static func createInput(value: UnsafePointer<Value>?) -> AnyAttribute {
        withUnsafePointer(to: External<Value>()) { body in
            _Engine.createAttribute(
                body: body, value: value, vtable: ExternalVTable<Value>.self,
                mode: External<Value>.comparisonMode, typeFlags: External<Value>.flags.union(.external),
                nodeFlags: .external)
        }
    }

    /// Creates a computed attribute whose value is `rule.value`, computed on first read and
    /// recomputed when something it read changed.
    @inlinable
    public init<R: Rule>(_ rule: R) where R.Value == Value {
        self.init(identifier: Attribute._createRule(rule, initialValue: nil, update: nil, evaluate: _ruleEvaluate(R.self)))
    }

    /// Creates a computed attribute that holds `initialValue` (as AttributeGraph): reads get it
    /// until the attribute is invalidated (``invalidateValue()``) or an input it reads changes;
    /// the rule runs then.
    @inlinable
    public init<R: Rule>(_ rule: R, initialValue: Value) where R.Value == Value {
        self.init(
            identifier: withUnsafePointer(to: initialValue) {
                Attribute._createRule(rule, initialValue: $0, update: nil, evaluate: _ruleEvaluate(R.self))
            })
    }

    /// Creates a computed attribute whose ``StatefulRule/updateValue()`` writes its value.
    public init<R: StatefulRule>(_ rule: R) where R.Value == Value {
        identifier = Attribute.createStateful(rule, value: nil)
    }

    /// A rule attribute that keeps the vtable's generic update (no specialised evaluation): for
    /// framework rules created in generic code, where the evaluation's closure, unspecialised,
    /// costs more than it saves (DeclarativeViews' environment and identity rules).
    package init<R: Rule>(vtableRule rule: R) where R.Value == Value {
        identifier = Attribute._createRule(rule, initialValue: nil, update: nil)
    }

    /// Creates a stateful computed attribute that already holds `initialValue`.
    public init<R: StatefulRule>(_ rule: R, initialValue: Value) where R.Value == Value {
        identifier = withUnsafePointer(to: initialValue) { Attribute.createStateful(rule, value: $0) }
    }

    private static func createStateful<R: StatefulRule>(_ rule: R, value: UnsafePointer<Value>?) -> AnyAttribute
    where R.Value == Value {
        withUnsafePointer(to: rule) { rule in
            _Engine.createAttribute(
                body: rule, value: value, vtable: StatefulRuleVTable<R>.self,
                mode: R.comparisonMode, typeFlags: R.flags, nodeFlags: value == nil ? [.dirty, .pending] : [])
        }
    }

    /// AttributeGraph's low-level initialiser: a body copied from `body`, an optional initial
    /// value, and an update function (called as `update()(bodyPointer, attribute)`; it writes
    /// the value with ``Graph/setOutputValue(_:)``). Slower than ``Rule`` bodies: one closure
    /// call per run.
    public init<Body: _AttributeBody>(
        body: UnsafePointer<Body>, value: UnsafePointer<Value>?, flags: _AttributeType.Flags = [],
        update: AttributeUpdateBlock
    ) {
        let isExternal = flags.contains(.external)
        let id = _Engine.createAttribute(
            body: body, value: value, vtable: ClosureBodyVTable<Body, Value>.self,
            mode: Body.comparisonMode, typeFlags: flags.union(Body.flags),
            nodeFlags: isExternal ? .external : value == nil ? [.dirty, .pending] : [])
        let (engine, index) = _Engine.resolve(id)
        engine.storage.setClosureUpdate(update(), forType: engine.node(index).pointee.typeIndex)
        identifier = id
    }
}
