import AGDumpCore
import AttrGraphTestSupport
import Foundation
import Testing

/// Trace-event JSON written in tests.
enum Traces {
    /// One event as JSON; `fields` are extra `"key": value` texts (values as written).
    static func event(
        _ phase: String, _ name: String, ts: String? = "0", dur: String? = nil, cat: String = "rule", tid: String = "1",
        args: String = "{}", fields: [String] = []
    ) -> String {
        var members = ["\"ph\":\"\(phase)\"", "\"name\":\(quoted(name))", "\"cat\":\(quoted(cat))", "\"pid\":1", "\"tid\":\(tid)"]
        if let ts { members.append("\"ts\":\(ts)") }
        if let dur { members.append("\"dur\":\(dur)") }
        members.append("\"args\":\(args)")
        return "{" + (members + fields).joined(separator: ",") + "}"
    }

    /// A thread's name (an `M` event).
    static func threadName(_ name: String, tid: String = "1") -> String {
        "{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":1,\"tid\":\(tid),\"args\":{\"name\":\(quoted(name))}}"
    }

    /// A whole trace: the events in an array, one a line.
    static func json(_ events: [String]) -> [UInt8] {
        Array(("[\n" + events.joined(separator: ",\n") + "\n]\n").utf8)
    }

    /// `text` as a JSON string (every scalar outside printable ASCII escaped, so the test says
    /// exactly which scalars it sends).
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            default:
                if scalar.value >= 0x20 && scalar.value < 0x7F {
                    result.unicodeScalars.append(scalar)
                } else if scalar.value > 0xFFFF {
                    for unit in String(scalar).utf16 { result += String(format: "\\u%04x", unit) }
                } else {
                    result += String(format: "\\u%04x", scalar.value)
                }
            }
        }
        return result + "\""
    }
}

/// Numbers in traces and in options: every one is range-checked where it is read, so a time of
/// 1e300 is a clean error naming the field and the event, never a trap converting to `Int` or a
/// picture that never finishes.
@Suite struct TraceNumberTests {
    /// Runs agdump as a process (a trap must not take the test runner with it).
    static func run(_ trace: [UInt8], _ options: [String] = []) throws -> AGDumpProcess {
        try AGDumpProcess(["-"] + options, stdin: trace, timeout: 20)
    }

    @Test(arguments: [
        ("1e300", nil, "event 1", "\"ts\""),
        ("-1e300", nil, "event 1", "\"ts\""),
        ("9007199254740993", nil, "event 1", "\"ts\""),
        ("5", "1e300", "event 1", "\"dur\""),
        ("5", "1e400", "event 1", "\"dur\""),
        ("1e400", "5", "event 1", "\"ts\""),
    ] as [(String, String?, String, String)])
    func hugeTimesAndDurationsAreACleanErrorNamingFieldAndEvent(ts: String, dur: String?, event: String, field: String) throws {
        let trace = Traces.json([
            Traces.event("X", "first", ts: "0", dur: "1"),
            Traces.event("X", "huge", ts: ts, dur: dur ?? "1"),
        ])
        for options in [[], ["--svg", "/dev/null"]] {
            let run = try Self.run(trace, options)
            #expect(!run.signaled && !run.timedOut, "\(ts)/\(dur ?? "-") \(options): crashed or hung")
            #expect(run.status == ExitCode.notAnArchive.rawValue, "\(run.stderr)")
            #expect(run.stderr.contains(event) && run.stderr.contains(field), "\(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1, "one line: \(run.stderr)")
        }
    }

    @Test func aSpanAcrossTheWholeRangeOfDoublesDoesNotHangTheTimeline() throws {
        let trace = Traces.json([
            Traces.event("X", "from the start", ts: "-1e308", dur: "1"),
            Traces.event("X", "to the end", ts: "1e308", dur: "1"),
        ])
        let run = try Self.run(trace, ["--svg", "/dev/null"])
        #expect(!run.signaled && !run.timedOut, "crashed or hung")
        #expect(run.status == ExitCode.notAnArchive.rawValue, "\(run.stderr)")
        #expect(run.stderr.contains("event 0") && run.stderr.contains("\"ts\""), "\(run.stderr)")
    }

