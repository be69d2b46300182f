#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AttrGraphArchive
import Foundation

/// agdump's entry point, callable in-process (tests) or from the executable.
package enum AGDump {
    /// What agdump reads from and writes to.
    package struct IO {
        /// Standard input, read to its end (at most the given number of bytes).
        package var readStdin: (Int) throws(ArchiveReadError) -> [UInt8]
        package var stdinIsTerminal: Bool
        /// Writes output (DOT, JSON, a summary) to standard output, in chunks.
        package var writeStdout: (UnsafeRawBufferPointer) throws(AGDumpError) -> Void
        package var writeStderr: @Sendable (String) -> Void
        package var stderrIsTerminal: Bool
        /// `--connect`: opens the connection to a debug server (a socket; tests supply bytes).
        package var connect: (DebugProtocol.Address, ContinuousClock.Instant) throws(AGDumpError) -> any DebugTransport

        package init(
            readStdin: @escaping (Int) throws(ArchiveReadError) -> [UInt8], stdinIsTerminal: Bool,
            writeStdout: @escaping (UnsafeRawBufferPointer) throws(AGDumpError) -> Void,
            writeStderr: @escaping @Sendable (String) -> Void, stderrIsTerminal: Bool,
            connect: @escaping (DebugProtocol.Address, ContinuousClock.Instant) throws(AGDumpError) -> any DebugTransport =
                DebugClient.connectSocket
        ) {
            self.connect = connect
            self.readStdin = readStdin
            self.stdinIsTerminal = stdinIsTerminal
            self.writeStdout = writeStdout
            self.writeStderr = writeStderr
            self.stderrIsTerminal = stderrIsTerminal
        }

        /// The process's own standard streams.
        package static var standard: IO {
            let stdout = try? OutputFile(path: "-")
            return IO(
                readStdin: { (limit) throws(ArchiveReadError) in try ArchiveReader.readInput(fileDescriptor: 0, limit: limit) },
                stdinIsTerminal: isatty(0) != 0,
                writeStdout: { (chunk) throws(AGDumpError) in try stdout?.write(chunk) },
                writeStderr: { text in StandardStreams.writeError(text) },
                stderrIsTerminal: isatty(2) != 0)
        }
    }

    /// Runs agdump with `arguments` (without the program name); returns the exit status.
    package static func run(_ arguments: [String], io: IO) -> Int32 {
        do {
            try perform(arguments, io: io)
            return ExitCode.success.rawValue
        } catch {
            // One line, whatever the message echoes (file names, option values, keys from the input).
            io.writeStderr(TerminalText.escaped(error.message) + "\n")
            return error.code.rawValue
        }
    }

    static func perform(_ arguments: [String], io: IO) throws(AGDumpError) {
        let options = try Options.parse(arguments)
        if options.help {
            try write(options.demo ? Options.demoUsage : Options.usage, to: options.outputFile, io: io)
            return
        }
        if options.version {
            try write("agdump \(version)\n", to: options.outputFile, io: io)
            return
        }
        let progress = Progress(enabled: io.stderrIsTerminal, write: io.writeStderr)
        defer { progress.finish() }
        let archive: GraphArchive
        /// The archive's JSON text, for --json.
        var archiveText: [UInt8]?
        let bytes: [UInt8]
        let name: String
        if options.demo {
            progress.update("running the demo")
            name = "the demo"
            bytes = try DemoProgram.run(diagnostics: io.writeStderr)
        } else if let address = options.connect {
            progress.update("asking \(address.url) for its graphs")
            name = address.url
            bytes = try DebugClient.fetchDescription(
                from: address, timeout: options.timeout, limit: options.maxSize, connect: io.connect)
        } else if let path = options.input, path != "-" {
            progress.update("reading \(path)")
            name = path
            do {
                bytes = try ArchiveReader.readInput(path: path, limit: options.maxSize)
            } catch {
                throw ArchiveLoader.agdumpError(error, name: path)
            }
        } else {
            guard !io.stdinIsTerminal || options.input == "-" else {
                throw AGDumpError(
                    .usage, "agdump: no input: give an archive or trace file, - to read stdin, or `agdump demo` (see agdump --help)")
            }
            name = "stdin"
            do {
                bytes = try io.readStdin(options.maxSize)
            } catch {
                throw ArchiveLoader.agdumpError(error, name: "stdin")
            }
        }
        switch try ArchiveLoader.input(
            bytes, name: name, limit: options.maxSize, keepText: options.output == .json, progress: progress)
        {
        case .archive(let loaded, let text):
            archive = loaded
            archiveText = text
        case .trace(let trace):
            try output(trace, name: name, options: options, io: io)
            return
        }
        if options.output == .profile {
            try write(try ProfileSummary.render(archive), to: options.outputFile, io: io)
            return
        }

        switch options.output {
        case .summary:
            let text: String
            if let index = options.graphIndex {
                text = Summary.render(try pickGraph(archive, options), index: index)
            } else {
                text = Summary.render(archive)
            }
            try write(text, to: options.outputFile, io: io)
        case .json:
            // Lossless: the input's text normalised, every value as written (the model, which the
            // archive was read into to check it, keeps only what it knows).
            try stream(to: options.outputFile, io: io) { output in
                if let archiveText {
                    try ArchiveReader.writeNormalizedJSON(text: archiveText, into: &output)
                } else {
                    try archive.writeJSON(to: &output, pretty: true)
                }
            }
        case .dot:
            let render = try dotRenderer(archive, options)
            try stream(to: options.outputFile, io: io) { output in
                try render(&output) { progress.update("rendering \(Int($0 * 100))%") }
            }
        case .svg(let path), .png(let path):
            let format = options.output == .svg(path) ? "svg" : "png"
            let (nodes, edges) = archive.graphs.isEmpty ? (0, 0) : try selectedSize(try pickGraph(archive, options), options)
            if !options.force {
                try Graphviz.checkSize(nodes: nodes, edges: edges, limits: Graphviz.Limits(), format: format)
            }
            let render = try dotRenderer(archive, options)
            let file = try OutputFile(path: path)
            progress.update("laying out \(nodes) nodes with Graphviz")
            try Graphviz.render(
                format: format, nodes: nodes, to: file
            ) { output in try render(&output, nil) }
        case .profile:
            break  // handled above
        }
    }

    /// The outputs of a timeline trace: `--summary` (the default) and `--svg`.
    static func output(_ trace: Trace, name: String, options: Options, io: IO) throws(AGDumpError) {
        switch options.output {
        case .summary:
            try write(TraceSummary.render(trace), to: options.outputFile, io: io)
        case .dot where !options.outputChosen:
            try write(TraceSummary.render(trace), to: options.outputFile, io: io)
        case .svg(let path):
            let title = "\(name == "stdin" ? "trace" : lastPathComponent(name)) — \(trace.events.count) events"
            let file = try OutputFile(path: path)
            var output = OutputBuffer { chunk in try file.write(chunk) }
            do {
                try output.write(TraceTimeline.svg(trace, title: title, window: options.window))
                try output.finish()
            } catch {
                file.discard()
                if let error = error as? AGDumpError { throw error }
                throw AGDumpError(.outputUnwritable, "agdump: cannot write \(path): \(error)")
            }
            try file.commit()
        case .png(let path):
            // The same picture, every shape at a fixed position, rendered by Graphviz (`neato -n2`).
            let title = "\(name == "stdin" ? "trace" : lastPathComponent(name)) — \(trace.events.count) events"
            let file = try OutputFile(path: path)
            try Graphviz.render(format: "png", nodes: 0, arguments: ["-Kneato", "-n2"], to: file) { output in
                try output.write(TraceTimeline.dot(trace, title: title, window: options.window))
            }
        case .dot, .json, .profile:
            throw AGDumpError(
                .usage,
                "agdump: \(name) is a timeline trace: it has --summary (the default), --svg OUT and --png OUT; "
                    + "--dot, --json and --profile are for graph archives")
        }
    }

    static func lastPathComponent(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// Writes `text` to `-o FILE`, else stdout.
    static func write(_ text: String, to path: String?, io: IO) throws(AGDumpError) {
        try stream(to: path, io: io) { output in try output.write(text) }
    }

    /// Runs `body` with an output that goes to `-o FILE` (complete or not at all), else stdout.
    static func stream(
        to path: String?, io: IO, _ body: (inout OutputBuffer) throws -> Void
    ) throws(AGDumpError) {
        let file = try path.map { (path) throws(AGDumpError) in try OutputFile(path: path) }
        let sink: (UnsafeRawBufferPointer) throws -> Void = { chunk in
            if let file { try file.write(chunk) } else { try io.writeStdout(chunk) }
        }
        var output = OutputBuffer(sink: sink)
        do {
            try body(&output)
            try output.finish()
        } catch {
            file?.discard()
            if let error = error as? AGDumpError { throw error }
            throw AGDumpError(.outputUnwritable, "agdump: cannot write the output: \(error)")
        }
        try file?.commit()
    }

    /// The DOT of the chosen graph (an archive with no graphs is the empty graph), as a function
    /// that writes it, so that selection errors come before any output.
    static func dotRenderer(_ archive: GraphArchive, _ options: Options) throws(AGDumpError)
        -> (inout OutputBuffer, ((Double) -> Void)?) throws -> Void
    {
        guard !archive.graphs.isEmpty else { return { output, _ in try output.write("digraph {\n}\n") } }
        let graph = try pickGraph(archive, options)
        let renderer = DOTRenderer(
            options: DOTRenderer.Options(
                includeValues: options.includeValues,
                attributeIDs: try Selection.attributeIDs(in: graph, options: options),
                clusterSubgraphs: options.clusterSubgraphs, rankdir: options.rankdir, drawTrees: options.drawTrees))
        return { output, progress in try renderer.render(graph, into: &output, progress: progress) }
    }

    /// The number of nodes and edges the selection draws.
    static func selectedSize(_ graph: GraphArchive.Graph, _ options: Options) throws(AGDumpError) -> (nodes: Int, edges: Int) {
        guard let selected = try Selection.attributeIDs(in: graph, options: options) else {
            return (graph.nodes.count, graph.edges.count)
        }
        let edges = graph.edges.count { selected.contains(graph.nodes[$0.src].id) && selected.contains(graph.nodes[$0.dst].id) }
        return (selected.count, edges)
    }

    /// `--graph N`, else the graph that recorded a cycle, else the one with the most nodes.
    static func pickGraph(_ archive: GraphArchive, _ options: Options) throws(AGDumpError) -> GraphArchive.Graph {
        if let index = options.graphIndex {
            guard index < archive.graphs.count else {
                throw AGDumpError(.usage, "agdump: --graph \(index): the archive has \(archive.graphs.count) graph(s)")
            }
            return archive.graphs[index]
        }
        if let withCycle = archive.graphs.first(where: { $0.cycle != nil }) { return withCycle }
        return archive.graphs.max { $0.nodes.count < $1.nodes.count }!
    }
}

/// A progress line on stderr for long conversions: shown only when stderr is a terminal and
/// the work has taken more than a second; erased when done.
package final class Progress {
    private let enabled: Bool
    private let write: (String) -> Void
    private let start = Date()
    private var shown = false

    package init(enabled: Bool, write: @escaping (String) -> Void) {
        self.enabled = enabled
        self.write = write
    }

    package func update(_ message: String) {
        guard enabled, Date().timeIntervalSince(start) > 1 else { return }
        shown = true
        write("\r\u{1B}[Kagdump: \(TerminalText.escaped(message))…")
    }

    package func finish() {
        if shown { write("\r\u{1B}[K") }
    }
}
