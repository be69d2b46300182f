import AttrGraph
import AttrGraphTestSupport
import Testing

@Suite struct IndirectAttributeTests {
    @Test func retargetingTheSourceReRunsReaders() {
        let test = TestGraph()
        let trace = Trace()
        test {
            let a = Attribute(value: "a")
            let b = Attribute(value: "b")
            let alias = IndirectAttribute(source: a)
            let reader = Attribute(Traced("reader", trace) { alias.value.uppercased() })
            #expect(reader.value == "A")
            trace.take()
            b.value = "b2"
            #expect(reader.value == "A")
            #expect(trace.take() == [], "b is not read through the alias yet")
            alias.source = b
            #expect(reader.valueState.contains(.dirty))
            #expect(reader.value == "B2")
            #expect(trace.take() == ["reader"])
            a.value = "a2"
            #expect(reader.value == "B2")
            #expect(trace.take() == [], "the old source no longer feeds the alias")
        }
    }

    @Test func setsThroughTheAliasReachTheSource() {
        let test = TestGraph()
        test {
            let a = Attribute(value: 1)
            let alias = IndirectAttribute(source: a)
            alias.value = 5
            #expect(a.value == 5)
            #expect(alias.projectedValue.value == 5)
            #expect(alias.changedValue().value == 5)
        }
    }

    @Test func dependencyIsUpdatedBeforeTheAliasIsFollowed() {
        let test = TestGraph()
        let trace = Trace()
        test {
            let a = Attribute(value: 1)
            let b = Attribute(value: 2)
            let chooseB = Attribute(value: false)
            let alias = IndirectAttribute(source: a)
            let chooser = Attribute(
                Traced("chooser", trace) { () -> Bool in
                    let useB = chooseB.value
                    alias.source = useB ? b : a
                    return useB
                })
            alias.dependency = chooser.identifier
            #expect(alias.dependency == chooser.identifier)
            #expect(alias.value == 1)
            chooseB.value = true
            #expect(alias.value == 2)
            #expect(trace.take() == ["chooser", "chooser"])
        }
    }

    @Test func offsetAttributesProjectPartsOfAValue() {
        struct Triple: Equatable { var first: Int; var second: Int; var third: Int }
        let test = TestGraph()
        test {
            let triple = Attribute(value: Triple(first: 1, second: 2, third: 3))
            let second = triple[offset: { _ in PointerOffset<Triple, Int>(byteOffset: 8) }]
            #expect(second.value == 2)
            #expect(triple.third.value == 3)
            second.value = 20
            #expect(triple.value.second == 20)
        }
    }
}

@Suite struct ObserverTests {
    @Test func observerRunsAfterUpdateOnlyWhenTheValueChanged() {
        let test = TestGraph()
        test {
            let input = Attribute(value: 1)
            let parity = Attribute(Map(input) { $0 % 2 })
            var seen: [Int] = []
            let observer = parity.observe { seen.append($0) }
            input.value = 3
            test.graph.update()
            #expect(seen == [], "cut off: parity did not change")
            input.value = 4
            #expect(seen == [], "observers run in update(), not when inputs are set")
            test.graph.update()
            #expect(seen == [0])
            test.graph.update()
            #expect(seen == [0])
            observer.cancel()
            input.value = 5
            test.graph.update()
            #expect(seen == [0])
        }
    }

    @Test func observersRunInCreationOrderAfterAllUpdatesFinished() {
        let test = TestGraph()
        test {
            let input = Attribute(value: 1)
            let a = Attribute(Map(input) { $0 + 1 })
            let b = Attribute(Map(input) { $0 + 2 })
            var log: [String] = []
            let first = b.observe { log.append("b=\($0) a=\(a.value)") }
            let second = a.observe { log.append("a=\($0)") }
            input.value = 10
            test.graph.update()
            #expect(log == ["b=12 a=11", "a=11"])
            withExtendedLifetime((first, second)) {}
        }
    }

    @Test func droppingTheObserverCancelsItAndReleasesTheCallback() {
        let test = TestGraph()
        test {
            let input = Attribute(value: 1)
            weak var weakToken: Token?
            var calls = 0
            do {
                let token = Token()
                weakToken = token
                let observer = input.observe { _ in _ = token; calls += 1 }
                input.value = 2
                test.graph.update()
                #expect(calls == 1)
                _ = observer
            }
            #expect(weakToken == nil)
            input.value = 3
            test.graph.update()
            #expect(calls == 1)
            #expect(test.graph.counter(for: .nodes) == 1)
        }
    }

    /// Callbacks run on the observer's body in place: an observer that cancels itself, or whose
    /// subgraph is invalidated, from its own callback keeps its captures until the callback
    /// returns, and releases them right after (checked under the sanitizers too).
    @Test func anObserverCancellingItselfInItsCallbackKeepsItsCapturesUntilItReturns() {
        let test = TestGraph()
        test {
            let input = Attribute(value: 1)
            weak var weakToken: Token?
            var aliveAfterCancel: [Bool] = []
            var observer: Registration?
            do {
                let token = Token("captured")
                weakToken = token
                observer = input.observe { _ in
                    observer?.cancel()
                    observer = nil
                    // The callback's context (and `token`) must still be usable here.
                    aliveAfterCancel.append(token.name == "captured" && weakToken != nil)
                }
            }
            input.value = 2
            test.graph.update()
            #expect(aliveAfterCancel == [true])
            #expect(weakToken == nil, "released once the callback returned")
            #expect(test.graph.counter(for: .nodes) == 1, "only the input is left")
            input.value = 3
            test.graph.update()
            #expect(aliveAfterCancel == [true])
        }
    }

    @Test func anObserverCancelledByAnotherObserversCallbackDuringItsOwnKeepsItsCaptures() {
        let test = TestGraph()
        test {
            let a = Attribute(value: 0)
            let b = Attribute(value: 0)
            weak var weakToken: Token?
            var log: [String] = []
            var outer: Registration?
            do {
                let token = Token("outer")
                weakToken = token
                outer = a.observe { _ in
                    b.value += 1
                    test.graph.update()  // calls `inner`, which cancels this observer
                    log.append("\(token.name) alive=\(weakToken != nil)")
                }
            }
            let inner = b.observe { _ in
                outer?.cancel()
                outer = nil
                log.append("inner")
            }
            a.value = 1
            test.graph.update()
            #expect(log == ["inner", "outer alive=true"])
            #expect(weakToken == nil, "released once the outer callback returned")
            withExtendedLifetime(inner) {}
        }
    }

    @Test func anObserverWhoseSubgraphItsCallbackInvalidatesKeepsItsCapturesUntilItReturns() {
        let test = TestGraph()
        let child = Subgraph(graph: test.graph)
        test.root.addChild(child)
        weak var weakToken: Token?
        var log: [String] = []
        var observers: [Registration] = []
        let input = test { Attribute(value: 1) }
        child.apply {
            let doubled = Attribute(Map(input) { $0 * 2 })
            let token = Token("captured")
            weakToken = token
            observers.append(doubled.observe { value in
                child.invalidate()
                log.append("\(token.name) \(value) alive=\(weakToken != nil)")
            })
            // A second observer in the same flush, after the first: still called with its value.
            observers.append(doubled.observe { value in log.append("second \(value)") })
        }
        test {
            input.value = 2
            test.graph.update()
        }
        #expect(log.first == "captured 4 alive=true")
        #expect(weakToken == nil, "released once the callback returned")
        #expect(observers.allSatisfy { !$0.isActive })
    }
}
