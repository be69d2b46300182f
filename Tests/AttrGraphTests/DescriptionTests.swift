import AttrGraphArchive
import AttrGraph
import AttrGraphTestSupport
import Foundation
import Testing

/// `graph/dot`, `graph/dict`, `stack/text` and archives of live graphs.
@Suite struct DescriptionTests {
    @Test func emptyGraphDOTIsExactlyAnEmptyDigraph() {
        let graph = Graph()
        #expect(Graph.description(graph, options: [DescriptionOption.format: Graph.descriptionFormatDot]) as? String == "digraph {\n}\n")
        #expect(Graph.description(nil, options: [DescriptionOption.format: Graph.descriptionFormatDot]) == nil)
    }

    @Test func dotUsesAttributeGraphsConventions() {
        let test = TestGraph()
        test {
            let input = Attribute(value: 1)
            let doubled = Attribute(Map(input) { $0 * 2 })
            let shown = Attribute(Map(doubled) { "value \($0)" })
            let unread = Attribute(Map(input) { $0 })
            _ = shown.value
            input.value = 2  // dirties doubled and shown; marks the edge input → doubled changed
            let i = input.identifier.rawValue
            let d = doubled.identifier.rawValue
            let s = shown.identifier.rawValue
            let u = unread.identifier.rawValue
            let dot = test.graph.description(options: GraphDescriptionOptions(format: .dot))
            let expected = """
                digraph {
                  _\(i)[label="\(i): Int" style="bold"];
                  _\(d)[label="\(d): λ Int" color=red];
                  _\(i) -> _\(d)[ color=red];
                  _\(s)[label="\(s): λ String" style="bold" color=red];
                  _\(d) -> _\(s)[];
                  _\(u)[label="\(u): λ Int" style="dashed" color=red];
                }

                """
            #expect(dot == expected)
            GraphvizCheck.validate(dot)
        }
    }

    @Test func dotOptionsIncludeValuesSelectAttributesAndCluster() {
        let test = TestGraph()
        let child = Subgraph(graph: test.graph)
        test.root.addChild(child)
        let (input, label) = test { () -> (Attribute<Int>, Attribute<String>) in
            let input = Attribute(value: 7)
            return (input, child.apply { Attribute(Map(input) { String(repeating: "x", count: $0 * 10) + "\"" }) })
        }
        _ = label.value
        let withValues = test.graph.description(options: GraphDescriptionOptions(format: .dot, includeValues: true))
        #expect(withValues.contains("\(input.identifier.rawValue): Int → 7\""))
        #expect(withValues.contains("→ xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…\""), "values are cut at 40 characters")
        let truncated = test.graph.description(options: GraphDescriptionOptions(format: .dot, includeValues: true, truncationLimit: 5))
        #expect(truncated.contains("→ xxxxx…\""))
        // A negative limit (from options a caller did not check) cuts everything rather than trapping.
        let negative = Graph.description(test.graph, options: ["format": "graph/dict", "truncation-limit": -1, "include-values": true] as NSDictionary)
        #expect(negative != nil)
        #expect(test.graph.description(options: GraphDescriptionOptions(format: .dot, includeValues: true, truncationLimit: -1)).contains("digraph"))
        let only = test.graph.description(options: GraphDescriptionOptions(format: .dot, attributeIDs: [label.identifier]))
        #expect(!only.contains("_\(input.identifier.rawValue)["))
        #expect(only.contains("_\(label.identifier.rawValue)["))
        let clustered = test.graph.description(options: GraphDescriptionOptions(format: .dot, clusterSubgraphs: true))
        #expect(clustered.contains("subgraph cluster_"))
        GraphvizCheck.validate(withValues)
        GraphvizCheck.validate(clustered)
        withExtendedLifetime(child) {}
    }

