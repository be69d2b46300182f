import AGDumpCore
import AttrGraphArchive
import AttrGraph
import AttrGraphTestSupport
import Foundation
import Testing

/// Runs agdump in-process and captures what it writes.
struct AGDumpRun {
    let status: Int32
    let stdout: String
    let stderr: String

    /// `connect` stands in for the socket of `--connect` (tests hand agdump a reply stream).
    init(
        _ arguments: [String], stdin: [UInt8] = [], stdinIsTerminal: Bool = true,
        connect: ((DebugProtocol.Address, ContinuousClock.Instant) throws(AGDumpError) -> any DebugTransport)? = nil
    ) {
        final class Buffer: @unchecked Sendable {
            // @unchecked: agdump writes from the calling thread only.
            var bytes: [UInt8] = []
            var text = ""
        }
        let out = Buffer()
        let err = Buffer()
        var io = AGDump.IO(
            readStdin: { _ in stdin }, stdinIsTerminal: stdinIsTerminal,
            writeStdout: { chunk in out.bytes += chunk },
            writeStderr: { err.text += $0 }, stderrIsTerminal: false)
        if let connect { io.connect = connect }
        status = AGDump.run(arguments, io: io)
        stdout = String(decoding: out.bytes, as: UTF8.self)
        stderr = err.text
    }
}

enum Fixture {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static var archive: String { folder.appendingPathComponent("attributegraph-archive.ag-json").path }
    static var compressed: String { folder.appendingPathComponent("attributegraph-archive.ag-gzon").path }
    static var gzip: String { folder.appendingPathComponent("attributegraph-archive-gzip.ag-gzon").path }

    static func temporaryFile(_ name: String, contents: [UInt8]) -> String {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("agdump-tests-\(UUID().uuidString)-\(name)")
        _ = FileManager.default.createFile(atPath: url.path, contents: Data(contents))
        return url.path
    }
}

@Suite struct AGDumpOutputTests {
    @Test func dotOfAnAttributeGraphArchiveMatchesTheGoldenFile() {
        let run = AGDumpRun([Fixture.archive])
        #expect(run.status == 0, "\(run.stderr)")
        Golden.check(run.stdout, named: "attributegraph-archive.dot")
        GraphvizCheck.validate(run.stdout)
    }

    @Test func compressedArchivesAreDetectedByContent() {
        let plain = AGDumpRun([Fixture.archive]).stdout
        let zlib = AGDumpRun([Fixture.compressed])
        #expect(zlib.status == 0, "\(zlib.stderr)")
        #expect(zlib.stdout == plain)
        let gzip = AGDumpRun([Fixture.gzip])
        #expect(gzip.status == 0, "\(gzip.stderr)")
        #expect(gzip.stdout == plain)
        let stdin = AGDumpRun(["-"], stdin: Array(FileManager.default.contents(atPath: Fixture.compressed)!))
        #expect(stdin.stdout == plain)
    }

    @Test func clustersValuesAndRankdir() {
        let run = AGDumpRun([Fixture.archive, "--cluster-subgraphs", "--include-values", "--rankdir", "lr"])
        #expect(run.status == 0, "\(run.stderr)")
        Golden.check(run.stdout, named: "attributegraph-archive.clusters.dot")
        GraphvizCheck.validate(run.stdout)
    }

    @Test func aroundAnAttributeKeepsItsNeighbourhood() {
        let run = AGDumpRun([Fixture.archive, "--around", "33552", "--depth", "1"])
        #expect(run.status == 0, "\(run.stderr)")
        Golden.check(run.stdout, named: "attributegraph-archive.around-33552.dot")
        GraphvizCheck.validate(run.stdout)
    }

    @Test func onlyAndTypeFilters() {
        let only = AGDumpRun([Fixture.archive, "--only", "33496, 33552"])
        #expect(only.status == 0)
        #expect(only.stdout.contains("_33496[") && only.stdout.contains("_33552["))
        #expect(!only.stdout.contains("_33608["))
        #expect(only.stdout.contains("_33496 -> _33552[];"))
        GraphvizCheck.validate(only.stdout)
        let typed = AGDumpRun([Fixture.archive, "--type", "^Layout"])
        #expect(typed.status == 0)
        #expect(typed.stdout.contains("_33552[") && typed.stdout.contains("_32792["))
        #expect(!typed.stdout.contains("_33496["))
        GraphvizCheck.validate(typed.stdout)
    }

    @Test func summaryMatchesTheGoldenFile() {
        let run = AGDumpRun([Fixture.archive, "--summary"])
        #expect(run.status == 0, "\(run.stderr)")
        Golden.check(run.stdout, named: "attributegraph-archive.summary.txt")
    }

