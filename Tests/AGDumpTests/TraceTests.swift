import AGDumpCore
import AttrGraph
import AttrGraphTestSupport
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// Timeline traces end to end: the seed app traced with `AG_TRACE` writes valid trace-event
/// JSON with the events the issue names; a trap leaves a readable file; agdump summarises and
/// draws traces, and refuses bad ones with clean errors.
@Suite struct TraceTests {
    static var seedTrace: String { Fixture.folder.appendingPathComponent("seed-trace.json").path }

    /// The trace-event schema: `ph`, `ts`, `pid`, `tid`, `name`, `args` on every event, `dur` on
    /// complete events, `B`/`E` balanced per thread (a `B` may stay open only at the end).
    static func validate(_ events: [[String: Any]]) -> [String] {
        var problems: [String] = []
        var open: [String: [String]] = [:]
        for (index, event) in events.enumerated() {
            guard let phase = event["ph"] as? String, phase.count == 1 else {
                problems.append("event \(index): no ph")
                continue
            }
            if event["name"] as? String == nil { problems.append("event \(index): no name") }
            if event["pid"] as? Int == nil || event["tid"] as? Int == nil { problems.append("event \(index): no pid/tid") }
            if event["args"] as? [String: Any] == nil { problems.append("event \(index): no args object") }
            if phase != "M", (event["ts"] as? NSNumber).map({ $0.doubleValue >= 0 }) != true {
                problems.append("event \(index): no ts")
            }
            if phase == "X", (event["dur"] as? NSNumber).map({ $0.doubleValue >= 0 }) != true {
                problems.append("event \(index): X without dur")
            }
            let track = "\(event["pid"] ?? 0)/\(event["tid"] ?? 0)"
            if phase == "B" { open[track, default: []].append(event["name"] as? String ?? "") }
            if phase == "E" {
                if open[track]?.popLast() != event["name"] as? String { problems.append("event \(index): E does not close its B") }
            }
        }
        return problems
    }

    static func events(atPath path: String, closing: Bool = false) throws -> [[String: Any]] {
        var data = try Data(contentsOf: URL(fileURLWithPath: path))
        if closing { data.append(contentsOf: Array("\n]".utf8)) }
        return try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    }

