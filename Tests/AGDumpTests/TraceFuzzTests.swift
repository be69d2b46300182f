import AttrGraphArchive
import AGDumpCore
import AttrGraph
import AttrGraphTestSupport
import Foundation
import Testing

/// A seeded fuzzer for traces: the seed app's trace and traces written here (threads, nested
/// spans, instants, the object form, hostile names) damaged the ways real files are — cut short,
/// bit-flipped, spliced, numbers huge, negative or beyond doubles, Unicode tricks — sometimes
/// re-encoded or compressed, run through agdump in-process as `--summary`, `--svg` (with and
/// without a window) or an output a trace does not have.
///
/// The oracles, independent of agdump's reader: a failure is a documented status with one line
/// on stderr; a success is faithful — the text is complete JSON (`ExactJSON`, `JSONShape`) or,
/// when agdump says "cut short", a valid beginning of JSON cut inside its array, and the number
/// of events agdump reports is the number of complete events; every event it accepted follows
/// the documented rules (a one-letter `ph`, `ts` and `dur` within 2^53 µs, integer ids); the
/// summary holds no raw control characters; the SVG parses as XML with only the timeline's
/// elements and names the same number of events. No crash, and no case takes 10 s.
@Suite struct TraceFuzzTests {
    @Test func damagedTracesNeverCrashHangOrProduceWrongOutput() throws {
        let corpus = try Self.corpus()
        let folder = TemporaryFolder()
        let outcomes = Fuzz.run("traces", slice: 400, seed: 0x7ACE_0000) { seed in
            var fuzz = TraceFuzzCase(seed: seed, corpus: corpus, folder: folder.path)
            return fuzz.run()
        }
        let count = outcomes.values.reduce(0, +)
        if count >= 400 {
            #expect(outcomes[0, default: 0] > count / 10, "too few traces survived: \(outcomes)")
            for code in [ExitCode.malformedJSON, .notAnArchive, .usage] {
                #expect(outcomes[code.rawValue, default: 0] > 0, "no case ended with \(code): \(outcomes)")
            }
        }
    }

    /// Traces to damage, as JSON text.
    static func corpus() throws -> [[UInt8]] {
        let seed = Array(try Data(contentsOf: URL(fileURLWithPath: TraceTests.seedTrace)))
        var events = [Traces.threadName("main"), Traces.threadName("worker", tid: "2")]
        for index in 0..<12 {
            let ts = String(index * 100)
            events.append(Traces.event("B", "turn", ts: ts, cat: "runloop"))
            events.append(Traces.event("X", "update", ts: ts, dur: "60", cat: "graph", args: "{\"root\": \(index), \"rootType\": \"Root\", \"ruleRuns\": 2}"))
            events.append(Traces.event("X", "Rule\(index % 3)", ts: String(index * 100 + 5), dur: "20", args: "{\"attribute\": \(index), \"changed\": true}"))
            events.append(Traces.event("X", "body V\(index)", ts: String(index * 100 + 30), dur: "9.5", cat: "view", tid: "2", args: "{\"changes\": \"@self\"}"))
            if index % 4 == 0 {
                events.append(Traces.event("i", ["cycle", "hang", "precondition failure", "cut-off"][index / 4 % 4], ts: String(index * 100 + 7),
                                           cat: "graph", args: "{\"report\": \"line one\\nline two\"}", fields: ["\"s\":\"t\""]))
            }
            if index != 11 { events.append(Traces.event("E", "turn", ts: String(index * 100 + 90), cat: "runloop")) }
        }
        let made = Traces.json(events)
        let objectForm = Array("{\"traceEvents\": ".utf8) + made + Array(", \"displayTimeUnit\": \"ms\"}".utf8)
        return [seed, made, objectForm, SVGMarkupTests.trace(SVGMarkupTests.hostileNames)]
    }
}

private struct TraceFuzzCase {
    var mutator: Mutator
    let corpus: [[UInt8]]
    let folder: String

