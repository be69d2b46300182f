import AttrGraphArchive
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// The shared storage behind one or more ``Graph`` contexts (``Graph/init(shared:)``): the node
/// table, the type table, the subgraph table and the update stacks.
///
/// The per-node state is in ``GraphState`` (raw memory); this object keeps what needs Swift
/// references and is only touched on slow paths.
final class GraphStorage {
    let state: UnsafeMutablePointer<GraphState>
    /// What the update is doing now, for other threads (hang watchdogs).
    let activity: GraphActivity

    var engine: _Engine { _Engine(state) }

    /// Body type → type-table index.
    private var typeIndexByBody: [ObjectIdentifier: UInt32] = [:]
    /// Records given to ``internAttributeType(ctx:body:makeAttributeType:)``, by body type
    /// (their index is the position + 1); their vtable's `type_destroy` runs with the storage.
    var recordIndexByBody: [ObjectIdentifier: UInt32] = [:]
    var internedRecords: [UnsafePointer<_AttributeType>] = []
    /// Update functions of bodies created with ``Attribute/init(body:value:flags:update:)``.
    private var closureUpdates: [UInt32: (UnsafeMutableRawPointer, AnyAttribute) -> Void] = [:]

    /// (source index, offset, size, type) → the shared offset alias of that projection. An entry
    /// leaves with its alias (``_Engine/detachNode(_:dying:)``).
    var offsetAliases: [OffsetAliasKey: UInt32] = [:]

    /// Subgraph index → subgraph (unowned: a subgraph removes itself when it is destroyed, which
    /// happens on the graph's thread, checked). Not weak: a weak reference would move every
    /// retain and release of the object to the runtime's slow path.
    private var subgraphs: [Unmanaged<Subgraph>?] = []
    private var freeSubgraphIndices: [UInt32] = []
    private(set) var liveSubgraphCount = 0
    private var nextSubgraphID: UInt32 = 1

    /// Context index → context (unowned: a context removes itself in `deinit`, on the graph's
    /// thread, checked).
    private var contexts: [Unmanaged<Graph>?] = []

    /// The first cycle of the most recent update that had cycles (recorded in archives): later
    /// cycles of the same update are usually its consequences.
    var lastCycle: CycleRecord?
    /// Whether the running update episode has recorded its first cycle.
    var episodeRecordedCycle = false

    /// Nested updates opened with ``Graph/beginNestedUpdate(reason:)``.
    var nestedUpdates: [_NestedUpdate] = []

    /// Rule runs measured while profiling (``Graph/startProfiling(_:)``).
    var profile = _Profile()
    /// Per type index, the fixed parts of a traced rule run's event (see ``AGTrace/ruleRun``),
    /// made on first use on the graph's thread.
    var traceFragments: [TraceFragments?] = []
    /// The installed traces (``Graph/addTrace(_:context:)``).
    var tracing = _Traces()

    /// Nodes of subgraphs invalidated while the graph was updating (or while invalidation was
    /// deferred); destroyed when the update ends.
    private var deferredNodes: [UInt32] = []
    /// Bodies replaced by `mutateBody` while their rule ran (``keepAliveUntilUpdateEnds(_:)``).
    private var keptAlive: [Any] = []
    /// Set by ``Graph/beginDeferringSubgraphInvalidation()``.
    var deferringInvalidation = false
    /// ``Graph/deadline``.
    var deadline: UInt64 = .max {
        didSet { if _slowPath(state.pointee.traced), deadline != oldValue { traceDeadlineChanged() } }
    }
    /// Cached rule attributes (``Rule/cachedValue(options:owner:)``).
    var ruleCache: [RuleCache.Key: [RuleCache.Entry]] = [:]
    /// Subgraphs invalidated in the current deferred batch, and their observers.
    private var deferredSubgraphCount = 0
    /// How many invalidated subgraphs wait for the end of a deferred batch to leave the count.
    var pendingSubgraphRemovals: Int { deferredSubgraphCount }
    private var deferredSubgraphObservers: [() -> Void] = []
    /// Indirect attributes whose source was destroyed, reported to the invalidation callbacks.
    private var invalidatedIndirects: [AnyAttribute] = []
    /// Invalidation callbacks to call for dirtying that crossed contexts (`Graph+Invalidation.swift`).
    var pendingInvalidations: [(context: UInt32, origin: AnyAttribute)] = []

