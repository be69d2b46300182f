import AttrGraphShims
import Synchronization

/// Pull phase: bringing attributes up to date, running rules, recording dependencies, and
/// writing outputs with the equality cut-off.
extension _Engine {
    // MARK: Reading

    /// The address of `attribute`'s up-to-date value. Inside a rule of this graph the read is
    /// recorded as a dependency of the running rule.
    @inline(__always)
    func read(_ index: UInt32, _ attribute: AnyAttribute) -> UnsafeRawPointer {
        let node = self.node(index)
        let flags = node.pointee.flags
        let current = state.pointee.current
        // Clean, direct, with a value: the common case.
        if flags.rawValue & (NodeFlags.needsUpdate.rawValue | NodeFlags.indirect.rawValue
            | NodeFlags.free.rawValue | NodeFlags.valueExists.rawValue) == NodeFlags.valueExists.rawValue
        {
            if current == 0 {
                #if AG_INTERNAL_CHECKS
                checkUnrecordedRead()
                #endif
                checkForeignRead(attribute)
                return UnsafeRawPointer(node.pointee.value.unsafelyUnwrapped)
            }
            checkRuleReader(attribute)
            // Inside a rule, reading the input recorded at the expected position.
            let inputs = self.node(current).inputs
            let cursor = Int(state.pointee.cursor)
            if cursor < inputs.count, inputs[cursor].input == index {
                // After an out-of-order read (a rule that skipped an input this time), reads
                // that follow the recorded order again mark their edges read one by one.
                if !state.pointee.readsInOrder { inputs.setFlag(.enabled, at: cursor) }
                state.pointee.cursor = UInt32(truncatingIfNeeded: cursor &+ 1)
                return UnsafeRawPointer(node.pointee.value.unsafelyUnwrapped)
            }
            // Reading again one of the two inputs this run read last (a loop over the same input,
            // or alternating between two): already recorded, nothing to do. (The edge before the
            // cursor is always one this run read; the one before it only while reads are in order.)
            if cursor > 0,
                inputs[cursor &- 1].input == index
                    || (cursor > 1 && state.pointee.readsInOrder && inputs[cursor &- 2].input == index)
            {
                return UnsafeRawPointer(node.pointee.value.unsafelyUnwrapped)
            }
        }
        return readSlow(index, attribute, changed: nil)
    }

    /// The general read: records the dependency, follows aliases, updates, handles cycles.
    /// When `changed` is given it receives whether the read edge is marked changed.
    @inline(never)
    func readSlow(_ index: UInt32, _ attribute: AnyAttribute, changed: UnsafeMutablePointer<Bool>?)
        -> UnsafeRawPointer
    {
        #if AG_INTERNAL_CHECKS
        checkUnrecordedRead()
        #endif
        if node(index).pointee.flags.contains(.free) {
            _Misuse.destroyedAttribute(attribute)
        }
        let current = state.pointee.current
        if current != 0 {
            checkRuleReader(attribute)
            if current == index {
                _Misuse.cyclicEdge(self.attribute(current))
            }
            let edge = recordRead(consumer: current, input: index)
            if let changed {
                changed.pointee = node(current).inputs[edge].flags.contains(.changed)
            }
        } else {
            changed?.pointee = false
            checkForeignRead(attribute)
        }
        let (direct, offset) = resolveAlias(index)
        bringUpToDate(direct)
        let node = self.node(direct)
        if node.pointee.flags.contains(.free) {
            // The update this read started ended by destroying the attribute.
            _Misuse.destroyedDuringItsUpdate(attribute)
        }
        guard node.pointee.flags.contains(.valueExists) else {
            if node.pointee.flags.contains(.invalidated) {
                _Misuse.invalidatedDuringUpdate(attribute, type: typeSignature(direct))
            }
            _Misuse.noValue(attribute, type: type(node).pointee.valueType)
        }
        return UnsafeRawPointer(node.pointee.value.unsafelyUnwrapped + offset)
    }

