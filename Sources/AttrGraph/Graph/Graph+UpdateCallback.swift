/// AttributeGraph's update callback (``Graph/onUpdate(_:)``), called when AttributeGraph calls
/// it: ``Graph/setNeedsUpdate()`` asks for it, and the next update outside any other (a read
/// that brings an attribute up to date, ``Subgraph/update(flags:)``, ``Graph/update()``) calls
/// it first, once per request, between `begin_graph_update` and `end_graph_update`.
///
/// The request is a flag per context plus one per storage (``GraphState/updateCallbacksRequested``),
/// which the update path tests only where it is about to update something: clean reads pay
/// nothing.
extension GraphStorage {
    /// Calls the update callbacks of the contexts that asked for them, until none asks again
    /// (a callback may call ``Graph/setNeedsUpdate()``). User code: called outside updates,
    /// with the node table consistent.
    func callRequestedUpdateCallbacks() {
        while state.pointee.updateCallbacksRequested {
            state.pointee.updateCallbacksRequested = false
            for graph in liveContexts where graph.updateCallbackRequested {
                graph.updateCallbackRequested = false
                guard let callback = graph.updateCallback else { continue }
                if _slowPath(state.pointee.traced) { engine.emit(.beginGraphUpdate(graph)) }
                callback()
                if _slowPath(state.pointee.traced) { engine.emit(.endGraphUpdate(graph)) }
            }
        }
    }
}

extension _Engine {
    /// Calls the requested update callbacks before the update of `index` (out of line: the
    /// read path's frames stay as small as they were). Returns whether `index` still needs
    /// updating: the callbacks may have brought it up to date, or destroyed it.
    @inline(never)
    func callRequestedUpdateCallbacks(before index: UInt32) -> Bool {
        storage.callRequestedUpdateCallbacks()
        let flags = node(index).pointee.flags
        return flags.rawValue & NodeFlags.needsUpdate.rawValue != 0 && !flags.contains(.free)
    }
}
