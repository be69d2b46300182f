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

    @Test func aChangedEdgeOnTheCycleAndADirtyNodeOnItHaveOneColourEach() {
        // b (101) is dirty and reads a (100) through a changed edge; the cycle runs through both.
        var archive = Archives.graph(descs: ["a", "b"], flags: [8, 9])
        archive.graphs[0].edges = [GraphArchive.Edge(src: 0, dst: 1, flags: 8)]
        archive.graphs[0].cycle = CycleRecord(attribute: 101, path: [101, 100, 101], cause: nil)
        let run = AGDumpRun(["-"], stdin: Archives.bytes(archive))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("  _100 -> _101[ color=magenta penwidth=3];\n"), "\(run.stdout)")
        for line in run.stdout.split(separator: "\n") {
            #expect(line.components(separatedBy: " color=").count <= 2, "more than one colour: \(line)")
        }
        GraphvizCheck.validate(run.stdout)
    }

    @Test func bidirectionalControlsCannotReorderALabel() {
        let archive = Archives.graph(descs: ["admin\u{202E}nimda", "x\u{2066}y\u{2069}", "\u{200F}z"])
        let run = AGDumpRun(["-"], stdin: Archives.bytes(archive))
        #expect(run.status == 0, "\(run.stderr)")
        let controls: Set<UInt32> = [0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069]
        #expect(!run.stdout.unicodeScalars.contains { controls.contains($0.value) })
        #expect(run.stdout.contains("100: admin\u{FFFD}nimda"))
    }

    @Test func theGrammarRejectsIdentifiersGraphvizCannotParse() {
        #expect(DOTGrammar.violations("digraph {\n  subgraph cluster_-5 {\n  }\n}\n") == ["  subgraph cluster_-5 {"])
        #expect(DOTGrammar.violations("digraph {\n  subgraph \"cluster_-5\" {\n  }\n}\n") == [])
        #expect(DOTGrammar.violations("digraph {\n  _1[label=\"x\" color=a,b];\n}\n") != [])
        #expect(DOTGrammar.violations("digraph {\n  _1[label=\"\\\"\u{301}\"];\n}\n") == [])
        #expect(DOTGrammar.violations("digraph {\n  _1[label=\"\"\u{301}\"];\n}\n") != [], "a quote joined to a combining mark still ends the string")
    }
}
