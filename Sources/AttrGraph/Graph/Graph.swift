/// A dependency graph of attributes (AttributeGraph's `AGGraph`): one context on a node
/// storage that ``init(shared:)`` lets several contexts share.
///
///     let graph = Graph()
///     let root = Subgraph(graph: graph)
///     let total = root.apply {
///         let price = Attribute(value: 10)
///         let quantity = Attribute(value: 3)
///         return Attribute(Map(price) { $0 * 2 })
///     }
///     print(total.value)
///
/// **Any thread may use a graph, one thread at a time** (AttributeGraph's model): two threads
/// inside one graph at once stop the process with a message naming both, in release builds too
/// (see `Graph+Exclusivity.swift`). `Graph`, `Subgraph` and `Attribute` are not `Sendable`.
/// Attributes live in ``Subgraph``s; releasing a graph invalidates its subgraphs.
///
/// Hosts learn that inputs changed through ``addUpdateHandler(_:)`` (any number of hosts) or
/// AttributeGraph's single ``onUpdate(_:)`` slot, and ``needsUpdate``, and decide when to
/// update: read the attributes they need, call ``Subgraph/update(flags:)``, or ``update()`` to
/// run attribute observers.
public final class Graph {
    let storage: GraphStorage
    private(set) var contextIndex: UInt32 = 0
    /// AttributeGraph's `contextID`.
    public private(set) var contextID: UInt64 = 0

    /// AttributeGraph's single update callback (``onUpdate(_:)``), called as AttributeGraph
    /// calls it: at the next update after ``setNeedsUpdate()`` (`Graph+UpdateCallback.swift`).
    var updateCallback: (() -> Void)?
    /// Whether ``setNeedsUpdate()`` asked for the update callback (AttributeGraph's per-context
    /// needs-update flag), cleared when it is called.
    var updateCallbackRequested = false
    /// Hosts' update handlers (``addUpdateHandler(_:)``), called as soon as ``needsUpdate`` rises.
    private var updateHandlers: [(id: Int, handler: () -> Void)] = [] {
        didSet { publishHasCallbacks() }
    }

    /// Tells the engine whether raising this context's needs-update flag has anyone to call.
    private func publishHasCallbacks() {
        storage.state.pointee.contextHasCallbacks[Int(contextIndex)] = !updateHandlers.isEmpty
    }
    private var nextUpdateHandlerID = 1
    var invalidationCallback: ((AnyAttribute) -> Void)?
    /// ``Graph/CounterQueryType/updates`` when the invalidation callback was last queued.
    var invalidationVersion: UInt64 = 0

    /// Where this graph's diagnostics go. Unset, a context made with ``init(shared:)`` uses its
    /// parent's, and a graph of its own ``DiagnosticSink/default`` (stderr).
    public var diagnosticSink: DiagnosticSink? {
        get { ownSink ?? parent?.diagnosticSink }
        set { ownSink = newValue }
    }

    /// How cycles are reported. Unset, a context made with ``init(shared:)`` uses its parent's,
    /// and a graph of its own the `AG_PRINT_CYCLES` / `AG_TRAP_CYCLES` environment.
    public var cycleReporting: CycleReporting {
        get { ownCycleReporting ?? parent?.cycleReporting ?? .environment }
        set { ownCycleReporting = newValue }
    }

    /// ``context``'s storage.
    var hostContext: UnsafeRawPointer?
    private var ownSink: DiagnosticSink?
    private var ownCycleReporting: CycleReporting?
    /// The context this one was created to share storage with, for settings it does not set.
    private weak var parent: Graph?

    /// Creates a graph with its own storage.
    public convenience init() {
        self.init(shared: nil)
    }

    /// Creates a context sharing `shared`'s storage (a new storage when `nil`): attributes of
    /// the two contexts may depend on each other; each context has its own update callback
    /// and needs-update flag.
    public init(shared: Graph?) {
        storage = shared?.storage ?? GraphStorage()
        (contextIndex, contextID) = storage.addContext(self)
        parent = shared
        if _slowPath(storage.state.pointee.traced) {
            let entered = storage.engine.enter("creating a graph context")
            defer { storage.engine.leave(entered) }
            storage.engine.emit(.graphCreated(self))
        }
    }

