#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AttrGraph
import Foundation

/// agdump's entry point, callable in-process (tests) or from the executable.
package enum AGDump {
    /// What agdump reads from and writes to.
    package struct IO {
        package var readStdin: () -> [UInt8]
        package var stdinIsTerminal: Bool
        package var writeStdout: @Sendable (String) -> Void
        package var writeStderr: @Sendable (String) -> Void
        package var stderrIsTerminal: Bool

        package init(
            readStdin: @escaping () -> [UInt8], stdinIsTerminal: Bool, writeStdout: @escaping @Sendable (String) -> Void,
            writeStderr: @escaping @Sendable (String) -> Void, stderrIsTerminal: Bool
        ) {
            self.readStdin = readStdin
            self.stdinIsTerminal = stdinIsTerminal
            self.writeStdout = writeStdout
            self.writeStderr = writeStderr
            self.stderrIsTerminal = stderrIsTerminal
        }

        /// The process's own standard streams.
        package static var standard: IO {
            IO(
                readStdin: { Array(FileHandle.standardInput.readDataToEndOfFile()) },
                stdinIsTerminal: isatty(0) != 0,
                writeStdout: { text in FileHandle.standardOutput.write(Data(text.utf8)) },
                writeStderr: { text in FileHandle.standardError.write(Data(text.utf8)) },
                stderrIsTerminal: isatty(2) != 0)
        }
    }

    /// Runs agdump with `arguments` (without the program name); returns the exit status.
    package static func run(_ arguments: [String], io: IO) -> Int32 {
        do {
            try perform(arguments, io: io)
            return ExitCode.success.rawValue
        } catch {
            io.writeStderr(error.message + "\n")
            return error.code.rawValue
        }
    }

    static func perform(_ arguments: [String], io: IO) throws(AGDumpError) {
        let options = try Options.parse(arguments)
        if options.help {
            io.writeStdout(Options.usage)
            return
        }
        let progress = Progress(enabled: io.stderrIsTerminal, write: io.writeStderr)
        defer { progress.finish() }
        let archive: GraphArchive
        if options.demo {
            archive = Demo.archive(diagnostics: io.writeStderr)
        } else if let path = options.input, path != "-" {
            progress.update("reading \(path)")
            archive = try ArchiveLoader.load(try ArchiveLoader.readBytes(path: path), name: path, progress: progress)
        } else {
            guard !io.stdinIsTerminal || options.input == "-" else {
                throw AGDumpError(
                    .usage, "agdump: no input: give an archive file, - to read stdin, or `agdump demo` (see agdump --help)")
            }
            archive = try ArchiveLoader.load(io.readStdin(), name: "stdin", progress: progress)
        }

        let text: String
        switch options.output {
        case .summary:
            if let index = options.graphIndex {
                let graph = try pickGraph(archive, options)
                text = Summary.render(graph, index: index)
            } else {
                text = Summary.render(archive)
            }
        case .json:
            text = archive.json.serialized(pretty: true)
        case .dot, .svg, .png:
            text = try dot(archive, options, progress: progress)
        }
        progress.finish()
        switch options.output {
        case .svg(let path):
            try Graphviz.render(text, format: "svg", to: path)
        case .png(let path):
            try Graphviz.render(text, format: "png", to: path)
        default:
            if let path = options.outputFile {
                try OutputWriter.writeAtomically(Data(text.utf8), to: path)
            } else {
                io.writeStdout(text)
            }
        }
    }

    /// The DOT of the chosen graph (an archive with no graphs is the empty graph).
    static func dot(_ archive: GraphArchive, _ options: Options, progress: Progress) throws(AGDumpError) -> String {
        guard !archive.graphs.isEmpty else { return "digraph {\n}\n" }
        let graph = try pickGraph(archive, options)
        let renderer = DOTRenderer(
            options: DOTRenderer.Options(
                includeValues: options.includeValues,
                attributeIDs: try Selection.attributeIDs(in: graph, options: options),
                clusterSubgraphs: options.clusterSubgraphs, rankdir: options.rankdir))
        return renderer.render(graph) { fraction in
            progress.update("rendering \(Int(fraction * 100))% of \(graph.nodes.count) nodes")
        }
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
