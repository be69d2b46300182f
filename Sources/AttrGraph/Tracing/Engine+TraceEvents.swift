/// Where the engine reports its events (``TraceEvent``): one function per kind of event site,
/// called from the site behind a flag — ``GraphState/traced`` outside update episodes, the
/// episode's ``_Instrumentation`` inside them — and kept out of line, so that a graph nobody
/// traces pays a flag test at the site and nothing else.
extension _Engine {
    /// Delivers `event` to the installed traces, in installation order, then to the timeline
    /// trace when it records this graph. The traces' list is copied first: a callback may
    /// remove traces.
    @inline(never)
    func emit(_ event: TraceEvent) {
        if state.pointee.traced {
            let traces = storage.tracing.traces
            for trace in traces {
                trace.receive(event)
            }
        }
        if state.pointee.activity.traceOptions.load(ordering: .relaxed) != 0 {
            TimelineTrace.receive(event, engine: self)
        }
    }

    /// The id of node `index` for events: observers are AttrGraph's own nodes, which
    /// AttributeGraph has no counterpart for, so their events are not reported.
    @inline(__always)
    private func reportedAttribute(_ index: UInt32) -> AnyAttribute? {
        node(index).pointee.flags.contains(.observer) ? nil : attribute(index)
    }

    // MARK: Creating

    /// A direct attribute was created, with `value` as its value when given.
    @inline(never)
    func traceAttributeCreated(_ index: UInt32, value: UnsafeRawPointer?) {
        let attribute = attribute(index)
        emit(.nodeAdded(attribute))
        if let value { emit(.nodeSetValue(attribute, value)) }
    }

    /// An indirect attribute was created.
    @inline(never)
    func traceIndirectCreated(_ index: UInt32) {
        emit(.indirectNodeAdded(attribute(index)))
    }

    // MARK: Values

    /// An input's value is being set (to `value`, maybe equal to the one it has).
    @inline(never)
    func traceValueSet(_ index: UInt32, _ value: UnsafeRawPointer) {
        emit(.nodeSetValue(attribute(index), value))
    }

    /// The running rule `index` writes `value` (its slot still holds the value it had): the
    /// write, and the failed comparison when the two differ.
    @inline(never)
    func traceOutput(_ index: UInt32, _ value: UnsafeRawPointer) {
        guard state.pointee.traced, let attribute = reportedAttribute(index) else { return }
        emit(.nodeSetValue(attribute, value))
        let node = self.node(index)
        guard node.pointee.flags.contains(.valueExists), storage.tracing.wantCompareFailed else { return }
        let record = type(node)
        let slot = UnsafeRawPointer(node.pointee.value.unsafelyUnwrapped)
        if !record.pointee.valuesEqual(slot, value) {
            emit(
                .compareFailed(
                    attribute,
                    ComparisonState(
                        destination: slot, source: value, fieldRange: FieldRange(offset: 0, size: record.pointee.valueSize),
                        fieldType: Metadata(record.pointee.valueType))))
        }
    }

    /// ``AnyAttribute/invalidateValue()`` on `index`, before its state changes.
    @inline(never)
    func traceMarkValue(_ index: UInt32) {
        emit(.nodeMarkValue(attribute(index)))
    }

    /// `index` became pending (it will run its rule on its next update).
    @inline(never)
    func tracePending(_ index: UInt32) {
        guard let attribute = reportedAttribute(index) else { return }
        emit(.nodeSetPending(attribute, true))
    }

    /// `index` became dirty.
    @inline(never)
    func traceDirty(_ index: UInt32) {
        guard let attribute = reportedAttribute(index) else { return }
        emit(.nodeSetDirty(attribute, true))
    }

    /// The needs-update flag of context `contextIndex` was raised.
    @inline(never)
    func traceNeedsUpdate(context contextIndex: UInt32) {
        guard let graph = storage.context(at: contextIndex) else { return }
        emit(.graphNeedsUpdate(graph))
    }