    /// Inside a rule, a read records a dependency (it writes the rule's input list), so only the
    /// thread running the rule may make it: one thread-local load and a compare, in every build.
    /// (A function of its own, so that debug builds do not grow the frame of every nested read.)
    @inline(__always)
    func checkRuleReader(_ attribute: AnyAttribute) {
        if _slowPath(UnsafeMutableRawPointer(state.pointee.threadContext) != ag_thread_context()) {
            readInsideAnotherThreadsRule(attribute)
        }
    }

    /// A read on one thread while a rule of this graph runs on another: the read would be recorded
    /// as a dependency of that rule (and race with its update). Refused in every build.
    @inline(never)
    func readInsideAnotherThreadsRule(_ attribute: AnyAttribute) -> Never {
        let rule = self.attribute(state.pointee.current)
        _Misuse.fail(
            "AttrGraph: reading attribute \(attribute) on a thread that is not updating the graph, while the rule of "
                + "attribute \(rule) (\(typeSignature(state.pointee.current))) runs on the thread that is: the read would "
                + "be recorded as that rule's dependency. A graph is used by one thread at a time; read it from the "
                + "updating thread (inside the rule), or after the update has ended.")
    }

    /// A read outside this graph's rules while a rule of *another* graph is running on this
    /// thread would be a dependency the engine cannot record: report it instead. One
    /// thread-local load and a compare, in every build.
    @inline(__always)
    func checkForeignRead(_ attribute: AnyAttribute) {
        if let updating = ThreadLocal.existingContext?.pointee.updating, updating != state {
            foreignRead(attribute, updating: updating)
        }
    }

    @inline(never)
    func foreignRead(_ attribute: AnyAttribute, updating: UnsafeMutablePointer<GraphState>) {
        if updating.pointee.current != 0 {
            let reader = _Engine(updating).attribute(updating.pointee.current)
            _Misuse.fail(
                "AttrGraph: the rule of attribute \(reader) read attribute \(attribute), which belongs to another graph; "
                    + "dependencies cannot cross graphs. Create the graphs with Graph(shared:) to connect them, or "
                    + "wrap the read in Graph.withoutUpdate { } if it is not meant as a dependency.")
        }
    }

    /// Makes `index` (a direct node) up to date, applying the cycle contract when it is
    /// already being updated.
    @inline(__always)
    func bringUpToDate(_ index: UInt32) {
        let node = self.node(index)
        guard node.pointee.flags.rawValue & NodeFlags.needsUpdate.rawValue != 0 else { return }
        if node.pointee.updateCount > 0 {
            if handleReentry(index) {
                reevaluateReentrantly(index)
            }
        } else {
            updateNode(index)
        }
    }

    /// Follows indirect nodes to the direct node they alias, bringing each alias's dependency
    /// up to date first. Returns the direct node and the accumulated byte offset.
    @inline(__always)
    func resolveAlias(_ index: UInt32) -> (UInt32, Int) {
        guard node(index).pointee.flags.contains(.indirect) else { return (index, 0) }
        return resolveAliasSlow(index)
    }

    @inline(never)
    func resolveAliasSlow(_ start: UInt32) -> (UInt32, Int) {
        var index = start
        var offset = 0
        while node(index).pointee.flags.contains(.indirect) {
            let record = node(index).pointee.body.unsafelyUnwrapped.assumingMemoryBound(to: IndirectRecord.self)
            let dependency = record.pointee.dependency
            if dependency != .nil {
                let (dependencyEngine, dependencyIndex) = _Engine.resolveLive(dependency)
                let (direct, _) = dependencyEngine.resolveAlias(dependencyIndex)
                dependencyEngine.bringUpToDate(direct)
            }
            offset += Int(record.pointee.offset)
            index = localIndex(of: record.pointee.source, use: "the source of indirect attribute \(attribute(index))")
        }
        return (index, offset)
    }

