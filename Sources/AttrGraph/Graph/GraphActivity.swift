import Synchronization

/// What one graph's update is doing now, readable from any thread: a hang watchdog asks it which
/// rule the graph's thread is running (``HangMonitor`` in RunLoopBridge).
///
///     let activity = graph.activity          // on the graph's thread; Sendable
///     // on the watchdog thread:
///     if let running = activity.snapshot().running { print("evaluating \(running)") }
///
/// The graph's thread publishes the running rule with relaxed atomic stores (two per rule run:
/// it and the update's root); type names are appended under a mutex when a type is first used.
/// Holding an activity keeps no graph alive and touches no graph memory.
package final class GraphActivity: Sendable {
    /// The running rule, packed as node index | type index << 32; 0 when no rule runs.
    let running = Atomic<UInt64>(0)
    /// The node at the bottom of the update stack, packed the same way; 0 outside an update.
    let root = Atomic<UInt64>(0)
    /// The graph's slot in the process table (the high bits of its attribute ids).
    let slot: UInt32
    /// ``Graph/TraceOptions`` in effect (``Graph/startTracing(_:options:)``); settable from any thread.
    let traceOptions = Atomic<UInt32>(0)
    /// Whether rule runs are profiled (``Graph/startProfiling(_:)``); settable from any thread.
    let profiling = Atomic<Bool>(false)
    /// Set by ``Graph/resetProfile(_:)`` from another thread: the data goes when the next update starts.
    let profileResetRequested = Atomic<Bool>(false)
    /// Whether traces are installed (``Graph/addTrace(_:context:)``); set on the graph's thread.
    let hasTraces = Atomic<Bool>(false)
    /// Exclusive use: the thread using the graph now, what it does, the thread it is pinned to
    /// (raw memory, freed with this object: see ``ExclusiveUseWords``).
    let exclusiveUse = ExclusiveUseWords.allocate()
    /// Body and value type names, by type index.
    private let typeNames = Locked<[(body: String, value: String)]>([])

    init(slot: UInt32) {
        self.slot = slot
    }

    deinit {
        exclusiveUse.deallocate()
    }

    /// Whether tracing or profiling was asked for (``_Instrumentation`` bits), so that an update
    /// episode starts with one relaxed load to learn that neither was.
    let requested = Atomic<UInt8>(0)

    /// Sets ``traceOptions`` (0: off) and what update episodes check.
    func setTraceOptions(_ word: UInt32) {
        traceOptions.store(word, ordering: .relaxed)
        updateRequested()
    }

    /// Sets ``profiling`` and what update episodes check.
    func setProfiling(_ on: Bool) {
        profiling.store(on, ordering: .relaxed)
        updateRequested()
    }

    /// Sets ``hasTraces`` and what update episodes check.
    func setHasTraces(_ on: Bool) {
        hasTraces.store(on, ordering: .relaxed)
        updateRequested()
    }

    /// Keeps ``requested`` in step with ``traceOptions``, ``profiling`` and ``hasTraces``.
    private func updateRequested() {
        var bits: UInt8 = 0
        if traceOptions.load(ordering: .relaxed) != 0 { bits |= _Instrumentation.trace.rawValue }
        if profiling.load(ordering: .relaxed) { bits |= _Instrumentation.profile.rawValue }
        if hasTraces.load(ordering: .relaxed) { bits |= _Instrumentation.events.rawValue }
        requested.store(bits, ordering: .relaxed)
    }

    /// What an update episode starting now records.
    @inline(__always)
    var instrumentation: _Instrumentation {
        let bits = requested.load(ordering: .relaxed)
        if _fastPath(bits == 0) { return [] }
        var result = _Instrumentation(rawValue: bits)
        if result.contains(.trace), !AGTrace.isEnabled { result.remove(.trace) }
        return result
    }

    /// The body and value type names of type index `type`.
    func typeName(_ type: UInt32) -> (body: String, value: String) {
        typeNames.withLock { Int(type) < $0.count ? $0[Int(type)] : ("?", "?") }
    }

    func typeAdded(body: String, value: String) {
        typeNames.withLock { $0.append((body, value)) }
    }

    @inline(__always)
    static func pack(node: UInt32, type: UInt32) -> UInt64 {
        UInt64(node) | UInt64(type) << 32
    }

    /// The attribute whose rule is running now and the attribute at the bottom of its update
    /// stack (the update it is part of), or `nil`s when the graph is not evaluating a rule. The
    /// graph's thread keeps running meanwhile, so the answer may already be out of date.
    package func snapshot() -> (running: UpdateStackEntry?, root: UpdateStackEntry?) {
        let runningWord = running.load(ordering: .relaxed)
        let rootWord = root.load(ordering: .relaxed)
        guard runningWord != 0 else { return (nil, nil) }
        return (entry(runningWord), rootWord == 0 ? nil : entry(rootWord))
    }

    private func entry(_ word: UInt64) -> UpdateStackEntry? {
        let node = UInt32(truncatingIfNeeded: word)
        let type = Int(word >> 32)
        guard let names = typeNames.withLock({ type < $0.count ? $0[type] : nil }) else { return nil }
        // The seed is left out: the answer is for people, not for reading the attribute.
        return UpdateStackEntry(
            attribute: AnyAttribute(rawValue: GraphRegistry.rawID(slot: slot, index: node, indirect: false)), bodyType: names.body,
            valueType: names.value)
    }
}

extension Graph {
    /// What this graph's update is doing now, for other threads (see ``GraphActivity``).
    package var activity: GraphActivity { storage.activity }
}