    init(seed: UInt64, corpus: [[UInt8]], folder: String) {
        mutator = Mutator(seed: seed)
        self.corpus = corpus
        self.folder = folder
    }

    mutating func run() -> (status: Int32, problem: String?) {
        // The text as agdump will decode it, and the bytes it is given.
        var text = corpus[mutator.below(corpus.count)]
        for _ in 0..<mutator.below(3) { mutator.mutate(&text, others: corpus) }
        if mutator.below(4) == 0, !text.isEmpty { text.removeLast(text.count - mutator.below(text.count)) }  // cut short
        let input: [UInt8]
        switch mutator.below(30) {
        case 0:
            text = Array(String(decoding: text, as: UTF8.self).utf8)  // what UTF-16 can carry
            input = EncodingTests.utf16(text, bigEndian: mutator.below(2) == 0, bom: true)
        case 1: input = Zlib.deflate(text)
        case 2: input = [0xEF, 0xBB, 0xBF] + text
        default: input = text
        }
        let svg = folder + "/trace.svg"
        try? FileManager.default.removeItem(atPath: svg)
        let options = pickOptions(svg: svg)
        let start = Date()
        let run = AGDumpRun(["-"] + options, stdin: input)
        if Date().timeIntervalSince(start) > 10 { return (run.status, "took more than 10 s (options \(options))") }
        if run.status != 0 {
            if let problem = Fuzz.checkFailure(status: run.status, stdout: run.stdout, stderr: run.stderr) { return (run.status, problem) }
            if FileManager.default.fileExists(atPath: svg) { return (run.status, "an SVG was left behind by a failure") }
            return (run.status, nil)
        }
        return (0, checkSuccess(text: text, options: options, run: run, svg: svg))
    }

    mutating func pickOptions(svg: String) -> [String] {
        let times = ["0", "0.5", "1", "3", "250", "9007199254740", "9007199254740.992", "1e3", "-1", "nan", "99999999999999", ".5", "2."]
        switch mutator.below(12) {
        case 0, 1, 2: return []
        case 3, 4: return ["--summary"]
        case 5, 6: return ["--svg", svg]
        case 7: return ["--svg", svg, "--from", times[mutator.below(times.count)]]
        case 8: return ["--svg", svg, "--to", times[mutator.below(times.count)]]
        case 9: return ["--svg", svg, "--from", times[mutator.below(times.count)], "--to", times[mutator.below(times.count)]]
        case 10: return [["--dot"], ["--json"], ["--profile"], ["--summary", "--svg", svg]][mutator.below(4)]
        default: return ["--summary", "-o", folder + "/summary.txt"]
        }
    }

