/// A group of attributes with one lifetime (AttributeGraph's `AGSubgraph`).
///
///     let detail = Subgraph(graph: graph)
///     root.addChild(detail)
///     let title = detail.apply { Attribute(TitleRule(model: model)) }
///     …
///     detail.invalidate()   // destroys `title` and releases its rule body and value
///
/// Attributes are created in ``current`` (set it with ``apply(_:)``). Invalidating a subgraph
/// destroys its attributes — releasing every rule body, value, observer and closure they held
/// — invalidates the children that have no other valid parent, removes edges from other
/// subgraphs' attributes (those re-run on their next read), removes it from its parents (which
/// release it), and calls the subgraph's observers. A subgraph is invalidated when its last
/// reference goes away. During an update, destruction waits until the update ends.
///
/// As in AttributeGraph, a subgraph does not keep its graph alive: when the last reference to the
/// graph goes, its subgraphs are invalidated (their observers called). The graph's storage stays
/// while a subgraph refers to it. A subgraph is used like its graph: by one thread at a time.
public final class Subgraph {
    /// Its slot in the storage's subgraph table.
    let slot: UInt32
    /// AttributeGraph's `subgraph_id`. Declared second, after ``slot``, so that the 64-bit word
    /// after the object's header (where AttributeGraph keeps its `Subgraph *`) has the id in its
    /// high half and grows with creation order: ported code that orders subgraphs by that word,
    /// as Compute's description tests do, sees the order descriptions list subgraphs in.
    let subgraphID: UInt32
    /// The graph's storage, which holds the subgraph's attributes.
    let storage: GraphStorage
    /// The graph context; alive while the subgraph is valid (a graph invalidates its subgraphs
    /// when its last reference goes).
    private unowned(unsafe) let context: Graph
    let contextIndex: UInt32
    /// The attribute that created it (``init(graph:attribute:)``), if any.
    let creator: AnyAttribute?

    /// Indices of the nodes it owns, in creation order. Appended to once per attribute created:
    /// without the dynamic exclusivity check (a thread-local lookup per access). Only the
    /// graph's owning thread touches it (checked), and no access to it overlaps another.
    @exclusivity(unchecked) var nodes: [UInt32] = []
    private var valid = true {
        didSet { validityRecord?.isValid = valid }
    }
    /// Made on first use of ``validity``.
    private var validityRecord: SubgraphValidity?
    private(set) var children: [(subgraph: Subgraph, tag: UInt8)] = []
    private var parents: [Unmanaged<Subgraph>] = []
    private var observers: [(id: Int, callback: () -> Void)] = []
    /// The recorded tree (``shouldRecordTree``), made when recording is on.
    var tree: SubgraphTree?
    private var nextObserverID = 1
    /// Set while its last reference goes: the invalidation that follows is not reported to the
    /// graph's traces as the subgraph's (AttributeGraph reports only `invalidate()`).
    private var releasing = false

    public convenience init(graph: Graph) {
        self.init(graph: graph, attribute: .nil)
    }

    /// Creates a subgraph recording `attribute` as the attribute that created it.
    public init(graph: Graph, attribute: AnyAttribute) {
        let entered = graph.storage.engine.enter("creating a subgraph")
        defer { graph.storage.engine.leave(entered) }
        storage = graph.storage
        context = graph
        creator = attribute == .nil ? nil : attribute
        contextIndex = graph.contextIndex
        (slot, subgraphID) = graph.storage.reserveSubgraphSlot(contextIndex: graph.contextIndex)
        graph.storage.setSubgraph(self, at: slot)
        if Subgraph.shouldRecordTree {
            let tree = SubgraphTree()
            // Created while an element of the current subgraph is open: the tree hangs under it.
            if let parent = Subgraph.current, let parentTree = parent.tree, parentTree.current != 0 {
                tree.owner = parentTree.elements[parentTree.current].value
            }
            tree.subgraph = self
            self.tree = tree
        }
        if _slowPath(storage.state.pointee.traced) { storage.engine.emit(.subgraphCreated(self)) }
    }

    /// Releasing the last reference invalidates the subgraph: a use of the graph like any other
    /// (it may not overlap another thread's).
    deinit {
        let engine = storage.engine
        let entered = engine.enter("releasing a subgraph")
        defer { engine.leave(entered) }
        releasing = true
        invalidate()
        // A valid parent retains its children, so by now no parent lists this subgraph.
        storage.removeSubgraph(at: slot)
    }

    /// The graph the subgraph belongs to. An invalidated subgraph belongs to no graph any more:
    /// asking stops with a message, as in AttributeGraph.
    public var graph: Graph {
        guard valid else { _Misuse.invalidatedSubgraphsGraph(subgraphID) }
        return context
    }

