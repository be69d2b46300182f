/// What an instrumented update episode records (``_Instrumentation``, decided when the episode
/// starts): rule runs and cut-offs for the event stream's consumers (the timeline trace,
/// installed traces), run times in the profile. Kept out of line: an uninstrumented episode pays
/// a flag test per rule run and per cut-off.
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

    /// ``runRule(_:_:)`` in an instrumented episode: timed for the profile, and reported to the
    /// event stream's consumers (the timeline, installed traces) as a value update. With traces
    /// installed the rule runs through its vtable, so that they see its write
    /// (``_Engine/setOutput(_:_:)``).
    @inline(never)
    func runRuleInstrumented(_ index: UInt32, _ node: UnsafeMutablePointer<_Node>) {
        let instrumentation = state.pointee.instrumentation
        let reported = instrumentation.rawValue & _Instrumentation.eventConsumers.rawValue != 0
        let run = reported ? traceRuleRunning(index) : TracedRun(attribute: nil)
        let profiled = instrumentation.contains(.profile)
        let started = profiled ? AGTrace.now() : 0
        let changesBefore = state.pointee.counters.changes
        runRule(index, node, specialised: !instrumentation.contains(.events))
        let changed = state.pointee.counters.changes != changesBefore
        if profiled {
            storage.profile.record(
                attribute: attribute(index).rawValue, type: self.node(index).pointee.typeIndex,
                nanoseconds: AGTrace.now() &- started, changed: changed)
        }
        // A re-entrant evaluation (the attribute is on the update stack more than once) does not
        // finish its frame: the outermost one resets the attribute's state.
        if reported { traceRuleRan(index, run, changed: changed, finishing: self.node(index).pointee.updateCount <= 1) }
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