    // MARK: Edges

    /// The edge `consumer ← input` is about to be marked changed (the input's value changed):
    /// reported pending unless it already is.
    @inline(never)
    func traceEdgeChanging(consumer: UInt32, input: UInt32) {
        guard let attribute = reportedAttribute(consumer) else { return }
        let inputs = node(consumer).inputs
        let position = inputs.firstIndex(of: input)
        if position >= 0, inputs[position].flags.contains(.changed) { return }
        emit(.nodeSetEdgePending(attribute, input: self.attribute(input), true))
    }

    /// ``AnyAttribute/addInput(_:options:token:)`` added (`added`) or re-flagged the edge
    /// `consumer ← input`: the edge, and its pending mark when the consumer is dirty.
    @inline(never)
    func traceInputAdded(consumer: UInt32, input: UInt32, options: InputOptions, added: Bool) {
        let attribute = attribute(consumer)
        let inputAttribute = self.attribute(input)
        emit(.nodeAddEdge(attribute, input: inputAttribute, options))
        if added, node(consumer).pointee.flags.contains(.dirty) {
            emit(.nodeSetEdgePending(attribute, input: inputAttribute, true))
        }
    }

    /// The running rule `consumer` read `input` for the first time: a new edge, pending (the
    /// rule is dirty while it runs), and no longer pending once the run ends (``traceRuleRan``).
    @inline(never)
    func traceReadRecorded(consumer: UInt32, input: UInt32) {
        guard state.pointee.traced, let attribute = reportedAttribute(consumer) else { return }
        let inputAttribute = self.attribute(input)
        emit(.nodeAddEdge(attribute, input: inputAttribute, []))
        emit(.nodeSetEdgePending(attribute, input: inputAttribute, true))
        storage.tracing.edgesRecordedWhileRunning.append((consumer, input))
    }

    /// The rule `consumer` did not read `input` this run: the edge is dropped.
    @inline(never)
    func traceInputPruned(consumer: UInt32, input: UInt32) {
        guard state.pointee.traced, let attribute = reportedAttribute(consumer) else { return }
        emit(.nodeRemoveEdge(attribute, input: self.attribute(input)))
    }

    /// `nodes` are about to be destroyed (their subgraphs were invalidated): the edges from them
    /// into attributes that survive go, in AttributeGraph's order (last created first), and
    /// those attributes become pending.
    @inline(never)
    func traceDestroying(_ nodes: [UInt32]) {
        var madePending: Set<UInt32> = []
        for index in nodes.reversed() where !node(index).pointee.flags.contains(.free) {
            let outputs = node(index).outputs
            for position in 0..<outputs.count {
                let consumer = outputs.consumer(at: position)
                let flags = node(consumer).pointee.flags
                if flags.contains(.invalidated) || flags.contains(.free) || flags.contains(.indirect)
                    || flags.contains(.observer)
                {
                    continue
                }
                emit(.nodeRemoveEdge(attribute(consumer), input: attribute(index)))
                if !flags.contains(.pending), madePending.insert(consumer).inserted {
                    emit(.nodeSetPending(attribute(consumer), true))
                }
            }
        }
    }

    // MARK: Updates

    /// ``updateNode(_:)`` with the node update reported around it. Its end reports `changed`
    /// as AttributeGraph does: `false` when an update that aborts if cancelled (the one
    /// ``AnyAttribute/prefetchValue()`` opens) was cancelled (``Graph/cancelUpdate()``, a passed
    /// deadline), `true` otherwise.
    @inline(never)
    func updateNodeTraced(_ root: UInt32) {
        let attribute = reportedAttribute(root)
        if state.pointee.traced, let attribute { emit(.beginNodeUpdate(attribute)) }
        updateInCurrentSegment(root)
        if state.pointee.traced, let attribute {
            let aborted = state.pointee.updateCancelled
                && state.pointee.segments.count == state.pointee.abortingSegmentDepth
            emit(.endNodeUpdate(attribute, changed: !aborted))
        }
    }