    /// Records that the running rule `consumer` read node `input`; returns the edge's position.
    /// Reads usually repeat the previous run's order, so the expected edge is checked first.
    @inline(__always)
    func recordRead(consumer: UInt32, input: UInt32) -> Int {
        let consumerNode = node(consumer)
        let cursor = Int(state.pointee.cursor)
        let inputs = consumerNode.inputs
        if cursor < inputs.count, inputs[cursor].input == input {
            // In order: the edge is known read by its position (see `pruneUnreadInputs`).
            if !state.pointee.readsInOrder {
                inputs[cursor].flags.insert(.enabled)
            }
            state.pointee.cursor = UInt32(truncatingIfNeeded: cursor &+ 1)
            return cursor
        }
        return recordReadSlow(consumer: consumer, input: input)
    }

    @inline(never)
    func recordReadSlow(consumer: UInt32, input: UInt32) -> Int {
        let existing = findInputEdge(consumer: consumer, input: input)
        if existing < 0, state.pointee.readsInOrder, Int(state.pointee.cursor) == node(consumer).inputs.count,
            node(consumer).pointee.updateCount <= 1
        {
            // A new input read after every recorded one, all in order (a rule's first run, or one
            // that reads something new at its end): appended unmarked, and the reads stay in
            // order, so the run ends without the marking walk (see `pruneUnreadInputs`). A
            // re-entrant run marks its edges: the outermost run prunes by the marks.
            return appendReadEdge(consumer: consumer, input: input, flags: [])
        }
        if state.pointee.readsInOrder {
            // Out of order from here on: mark the in-order prefix read explicitly.
            state.pointee.readsInOrder = false
            let inputs = node(consumer).inputs
            for position in 0..<Int(state.pointee.cursor) {
                inputs[position].flags.insert(.enabled)
            }
        }
        if existing >= 0 {
            let inputs = node(consumer).inputs
            let cursor = Int(state.pointee.cursor)
            var position = existing
            if existing > cursor, node(consumer).pointee.updateCount <= 1 {
                // Read before the edge expected here: the two swap places, so that the list
                // converges on the order of the reads and the next run reads in order (a rule that
                // skipped an input last time otherwise leaves its edges out of order for good).
                // Edge positions are only ever looked up, never kept (the output edges' hints are
                // checked), so moving one is safe; a re-entrant run leaves the order alone.
                let displaced = inputs[cursor]
                inputs[cursor] = inputs[existing]
                inputs[existing] = displaced
                state.pointee.fanIn.invalidate(consumer)
                position = cursor
            }
            inputs.setFlag(.enabled, at: position)
            state.pointee.cursor = UInt32(position + 1)
            return position
        }
        return appendReadEdge(consumer: consumer, input: input, flags: .enabled)
    }

    /// Records a read of an input the running rule `consumer` had no edge from: a new edge at the
    /// end of its list, and the cursor after it.
    @inline(__always)
    private func appendReadEdge(consumer: UInt32, input: UInt32, flags: EdgeFlags) -> Int {
        let position = addInputEdge(consumer: consumer, input: input, flags: flags)
        state.pointee.cursor = UInt32(position + 1)
        if _slowPath(state.pointee.instrumentation.rawValue & _Instrumentation.events.rawValue != 0) {
            traceReadRecorded(consumer: consumer, input: input)
        }
        return position
    }

    // MARK: Updating

    /// Brings `root` up to date without native recursion over its known inputs: an explicit
    /// stack walks the inputs recorded by the previous run, updating dirty ones first, so that
    /// when a rule finally runs every input it read last time is already clean. Only inputs a
    /// rule reads for the first time can nest (one new update stack each).
    func updateNode(_ root: UInt32) {
        // Requested update callbacks run before an update outside any other: tested here, where
        // an update stack opens, not on every read that finds its attribute dirty.
        if _slowPath(state.pointee.updateCallbacksRequested), state.pointee.segments.isEmpty,
            !callRequestedUpdateCallbacks(before: root)
        {
            return
        }
        beginSegment()
        defer { endSegment() }
        if _slowPath(state.pointee.instrumentation.rawValue & _Instrumentation.events.rawValue != 0) {
            updateNodeTraced(root)
            return
        }
        updateInCurrentSegment(root)
    }