    @Test func theLargestAcceptedSpanIsDrawnInBoundedTime() throws {
        // 2^53 µs each way: the widest span the range check lets through.
        let trace = Traces.json([
            Traces.event("X", "early", ts: "-9007199254740992", dur: "9007199254740992"),
            Traces.event("X", "late", ts: "9007199254740992", dur: "0"),
            Traces.event("i", "cycle", ts: "0", cat: "graph", fields: ["\"s\":\"t\""]),
        ])
        let folder = TemporaryFolder()
        let summary = try Self.run(trace)
        #expect(summary.status == 0 && !summary.timedOut, "\(summary.stderr)")
        #expect(summary.output.contains("2 tracks") || summary.output.contains("1 track"), "\(summary.output)")
        let svg = try Self.run(trace, ["--svg", folder.file("wide.svg")])
        #expect(svg.status == 0 && !svg.timedOut, "\(svg.stderr)")
        let text = try String(contentsOfFile: folder.file("wide.svg"), encoding: .utf8)
        #expect(SVGCheck.problems(text) == [])
        for window in [["--from", "9007199254740"], ["--to", "0.001"], ["--from", "1", "--to", "9007199254740"]] {
            let part = try Self.run(trace, ["--svg", folder.file("part.svg")] + window)
            #expect(part.status == 0 && !part.timedOut, "\(window): \(part.stderr)")
        }
    }

    @Test(arguments: ["pid", "tid"])
    func processAndThreadIDsMustBeIntegers(field: String) throws {
        for value in ["1e300", "1.5", "\"main\"", "99999999999999999999"] {
            let event = "{\"ph\":\"X\",\"name\":\"r\",\"ts\":0,\"dur\":1,\"\(field)\":\(value)}"
            let run = try Self.run(Traces.json([Traces.event("X", "ok", dur: "1"), event]))
            #expect(!run.signaled)
            #expect(run.status == ExitCode.notAnArchive.rawValue, "\(field)=\(value): \(run.stderr)")
            #expect(run.stderr.contains("event 1") && run.stderr.contains("\"\(field)\""), "\(run.stderr)")
        }
    }

    @Test(arguments: ["--from", "--to"])
    func outOfRangeWindowOptionsAreUsageErrors(option: String) throws {
        let trace = Traces.json([Traces.event("X", "r", ts: "0", dur: "1000")])
        for value in ["1e300", "1e308", "9007199254741", "1e9999", "nan", "inf", "-1", "0x10", ""] {
            let run = try Self.run(trace, ["--svg", "/dev/null", option, value])
            #expect(!run.signaled && !run.timedOut, "\(option) \(value): crashed or hung")
            #expect(run.status == ExitCode.usage.rawValue, "\(option) \(value): \(run.stderr)")
            #expect(run.stderr.hasPrefix("agdump: \(option) "), "\(run.stderr)")
        }
    }

    @Test func hugeProfileCountsAreACleanError() throws {
        let entry = #"{"type": "T", "value": "Int", "runs": 9223372036854775807, "total_ns": 1, "max_ns": 1}"#
        let archive = #"{"version": 2, "graphs": [{"id": 1, "attrgraph_profile": {"rules": [\#(entry), \#(entry)]}}]}"#
        let run = try AGDumpProcess(["-", "--profile"], stdin: Array(archive.utf8), timeout: 20)
        #expect(!run.signaled)
        #expect(run.status == ExitCode.notAnArchive.rawValue, "\(run.stderr)")
        #expect(run.stderr.contains("attrgraph_profile.rules"), "\(run.stderr)")
    }
}
