/// AttributeGraph's invalidation callback (``Graph/onInvalidation(_:)``): a context hears that
/// a change in *another* context of its shared graph dirtied attributes of its own that
/// others read.
///
/// The rule, as AttributeGraph applies it while dirtying spreads from a changed attribute
/// `origin` (an input set, ``AnyAttribute/invalidateValue()``, a re-pointed indirect attribute):
/// an attribute that becomes dirty calls its context's callback with `origin` when
///
/// - it reads an attribute of another context (its inputs cross contexts),
/// - something reads it (it has outputs),
/// - its context is not `origin`'s, and
/// - the callback was not called since the graph last updated an attribute (AttributeGraph
///   counts reads; AttrGraph counts updates, ``Graph/CounterQueryType/updates``): one call per
///   batch of changes.
///
/// The callback runs after the dirtying is done (the node table is consistent), between
/// `begin_graph_invalidation` and `end_graph_invalidation` trace events. Looking for such
/// dirtying costs nothing in a graph none of whose contexts has an invalidation callback: the
/// push phase then takes its walk without reports (``ChangeReporting``).
extension _Engine {
    /// `index` just became dirty while the change of ``GraphState/dirtyOrigin`` spreads: queues
    /// its context's invalidation callback when the dirtying crosses contexts.
    @inline(never)
    func noteCrossContextDirtying(_ index: UInt32) {
        let node = self.node(index)
        if node.pointee.flags.contains(.observer) || node.outputs.count == 0 { return }
        let context = state.pointee.subgraphContext[Int(node.pointee.subgraph)]
        let origin = state.pointee.dirtyOrigin
        guard origin != 0, state.pointee.subgraphContext[Int(self.node(origin).pointee.subgraph)] != context else {
            return
        }
        var readsOtherContext = false
        for edge in node.inputs
        where state.pointee.subgraphContext[Int(self.node(edge.input).pointee.subgraph)] != context {
            readsOtherContext = true
            break
        }
        guard readsOtherContext else { return }
        storage.queueInvalidation(context: context, origin: attribute(origin))
    }
}

extension GraphStorage {
    /// Keeps ``GraphState/watchesCrossContextDirtying`` in step with the contexts' callbacks.
    func invalidationCallbacksChanged() {
        state.pointee.watchesCrossContextDirtying = liveContexts.contains { $0.invalidationCallback != nil }
    }

    /// Queues context `contextIndex`'s invalidation callback with `origin`, unless it was called
    /// since the graph last updated an attribute.
    func queueInvalidation(context contextIndex: UInt32, origin: AnyAttribute) {
        guard let graph = context(at: contextIndex), graph.invalidationCallback != nil else { return }
        let version = state.pointee.counters.updates
        guard graph.invalidationVersion != version else { return }
        graph.invalidationVersion = version
        pendingInvalidations.append((contextIndex, origin))
    }

    /// Calls the queued invalidation callbacks (user code: the node table is consistent).
    func callPendingInvalidations() {
        while !pendingInvalidations.isEmpty {
            let (contextIndex, origin) = pendingInvalidations.removeFirst()
            guard let graph = context(at: contextIndex), let callback = graph.invalidationCallback else { continue }
            if _slowPath(state.pointee.traced) { engine.emit(.beginGraphInvalidation(graph, origin)) }
            callback(origin)
            if _slowPath(state.pointee.traced) { engine.emit(.endGraphInvalidation(graph, origin)) }
        }
    }
}