    /// AttributeGraph's per-subgraph index, free for its user (SwiftUI numbers subgraphs with it).
    public var index: UInt32 = 0

    /// The subgraph new attributes are created in, on this thread. The thread holds it — and
    /// its graph, while it is current: code that makes a graph and a subgraph, sets the
    /// subgraph current and drops its own reference to the graph keeps a working subgraph.
    public static var current: Subgraph? {
        get { ThreadLocal.context.pointee.subgraph?.takeUnretainedValue() }
        set {
            let context = ThreadLocal.context
            let old = context.pointee.subgraph
            let oldGraph = context.pointee.currentGraph
            context.pointee.subgraph = newValue.map { Unmanaged.passRetained($0) }
            context.pointee.currentGraph = newValue.flatMap { $0.valid ? Unmanaged.passRetained($0.context) : nil }
            old?.release()
            oldGraph?.release()
        }
    }

    /// The graph context of ``current``.
    public static var currentGraphContext: Graph? {
        guard let current, current.valid else { return nil }
        return current.context
    }

    /// Runs `body` with this subgraph as ``current`` (restored afterwards), outside any running
    /// rule's dependency tracking.
    public func apply<Value>(_ body: () -> Value) -> Value {
        let saved = Subgraph.current
        Subgraph.current = self
        defer { Subgraph.current = saved }
        return Graph.withoutUpdate(body)
    }

    /// Whether the subgraph has not been invalidated.
    public var isValid: Bool { valid }

    /// A record of ``isValid`` that outlives the subgraph, for objects that must know whether
    /// their subgraph is still valid without keeping it alive. Cheaper than a `weak` reference
    /// to the subgraph: a weak reference moves the subgraph's reference counts to a side table,
    /// which makes every later retain and release of it take the runtime's slow path.
    package var validity: SubgraphValidity {
        if let record = validityRecord { return record }
        let record = SubgraphValidity(isValid: valid)
        validityRecord = record
        return record
    }

    // MARK: Invalidation

    /// Invalidates this subgraph and the children left without a valid parent. Cost: O(nodes
    /// destroyed + their edges + the invalidated subgraphs' parents and children).
    public func invalidate() {
        guard valid else { return }
        let storage = self.storage
        let engine = storage.engine
        let entered = engine.enter("invalidating a subgraph")
        defer { engine.leave(entered) }
        var batch: [Subgraph] = [self]
        valid = false
        var position = 0
        while position < batch.count {
            let subgraph = batch[position]
            position += 1
            for (child, _) in subgraph.children where child.valid {
                let hasOtherValidParent = child.parents.contains { parent in
                    let parent = parent.takeUnretainedValue()
                    return parent !== subgraph && parent.valid
                }
                if !hasOtherValidParent {
                    child.valid = false
                    batch.append(child)
                }
            }
        }
        if _slowPath(engine.state.pointee.traced) {
            for subgraph in batch where !subgraph.releasing { engine.emit(.subgraphDestroy(subgraph)) }
        }
        var dying: [UInt32] = []
        let thread = ThreadLocal.context
        var clearsCurrent = false
        for subgraph in batch {
            for index in subgraph.nodes {
                engine.node(index).pointee.flags.insert(.invalidated)
            }
            dying += subgraph.nodes
            subgraph.nodes.removeAll()
            subgraph.tree = nil
            // An invalidated subgraph is no thread's current one any more (this thread's, at least).
            if thread.pointee.subgraph?.toOpaque() == Unmanaged.passUnretained(subgraph).toOpaque() {
                clearsCurrent = true
            }
        }
        if storage.mustDeferDestruction {
            storage.deferDestruction(of: dying)
        } else {
            storage.destroyNodes(dying)
        }
        // Collect first, then call out: unlink the batch from parents and children, release them
        // and run observers last.
        var callbacks: [() -> Void] = []
        var released: [Subgraph] = []
        for subgraph in batch {
            callbacks += subgraph.observers.map(\.callback)
            subgraph.observers.removeAll()
            // Parents outside the batch (still valid, or invalidated earlier) let go of it.
            for parent in subgraph.parents {
                let parent = parent.takeUnretainedValue()
                if let position = parent.children.firstIndex(where: { $0.subgraph === subgraph }) {
                    released.append(parent.children.remove(at: position).subgraph)
                }
            }
            subgraph.parents.removeAll()
            released += subgraph.children.map(\.subgraph)
            for (child, _) in subgraph.children {
                child.parents.removeAll { $0.takeUnretainedValue() === subgraph }
            }
            subgraph.children.removeAll()
        }
        // Inside a batch of deferred invalidations (``Graph/beginDeferringSubgraphInvalidation()``)
        // the subgraphs leave the graph's count and their observers run when the batch ends.
        if storage.deferringInvalidation {
            storage.deferSubgraphRemoval(count: batch.count, observers: callbacks)
        } else {
            storage.subgraphsInvalidated(batch.count)
            for callback in callbacks {
                callback()
            }
        }
        released.removeAll()
        // Last: letting go of the current subgraph may release its graph.
        if clearsCurrent { Subgraph.current = nil }
    }

