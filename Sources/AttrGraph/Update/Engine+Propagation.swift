/// Push phase: when a value changes, flag the consumers' edges *changed* and mark every
/// transitive dependent *dirty*. Nothing is recomputed and no values are compared here.
extension _Engine {
    /// Marks the input edges that read `index` as changed in every consumer (looking through
    /// indirect aliases), and makes sure those consumers are dirty. With `fromInput`, the change
    /// comes from outside the update (an input was set), so consumers that are already dirty
    /// still raise their context's needs-update flag.
    func markOutputsChanged(_ index: UInt32, fromInput: Bool = false) {
        // Aliases pass the change on to their own readers: each alias met is marked in turn from
        // this list (no native stack per alias; a chain of 100,000 aliases is a loop, not a
        // recursion). Empty, it allocates nothing.
        if _slowPath(state.pointee.reportsDirtying) {
            markOutputsChangedReporting(index, fromInput: fromInput)
            return
        }
        // Aliases met are queued on the worklist above `bottom` (no array to create and release
        // per write); the dirtying walks below use the worklist above their own bottom only.
        let bottom = state.pointee.worklist.count
        markOutputsChanged(of: index, fromInput: fromInput, aliases: nil, NotReportingChanges.self)
        while state.pointee.worklist.count > bottom {
            let alias = state.pointee.worklist.removeLast()
            markOutputsChanged(of: alias, fromInput: fromInput, aliases: nil, NotReportingChanges.self)
        }
    }

    /// ``markOutputsChanged(_:fromInput:)`` for a graph with traces: the same walk, reporting.
    @inline(never)
    private func markOutputsChangedReporting(_ index: UInt32, fromInput: Bool) {
        state.pointee.dirtyOrigin = index
        // An array of its own: the traces it reports to are user code.
        var aliases: [UInt32] = []
        markOutputsChanged(of: index, fromInput: fromInput, aliases: &aliases, ReportingChanges.self)
        while let alias = aliases.popLast() {
            markOutputsChanged(of: alias, fromInput: fromInput, aliases: &aliases, ReportingChanges.self)
        }
    }

    @inline(__always)
    private func markOutputsChanged<R: ChangeReporting>(
        of index: UInt32, fromInput: Bool, aliases: UnsafeMutablePointer<[UInt32]>?, _: R.Type
    ) {
        let outputs = node(index).outputs
        // Nothing below adds or removes this node's output edges: the list stays where it is.
        let outputBase = outputs.base
        let outputStride = MemoryLayout<OutputEdge>.stride
        // The subgraph whose context's needs-update flag was raised last: consumers usually share
        // one, and raising it again is a chain of dependent loads per consumer.
        var lastSubgraph = UInt32.max
        for position in 0..<Int(outputs.count) {
            let output = outputBase.load(fromByteOffset: position &* outputStride, as: OutputEdge.self)
            let consumerIndex = output.consumer
            let consumer = node(consumerIndex)
            let consumerFlags = consumer.pointee.flags
            if consumerFlags.contains(.indirect) {
                // Queued in `aliases` when given, else on the worklist (see the caller).
                if let aliases {
                    aliases.pointee.append(consumerIndex)
                } else {
                    state.pointee.worklist.append(consumerIndex)
                }
                continue
            }
            if R.reports {
                // The traces are user code: they may have cleared the flag meanwhile.
                lastSubgraph = .max
                if state.pointee.traced { traceEdgeChanging(consumer: consumerIndex, input: index) }
            }
            // Where the consumer's input list had this edge last time, if it still does.
            let inputs = consumer.inputs
            let hint = output.hint
            let hinted = inputs.base + hint &* MemoryLayout<InputEdge>.stride
            if hint < inputs.count && hinted.load(as: InputEdge.self).input == index {
                InputEdge.setFlag(.changed, onEdgeAt: hinted)
            } else {
                let edge = changedInputEdge(consumer: consumerIndex, input: index)
                if edge >= 0 {
                    inputs.setFlag(.changed, at: edge)
                    outputBase.storeBytes(
                        of: OutputEdge(consumer: consumerIndex, hint: edge), toByteOffset: position &* outputStride,
                        as: OutputEdge.self)
                }
            }
            // The consumer's new flags are written at once (a byte-sized write followed by the
            // word-sized read in `setDirtyFlag` would stall on store forwarding).
            var newFlags = consumerFlags.union(.inputsChanged)
            if fromInput, consumerFlags.contains(.running) {
                // An input set while a rule that reads it runs: the run's end would clear these
                // marks, so they are recorded and applied again after it (`runRule`).
                newFlags.insert(.redirtied)
                state.pointee.changedWhileRunning.append(PendingChange(consumer: consumerIndex, input: index))
            }
            let wasDirty = consumerFlags.contains(.dirty)
            let becomesDirty = !wasDirty && consumerFlags.rawValue & (NodeFlags.external.rawValue | NodeFlags.free.rawValue) == 0
            if becomesDirty { newFlags.insert(.dirty) }
            consumer.pointee.flags = newFlags
            if becomesDirty {
                noteNewlyDirty(consumerIndex, consumer, flags: consumerFlags, lastSubgraph: &lastSubgraph, R.self)
                markDependentsDirty(of: consumerIndex, lastSubgraph: &lastSubgraph, R.self)
            } else if wasDirty, fromInput {
                // Already dirty (the host has not read it since): the change still needs an update.
                let subgraph = consumer.pointee.subgraph
                if subgraph != lastSubgraph {
                    lastSubgraph = subgraph
                    raiseNeedsUpdate(subgraph: subgraph)
                }
            }
        }
    }

