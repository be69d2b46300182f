import AttrGraph
import AttrGraphTestSupport
import Testing

/// Push-dirty / pull-evaluate, cut-off and dependency tracking, by scenario: which rules re-ran.
@Suite struct EvaluationTests {
    @Test func inputValueReadsBackAndSetReportsChange() {
        let test = TestGraph()
        test {
            let input = Attribute(value: 5)
            #expect(input.value == 5)
            #expect(input.hasValue)
            #expect(input.setValue(5) == false)
            #expect(input.setValue(6) == true)
            #expect(input.value == 6)
        }
    }

    @Test func ruleIsLazyAndRunsOnceUntilAnInputChanges() {
        let test = TestGraph()
        let trace = Trace()
        test {
            let input = Attribute(value: 2)
            let doubled = Attribute(Traced("doubled", trace) { input.value * 2 })
            #expect(trace.take() == [])
            #expect(doubled.value == 4)
            #expect(doubled.value == 4)
            #expect(trace.take() == ["doubled"])
            input.value = 3
            #expect(trace.take() == [], "setting an input computes nothing")
            #expect(doubled.value == 6)
            #expect(trace.take() == ["doubled"])
        }
    }

    /// AttributeGraph's contract, the reason kairo-unstable runs 4 rules per write where
    /// alien-signals runs 3 (docs/performance.md): before a dirty rule runs again, every input it
    /// read in its last run is brought up to date — including a branch the new run will not read —
    /// except an input already known to have changed (as Compute's re-implementation of
    /// AttributeGraph's update stack does too).
    @Test func aDirtyRuleBringsEveryInputOfItsLastRunUpToDateBeforeItRunsAgain() {
        let test = TestGraph()
        let trace = Trace()
        test {
            let head = Attribute(value: 2)
            let double = Attribute(Traced("double", trace) { head.value * 2 })
            let inverse = Attribute(Traced("inverse", trace) { -head.value })
            let current = Attribute(Traced("current", trace) { head.value % 2 == 1 ? double.value : inverse.value })
            #expect(current.value == -2)
            #expect(trace.take() == ["current", "inverse"])
            head.value = 3
            #expect(current.value == 6)
            #expect(trace.take() == ["inverse", "current", "double"],
                    "the last run read inverse: it is updated first, then current runs and reads double")
            head.value = 4
            #expect(current.value == -4)
            #expect(trace.take() == ["double", "current", "inverse"])
        }
    }

    @Test func unchangedInputDoesNotReevaluateDependents() {
        let test = TestGraph()
        let trace = Trace()
        test {
            let input = Attribute(value: 1)
            let a = Attribute(Traced("a", trace) { input.value + 1 })
            _ = a.value
            trace.take()
            #expect(input.setValue(1) == false)
            _ = a.value
            #expect(trace.take() == [])
        }
    }

    @Test func equalityCutoffStopsPropagationWithoutRunningDownstreamRules() {
        let test = TestGraph()
        let trace = Trace()
        test {
            let input = Attribute(value: 1)
            let parity = Attribute(Traced("parity", trace) { input.value % 2 })
            let label = Attribute(Traced("label", trace) { parity.value == 0 ? "even" : "odd" })
            let shout = Attribute(Traced("shout", trace) { label.value.uppercased() })
            #expect(shout.value == "ODD")
            #expect(trace.take() == ["shout", "label", "parity"])
            input.value = 3  // parity stays 1
            #expect(shout.value == "ODD")
            #expect(trace.take() == ["parity"], "label and shout are cleaned without running")
            input.value = 4
            #expect(shout.value == "EVEN")
            #expect(trace.take() == ["parity", "label", "shout"])
        }
    }

    @Test func diamondRunsEachRuleOnceAndBottomOnlyAfterBothSides() {
        let test = TestGraph()
        let trace = Trace()
        test {
            let top = Attribute(value: 1)
            let left = Attribute(Traced("left", trace) { top.value + 1 })
            let right = Attribute(Traced("right", trace) { top.value * 10 })
            let bottom = Attribute(Traced("bottom", trace) { left.value + right.value })
            #expect(bottom.value == 12)
            trace.take()
            top.value = 2
            #expect(bottom.value == 23)
            #expect(trace.take() == ["left", "right", "bottom"], "inputs are brought up to date before the rule runs")
        }
    }

    @Test func dynamicDependenciesAppearAndDisappear() {
        let test = TestGraph()
        let trace = Trace()
        test {
            let useLeft = Attribute(value: true)
            let left = Attribute(value: "L")
            let right = Attribute(value: "R")
            let pick = Attribute(Traced("pick", trace) { useLeft.value ? left.value : right.value })
            #expect(pick.value == "L")
            trace.take()
            right.value = "R2"  // not a dependency yet
            #expect(pick.value == "L")
            #expect(trace.take() == [])
            useLeft.value = false
            #expect(pick.value == "R2")
            #expect(trace.take() == ["pick"])
            left.value = "L2"  // no longer a dependency: the edge was pruned
            #expect(pick.value == "R2")
            #expect(trace.take() == [])
            right.value = "R3"
            #expect(pick.value == "R3")
            #expect(trace.take() == ["pick"])
        }
    }

    /// A rule that skips one input this run and then reads the rest in their recorded order
    /// (and re-reads them): those reads are recorded one by one, so they stay dependencies and
    /// only the skipped input is dropped.
    @Test func inputsReadAfterASkippedOneStayDependencies() {
        let test = TestGraph()
        let trace = Trace()
        test {
            let skip = Attribute(value: false)
            let inputs = (0..<5).map { Attribute(value: $0) }
            let sum = Attribute(Traced("sum", trace) { () -> Int in
                var total = 0
                let skipping = skip.value
                for (position, input) in inputs.enumerated() where !(skipping && position == 1) {
                    total += input.value + input.value  // each read twice
                }
                return total
            })
            #expect(sum.value == 20)
            skip.value = true
            #expect(sum.value == 18)
            trace.take()
            inputs[1].value = 100  // skipped: no longer read
            #expect(sum.value == 18)
            #expect(trace.take() == [])
            // The last inputs first: any re-run would record them afresh.
            for position in [4, 3, 2, 0] {
                inputs[position].value += 10
                #expect(trace.take() == [])
                _ = sum.value
                #expect(trace.take() == ["sum"], "input \(position) is still a dependency")
            }
            #expect(sum.value == 18 + 80)
            skip.value = false
            #expect(sum.value == 18 + 80 + 200)
            inputs[1].value = 1
            #expect(sum.value == 18 + 80 + 2)
        }
    }

    /// A first run records each input it reads once, in the order read, however often it reads
    /// them; a later run that reads a new input after the recorded ones adds it, and one that
    /// re-reads an early input out of order keeps every input it read.
    @Test func firstRunsRecordEachInputOnceAndLaterRunsAddNewOnesAtTheEnd() throws {
        let test = TestGraph()
        let trace = Trace()
        let (inputs, extra, sum) = test { () -> ([Attribute<Int>], Attribute<Bool>, Attribute<Int>) in
            let inputs = (0..<4).map { Attribute(value: $0 + 1) }
            let extra = Attribute(value: false)
            let sum = Attribute(Traced("sum", trace) { () -> Int in
                // 1, 2, 1, 3, 3, 1: repeats next to and away from their first read.
                var total = inputs[0].value + inputs[1].value + inputs[0].value
                total += inputs[2].value + inputs[2].value + inputs[0].value
                if extra.value { total += inputs[3].value }
                return total
            })
            return (inputs, extra, sum)
        }
        #expect(sum.value == 1 + 2 + 1 + 3 + 3 + 1)
        #expect(try Self.inputCount(of: sum, in: test.graph) == 4, "inputs 0, 1, 2 and the switch, once each")
        trace.take()
        inputs[3].value = 40  // not read yet
        #expect(sum.value == 11)
        #expect(trace.take() == [])
        extra.value = true
        #expect(sum.value == 11 + 40)
        #expect(try Self.inputCount(of: sum, in: test.graph) == 5)
        for (position, input) in inputs.enumerated() {
            trace.take()
            input.value += 100
            _ = sum.value
            #expect(trace.take() == ["sum"], "input \(position) is a dependency")
        }
        #expect(sum.value == 101 + 102 + 101 + 103 + 103 + 101 + 140)
    }

    /// The number of input edges of `attribute`, from the graph's description.
    static func inputCount(of attribute: Attribute<Int>, in graph: Graph) throws -> Int {
        let dictionary = try #require(
            Graph.description(graph, options: [DescriptionOption.format: "graph/dict"]) as? [String: Any])
        let description = try #require((dictionary["graphs"] as? [[String: Any]])?.first)
        let nodes = try #require(description["nodes"] as? [[String: Any]])
        let edges = try #require(description["edges"] as? [[String: Any]])
        let position = try #require(nodes.firstIndex { $0["id"] as? Int == Int(attribute.identifier.rawValue) })
        return edges.filter { $0["dst"] as? Int == position }.count
    }

    @Test func explicitAlwaysEnabledInputSurvivesPruning() {
        let test = TestGraph()
        let trace = Trace()
        test {
            let input = Attribute(value: 1)
            let unrelated = Attribute(value: 10)
            let rule = Attribute(Traced("rule", trace) { input.value })
            rule.addInput(unrelated, options: [.alwaysEnabled], token: 0)
            _ = rule.value
            trace.take()
            unrelated.value = 11
            #expect(rule.valueState.contains(.dirty))
            _ = rule.value
            #expect(trace.take() == ["rule"], "an explicit input makes the rule re-run although it never reads it")
            unrelated.value = 12
            _ = rule.value
            #expect(trace.take() == ["rule"], "and it is still an input after that run")
        }
    }

    @Test func nonEquatableValuesAreAlwaysTreatedAsChanged() {
        final class Box { let value: Int; init(_ value: Int) { self.value = value } }
        let test = TestGraph()
        let trace = Trace()
        test {
            let input = Attribute(value: 1)
            let boxed = Attribute(Traced("boxed", trace) { Box(input.value / 10) })
            let reader = Attribute(Traced("reader", trace) { boxed.value.value })
            _ = reader.value
            trace.take()
            input.value = 2  // same box contents, but a Box is not Equatable
            _ = reader.value
            #expect(trace.take() == ["boxed", "reader"])
        }
    }

    @Test func plainOldDataWithoutEquatableIsComparedBitwise() {
        struct Point { var x: Int; var y: Int }  // trivially copyable, not Equatable
        let test = TestGraph()
        let trace = Trace()
        test {
            let input = Attribute(value: 1)
            let point = Attribute(Traced("point", trace) { Point(x: input.value / 10, y: 0) })
            let reader = Attribute(Traced("reader", trace) { point.value.x })
            _ = reader.value
            trace.take()
            input.value = 2
            _ = reader.value
            #expect(trace.take() == ["point"], "an identical bit pattern cuts off")
        }
    }

    @Test func invalidateValueForcesARerun() {
        let test = TestGraph()
        let trace = Trace()
        test {
            let input = Attribute(value: 1)
            let rule = Attribute(Traced("rule", trace) { input.value })
            let reader = Attribute(Traced("reader", trace) { rule.value + 1 })
            _ = reader.value
            trace.take()
            rule.invalidateValue()
            #expect(rule.valueState.contains(.pending))
            _ = reader.value
            #expect(trace.take() == ["rule"], "same value: the reader is cut off")
        }
    }

    @Test func statefulRuleKeepsStateAndSeesItsPreviousValue() {
        struct Accumulate: StatefulRule {
            typealias Value = Int
            @Attribute var input: Int
            var runs = 0
            mutating func updateValue() {
                runs += 1
                value = (hasValue ? value : 0) + input * 100 + runs
            }
        }
        let test = TestGraph()
        test {
            let input = Attribute(value: 1)
            let total = Attribute(Accumulate(input: input))
            #expect(total.value == 101)
            input.value = 2
            #expect(total.value == 101 + 200 + 2)
        }
    }

    @Test func changedValueReportsPerEdgeChangesInsideARule() {
        struct Changes: StatefulRule {
            typealias Value = String
            @Attribute var a: Int
            @Attribute var b: Int
            mutating func updateValue() {
                let (_, aChanged) = $a.changedValue()
                let (_, bChanged) = context.changedValue(of: $b)
                value = (aChanged ? "a" : "") + (bChanged ? "b" : "")
            }
        }
        let test = TestGraph()
        test {
            let a = Attribute(value: 1)
            let b = Attribute(value: 1)
            let changes = Attribute(Changes(a: a, b: b))
            _ = changes.value
            b.value = 2
            #expect(changes.value == "b")
            a.value = 2
            #expect(changes.value == "a")
            #expect(a.changedValue().changed == false, "outside a rule nothing is 'changed'")
        }
    }

    /// Changed marks land on the right edge after the consumer's input list was compacted
    /// (an input no longer read) and reordered (inputs read in a new order), which moves the
    /// edges away from the positions their producers last saw.
    @Test func changedMarksFollowEdgesThatMoved() {
        struct Changes: StatefulRule {
            typealias Value = String
            let inputs: [Attribute<Int>]
            @Attribute var order: [Int]
            mutating func updateValue() {
                var changed = ""
                for position in order where inputs[position].changedValue().changed {
                    changed += "\(position)"
                }
                value = changed
            }
        }
        let test = TestGraph()
        test {
            let inputs = (0..<4).map { Attribute(value: $0) }
            let order = Attribute(value: [0, 1, 2, 3])
            let changes = Attribute(Changes(inputs: inputs, order: order))
            _ = changes.value
            inputs[3].value = 30
            #expect(changes.value == "3")
            order.value = [1, 2, 3]  // 0 is pruned: 1, 2 and 3 move one place up
            _ = changes.value
            inputs[3].value = 31
            #expect(changes.value == "3")
            inputs[1].value = 11
            #expect(changes.value == "1")
            order.value = [3, 0, 2, 1]  // 0 comes back at the end; the rest keep their places
            _ = changes.value
            inputs[0].value = 10
            inputs[2].value = 12
            #expect(changes.value == "02")
            order.value = [2]  // 0, 1 and 3 are pruned: 2 moves to the front
            _ = changes.value
            inputs[2].value = 13
            #expect(changes.value == "2")
        }
    }

    @Test func propertyWrapperAndKeyPathProjections() {
        struct Pair: Equatable { var first: Int; var second: String; var computed: Int { first * 2 } }
        let test = TestGraph()
        let trace = Trace()
        test {
            @Attribute(value: Pair(first: 1, second: "x")) var pair
            #expect(pair.first == 1)
            let first = $pair.first
            let second = $pair[keyPath: \.second]
            let computed = $pair.computed  // not a stored property: a Focus rule
            #expect(first.value == 1)
            #expect(second.value == "x")
            #expect(computed.value == 2)
            #expect($pair.first == first, "offset projections are shared")
            let reader = Attribute(Traced("reader", trace) { first.value + 1 })
            #expect(reader.value == 2)
            pair = Pair(first: 5, second: "y")
            #expect(reader.value == 6)
            #expect(computed.value == 10)
            #expect(trace.take() == ["reader", "reader"])
        }
    }

    @Test func mapAndFocusRules() {
        let test = TestGraph()
        test {
            let celsius = Attribute(value: 20.0)
            let fahrenheit = Attribute(Map(celsius) { $0 * 9 / 5 + 32 })
            #expect(fahrenheit.value == 68)
            celsius.value = 100
            #expect(fahrenheit.value == 212)
            let text = Attribute(value: "hello")
            let count = Attribute(Focus(root: text, keyPath: \.count))
            #expect(count.value == 5)
        }
    }

    @Test func mutateBodyWithInvalidationReRunsAndReportsBodyChanged() {
        struct Scale: Rule {
            @Attribute var input: Int
            var factor: Int
            var value: String { "\(input * factor) bodyChanged=\(bodyChanged)" }
        }
        let test = TestGraph()
        test {
            let input = Attribute(value: 2)
            let scaled = Attribute(Scale(input: input, factor: 3))
            #expect(scaled.value == "6 bodyChanged=false")
            scaled.mutateBody(as: Scale.self, invalidating: true) { $0.factor = 5 }
            #expect(scaled.value == "10 bodyChanged=true")
            input.value = 1
            #expect(scaled.value == "5 bodyChanged=false")
        }
    }

    /// As AttributeGraph: an initial value holds until the attribute is invalidated; the rule
    /// has never run, so it has no inputs yet to make it dirty.
    @Test func ruleWithInitialValueHoldsItUntilInvalidated() {
        let test = TestGraph()
        let trace = Trace()
        test {
            let input = Attribute(value: 3)
            let attribute = Attribute(Traced("plus one", trace) { input.value + 1 }, initialValue: 0)
            #expect(attribute.hasValue)
            #expect(attribute.value == 0)
            #expect(trace.take() == [])
            attribute.invalidateValue()
            #expect(attribute.value == 4)
            #expect(trace.take() == ["plus one"])
            input.value = 5
            #expect(attribute.value == 6, "after its first run it depends on its inputs")
        }
    }

    @Test func countersCountNodesRunsAndChanges() {
        let test = TestGraph()
        test {
            let input = Attribute(value: 1)
            let rule = Attribute(Map(input) { $0 + 1 })
            #expect(test.graph.counter(for: .nodes) == 2)
            #expect(test.graph.counter(for: .createdNodes) == 2)
            let updatesBefore = test.graph.counter(for: .updates)
            _ = rule.value
            #expect(test.graph.counter(for: .updates) == updatesBefore + 1)
            let changes = test.graph.counter(for: .changes)
            input.value = 2
            #expect(test.graph.counter(for: .changes) == changes + 1)
            #expect(test.graph.counter(for: .subgraphs) == 1)
        }
    }

    @Test func updateHandlerAndNeedsUpdateFlag() {
        let test = TestGraph()
        var calls = 0
        let registration = test.graph.addUpdateHandler { calls += 1 }
        defer { registration.cancel() }
        test {
            let input = Attribute(value: 1)
            let rule = Attribute(Map(input) { $0 + 1 })
            _ = rule.value
            #expect(!test.graph.needsUpdate)
            input.value = 2
            #expect(test.graph.needsUpdate)
            #expect(calls == 1)
            input.value = 3
            #expect(calls == 1, "called when the flag rises, not for every change")
            test.graph.update()
            #expect(!test.graph.needsUpdate)
            input.value = 4
            #expect(calls == 2)
        }
    }
}
