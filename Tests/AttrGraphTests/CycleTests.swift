import AttrGraph
import AttrGraphTestSupport
import Foundation
import Testing

/// A rule type that has an initial value, for the contract's third step.
struct WithInitialValue: Rule {
    static var initialValue: Int? { -1 }
    @Attribute var other: Int
    var value: Int { other + 100 }
}

/// Every step of AttributeGraph's cycle contract, and each `AG_PRINT_CYCLES` level's output.
@Suite struct CycleTests {
    /// a = flag ? b : 0, b = a + 1: once `flag` is set, updating b re-enters b through a.
    struct TwoCycle {
        let flag: Attribute<Bool>
        let a: Attribute<Int>
        let b: Attribute<Int>

        init(trace: Trace) {
            let flag = Attribute(value: false)
            var bSlot: Attribute<Int>?
            let a = Attribute(Traced("a", trace) { flag.value ? bSlot!.value : 0 })
            let b = Attribute(Traced("b", trace) { a.value + 1 })
            bSlot = b
            self.flag = flag
            self.a = a
            self.b = b
        }
    }

    @Test func levelOnePrintsAttributeGraphsLineOncePerEpisode() {
        let capture = DiagnosticSink.Capture()
        let test = TestGraph(printLevel: 1, sink: capture.sink)
        let trace = Trace()
        test {
            let cycle = TwoCycle(trace: trace)
            #expect(cycle.b.value == 1)
            cycle.flag.value = true
            _ = cycle.b.value
            #expect(capture.text == "=== AttributeGraph: cycle detected through attribute \(cycle.b.identifier.rawValue) ===\n")
        }
    }

    @Test func levelZeroIsSilent() {
        let capture = DiagnosticSink.Capture()
        let test = TestGraph(printLevel: 0, sink: capture.sink)
        test {
            let cycle = TwoCycle(trace: Trace())
            _ = cycle.b.value
            cycle.flag.value = true
            _ = cycle.b.value
        }
        #expect(capture.text == "")
    }

    @Test func staleValueIsReturnedAndTheOuterUpdateCarriesOn() {
        let test = TestGraph()
        let trace = Trace()
        test {
            let cycle = TwoCycle(trace: trace)
            #expect(cycle.b.value == 1)
            trace.take()
            cycle.flag.value = true
            // a reads b while b is being updated: a gets b's stale 1, then b = a + 1.
            #expect(cycle.b.value == 2)
            #expect(trace.take() == ["a", "b"])
            // a read b, and b has changed since: a is dirty and catches up when read.
            #expect(cycle.a.valueState.contains(.dirty))
            #expect(cycle.a.value == 2)
        }
    }

    @Test func initialValueIsReturnedWhenTheAttributeHasNoValueYet() {
        let test = TestGraph()
        test {
            var startSlot: Attribute<Int>?
            let reader = Attribute(Traced("reader", Trace()) { startSlot!.value * 2 })
            let start = Attribute(WithInitialValue(other: reader))
            startSlot = start
            // start (no value) → reader → start again: reader sees start's initialValue (-1).
            #expect(start.value == -2 + 100)
        }
    }

    @Test func withoutValueOrInitialValueTheAttributeIsEvaluatedReentrantlyOnce() {
        final class Runs { var count = 0 }
        let test = TestGraph()
        let runs = Runs()
        test {
            var bSlot: Attribute<Int>?
            let a = Attribute(
                Traced("a", Trace()) { () -> Int in
                    runs.count += 1
                    // The first run reads b (which reads a); the re-entrant run does not.
                    return runs.count == 1 ? bSlot!.value + 1000 : 7
                })
            let b = Attribute(Traced("b", Trace()) { a.value + 1 })
            bSlot = b
            #expect(a.value == 1008)
            #expect(runs.count == 2)
        }
    }

    @Test func levelTwoPrintsTheStackWithTypesAndTheCyclePath() {
        let capture = DiagnosticSink.Capture()
        let test = TestGraph(printLevel: 2, sink: capture.sink)
        test {
            let cycle = TwoCycle(trace: Trace())
            _ = cycle.b.value
            cycle.flag.value = true
            _ = cycle.b.value
            let a = cycle.a.identifier.rawValue
            let b = cycle.b.identifier.rawValue
            let expected = """
                === AttributeGraph: cycle detected through attribute \(b) ===
                frame 0.1: attribute \(a); count=1, index=1/2 DV  Traced<Int> -> Int
                frame 0.0: attribute \(b); count=1, index=0/1 DV  Traced<Int> -> Int
                === Cycle path ===
                attribute \(b) (Traced<Int> -> Int)
                  -> attribute \(a) (Traced<Int> -> Int)
                  -> attribute \(b) (Traced<Int> -> Int) (re-entered)
                ===

                """
            #expect(capture.text == expected)
        }
    }

