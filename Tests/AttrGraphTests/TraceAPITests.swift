import AttrGraph
import AttrGraphTestSupport
import Foundation
import Testing

/// AttributeGraph's trace API (``Graph/TraceType``, ``Graph/addTrace(_:context:)``): which
/// callbacks the graph calls, when, with what and in which order, by scenario.
@Suite struct TraceAPITests {
    /// Records every callback as a line (`begin_value_update doubled`), naming attributes by the
    /// names a test gives them.
    final class EventLog {
        var events: [String] = []
        var names: [AnyAttribute: String] = [:]
        var subgraphNames: [ObjectIdentifier: String] = [:]
        var graphNames: [ObjectIdentifier: String] = [:]
        /// What `named_event_enabled` answers.
        var namedEventsEnabled = true
        /// Values and states seen by the callbacks that pass pointers, read during the call.
        var setValues: [Int] = []
        var comparisons: [(old: Int, new: Int, type: Any.Type, size: Int)] = []
        var customValues: [(value: Int, type: Any.Type)] = []
        var namedEvents: [(id: Graph.NamedTraceEventID, args: [UInt32], data: [UInt8]?, flags: Graph.NamedTraceEventFlags)] = []

        func name(_ attribute: AnyAttribute) -> String { names[attribute] ?? attribute.description }
        func name(_ subgraph: Subgraph) -> String { subgraphNames[ObjectIdentifier(subgraph)] ?? "subgraph" }
        func name(_ graph: Graph) -> String { graphNames[ObjectIdentifier(graph)] ?? "graph" }

        func record(_ event: String) { events.append(event) }

        /// ``events`` with the ids of attributes named after their events were recorded replaced
        /// by their names.
        var resolvedEvents: [String] {
            let byID = Dictionary(uniqueKeysWithValues: names.map { ($0.key.description, $0.value) })
            return events.map { line in line.split(separator: " ").map { byID[String($0)] ?? String($0) }.joined(separator: " ") }
        }

        /// The graphs and subgraphs `graph_created` and `subgraph_created` reported.
        var createdGraphs: [Graph] = []
        var createdSubgraphs: [Subgraph] = []

        /// Events whose callback name is one of `kinds`.
        func events(_ kinds: String...) -> [String] {
            events.filter { event in kinds.contains { event == $0 || event.hasPrefix($0 + " ") } }
        }

