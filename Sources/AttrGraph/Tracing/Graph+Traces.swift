import CoreFoundation
import Foundation

/// Installing traces (AttributeGraph's `AGGraphAddTrace` family) and adding events to them.
///
///     let recorder = MyRecorder()
///     var trace = Graph.TraceType(version: .compareFailed) { context, graph in … } end_trace: { … } …
///     let id = withUnsafeMutablePointer(to: &trace) {
///         graph.addTrace($0, context: Unmanaged.passUnretained(recorder).toOpaque())
///     }
///     … the graph works; the callbacks run as it does …
///     graph.removeTrace(traceID: id)
///
/// Traces belong to the graph's storage: every context made with ``Graph/init(shared:)`` on it
/// reports to them. ``Graph/TraceType`` says which callback is called when. The graph keeps the
/// callbacks until the trace is removed: they must not hold the graph strongly.
///
/// What it costs: nothing while no trace is installed beyond what the engine paid before (update
/// episodes already test one flag; creating an attribute, setting a value, marking dependents
/// dirty and the like test one more). With a trace installed, updates take the engine's general
/// path (no specialised rule evaluation) and each event is one call per trace.
extension Graph {
    /// Installs the trace `trace` points to (its callbacks are copied now) with `context`, after
    /// calling its `begin_trace`. Returns its id, for ``removeTrace(traceID:)``.
    @discardableResult
    public func addTrace(_ trace: UnsafeMutablePointer<TraceType>, context: UnsafeMutableRawPointer?) -> UniqueID {
        let id = makeUniqueID()
        install(InstalledTrace(id: id, type: trace.pointee, context: context))
        return id
    }

    /// Removes the trace with id `traceID` and calls its `end_trace`. An unknown id does nothing.
    public func removeTrace(traceID: UniqueID) {
        let engine = storage.engine
        let entered = engine.enter("removing a trace")
        defer { engine.leave(entered) }
        let removed = storage.tracing.traces.filter { $0.id == traceID }
        guard !removed.isEmpty else { return }
        storage.tracing.traces.removeAll { $0.id == traceID }
        storage.tracesChanged()
        for trace in removed {
            trace.type.end_trace?(trace.context, self)
        }
    }

    /// AttributeGraph's single trace slot: removes the trace set before (calling its
    /// `end_trace`), then installs this one as ``addTrace(_:context:)`` does, with id 0.
    public func setTrace(_ trace: UnsafeMutablePointer<TraceType>, context: UnsafeMutableRawPointer?) {
        removeTrace(traceID: 0)
        install(InstalledTrace(id: 0, type: trace.pointee, context: context))
    }

    /// Removes the trace set with ``setTrace(_:context:)``, calling its `end_trace`.
    public func resetTrace() {
        removeTrace(traceID: 0)
    }

    /// Whether the graph reports to a trace: one installed with ``addTrace(_:context:)`` or
    /// ``setTrace(_:context:)``, or the timeline trace (``startTracing(_:options:)``, `AG_TRACE`).
    public var isTracingActive: Bool {
        let engine = storage.engine
        let entered = engine.enter("asking whether the graph is traced")
        defer { engine.leave(entered) }
        return !storage.tracing.traces.isEmpty || storage.activity.traceOptions.load(ordering: .relaxed) != 0
    }

    private func install(_ trace: InstalledTrace) {
        let engine = storage.engine
        let entered = engine.enter("adding a trace")
        defer { engine.leave(entered) }
        trace.type.begin_trace?(trace.context, self)
        storage.tracing.traces.append(trace)
        storage.tracesChanged()
    }

    // MARK: Custom events

    /// Adds the event named `event` with a copy of `value` to the traces' `custom_event`
    /// callbacks (which get its address, valid during the call, and its type).
    ///
    ///     "frame".withCString { graph.addTraceEvent($0, value: frameNumber) }
    public func addTraceEvent<Value>(_ event: UnsafePointer<CChar>, value: Value) {
        withUnsafePointer(to: value) { value in
            addTraceEvent(name: event, value: UnsafeRawPointer(value), type: Metadata(Value.self))
        }
    }

