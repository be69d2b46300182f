import AttrGraphArchive
import AGDumpCore
import AttrGraph
import AttrGraphTestSupport
import Testing

/// Every identifier agdump writes into DOT is one Graphviz parses, whatever the archive's ids.
@Suite struct DOTIdentifierTests {
    @Test func negativeSubgraphIDsMakeClustersGraphvizAccepts() {
        var archive = Archives.graph(descs: ["a", "b", "c", "d"])
        archive.graphs[0].subgraphs = [
            GraphArchive.Subgraph(id: -5, contextID: 1, nodes: [0]),
            GraphArchive.Subgraph(id: Int.min, contextID: 1, nodes: [1]),
            GraphArchive.Subgraph(id: 7, contextID: 2, nodes: [2]),
            GraphArchive.Subgraph(id: Int.max, contextID: 2, nodes: [3]),
        ]
        let run = AGDumpRun(["-", "--cluster-subgraphs"], stdin: Archives.bytes(archive))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(DOTGrammar.violations(run.stdout) == [])
        #expect(!run.stdout.contains("subgraph cluster_-"), "an unquoted negative id")
        #expect(run.stdout.contains("  subgraph \"cluster_-5\" {\n"))
        // Each cluster is still labelled with its subgraph's id.
        for id in ["-5", String(Int.min), "7", String(Int.max)] {
            #expect(run.stdout.contains("    label=\"subgraph \(id)\";"), "\(id)")
        }
        GraphvizCheck.validate(run.stdout)
    }

    @Test func clusterNamesAreQuotedWhereverTheStreamIsCut() throws {
        let dot = "digraph {\n  subgraph cluster_-12 {\n    label=\"subgraph -12\";\n  }\n  subgraph cluster_3 {\n  }\n}\n"
        let expected = dot.replacingOccurrences(of: "subgraph cluster_-12 {", with: "subgraph \"cluster_-12\" {")
        let bytes = Array(dot.utf8)
        for first in 0...bytes.count {
            for second in first...bytes.count where second == first || second == bytes.count || (second - first) % 7 == 0 {
                let filter = DOTClusterNames()
                var written: [UInt8] = []
                for chunk in [bytes[..<first], bytes[first..<second], bytes[second...]] {
                    try Array(chunk).withUnsafeBytes { buffer in try filter.pass(buffer) { written += $0 } }
                }
                try filter.finish { written += $0 }
                #expect(String(decoding: written, as: UTF8.self) == expected, "cut at \(first), \(second)")
            }
        }
    }

    @Test func theGrammarRejectsIdentifiersGraphvizCannotParse() {
        #expect(DOTGrammar.violations("digraph {\n  subgraph cluster_-5 {\n  }\n}\n") == ["  subgraph cluster_-5 {"])
        #expect(DOTGrammar.violations("digraph {\n  subgraph \"cluster_-5\" {\n  }\n}\n") == [])
        #expect(DOTGrammar.violations("digraph {\n  _1[label=\"x\" color=a,b];\n}\n") != [])
        #expect(DOTGrammar.violations("digraph {\n  _1[label=\"\\\"\u{301}\"];\n}\n") == [])
        #expect(DOTGrammar.violations("digraph {\n  _1[label=\"\"\u{301}\"];\n}\n") != [], "a quote joined to a combining mark still ends the string")
    }
}
