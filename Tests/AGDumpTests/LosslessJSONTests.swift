import AGDumpCore
import AttrGraphArchive
import AttrGraph
import AttrGraphTestSupport
import Foundation
import Testing

/// `--json` is lossless: what it writes reads back as exactly the input's values — strings by
/// their code points (never merged by canonical equivalence), unknown keys wherever they are,
/// numbers as written.
@Suite struct LosslessJSONTests {
    /// `--json` of `text`, checked against the input with the independent reader.
    static func roundTrip(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> String {
        let run = AGDumpRun(["-", "--json"], stdin: Array(text.utf8))
        #expect(run.status == 0, "\(run.stderr)", sourceLocation: sourceLocation)
        let input = ExactJSON.parse(Array(text.utf8))
        let output = ExactJSON.parse(Array(run.stdout.utf8))
        #expect(input != nil && output != nil, sourceLocation: sourceLocation)
        #expect(input == output, "--json changed the archive:\n\(run.stdout)", sourceLocation: sourceLocation)
        return run.stdout
    }

    static let nfc = "Caf\u{E9} au lait, a long description"  // é as one scalar
    static let nfd = "Cafe\u{301} au lait, a long description"  // e + combining acute

    static func archive(nodes: String, extra: String = "") -> String {
        #"{"version": 2, "graphs": [{"id": 1, "types": [{"id": 0, "name": "T", "value": "Int"}], "nodes": [\#(nodes)]\#(extra)}]}"#
    }

    @Test func canonicallyEquivalentDescriptionsKeepTheirOwnBytes() {
        let text = Self.archive(nodes: """
            {"type": 0, "id": 1, "desc": "\(Self.nfc)"}, {"type": 0, "id": 2, "desc": "\(Self.nfd)"}
            """)
        let json = Self.roundTrip(text)
        #expect(json.contains(Self.nfc) && json.contains(Self.nfd))
        #expect(Array(json.utf8).firstRange(of: Array(Self.nfd.utf8)) != nil, "the NFD bytes are written as NFD")
        let dot = AGDumpRun(["-"], stdin: Array(text.utf8)).stdout
        let second = dot.split(separator: "\n").first { $0.hasPrefix("  _2[") }.map(String.init) ?? ""
        #expect(Array(second.utf8).firstRange(of: Array("Cafe\u{301}".utf8)) != nil, "node 2 is drawn with its own (NFD) bytes: \(second)")
    }

    @Test func canonicallyEquivalentKeysAreDifferentKeys() {
        let text = Self.archive(nodes: """
            {"type": 0, "id": 1, "caf\u{E9}": 1, "cafe\u{301}": 2}
            """, extra: ", \"\u{C5}\": 1, \"\u{212B}\": 2")  // Å and the Ångström sign (a singleton decomposition)
        let json = Self.roundTrip(text)
        #expect(json.contains("\"caf\u{E9}\": 1") && json.contains("\"cafe\u{301}\": 2"))
        // Tree value keys too.
        let trees = Self.archive(nodes: #"{"type": 0, "id": 1}"#, extra: """
            , "trees": [{"values": {"caf\u{E9}": {"node": 0}, "cafe\u{301}": {"node": 0}}}]
            """)
        _ = Self.roundTrip(trees)
    }

    @Test func unknownKeysAreKeptEverywhere() {
        let text = """
            {"version": 2, "future": {"x": [1, {"y": null}]}, "graphs": [{"id": 1, "g_extra": true,
              "types": [{"id": 0, "name": "T", "value": "Int", "t_extra": "t"}],
              "nodes": [{"type": 0, "id": 1, "n_extra": [], "indirect": {"offset": 8, "dependency": 2, "i_extra": "kept"}},
                        {"type": 0, "id": 2}],
              "edges": [{"src": 0, "dst": 1, "e_extra": 1.5}],
              "subgraphs": [{"id": 1, "context_id": 1, "nodes": [0, {"graph": 2, "node": 7}, 1], "s_extra": {}}],
              "attrgraph_cycle": {"attribute": 1, "path": [1, 2, {"other": 3}], "cause": "c", "c_extra": [null]},
              "trees": [{"root": true, "values": {"k": {"node": 0, "offset": 4, "v_extra": "kept"}}, "tr_extra": 0}]}]}
            """
        let json = Self.roundTrip(text)
        for key in ["future", "g_extra", "t_extra", "n_extra", "i_extra", "e_extra", "s_extra", "c_extra", "v_extra", "tr_extra", "other"] {
            #expect(json.contains("\"\(key)\""), "lost \(key)")
        }
    }

    @Test func numbersAreKeptAsWritten() {
        let text = Self.archive(nodes: """
            {"type": 0, "id": 1, "desc": 5, "value": 1.50, "big": 123456789012345678901234567890,
             "negative": -98765432109876543210, "exponent": 1E2, "tiny": 1e-400, "huge": 1e400, "zero": -0, "fraction": 0.1}
            """)
        let json = Self.roundTrip(text)
        for number in ["123456789012345678901234567890", "-98765432109876543210", "1E2", "1e-400", "1e400", "-0", "1.50", "0.1"] {
            #expect(json.contains(": \(number)"), "\(number) was not kept as written")
        }
        #expect(json.contains("\"desc\": 5"), "a number stays a number")
    }

    @Test func loneSurrogatesAndEscapesSurvive() {
        let text = Self.archive(nodes: #"{"type": 0, "id": 1, "desc": "a\ud800b\udc00c\u0000\u001b\u2028", "k\u00e9y": "\ud83d\ude00"}"#)
        _ = Self.roundTrip(text)
    }

    @Test func theFixtureNormalisesToItsGoldenFile() {
        let text = (try? String(contentsOfFile: Fixture.archive, encoding: .utf8)) ?? ""
        let json = Self.roundTrip(text)
        #expect(AGDumpRun(["-", "--json"], stdin: Array(json.utf8)).stdout == json, "normalising is idempotent")
    }
}
