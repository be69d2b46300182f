import Foundation

/// Every environment variable AttrGraph and its companion libraries read, each read once per
/// process on first use. The README lists them all.
///
///     AG_PRINT_CYCLES=2 AG_TRAP_CYCLES=1 swift test
///
/// Values are parsed like AttributeGraph parses them: an integer (`atoi`); anything that is not
/// a number counts as 0.
public enum AGEnvironment {
    /// `AG_PRINT_CYCLES`: how much to print when a cycle is detected. **Default 1.**
    /// - 0: nothing.
    /// - 1: `=== AttributeGraph: cycle detected through attribute N ===`.
    /// - 2: also the evaluation stack (one `frame S.F: …` line per frame, innermost first, each
    ///   naming the body and value type), the cycle path, the nested update that caused it, `===`.
    /// - 3: also the Graphviz DOT of the attributes on the update stacks, before the stack.
    /// - 4: also writes the archive `cycle.ag-json` to the temporary directory and prints its path.
    public static let printCycles: Int = integer("AG_PRINT_CYCLES") ?? 1

    /// `AG_TRAP_CYCLES`: non-zero stops the process at the first cycle, after reporting it, with
    /// `precondition failure: cyclic graph: N` (a trap a debugger stops on; SIGILL on x86-64 Linux).
    public static let trapCycles: Bool = (integer("AG_TRAP_CYCLES") ?? 0) != 0

    /// `AG_TREE`: non-zero records each subgraph's tree of elements (``Subgraph/beginTreeElement(value:flags:)``;
    /// DeclarativeViews records its view hierarchy), which descriptions, archives and agdump show.
    /// ``Subgraph/setShouldRecordTree()`` turns it on from code.
    public static let recordTree: Bool = (integer("AG_TREE") ?? 0) != 0

    /// `AG_TRACE`: a path. Every graph is traced from its creation to the process's exit into
    /// this file, in the Chrome trace-event JSON format (open it in ui.perfetto.dev or
    /// chrome://tracing, or summarise it with `agdump FILE --summary`). See ``Graph/startTracing(_:options:)``.
    public static let tracePath: String? = ProcessInfo.processInfo.environment["AG_TRACE"].flatMap { $0.isEmpty ? nil : $0 }

    /// `AG_HANG_THRESHOLD_MS`: how long a run-loop turn may stay busy before RunLoopBridge's
    /// ``HangMonitor`` reports a hang. Default 250 ms.
    public static let hangThresholdMilliseconds: Int? = integer("AG_HANG_THRESHOLD_MS")

    /// `DV_RUN_SECONDS`, as set: a headless DeclarativeViews app exits with status 0 after this
    /// many seconds (fractions allowed) unless something stopped it earlier; anything but a
    /// non-negative number makes it stop with an error.
    public static let runSeconds: String? = ProcessInfo.processInfo.environment["DV_RUN_SECONDS"]

    /// `DV_PRINT_RENDER`: `1` makes a headless DeclarativeViews app print its text rendering to
    /// stdout after every update that changed it; `frames` adds each node's frame; `boxes`
    /// draws the layout as boxes instead.
    public static let printRender: String? = ProcessInfo.processInfo.environment["DV_PRINT_RENDER"]

    /// `DV_ARCHIVE`: a headless DeclarativeViews app that exits after `DV_RUN_SECONDS` writes its
    /// view graph's archive (for `agdump`) to this path first.
    public static let archivePath: String? = ProcessInfo.processInfo.environment["DV_ARCHIVE"]

    /// `DV_SCRIPT`: a file (or `-` for stdin) of steps that drive a headless DeclarativeViews app
    /// (`tap`, `toggle`, `type … into …`, `select`, `wait`, `print`), each step's rendering printed.
    public static let script: String? = ProcessInfo.processInfo.environment["DV_SCRIPT"]

    /// `DV_LAYOUT_FEEDBACK_THRESHOLD`: layout passes per view per run-loop turn after which the
    /// layout-feedback-loop detector reports the view and stops laying it out for that turn
    /// (like UIKit's `UIViewLayoutFeedbackLoopDebuggingThreshold`). Default 100.
    public static let layoutFeedbackThreshold: Int = integer("DV_LAYOUT_FEEDBACK_THRESHOLD") ?? 100

    package static func integer(_ name: String) -> Int? {
        guard let text = ProcessInfo.processInfo.environment[name] else { return nil }
        // atoi semantics: leading whitespace, optional sign, digits; anything else stops.
        let trimmed = text.drop(while: { $0 == " " || $0 == "\t" })
        var digits = ""
        for (offset, character) in trimmed.enumerated() {
            if character.isASCII, character.isNumber || (offset == 0 && (character == "-" || character == "+")) {
                digits.append(character)
            } else {
                break
            }
        }
        return Int(digits) ?? 0
    }
}

func _isMainThread() -> Bool {
    Thread.isMainThread
}