    /// What a rule run's events need from before it: which input edges were pending and whether
    /// it was. Reports the run's start.
    func traceRuleRunning(_ index: UInt32) -> TracedRun {
        guard let attribute = reportedAttribute(index) else { return TracedRun(attribute: nil) }
        var run = TracedRun(attribute: attribute)
        if state.pointee.traced {
            let node = self.node(index)
            run.wasPending = node.pointee.flags.contains(.pending)
            run.pendingInputs = node.inputs.filter { $0.flags.contains(.changed) }.map(\.input)
            run.recordedBefore = storage.tracing.edgesRecordedWhileRunning.count
        }
        emit(.beginValueUpdate(attribute))
        return run
    }

    /// After a rule run (`changed`: whether a value changed meanwhile): its end, then — when the
    /// frame is finishing (`finishing`), as AttributeGraph resets it — its input edges no longer
    /// pending, the attribute clean unless it was made dirty again, and no longer pending.
    func traceRuleRan(_ index: UInt32, _ run: TracedRun, changed: Bool, finishing: Bool) {
        guard let attribute = run.attribute else { return }
        emit(.endValueUpdate(attribute, changed: changed))
        guard state.pointee.traced else { return }
        var pendingInputs = run.pendingInputs
        if storage.tracing.edgesRecordedWhileRunning.count > run.recordedBefore {
            var kept: [(consumer: UInt32, input: UInt32)] = []
            for edge in storage.tracing.edgesRecordedWhileRunning[run.recordedBefore...] {
                if edge.consumer == index { pendingInputs.append(edge.input) } else { kept.append(edge) }
            }
            storage.tracing.edgesRecordedWhileRunning.replaceSubrange(run.recordedBefore..., with: kept)
        }
        for input in pendingInputs.reversed() where !node(input).pointee.flags.contains(.free) {
            emit(.nodeSetEdgePending(attribute, input: self.attribute(input), false))
        }
        let node = self.node(index)
        if finishing, node.pointee.flags.contains(.dirty), !node.pointee.flags.contains(.redirtied) {
            emit(.nodeSetDirty(attribute, false))
        }
        if run.wasPending, !node.pointee.flags.contains(.pending) {
            emit(.nodeSetPending(attribute, false))
        }
    }

    /// A dirty attribute none of whose inputs changed is cleaned without running (the cut-off).
    @inline(never)
    func traceCutOff(_ index: UInt32) {
        guard let attribute = reportedAttribute(index) else { return }
        emit(.cutOff(attribute))
        if state.pointee.traced, !node(index).pointee.flags.contains(.redirtied) {
            emit(.nodeSetDirty(attribute, false))
        }
    }
}

/// What ``_Engine/traceRuleRunning(_:)`` keeps for ``_Engine/traceRuleRan(_:_:changed:finishing:)``.
struct TracedRun {
    /// `nil` when the run is not reported (an observer's).
    var attribute: AnyAttribute?
    var wasPending = false
    var pendingInputs: [UInt32] = []
    var recordedBefore = 0
}

extension _Engine {
    /// ``compareValues(_:_:options:)`` with ``ComparisonOptions/traceCompareFailed`` found `lhs`
    /// and `rhs` unequal: reported for the rule running on this thread, if any.
    @inline(never)
    static func traceCompareFailed(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, size: Int, type: Any.Type) {
        guard let state = ThreadLocal.existingContext?.pointee.updating, state.pointee.traced,
            state.pointee.current != 0
        else { return }
        let engine = _Engine(state)
        guard engine.storage.tracing.wantCompareFailed, let attribute = engine.reportedAttribute(state.pointee.current)
        else { return }
        engine.emit(
            .compareFailed(
                attribute,
                ComparisonState(
                    destination: lhs, source: rhs, fieldRange: FieldRange(offset: 0, size: size), fieldType: Metadata(type))))
    }
}
