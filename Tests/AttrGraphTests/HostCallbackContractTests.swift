import AttrGraph
import AttrGraphTestSupport
import Foundation
import Testing

/// AttributeGraph's contract for the host callbacks and the trace events around them, and for
/// the graph queries ported code relies on: the update callback called at the next update after
/// `setNeedsUpdate`, the invalidation callback for dirtying that crosses contexts, `update(flags:)`
/// with no flags, prefetching past a deadline, aborted node updates, explicit inputs that a run
/// does not read, and breadth-first search.
@Suite struct HostCallbackContractTests {
    typealias EventLog = TraceAPITests.EventLog

    struct PlusOne: Rule {
        @Attribute var input: Int
        var value: Int { input + 1 }
    }

    // MARK: The update callback

    @Test func theUpdateCallbackRunsAtTheNextReadAfterSetNeedsUpdateBetweenGraphUpdateEvents() {
        let test = TestGraph()
        let log = EventLog()
        log.install(on: test.graph)
        let (input, rule) = test {
            let input = Attribute(value: 1)
            return (input, Attribute(PlusOne(input: input)))
        }
        test.graph.onUpdate { log.record("callback") }
        test.graph.setNeedsUpdate()
        #expect(log.events("begin_graph_update", "callback").isEmpty, "not called by setNeedsUpdate itself")
        #expect(rule.value == 2)
        #expect(log.events("begin_graph_update", "callback", "end_graph_update") == [
            "begin_graph_update graph", "callback", "end_graph_update graph",
        ])
        input.value = 5
        #expect(rule.value == 6)
        #expect(log.events("callback") == ["callback"], "input changes alone do not call it")
    }

    @Test func aSubgraphUpdateCallsTheRequestedUpdateCallbackFirst() {
        let test = TestGraph()
        var calls = 0
        test.graph.onUpdate { calls += 1 }
        test.graph.setNeedsUpdate()
        test.root.update(flags: Subgraph.Flags(rawValue: 1))
        #expect(calls == 1)
        test.root.update(flags: Subgraph.Flags(rawValue: 1))
        #expect(calls == 1)
    }

    // MARK: The invalidation callback

    /// Three contexts of one storage: `input` in the first, `middle` (reads `input`) and
    /// `output` (reads `middle`) in the second.
    struct CrossContextGraph {
        let shared = Graph()
        let inputGraph: Graph
        let outputGraph: Graph
        let input: Attribute<Int>
        let output: Attribute<Int>
        let inputSubgraph: Subgraph
        let outputSubgraph: Subgraph

        init(outputReadsMiddle: Bool = true) {
            inputGraph = Graph(shared: shared)
            outputGraph = Graph(shared: shared)
            inputSubgraph = Subgraph(graph: inputGraph)
            outputSubgraph = Subgraph(graph: outputGraph)
            let input = inputSubgraph.apply { Attribute(value: 1) }
            self.input = input
            output = outputSubgraph.apply {
                let middle = Attribute(PlusOne(input: input))
                return outputReadsMiddle ? Attribute(PlusOne(input: middle)) : middle
            }
        }
    }

    @Test func aChangeInAnotherContextCallsTheInvalidationCallbackWithTheChangedAttribute() {
        let graphs = CrossContextGraph()
        let log = EventLog()
        log.install(on: graphs.shared)
        log.graphNames[ObjectIdentifier(graphs.outputGraph)] = "output"
        log.names[graphs.input.identifier] = "input"
        var invalidated: [AnyAttribute] = []
        graphs.outputGraph.onInvalidation { invalidated.append($0) }
        #expect(graphs.output.value == 3)
        graphs.input.invalidateValue()
        #expect(invalidated == [graphs.input.identifier])
        #expect(log.events("begin_graph_invalidation", "end_graph_invalidation") == [
            "begin_graph_invalidation output input", "end_graph_invalidation output input",
        ])
        graphs.input.value = 7
        #expect(invalidated.count == 1, "once until the graph updates again")
        #expect(graphs.output.value == 9)
        graphs.input.value = 8
        #expect(invalidated.count == 2)
    }

    @Test func theInvalidationCallbackIsNotCalledWithoutAReaderOfTheCrossingAttribute() {
        let graphs = CrossContextGraph(outputReadsMiddle: false)
        var calls = 0
        graphs.outputGraph.onInvalidation { _ in calls += 1 }
        _ = graphs.output.value
        graphs.input.invalidateValue()
        #expect(calls == 0)
    }

    @Test func theInvalidationCallbackIsNotCalledForChangesInsideItsOwnContext() {
        let test = TestGraph()
        var calls = 0
        test.graph.onInvalidation { _ in calls += 1 }
        let (input, output) = test {
            let input = Attribute(value: 1)
            let middle = Attribute(PlusOne(input: input))
            return (input, Attribute(PlusOne(input: middle)))
        }
        _ = output.value
        input.invalidateValue()
        input.value = 3
        #expect(output.value == 5)
        #expect(calls == 0)
    }

    // MARK: Subgraph updates, prefetching, aborted updates

    @Test func updatingASubgraphWithNoFlagsUpdatesNothing() {
        let test = TestGraph()
        let log = EventLog()
        log.install(on: test.graph)
        let (input, rule) = test {
            let input = Attribute(value: 1)
            return (input, Attribute(PlusOne(input: input)))
        }
        rule.setFlags(Subgraph.Flags(rawValue: 1), mask: Subgraph.Flags(rawValue: 1))
        _ = rule.value
        input.value = 2
        test.root.update(flags: [])
        #expect(rule.valueState.contains(.dirty))
        #expect(!test.root.isDirty(flags: []))
        #expect(!test.root.intersects(flags: []))
        #expect(log.events("begin_subgraph_update").isEmpty)
        test.root.update(flags: Subgraph.Flags(rawValue: 1))
        #expect(!rule.valueState.contains(.dirty))
        #expect(log.events("begin_subgraph_update").count == 1)
    }

    @Test func prefetchingPastTheDeadlineUpdatesNothingAndReportsThePassedDeadlineOnce() {
        let test = TestGraph()
        let log = EventLog()
        log.install(on: test.graph)
        let (input, rule) = test {
            let input = Attribute(value: 1)
            return (input, Attribute(PlusOne(input: input)))
        }
        test.graph.withDeadline(1) {
            rule.prefetchValue()
            rule.prefetchValue()
        }
        #expect(!rule.hasValue)
        #expect(log.events("passed_deadline") == ["passed_deadline"])
        rule.prefetchValue()
        #expect(rule.hasValue)
        _ = input
    }

    @Test func aNodeUpdateAbortedByACancelledUpdateEndsUnchanged() {
        struct Cancelling: Rule {
            var value: Int {
                Graph.cancelUpdate()
                return 0
            }
        }
        struct Reading: Rule {
            @Attribute var input: Int
            var value: Int { input + 1 }
        }
        let test = TestGraph()
        let log = EventLog()
        log.install(on: test.graph)
        let (attribute, dependency) = test {
            let source = Attribute(value: 42)
            let indirect = IndirectAttribute(source: source)
            let dependency = Attribute(Cancelling())
            indirect.dependency = dependency.identifier
            return (Attribute(Reading(input: indirect.attribute)), dependency)
        }
        log.names[attribute.identifier] = "reader"
        _ = attribute.value
        dependency.invalidateValue()
        attribute.prefetchValue()
        #expect(log.events("end_node_update reader") == ["end_node_update reader true", "end_node_update reader false"])
    }

    // MARK: Inputs and search

    struct MaybeReading: Rule {
        @OptionalAttribute var input: Int?
        var value: Int { (input ?? 0) + 1 }
    }

    @Test func anExplicitInputARunDoesNotReadIsDroppedUnlessAlwaysEnabled() {
        let test = TestGraph()
        let log = EventLog()
        log.install(on: test.graph)
        let (input, dropped, kept) = test {
            let input = Attribute(value: 1)
            return (
                input, Attribute(MaybeReading(input: OptionalAttribute(input))),
                Attribute(MaybeReading(input: OptionalAttribute(input)))
            )
        }
        log.names = [input.identifier: "input", dropped.identifier: "dropped", kept.identifier: "kept"]
        dropped.addInput(input, options: [], token: 0)
        kept.addInput(input, options: [.alwaysEnabled], token: 0)
        dropped.mutateBody(as: MaybeReading.self, invalidating: true) { $0.$input = nil }
        kept.mutateBody(as: MaybeReading.self, invalidating: true) { $0.$input = nil }
        _ = dropped.value
        _ = kept.value
        #expect(log.events("node_remove_edge") == ["node_remove_edge dropped input"])
        #expect(!dropped.breadthFirstSearch(options: [.searchInputs]) { $0 == input.identifier })
        #expect(kept.breadthFirstSearch(options: [.searchInputs]) { $0 == input.identifier })
    }

    @Test func breadthFirstSearchWithNoDirectionVisitsOnlyTheStart() {
        let test = TestGraph()
        let (input, rule) = test {
            let input = Attribute(value: 1)
            return (input, Attribute(PlusOne(input: input)))
        }
        _ = rule.value
        var visited: [AnyAttribute] = []
        #expect(!rule.breadthFirstSearch(options: []) { visited.append($0); return false })
        #expect(visited == [rule.identifier])
        #expect(rule.breadthFirstSearch(options: [.searchInputs]) { $0 == input.identifier })
        #expect(input.breadthFirstSearch(options: [.searchOutputs]) { $0 == rule.identifier })
    }

    @Test func breadthFirstSearchSeesThroughOffsetProjections() {
        struct Pair {
            var first: Int
            var second: Int
        }
        let test = TestGraph()
        let (pair, second, reader) = test {
            let pair = Attribute(value: Pair(first: 1, second: 2))
            let second = pair.applying(offset: PointerOffset<Pair, Int>(byteOffset: 8))
            return (pair, second, Attribute(PlusOne(input: second)))
        }
        #expect(reader.value == 3)
        var seen: [AnyAttribute] = []
        _ = pair.breadthFirstSearch(options: [.searchOutputs]) { seen.append($0); return false }
        #expect(seen == [pair.identifier, reader.identifier], "the projection is no attribute of its own")
        #expect(second.breadthFirstSearch(options: []) { $0 == pair.identifier }, "a projection starts at what it projects")
        #expect(reader.breadthFirstSearch(options: [.searchInputs]) { $0 == pair.identifier })
    }
}