    /// The body of ``updateNode(_:)``, for callers that already opened an update stack
    /// (``Graph/update()`` brings every dirty observer up to date in one).
    func updateInCurrentSegment(_ root: UInt32) {
        let base = state.pointee.frames.count
        pushFrame(root)
        // The top frame's node and input position live in locals; the frame on the stack gets
        // the position only when the walk leaves it (to push an input, to run its rule, or to
        // report a cycle), which is when anything else can read it.
        var index = root
        var node = self.node(root)
        var position: UInt32 = 0
        while true {
            var next: UInt32 = 0
            // The input list does not change while it is walked: only code called out to (a
            // re-entrant evaluation) can change it, and the walk reloads it after that.
            var count = UInt32(truncatingIfNeeded: node.inputs.count)
            var edges = node.inputs.base
            while position < count {
                let edge = edges.load(
                    fromByteOffset: Int(position) &* MemoryLayout<InputEdge>.stride, as: InputEdge.self)
                let (direct, _) = resolveAlias(edge.input)
                let input = self.node(direct)
                if input.pointee.flags.rawValue & NodeFlags.needsUpdate.rawValue != 0 {
                    if input.pointee.updateCount == 0 {
                        next = direct
                        break
                    }
                    state.pointee.frames.pointer(at: state.pointee.frames.count - 1).pointee.inputIndex = position
                    let reevaluate = handleReentry(direct)
                    if reevaluate {
                        // Evaluated once more in place; the frame then sees its value (stale
                        // rules apply from here on) and moves past it.
                        reevaluateReentrantly(direct)
                    }
                    // Both called out (a cycle report, an initial value, the rule): look again.
                    count = UInt32(truncatingIfNeeded: node.inputs.count)
                    edges = node.inputs.base
                    if reevaluate { continue }
                }
                position &+= 1
            }
            state.pointee.frames.pointer(at: state.pointee.frames.count - 1).pointee.inputIndex = position
            if next != 0 {
                pushFrame(next)
                index = next
                node = self.node(next)
                position = 0
                continue
            }
            finishFrame(index, node)
            state.pointee.frames.removeLastUnchecked()
            node.pointee.updateCount &-= 1
            if state.pointee.frames.count <= base { return }
            // Back in the frame that pushed this one for its current input: move past it, even
            // if it is dirty again (a rule that set an input it read); a read brings it up to
            // date, so an input that keeps dirtying itself cannot hold the walk in a loop.
            let parent = state.pointee.frames.pointer(at: state.pointee.frames.count - 1)
            index = parent.pointee.node
            node = self.node(index)
            position = parent.pointee.inputIndex &+ 1
        }
    }

    /// Marks the top frame cancelled (AttributeGraph's `C` in stack listings).
    @inline(never)
    private func cancelFrame() {
        state.pointee.frames.pointer(at: state.pointee.frames.count - 1).pointee.flags.insert(.cancelled)
    }

    /// The cycle contract's re-entrant evaluation: run the rule of `index` (already on an update
    /// stack, without a value) once more, directly, without first walking the inputs its
    /// interrupted run recorded (they lead back into the cycle).
    func reevaluateReentrantly(_ index: UInt32) {
        beginSegment()
        defer { endSegment() }
        pushFrame(index)
        if _slowPath(state.pointee.instrumentation.rawValue != 0) {
            runRuleInstrumented(index, node(index))
        } else {
            runRule(index, node(index))
        }
        popFrame()
    }