    /// Adds the event named `event` with the value at `context` to the traces' `custom_event`
    /// callbacks (which get that address).
    public func addTraceEvent<Value>(_ event: UnsafePointer<CChar>, context: UnsafePointer<Value>) {
        addTraceEvent(name: event, value: UnsafeRawPointer(context), type: Metadata(Value.self))
    }

    /// Adds the event named `name` with the value of type `type` at `value` to the traces'
    /// `custom_event` callbacks (AttributeGraph's `AGGraphAddTraceEvent`).
    public func addTraceEvent(name: UnsafePointer<CChar>, value: UnsafeRawPointer, type: Metadata) {
        let engine = storage.engine
        let entered = engine.enter("adding a trace event")
        defer { engine.leave(entered) }
        guard engine.state.pointee.traced || storage.timelineIsRecording else { return }
        engine.emit(.customEvent(self, name, value, type))
    }

    // MARK: Profile marks

    /// Marks this moment in the traces of every graph this thread can use now (their
    /// `profile_mark` callbacks, and the timeline trace). AttributeGraph's `AGGraphMarkProfile`.
    public static func markProfile(name: UnsafePointer<CChar>) {
        GraphRegistry.forEachGraphHeldForArchiving { storage in
            let engine = storage.engine
            guard engine.state.pointee.traced || storage.timelineIsRecording else { return }
            engine.emit(.profileMark(name))
        }
    }

    /// Forgets the profile data of every graph (``resetProfile(_:)`` with `nil`).
    public static func resetProfile() {
        resetProfile(nil)
    }

    // MARK: AttributeGraph's names for the timeline trace

    /// AttributeGraph's name for ``TraceOptions`` (`AGGraphTraceFlags`).
    public typealias TraceFlags = TraceOptions

    /// ``startTracing(_:options:)`` under AttributeGraph's labels.
    public static func startTracing(_ graph: Graph?, flags: TraceFlags) {
        startTracing(graph, options: flags)
    }

    /// ``startTracing(_:options:)``; AttrGraph records every subsystem, so `subsystems` only
    /// needs to be a valid list.
    public static func startTracing(_ graph: Graph?, flags: TraceFlags, subsystems: [String]) {
        startTracing(graph, options: flags)
    }

    /// Writes the timeline trace's buffered events to its file (``flushTrace()``).
    public func syncTracing() {
        Graph.flushTrace()
    }

    /// The timeline trace file `graph` (or any graph, with `nil`) is written to, if it is traced.
    public static func tracePath(_ graph: Graph?) -> CFString? {
        if let graph, graph.storage.activity.traceOptions.load(ordering: .relaxed) == 0 { return nil }
        guard let path = Graph.tracePath else { return nil }
        return CFStringCreateWithCString(nil, path, CFStringBuiltInEncodings.UTF8.rawValue)
    }
}

extension GraphStorage {
    /// Keeps the engine's flags in step with the installed traces: ``GraphState/traced`` for the
    /// events outside updates, ``GraphActivity``'s request bit for update episodes (an episode
    /// running now starts reporting at once).
    func tracesChanged() {
        let traced = !tracing.traces.isEmpty
        state.pointee.traced = traced
        activity.setHasTraces(traced)
        if traced, engine.isUpdating {
            state.pointee.instrumentation.insert(.events)
        } else if !traced, !engine.isUpdating {
            tracing.edgesRecordedWhileRunning.removeAll()
        }
    }

    /// Whether the timeline trace records this graph now (events outside update episodes).
    var timelineIsRecording: Bool {
        activity.traceOptions.load(ordering: .relaxed) != 0 && AGTrace.isEnabled
    }
}

extension GraphStorage {
    /// ``deadline`` changed: `set_deadline` (AttributeGraph reports each change).
    @inline(never)
    func traceDeadlineChanged() {
        let engine = self.engine
        let entered = engine.enter("setting a deadline")
        defer { engine.leave(entered) }
        engine.emit(.setDeadline(deadline))
    }

    /// An update found ``deadline`` passed: `passed_deadline`, once per deadline (AttributeGraph
    /// reports it when it first finds the deadline passed).
    @inline(never)
    func traceDeadlinePassed() {
        guard tracing.passedDeadline != deadline else { return }
        tracing.passedDeadline = deadline
        engine.emit(.passedDeadline)
    }
}
