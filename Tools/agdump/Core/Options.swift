import AttrGraphArchive
import Foundation

/// agdump's command line.
package struct Options: Equatable, Sendable {
    package enum Output: Equatable, Sendable {
        case dot
        case summary
        case json
        case svg(String)
        case png(String)
        case profile
    }

    /// The input path, `-` for stdin, or `nil` (stdin when it is not a terminal).
    package var input: String?
    package var demo = false
    package var output: Output = .dot
    /// Whether an output flag was given (a trace's default output is its summary).
    package var outputChosen = false
    /// `-o FILE`: write here instead of stdout.
    package var outputFile: String?
    package var clusterSubgraphs = false
    /// `--no-trees`: leave recorded trees out of the DOT.
    package var drawTrees = true
    package var includeValues = false
    package var around: UInt32?
    package var depth = 2
    package var only: Set<UInt32>?
    package var typePattern: String?
    package var rankdir: String?
    /// Which graph of a multi-graph archive; `nil` picks the one that recorded a cycle, else the largest.
    package var graphIndex: Int?
    /// `--connect URL`: read the archive from this running debug server instead of a file.
    package var connect: DebugProtocol.Address?
    /// `--timeout SECONDS`: how long `--connect` waits for the whole exchange.
    package var timeout = DebugClient.defaultTimeout
    /// The most bytes read, or decompressed, from the input.
    package var maxSize = ArchiveReader.defaultMaxSize
    /// `--svg` / `--png` even past Graphviz's size limits.
    package var force = false
    /// A trace's `--svg` / `--png`: the part to draw.
    package var window = TraceTimeline.Window()
    package var help = false
    /// `--version`: print the version and stop.
    package var version = false

    package init() {}

    package static let usage = """
        agdump: turn AttributeGraph / AttrGraph graph archives into Graphviz DOT, and timeline
        traces (AG_TRACE) into summaries and pictures.

        USAGE
          agdump [FILE | -] [--dot | --summary | --json | --profile | --svg OUT | --png OUT] [options]
          agdump TRACE.json [--summary | --svg OUT | --png OUT] [--from MS] [--to MS]
          agdump --connect URL [--dot | --summary | --json | --svg OUT | ...] [options]
          agdump demo [options]          build a graph with a real cycle and dump it
                                         (agdump demo --help: the options that apply to it)
          agdump --help | --version

        INPUT
          FILE is an archive written by AttrGraph's Graph.archiveJSON(name:), by AG_PRINT_CYCLES=4
          (cycle.ag-json), or by AttributeGraph's AGGraphArchiveJSON on a Mac: plain JSON (.ag-json)
          or zlib/gzip/raw-deflate compressed JSON (.ag-gzon), detected from the content; JSON in
          UTF-8 (with or without a byte-order mark), UTF-16 or UTF-32. FILE may be a FIFO or
          /dev/stdin; "-" reads stdin (also the default when stdin is not a terminal).
          A timeline trace (AG_TRACE=FILE or Graph.startTracing; Chrome trace-event JSON, an array of
          events) is recognised by its content; one cut short (it ends inside its array: no
          closing "]", or in the middle of an event) is read up to its last complete event, and
          the output says so; an error before the end is an error, as for an archive.
          --connect URL asks a running process's debug server (DebugServer.start(mode: .valid) prints
          graph://127.0.0.1:PORT/?token=N) for every live graph, and reads the reply as an archive.

        OUTPUT (one of; --dot is the default)
          --dot                Graphviz DOT with AttributeGraph's styles: bold = a value at an end of
                               the graph (nothing feeds it, like an input, or nothing reads it yet),
                               dashed = no value yet, red = dirty, cyan = updating, red edge =
                               changed, thick edge = crosses graph contexts, box = indirect. A
                               recorded cycle is drawn in magenta.
          --summary            counts of nodes, edges, subgraphs, recorded trees (as an outline),
                               types (top types by node count),
                               dirty nodes, and the recorded cycle, if any
          --json               the archive normalised (keys sorted) and pretty-printed
          --profile            the profile an archive carries (Graph.startProfiling): rule types and
                               attributes by total time and by runs
          (a trace)            --summary (its default): rule types and attributes by total time and
                               runs, the longest updates, run-loop turns and view bodies, nested
                               updates, cycles, hangs; --svg OUT: the timeline, one band per thread,
                               nested spans, cycles marked in red (no Graphviz needed);
                               --png OUT: the same picture through Graphviz
          --from MS, --to MS   a trace's --svg/--png: draw only this part (milliseconds from the
                               trace's start), to see what a long span hides
          --svg OUT, --png OUT render through Graphviz `dot` (must be on PATH) into OUT
          -o FILE              write the DOT / summary / JSON to FILE instead of stdout: a regular
                               file is replaced whole or not at all, a symbolic link's target is
                               written, a FIFO or device is written straight through

        OPTIONS
          --cluster-subgraphs  draw each subgraph as a cluster
          --no-trees           leave out recorded trees (AG_TREE=1, Subgraph.beginTreeElement),
                               which are otherwise drawn as a green cluster beside the graph,
                               with dashed edges to the attributes their values live in
          --include-values     show values in node labels (archives keep them)
          --around ID          only attribute ID (as printed in "cycle detected through
                               attribute ID") and its neighbourhood ...
          --depth K            ... up to K edges away in either direction (default 2)
          --only IDS           only these attribute ids (comma-separated)
          --type REGEX         only nodes whose body type name matches REGEX
          --rankdir DIR        layout direction: TB (default), LR, BT or RL
          --graph N            which graph of a multi-graph archive (default: the one that
                               recorded a cycle, else the one with the most nodes)
          --max-size SIZE      the largest input, and the most it may decompress to (default
                               1G; K, M and G suffixes): protects against decompression bombs
          --timeout SECONDS    --connect: how long to wait for the server's whole reply (default 10)
          --force              --svg/--png: render graphs larger than 5000 nodes or 20000 edges,
                               which Graphviz may need gigabytes and minutes for (without it,
                               agdump refuses and suggests a selection)

        EXAMPLES
          swift run agdump demo | dot -Tsvg > demo.svg
          AG_PRINT_CYCLES=4 swift test      # writes cycle.ag-json and prints its path
          agdump /tmp/cycle.ag-json --around 33496 --depth 3 --svg cycle.svg
          agdump graph.ag-gzon --summary
          agdump --connect 'graph://127.0.0.1:50123/?token=2849372' --svg now.svg
          agdump graph.ag-gzon --type 'ViewBody|Layout' --rankdir LR -o views.dot
          AG_TRACE=seed.json DV_RUN_SECONDS=1 swift run AGIssueApp; agdump seed.json --svg seed.svg
          agdump seed.json --svg nested.svg --to 3     # the first 3 ms: the nested update and its cycles

        EXIT STATUS
        """
        + "\n" + ExitCode.allCases.map { "  \($0.rawValue)".padding(toLength: 6, withPad: " ", startingAt: 0) + $0.summary }
        .joined(separator: "\n") + "\n"

    /// `agdump demo --help`: what the demo does and which options apply to it.
    package static let demoUsage = """
        agdump demo: run seed 003's app (the AGDemo program, built beside agdump) — TabView → NavigationSplitView → AView,
        whose body converts HTML and so pumps the run loop — and dump its view graph with the
        cycle that causes recorded (drawn in magenta). The cycle report goes to stderr
        (AG_PRINT_CYCLES, default 2); the demo never traps.

        USAGE
          agdump demo [--dot | --summary | --json | --svg OUT | --png OUT] [options]

        OPTIONS THAT APPLY (as for an archive; see agdump --help)
          --dot (default), --summary, --json, --svg OUT, --png OUT, -o FILE
          --cluster-subgraphs, --no-trees, --include-values, --around ID, --depth K, --only IDS,
          --type REGEX, --rankdir DIR, --graph N, --force

        OPTIONS THAT DO NOT APPLY
          FILE or -            the demo builds its own graph (an input with demo is an error)
          --max-size SIZE      bounds reading an input (accepted, without effect)
          --from MS, --to MS   parts of a timeline trace (accepted, without effect)
          --profile            the demo does not profile its graph (exit 5: no profile data)

        EXAMPLES
          agdump demo | dot -Tsvg > demo.svg
          agdump demo --summary
          agdump demo --cluster-subgraphs --include-values --svg demo.svg

        """

    /// A size in bytes: a number with an optional K, M or G (powers of 1024) and optional B/iB.
    static func parseSize(_ text: String) -> Int? {
        var digits = text.uppercased()
        for suffix in ["IB", "B"] where digits.hasSuffix(suffix) && digits.count > suffix.count {
            digits.removeLast(suffix.count)
            break
        }
        var shift = 0
        if let last = digits.last, let power = ["K": 10, "M": 20, "G": 30, "T": 40][String(last)] {
            shift = power
            digits.removeLast()
        }
        guard let number = Int(digits), number >= 0, number <= Int.max >> shift else { return nil }
        return number << shift
    }

    /// `--from` / `--to`: a decimal number of milliseconds (digits, optionally a fraction), at most
    /// the longest trace (``TraceLoader/maxMicroseconds``) — no exponents, hexadecimal, `inf` or `nan`.
    static func parseMilliseconds(_ text: String) -> Double? {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard !text.isEmpty, text.utf8.count <= 40, !parts[0].isEmpty,
            parts.allSatisfy({ $0.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } }),
            parts.count == 1 || !parts[1].isEmpty,
            let milliseconds = Double(text), milliseconds <= TraceLoader.maxMicroseconds / 1000
        else { return nil }
        return milliseconds
    }

    /// Parses `arguments` (without the program name).
    package static func parse(_ arguments: [String]) throws(AGDumpError) -> Options {
        var options = Options()
        var remaining = arguments[...]
        var outputChosen: String?
        func value(for flag: String) throws(AGDumpError) -> String {
            guard let next = remaining.first, !(next.hasPrefix("--") && next.count > 2) else {
                throw AGDumpError(.usage, "agdump: \(flag) needs a value (see agdump --help)")
            }
            remaining = remaining.dropFirst()
            return next
        }
        func path(for flag: String) throws(AGDumpError) -> String {
            let path = try value(for: flag)
            guard !path.isEmpty else { throw AGDumpError(.usage, "agdump: \(flag) needs a file name, got an empty one") }
            return path
        }
        func choose(_ output: Output, _ flag: String) throws(AGDumpError) {
            if let previous = outputChosen, previous != flag {
                throw AGDumpError(.usage, "agdump: choose one of --dot, --summary, --json, --profile, --svg, --png (got \(previous) and \(flag))")
            }
            outputChosen = flag
            options.output = output
            options.outputChosen = true
        }
        while let argument = remaining.first {
            remaining = remaining.dropFirst()
            switch argument {
            case "-h", "--help":
                options.help = true
            case "--version":
                options.version = true
            case "demo" where options.input == nil && !options.demo:
                options.demo = true
            case "--dot": try choose(.dot, argument)
            case "--summary": try choose(.summary, argument)
            case "--json": try choose(.json, argument)
            case "--profile": try choose(.profile, argument)
            case "--svg": try choose(.svg(try path(for: argument)), argument)
            case "--png": try choose(.png(try path(for: argument)), argument)
            case "-o", "--output": options.outputFile = try path(for: argument)
            case "--cluster-subgraphs": options.clusterSubgraphs = true
            case "--no-trees": options.drawTrees = false
            case "--include-values": options.includeValues = true
            case "--around":
                let text = try value(for: argument)
                guard let id = UInt32(text) else {
                    throw AGDumpError(.usage, "agdump: --around needs an attribute id (a number), got '\(text)'")
                }
                options.around = id
            case "--depth":
                let text = try value(for: argument)
                guard let depth = Int(text), depth >= 0 else {
                    throw AGDumpError(.usage, "agdump: --depth needs a number ≥ 0, got '\(text)'")
                }
                options.depth = depth
            case "--only":
                let text = try value(for: argument)
                var ids: Set<UInt32> = []
                for part in text.split(separator: ",") {
                    guard let id = UInt32(part.trimmingCharacters(in: .whitespaces)) else {
                        throw AGDumpError(.usage, "agdump: --only needs comma-separated attribute ids, got '\(part)'")
                    }
                    ids.insert(id)
                }
                options.only = ids
            case "--type":
                options.typePattern = try value(for: argument)
            case "--rankdir":
                let text = try value(for: argument).uppercased()
                guard ["TB", "LR", "BT", "RL"].contains(text) else {
                    throw AGDumpError(.usage, "agdump: --rankdir is one of TB, LR, BT, RL, got '\(text)'")
                }
                options.rankdir = text
            case "--max-size":
                let text = try value(for: argument)
                guard let size = parseSize(text), size > 0 else {
                    throw AGDumpError(.usage, "agdump: --max-size needs a size such as 500M or 2G, got '\(text)'")
                }
                options.maxSize = size
            case "--force":
                options.force = true
            case "--connect":
                let text = try value(for: argument)
                switch DebugProtocol.Address.parse(text) {
                case .success(let address): options.connect = address
                case .failure(let error):
                    throw AGDumpError(
                        .usage,
                        "agdump: --connect needs the URL the debug server printed, graph://127.0.0.1:PORT/?token=N; "
                            + "'\(text)' is not one: \(error.reason)")
                }
            case "--timeout":
                let text = try value(for: argument)
                guard let seconds = parseMilliseconds(text), seconds > 0, seconds <= 86_400 else {
                    throw AGDumpError(.usage, "agdump: --timeout needs a number of seconds, more than 0 and at most 86400, got '\(text)'")
                }
                options.timeout = seconds
            case "--from", "--to":
                let text = try value(for: argument)
                guard let milliseconds = parseMilliseconds(text) else {
                    throw AGDumpError(
                        .usage,
                        "agdump: \(argument) needs a time in milliseconds from the trace's start (a decimal number from 0 to "
                            + "\(Int(TraceLoader.maxMicroseconds / 1000))), got '\(text)'")
                }
                if argument == "--from" { options.window.from = milliseconds } else { options.window.to = milliseconds }
            case "--graph":
                let text = try value(for: argument)
                guard let index = Int(text), index >= 0 else {
                    throw AGDumpError(.usage, "agdump: --graph needs a graph index ≥ 0, got '\(text)'")
                }
                options.graphIndex = index
            default:
                if argument.hasPrefix("-") && argument != "-" {
                    throw AGDumpError(.usage, "agdump: unknown option '\(argument)' (see agdump --help)")
                }
                guard options.input == nil, !options.demo else {
                    throw AGDumpError(.usage, "agdump: more than one input given ('\(argument)'); agdump reads one archive")
                }
                options.input = argument
            }
        }
        if let from = options.window.from, let to = options.window.to, to <= from {
            throw AGDumpError(.usage, "agdump: --to must be later than --from")
        }
        if options.connect != nil, options.input != nil || options.demo {
            throw AGDumpError(.usage, "agdump: --connect reads the archive from the server: give no input file and no demo")
        }
        if options.demo, options.input != nil {
            throw AGDumpError(.usage, "agdump: 'demo' takes no input file")
        }
        return options
    }
}