    /// Marks `index` dirty (unless it is an input or an alias) and then every transitive
    /// dependent, stopping at nodes already dirty. Iterative: no native stack per level.
    func markDirty(_ index: UInt32) {
        if _slowPath(state.pointee.reportsDirtying) {
            markDirtyReporting(index)
            return
        }
        markDirty(index, NotReportingChanges.self)
    }

    /// ``markDirty(_:)`` for a graph with traces: the same walk, reporting.
    @inline(never)
    private func markDirtyReporting(_ index: UInt32) {
        state.pointee.dirtyOrigin = index
        markDirty(index, ReportingChanges.self)
    }

    @inline(__always)
    private func markDirty<R: ChangeReporting>(_ index: UInt32, _: R.Type) {
        var lastSubgraph = UInt32.max
        if !setDirtyFlag(index, lastSubgraph: &lastSubgraph, R.self) && !node(index).pointee.flags.contains(.indirect) {
            return
        }
        markDependentsDirty(of: index, lastSubgraph: &lastSubgraph, R.self)
    }

    /// Marks every transitive dependent of `index` dirty, stopping at nodes already dirty.
    /// Iterative: no native stack per level.
    private func markDependentsDirty<R: ChangeReporting>(of index: UInt32, lastSubgraph: inout UInt32, _: R.Type) {
        let bottom = state.pointee.worklist.count
        var next = index
        while true {
            let outputs = node(next).outputs
            var follow: UInt32 = 0
            let queued = state.pointee.worklist.count
            for position in 0..<outputs.count {
                let consumerIndex = outputs.consumer(at: position)
                if setDirtyFlag(consumerIndex, lastSubgraph: &lastSubgraph, R.self)
                    || node(consumerIndex).pointee.flags.contains(.indirect)
                {
                    // Walk on into the first newly dirty consumer; queue the others.
                    if follow == 0 {
                        follow = consumerIndex
                    } else {
                        state.pointee.worklist.append(consumerIndex)
                    }
                }
            }
            if state.pointee.worklist.count - queued > 1 {
                // Last first, so that they are visited in edge order (dirty observers are then
                // queued in creation order, which `flushObservers` needs and need not sort).
                state.pointee.worklist.reverseElements(from: queued)
            }
            if follow != 0 {
                next = follow
            } else if state.pointee.worklist.count > bottom {
                next = state.pointee.worklist.removeLast()
            } else {
                break
            }
        }
    }