    /// All inputs of `index` are up to date: run its rule if it is pending, an input changed or
    /// its body was mutated; otherwise clean it without running (the cut-off).
    @inline(__always)
    private func finishFrame(_ index: UInt32, _ node: UnsafeMutablePointer<_Node>) {
        let flags = node.pointee.flags
        if flags.rawValue & (NodeFlags.pending.rawValue | NodeFlags.inputsChanged.rawValue
            | NodeFlags.selfModified.rawValue) != 0
        {
            if _slowPath(state.pointee.updateCancelled), flags.contains(.valueExists) {
                // A cancelled update (``Graph/cancelUpdate()``): the attribute keeps its value
                // and stays dirty, for the next update.
                cancelFrame()
                return
            }
            if _slowPath(state.pointee.instrumentation.rawValue != 0) {
                runRuleInstrumented(index, node)
            } else if flags.contains(.observer) {
                runObserver(index, node)
            } else {
                runRule(index, node)
            }
        } else if _slowPath(state.pointee.instrumentation.rawValue & _Instrumentation.eventConsumers.rawValue != 0) {
            traceCutOff(index)
        }
        if node.pointee.flags.contains(.redirtied) {
            // Made dirty again while it was being updated: it stays dirty, and so do its dependents.
            node.pointee.flags.remove(.redirtied)
            if node.pointee.flags.contains(.observer) {
                state.pointee.dirtyObservers.append(index)
            }
            markDependentsDirty(index)
        } else {
            node.pointee.flags.remove(.dirty)
        }
    }

    /// Runs the rule of `index` with dependency recording, prunes inputs it no longer reads,
    /// and checks that it produced a value. Not inlined: the update walk stays small (its
    /// cut-off path is the hot one).
    @inline(never)
    func runRule(_ index: UInt32, _ node: UnsafeMutablePointer<_Node>) {
        runRule(index, node, specialised: true)
    }

    /// ``runRule(_:_:)``; with `specialised` `false` the rule runs through its vtable even when
    /// its type has a specialised update, so that its write goes through ``setOutput(_:_:)``
    /// (traced runs: the traces see the write).
    @inline(__always)
    func runRule(_ index: UInt32, _ node: UnsafeMutablePointer<_Node>, specialised: Bool) {
        let savedCurrent = state.pointee.current
        let savedCursor = state.pointee.cursor
        let savedInOrder = state.pointee.readsInOrder
        state.pointee.current = index
        state.pointee.cursor = 0
        state.pointee.readsInOrder = true
        countRun()
        let wasRunning = node.pointee.flags.contains(.running)
        node.pointee.flags.insert(.running)
        // Published for watchdogs on other threads (``GraphActivity``): relaxed stores.
        let savedActivity = state.pointee.activity.running.load(ordering: .relaxed)
        state.pointee.activity.running.store(
            GraphActivity.pack(node: index, type: node.pointee.typeIndex), ordering: .relaxed)
        if state.pointee.activity.root.load(ordering: .relaxed) == 0 {
            let root = state.pointee.frames.isEmpty ? index : state.pointee.frames[0].node
            state.pointee.activity.root.store(
                GraphActivity.pack(node: root, type: self.node(root).pointee.typeIndex), ordering: .relaxed)
        }
        let body = node.pointee.body.unsafelyUnwrapped
        if specialised, let update = state.pointee.fastUpdates[Int(node.pointee.typeIndex)] {
            // The rule's specialised update: runs the body, compares and stores the value.
            let flags = UnsafeMutableRawPointer(node).assumingMemoryBound(to: UInt16.self)
            let value = node.pointee.value.unsafelyUnwrapped
            // Through a guaranteed reference to the box: the closure is not retained (the
            // graph's state owns the box until the graph goes). Unoptimised builds take a copy:
            // there the guaranteed reference costs a generic frame and a closure frame, which a
            // nested first evaluation pays per level (``StackGuard``).
            #if AG_INTERNAL_CHECKS
            let changed = update.takeUnretainedValue().function(body, value, flags)
            #else
            let changed = update._withUnsafeGuaranteedRef { $0.function(body, value, flags) }
            #endif
            if changed {
                state.pointee.counters.changes &+= 1
                if node.outputs.count != 0 {
                    markOutputsChanged(index)
                }
            }
        } else if specialised, let evaluate = state.pointee.fastEvaluates[Int(node.pointee.typeIndex)] {
            #if AG_INTERNAL_CHECKS
            storeEvaluatedValue(index, node, body: body, evaluate: evaluate.takeUnretainedValue().function)
            #else
            evaluate._withUnsafeGuaranteedRef { storeEvaluatedValue(index, node, body: body, evaluate: $0.function) }
            #endif
        } else {
            type(node).pointee.vtable.update(self, node: index, body: body)
        }
        state.pointee.activity.running.store(savedActivity, ordering: .relaxed)
        // A re-entrant run (the node is on the stack more than once) leaves the pruning to the
        // outermost run, whose reads are still being recorded.
        if node.pointee.updateCount <= 1 {
            pruneUnreadInputs(index, node)
        }
        // One write of the whole flags word: a byte-sized write just before a word-sized read of
        // the same flags stalls the load (no store forwarding).
        node.pointee.flags.remove(
            wasRunning ? [.pending, .inputsChanged, .selfModified] : [.running, .pending, .inputsChanged, .selfModified])
        if !state.pointee.changedWhileRunning.isEmpty {
            applyChangesMadeWhileRunning(index)
        }
        state.pointee.current = savedCurrent
        state.pointee.cursor = savedCursor
        state.pointee.readsInOrder = savedInOrder
        if !node.pointee.flags.contains(.valueExists) {
            _Misuse.failedInitialValue(attribute(index), bodyType: type(node).pointee.bodyType)
        }
    }

