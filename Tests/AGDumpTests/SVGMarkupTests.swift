import AGDumpCore
import AttrGraphTestSupport
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// Names in a trace cannot add markup to `agdump TRACE --svg`: text is escaped per Unicode
/// scalar (a `<` that a combining mark or a prepended character joins into one `Character` is
/// still a `<` to an XML parser), and what XML 1.0 forbids is not written.
@Suite struct SVGMarkupTests {
    static let hostileNames = [
        "\u{600}<script>alert(1)</script>",  // U+0600 is a prepend mark: "\u{600}<" is one Character
        "<\u{301}script>",  // a combining mark after <
        // Noncharacters (Swift literals cannot hold them).
        "&" + scalar(0xFFFE) + "amp;", "&" + scalar(0xFDD0), "<" + scalar(0xFFFF), "<" + scalar(0x10FFFF),
        "\u{1B}[31mred\u{0}\u{7}\u{8}\u{7F}\u{85}\u{9B}",
        "\"/><script>x</script><g a=\"", "]]><!--", "<![CDATA[x]]>",
        "\u{202E}evil\u{2066}", "tab\there\r\nline",
        "\u{1F600}\u{FE0F}<\u{200D}b>",
    ]

    static func scalar(_ value: UInt32) -> String { String(Unicode.Scalar(value)!) }

    /// A trace whose thread names, event names, categories and arguments are `names`.
    static func trace(_ names: [String]) -> [UInt8] {
        var events: [String] = []
        for (index, name) in names.enumerated() {
            let tid = String(index + 1)
            events.append(Traces.threadName(name, tid: tid))
            events.append(Traces.event(
                "X", name, ts: String(index * 10), dur: "400", cat: name, tid: tid,
                args: "{\(Traces.quoted(name)): \(Traces.quoted(name))}"))
            events.append(Traces.event(
                "i", "cycle", ts: String(index * 10 + 5), cat: "graph", tid: tid, args: "{\"report\": \(Traces.quoted(name))}",
                fields: ["\"s\":\"t\""]))
        }
        return Traces.json(events)
    }

    @Test func hostileNamesNeitherAddElementsNorBreakTheXML() throws {
        let folder = TemporaryFolder()
        for name in Self.hostileNames {
            let out = folder.file("one.svg")
            let run = AGDumpRun(["-", "--svg", out], stdin: Self.trace([name]))
            #expect(run.status == 0, "\(name.debugDescription): \(run.stderr)")
            let svg = try String(contentsOfFile: out, encoding: .utf8)
            #expect(SVGCheck.problems(svg) == [], "\(name.debugDescription)")
        }
        let all = folder.file("all.svg")
        let run = AGDumpRun(["-", "--svg", all], stdin: Self.trace(Self.hostileNames))
        #expect(run.status == 0, "\(run.stderr)")
        let svg = try String(contentsOfFile: all, encoding: .utf8)
        #expect(SVGCheck.problems(svg) == [])
        #expect(!svg.contains("<script"))
    }

    @Test func theTimelinesDOTForThePNGKeepsNamesInTheirQuotes() throws {
        // --png draws the same picture through Graphviz: every line is a node with quoted text.
        guard case .trace(let trace) = try ArchiveLoader.input(Self.trace(Self.hostileNames), name: "stdin", limit: 1 << 20) else {
            Issue.record("the hostile trace does not read")
            return
        }
        let dot = TraceTimeline.dot(trace, title: Self.hostileNames.joined())
        let string = #""(?:[^"\\\n\r]|\\.)*""#
        let value = #"(?:\#(string)|[A-Za-z0-9.#]+)"#
        let node = try Regex(#"^  n\d+ \[[a-z]+=\#(value)(?:, [a-z]+=\#(value))*\];$"#).matchingSemantics(.unicodeScalar)
        let lines = dot.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "graph timeline {" && lines.dropLast().last == "}" && lines.last == "")
        for line in lines.dropFirst(3).dropLast(2) {
            #expect(line.wholeMatch(of: node) != nil, "\(line.debugDescription)")
        }
    }

    @Test func theFileNameInTheTitleIsEscapedToo() throws {
        let folder = TemporaryFolder()
        let input = folder.file("<b>&\u{301}.json")
        _ = FileManager.default.createFile(atPath: input, contents: Data(Self.trace(["main"])))
        let out = folder.file("out.svg")
        let run = AGDumpRun([input, "--svg", out])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(SVGCheck.problems(try String(contentsOfFile: out, encoding: .utf8)) == [])
    }
}
