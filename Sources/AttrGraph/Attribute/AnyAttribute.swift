/// An untyped attribute id naming one node of one graph.
///
///     let input = Attribute(value: 1)
///     let id = input.identifier          // AnyAttribute
///     let typed = id.unsafeCast(to: Int.self)
///
/// Ids print as `#N` where N is ``rawValue``, the 32-bit number AttributeGraph's cycle reports and
/// graph descriptions use.
///
/// **Stale ids are detected.** Besides ``rawValue``, an id the engine hands out carries the
/// ``seed`` of the attribute it named: when that attribute is destroyed (its subgraph
/// invalidated) and its slot is later reused by another attribute, using the old id stops with
/// a message naming both, in release builds too, instead of reading the newcomer. An id rebuilt
/// from a number (``init(rawValue:)``, as AttributeGraph code does with ids from descriptions)
/// has no seed: it names whatever attribute holds that number now. Equality and hashing look at
/// ``rawValue`` only.
@frozen
public struct AnyAttribute: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The id AttributeGraph shows: the graph's slot and the node's index.
    public var rawValue: UInt32
    /// Which incarnation of the node slot this id names (0: unchecked, from ``init(rawValue:)``).
    public var seed: UInt32

    /// An id from its number, naming whatever attribute holds that number now (unchecked).
    @inlinable
    public init(rawValue: UInt32) {
        self.rawValue = rawValue
        seed = 0
    }

    @inlinable
    init(rawValue: UInt32, seed: UInt32) {
        self.rawValue = rawValue
        self.seed = seed
    }

    /// The id that names no attribute.
    public static let `nil` = AnyAttribute(rawValue: 2)

    public init<Value>(_ attribute: Attribute<Value>) {
        self = attribute.identifier
    }

    public var description: String { "#\(rawValue)" }

    @inlinable
    public static func == (lhs: AnyAttribute, rhs: AnyAttribute) -> Bool { lhs.rawValue == rhs.rawValue }

    @inlinable
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    public func unsafeCast<Value>(to _: Value.Type) -> Attribute<Value> {
        Attribute<Value>(identifier: self)
    }

    /// The attribute whose rule is running on this thread, if any.
    public static var current: AnyAttribute? {
        guard let state = ThreadLocal.context.pointee.updating else { return nil }
        let current = state.pointee.current
        return current == 0 ? nil : _Engine(state).attribute(current)
    }

    /// Whether the running rule's body was mutated (``mutateBody(as:invalidating:_:)``) since it last ran.
    public static var currentWasModified: Bool {
        guard let state = ThreadLocal.context.pointee.updating, state.pointee.current != 0 else { return false }
        let engine = _Engine(state)
        return engine.node(state.pointee.current).pointee.flags.contains(.selfModified)
    }

    // MARK: Flags

    /// User-defined flags (AttributeGraph's subgraph flags), used to select attributes in
    /// ``Subgraph/update(flags:)``, ``Subgraph/isDirty(flags:)`` and ``Subgraph/forEach(_:_:)``.
    public struct Flags: OptionSet, Sendable, Hashable {
        public var rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
    }

    public var flags: Flags {
        get {
            let (engine, index) = _Engine.resolveLive(self)
            return Flags(rawValue: engine.node(index).pointee.subgraphFlags)
        }
        nonmutating set {
            let (engine, index) = _Engine.resolveLive(self)
            let entered = engine.enter("setting attribute flags")
            defer { engine.leave(entered) }
            engine.node(index).pointee.subgraphFlags = newValue.rawValue
        }
    }

    public func setFlags(_ newFlags: Flags, mask: Flags) {
        flags = flags.subtracting(mask).union(newFlags.intersection(mask))
    }

    // MARK: Inputs

    /// Adds an explicit input edge: `self` depends on `attribute` (and becomes dirty) whether
    /// or not its rule reads it. As in AttributeGraph, the edge lasts until one of them is
    /// destroyed with ``InputOptions/alwaysEnabled``; without it, until a run of the rule that
    /// does not read `attribute` (the edge is then dropped like any input not read).
    ///
    /// - Parameters:
    ///   - attribute: the input; must belong to the same graph.
    ///   - options: edge options (``InputOptions/unprefetched``, ``InputOptions/alwaysEnabled``).
    ///   - token: accepted for AttributeGraph compatibility; unused.
    public func addInput(_ attribute: AnyAttribute, options: InputOptions = [], token: Int) {
        let (engine, index) = _Engine.resolveLive(self)
        let entered = engine.enter("addInput")
        defer { engine.leave(entered) }
        let inputIndex = engine.localIndex(of: attribute, use: "addInput on \(self)")
        if inputIndex == index {
            _Misuse.cyclicEdge(self)
        }
        // AttributeGraph keeps the options that outlive a run; without `alwaysEnabled` the edge
        // is dropped after a run of the rule that does not read the input.
        let kept = InputOptions.unprefetched.rawValue | InputOptions.syncMainRef.rawValue
            | InputOptions.alwaysEnabled.rawValue
        let flags = EdgeFlags(rawValue: UInt8(truncatingIfNeeded: options.rawValue & kept))
        let existing = engine.findInputEdge(consumer: index, input: inputIndex)
        if existing >= 0 {
            engine.node(index).inputs[existing].flags.formUnion(flags)
            if _slowPath(engine.state.pointee.traced) {
                engine.traceInputAdded(consumer: index, input: inputIndex, options: options, added: false)
            }
            return
        }
        engine.addInputEdge(consumer: index, input: inputIndex, flags: flags.union(.changed))
        let node = engine.node(index)
        let computed = !node.pointee.flags.contains(.external) && !node.pointee.flags.contains(.indirect)
        if computed {
            node.pointee.flags.insert(.inputsChanged)
            engine.markDirty(index)
        }
        if _slowPath(engine.state.pointee.traced) {
            engine.traceInputAdded(consumer: index, input: inputIndex, options: options, added: true)
        }
        if computed { engine.notifyContexts() }
    }

    public func addInput<Value>(_ attribute: Attribute<Value>, options: InputOptions = [], token: Int) {
        addInput(attribute.identifier, options: options, token: token)
    }

    // MARK: Value state

    public var valueState: ValueState {
        let (engine, index) = _Engine.resolveLive(self)
        let node = engine.node(index)
        var state = ValueState(rawValue: UInt8(truncatingIfNeeded: node.pointee.flags.rawValue & NodeFlags.valueStateMask))
        state.remove(.updating)
        if node.pointee.updateCount > 0 { state.insert(.updating) }
        return state
    }

    /// Whether the attribute holds a value (it may still be dirty).
    public var hasValue: Bool {
        let (engine, index) = _Engine.resolveLive(self)
        let (direct, _) = engine.resolveAlias(index)
        return engine.node(direct).pointee.flags.contains(.valueExists)
    }

    /// Brings the attribute up to date without recording a dependency.
    public func updateValue() {
        let (engine, index) = _Engine.resolveLive(self)
        let (direct, _) = engine.resolveAlias(index)
        engine.bringUpToDate(direct)
    }

    /// ``updateValue()``, unless the graph's deadline (``Graph/withDeadline(_:_:)``) has passed:
    /// then, as in AttributeGraph, nothing is updated (and `passed_deadline` is traced once).
    /// AttributeGraph's prefetch aborts when the update is cancelled: traces see its node
    /// update end unchanged then.
    public func prefetchValue() {
        let (engine, index) = _Engine.resolveLive(self)
        let storage = engine.storage
        if _slowPath(storage.deadline != .max), Graph.now >= storage.deadline {
            if _slowPath(engine.state.pointee.traced) {
                let entered = engine.enter("prefetching a value")
                defer { engine.leave(entered) }
                storage.traceDeadlinePassed()
            }
            return
        }
        let (direct, _) = engine.resolveAlias(index)
        let saved = engine.state.pointee.abortingSegmentDepth
        engine.state.pointee.abortingSegmentDepth = engine.state.pointee.segments.count + 1
        engine.bringUpToDate(direct)
        engine.state.pointee.abortingSegmentDepth = saved
    }

    /// Forces the rule to run again on its next read, and marks everything that depends on it
    /// dirty. On an input (an attribute made with a value), its readers see it changed and run
    /// again, as in AttributeGraph.
    public func invalidateValue() {
        let (engine, index) = _Engine.resolveLive(self)
        engine.invalidateValue(index)
    }

    /// Traps unless the attribute's value type is `type`.
    public func verify(type: Any.Type) {
        let actual = valueType
        if actual != type {
            _Misuse.typeMismatch(self, expected: type, actual: actual)
        }
    }

    // MARK: Body

    public var _bodyType: Any.Type {
        let (engine, index) = _Engine.resolveLive(self)
        return engine.type(engine.node(index)).pointee.bodyType
    }

    public var _bodyPointer: UnsafeRawPointer {
        let (engine, index) = _Engine.resolveLive(self)
        return UnsafeRawPointer(engine.node(index).pointee.body.unsafelyUnwrapped)
    }

    /// Calls `visitor.visit(body:)` with this attribute's body at its type: the rule for a rule,
    /// ``External`` for an input (an alias: its source's body). Engine-internal bodies (observers)
    /// are not visited.
    public func visitBody<Visitor: AttributeBodyVisitor>(_ visitor: inout Visitor) {
        var (engine, index) = _Engine.resolveLive(self)
        // Follow aliases to their source without bringing anything up to date (alias chains have
        // no loops: re-pointing checks).
        while let record = engine.indirectRecord(index) {
            (engine, index) = _Engine.resolveLive(record.pointee.source)
        }
        let node = engine.node(index)
        guard let body = node.pointee.body else { return }
        engine.type(node).pointee.vtable.visitBody(UnsafeRawPointer(body), &visitor)
    }

    /// The value type (for an alias, its source's value type).
    public var valueType: Any.Type {
        let (engine, index) = _Engine.resolveLive(self)
        if let projected = engine.indirectRecord(index)?.pointee.valueType {
            return projected
        }
        let (direct, _) = engine.resolveAlias(index)
        return engine.type(engine.node(direct)).pointee.valueType
    }

    /// Mutates the rule body in place. With `invalidating`, the rule runs again on its next
    /// read (and dependents become dirty); ``Rule/bodyChanged`` is then `true` during that run.
    ///
    /// Traps when `type` is not the body type.
    public func mutateBody<Body>(as type: Body.Type, invalidating: Bool, _ body: (inout Body) -> Void) {
        let (engine, index) = _Engine.resolveLive(self)
        let entered = engine.enter("mutateBody")
        defer { engine.leave(entered) }
        let node = engine.node(index)
        let bodyType = engine.type(node).pointee.bodyType
        guard bodyType == Body.self else {
            _Misuse.fail(
                "AttrGraph: mutateBody(as: \(_shortTypeName(Body.self))) on attribute \(self), whose body is "
                    + "\(_shortTypeName(bodyType)).")
        }
        let bodyPointer = node.pointee.body.unsafelyUnwrapped.assumingMemoryBound(to: Body.self)
        if node.pointee.flags.contains(.running) || node.pointee.updateCount != 0 {
            // Its rule is running on this body in place: what the mutation replaces (a closure's
            // context, say) stays alive until the update ends.
            engine.storage.keepAliveUntilUpdateEnds(bodyPointer.pointee)
        }
        if _slowPath(engine.state.pointee.traced) { engine.emit(.beginModifyNode(self)) }
        body(&bodyPointer.pointee)
        if _slowPath(engine.state.pointee.traced) { engine.emit(.endModifyNode(self)) }
        if invalidating {
            let node = engine.node(index)
            node.pointee.flags.insert(.selfModified)
            engine.invalidateValue(index)
        }
    }

    // MARK: Graph membership

    /// The graph context that owns the attribute's subgraph.
    public var graph: Graph {
        subgraph.graph
    }

    /// The subgraph that owns the attribute.
    public var subgraph: Subgraph {
        guard let subgraph = subgraph2 else {
            _Misuse.destroyedAttribute(self)
        }
        return subgraph
    }

    /// The subgraph that owns the attribute, or `nil` when it is gone.
    public var subgraph2: Subgraph? {
        guard let state = GraphRegistry.state(of: self) else { return nil }
        let engine = _Engine(state)
        let index = GraphRegistry.index(rawValue)
        guard index != 0, index < state.pointee.highWater,
            !engine.node(index).pointee.flags.contains(.free)
        else { return nil }
        return engine.storage.subgraph(at: engine.node(index).pointee.subgraph)
    }

    // MARK: Indirection

    /// For an indirect attribute: the attribute it aliases.
    public var source: AnyAttribute {
        get {
            let (engine, index) = _Engine.resolveLive(self)
            return engine.indirectRecord(index)?.pointee.source ?? self
        }
        nonmutating set {
            let (engine, index) = _Engine.resolveLive(self)
            engine.setIndirectSource(index, newValue)
        }
    }

    /// For an indirect attribute: the attribute brought up to date before the alias is followed.
    public var indirectDependency: AnyAttribute? {
        get {
            let (engine, index) = _Engine.resolveLive(self)
            guard let record = engine.indirectRecord(index), record.pointee.dependency != .nil else { return nil }
            return record.pointee.dependency
        }
        nonmutating set {
            let (engine, index) = _Engine.resolveLive(self)
            let entered = engine.enter("setting the dependency of an indirect attribute")
            defer { engine.leave(entered) }
            guard engine.indirectRecord(index) != nil else {
                _Misuse.fail("AttrGraph: \(self) is not an indirect attribute; it has no dependency to set.")
            }
            if _slowPath(engine.state.pointee.traced) {
                engine.emit(.indirectNodeSetDependency(self, dependency: newValue ?? .nil))
            }
            engine.setIndirectDependency(index, newValue ?? .nil)
        }
    }

    /// Creates an attribute aliasing `size` bytes at `offset` inside this attribute's value.
    public func create(offset: Int, size: Int = 0) -> AnyAttribute {
        let (engine, index) = _Engine.resolveLive(self)
        return engine.createIndirect(source: self, sourceIndex: index, offset: offset, size: size, mutable: false)
    }

    /// Creates an alias of this attribute.
    public func unsafeOffset(at offset: Int) -> AnyAttribute {
        create(offset: offset)
    }

    /// Creates a re-pointable alias (``IndirectAttribute``) whose source is this attribute.
    public func createIndirect(size: UInt64 = 0) -> AnyAttribute {
        let (engine, index) = _Engine.resolveLive(self)
        return engine.createIndirect(source: self, sourceIndex: index, offset: 0, size: Int(size), mutable: true)
    }

    // MARK: Search

    /// Visits attributes reachable from this one breadth-first, stopping when `body` returns
    /// `true`; returns whether it did. AttributeGraph's contract:
    ///
    /// - `body` is called for this attribute first (an offset projection stands for the
    ///   attribute it projects), then for the attributes found by walking inputs
    ///   (``SearchOptions/searchInputs``) and/or outputs (``SearchOptions/searchOutputs``).
    ///   With neither direction, only this attribute is visited.
    /// - Offset projections are not attributes of their own: the walk passes through them and
    ///   `body` never sees them; an ``IndirectAttribute`` is walked through (to its source, or
    ///   to its readers) and not shown either.
    /// - Attributes of other contexts of a shared graph are skipped unless
    ///   ``SearchOptions/traverseGraphContexts`` is given.
    ///
    /// O(reachable nodes).
    public func breadthFirstSearch(options: SearchOptions = [], _ body: (AnyAttribute) -> Bool) -> Bool {
        let (engine, given) = _Engine.resolveLive(self)
        let start = engine.resolveOffsetProjections(given)
        let searchInputs = options.contains(.searchInputs)
        let searchOutputs = options.contains(.searchOutputs)
        var visited: Set<UInt32> = [start]
        var queue: [UInt32] = [start]
        var head = 0
        while head < queue.count {
            let index = queue[head]
            head += 1
            let node = engine.node(index)
            if !node.pointee.flags.contains(.indirect), body(engine.attribute(index)) { return true }
            var next: [UInt32] = []
            if searchInputs {
                if let record = engine.indirectRecord(index) {
                    // An alias's input is its source (its dependency's edge only carries dirtiness).
                    if engine.owns(record.pointee.source) {
                        next.append(engine.resolveOffsetProjections(GraphRegistry.index(record.pointee.source.rawValue)))
                    }
                } else {
                    next += node.inputs.map { engine.resolveOffsetProjections($0.input) }
                }
            }
            if searchOutputs {
                next += node.outputs.consumers
            }
            for candidate in next where !visited.contains(candidate) {
                let candidateNode = engine.node(candidate)
                if candidateNode.pointee.flags.contains(.free) { continue }
                if !options.contains(.traverseGraphContexts),
                    engine.state.pointee.subgraphContext[Int(candidateNode.pointee.subgraph)]
                        != engine.state.pointee.subgraphContext[Int(node.pointee.subgraph)]
                {
                    continue
                }
                visited.insert(candidate)
                queue.append(candidate)
            }
        }
        return false
    }
}

extension _Engine {
    /// The attribute an offset projection (a fixed indirect node) stands for: its source,
    /// through chains of projections; any other node is itself. Re-pointable indirect nodes
    /// are not resolved (AttributeGraph's "skip mutable reference" resolution).
    func resolveOffsetProjections(_ index: UInt32) -> UInt32 {
        var index = index
        while let record = indirectRecord(index), !record.pointee.isMutable,
            owns(record.pointee.source)
        {
            let (_, source) = _Engine.resolve(record.pointee.source)
            if node(source).pointee.flags.contains(.free) { break }
            index = source
        }
        return index
    }
}

public typealias AttributeUpdateBlock = () -> (UnsafeMutableRawPointer, AnyAttribute) -> Void