    @Test func dictionaryIsArchiveVersionTwoWithIndexEdges() throws {
        let test = TestGraph()
        let (input, doubled) = test { () -> (Attribute<Int>, Attribute<Int>) in
            let input = Attribute(value: 3)
            return (input, Attribute(Map(input) { $0 * 2 }))
        }
        _ = doubled.value
        let dictionary = try #require(
            Graph.description(test.graph, options: [DescriptionOption.format: "graph/dict", DescriptionOption.includeValues: true])
                as? [String: Any])
        #expect(dictionary["version"] as? Int == 2)
        let graphs = try #require(dictionary["graphs"] as? [[String: Any]])
        let graph = try #require(graphs.first)
        let nodes = try #require(graph["nodes"] as? [[String: Any]])
        let types = try #require(graph["types"] as? [[String: Any]])
        let edges = try #require(graph["edges"] as? [[String: Any]])
        #expect(nodes.map { $0["id"] as? Int } == [Int(input.identifier.rawValue), Int(doubled.identifier.rawValue)])
        #expect(nodes.map { $0["value"] as? String } == ["3", "6"])
        #expect(types.map { $0["name"] as? String } == ["External<Int>", "Map<Int, Int>"])
        #expect(nodes[1]["type"] as? Int == 1, "type is an index into types")
        #expect(edges.count == 1)
        #expect(edges[0]["src"] as? Int == 0 && edges[0]["dst"] as? Int == 1, "src and dst are node indices")
        #expect((graph["subgraphs"] as? [[String: Any]])?.first?["nodes"] as? [Int] == [0, 1])
    }

    @Test func stackTextListsFramesInnermostFirstWithTheInputsOfTheFirst() {
        let test = TestGraph()
        var captured = ""
        let graph = test.graph
        test {
            let input = Attribute(value: 1)
            let inner = Attribute(
                Map(input) { value -> Int in
                    captured = graph.description(options: GraphDescriptionOptions(format: .stack))
                    return value
                })
            let outer = Attribute(Map(inner) { $0 + 1 })
            _ = outer.value
            let expected = """
                  #0: \(inner.identifier.rawValue) Map<Int, Int> -> Int
                  -- inputs:
                    \(input.identifier.rawValue) External<Int> -> Int
                  --
                  #1: \(outer.identifier.rawValue) Map<Int, Int> -> Int

                """
            #expect(captured == expected)
        }
        #expect(graph.description(options: GraphDescriptionOptions(format: .stack)) == "")
    }

    @Test func archivesAreWrittenPlainOrCompressedAndSayWhere() throws {
        let capture = DiagnosticSink.Capture()
        let test = TestGraph(sink: capture.sink)
        test { _ = Attribute(Map(Attribute(value: 1)) { $0 + 1 }).value }
        let name = "attrgraph-test-\(UUID().uuidString)"
        let plain = try #require(test.graph.archiveJSON(name: name + ".ag-json"))
        let compressed = try #require(test.graph.archiveJSON(name: name + ".ag-gzon"))
        defer {
            try? FileManager.default.removeItem(at: plain)
            try? FileManager.default.removeItem(at: compressed)
        }
        #expect(plain.path.hasPrefix(NSTemporaryDirectory().hasSuffix("/") ? String(NSTemporaryDirectory().dropLast()) : NSTemporaryDirectory()))
        #expect(capture.text.contains("Wrote graph data to \"\(plain.path)\"."))
        let json = try Data(contentsOf: plain)
        let inflated = try Inflate.decompress(Array(try Data(contentsOf: compressed)), limit: 1 << 20)
        #expect(inflated == Array(json))
        let archive = try ArchiveReader.archive(from: Array(json))
        #expect(archive.graphs.first?.nodes.count == 2)
        #expect(try ArchiveReader.archive(from: Array(try Data(contentsOf: compressed))) == archive)
    }

    @Test func deflateRoundTripsThroughInflate() throws {
        var random = SplitMix64(state: 42)
        for size in [0, 1, 100, 70_000] {
            let bytes = (0..<size).map { _ in UInt8(random.below(random.below(2) == 0 ? 4 : 256)) }
            #expect(try Inflate.decompress(Zlib.deflate(bytes), limit: 1 << 20) == bytes)
        }
    }
}