        /// A trace with every callback recording into this log.
        func traceType(version: Graph.TraceType.Version = .compareFailed) -> Graph.TraceType {
            Graph.TraceType(version: version) { [self] _, graph in
                record("begin_trace \(name(graph))")
            } end_trace: { [self] _, graph in
                record("end_trace \(name(graph))")
            } begin_subgraph_update: { [self] _, subgraph, flags in
                record("begin_subgraph_update \(name(subgraph)) \(flags.rawValue)")
            } end_subgraph_update: { [self] _, subgraph in
                record("end_subgraph_update \(name(subgraph))")
            } begin_node_update: { [self] _, attribute in
                record("begin_node_update \(name(attribute))")
            } end_node_update: { [self] _, attribute, changed in
                record("end_node_update \(name(attribute)) \(changed)")
            } begin_value_update: { [self] _, attribute in
                record("begin_value_update \(name(attribute))")
            } end_value_update: { [self] _, attribute, changed in
                record("end_value_update \(name(attribute)) \(changed)")
            } begin_graph_update: { [self] _, graph in
                record("begin_graph_update \(name(graph))")
            } end_graph_update: { [self] _, graph in
                record("end_graph_update \(name(graph))")
            } begin_graph_invalidation: { [self] _, graph, attribute in
                record("begin_graph_invalidation \(name(graph)) \(name(attribute))")
            } end_graph_invalidation: { [self] _, graph, attribute in
                record("end_graph_invalidation \(name(graph)) \(name(attribute))")
            } begin_modify_node: { [self] _, attribute in
                record("begin_modify_node \(name(attribute))")
            } end_modify_node: { [self] _, attribute in
                record("end_modify_node \(name(attribute))")
            } begin_event: { [self] _, attribute, event in
                record("begin_event \(name(attribute)) \(String(cString: event))")
            } end_event: { [self] _, attribute, event in
                record("end_event \(name(attribute)) \(String(cString: event))")
            } graph_created: { [self] _, graph in
                createdGraphs.append(graph)
                record("graph_created \(name(graph))")
            } graph_destroy: { [self] _, graph in
                record("graph_destroy \(name(graph))")
            } graph_needs_update: { [self] _, graph in
                record("graph_needs_update \(name(graph))")
            } subgraph_created: { [self] _, subgraph in
                createdSubgraphs.append(subgraph)
                record("subgraph_created \(name(subgraph))")
            } subgraph_destroy: { [self] _, subgraph in
                record("subgraph_destroy \(name(subgraph))")
            } subgraph_add_child: { [self] _, subgraph, child in
                record("subgraph_add_child \(name(subgraph)) \(name(child)) \(subgraph.childCount) \(child.parentCount)")
            } subgraph_remove_child: { [self] _, subgraph, child in
                record("subgraph_remove_child \(name(subgraph)) \(name(child)) \(subgraph.childCount) \(child.parentCount)")
            } node_added: { [self] _, attribute in
                record("node_added \(name(attribute))")
            } node_add_edge: { [self] _, attribute, input, options in
                record("node_add_edge \(name(attribute)) \(name(input)) \(options.rawValue)")
            } node_remove_edge: { [self] _, attribute, input in
                record("node_remove_edge \(name(attribute)) \(name(input))")
            } node_set_edge_pending: { [self] _, attribute, input, pending in
                record("node_set_edge_pending \(name(attribute)) \(name(input)) \(pending)")
            } node_set_dirty: { [self] _, attribute, dirty in
                record("node_set_dirty \(name(attribute)) \(dirty)")
            } node_set_pending: { [self] _, attribute, pending in
                record("node_set_pending \(name(attribute)) \(pending)")
            } node_set_value: { [self] _, attribute, value in
                if attribute.valueType == Int.self { setValues.append(value.load(as: Int.self)) }
                record("node_set_value \(name(attribute))")
            } node_mark_value: { [self] _, attribute in
                record("node_mark_value \(name(attribute))")
            } indirect_node_added: { [self] _, attribute in
                record("indirect_node_added \(name(attribute))")
            } indirect_node_set_source: { [self] _, attribute, source in
                record("indirect_node_set_source \(name(attribute)) \(name(source))")
            } indirect_node_set_dependency: { [self] _, attribute, dependency in
                record("indirect_node_set_dependency \(name(attribute)) \(name(dependency))")
            } profile_mark: { [self] _, event in
                record("profile_mark \(String(cString: event))")
            } custom_event: { [self] _, graph, event, value, type in
                if type.type == Int.self { customValues.append((value.load(as: Int.self), type.type)) }
                record("custom_event \(name(graph)) \(String(cString: event))")
            } named_event: { [self] _, graph, event, count, arguments, data, flags in
                let args = arguments.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
                let bytes = data.map { Array(UnsafeBufferPointer(start: CFDataGetBytePtr($0), count: CFDataGetLength($0))) }
                namedEvents.append((event, args, bytes, flags))
                record("named_event \(name(graph)) \(event.rawValue)")
            } named_event_enabled: { [self] _, event in
                record("named_event_enabled \(event.rawValue)")
                return namedEventsEnabled
            } set_deadline: { [self] _, deadline in
                record("set_deadline \(deadline)")
            } passed_deadline: { [self] _ in
                record("passed_deadline")
            } compare_failed: { [self] _, attribute, state in
                if state.fieldType.type == Int.self {
                    comparisons.append(
                        (state.destination.load(as: Int.self), state.source.load(as: Int.self), state.fieldType.type,
                         state.fieldRange.size))
                }
                record("compare_failed \(name(attribute))")
            }
        }

        /// Installs ``traceType(version:)`` on `graph`; returns its id.
        @discardableResult
        func install(on graph: Graph, version: Graph.TraceType.Version = .compareFailed) -> UniqueID {
            var trace = traceType(version: version)
            return withUnsafeMutablePointer(to: &trace) { graph.addTrace($0, context: nil) }
        }
    }