    /// Marks the dependents of `index` dirty (not `index` itself, which already is).
    func markDependentsDirty(_ index: UInt32) {
        let outputs = node(index).outputs
        for position in 0..<Int(outputs.count) {
            markDirty(outputs.consumer(at: position))
        }
    }

    /// Sets the dirty bit; returns whether it was newly set. Raises the owning context's
    /// needs-update flag and queues dirty observers.
    @inline(__always)
    private func setDirtyFlag<R: ChangeReporting>(_ index: UInt32, lastSubgraph: inout UInt32, _: R.Type) -> Bool {
        let node = self.node(index)
        let flags = node.pointee.flags
        if flags.contains(.dirty) {
            if flags.contains(.running) || node.pointee.updateCount != 0 {
                // Being updated (its run, or an input's, made one of its inputs dirty again): it
                // stays dirty when its update ends.
                node.pointee.flags.insert(.redirtied)
            }
            return false
        }
        if flags.contains(.indirect) || flags.contains(.external) || flags.contains(.free) {
            return false
        }
        node.pointee.flags.insert(.dirty)
        noteNewlyDirty(index, node, flags: flags, lastSubgraph: &lastSubgraph, R.self)
        return true
    }

    /// What a node that just became dirty needs besides its flag: an observer is queued for the
    /// next update, and its context's needs-update flag is raised.
    @inline(__always)
    private func noteNewlyDirty<R: ChangeReporting>(
        _ index: UInt32, _ node: UnsafeMutablePointer<_Node>, flags: NodeFlags, lastSubgraph: inout UInt32, _: R.Type
    ) {
        if flags.contains(.observer) {
            state.pointee.dirtyObservers.append(index)
        }
        if R.reports {
            if state.pointee.traced { traceDirty(index) }
            if state.pointee.watchesCrossContextDirtying { noteCrossContextDirtying(index) }
        }
        // Consecutive nodes usually share a subgraph: raise its context's flag once per run.
        let subgraph = node.pointee.subgraph
        if subgraph != lastSubgraph {
            lastSubgraph = subgraph
            raiseNeedsUpdate(subgraph: subgraph)
        }
    }

    /// Raises the needs-update flag of the context owning `subgraph`, queueing its callback.
    @inline(__always)
    func raiseNeedsUpdate(subgraph: UInt32) {
        let context = state.pointee.subgraphContext[Int(subgraph)]
        if !state.pointee.contextNeedsUpdate[Int(context)] {
            state.pointee.contextNeedsUpdate[Int(context)] = true
            state.pointee.contextsToNotify.append(context)
            if _slowPath(state.pointee.traced) { traceNeedsUpdate(context: context) }
        }
    }

    /// Calls the update callbacks of contexts whose needs-update flag was raised. Runs after
    /// the node table is consistent (callbacks are user code).
    func notifyContexts() {
        if _slowPath(state.pointee.watchesCrossContextDirtying) { storage.callPendingInvalidations() }
        while !state.pointee.contextsToNotify.isEmpty {
            let index = state.pointee.contextsToNotify.removeLast()
            // Most contexts have nobody to call: the storage object (and its context table, a
            // class property with a dynamic exclusivity check) is not touched for them.
            if state.pointee.contextHasCallbacks[Int(index)] {
                storage.notifyContext(at: index)
            }
        }
    }
}

/// Whether a push-phase walk reports the edges it marks changed and the attributes it makes dirty
/// to the graph's traces (``_Engine/traceEdgeChanging(consumer:input:)``, ``_Engine/traceDirty(_:)``)
/// and, when another context has an invalidation callback, the dirtying that crosses contexts
/// (``_Engine/noteCrossContextDirtying(_:)``). A type parameter, not a flag: the walk is compiled
/// twice, and the one a graph without traces or invalidation callbacks takes has no test in it.
protocol ChangeReporting {
    static var reports: Bool { get }
}

enum ReportingChanges: ChangeReporting {
    @inline(__always) static var reports: Bool { true }
}

enum NotReportingChanges: ChangeReporting {
    @inline(__always) static var reports: Bool { false }
}