    // MARK: Children

    /// Makes `child` a child of this subgraph (retaining it): invalidating this subgraph
    /// invalidates `child` unless another valid parent holds it.
    public func addChild(_ child: Subgraph) {
        addChild(child, tag: 0)
    }

    /// Adding a child to an invalidated subgraph invalidates the child (it would have gone with
    /// its parent); adding an invalidated child does nothing.
    /// As in AttributeGraph, a tag keeps its two low bits.
    public func addChild(_ child: Subgraph, tag: UInt8) {
        guard child.storage === storage else {
            _Misuse.fail("AttrGraph: addChild: the child subgraph belongs to another graph.")
        }
        let entered = storage.engine.enter("adding a child subgraph")
        defer { storage.engine.leave(entered) }
        let tag = tag & 3
        guard child.valid else { return }
        guard valid else {
            child.invalidate()
            return
        }
        guard child !== self, !child.isAncestor(of: self) else {
            _Misuse.fail("AttrGraph: addChild: adding this child would make a subgraph its own ancestor.")
        }
        if _slowPath(storage.state.pointee.traced) { storage.engine.emit(.subgraphAddChild(self, child: child)) }
        children.append((child, tag))
        child.parents.append(Unmanaged.passUnretained(self))
    }

    public func removeChild(_ child: Subgraph) {
        let entered = storage.engine.enter("removing a child subgraph")
        defer { storage.engine.leave(entered) }
        guard let position = children.firstIndex(where: { $0.subgraph === child }) else { return }
        child.parents.removeAll { $0.takeUnretainedValue() === self }
        if _slowPath(storage.state.pointee.traced) {
            storage.engine.emit(.subgraphRemoveChild(self, child: child))
        }
        children.remove(at: position)
    }

    public var childCount: Int { children.count }

    /// The child at `index` (in the order they were added); its tag is written to `tag` when given.
    ///
    ///     var tag = 0
    ///     let first = parent.child(at: 0, tag: &tag)
    ///
    /// AttributeGraph's Swift code passes an `Int` for the tag (the framework writes the tag into
    /// it), which is what this signature takes.
    public func child(at index: Int, tag: UnsafeMutablePointer<Int>?) -> Subgraph {
        let child = checkedChild(at: index)
        tag?.pointee = Int(child.tag)
        return child.subgraph
    }

    /// ``child(at:tag:)`` with the tag's own width, as OpenAttributeGraph's headers declare it.
    public func child(at index: Int, tag: UnsafeMutablePointer<UInt8>) -> Subgraph {
        let child = checkedChild(at: index)
        tag.pointee = child.tag
        return child.subgraph
    }

    private func checkedChild(at index: Int) -> (subgraph: Subgraph, tag: UInt8) {
        guard index >= 0 && index < children.count else {
            _Misuse.fail("precondition failure: invalid child index: \(index) (the subgraph has \(children.count) children)")
        }
        return (children[index].subgraph, children[index].tag)
    }

    public var parentCount: Int { parents.count }

    public func parent(at index: Int) -> Subgraph {
        parents[index].takeUnretainedValue()
    }

    /// Whether `other` is a (transitive) child of this subgraph.
    public func isAncestor(of other: Subgraph) -> Bool {
        var stack = children.map(\.subgraph)
        var seen: Set<ObjectIdentifier> = []
        while let next = stack.popLast() {
            if next === other { return true }
            if seen.insert(ObjectIdentifier(next)).inserted {
                stack += next.children.map(\.subgraph)
            }
        }
        return false
    }

    // MARK: Observers

    /// Adds a function called once when the subgraph is invalidated or destroyed; returns an
    /// id for ``removeObserver(_:)``. The function is released after it is called.
    @discardableResult
    public func addObserver(_ observer: @escaping () -> Void) -> Int {
        let entered = storage.engine.enter("adding a subgraph observer")
        defer { storage.engine.leave(entered) }
        let id = nextObserverID
        nextObserverID += 1
        if valid {
            observers.append((id, observer))
        } else {
            observer()
        }
        return id
    }

    public func removeObserver(_ id: Int) {
        observers.removeAll { $0.id == id }
    }

