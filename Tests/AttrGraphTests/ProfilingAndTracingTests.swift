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

    /// The timeline trace and a trace installed with `addTrace` consume one event stream: they
    /// see the same rule runs, with the same outcome, and the timeline also gets the events code
    /// adds (custom and named events).
    @Test func theTimelineAndAnInstalledTraceSeeTheSameRuleRuns() throws {
        final class Runs { var ended: [(attribute: UInt32, changed: Bool)] = [] }
        let runs = Runs()
        let test = TestGraph()
        let path: String = try test {
            let input = Attribute(value: 1)
            let doubled = Attribute(Doubled(input: input))
            let parity = Attribute(Parity(input: input))
            var trace = Graph.TraceType()
            trace.end_value_update = { _, attribute, changed in runs.ended.append((attribute.rawValue, changed)) }
            let id = withUnsafeMutablePointer(to: &trace) { test.graph.addTrace($0, context: nil) }
            defer { test.graph.removeTrace(traceID: id) }
            Graph.startTracing(test.graph, options: [])
            for value in [1, 2, 4] {
                input.value = value
                _ = doubled.value
                _ = parity.value
            }
            "checkpoint".withCString { test.graph.addTraceEvent($0, value: 3) }
            let named = Graph.registerNamedTraceEvent(name: "timeline-named", subsystem: "org.attrgraph.tests")
            test.graph.addNamedTraceEvent(named, eventArgs: [7, 8])
            Graph.stopTracing(test.graph)
            let path = try #require(Graph.tracePath)
            Graph.finishTrace()
            return path
        }
        defer { try? FileManager.default.removeItem(atPath: path) }
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let events = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        let timelineRuns = events.filter { $0["cat"] as? String == "rule" && $0["ph"] as? String == "X" }.compactMap {
            event -> (UInt32, Bool)? in
            guard let args = event["args"] as? [String: Any], let attribute = args["attribute"] as? Int,
                let changed = args["changed"] as? Bool
            else { return nil }
            return (UInt32(attribute), changed)
        }
        #expect(timelineRuns.count == runs.ended.count && runs.ended.count == 6, "three runs of each rule")
        #expect(zip(timelineRuns, runs.ended).allSatisfy { $0.0 == $1.attribute && $0.1 == $1.changed })
        #expect(events.contains { $0["name"] as? String == "checkpoint" && $0["cat"] as? String == "custom" })
        #expect(events.contains {
            $0["name"] as? String == "timeline-named" && ($0["args"] as? [String: Any])?["args"] as? String == "7,8"
        })
    }
}