    /// Counts one rule run (AttributeGraph's `updates` and `mainThreadUpdates` counters).
    @inline(__always)
    private func countRun() {
        state.pointee.counters.updates &+= 1
        if state.pointee.onMainThread {
            state.pointee.counters.mainThreadUpdates &+= 1
        }
    }

    /// An observer's "rule" (``ObserverVTable/update(_:node:body:)``) only queues its
    /// notification, and its one edge is always enabled: counted as a run like any rule, without
    /// the recording a rule needs.
    @inline(__always)
    private func runObserver(_ index: UInt32, _ node: UnsafeMutablePointer<_Node>) {
        countRun()
        state.pointee.firedObservers.append(index)
        node.inputs.clearFlag(.changed, upTo: node.inputs.count)
        node.pointee.flags.remove([.pending, .inputsChanged, .selfModified])
    }

    /// After a run: drops input edges the rule did not read (unless always-enabled) and clears
    /// the per-run marks on the rest.
    ///
    /// When the rule read its recorded inputs in their recorded order (the common case), the
    /// read edges are exactly `0..<cursor` and carry no marks: only their changed bits are cleared.
    private func pruneUnreadInputs(_ index: UInt32, _ node: UnsafeMutablePointer<_Node>) {
        let inputs = node.inputs
        let count = inputs.count
        if state.pointee.readsInOrder {
            let read = Int(state.pointee.cursor)
            inputs.clearFlag(.changed, upTo: read)
            if read == count { return }
        }
        let inOrderPrefix = state.pointee.readsInOrder ? Int(state.pointee.cursor) : 0
        var write = inOrderPrefix
        for position in inOrderPrefix..<count {
            var edge = inputs[position]
            if edge.flags.contains(.enabled) || edge.flags.contains(.alwaysEnabled) {
                edge.flags.remove([.enabled, .changed])
                inputs[write] = edge
                write += 1
            } else if !self.node(edge.input).pointee.flags.contains(.free) {
                if _slowPath(state.pointee.instrumentation.rawValue & _Instrumentation.events.rawValue != 0) {
                    traceInputPruned(consumer: index, input: edge.input)
                }
                self.node(edge.input).outputs.removeFirst(index)
            }
        }
        inputs.truncate(to: write)
        state.pointee.fanIn.invalidate(index)
    }

    /// Inputs of `index` set while its rule ran (by the rule itself or code it called) were
    /// recorded by ``markOutputsChanged(_:fromInput:)``: the run may have used the old value, so
    /// their edges are marked changed again now that the run's own marks are cleared. The node
    /// stays dirty (it was flagged `redirtied`), and its next update runs the rule again. This is
    /// AttributeGraph's behaviour: a rule that sets an input it read is dirty again afterwards.
    @inline(never)
    private func applyChangesMadeWhileRunning(_ index: UInt32) {
        var kept = 0
        let count = state.pointee.changedWhileRunning.count
        for position in 0..<count {
            let change = state.pointee.changedWhileRunning[position]
            if change.consumer != index {
                state.pointee.changedWhileRunning[kept] = change
                kept += 1
                continue
            }
            let edge = node(index).inputs.firstIndex(of: change.input)
            if edge >= 0 {
                node(index).inputs.setFlag(.changed, at: edge)
                node(index).pointee.flags.insert(.inputsChanged)
            }
        }
        state.pointee.changedWhileRunning.truncate(to: kept)
    }