    @Test func levelTwoNamesTheNestedUpdateThatCausedTheCycle() {
        let capture = DiagnosticSink.Capture()
        let test = TestGraph(printLevel: 2, sink: capture.sink)
        let graph = test.graph
        test {
            let spin = Attribute(value: false)
            var fragmentSlot: Attribute<Int>?
            let outer = Attribute(
                Traced("outer", Trace()) { () -> Int in
                    if spin.value {
                        // A host starting an update while this rule runs (like a run-loop observer).
                        _ = graph.withNestedUpdate(reason: "run loop observer at beforeWaiting") {
                            fragmentSlot!.value
                        }
                    }
                    return 1
                })
            let fragment = Attribute(Traced("fragment", Trace()) { outer.value + 1 })
            fragmentSlot = fragment
            #expect(fragment.value == 2)
            spin.value = true
            _ = outer.value
            let o = outer.identifier.rawValue
            let f = fragment.identifier.rawValue
            let expected = """
                === AttributeGraph: cycle detected through attribute \(o) ===
                frame 1.0: attribute \(f); count=1, index=0/1 DV  Traced<Int> -> Int
                frame 0.0: attribute \(o); count=1, index=1/1 DV  Traced<Int> -> Int
                === Cycle path ===
                attribute \(o) (Traced<Int> -> Int)
                  -> attribute \(f) (Traced<Int> -> Int)
                  -> attribute \(o) (Traced<Int> -> Int) (re-entered)
                cause: nested update started by run loop observer at beforeWaiting while attribute \(o) (Traced<Int> -> Int) was updating
                ===

                """
            #expect(capture.text == expected)
        }
    }

    @Test func levelThreeAddsTheDOTOfTheStackBeforeTheStack() throws {
        let capture = DiagnosticSink.Capture()
        let test = TestGraph(printLevel: 3, sink: capture.sink)
        try test {
            let cycle = TwoCycle(trace: Trace())
            _ = cycle.b.value
            cycle.flag.value = true
            _ = cycle.b.value
            let a = cycle.a.identifier.rawValue
            let b = cycle.b.identifier.rawValue
            let text = capture.text
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(lines[0] == "=== AttributeGraph: cycle detected through attribute \(b) ===")
            #expect(lines[1] == "digraph {")
            #expect(text.contains("  _\(a)[label=\"\(a): a\" fillcolor=cyan style=filled color=red"))
            #expect(!text.contains("  _\(cycle.flag.identifier.rawValue)["), "only attributes on the stack")
            let stackStart = try #require(lines.firstIndex(of: "=== Evaluation stack ==="))
            #expect(lines[stackStart - 1] == "}")
            #expect(lines[stackStart + 1].hasPrefix("frame 0.1: attribute \(a);"))
        }
    }

    @Test func levelFourWritesTheCycleArchiveAndSaysWhere() throws {
        let capture = DiagnosticSink.Capture()
        let test = TestGraph(printLevel: 4, sink: capture.sink)
        let b = test {
            let cycle = TwoCycle(trace: Trace())
            _ = cycle.b.value
            cycle.flag.value = true
            _ = cycle.b.value
            return cycle.b.identifier.rawValue
        }
        let line = try #require(capture.text.split(separator: "\n").last.map(String.init))
        #expect(line.hasPrefix("Wrote graph data to \""))
        #expect(line.hasSuffix("cycle.ag-json\"."))
        let path = String(line.dropFirst("Wrote graph data to \"".count).dropLast(2))
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"version\":2"))
        #expect(text.contains("\"attrgraph_cycle\":{\"attribute\":\(b)"))
    }

    @Test func reentryIsReportedOncePerEpisode() {
        let capture = DiagnosticSink.Capture()
        let test = TestGraph(printLevel: 1, sink: capture.sink)
        test {
            let cycle = TwoCycle(trace: Trace())
            _ = cycle.b.value
            cycle.flag.value = true
            _ = cycle.b.value
            #expect(capture.text.components(separatedBy: "cycle detected").count == 2)
            cycle.flag.value = false
            cycle.flag.value = true
            _ = cycle.b.value
            #expect(capture.text.components(separatedBy: "cycle detected").count == 3, "a new episode reports again")
        }
    }

    // MARK: Fatal paths (child processes)

    @Test func reenteringACyclicAttributeAgainIsFatal() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let graph = Graph()
            graph.cycleReporting = CycleReporting(printLevel: 0, trap: false)
            let subgraph = Subgraph(graph: graph)
            subgraph.apply {
                var bSlot: Attribute<Int>?
                let a = Attribute(Map(Attribute(value: 0)) { _ in bSlot!.value })
                let b = Attribute(Map(a) { $0 + 1 })
                bSlot = b
                _ = b.value
            }
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("precondition failure: cyclic graph: "))
    }

    @Test func trapCyclesEnvironmentStopsAtTheFirstCycleAfterReporting() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            setenv("AG_PRINT_CYCLES", "2", 1)
            setenv("AG_TRAP_CYCLES", "1", 1)
            let graph = Graph()
            let subgraph = Subgraph(graph: graph)
            subgraph.apply {
                let flag = Attribute(value: false)
                var bSlot: Attribute<Int>?
                let a = Attribute(Map(flag) { $0 ? bSlot!.value : 0 })
                let b = Attribute(Map(a) { $0 + 1 })
                bSlot = b
                _ = b.value
                flag.value = true
                _ = b.value
            }
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("=== AttributeGraph: cycle detected through attribute "))
        #expect(stderr.contains("=== Cycle path ==="))
        #expect(stderr.contains("precondition failure: cyclic graph: "))
    }

    @Test func readingItselfIsACyclicEdge() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let graph = Graph()
            Subgraph(graph: graph).apply {
                var selfSlot: Attribute<Int>?
                let attribute = Attribute(Map(Attribute(value: 1)) { $0 + selfSlot!.value })
                selfSlot = attribute
                _ = attribute.value
            }
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("precondition failure: cyclic edge: "))
    }

    @Test func ruleThatProducesNoValueIsFatal() async {
        struct Silent: StatefulRule {
            typealias Value = Int
            mutating func updateValue() {}
        }
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let graph = Graph()
            Subgraph(graph: graph).apply {
                _ = Attribute(Silent()).value
            }
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("precondition failure: attribute failed to set an initial value: "))
        #expect(stderr.contains(", Silent"))
    }
}