    /// When a graph's last reference goes, its subgraphs are invalidated (their observers run),
    /// as in AttributeGraph: subgraphs do not keep their graph alive. It may go on any thread
    /// that does not overlap another's use.
    deinit {
        let engine = storage.engine
        let entered = engine.enter("releasing a graph")
        defer { engine.leave(entered) }
        for subgraph in storage.allSubgraphs where subgraph.contextIndex == contextIndex {
            subgraph.invalidate()
        }
        storage.removeContext(contextIndex)
    }

    var sink: DiagnosticSink { diagnosticSink ?? .default }

    // MARK: Host callbacks

    /// Sets AttributeGraph's update callback, with AttributeGraph's contract: after
    /// ``setNeedsUpdate()``, the next update of the graph outside any other — a read that
    /// brings an attribute up to date, ``Subgraph/update(flags:)``, ``update()`` — first calls
    /// it once (between `begin_graph_update` and `end_graph_update` trace events). Input
    /// changes alone do not call it (they raise AttrGraph's ``needsUpdate`` and call the
    /// ``addUpdateHandler(_:)`` handlers). AttributeGraph calls it on any read; AttrGraph on the
    /// next read that has something to update, so that clean reads stay a flag test.
    ///
    /// This is one slot, as in AttributeGraph: a second call replaces the first callback. Hosts
    /// that share a graph (schedulers, view hosts) use ``addUpdateHandler(_:)`` instead, which
    /// this slot never disturbs.
    public func onUpdate(_ callback: @escaping () -> Void) {
        let entered = storage.engine.enter("onUpdate")
        defer { storage.engine.leave(entered) }
        updateCallback = callback
    }

    /// Adds a function called each time ``needsUpdate`` turns from `false` to `true` (an input
    /// change dirtied this context's attributes, or ``setNeedsUpdate()``), after the change's
    /// bookkeeping is done. Any number of handlers may be added; each stays until its
    /// ``Registration`` is cancelled or released. AttrGraph's addition, for hosts.
    public func addUpdateHandler(_ handler: @escaping () -> Void) -> Registration {
        let entered = storage.engine.enter("addUpdateHandler")
        defer { storage.engine.leave(entered) }
        let id = nextUpdateHandlerID
        nextUpdateHandlerID += 1
        updateHandlers.append((id, handler))
        return Registration(isActive: { [weak self] in self?.updateHandlers.contains { $0.id == id } ?? false }) {
            [weak self] in
            guard let self else { return }
            let entered = storage.engine.enter("cancelling an update handler")
            defer { storage.engine.leave(entered) }
            updateHandlers.removeAll { $0.id == id }
        }
    }

    /// Calls the update handlers (user code: the node table is consistent).
    func notifyNeedsUpdate() {
        if updateHandlers.isEmpty { return }
        for handler in updateHandlers.map(\.handler) {
            handler()
        }
    }

    /// Sets AttributeGraph's invalidation callback: the function called with the changed
    /// attribute when a change in another context of this graph's storage dirties attributes of
    /// this context that read across contexts and are read in turn (the rule is in
    /// `Graph+Invalidation.swift`). AttrGraph also calls it with an indirect attribute whose
    /// source was destroyed by a subgraph invalidation, so that the host can re-point it.
    public func onInvalidation(_ callback: @escaping (AnyAttribute) -> Void) {
        let entered = storage.engine.enter("onInvalidation")
        defer { storage.engine.leave(entered) }
        invalidationCallback = callback
        storage.invalidationCallbacksChanged()
    }

    /// Whether something changed since the host last called ``update()`` (or a subgraph update).
    public var needsUpdate: Bool {
        storage.state.pointee.contextNeedsUpdate[Int(contextIndex)]
    }

    /// Raises ``needsUpdate`` (calling the ``addUpdateHandler(_:)`` handlers if it was not
    /// raised yet), and asks for the ``onUpdate(_:)`` callback at the next update
    /// (AttributeGraph's `AGGraphSetNeedsUpdate`).
    public func setNeedsUpdate() {
        let engine = storage.engine
        let entered = engine.enter("setNeedsUpdate")
        defer { engine.leave(entered) }
        if !updateCallbackRequested {
            updateCallbackRequested = true
            engine.state.pointee.updateCallbacksRequested = true
        }
        if !engine.state.pointee.contextNeedsUpdate[Int(contextIndex)] {
            engine.state.pointee.contextNeedsUpdate[Int(contextIndex)] = true
            engine.state.pointee.contextsToNotify.append(contextIndex)
            if _slowPath(engine.state.pointee.traced) { engine.traceNeedsUpdate(context: contextIndex) }
        }
        engine.notifyContexts()
    }