    // MARK: Writing

    /// Writes the output of the running rule `index`, comparing with the previous value: only a
    /// real change flags the consumers' edges.
    @inline(__always)
    func setOutput<Value>(_ index: UInt32, _ newValue: consuming Value) {
        let node = self.node(index)
        let slot = node.pointee.value.unsafelyUnwrapped.assumingMemoryBound(to: Value.self)
        if _slowPath(state.pointee.instrumentation.rawValue & _Instrumentation.events.rawValue != 0) {
            withUnsafePointer(to: newValue) { traceOutput(index, UnsafeRawPointer($0)) }
        }
        if node.pointee.flags.contains(.valueExists) {
            let equal = withUnsafePointer(to: newValue) { type(node).pointee.valuesEqual(slot, $0) }
            if equal { return }
            slot.pointee = newValue
        } else {
            slot.initialize(to: newValue)
            node.pointee.flags.insert(.valueExists)
        }
        state.pointee.counters.changes += 1
        if node.outputs.count != 0 {
            markOutputsChanged(index)
        }
    }

    /// Runs a rule through its specialised evaluation into scratch memory, then stores the value
    /// as ``setOutput(_:_:)`` does: compared with the type's comparison, moved into place (a byte
    /// copy; the type is bitwise-takable) only when it changed. Out of line, so that ``runRule``
    /// stays as small as it was for the other kinds of rules.
    @inline(never)
    func storeEvaluatedValue(
        _ index: UInt32, _ node: UnsafeMutablePointer<_Node>, body: UnsafeMutableRawPointer,
        evaluate: _RuleEvaluateFunction
    ) {
        let record = type(node)
        let size = record.pointee.valueSize
        if size <= MemoryLayout<SmallScratch>.size, record.pointee.blockAlignment <= MemoryLayout<SmallScratch>.alignment {
            // Most values (numbers, small structs, references) fit in a fixed stack buffer.
            var scratch = SmallScratch()
            withUnsafeMutableBytes(of: &scratch) { scratch in
                storeEvaluatedValue(index, scratch.baseAddress.unsafelyUnwrapped, size: size, body: body, evaluate: evaluate)
            }
            return
        }
        withUnsafeTemporaryAllocation(byteCount: max(size, 1), alignment: record.pointee.blockAlignment) { scratch in
            storeEvaluatedValue(index, scratch.baseAddress.unsafelyUnwrapped, size: size, body: body, evaluate: evaluate)
        }
    }

    @inline(__always)
    private func storeEvaluatedValue(
        _ index: UInt32, _ computed: UnsafeMutableRawPointer, size: Int, body: UnsafeMutableRawPointer,
        evaluate: _RuleEvaluateFunction
    ) {
        evaluate(body, computed)
        // The rule may have created or destroyed attributes: look the node up again.
        let node = self.node(index)
        let record = type(node)
        let slot = node.pointee.value.unsafelyUnwrapped
        if node.pointee.flags.contains(.valueExists) {
            if size == 8 && record.pointee.valueIsPOD && record.pointee.compareKind == .bitwise {
                // One word of plain data compared by its bytes (Int, Double in bitwise mode): inline.
                let new = computed.load(as: UInt64.self)
                if slot.load(as: UInt64.self) == new { return }
                slot.storeBytes(of: new, as: UInt64.self)
            } else {
                if record.pointee.valuesEqual(slot, computed) {
                    if !record.pointee.valueIsPOD { record.pointee.vtable.destroyValue(computed) }
                    return
                }
                if !record.pointee.valueIsPOD { record.pointee.vtable.destroyValue(slot) }
                slot.copyMemory(from: computed, byteCount: size)
            }
        } else {
            slot.copyMemory(from: computed, byteCount: size)
            node.pointee.flags.insert(.valueExists)
        }
        state.pointee.counters.changes += 1
        if node.outputs.count != 0 {
            markOutputsChanged(index)
        }
    }