    /// The unique id of this storage (AG's `graphID`).
    let graphID: UInt64


    init() {
        state = .allocate(capacity: 1)
        graphID = UInt64(makeUniqueID())
        let (slot, serial) = GraphRegistry.reserve()
        activity = GraphActivity(slot: slot)
        state.initialize(to: GraphState(storage: self, activity: activity))
        state.pointee.slot = slot
        state.pointee.serial = serial
        GraphRegistry.publish(state, slot: slot)
        if Graph.tracesEveryGraph {
            activity.setTraceOptions(Graph.TraceOptions([.enabled, .full]).rawValue)
        }
    }

    deinit {
        // Every subgraph holds the storage, so by now all subgraphs (and their nodes) are gone;
        // destroy any node left over defensively, then free the memory. An archiver describing
        // every graph may hold this one for a moment: teardown waits for it.
        let engine = self.engine
        engine.enterForTeardown()
        var leftovers: [_Engine.DetachedBody] = []
        for index in 1..<state.pointee.highWater where !engine.node(index).pointee.flags.contains(.free) {
            leftovers.append(engine.detachNode(index, dying: { _ in true }))
        }
        engine.destroy(leftovers)
        GraphRegistry.unregister(slot: state.pointee.slot)
        for record in internedRecords {
            record.pointee.vtable.pointee.type_destroy?(UnsafeMutablePointer(mutating: record))
        }
        state.deinitialize(count: 1)
        state.deallocate()
    }


    // MARK: Types

    func internType(key: ObjectIdentifier, make: () -> AttributeTypeRecord) -> UInt32 {
        if let index = typeIndexByBody[key] { return index }
        let index = UInt32(state.pointee.types.count)
        let record = make()
        state.pointee.types.append(record)
        typeIndexByBody[key] = index
        activity.typeAdded(
            body: record.isIndirect ? "IndirectAttribute" : _shortTypeName(record.bodyType),
            value: record.isIndirect ? "" : _shortTypeName(record.valueType))
        if state.pointee.types.count > state.pointee.fastUpdateCapacity {
            let oldCapacity = state.pointee.fastUpdateCapacity
            let newCapacity = oldCapacity * 2
            let grown = UnsafeMutablePointer<Unmanaged<FastUpdate>?>.allocate(capacity: newCapacity)
            grown.moveInitialize(from: state.pointee.fastUpdates, count: oldCapacity)
            (grown + oldCapacity).initialize(repeating: nil, count: newCapacity - oldCapacity)
            state.pointee.fastUpdates.deallocate()
            state.pointee.fastUpdates = grown
            let grownEvaluates = UnsafeMutablePointer<Unmanaged<FastEvaluate>?>.allocate(capacity: newCapacity)
            grownEvaluates.moveInitialize(from: state.pointee.fastEvaluates, count: oldCapacity)
            (grownEvaluates + oldCapacity).initialize(repeating: nil, count: newCapacity - oldCapacity)
            state.pointee.fastEvaluates.deallocate()
            state.pointee.fastEvaluates = grownEvaluates
            state.pointee.fastUpdateCapacity = newCapacity
        }
        return index
    }

    /// Records the specialised update function of a type (the first one given wins).
    func setFastUpdate(_ update: @escaping _RuleUpdateFunction, forType index: UInt32) {
        if state.pointee.fastUpdates[Int(index)] == nil {
            state.pointee.fastUpdates[Int(index)] = .passRetained(FastUpdate(function: update))
        }
    }

    /// Records the specialised evaluation of a type (the first one given wins).
    func setFastEvaluate(_ evaluate: @escaping _RuleEvaluateFunction, forType index: UInt32) {
        if state.pointee.fastEvaluates[Int(index)] == nil {
            state.pointee.fastEvaluates[Int(index)] = .passRetained(FastEvaluate(function: evaluate))
        }
    }

    func setClosureUpdate(_ update: @escaping (UnsafeMutableRawPointer, AnyAttribute) -> Void, forType index: UInt32) {
        if closureUpdates[index] == nil {
            closureUpdates[index] = update
        }
    }

    func closureUpdate(forType index: UInt32) -> (UnsafeMutableRawPointer, AnyAttribute) -> Void {
        closureUpdates[index] ?? { _, _ in }
    }

    // MARK: Contexts