    struct Doubled: Rule {
        let input: Attribute<Int>
        var value: Int { input.value * 2 }
    }

    struct IsPositive: Rule {
        let input: Attribute<Int>
        var value: Bool { input.value > 0 }
    }

    struct Reads: Rule {
        var inputs: [Attribute<Int>]
        var value: Int { inputs.reduce(0) { $0 + $1.value } }
    }

    // MARK: Installing

    @Test func addingAndRemovingATraceCallsBeginAndEndTraceAndTogglesIsTracingActive() {
        let graph = Graph()
        let log = EventLog()
        log.graphNames[ObjectIdentifier(graph)] = "graph"
        #expect(!graph.isTracingActive)
        let id = log.install(on: graph)
        #expect(graph.isTracingActive)
        #expect(log.events == ["begin_trace graph"])
        graph.removeTrace(traceID: id + 1000)
        #expect(graph.isTracingActive, "an unknown id removes nothing")
        graph.removeTrace(traceID: id)
        #expect(!graph.isTracingActive)
        #expect(log.events == ["begin_trace graph", "end_trace graph"])
        let subgraph = Subgraph(graph: graph)
        subgraph.apply { _ = Attribute(value: 1) }
        #expect(log.events.count == 2, "a removed trace sees nothing more")
    }

    @Test func setTraceReplacesTheTraceItSetBeforeAndResetTraceRemovesIt() {
        let graph = Graph()
        let first = EventLog()
        let second = EventLog()
        var firstTrace = first.traceType()
        var secondTrace = second.traceType()
        withUnsafeMutablePointer(to: &firstTrace) { graph.setTrace($0, context: nil) }
        withUnsafeMutablePointer(to: &secondTrace) { graph.setTrace($0, context: nil) }
        #expect(first.events == ["begin_trace graph", "end_trace graph"])
        #expect(second.events == ["begin_trace graph"])
        let added = EventLog()
        added.install(on: graph)
        graph.resetTrace()
        #expect(second.events == ["begin_trace graph", "end_trace graph"])
        #expect(graph.isTracingActive, "the trace added with addTrace stays")
        #expect(added.events == ["begin_trace graph"])
    }

    @Test func callbacksGetTheContextTheTraceWasInstalledWith() {
        final class Box { var seen: [UnsafeMutableRawPointer?] = [] }
        let box = Box()
        var trace = Graph.TraceType()
        trace.begin_trace = { context, _ in box.seen.append(context) }
        trace.node_added = { context, _ in box.seen.append(context) }
        let graph = Graph()
        let context = UnsafeMutableRawPointer(bitPattern: 0x1234)
        let id = withUnsafeMutablePointer(to: &trace) { graph.addTrace($0, context: context) }
        Subgraph(graph: graph).apply { _ = Attribute(value: 0) }
        #expect(box.seen == [context, context])
        graph.removeTrace(traceID: id)
    }

    @Test func aTraceRemovingItselfFromACallbackSeesNoLaterEvent() {
        final class Box {
            var id: UniqueID = 0
            var added = 0
        }
        let box = Box()
        let graph = Graph()
        var trace = Graph.TraceType()
        trace.node_added = { _, _ in
            box.added += 1
            graph.removeTrace(traceID: box.id)
        }
        box.id = withUnsafeMutablePointer(to: &trace) { graph.addTrace($0, context: nil) }
        let subgraph = Subgraph(graph: graph)
        subgraph.apply {
            _ = Attribute(value: 1)
            _ = Attribute(value: 2)
        }
        #expect(box.added == 1)
        #expect(!graph.isTracingActive)
    }

    @Test func tracesSeeEventsInTheOrderTheyWereInstalled() {
        final class Order { var calls: [String] = [] }
        let order = Order()
        let graph = Graph()
        var first = Graph.TraceType()
        first.node_added = { _, _ in order.calls.append("first") }
        var second = Graph.TraceType()
        second.node_added = { _, _ in order.calls.append("second") }
        withUnsafeMutablePointer(to: &first) { _ = graph.addTrace($0, context: nil) }
        withUnsafeMutablePointer(to: &second) { _ = graph.addTrace($0, context: nil) }
        Subgraph(graph: graph).apply { _ = Attribute(value: 1) }
        #expect(order.calls == ["first", "second"])
    }

