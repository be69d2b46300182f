/// The engine's invariants, as an executable check.
///
/// Debug builds (`AG_INTERNAL_CHECKS`) run it at the end of update episodes, amortised: once the
/// work done since the last check (rule runs, creations, episodes) is as large as the graph, so
/// that the checks cost about as much as the work they check. Tests call ``Graph/checkInvariants()``
/// directly after every step they want pinned.
extension _Engine {
    #if AG_INTERNAL_CHECKS
    func checkInvariantsAfterEpisode() {
        let counters = state.pointee.counters
        let work = Int(truncatingIfNeeded: counters.updates &+ counters.createdNodes &+ counters.transactions)
        if work &- state.pointee.workSinceInvariantCheck < state.pointee.liveNodes { return }
        state.pointee.workSinceInvariantCheck = work
        checkInvariants()
    }
    #endif

    /// Traps, listing what is wrong, when an invariant does not hold.
    func checkInvariants() {
        let violations = invariantViolations(limit: 10)
        if !violations.isEmpty {
            _Misuse.fail("AttrGraph internal error: graph invariants do not hold:\n" + violations.joined(separator: "\n"))
        }
    }

    /// What is wrong with the node table, its edges, side tables and subgraphs (at most `limit`
    /// findings). O(nodes + edges + subgraphs).
    func invariantViolations(limit: Int) -> [String] {
        var found: [String] = []
        func fail(_ text: @autoclosure () -> String) {
            if found.count < limit { found.append(text()) }
        }
        let highWater = state.pointee.highWater
        let updating = isUpdating

        // The free list holds exactly the free slots, once each.
        var freeCount = 0
        var onFreeList = Set<UInt32>()
        var next = state.pointee.freeHead
        while next != 0 {
            guard next < highWater, onFreeList.insert(next).inserted else {
                fail("free list: loops or leaves the table at \(next)")
                break
            }
            if !node(next).pointee.flags.contains(.free) { fail("free list: slot \(next) is not free") }
            freeCount += 1
            next = node(next).pointee.typeIndex
        }
        if freeCount != Int(highWater) - 1 - state.pointee.liveNodes {
            fail("free list: \(freeCount) free slots, but \(highWater - 1) slots and \(state.pointee.liveNodes) live nodes")
        }

        // Nodes listed by valid subgraphs.
        var listed = Set<UInt32>()
        for subgraph in storage.allSubgraphs where subgraph.isValid {
            for index in subgraph.nodes where !listed.insert(index).inserted {
                fail("node \(rawID(index)) is listed twice by the subgraphs")
            }
            found += subgraph.invariantViolations().prefix(max(0, limit - found.count))
        }

        for index in UInt32(1)..<highWater {
            let node = self.node(index)
            let flags = node.pointee.flags
            if flags.contains(.free) {
                if !onFreeList.contains(index) { fail("slot \(index) is free but not on the free list") }
                continue
            }
            let id = rawID(index)
            if node.pointee.body == nil { fail("node \(id) has no body") }
            if Int(node.pointee.typeIndex) >= state.pointee.types.count { fail("node \(id) has an unknown type") }
            guard let subgraph = storage.subgraph(at: node.pointee.subgraph) else {
                fail("node \(id) belongs to subgraph slot \(node.pointee.subgraph), which is empty")
                continue
            }
            if !subgraph.isValid && !flags.contains(.invalidated) {
                fail("node \(id) lives in an invalidated subgraph but is not marked for destruction")
            }
            if subgraph.isValid, !flags.contains(.observer), !flags.contains(.invalidated), !listed.contains(index) {
                fail("node \(id) is not listed by its subgraph")
            }
            if flags.contains(.invalidated) && !updating && !storage.deferringInvalidation {
                fail("node \(id) was invalidated but not destroyed after the update")
            }
            if !updating {
                if node.pointee.updateCount != 0 { fail("node \(id) is still counted as updating") }
                if flags.contains(.running) || flags.contains(.cyclic) || flags.contains(.cycleReported) {
                    fail("node \(id) keeps per-update marks after the update")
                }
            }
            // Edges mirror each other: each input edge has one output entry, and back.
            var seenInputs = Set<UInt32>()
            for edge in node.inputs {
                if !seenInputs.insert(edge.input).inserted { fail("node \(id) reads \(rawID(edge.input)) twice") }
                guard edge.input != 0, edge.input < highWater, !self.node(edge.input).pointee.flags.contains(.free) else {
                    fail("node \(id) reads destroyed slot \(edge.input)")
                    continue
                }
                if !self.node(edge.input).outputs.contains(consumer: index) {
                    fail("edge \(rawID(edge.input)) -> \(id) is missing from the input's outputs")
                }
            }
            for consumer in node.outputs.consumers {
                guard consumer != 0, consumer < highWater, !self.node(consumer).pointee.flags.contains(.free) else {
                    fail("node \(id) lists destroyed consumer slot \(consumer)")
                    continue
                }
                if self.node(consumer).inputs.firstIndex(of: index) < 0 {
                    fail("output \(id) -> \(rawID(consumer)) is missing from the consumer's inputs")
                }
            }
            // Push-dirty: whatever needs an update has dirty dependents (through aliases).
            if !updating, !flags.contains(.indirect), !flags.contains(.external), !flags.contains(.observer) {
                if flags.contains(.pending) && !flags.contains(.dirty) { fail("node \(id) is pending but not dirty") }
                if flags.contains(.dirty) {
                    var stack = node.outputs.consumers
                    var visited = Set<UInt32>()
                    while let consumer = stack.popLast() {
                        guard visited.insert(consumer).inserted else { continue }
                        let consumerFlags = self.node(consumer).pointee.flags
                        if consumerFlags.contains(.free) { continue }
                        if consumerFlags.contains(.indirect) {
                            stack += self.node(consumer).outputs.consumers
                        } else if !consumerFlags.contains(.dirty) && !consumerFlags.contains(.invalidated) {
                            fail("node \(id) is dirty but its dependent \(rawID(consumer)) is clean")
                        }
                    }
                }
            }
            if let record = indirectRecord(index), owns(record.pointee.source) {
                let source = GraphRegistry.index(record.pointee.source.rawValue)
                let sourceLive = source < highWater && !self.node(source).pointee.flags.contains(.free)
                    && (record.pointee.source.seed == 0 || record.pointee.source.seed == self.node(source).pointee.generation)
                if sourceLive && node.inputs.firstIndex(of: source) < 0 {
                    fail("indirect node \(id) has no edge from its source \(rawID(source))")
                }
            }
        }

        // Side tables hold only live nodes.
        for (key, alias) in storage.offsetAliases {
            guard alias < highWater, let record = indirectRecord(alias), !node(alias).pointee.flags.contains(.free),
                OffsetAliasKey(record.pointee, sourceIndex: key.source) == key
            else {
                fail("offset alias table: entry for source \(rawID(key.source)) names slot \(alias), not its alias")
                continue
            }
        }
        if let consumer = state.pointee.fanIn.indexedConsumer, node(consumer).pointee.flags.contains(.free) {
            fail("fan-in index: kept for destroyed slot \(consumer)")
        }
        if !updating && !state.pointee.changedWhileRunning.isEmpty {
            fail("changes recorded while rules ran were not applied")
        }
        let counted = storage.allSubgraphs.count { $0.isValid } + storage.pendingSubgraphRemovals
        if storage.liveSubgraphCount != counted {
            fail("subgraph count: \(storage.liveSubgraphCount), but \(counted) valid subgraphs (or invalidated in a deferred batch)")
        }
        return found
    }
}

extension Graph {
    /// Walks the graph's node table, edges, side tables and subgraphs, and traps listing what is
    /// inconsistent. O(attributes + edges + subgraphs). For tests and debugging; debug builds
    /// also run it at the end of update episodes (amortised).
    @_spi(Debug)
    public func checkInvariants() {
        let entered = storage.engine.enter("checkInvariants")
        defer { storage.engine.leave(entered) }
        storage.engine.checkInvariants()
    }

    /// What ``checkInvariants()`` would report, without trapping (empty when consistent).
    @_spi(Debug)
    public func invariantViolations() -> [String] {
        storage.engine.invariantViolations(limit: 20)
    }
}

extension Graph {
    /// Entries in the shared offset-alias table (one per live key-path or offset projection).
    @_spi(Debug)
    public var offsetAliasCount: Int { storage.offsetAliases.count }
}