    /// Adds a context, reusing the slot of one that was released (its subgraphs, which hold it,
    /// are gone too).
    /// Adds a context with an id from the process's unique-ID sequence (``makeUniqueID()``, the
    /// one graph ids come from too, as in AttributeGraph).
    func addContext(_ graph: Graph) -> (index: UInt32, id: UInt64) {
        let id = UInt64(makeUniqueID())
        if let free = contexts.firstIndex(where: { $0 == nil }) {
            contexts[free] = Unmanaged.passUnretained(graph)
            state.pointee.contextNeedsUpdate[free] = false
            state.pointee.contextHasCallbacks[free] = false
            return (UInt32(free), id)
        }
        let index = UInt32(contexts.count)
        contexts.append(Unmanaged.passUnretained(graph))
        state.pointee.contextNeedsUpdate.append(false)
        state.pointee.contextHasCallbacks.append(false)
        return (index, id)
    }

    func removeContext(_ index: UInt32) {
        contexts[Int(index)] = nil
        if state.pointee.watchesCrossContextDirtying { invalidationCallbacksChanged() }
    }

    func context(at index: UInt32) -> Graph? {
        contexts[Int(index)]?.takeUnretainedValue()
    }

    var liveContexts: [Graph] {
        contexts.compactMap { $0?.takeUnretainedValue() }
    }

    /// Calls the update handlers of context `index` (its needs-update flag was raised).
    @inline(never)
    func notifyContext(at index: UInt32) {
        guard let graph = context(at: index) else { return }
        graph.notifyNeedsUpdate()
    }

    // MARK: Subgraphs

    /// Reserves a subgraph-table slot (filled by ``setSubgraph(_:at:)``) and a subgraph id.
    func reserveSubgraphSlot(contextIndex: UInt32) -> (index: UInt32, id: UInt32) {
        let index: UInt32
        if let reused = freeSubgraphIndices.popLast() {
            index = reused
            state.pointee.subgraphContext[Int(index)] = contextIndex
        } else {
            index = UInt32(subgraphs.count)
            subgraphs.append(nil)
            state.pointee.subgraphContext.append(contextIndex)
        }
        liveSubgraphCount += 1
        state.pointee.counters.createdSubgraphs += 1
        defer { nextSubgraphID += 1 }
        return (index, nextSubgraphID)
    }

    func setSubgraph(_ subgraph: Subgraph, at index: UInt32) {
        subgraphs[Int(index)] = Unmanaged.passUnretained(subgraph)
    }

    func removeSubgraph(at index: UInt32) {
        subgraphs[Int(index)] = nil
        freeSubgraphIndices.append(index)
    }

    /// `count` subgraphs were invalidated: they leave the graph's count of subgraphs (AG's
    /// `subgraphs` counter) at once, even while something still refers to them.
    func subgraphsInvalidated(_ count: Int) {
        liveSubgraphCount -= count
    }

    /// Subgraphs invalidated inside a batch of deferred invalidations: they leave the count, and
    /// their observers run, when the batch ends (``runDeferredInvalidations(engine:)``).
    func deferSubgraphRemoval(count: Int, observers: [() -> Void]) {
        deferredSubgraphCount += count
        deferredSubgraphObservers += observers
        state.pointee.episodeHasWork = true
    }

    func subgraph(at index: UInt32) -> Subgraph? {
        unretainedSubgraph(at: index)?.takeUnretainedValue()
    }

    /// ``subgraph(at:)`` without taking a reference.
    func unretainedSubgraph(at index: UInt32) -> Unmanaged<Subgraph>? {
        guard Int(index) < subgraphs.count else { return nil }
        return subgraphs[Int(index)]
    }

    /// The most subgraphs that were alive at once (the table grows only when no slot is free).
    var subgraphTableSize: Int { subgraphs.count }

    /// The memory of the attributes' node records: now, and at most so far.
    var nodeBytes: (Int, Int) {
        (state.pointee.liveNodes * MemoryLayout<_Node>.stride, (Int(state.pointee.highWater) - 1) * MemoryLayout<_Node>.stride)
    }

    /// Live subgraphs in creation order of their ids.
    var allSubgraphs: [Subgraph] {
        subgraphs.compactMap { $0?.takeUnretainedValue() }.sorted { $0.subgraphID < $1.subgraphID }
    }