    // MARK: Updating

    /// Brings up to date every dirty attribute of this subgraph and its descendants whose
    /// flags intersect `flags`. O(attributes in the subtree). As in AttributeGraph, empty
    /// `flags` select no attribute: nothing is updated (and no `begin_subgraph_update` traced).
    public func update(flags: AnyAttribute.Flags = []) {
        let engine = storage.engine
        if _slowPath(engine.state.pointee.updateCallbacksRequested), !engine.isUpdating {
            let entered = engine.enter("updating")
            defer { engine.leave(entered) }
            storage.callRequestedUpdateCallbacks()
        }
        guard valid, !flags.isEmpty else { return }
        let graph = context
        let entered = engine.enter("updating")
        defer { engine.leave(entered) }
        graph.clearNeedsUpdate()
        let traced = engine.state.pointee.traced && isDirty(flags: flags)
        if _slowPath(traced) { engine.emit(.beginSubgraphUpdate(self, flags)) }
        Graph.withoutUpdate {
            forEachNode(flags: flags) { index in
                let node = engine.node(index)
                if node.pointee.flags.contains(.free) || node.pointee.flags.contains(.indirect) { return }
                engine.bringUpToDate(index)
            }
        }
        graph.flushObservers()
        if _slowPath(traced) { engine.emit(.endSubgraphUpdate(self)) }
    }

    /// Whether an attribute of this subgraph or its descendants with matching flags is dirty
    /// (never with empty `flags`, which match no attribute, as in AttributeGraph).
    public func isDirty(flags: AnyAttribute.Flags = []) -> Bool {
        if flags.isEmpty { return false }
        let engine = storage.engine
        var dirty = false
        forEachNode(flags: flags) { index in
            if engine.node(index).pointee.flags.rawValue & NodeFlags.needsUpdate.rawValue != 0 { dirty = true }
        }
        return dirty
    }

    /// Whether an attribute of this subgraph or its descendants has a flag in `flags` (never
    /// for empty `flags`, as in AttributeGraph).
    public func intersects(flags: AnyAttribute.Flags) -> Bool {
        if flags.isEmpty { return false }
        var found = false
        forEachNode(flags: flags) { _ in found = true }
        return found
    }

    /// Calls `callback` with every attribute of this subgraph and its descendants whose flags
    /// intersect `flags` (all when `flags` is empty).
    public func forEach(_ flags: AnyAttribute.Flags, _ callback: (AnyAttribute) -> Void) {
        let engine = storage.engine
        forEachNode(flags: flags) { callback(engine.attribute($0)) }
    }

    private func forEachNode(flags: AnyAttribute.Flags, _ body: (UInt32) -> Void) {
        let engine = storage.engine
        var stack: [Subgraph] = [self]
        var seen: Set<ObjectIdentifier> = []
        while let subgraph = stack.popLast() {
            guard seen.insert(ObjectIdentifier(subgraph)).inserted, subgraph.valid else { continue }
            for index in subgraph.nodes {
                let nodeFlags = engine.node(index).pointee.subgraphFlags
                if flags.isEmpty || nodeFlags & flags.rawValue != 0 {
                    body(index)
                }
            }
            stack += subgraph.children.map(\.subgraph).reversed()
        }
    }
}

extension Subgraph {
    /// Parents and children mirror each other, and only valid subgraphs have children.
    func invariantViolations() -> [String] {
        var found: [String] = []
        if !valid && !children.isEmpty { found.append("invalidated subgraph \(subgraphID) still has children") }
        if !valid && !parents.isEmpty { found.append("invalidated subgraph \(subgraphID) is still listed by a parent") }
        for (child, _) in children {
            if !child.valid { found.append("subgraph \(subgraphID) lists invalidated child \(child.subgraphID)") }
            if !child.parents.contains(where: { $0.takeUnretainedValue() === self }) {
                found.append("child \(child.subgraphID) does not list parent \(subgraphID)")
            }
        }
        for parent in parents where !parent.takeUnretainedValue().children.contains(where: { $0.subgraph === self }) {
            found.append("parent \(parent.takeUnretainedValue().subgraphID) does not list child \(subgraphID)")
        }
        return found
    }
}

extension Subgraph: Hashable {
    public static func == (lhs: Subgraph, rhs: Subgraph) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

@available(*, unavailable)
extension Subgraph: Sendable {}

/// Whether a subgraph is still valid, kept by the subgraph up to date (``Subgraph/validity``).
/// Read it on the graph's thread.
package final class SubgraphValidity {
    package fileprivate(set) var isValid: Bool

    fileprivate init(isValid: Bool) {
        self.isValid = isValid
    }
}
