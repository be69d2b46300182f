import AGDumpCore
import AttrGraphArchive
import AttrGraph
import AttrGraphTestSupport
import Foundation
import Testing

/// Recorded trees in archives (`"trees"`): read, checked, kept by `--json`, drawn by `--dot`,
/// outlined by `--summary`; broken ones are named like any other archive error.
@Suite struct TreeArchiveTests {
    /// Three nodes; a root element with a child that holds node 0 and has node 1 as "title",
    /// and a second subgraph's root hung under that child.
    static func archive(trees: [GraphArchive.TreeElement]? = nil) -> GraphArchive {
        var archive = Archives.graph(descs: ["screen", "title", "detail"])
        archive.graphs[0].trees = trees ?? [
            GraphArchive.TreeElement(root: true, children: [1]),
            GraphArchive.TreeElement(
                node: 0, desc: "Screen", flags: 1, nodes: [0, 1],
                values: [GraphArchive.TreeElement.Value(key: "title", node: 1)]),
            GraphArchive.TreeElement(node: 2, root: true, children: [3], owner: 1),
            GraphArchive.TreeElement(node: 2, offset: 8, desc: "Detail"),
        ]
        return archive
    }

    static func treesJSON(_ trees: String) -> [UInt8] {
        Array("""
            {"version": 2, "graphs": [{"id": 1, "types": [{"id": 0, "name": "A", "value": "Int"}],
            "nodes": [{"type": 0, "id": 10}, {"type": 0, "id": 11}], "trees": \(trees)}]}
            """.utf8)
    }

    @Test func treesSurviveJSONAndReadingBack() throws {
        let archive = Self.archive()
        let bytes = Archives.bytes(archive)
        #expect(try ArchiveReader.archive(from: bytes) == archive)
        let json = AGDumpRun(["-", "--json"], stdin: bytes)
        #expect(json.status == 0)
        #expect(try ArchiveReader.archive(from: Array(json.stdout.utf8)) == archive)
    }

    @Test func dotDrawsTheTreeBesideTheGraph() {
        let run = AGDumpRun(["-"], stdin: Archives.bytes(Self.archive()))
        #expect(run.status == 0)
        let dot = run.stdout
        #expect(dot.contains("  subgraph cluster_tree {\n"))
        #expect(dot.contains(#"tree_1[label="Screen (flags 1)" shape=note color=darkgreen fontcolor=darkgreen];"#))
        #expect(dot.contains("tree_0 -> tree_1[color=darkgreen penwidth=2];"))
        #expect(dot.contains("tree_1 -> tree_2[color=darkgreen style=dotted];"))
        #expect(dot.contains("tree_1 -> _100[color=gray style=dashed arrowhead=none];"))
        #expect(dot.contains(#"tree_1 -> _101[color=gray style=dashed label="title" fontcolor=gray];"#))
        GraphvizCheck.validate(dot)

        let hidden = AGDumpRun(["-", "--no-trees"], stdin: Archives.bytes(Self.archive()))
        #expect(hidden.status == 0 && !hidden.stdout.contains("tree_"))
        // A selection keeps the elements but draws edges only to the nodes it includes.
        let only = AGDumpRun(["-", "--only", "100"], stdin: Archives.bytes(Self.archive()))
        #expect(only.stdout.contains("tree_1 -> _100") && !only.stdout.contains("-> _101"))
        GraphvizCheck.validate(only.stdout)
    }

    @Test func summaryOutlinesTheTree() {
        let run = AGDumpRun(["-", "--summary"], stdin: Archives.bytes(Self.archive()))
        #expect(run.status == 0)
        #expect(run.stdout.contains("""
              tree:       4 elements (2 roots)
                root
                  Screen @100 [title]
                    root @102
                      Detail @102

            """))
    }

    @Test(arguments: [
        (#"[{"children": [5]}]"#, "graphs[0].trees[0].children[0] refers to trees index 5"),
        (#"[{"node": 2}]"#, "graphs[0].trees[0].node refers to nodes index 2"),
        (#"[{"nodes": [0, 9]}]"#, "graphs[0].trees[0].nodes[1] refers to nodes index 9"),
        (#"[{"values": {"title": {"node": 4}}}]"#, "graphs[0].trees[0].values.title.node refers to nodes index 4"),
        (#"[{"owner": 1}]"#, "graphs[0].trees[0].owner refers to trees index 1"),
    ])
    func danglingTreeIndicesAreNamed(trees: String, message: String) {
        let run = AGDumpRun(["-"], stdin: Self.treesJSON(trees))
        #expect(run.status == ExitCode.danglingIndex.rawValue)
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    @Test(arguments: [
        (#"[{"children": [1]}, {"children": [0]}]"#, "lead back to itself"),
        (#"[{"root": true, "owner": 0}]"#, "lead back to itself"),
        (#"[{"children": [2]}, {"children": [2]}, {}]"#, "already a child of element 0"),
        (#"[{"values": {"a": {"node": 0}, "a": {"node": 1}}}]"#, "duplicate key"),
        (#"[{"values": {"a": {"offset": 1}}}]"#, "missing \"node\""),
        (#"[{"root": 1}]"#, "expected a boolean"),
        (#"[{"flags": -1}]"#, "out of range"),
        (#"{"children": []}"#, "expected an array"),
    ])
    func brokenTreesAreRejectedWithAReason(trees: String, reason: String) {
        let run = AGDumpRun(["-"], stdin: Self.treesJSON(trees))
        #expect(run.status == ExitCode.notAnArchive.rawValue)
        #expect(run.stderr.contains(reason), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    @Test func unknownKeysInElementsAreKept() throws {
        let bytes = Self.treesJSON(#"[{"root": true, "future": [1, 2]}]"#)
        let archive = try ArchiveReader.archive(from: bytes)
        #expect(archive.graphs[0].trees[0].extra["future"] == .array([.int(1), .int(2)]))
        let json = AGDumpRun(["-", "--json"], stdin: bytes)
        #expect(json.stdout.contains("\"future\""))
    }
}
