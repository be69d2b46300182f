import AttrGraphArchive
import AGDumpCore
import AttrGraph
import AttrGraphTestSupport
import Foundation
import Testing

/// The text-output oracle: no raw control characters (C0 except the line breaks agdump writes,
/// DEL, C1), no bidirectional overrides or isolates, no line or paragraph separators.
enum TerminalCheck {
    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (value < 0x20 && value != 0x0A) || (0x7F...0x9F).contains(value) || [0x061C, 0x200E, 0x200F, 0x2028, 0x2029].contains(value)
            || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }

    /// The unsafe scalars in `text`, as `U+XXXX` (empty when it is safe for a terminal).
    static func unsafeScalars(_ text: String) -> [String] {
        text.unicodeScalars.filter(isUnsafe).map { String(format: "U+%04X", $0.value) }
    }
}

/// Names from archives and traces cannot drive the terminal or forge lines: every text output
/// (summaries, the profile, error messages that echo input) shows control characters escaped.
@Suite struct TerminalTextTests {
    static let hostile = [
        "\u{1B}]0;pwned\u{7}\u{1B}[2J", "Forged\n  nodes:      999", "cr\rover", "\u{9B}31m", "\u{202E}txt.exe",
        "nul\u{0}del\u{7F}", "line\u{2028}sep",
    ]

    @Test func anArchiveSummaryShowsHostileNamesEscaped() {
        var archive = Archives.graph(descs: ["a", "b"], typeName: Self.hostile.joined(), cause: Self.hostile.joined())
        archive.graphs[0].types[0].value = Self.hostile.joined()
        archive.graphs[0].trees = [GraphArchive.TreeElement(
            node: 0, desc: Self.hostile.joined(), root: true, values: [GraphArchive.TreeElement.Value(key: Self.hostile.joined(), node: 1)])]
        let benign = AGDumpRun(["-", "--summary"], stdin: Archives.bytes(Archives.graph(descs: ["a", "b"], cause: "c")))
        let run = AGDumpRun(["-", "--summary"], stdin: Archives.bytes(archive))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(TerminalCheck.unsafeScalars(run.stdout) == [])
        #expect(!run.stdout.contains("\n  nodes:      999"), "a name forged a line")
        // The same lines as a benign archive's, plus the tree outline's two.
        #expect(run.stdout.split(separator: "\n").count == benign.stdout.split(separator: "\n").count + 2, "\(run.stdout)")
    }

    @Test func aTraceSummaryShowsHostileNamesEscaped() {
        var events: [String] = []
        for (index, name) in Self.hostile.enumerated() {
            events.append(Traces.event("X", name, ts: String(index * 10), dur: "5", args: "{\"attribute\": 7}"))
            events.append(Traces.event("X", "update", ts: String(index * 10), dur: "6", cat: "graph",
                                       args: "{\"rootType\": \(Traces.quoted(name))}"))
            events.append(Traces.event("X", "body " + name, ts: String(index * 10), dur: "2", cat: "view",
                                       args: "{\"changes\": \(Traces.quoted(name))}"))
            events.append(Traces.event("X", "nested update", ts: String(index * 10), dur: "1", cat: "graph",
                                       args: "{\"reason\": \(Traces.quoted(name)), \"during\": \(Traces.quoted(name))}"))
            events.append(Traces.event("i", "cycle", ts: String(index * 10 + 1), cat: "graph",
                                       args: "{\"report\": \(Traces.quoted(name))}"))
        }
        let run = AGDumpRun(["-"], stdin: Traces.json(events))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(TerminalCheck.unsafeScalars(run.stdout) == [])
        #expect(!run.stdout.contains("\n  nodes:"), "a name forged a line")
    }

    @Test func theProfileShowsHostileNamesEscaped() {
        let name = Traces.quoted(Self.hostile.joined())
        let entry = "{\"type\": \(name), \"value\": \(name), \"runs\": 1, \"total_ns\": 1000, \"max_ns\": 1000}"
        let attribute = "{\"attribute\": 5, \"type\": \(name), \"runs\": 1, \"total_ns\": 1000, \"max_ns\": 1000}"
        let archive = "{\"version\": 2, \"graphs\": [{\"id\": 1, \"attrgraph_profile\": {\"rules\": [\(entry)], \"attributes\": [\(attribute)]}}]}"
        let run = AGDumpRun(["-", "--profile"], stdin: Array(archive.utf8))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(TerminalCheck.unsafeScalars(run.stdout) == [])
    }

    @Test func errorMessagesThatEchoInputAreOneSafeLine() {
        let key = Traces.quoted("k\u{1B}[2J\nforged")
        let cases: [(String, [String], [UInt8])] = [
            ("a file name", ["/nonexistent/\u{1B}[2J\nforged line"], []),
            ("an option value", ["-", "--rankdir", "\u{1B}[2J\nX"], []),
            ("an unknown option", ["--\u{1B}[2J\nX"], []),
            ("a regular expression", ["-", "--type", "(\u{1B}[2J\n"], Archives.bytes(Archives.chain(2))),
            ("a duplicate key", ["-"], Array("{\"version\": 2, \"graphs\": [], \(key): 1, \(key): 2}".utf8)),
            ("a tree value key", ["-"], TreeArchiveTests.treesJSON("[{\"values\": {\(key): {\"node\": 9}}}]")),
            ("an -o path", ["-", "-o", "/nonexistent-\u{1B}[2J\n/x"], Archives.bytes(Archives.chain(2))),
        ]
        for (what, arguments, input) in cases {
            let run = AGDumpRun(arguments, stdin: input)
            #expect(run.status != 0, "\(what)")
            #expect(TerminalCheck.unsafeScalars(run.stderr.replacingOccurrences(of: "\n", with: "")) == [], "\(what): \(run.stderr.debugDescription)")
            #expect(run.stderr.hasSuffix("\n") && run.stderr.dropLast().allSatisfy { $0 != "\n" }, "\(what): \(run.stderr.debugDescription)")
        }
    }
}
