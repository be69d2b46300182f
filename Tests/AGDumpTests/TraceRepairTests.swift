import AGDumpCore
import AttrGraphTestSupport
import Foundation
import Testing

/// Only a trace that is cut short is repaired (read up to its last complete event): a complete
/// trace with an error in the middle is an error, never a shorter trace with exit 0.
@Suite struct TraceRepairTests {
    static let good = (0..<6).map { Traces.event("X", "rule \($0)", ts: String($0 * 10), dur: "5") }

    /// The good events with `bad` in the middle, closed properly.
    static func complete(withBadEvent bad: String) -> [UInt8] {
        var events = good
        events.insert(bad, at: 3)
        return Traces.json(events)
    }

    @Test(arguments: [
        ("a syntax error", #"{"ph":"X" "name":"r","ts":1,"dur":1}"#, ExitCode.malformedJSON),
        ("a trailing comma", #"{"ph":"X","name":"r","ts":1,"dur":1,}"#, .malformedJSON),
        ("a stray bracket", #"{"ph":"X","name":"r","ts":1,"dur":1}]"#, .malformedJSON),
        ("a duplicate key", #"{"ph":"X","name":"r","name":"s","ts":1,"dur":1}"#, .notAnArchive),
        ("nesting too deep", #"{"ph":"X","name":"r","ts":1,"dur":1,"args":{"a":"# + String(repeating: "[", count: 600)
            + String(repeating: "]", count: 600) + "}}", .malformedJSON),
        ("an unterminated string closed later", #"{"ph":"X","name":"r\u00","ts":1,"dur":1}"#, .malformedJSON),
    ])
    func aCompleteTraceWithAnErrorInTheMiddleIsNotRepaired(what: String, bad: String, code: ExitCode) {
        let run = AGDumpRun(["-"], stdin: Self.complete(withBadEvent: bad))
        #expect(run.status == code.rawValue, "\(what): \(run.stdout.prefix(80)) \(run.stderr)")
        #expect(!run.stdout.contains("cut short"), "\(what)")
        #expect(run.stderr.hasPrefix("agdump: stdin: "), "\(what): \(run.stderr)")
    }

    @Test func badUTF8InTheMiddleIsNotRepaired() {
        var bytes = Self.complete(withBadEvent: Traces.event("X", "BAD", ts: "1", dur: "1"))
        let at = bytes.firstRange(of: Array("BAD".utf8))!.lowerBound
        bytes[at] = 0xC3
        bytes[at + 1] = 0x28
        let run = AGDumpRun(["-"], stdin: bytes)
        #expect(run.status == ExitCode.malformedJSON.rawValue, "\(run.stderr)")
        #expect(run.stderr.contains("invalid UTF-8"))
    }

    @Test func anErrorBeforeTheCutIsNotRepairedEither() {
        // Cut short, but broken before the cut: the error is in the part that was written whole.
        let bytes = Self.complete(withBadEvent: #"{"ph":"X" "name":"r","ts":1,"dur":1}"#)
        let run = AGDumpRun(["-"], stdin: Array(bytes.dropLast(30)))
        #expect(run.status == ExitCode.malformedJSON.rawValue, "\(run.stderr)")
    }

    @Test func everyCutOfAGoodTraceIsRepairedUpToItsLastCompleteEvent() {
        let bytes = Traces.json(Self.good)
        let text = String(decoding: bytes, as: UTF8.self)
        // The offsets just past each event's closing brace.
        var ends: [Int] = []
        var offset = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            offset += line.utf8.count + 1
            if line.hasPrefix("{") { ends.append(offset - 1 - (line.hasSuffix(",") ? 1 : 0)) }
        }
        for cut in 1..<(bytes.count - 2) {
            let complete = ends.filter { $0 <= cut }.count
            let run = AGDumpRun(["-"], stdin: Array(bytes[..<cut]))
            if complete == 0 {
                #expect(run.status == ExitCode.malformedJSON.rawValue, "cut at \(cut): \(run.stderr)")
            } else {
                #expect(run.status == 0, "cut at \(cut): \(run.stderr)")
                #expect(run.stdout.hasPrefix("trace: \(complete) events"), "cut at \(cut): \(run.stdout.prefix(40))")
                #expect(run.stdout.contains("cut short"), "cut at \(cut)")
            }
        }
        let whole = AGDumpRun(["-"], stdin: bytes)
        #expect(whole.status == 0 && !whole.stdout.contains("cut short"))
    }
}