    @Test func jsonIsNormalisedAndKeepsUnknownKeys() throws {
        let run = AGDumpRun([Fixture.archive, "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        Golden.check(run.stdout, named: "attributegraph-archive.json")
        // Normalising is idempotent, and what agdump does not model (counters, trees, offsets) survives.
        let path = Fixture.temporaryFile("normalised.json", contents: Array(run.stdout.utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(AGDumpRun([path, "--json"]).stdout == run.stdout)
        #expect(run.stdout.contains("\"trees\": []"))
        #expect(run.stdout.contains("\"offset\": 16"))
    }

    @Test func outputFileInsteadOfStdout() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("agdump-\(UUID().uuidString).dot").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = AGDumpRun([Fixture.archive, "-o", path])
        #expect(run.status == 0)
        #expect(run.stdout.isEmpty)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == AGDumpRun([Fixture.archive]).stdout)
    }

    @Test func svgAndPngThroughGraphviz() throws {
        guard GraphvizCheck.dotPath != nil else { return }
        let svg = FileManager.default.temporaryDirectory.appendingPathComponent("agdump-\(UUID().uuidString).svg").path
        let png = FileManager.default.temporaryDirectory.appendingPathComponent("agdump-\(UUID().uuidString).png").path
        defer {
            try? FileManager.default.removeItem(atPath: svg)
            try? FileManager.default.removeItem(atPath: png)
        }
        #expect(AGDumpRun([Fixture.archive, "--svg", svg]).status == 0)
        #expect(try String(contentsOfFile: svg, encoding: .utf8).contains("<svg"))
        #expect(AGDumpRun([Fixture.archive, "--png", png]).status == 0)
        #expect(FileManager.default.contents(atPath: png)?.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
    }

    /// The demo runs seed 003's app in the AGDemo program and draws the archive it prints.
    @Test func demoShowsTheSeedAppsViewGraphWithItsCycleHighlighted() {
        let run = AGDumpRun(["demo"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("digraph {\n  label=\"cycle through attribute "))
        #expect(run.stdout.contains("AView.body"))
        #expect(run.stdout.contains("TabViewRender"))
        #expect(run.stdout.contains("ColumnsRender"))
        #expect(run.stdout.contains("color=magenta penwidth=3"))
        #expect(run.stderr.contains("=== AttributeGraph: cycle detected through attribute "))
        #expect(run.stderr.contains("cause: nested update started by run loop observer at beforeWaiting"))
        GraphvizCheck.validate(run.stdout)
        GraphvizCheck.validate(AGDumpRun(["demo", "--cluster-subgraphs", "--include-values"]).stdout)
    }

    @Test func demoWithoutItsProgramSaysHowToBuildIt() {
        let folder = TemporaryFolder()
        let url = URL(fileURLWithPath: folder.path)
        #expect(DemoProgram.locate(in: url) == nil)
        #expect(DemoProgram.locate() != nil, "the build puts the demo program beside the test bundle")
        do {
            _ = try DemoProgram.run(in: url) { _ in }
            Issue.record("the demo ran without its program")
        } catch {
            #expect(error.code == .inputUnreadable)
            #expect(error.message.contains("no AGDemo in \(folder.path)"))
            #expect(error.message.contains("swift build --product AGDemo"))
        }
    }

    @Test func helpDocumentsOptionsExamplesAndExitCodes() {
        let run = AGDumpRun(["--help"])
        #expect(run.status == 0)
        for option in ["--dot", "--summary", "--json", "--svg", "--png", "-o FILE", "--cluster-subgraphs", "--include-values",
            "--around", "--depth", "--only", "--type", "--rankdir", "EXAMPLES", "EXIT STATUS"]
        {
            #expect(run.stdout.contains(option), "help lacks \(option)")
        }
        for code in ExitCode.allCases {
            #expect(run.stdout.contains("  \(code.rawValue) "), "help lacks exit code \(code.rawValue)")
        }
    }
}

@Suite struct VersionAndDemoHelpTests {
    @Test func versionPrintsThePackageVersion() {
        let run = AGDumpRun(["--version"])
        #expect(run.status == 0)
        #expect(run.stdout == "agdump \(AGDump.version)\n")
        #expect(AGDump.version.split(separator: ".").count == 3 && AGDump.version.split(separator: ".").allSatisfy { Int($0) != nil })
        #expect(AGDumpRun(["--help"]).stdout.contains("--version"))
    }

    @Test func demoHelpSaysWhichOptionsApplyToTheDemo() {
        for arguments in [["demo", "--help"], ["--help", "demo"], ["demo", "-h"]] {
            let run = AGDumpRun(arguments)
            #expect(run.status == 0)
            #expect(run.stdout.hasPrefix("agdump demo"), "\(arguments)")
            let sections = run.stdout.components(separatedBy: "DO NOT APPLY")
            #expect(sections.count == 2, "\(run.stdout)")
            for option in ["--dot", "--summary", "--json", "--svg", "--png", "-o FILE", "--cluster-subgraphs", "--around", "--rankdir"] {
                #expect(sections[0].contains(option), "\(option) is not listed as applying to demo")
            }
            for option in ["--from", "--to", "--max-size", "--profile"] {
                #expect(sections.count == 2 && sections[1].contains(option), "\(option) is not listed as not applying")
            }
        }
    }
}

@Suite struct AGDumpBadInputTests {
    @Test func missingFile() {
        let run = AGDumpRun(["/nonexistent/graph.ag-json"])
        #expect(run.status == ExitCode.inputUnreadable.rawValue)
        #expect(run.stderr == "agdump: /nonexistent/graph.ag-json: no such file\n")
    }

    @Test func malformedJSONSaysWhere() {
        let path = Fixture.temporaryFile("bad.ag-json", contents: Array("{\n  \"version\": 2,\n  \"graphs\": [ {\"id\": 1,} ]\n}".utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = AGDumpRun([path])
        #expect(run.status == ExitCode.malformedJSON.rawValue)
        #expect(run.stderr == "agdump: \(path): malformed JSON at line 3, column 24: unexpected '}' (expected a member name in quotes)\n")
    }

    @Test func validJSONThatIsNotAnArchive() {
        let run = AGDumpRun(["-"], stdin: Array("[1, 2, 3]".utf8))
        #expect(run.status == ExitCode.notAnArchive.rawValue)
        #expect(run.stderr == "agdump: stdin: neither a graph archive (an object with \"version\" and \"graphs\") nor a trace: event 0 is not an object\n")
        let noGraphs = AGDumpRun(["-"], stdin: Array("{\"version\": 2, \"nodes\": []}".utf8))
        #expect(noGraphs.status == ExitCode.notAnArchive.rawValue)
        #expect(noGraphs.stderr.contains("there is no \"graphs\" key"))
    }

    @Test func unknownVersion() {
        let run = AGDumpRun(["-"], stdin: Array("{\"version\": 7, \"graphs\": []}".utf8))
        #expect(run.status == ExitCode.unsupportedVersion.rawValue)
        #expect(run.stderr == "agdump: stdin: unsupported archive version 7 (this reader understands version 2)\n")
    }

    @Test func danglingNodeIndex() {
        let text = """
            {"version": 2, "graphs": [{"id": 1, "types": [{"id": 0, "name": "A", "value": "Int"}],
            "nodes": [{"type": 0, "id": 10}, {"type": 0, "id": 11}], "edges": [{"src": 0, "dst": 5}]}]}
            """
        let run = AGDumpRun(["-"], stdin: Array(text.utf8))
        #expect(run.status == ExitCode.danglingIndex.rawValue)
        #expect(run.stderr == "agdump: stdin: dangling index: graphs[0].edges[0].dst refers to nodes index 5, but the graph has only 2 nodes\n")
    }

    @Test func truncatedCompressedStream() {
        let bytes = Array(FileManager.default.contents(atPath: Fixture.compressed)!)
        let run = AGDumpRun(["-"], stdin: Array(bytes.prefix(bytes.count / 2)))
        #expect(run.status == ExitCode.badCompression.rawValue)
        #expect(run.stderr == "agdump: stdin: the compressed stream is truncated (it ends before its last block)\n")
    }

    @Test func badInputLeavesNoOutputFileBehind() {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("agdump-\(UUID().uuidString).dot").path
        let run = AGDumpRun(["-", "-o", output], stdin: Array("{not json".utf8))
        #expect(run.status == ExitCode.malformedJSON.rawValue)
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func unwritableOutput() {
        let run = AGDumpRun([Fixture.archive, "-o", "/nonexistent-folder/out.dot"])
        #expect(run.status == ExitCode.outputUnwritable.rawValue)
        #expect(run.stderr == "agdump: cannot write /nonexistent-folder/out.dot: folder /nonexistent-folder does not exist\n")
    }

    @Test func usageErrors() {
        #expect(AGDumpRun(["--frobnicate"]).status == ExitCode.usage.rawValue)
        #expect(AGDumpRun([Fixture.archive, "--depth"]).stderr == "agdump: --depth needs a value (see agdump --help)\n")
        #expect(AGDumpRun([Fixture.archive, "--dot", "--json"]).status == ExitCode.usage.rawValue)
        for flag in ["-o", "--svg", "--png"] {
            #expect(AGDumpRun([Fixture.archive, flag, ""]).stderr == "agdump: \(flag) needs a file name, got an empty one\n")
        }
        let around = AGDumpRun([Fixture.archive, "--around", "7"])
        #expect(around.status == ExitCode.usage.rawValue)
        #expect(around.stderr == "agdump: attribute 7 is not in graph 1 (its attribute ids run from 32792 to 41016)\n")
        let noInput = AGDumpRun([], stdinIsTerminal: true)
        #expect(noInput.status == ExitCode.usage.rawValue)
        #expect(noInput.stderr.contains("no input"))
    }

    @Test func theExecutableExitsWithTheDocumentedCode() throws {
        // The same code path through the real binary: exit status and one line on stderr.
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("agdump")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else { return }
        let process = Process()
        process.executableURL = binary
        process.arguments = ["/nonexistent/graph.ag-json"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == ExitCode.inputUnreadable.rawValue)
        #expect(message == "agdump: /nonexistent/graph.ag-json: no such file\n")
    }
}