    func checkSuccess(text: [UInt8], options: [String], run: AGDumpRun, svg: String) -> String? {
        // What agdump printed or drew, and what it says about the trace.
        let output: String
        if options.contains("--svg") {
            guard let drawn = try? String(contentsOfFile: svg, encoding: .utf8) else { return "no SVG written" }
            let problems = SVGCheck.problems(drawn)
            if !problems.isEmpty { return "the SVG: \(problems)" }
            output = drawn
        } else if options.contains("-o") {
            output = (try? String(contentsOfFile: folder + "/summary.txt", encoding: .utf8)) ?? ""
        } else {
            output = run.stdout
        }
        if !options.contains("--svg") {
            if !TerminalCheck.unsafeScalars(output).isEmpty { return "the summary shows raw control characters" }
            guard output.hasPrefix("trace: ") else { return "not a trace summary: \(output.prefix(60).debugDescription)" }
        }
        let reported: Int?
        if options.contains("--svg") {
            reported = output.firstRange(of: #/— (\d+) events</text>/#).flatMap { Int(output[$0].dropFirst(2).prefix { $0 != " " }) }
        } else {
            reported = Int(output.dropFirst("trace: ".count).prefix { $0 != " " })
        }
        guard let reported else { return "no event count in the output" }
        let cutShort = options.contains("--svg") ? nil as Bool? : output.contains("(cut short:")

        // What the text holds, read independently.
        let events: [ExactJSON]
        switch JSONShape.classify(text) {
        case .invalid:
            return "agdump accepted text that is neither JSON nor a beginning of JSON"
        case .cutShort(let complete):
            if cutShort == false { return "a trace cut short was not said to be" }
            guard complete == reported else { return "cut short after \(complete) complete events, but agdump read \(reported)" }
            guard let closed = Self.closeAfter(complete, in: text), case .array(let list)? = ExactJSON.parse(closed) else {
                return "the complete events of a trace cut short do not read back"
            }
            events = list
        case .complete:
            if cutShort == true { return "a complete trace was said to be cut short" }
            switch ExactJSON.parse(text) {
            case .array(let list)?: events = list
            case .object(let members)?:
                guard case .array(let list)? = members.first(where: { $0.key == Array("traceEvents".utf16) })?.value else {
                    return "agdump accepted an object without traceEvents"
                }
                events = list
            default: return "agdump accepted text that does not read as JSON"
            }
            guard events.count == reported else { return "the trace has \(events.count) events, agdump read \(reported)" }
        }
        for (index, event) in events.enumerated() {
            if let problem = Self.invalidity(of: event) { return "agdump accepted event \(index), which \(problem)" }
        }
        return nil
    }

    /// The text up to the end of its `count`-th top-level element, with the array closed.
    static func closeAfter(_ count: Int, in text: [UInt8]) -> [UInt8]? {
        let bytes = text.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(text.dropFirst(3)) : text
        // Try each candidate end (a `}` at the right place is the only end of an event object).
        var end = bytes.count
        while let close = bytes[..<end].lastIndex(of: UInt8(ascii: "}")) {
            let candidate = Array(bytes[...close]) + Array("]".utf8)
            if case .array(let list)? = ExactJSON.parse(candidate), list.count == count { return candidate }
            end = close
        }
        return nil
    }

    /// Why `event` breaks the documented rules of a trace event, if it does.
    static func invalidity(of event: ExactJSON) -> String? {
        guard case .object(let members) = event else { return "is not an object" }
        func member(_ key: String) -> ExactJSON? {
            members.first { $0.key == Array(key.utf16) }?.value
        }
        guard case .string(let phase)? = member("ph"), String(decoding: phase, as: UTF16.self).count == 1 else {
            return "has no one-letter ph"
        }
        let limit = 9_007_199_254_740_992.0
        /// A number within `range` of microseconds (integers compared exactly).
        func inRange(_ value: ExactJSON?, negative: Bool) -> Bool? {
            guard let value, value != .literal("null") else { return nil }
            guard case .number(let text) = value else { return false }
            if let integer = Int(text) { return integer <= 1 << 53 && integer >= (negative ? -(1 << 53) : 0) }
            if !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) { return false }  // an integer past Int
            guard let double = Double(text), double.isFinite else { return false }
            return double <= limit && double >= (negative ? -limit : 0)
        }
        let isMetadata = phase == Array("M".utf16)
        switch inRange(member("ts"), negative: true) {
        case false?: return "has a ts out of range"
        case nil where !isMetadata: return "has no ts"
        default: break
        }
        switch inRange(member("dur"), negative: false) {
        case false?: return "has a dur out of range"
        case nil where phase == Array("X".utf16): return "is an X event without dur"
        default: break
        }
        for key in ["pid", "tid"] {
            guard let value = member(key), value != .literal("null") else { continue }
            guard case .number(let text) = value else { return "has a \(key) that is not a number" }
            if Int(text) == nil {
                guard let double = Double(text), double.rounded() == double, abs(double) <= limit else { return "has a \(key) that is not an integer" }
            }
        }
        return nil
    }
}