    /// Sets the value of `index` from outside its rule (an input, or overriding a rule's value
    /// when no update is running). Returns whether the value changed.
    func setValue<Value>(_ index: UInt32, offset: Int, _ newValue: UnsafePointer<Value>) -> Bool {
        let entered = enter("setting an attribute's value")
        defer { leave(entered) }
        let node = self.node(index)
        guard let valueAddress = node.pointee.value else {
            _Misuse.fail("AttrGraph: attribute \(attribute(index)) has no value storage to set.")
        }
        if !node.pointee.flags.contains(.external), isUpdating, state.pointee.current != index {
            _Misuse.setComputedDuringUpdate(attribute(index), bodyType: type(node).pointee.bodyType)
        }
        if _slowPath(state.pointee.traced) { traceValueSet(index, UnsafeRawPointer(newValue)) }
        let slot = (valueAddress + offset).assumingMemoryBound(to: Value.self)
        if node.pointee.flags.contains(.valueExists) {
            let record = type(node)
            if offset == 0, record.pointee.valueIsPOD {
                // Plain data (this code is not specialised for `Value`): compared with the type's
                // comparison and stored as bytes, without value-witness calls.
                if record.pointee.valuesEqual(slot, newValue) { return false }
                UnsafeMutableRawPointer(slot).copyMemory(from: newValue, byteCount: MemoryLayout<Value>.size)
            } else {
                let equal: Bool
                if offset == 0 {
                    equal = record.pointee.valuesEqual(slot, newValue)
                } else {
                    // Part of the value, through an offset attribute: compared as its own type.
                    equal = _ComparisonLayout.of(Value.self, mode: record.pointee.mode).equal(slot, newValue)
                }
                if equal { return false }
                slot.update(from: newValue, count: 1)
            }
        } else {
            guard offset == 0 else {
                _Misuse.fail("AttrGraph: cannot set part of attribute \(attribute(index)) before it has a value.")
            }
            slot.initialize(from: newValue, count: 1)
            node.pointee.flags.insert(.valueExists)
            node.pointee.flags.remove(.pending)
        }
        state.pointee.counters.changes += 1
        markOutputsChanged(index, fromInput: true)
        notifyContexts()
        return true
    }

    /// Marks a computed node to re-run on its next read and its dependents dirty; for an input,
    /// marks its readers' edges changed and them dirty.
    func invalidateValue(_ index: UInt32) {
        let entered = enter("invalidating an attribute's value")
        defer { leave(entered) }
        let node = self.node(index)
        if _slowPath(state.pointee.traced), !node.pointee.flags.contains(.indirect) {
            traceMarkValue(index)
            if !node.pointee.flags.contains(.external), !node.pointee.flags.contains(.pending) { tracePending(index) }
        }
        if node.pointee.flags.contains(.indirect) { return }
        if node.pointee.flags.contains(.external) {
            // An input has no rule to run again: as in AttributeGraph, its readers see it
            // changed (their edges are marked changed, they and their dependents become dirty).
            markOutputsChanged(index, fromInput: true)
            notifyContexts()
            return
        }
        node.pointee.flags.insert(.pending)
        if node.pointee.flags.contains(.dirty) {
            // Already dirty: dependents are dirty too (invariant); just make it re-run.
            return
        }
        markDirty(index)
        notifyContexts()
    }
}

/// Stack scratch for a rule's new value (``_Engine/storeEvaluatedValue(_:_:body:evaluate:)``):
/// 32 bytes, 16-byte aligned.
struct SmallScratch {
    var low = SIMD2<UInt64>()
    var high = SIMD2<UInt64>()
}