    /// Whether destroying nodes must wait (an update is running, or invalidation is deferred).
    var mustDeferDestruction: Bool {
        deferringInvalidation || engine.isUpdating
    }

    func deferDestruction(of nodes: [UInt32]) {
        deferredNodes.append(contentsOf: nodes)
        state.pointee.episodeHasWork = true
    }

    /// Keeps `value` (a rule body replaced while its rule was running on it) until the update ends.
    func keepAliveUntilUpdateEnds(_ value: Any) {
        keptAlive.append(value)
        state.pointee.episodeHasWork = true
    }

    /// Destroys the nodes of subgraphs invalidated while destruction had to wait.
    func runDeferredInvalidations(engine: _Engine) {
        if !keptAlive.isEmpty, !engine.isUpdating { keptAlive.removeAll() }
        guard !deferringInvalidation else { return }
        while !deferredNodes.isEmpty {
            let batch = deferredNodes
            deferredNodes.removeAll()
            destroyNodes(batch)
        }
        if deferredSubgraphCount != 0 || !deferredSubgraphObservers.isEmpty {
            liveSubgraphCount -= deferredSubgraphCount
            deferredSubgraphCount = 0
            let observers = deferredSubgraphObservers
            deferredSubgraphObservers.removeAll()
            for observer in observers { observer() }
        }
        reportInvalidatedIndirects()
    }

    /// Destroys `nodes` (all flagged `.invalidated`): unlinks them, frees their slots, then
    /// destroys their bodies and values, which may run user deinitialisers.
    func destroyNodes(_ nodes: [UInt32]) {
        let engine = self.engine
        // Observers die with the attributes they observe.
        var nodes = nodes
        for index in nodes where !engine.node(index).pointee.flags.contains(.free) {
            let outputs = engine.node(index).outputs
            for position in 0..<outputs.count {
                let consumer = outputs.consumer(at: position)
                let flags = engine.node(consumer).pointee.flags
                if flags.contains(.observer), !flags.contains(.invalidated), !flags.contains(.free) {
                    engine.node(consumer).pointee.flags.insert(.invalidated)
                    nodes.append(consumer)
                }
            }
        }
        if _slowPath(state.pointee.traced) { engine.traceDestroying(nodes) }
        var detached: [_Engine.DetachedBody] = []
        detached.reserveCapacity(nodes.count)
        for index in nodes where !engine.node(index).pointee.flags.contains(.free) {
            detached.append(
                engine.detachNode(index, dying: { engine.node($0).pointee.flags.contains(.invalidated) }))
        }
        engine.destroy(detached)
        engine.notifyContexts()
        reportInvalidatedIndirects()
    }

    // MARK: Invalidation callbacks

    func indirectSourceDestroyed(engine: _Engine, indirect: UInt32) {
        invalidatedIndirects.append(engine.attribute(indirect))
        state.pointee.episodeHasWork = true
        engine.markDirty(indirect)
    }

    /// Calls the contexts' invalidation callbacks for indirect attributes whose source was
    /// destroyed (AttributeGraph's `onInvalidation`), after the node table is consistent.
    func reportInvalidatedIndirects() {
        guard !invalidatedIndirects.isEmpty, !engine.isUpdating else { return }
        let attributes = invalidatedIndirects
        invalidatedIndirects.removeAll()
        for attribute in attributes {
            let index = GraphRegistry.index(attribute.rawValue)
            let node = engine.node(index)
            guard !node.pointee.flags.contains(.free) else { continue }
            let contextIndex = state.pointee.subgraphContext[Int(node.pointee.subgraph)]
            guard let graph = context(at: contextIndex), let callback = graph.invalidationCallback else { continue }
            if _slowPath(state.pointee.traced) { engine.emit(.beginGraphInvalidation(graph, attribute)) }
            callback(attribute)
            if _slowPath(state.pointee.traced) { engine.emit(.endGraphInvalidation(graph, attribute)) }
        }
    }
}

/// A nested update opened by a host while the graph was updating (see ``Graph/beginNestedUpdate(reason:)``).
struct _NestedUpdate {
    var reason: String
    /// The attribute innermost on the update stack when the nested update began.
    var outerAttribute: AnyAttribute?
    /// The nested update that was open when this one began (-1 for none).
    var parent: Int32
    /// How many update frames were on the stacks when it began.
    var frameCount: Int
}