    // MARK: Graphs and subgraphs

    @Test func contextsSharingTheTracedGraphReportToItsTraces() {
        let graph = Graph()
        let log = EventLog()
        log.install(on: graph)
        let shared = Graph(shared: graph)
        log.graphNames[ObjectIdentifier(shared)] = "shared"
        let subgraph = Subgraph(graph: shared)
        log.subgraphNames[ObjectIdentifier(subgraph)] = "sub"
        #expect(log.createdGraphs == [shared] && log.createdSubgraphs == [subgraph])
        shared.setNeedsUpdate()
        shared.setNeedsUpdate()
        shared.invalidate()
        #expect(
            log.events.dropFirst(3) == [
                "graph_needs_update shared", "graph_destroy shared", "subgraph_destroy sub",
            ])
    }

    @Test func subgraphEventsFollowAddChildRemoveChildAndInvalidation() {
        let graph = Graph()
        let log = EventLog()
        log.install(on: graph)
        let parent = Subgraph(graph: graph)
        let child = Subgraph(graph: graph)
        let grandchild = Subgraph(graph: graph)
        for (subgraph, name) in [(parent, "parent"), (child, "child"), (grandchild, "grandchild")] {
            log.subgraphNames[ObjectIdentifier(subgraph)] = name
        }
        parent.addChild(child)
        child.addChild(grandchild)
        parent.removeChild(child)
        parent.addChild(child)
        parent.invalidate()
        #expect(
            log.events(
                "subgraph_add_child", "subgraph_remove_child", "subgraph_destroy") == [
                    // Before the child is added: neither lists the other yet.
                    "subgraph_add_child parent child 0 0",
                    "subgraph_add_child child grandchild 0 0",
                    // The child no longer lists the parent; the parent still lists the child.
                    "subgraph_remove_child parent child 1 0",
                    "subgraph_add_child parent child 0 0",
                    // Invalidating reports the subgraph and each child invalidated with it.
                    "subgraph_destroy parent", "subgraph_destroy child", "subgraph_destroy grandchild",
                ])
    }

    @Test func releasingASubgraphIsNotReportedAsItsDestruction() {
        let graph = Graph()
        let log = EventLog()
        log.install(on: graph)
        do {
            let subgraph = Subgraph(graph: graph)
            subgraph.apply { _ = Attribute(value: 1) }
        }
        #expect(log.events(("subgraph_destroy")).isEmpty)
        #expect(log.events("subgraph_created").count == 1)
    }

    // MARK: Attributes

    @Test func creatingAttributesReportsNodesValuesAndIndirections() {
        let graph = Graph()
        let log = EventLog()
        log.install(on: graph)
        let subgraph = Subgraph(graph: graph)
        subgraph.apply {
            let input = Attribute(value: 42)
            log.names[input.identifier] = "input"
            let empty = Attribute(type: Int.self)
            log.names[empty.identifier] = "empty"
            let doubled = Attribute(Doubled(input: input))
            log.names[doubled.identifier] = "doubled"
            let seeded = Attribute(Doubled(input: input), initialValue: 7)
            log.names[seeded.identifier] = "seeded"
            let indirect = IndirectAttribute(source: input)
            log.names[indirect.identifier] = "indirect"
            let other = Attribute(value: 1)
            log.names[other.identifier] = "other"
            indirect.source = other
            indirect.dependency = doubled.identifier
        }
        #expect(
            log.resolvedEvents.dropFirst(2) == [
                "node_added input", "node_set_value input",
                "node_added empty",
                "node_added doubled",
                "node_added seeded", "node_set_value seeded",
                "indirect_node_added indirect",
                "node_added other", "node_set_value other",
                "indirect_node_set_source indirect other",
                "indirect_node_set_dependency indirect doubled",
            ])
        #expect(log.setValues == [42, 7, 1])
    }

    @Test func readingARuleReportsItsUpdateRunEdgesAndStates() {
        let test = TestGraph()
        let log = EventLog()
        let doubled = test {
            let input = Attribute(value: 3)
            log.names[input.identifier] = "input"
            let doubled = Attribute(Doubled(input: input))
            log.names[doubled.identifier] = "doubled"
            return doubled
        }
        log.install(on: test.graph)
        log.events.removeAll()
        #expect(doubled.value == 6)
        #expect(
            log.events == [
                "begin_node_update doubled",
                "begin_value_update doubled",
                // The first read of an input adds the edge, pending while the rule runs.
                "node_add_edge doubled input 0",
                "node_set_edge_pending doubled input true",
                "node_set_value doubled",
                "end_value_update doubled true",
                "node_set_edge_pending doubled input false",
                "node_set_dirty doubled false",
                "node_set_pending doubled false",
                "end_node_update doubled true",
            ])
        #expect(log.setValues == [6])
    }

    @Test func settingAnInputMarksItsReadersEdgesPendingAndTheReadersDirty() {
        let test = TestGraph()
        let log = EventLog()
        let (input, doubled, positive) = test {
            let input = Attribute(value: 3)
            let doubled = Attribute(Doubled(input: input))
            let positive = Attribute(IsPositive(input: doubled))
            return (input, doubled, positive)
        }
        log.names = [input.identifier: "input", doubled.identifier: "doubled", positive.identifier: "positive"]
        _ = positive.value
        log.install(on: test.graph)
        log.events.removeAll()
        input.value = 4
        #expect(
            log.events == [
                "node_set_value input",
                "node_set_edge_pending doubled input true",
                "node_set_dirty doubled true",
                "graph_needs_update graph",
                "node_set_dirty positive true",
            ])
        #expect(log.setValues == [4])
        log.events.removeAll()
        input.value = 4
        #expect(log.events == ["node_set_value input"], "an equal value is still reported as set")
        log.events.removeAll()
        input.value = 5
        #expect(log.events == ["node_set_value input"], "the edge is still pending and the readers dirty")
    }

    @Test func aRuleWhoseValueStaysTheSameCutsOffItsReaders() {
        struct Count: Rule {
            let flag: Attribute<Bool>
            var value: Int { flag.value ? 1 : 0 }
        }
        let test = TestGraph()
        let log = EventLog()
        let source = test { Attribute(value: 1) }
        let stays = test { Attribute(IsPositive(input: source)) }
        let reader = test { Attribute(Count(flag: stays)) }
        log.names = [source.identifier: "source", stays.identifier: "stays", reader.identifier: "reader"]
        _ = reader.value
        log.install(on: test.graph)
        source.value = 2
        log.events.removeAll()
        #expect(reader.value == 1)
        #expect(
            log.events == [
                "begin_node_update reader",
                "begin_value_update stays",
                "node_set_value stays",
                "end_value_update stays false",
                "node_set_edge_pending stays source false",
                "node_set_dirty stays false",
                // Its only input did not change: clean without running.
                "node_set_dirty reader false",
                "end_node_update reader true",
            ])
    }

    @Test func aRuleThatStopsReadingAnInputLosesTheEdge() {
        struct Choose: Rule {
            let useFirst: Attribute<Bool>
            let first: Attribute<Int>
            let second: Attribute<Int>
            var value: Int { useFirst.value ? first.value : second.value }
        }
        let test = TestGraph()
        let log = EventLog()
        let (flag, first, second, chosen) = test {
            let flag = Attribute(value: true)
            let first = Attribute(value: 1)
            let second = Attribute(value: 2)
            return (flag, first, second, Attribute(Choose(useFirst: flag, first: first, second: second)))
        }
        log.names = [flag.identifier: "flag", first.identifier: "first", second.identifier: "second", chosen.identifier: "chosen"]
        _ = chosen.value
        log.install(on: test.graph)
        flag.value = false
        _ = chosen.value
        #expect(log.events("node_add_edge", "node_remove_edge") == ["node_add_edge chosen second 0", "node_remove_edge chosen first"])
    }

    @Test func invalidatingAnInputsSubgraphRemovesTheEdgesIntoSurvivorsLastCreatedFirst() {
        let graph = Graph()
        let log = EventLog()
        let inputs = Subgraph(graph: graph)
        let outputs = Subgraph(graph: graph)
        let (first, second) = inputs.apply { (Attribute(value: 1), Attribute(value: 2)) }
        let (sum, local) = outputs.apply {
            let local = Attribute(value: 3)
            return (Attribute(Reads(inputs: [first, second, local])), local)
        }
        log.names = [first.identifier: "first", second.identifier: "second", sum.identifier: "sum", local.identifier: "local"]
        _ = sum.value
        log.install(on: graph)
        inputs.invalidate()
        // AttrGraph re-runs an attribute whose input was destroyed: it becomes pending and dirty.
        #expect(
            log.events("node_remove_edge", "node_set_pending", "node_set_dirty") == [
                "node_remove_edge sum second", "node_set_pending sum true", "node_remove_edge sum first",
                "node_set_dirty sum true",
            ])
        _ = local
    }

    @Test func invalidateValueMarksTheValueAndTheAttributePendingAndDirty() {
        let test = TestGraph()
        let log = EventLog()
        let (input, doubled, positive) = test {
            let input = Attribute(value: 3)
            let doubled = Attribute(Doubled(input: input))
            return (input, doubled, Attribute(IsPositive(input: doubled)))
        }
        log.names = [input.identifier: "input", doubled.identifier: "doubled", positive.identifier: "positive"]
        _ = positive.value
        log.install(on: test.graph)
        log.events.removeAll()
        doubled.invalidateValue()
        #expect(
            log.events == [
                "node_mark_value doubled", "node_set_pending doubled true", "node_set_dirty doubled true",
                "graph_needs_update graph", "node_set_dirty positive true",
            ])
        log.events.removeAll()
        doubled.invalidateValue()
        #expect(log.events == ["node_mark_value doubled"], "already pending and dirty")
        log.events.removeAll()
        input.invalidateValue()
        #expect(
            log.events == ["node_mark_value input", "node_set_edge_pending doubled input true"],
            "an input is never pending or dirty; its readers see it changed")
    }

    @Test func addInputReportsTheEdgeWithItsOptionsAndPendingWhenTheAttributeIsDirty() {
        let test = TestGraph()
        let log = EventLog()
        let (input, holder, rule) = test {
            let input = Attribute(value: 1)
            return (input, Attribute(value: 0), Attribute(Doubled(input: input)))
        }
        log.names = [input.identifier: "input", holder.identifier: "holder", rule.identifier: "rule"]
        log.install(on: test.graph)
        holder.addInput(input, options: [.unprefetched], token: 0)
        rule.addInput(holder, options: [], token: 0)
        #expect(
            log.events("node_add_edge", "node_set_edge_pending") == [
                "node_add_edge holder input 1",
                "node_add_edge rule holder 0", "node_set_edge_pending rule holder true",
            ])
    }

    @Test func mutateBodyIsReportedAroundTheMutation() {
        struct Constant: Rule {
            var number: Int
            var value: Int { number }
        }
        let test = TestGraph()
        let log = EventLog()
        let constant = test { Attribute(Constant(number: 1)) }
        log.names = [constant.identifier: "constant"]
        _ = constant.value
        log.install(on: test.graph)
        log.events.removeAll()
        constant.mutateBody(as: Constant.self, invalidating: false) { body in
            log.record("mutating")
            body.number = 2
        }
        #expect(log.events == ["begin_modify_node constant", "mutating", "end_modify_node constant"])
    }

    // MARK: Updates

    @Test func subgraphUpdateIsReportedWhenItHasDirtyAttributesWithTheFlags() {
        let test = TestGraph()
        let log = EventLog()
        let (input, doubled) = test {
            let input = Attribute(value: 1)
            return (input, Attribute(Doubled(input: input)))
        }
        log.subgraphNames[ObjectIdentifier(test.root)] = "root"
        doubled.flags = Subgraph.Flags(rawValue: 1)
        _ = doubled.value
        log.install(on: test.graph)
        test.root.update(flags: Subgraph.Flags(rawValue: 1))
        #expect(log.events("begin_subgraph_update", "end_subgraph_update").isEmpty, "nothing dirty")
        input.value = 2
        test.root.update(flags: Subgraph.Flags(rawValue: 2))
        #expect(log.events("begin_subgraph_update").isEmpty, "no dirty attribute has flag 2")
        test.root.update(flags: Subgraph.Flags(rawValue: 1))
        #expect(log.events("begin_subgraph_update", "end_subgraph_update") == ["begin_subgraph_update root 1", "end_subgraph_update root"])
    }

    @Test func theUpdateCallbackIsReportedAsTheGraphsUpdateWhenTheNextReadCallsIt() {
        let test = TestGraph()
        let log = EventLog()
        let input = test { Attribute(value: 1) }
        let reader = test { Attribute(Doubled(input: input)) }
        _ = reader.value
        log.install(on: test.graph)
        input.value = 2
        test.graph.setNeedsUpdate()
        _ = reader.value
        #expect(log.events("begin_graph_update").isEmpty, "no update callback: no graph update reported")
        test.graph.onUpdate { log.record("callback") }
        input.value = 3
        #expect(log.events("begin_graph_update", "callback").isEmpty, "an input change does not call it")
        test.graph.setNeedsUpdate()
        #expect(log.events("begin_graph_update", "callback").isEmpty, "asking for it does not call it yet")
        _ = reader.value
        #expect(log.events("begin_graph_update", "callback", "end_graph_update") == ["begin_graph_update graph", "callback", "end_graph_update graph"])
        input.value = 4
        _ = reader.value
        #expect(log.events("callback") == ["callback"], "once per request")
    }

    // MARK: Comparisons

    @Test func aRuleWritingADifferentValueReportsTheFailedComparisonWithBothValues() {
        let test = TestGraph()
        let log = EventLog()
        let input = test { Attribute(value: 1) }
        let doubled = test { Attribute(Doubled(input: input)) }
        log.names = [input.identifier: "input", doubled.identifier: "doubled"]
        log.install(on: test.graph)
        _ = doubled.value
        #expect(log.events("compare_failed").isEmpty, "the first value is not compared")
        input.value = 5
        _ = doubled.value
        #expect(log.events("compare_failed") == ["compare_failed doubled"])
        #expect(log.comparisons.count == 1)
        #expect(log.comparisons.first?.old == 2 && log.comparisons.first?.new == 10)
        #expect(log.comparisons.first?.size == MemoryLayout<Int>.size)
        input.value = 5
        _ = doubled.value
        #expect(log.events("compare_failed").count == 1, "an equal value fails no comparison")
    }

    @Test func compareValuesWithTraceCompareFailedReportsForTheRunningRule() {
        struct Compares: Rule {
            let input: Attribute<Int>
            var value: Bool { compareValues(input.value, 0, options: [.comparisonModeEquatableAlways, .traceCompareFailed]) }
        }
        let test = TestGraph()
        let log = EventLog()
        let input = test { Attribute(value: 3) }
        let compares = test { Attribute(Compares(input: input)) }
        log.names = [input.identifier: "input", compares.identifier: "compares"]
        log.install(on: test.graph)
        _ = compares.value
        #expect(log.events("compare_failed") == ["compare_failed compares"])
        #expect(log.comparisons.first?.old == 3 && log.comparisons.first?.new == 0)
        #expect(!compareValues(1, 2, options: [.traceCompareFailed]), "outside a rule: nothing to report to")
        #expect(log.events("compare_failed").count == 1)
    }

    // MARK: Custom and named events

    @Test func customEventsCarryTheValueAndItsType() {
        let graph = Graph()
        let log = EventLog()
        log.install(on: graph)
        "copied".withCString { graph.addTraceEvent($0, value: 42) }
        let value = 7
        withUnsafePointer(to: value) { pointer in
            "by address".withCString { graph.addTraceEvent($0, context: pointer) }
        }
        #expect(log.events("custom_event") == ["custom_event graph copied", "custom_event graph by address"])
        #expect(log.customValues.map(\.value) == [42, 7])
        #expect(log.customValues.allSatisfy { $0.type == Int.self })
    }

    @Test func namedEventsAreRegisteredOnceAndReachEveryTrace() throws {
        let first = Graph.registerNamedTraceEvent(name: "first-event", subsystem: "org.attrgraph.tests")
        let second = Graph.registerNamedTraceEvent(name: "second-event", subsystem: "org.attrgraph.tests")
        #expect(first.rawValue != 0 && second.rawValue > first.rawValue)
        #expect(String(cString: try #require(Graph.traceEventName(for: second))) == "second-event")
        #expect(String(cString: try #require(Graph.traceEventSubsystem(for: first))) == "org.attrgraph.tests")
        #expect(Graph.traceEventName(for: Graph.NamedTraceEventID(rawValue: 0)) == nil)
        #expect(Graph.traceEventName(for: Graph.NamedTraceEventID(rawValue: UInt32.max)) == nil)

        let graph = Graph()
        #expect(!graph.traceEventEnabled(for: first.rawValue), "no trace wants it")
        let log = EventLog()
        log.install(on: graph)
        log.namedEventsEnabled = false
        #expect(!graph.traceEventEnabled(for: first.rawValue))
        log.namedEventsEnabled = true
        #expect(graph.traceEventEnabled(for: first.rawValue))
        log.namedEventsEnabled = false
        graph.addNamedTraceEvent(first, eventArgs: [1, 2, 3], data: Data([0xAB, 0xCD]), flags: [.recordBacktrace])
        #expect(log.namedEvents.count == 1, "added whatever named_event_enabled says")
        let event = try #require(log.namedEvents.first)
        #expect(event.id == first && event.args == [1, 2, 3] && event.data == [0xAB, 0xCD] && event.flags == .recordBacktrace)
        graph.addNamedTraceEvent(second)
        #expect(log.namedEvents.last?.args == [] && log.namedEvents.last?.data == nil)
    }

    @Test func aTraceWithoutNamedEventEnabledWantsNamedEventsWhenItHasTheCallback() {
        let graph = Graph()
        let event = Graph.registerNamedTraceEvent(name: "enabled-by-callback", subsystem: "org.attrgraph.tests")
        var silent = Graph.TraceType(version: .named)
        let silentID = withUnsafeMutablePointer(to: &silent) { graph.addTrace($0, context: nil) }
        #expect(!graph.traceEventEnabled(for: event.rawValue))
        var listening = Graph.TraceType(version: .named)
        listening.named_event = { _, _, _, _, _, _, _ in }
        let listeningID = withUnsafeMutablePointer(to: &listening) { graph.addTrace($0, context: nil) }
        #expect(graph.traceEventEnabled(for: event.rawValue))
        graph.removeTrace(traceID: silentID)
        graph.removeTrace(traceID: listeningID)
    }

    @Test func theVersionGatesTheLaterCallbacks() {
        let test = TestGraph()
        let log = EventLog()
        let input = test { Attribute(value: 1) }
        let doubled = test { Attribute(Doubled(input: input)) }
        _ = doubled.value
        log.install(on: test.graph, version: .initial)
        let event = Graph.registerNamedTraceEvent(name: "gated", subsystem: "org.attrgraph.tests")
        "custom".withCString { test.graph.addTraceEvent($0, value: 1) }
        test.graph.addNamedTraceEvent(event)
        #expect(!test.graph.traceEventEnabled(for: event.rawValue))
        input.value = 2
        _ = doubled.value
        #expect(log.events("custom_event", "named_event", "named_event_enabled", "compare_failed").isEmpty)
        #expect(!log.events("end_value_update").isEmpty, "the initial callbacks are called")
    }

    @Test func markProfileReachesTheTracesOfGraphs() {
        let graph = Graph()
        let log = EventLog()
        log.install(on: graph)
        "checkpoint".withCString { Graph.markProfile(name: $0) }
        #expect(log.events("profile_mark") == ["profile_mark checkpoint"])
    }

    // MARK: Cost

    @Test func anUntracedGraphCallsNothingAfterItsTraceIsRemoved() {
        let test = TestGraph()
        let log = EventLog()
        let input = test { Attribute(value: 1) }
        let doubled = test { Attribute(Doubled(input: input)) }
        let id = log.install(on: test.graph)
        _ = doubled.value
        let seen = log.events.count
        test.graph.removeTrace(traceID: id)
        input.value = 2
        _ = doubled.value
        test { _ = Attribute(value: 3) }
        #expect(log.events.count == seen + 1, "only end_trace")
        #expect(doubled.value == 4)
    }
}