    @Test func theSeedAppsTraceIsValidTraceEventJSONWithEveryKindOfEvent() throws {
        let app = try #require(ProcessRun.executable("AGIssueApp"), "build the AGIssueApp example first")
        let path = NSTemporaryDirectory() + "attrgraph-seed-trace-\(getpid()).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try ProcessRun(app, environment: ["AG_TRACE": path, "DV_RUN_SECONDS": "2", "AG_PRINT_CYCLES": "0"], timeout: 60)
        #expect(run.status == 0 && !run.crashed, "\(run.stderr)")
        let events = try Self.events(atPath: path)  // the process exited normally: the file is one JSON value
        #expect(Self.validate(events) == [])
        func has(_ category: String, _ name: String, _ phase: String) -> Bool {
            events.contains { $0["cat"] as? String == category && ($0["name"] as? String)?.hasPrefix(name) == true && $0["ph"] as? String == phase }
        }
        #expect(has("graph", "update", "X"), "update episodes")
        #expect(events.contains { $0["cat"] as? String == "rule" && $0["ph"] as? String == "X" && ($0["args"] as? [String: Any])?["changed"] != nil },
                "rule runs with whether the value changed")
        #expect(has("graph", "nested update", "B") && has("graph", "cycle", "i"), "the nested update and the cycle")
        #expect(has("runloop", "turn", "B") && has("runloop", "flush", "X") && has("runloop", "fragment TabView", "X"))
        #expect(has("view", "body AView", "X") && has("view", "layout", "X"))
        let cycle = try #require(events.first { $0["name"] as? String == "cycle" })
        #expect(((cycle["args"] as? [String: Any])?["report"] as? String)?.contains("frame") == true, "the cycle's report text")
        #expect(events.contains { $0["ph"] as? String == "M" && ($0["args"] as? [String: Any])?["name"] as? String == "main" })
    }

    @Test func aTrapLeavesATraceReadableUpToTheCycle() throws {
        let app = try #require(ProcessRun.executable("AGIssueApp"), "build the AGIssueApp example first")
        let path = NSTemporaryDirectory() + "attrgraph-trap-trace-\(getpid()).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try ProcessRun(
            app, environment: ["AG_TRACE": path, "DV_RUN_SECONDS": "2", "AG_TRAP_CYCLES": "1", "AG_PRINT_CYCLES": "0"], timeout: 60)
        #expect(run.crashed || run.status != 0, "the cycle trapped")
        let events = try Self.events(atPath: path, closing: true)  // no closing bracket: the process stopped
        #expect(events.last?["name"] as? String == "precondition failure", "the failure is the last event")
        #expect(events.contains { $0["name"] as? String == "cycle" })
        let summary = AGDumpRun([path])
        #expect(summary.status == 0, "\(summary.stderr)")
        #expect(summary.stdout.contains("cut short"))
        #expect(summary.stdout.contains("precondition failures: 1"))
    }

    @Test func summaryAndTimelineOfTheSeedTraceMatchTheirGoldenFiles() throws {
        let summary = AGDumpRun([Self.seedTrace])
        #expect(summary.status == 0, "\(summary.stderr)")
        Golden.check(summary.stdout, named: "seed-trace.summary.txt")
        #expect(AGDumpRun([Self.seedTrace, "--summary"]).stdout == summary.stdout)
        let svg = NSTemporaryDirectory() + "attrgraph-seed-\(getpid()).svg"
        defer { try? FileManager.default.removeItem(atPath: svg) }
        let drawn = AGDumpRun([Self.seedTrace, "--svg", svg])
        #expect(drawn.status == 0, "\(drawn.stderr)")
        let text = try String(contentsOfFile: svg, encoding: .utf8)
        Golden.check(text, named: "seed-trace.svg")
        // Well-formed XML, with the cycles drawn as alarms on the main thread's band.
        #expect(XMLParser(data: Data(text.utf8)).parse())
        #expect(text.components(separatedBy: "<g class=\"alarm\">").count - 1 == 5)
        #expect(text.contains(">main</text>"))
    }

    @Test func aTimeWindowShowsWhatALongSpanHides() throws {
        let svg = NSTemporaryDirectory() + "attrgraph-seed-window-\(getpid()).svg"
        defer { try? FileManager.default.removeItem(atPath: svg) }
        let run = AGDumpRun([Self.seedTrace, "--svg", svg, "--to", "3"])
        #expect(run.status == 0, "\(run.stderr)")
        let text = try String(contentsOfFile: svg, encoding: .utf8)
        Golden.check(text, named: "seed-trace.to-3ms.svg")
        #expect(text.contains(">nested flush</text>") && text.contains(">nested update</text>"),
                "the nested run loop's flush and update are wide enough to be labelled")
        #expect(text.contains("showing 0.000 to 3.000 ms"))
        let backwards = AGDumpRun([Self.seedTrace, "--svg", svg, "--from", "5", "--to", "2"])
        #expect(backwards.status == ExitCode.usage.rawValue)
        #expect(backwards.stderr == "agdump: --to must be later than --from\n")
    }

    @Test func thePNGIsRenderedThroughGraphviz() throws {
        guard GraphvizCheck.dotPath != nil else {
            #expect(ProcessInfo.processInfo.environment["AG_REQUIRE_GRAPHVIZ"] != "1", "Graphviz `dot` is not on PATH")
            return
        }
        let png = NSTemporaryDirectory() + "attrgraph-seed-\(getpid()).png"
        defer { try? FileManager.default.removeItem(atPath: png) }
        let run = AGDumpRun([Self.seedTrace, "--png", png, "--to", "3"])
        #expect(run.status == 0, "\(run.stderr)")
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: png)))
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), "a PNG file")
        #expect(bytes.count > 5000)
    }

    @Test func truncatedTracesAreReadUpToTheirLastCompleteEvent() throws {
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: Self.seedTrace)))
        var lastEvents = -1
        for cut in stride(from: bytes.count - 3, to: 40, by: -997) {
            let run = AGDumpRun(["-"], stdin: Array(bytes[..<cut]))
            #expect(run.status == 0, "cut at \(cut): \(run.stderr)")
            #expect(run.stdout.contains("cut short"), "cut at \(cut)")
            let events = Int(run.stdout.split(separator: " ")[1]) ?? -1
            if lastEvents >= 0 { #expect(events <= lastEvents, "fewer events the earlier the cut") }
            lastEvents = events
        }
        let nothing = AGDumpRun(["-"], stdin: Array("[\n{\"ph\":\"X\",\"na".utf8))
        #expect(nothing.status == ExitCode.malformedJSON.rawValue)
        #expect(nothing.stderr.hasPrefix("agdump: stdin: malformed JSON"))
    }

    @Test func badTracesGetCleanErrors() {
        let cases: [(String, ExitCode, String)] = [
            ("[{\"name\":\"x\",\"ts\":1}]", .notAnArchive, "event 0 has no \"ph\""),
            ("[{\"ph\":\"X\",\"name\":\"x\",\"ts\":1}]", .notAnArchive, "without \"dur\""),
            ("[{\"ph\":\"B\",\"name\":\"x\"}]", .notAnArchive, "has no \"ts\""),
            ("[{\"ph\":\"X\",\"name\":\"x\",\"ts\":1,\"dur\":-4}]", .notAnArchive, "not a non-negative number"),
            ("{\"traceEvents\": 3}", .notAnArchive, "neither a graph archive nor a trace"),
        ]
        for (input, code, message) in cases {
            let run = AGDumpRun(["-"], stdin: Array(input.utf8))
            #expect(run.status == code.rawValue, "\(input): \(run.stderr)")
            #expect(run.stderr.contains(message), "\(input): \(run.stderr)")
            #expect(run.stdout.isEmpty)
        }
        let wrongOutput = AGDumpRun([Self.seedTrace, "--dot"])
        #expect(wrongOutput.status == ExitCode.usage.rawValue)
        #expect(wrongOutput.stderr.contains("is a timeline trace"))
        let objectForm = AGDumpRun(["-"], stdin: Array("{\"traceEvents\":[{\"ph\":\"X\",\"name\":\"r\",\"cat\":\"rule\",\"ts\":0,\"dur\":5,\"pid\":1,\"tid\":1,\"args\":{}}]}".utf8))
        #expect(objectForm.status == 0, "\(objectForm.stderr)")
        #expect(objectForm.stdout.contains("rule runs: 1"))
    }

    struct Squared: Rule {
        let input: Attribute<Int>
        var value: Int { input.value * input.value }
    }

    @Test func anArchiveOfAProfiledGraphHasItsProfilePrinted() throws {
        let graph = Graph()
        let subgraph = Subgraph(graph: graph)
        let saved = Subgraph.current
        Subgraph.current = subgraph
        let input = Attribute(value: 1)
        let squared = Attribute(Squared(input: input))
        _ = squared.value
        Graph.startProfiling(graph)
        for value in [-1, 2, 3] {
            input.value = value
            _ = squared.value
        }
        Subgraph.current = saved
        let url = try #require(graph.archiveJSON(name: "profiled-\(getpid()).ag-json"))
        defer { try? FileManager.default.removeItem(at: url) }
        let run = AGDumpRun([url.path, "--profile"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("rule runs: 3"))
        let line = try #require(run.stdout.split(separator: "\n").first { $0.hasSuffix("Squared → Int") })
        let columns = line.split(separator: " ")
        #expect(columns[1] == "3" && columns[2] == "2", "3 runs, 2 changes (1 → 1 was cut off): \(line)")
        let unprofiled = AGDumpRun([Fixture.archive, "--profile"])
        #expect(unprofiled.status == ExitCode.notAnArchive.rawValue)
        #expect(unprofiled.stderr.contains("no profile data"))
    }
}
