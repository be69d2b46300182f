extension Graph {
    /// AttributeGraph's graph counters.
    public enum CounterQueryType: UInt32, Sendable, CaseIterable {
        /// Attributes alive now.
        case nodes
        /// Update passes (outermost update stacks opened).
        case transactions
        /// Rule runs.
        case updates
        /// Value changes (writes that were not cut off).
        case changes
        case contextID
        case graphID
        /// 1 while this context's graph is updating on the calling thread.
        case contextThreadUpdating
        /// 1 while the graph is updating on the calling thread.
        case threadUpdating
        case contextNeedsUpdate
        /// 1 when any context of the storage needs an update.
        case needsUpdate
        /// Rule runs on the main thread.
        case mainThreadUpdates
        /// Attributes ever created.
        case createdNodes
        /// Subgraphs alive now.
        case subgraphs
        /// Subgraphs ever created.
        case createdSubgraphs
    }

    /// The value of counter `query`. O(1) except ``CounterQueryType/needsUpdate`` (O(contexts)).
    public func counter(for query: CounterQueryType) -> UInt64 {
        let state = storage.state
        let counters = state.pointee.counters
        switch query {
        case .nodes: return UInt64(state.pointee.liveNodes)
        case .transactions: return counters.transactions
        case .updates: return counters.updates
        case .changes: return counters.changes
        case .contextID: return contextID
        case .graphID: return storage.graphID
        case .contextThreadUpdating, .threadUpdating:
            return ThreadLocal.context.pointee.updating == state ? 1 : 0
        case .contextNeedsUpdate: return needsUpdate ? 1 : 0
        case .needsUpdate:
            return state.pointee.contextNeedsUpdate.elements.contains(true) ? 1 : 0
        case .mainThreadUpdates: return counters.mainThreadUpdates
        case .createdNodes: return counters.createdNodes
        case .subgraphs: return UInt64(storage.liveSubgraphCount)
        case .createdSubgraphs: return counters.createdSubgraphs
        }
    }

    /// Rule runs on the main thread (``CounterQueryType/mainThreadUpdates``).
    public var mainUpdates: Int { Int(counter(for: .mainThreadUpdates)) }
}
