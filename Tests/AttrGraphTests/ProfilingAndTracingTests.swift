import AttrGraph
import AttrGraphTestSupport
import Foundation
import Testing

/// Profiling (per attribute and per rule type: runs, changes, times) and tracing a graph from
/// code, by scenario.
@Suite(.serialized) struct ProfilingAndTracingTests {
    struct Doubled: Rule {
        let input: Attribute<Int>
        var value: Int { input.value * 2 }
    }

    struct Parity: Rule {
        let input: Attribute<Int>
        var value: Bool { input.value % 2 == 0 }
    }

    @Test func profilingCountsRunsAndChangesPerRuleTypeAndAttribute() throws {
        let test = TestGraph()
        try test {
            let input = Attribute(value: 1)
            let doubled = Attribute(Doubled(input: input))
            let parity = Attribute(Parity(input: input))
            _ = doubled.value
            _ = parity.value
            #expect(test.graph.profile.isEmpty, "nothing is measured before profiling starts")
            Graph.startProfiling(test.graph)
            for value in [2, 4, 5] {
                input.value = value
                _ = doubled.value
                _ = parity.value
            }
            let profile = test.graph.profile
            let doubledRule = try #require(profile.rules.first { $0.ruleType == "Doubled" })
            #expect(doubledRule.runs == 3 && doubledRule.changes == 3 && doubledRule.valueType == "Int")
            let parityRule = try #require(profile.rules.first { $0.ruleType == "Parity" })
            #expect(parityRule.runs == 3 && parityRule.changes == 2, "odd → even changed, 2 → 4 stays even (cut off), → 5 changed")
            #expect(parityRule.totalTime >= parityRule.maxTime && parityRule.maxTime > 0)
            #expect(profile.attributes.map(\.attribute).contains(parity.identifier))
            #expect(profile.rules.map(\.totalTime) == profile.rules.map(\.totalTime).sorted(by: >), "longest total first")

            // Archives and dictionary descriptions carry it.
            let description = try #require(Graph.description(test.graph, options: ["format": "graph/dict"]) as? [String: Any])
            let graphs = try #require(description["graphs"] as? [[String: Any]])
            let archived = try #require(graphs.first?["attrgraph_profile"] as? [String: Any])
            let rules = try #require(archived["rules"] as? [[String: Any]])
            #expect(rules.contains { $0["type"] as? String == "Parity" && $0["runs"] as? Int == 3 && $0["changes"] as? Int == 2 })

            Graph.stopProfiling(test.graph)
            input.value = 8
            _ = doubled.value
            #expect(test.graph.profile.rules.first { $0.ruleType == "Doubled" }?.runs == 3, "stopped: no more runs counted")
            Graph.resetProfile(test.graph)
            #expect(test.graph.profile.isEmpty)
        }
    }

    @Test func startTracingWritesTheGraphsRuleRunsToTheTraceFile() throws {
        let test = TestGraph()
        let path: String = try test {
            let input = Attribute(value: 1)
            let doubled = Attribute(Doubled(input: input))
            Graph.startTracing(test.graph, options: [])
            #expect(test.graph.traceOptions.contains(.enabled))
            _ = doubled.value
            input.value = 2
            _ = doubled.value
            Graph.stopTracing(test.graph)
            input.value = 3
            _ = doubled.value  // not traced
            Graph.flushTrace()
            let path = try #require(Graph.tracePath)
            // Flushed but open: readable once closed by a "]".
            let partial = try Data(contentsOf: URL(fileURLWithPath: path)) + Data("\n]".utf8)
            #expect((try? JSONSerialization.jsonObject(with: partial)) != nil)
            Graph.finishTrace()
            #expect(Graph.tracePath == nil)
            return path
        }
        defer { try? FileManager.default.removeItem(atPath: path) }
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let events = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        let runs = events.filter { $0["cat"] as? String == "rule" && $0["name"] as? String == "Doubled" }
        #expect(runs.count == 2, "two traced runs, the third ran after stopTracing")
        #expect(runs.allSatisfy { ($0["args"] as? [String: Any])?["changed"] as? Bool == true })
        #expect(events.contains { $0["name"] as? String == "update" && ($0["args"] as? [String: Any])?["rootType"] as? String == "Doubled" })
    }
}