    /// Clears ``needsUpdate`` without updating.
    public func clearNeedsUpdate() {
        storage.state.pointee.contextNeedsUpdate[Int(contextIndex)] = false
    }

    /// Whether an update of this graph is running (on any of its contexts).
    public var isUpdating: Bool {
        storage.engine.isUpdating
    }

    // MARK: Invalidation

    /// Invalidates every subgraph of this context.
    public func invalidate() {
        let entered = storage.engine.enter("invalidating a graph")
        defer { storage.engine.leave(entered) }
        if _slowPath(storage.state.pointee.traced) { storage.engine.emit(.graphDestroy(self)) }
        for subgraph in storage.allSubgraphs where subgraph.contextIndex == contextIndex {
            subgraph.invalidate()
        }
    }

    /// Marks every computed attribute of this context to run again on its next read.
    public func invalidateAllValues() {
        let entered = storage.engine.enter("invalidateAllValues")
        defer { storage.engine.leave(entered) }
        for subgraph in storage.allSubgraphs where subgraph.contextIndex == contextIndex {
            for index in subgraph.nodes {
                storage.engine.invalidateValue(index)
            }
        }
    }

    /// Runs `body`, postponing the destruction of subgraphs invalidated meanwhile until it returns.
    public func withoutSubgraphInvalidation<V>(_ body: () -> V) -> V {
        let wasDeferring = beginDeferringSubgraphInvalidation()
        defer { endDeferringSubgraphInvalidation(wasDeferring: wasDeferring) }
        return body()
    }

    /// Starts postponing subgraph destruction; returns whether it was already postponed.
    public func beginDeferringSubgraphInvalidation() -> Bool {
        let was = storage.deferringInvalidation
        storage.deferringInvalidation = true
        return was
    }

    public func endDeferringSubgraphInvalidation(wasDeferring: Bool) {
        storage.deferringInvalidation = wasDeferring
        if !wasDeferring, !storage.engine.isUpdating {
            storage.runDeferredInvalidations(engine: storage.engine)
        }
    }

    // MARK: Rule-side static API

    /// Runs `body` outside the current update: reads inside it record no dependency.
    public static func withoutUpdate<V>(_ body: () -> V) -> V {
        let thread = ThreadLocal.context
        guard let state = thread.pointee.updating else { return body() }
        let savedCurrent = state.pointee.current
        state.pointee.current = 0
        thread.pointee.updating = nil
        defer {
            state.pointee.current = savedCurrent
            thread.pointee.updating = state
        }
        return body()
    }

    /// The running rule's current value, or `nil` before it has one.
    public static func outputValue<Value>() -> UnsafePointer<Value>? {
        guard let state = ThreadLocal.context.pointee.updating, state.pointee.current != 0 else { return nil }
        let node = _Engine(state).node(state.pointee.current)
        guard node.pointee.flags.contains(.valueExists) else { return nil }
        return UnsafePointer(node.pointee.value.unsafelyUnwrapped.assumingMemoryBound(to: Value.self))
    }

    /// Writes the running rule's output (with the equality cut-off).
    public static func setOutputValue<Value>(_ value: UnsafePointer<Value>) {
        setOutputValue(value.pointee)
    }

    static func setOutputValue<Value>(_ value: Value) {
        guard let state = ThreadLocal.context.pointee.updating, state.pointee.current != 0 else {
            _Misuse.noCurrentAttribute("Graph.setOutputValue")
        }
        _Engine(state).setOutput(state.pointee.current, value)
    }

    /// Whether any input of the running rule changed since its last run, ignoring `excludedInputs`.
    public static func anyInputsChanged(excluding excludedInputs: [AnyAttribute]) -> Bool {
        guard let state = ThreadLocal.context.pointee.updating, state.pointee.current != 0 else { return false }
        let engine = _Engine(state)
        for edge in engine.node(state.pointee.current).inputs where edge.flags.contains(.changed) {
            if !excludedInputs.contains(engine.attribute(edge.input)) { return true }
        }
        return false
    }
}

@available(*, unavailable)
extension Graph: Sendable {}

extension Graph: Hashable {
    public static func == (lhs: Graph, rhs: Graph) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
