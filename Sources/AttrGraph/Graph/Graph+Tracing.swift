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
    public static func startTracing(_ graph: Graph?, options: TraceOptions) {
        let word = options.union(.enabled).rawValue
        if let graph {
            graph.storage.activity.traceOptions.store(word, ordering: .relaxed)
        } else {
            _GraphRegistry.forEachActivity { $0.traceOptions.store(word, ordering: .relaxed) }
        }
    }

    /// Turns tracing off for `graph` (with `nil`, for every graph alive now).
    public static func stopTracing(_ graph: Graph?) {
        if let graph {
            graph.storage.activity.traceOptions.store(0, ordering: .relaxed)
        } else {
            _GraphRegistry.forEachActivity { $0.traceOptions.store(0, ordering: .relaxed) }
        }
    }

    /// The options tracing runs with for this graph; empty when it is not being traced
    /// (AttrGraph's addition: AttributeGraph has no getter). Contexts made with
    /// ``init(shared:)`` share their storage's tracing.
    public var traceOptions: TraceOptions {
        TraceOptions(rawValue: storage.activity.traceOptions.load(ordering: .relaxed))
    }
}
