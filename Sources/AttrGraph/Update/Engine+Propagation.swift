/// Push phase: when a value changes, flag the consumers' edges *changed* and mark every
/// transitive dependent *dirty*. Nothing is recomputed and no values are compared here.
extension _Engine {
    /// Marks the input edges that read `index` as changed in every consumer (looking through
    /// indirect aliases), and makes sure those consumers are dirty.
    func markOutputsChanged(_ index: UInt32) {
        let id = attribute(index)
        let outputs = node(index).pointee.outputs
        for position in 0..<Int(outputs.count) {
            let consumerIndex = outputs[position].rawValue & _GraphRegistry.indexMask
            let consumer = node(consumerIndex)
            if consumer.pointee.flags.contains(.indirect) {
                markOutputsChanged(consumerIndex)
                continue
            }
            let edge = findInputEdge(consumer: consumerIndex, input: id)
            if edge >= 0 {
                consumer.pointee.inputs.base.unsafelyUnwrapped[edge].flags.insert(.changed)
            }
            consumer.pointee.flags.insert(.inputsChanged)
            if !consumer.pointee.flags.contains(.dirty) {
                markDirty(consumerIndex)
            } else {
                // Already dirty (the host has not read it since): the change still needs an update.
                raiseNeedsUpdate(subgraph: consumer.pointee.subgraph)
            }
        }
    }

    /// Marks `index` dirty (unless it is an input or an alias) and then every transitive
    /// dependent, stopping at nodes already dirty. Iterative: no native stack per level.
    func markDirty(_ index: UInt32) {
        if !setDirtyFlag(index) && !node(index).pointee.flags.contains(.indirect) {
            return
        }
        state.pointee.worklist.append(index)
        while !state.pointee.worklist.isEmpty {
            let next = state.pointee.worklist.removeLast()
            let outputs = node(next).pointee.outputs
            for position in 0..<Int(outputs.count) {
                let consumerIndex = outputs[position].rawValue & _GraphRegistry.indexMask
                if setDirtyFlag(consumerIndex) || node(consumerIndex).pointee.flags.contains(.indirect) {
                    state.pointee.worklist.append(consumerIndex)
                }
            }
        }
    }

    /// Marks the dependents of `index` dirty (not `index` itself, which already is).
    func markDependentsDirty(_ index: UInt32) {
        let outputs = node(index).pointee.outputs
        for position in 0..<Int(outputs.count) {
            markDirty(outputs[position].rawValue & _GraphRegistry.indexMask)
        }
    }

    /// Sets the dirty bit; returns whether it was newly set. Raises the owning context's
    /// needs-update flag and queues dirty observers.
    @inline(__always)
    private func setDirtyFlag(_ index: UInt32) -> Bool {
        let node = self.node(index)
        let flags = node.pointee.flags
        if flags.contains(.dirty) {
            if flags.contains(.running) {
                // Its own run made one of its inputs dirty again (a cycle): keep it dirty.
                node.pointee.flags.insert(.redirtied)
            }
            return false
        }
        if flags.contains(.indirect) || flags.contains(.external) || flags.contains(.free) {
            return false
        }
        node.pointee.flags.insert(.dirty)
        if flags.contains(.observer) {
            state.pointee.dirtyObservers.append(index)
        }
        raiseNeedsUpdate(subgraph: node.pointee.subgraph)
        return true
    }

    /// Raises the needs-update flag of the context owning `subgraph`, queueing its callback.
    @inline(__always)
    func raiseNeedsUpdate(subgraph: UInt32) {
        let context = state.pointee.subgraphContext[Int(subgraph)]
        if !state.pointee.contextNeedsUpdate[Int(context)] {
            state.pointee.contextNeedsUpdate[Int(context)] = true
            state.pointee.contextsToNotify.append(context)
        }
    }

    /// Calls the update callbacks of contexts whose needs-update flag was raised. Runs after
    /// the node table is consistent (callbacks are user code).
    func notifyContexts() {
        if state.pointee.contextsToNotify.isEmpty { return }
        storage.notifyContexts(engine: self)
    }
}
