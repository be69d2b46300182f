import Foundation

extension Graph {
    /// What a trace records (AttributeGraph's `AGGraphTraceOptions`). Passed to
    /// ``startTracing(_:options:)``.
    public struct TraceOptions: OptionSet, Sendable, Hashable {
        public var rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        public static let enabled = TraceOptions(rawValue: 1 << 0)
        public static let full = TraceOptions(rawValue: 1 << 1)
        public static let backtrace = TraceOptions(rawValue: 1 << 2)
        public static let prepare = TraceOptions(rawValue: 1 << 3)
        public static let custom = TraceOptions(rawValue: 1 << 4)
        public static let all = TraceOptions(rawValue: 1 << 5)
    }

    /// Turns tracing on for `graph` (with `nil`, for every graph alive now, on any thread) with
    /// `options`; ``enabled`` is implied. Tracing stays on until ``stopTracing(_:)``.
    ///
    /// The graph's updates, rule runs (attribute, rule and value type, whether the value
    /// changed), cut-offs, nested updates, cycles and observer callbacks go to the process's
    /// timeline trace (``tracePath``): the `AG_TRACE` file if set, else
    /// `attrgraph-trace-PID.json` in the temporary directory (its path is printed). The file is
    /// Chrome trace-event JSON, for ui.perfetto.dev, chrome://tracing or `agdump FILE --summary`.
    public static func startTracing(_ graph: Graph?, options: TraceOptions) {
        _ = startTraceFile()
        let word = options.union(.enabled).rawValue
        forEachActivity(graph) { $0.setTraceOptions(word) }
    }

    /// Turns tracing off for `graph` (with `nil`, for every graph alive now).
    public static func stopTracing(_ graph: Graph?) {
        forEachActivity(graph) { $0.setTraceOptions(0) }
    }

    /// `graph`'s activity, or with `nil` every live graph's (AttributeGraph's `nil` = all graphs).
    static func forEachActivity(_ graph: Graph?, _ body: (GraphActivity) -> Void) {
        if let graph {
            body(graph.storage.activity)
        } else {
            GraphRegistry.forEachActivity(body)
        }
    }

    /// The timeline trace file being written, if any (AttrGraph's addition).
    public static var tracePath: String? { AGTrace.path }

    /// Writes the trace's buffered events to its file now (they are also written at the end of
    /// every outermost update, before a trap, and at exit).
    public static func flushTrace() {
        AGTrace.flush()
    }

    /// Stops every graph's tracing and closes the trace file, which is then one JSON value
    /// (otherwise this happens at exit). A later ``startTracing(_:options:)`` starts the file afresh.
    public static func finishTrace() {
        stopTracing(nil)
        AGTrace.finish()
    }

    /// Starts the trace file (`AG_TRACE`, else one in the temporary directory) unless it is open.
    @discardableResult
    static func startTraceFile() -> Bool {
        if AGTrace.isEnabled { return true }
        let path = AGEnvironment.tracePath
            ?? (NSTemporaryDirectory() as NSString).appendingPathComponent("attrgraph-trace-\(getpid()).json")
        switch AGTrace.start(path: path) {
        case .success(let used):
            if AGEnvironment.tracePath == nil {
                DiagnosticSink.default("AttrGraph: tracing to \(used) (open it in ui.perfetto.dev, or run agdump \(used) --summary)\n")
            }
            return true
        case .failure(let error):
            DiagnosticSink.default("AttrGraph: cannot write the trace to \(error.path): \(error.reason); tracing is off\n")
            return false
        }
    }

    /// `AG_TRACE`: whether every graph is traced from its creation (decided once).
    static let tracesEveryGraph: Bool = AGEnvironment.tracePath != nil && startTraceFile()

    /// The options tracing runs with for this graph; empty when it is not being traced
    /// (AttrGraph's addition: AttributeGraph has no getter). Contexts made with
    /// ``init(shared:)`` share their storage's tracing.
    public var traceOptions: TraceOptions {
        TraceOptions(rawValue: storage.activity.traceOptions.load(ordering: .relaxed))
    }
}
