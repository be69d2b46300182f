/// What an instrumented update episode records (``_Instrumentation``, decided when the episode
/// starts): rule runs and cut-offs in the timeline trace, run times in the profile. Kept out of
/// line: an uninstrumented episode pays a flag test per rule run and per cut-off.
extension _Engine {
    /// Called when tracing or profiling was requested (``GraphActivity/requested``): decides
    /// what this episode records.
    @inline(never)
    func beginInstrumentedEpisode() {
        state.pointee.instrumentation = state.pointee.activity.instrumentation
        if state.pointee.instrumentation.rawValue == 0 { return }
        if state.pointee.activity.profileResetRequested.exchange(false, ordering: .relaxed) {
            storage.profile = _Profile()
        }
        state.pointee.episodeStart = AGTrace.now()
        state.pointee.episodeRuleRuns = state.pointee.counters.updates
    }

    /// The episode as one span, named by the attribute at the bottom of its update stack.
    @inline(never)
    func endTracedEpisode() {
        let runs = Int(state.pointee.counters.updates &- state.pointee.episodeRuleRuns)
        guard runs > 0 else { return }
        let root = state.pointee.activity.root.load(ordering: .relaxed)
        let rootNode = UInt32(truncatingIfNeeded: root)
        let rootType = state.pointee.activity.typeName(UInt32(truncatingIfNeeded: root >> 32)).body
        AGTrace.complete(
            "update", category: "graph", start: state.pointee.episodeStart,
            args: [
                "graph": .int(Int(storage.graphID)), "root": .int(Int(attribute(rootNode).rawValue)),
                "rootType": .string(rootType), "ruleRuns": .int(runs),
            ])
        AGTrace.flush()
    }

    /// ``runRule(_:_:)``, timed: the run is recorded in the trace and/or the profile.
    @inline(never)
    func runRuleInstrumented(_ index: UInt32, _ node: UnsafeMutablePointer<_Node>) {
        let started = AGTrace.now()
        let changesBefore = state.pointee.counters.changes
        runRule(index, node)
        ruleRan(index, started: started, changed: state.pointee.counters.changes != changesBefore)
    }

    /// After a rule run that started at `started`.
    func ruleRan(_ index: UInt32, started: UInt64, changed: Bool) {
        let end = AGTrace.now()
        let typeIndex = node(index).pointee.typeIndex
        if state.pointee.instrumentation.contains(.profile) {
            storage.profile.record(attribute: attribute(index).rawValue, type: typeIndex, nanoseconds: end &- started,
                                   changed: changed)
        }
        if state.pointee.instrumentation.contains(.trace) {
            AGTrace.ruleRun(
                traceFragments(typeIndex), start: started, end: end, attribute: attribute(index).rawValue, changed: changed,
                graph: storage.graphID)
        }
    }

    /// The fixed parts of the events of rule type `typeIndex`.
    private func traceFragments(_ typeIndex: UInt32) -> TraceFragments {
        let position = Int(typeIndex)
        if position < storage.traceFragments.count, let fragments = storage.traceFragments[position] { return fragments }
        while storage.traceFragments.count <= position { storage.traceFragments.append(nil) }
        let names = state.pointee.activity.typeName(typeIndex)
        let fragments = TraceFragments(ruleType: names.body, valueType: names.value)
        storage.traceFragments[position] = fragments
        return fragments
    }

    /// A dirty attribute none of whose inputs changed: it is clean again without running.
    @inline(never)
    func cutOff(_ index: UInt32) {
        let names = state.pointee.activity.typeName(node(index).pointee.typeIndex)
        AGTrace.instant(
            "cut-off", category: "rule",
            args: ["attribute": .int(Int(attribute(index).rawValue)), "type": .string(names.body)])
    }
}

/// Run counts and times per attribute and per rule type (``Graph/startProfiling(_:)``).
struct _Profile {
    struct Entry: Equatable {
        var runs = 0
        var changes = 0
        var totalNanoseconds: UInt64 = 0
        var maxNanoseconds: UInt64 = 0

        mutating func add(_ nanoseconds: UInt64, changed: Bool) {
            runs += 1
            if changed { changes += 1 }
            totalNanoseconds &+= nanoseconds
            maxNanoseconds = max(maxNanoseconds, nanoseconds)
        }
    }

    /// By type index.
    var byType: [Entry] = []
    /// By attribute id.
    var byAttribute: [UInt32: (type: UInt32, entry: Entry)] = [:]

    var isEmpty: Bool { byAttribute.isEmpty }

    mutating func record(attribute: UInt32, type: UInt32, nanoseconds: UInt64, changed: Bool) {
        while byType.count <= Int(type) { byType.append(Entry()) }
        byType[Int(type)].add(nanoseconds, changed: changed)
        byAttribute[attribute, default: (type, Entry())].entry.add(nanoseconds, changed: changed)
    }
}
