import Foundation

/// The environment variables the engine reads, each once per process on first use (the
/// companion modules read their own: DeclarativeViews' `DV_*`, RunLoopBridge's
/// `AG_HANG_THRESHOLD_MS`). The README's table lists them all.
///
///     AG_PRINT_CYCLES=2 AG_TRAP_CYCLES=1 swift test
///
/// Each value is accepted in the form the README documents (integers for the numeric ones); any
/// other value is reported once, on the diagnostics stream, naming the variable, the value and
/// what is accepted, and the default is used (``EnvironmentSetting``).
public enum AGEnvironment {
    /// `AG_PRINT_CYCLES`: how much to print when a cycle is detected, an integer ≥ 0 (values above
    /// 4 print as much as 4). **Default 1.**
    /// - 0: nothing.
    /// - 1: `=== AttributeGraph: cycle detected through attribute N ===`.
    /// - 2: also the evaluation stack (one `frame S.F: …` line per frame, innermost first, each
    ///   naming the body and value type), the cycle path, the nested update that caused it, `===`.
    /// - 3: also the Graphviz DOT of the attributes on the update stacks, before the stack.
    /// - 4: also writes the archive `cycle.ag-json` to the temporary directory and prints its path.
    public static let printCycles: Int = printCycles()

    /// `AG_PRINT_CYCLES` read with another default (`agdump demo` prints the stack by default).
    package static func printCycles(default defaultValue: Int = 1, from source: EnvironmentSetting.Source = .process) -> Int {
        EnvironmentSetting.integer(
            "AG_PRINT_CYCLES", default: defaultValue, in: 0...Int.max,
            accepted: "an integer 0 or more (0 silent, 1 a line, 2 the stack, 3 the DOT, 4 the archive)", from: source)
    }

    /// `AG_TRAP_CYCLES`: an integer; non-zero stops the process at the first cycle, after
    /// reporting it, with `precondition failure: cyclic graph: N` (a trap a debugger stops on;
    /// SIGILL on x86-64 Linux). Default 0.
    public static let trapCycles: Bool = trapCycles()

    package static func trapCycles(from source: EnvironmentSetting.Source = .process) -> Bool {
        EnvironmentSetting.flag("AG_TRAP_CYCLES", from: source)
    }

    /// `AG_TREE`: an integer; non-zero records each subgraph's tree of elements
    /// (``Subgraph/beginTreeElement(value:flags:)``; DeclarativeViews records its view hierarchy),
    /// which descriptions, archives and agdump show. ``Subgraph/setShouldRecordTree()`` turns it on
    /// from code. Default 0.
    public static let recordTree: Bool = recordTree()

    package static func recordTree(from source: EnvironmentSetting.Source = .process) -> Bool {
        EnvironmentSetting.flag("AG_TREE", from: source)
    }

    /// `AG_TRACE`: a path. Every graph is traced from its creation to the process's exit into
    /// this file, in the Chrome trace-event JSON format (open it in ui.perfetto.dev or
    /// chrome://tracing, or summarise it with `agdump FILE --summary`). See ``Graph/startTracing(_:options:)``.
    /// A FIFO must have its reader running; a write that fails (a full disk) stops tracing, once,
    /// with a line on stderr.
    public static let tracePath: String? = tracePath()

    package static func tracePath(from source: EnvironmentSetting.Source = .process) -> String? {
        EnvironmentSetting.path("AG_TRACE", from: source)
    }

    /// `AG_ASYNC_LAYOUTS`: an integer; non-zero turns on AttributeGraph's background building of
    /// comparison layouts: a type's layout descriptor that is not built yet is queued for a
    /// background thread, and until it is built ``compareValues(_:_:options:)`` compares that
    /// type's values as their bytes and ``prefetchCompareValues(type:options:priority:)`` returns
    /// `nil` (unless the options say ``ComparisonOptions/fetchLayoutsSynchronously``). The
    /// engine's equality cut-off always uses the built layout. Default 0: layouts are built on
    /// first use, so no result depends on timing (AttributeGraph's default on Apple platforms is 1).
    public static let asyncLayouts: Bool = asyncLayouts()

    package static func asyncLayouts(from source: EnvironmentSetting.Source = .process) -> Bool {
        EnvironmentSetting.flag("AG_ASYNC_LAYOUTS", from: source)
    }

    /// `AG_PRINT_LAYOUTS`: an integer; non-zero prints each layout descriptor when it is built,
    /// on the diagnostics stream, as AttributeGraph does: `== Int, 8 bytes ==` and then the
    /// descriptor's instructions (`(layout #:length 18 #:address 0x… (== #:size 8 #:type Int))`).
    /// AttributeGraph's other bits (2: background queue statistics, 4: build times) print nothing
    /// more here. Default 0.
    public static let printLayouts: Bool = printLayouts()

    package static func printLayouts(from source: EnvironmentSetting.Source = .process) -> Bool {
        EnvironmentSetting.flag("AG_PRINT_LAYOUTS", from: source)
    }
}

func _isMainThread() -> Bool {
    Thread.isMainThread
}
