import AttrGraph
import AttrGraphTestSupport
import Testing

/// Subgraph lifetimes: invalidation destroys attributes and releases everything they held.
@Suite struct SubgraphLifetimeTests {
    /// A rule capturing an object, so the test can watch the body being released.
    struct Holding: Rule {
        let token: Token
        @Attribute var input: Int
        var value: String { "\(token.name)\(input)" }
    }

    @Test func invalidatingASubgraphReleasesRuleBodiesAndValues() {
        let test = TestGraph()
        weak var weakBodyToken: Token?
        weak var weakValueToken: Token?
        let child = Subgraph(graph: test.graph)
        test.root.addChild(child)
        let input = test { Attribute(value: 1) }
        let (held, valueHolder) = child.apply { () -> (Attribute<String>, Attribute<Token>) in
            let bodyToken = Token("body")
            weakBodyToken = bodyToken
            let valueToken = Token("value")
            weakValueToken = valueToken
            return (Attribute(Holding(token: bodyToken, input: input)), Attribute(value: valueToken))
        }
        #expect(held.value == "body1")
        #expect(valueHolder.value.name == "value")
        #expect(weakBodyToken != nil)
        child.invalidate()
        #expect(weakBodyToken == nil, "the rule body was destroyed")
        #expect(weakValueToken == nil, "the value was destroyed")
        #expect(!child.isValid)
        #expect(test.graph.counter(for: .nodes) == 1)
    }

    struct TokenRule: Rule {
        let token: Token
        var value: Token { token }
    }

    struct TokenState: StatefulRule {
        typealias Value = Token
        let token: Token
        mutating func updateValue() { value = token }
    }

    struct TokenBody: _AttributeBody {
        let token: Token
    }

    /// Every way of creating an attribute copies its body and initial value once (they are
    /// taken by address, and plain data as bytes): what they hold lives exactly as long as the
    /// attribute, whatever the creator does with its own copies.
    @Test func everyCreationPathOwnsOneCopyOfBodyAndInitialValue() {
        let test = TestGraph()
        let child = Subgraph(graph: test.graph)
        test.root.addChild(child)
        var weakTokens: [() -> Token?] = []
        func make(_ name: String) -> Token {
            let token = Token(name)
            weak let weakToken = token
            weakTokens.append { weakToken }
            return token
        }
        let attributes = child.apply { () -> [Attribute<Token>] in
            var made: [Attribute<Token>] = []
            made.append(Attribute(value: make("input")))
            let typed = Attribute(type: Token.self)
            typed.value = make("typed input")
            made.append(typed)
            made.append(Attribute(TokenRule(token: make("rule body")), initialValue: make("rule initial")))
            made.append(Attribute(TokenState(token: make("stateful body")), initialValue: make("stateful initial")))
            made.append(Attribute(TokenState(token: make("stateful body 2"))))
            var body = TokenBody(token: make("closure body"))
            var initial = make("closure initial")
            made.append(Attribute(body: &body, value: &initial, flags: []) {
                { body, _ in
                    var token = body.assumingMemoryBound(to: TokenBody.self).pointee.token
                    Graph.setOutputValue(&token)
                }
            })
            return made
        }
        #expect(weakTokens.allSatisfy { $0() != nil }, "the attributes hold their copies")
        // As AttributeGraph: a value given at creation holds until the attribute is invalidated.
        let names = attributes.map { $0.value.name }
        #expect(names == ["input", "typed input", "rule initial", "stateful initial", "stateful body 2", "closure initial"])
        for attribute in attributes { attribute.invalidateValue() }
        let computed = attributes.map { $0.value.name }
        #expect(computed == ["input", "typed input", "rule body", "stateful body", "stateful body 2", "closure body"])
        // The rules' runs replaced their initial values, which were released then.
        #expect(weakTokens.compactMap { $0()?.name }.sorted() == computed.sorted())
        child.invalidate()
        #expect(weakTokens.allSatisfy { $0() == nil }, "each copy was released once, with the attribute")
        #expect(test.graph.counter(for: .nodes) == 0)
    }

    /// Setting a value (whole, or part of it through a key-path projection) keeps one copy of
    /// the new value and releases the old one; an equal value changes nothing.
    @Test func settingValuesReleasesTheOldOnesAndKeepsOneCopy() {
        struct Pair: Equatable {
            var first: Token
            var second: Token
            static func == (lhs: Pair, rhs: Pair) -> Bool { lhs.first === rhs.first && lhs.second === rhs.second }
        }
        let test = TestGraph()
        let child = Subgraph(graph: test.graph)
        test.root.addChild(child)
        weak var weakA: Token?, weakB: Token?, weakC: Token?, weakD: Token?
        let (pair, second) = child.apply { () -> (Attribute<Pair>, Attribute<Token>) in
            let a = Token("a"), b = Token("b")
            weakA = a
            weakB = b
            let pair = Attribute(value: Pair(first: a, second: b))
            return (pair, pair[keyPath: \.second])
        }
        #expect(weakA != nil && weakB != nil)
        do {
            let c = Token("c")
            weakC = c
            #expect(pair.setValue(Pair(first: c, second: pair.value.second)))
            #expect(!pair.setValue(Pair(first: c, second: pair.value.second)), "equal: no change")
        }
        #expect(weakA == nil, "the replaced value was released")
        #expect(weakB != nil && weakC != nil)
        do {
            let d = Token("d")
            weakD = d
            second.value = d
        }
        #expect(weakB == nil, "the replaced part was released")
        #expect(pair.value.second === weakD && pair.value.first === weakC)
        child.invalidate()
        #expect(weakC == nil && weakD == nil)
    }

    @Test func weakAttributeReadsNilAfterInvalidationEvenWhenTheSlotIsReused() {
        let test = TestGraph()
        let child = Subgraph(graph: test.graph)
        let attribute = child.apply { Attribute(value: 42) }
        let weak = WeakAttribute(attribute)
        #expect(weak.wrappedValue == 42)
        child.invalidate()
        #expect(weak.attribute == nil)
        #expect(weak.wrappedValue == nil)
        // The freed slot is reused by the next attribute; the weak reference must not see it.
        let reused = test { Attribute(value: 7) }
        #expect(reused.identifier == attribute.identifier)
        #expect(weak.attribute == nil)
        #expect(WeakAttribute(reused).wrappedValue == 7)
    }

    @Test func edgesFromOtherSubgraphsAreRemovedAndReadersReRun() {
        let test = TestGraph()
        let trace = Trace()
        let child = Subgraph(graph: test.graph)
        let source = child.apply { Attribute(value: 10) }
        let weakSource = WeakAttribute(source)
        let reader = test { Attribute(Traced("reader", trace) { weakSource.wrappedValue ?? -1 }) }
        #expect(reader.value == 10)
        trace.take()
        child.invalidate()
        #expect(reader.valueState.contains(.dirty), "a reader of a destroyed attribute must re-run")
        #expect(reader.value == -1)
        #expect(trace.take() == ["reader"])
    }

    @Test func invalidatingAParentInvalidatesChildrenWithoutOtherParents() {
        let test = TestGraph()
        let parentA = Subgraph(graph: test.graph)
        let parentB = Subgraph(graph: test.graph)
        let onlyChild = Subgraph(graph: test.graph)
        let sharedChild = Subgraph(graph: test.graph)
        parentA.addChild(onlyChild)
        parentA.addChild(sharedChild, tag: 3)
        parentB.addChild(sharedChild)
        #expect(parentA.childCount == 2)
        var tag: UInt8 = 0
        #expect(parentA.child(at: 1, tag: &tag) === sharedChild)
        #expect(tag == 3)
        #expect(sharedChild.parentCount == 2)
        #expect(parentA.isAncestor(of: sharedChild))
        parentA.invalidate()
        #expect(!onlyChild.isValid)
        #expect(sharedChild.isValid, "another valid parent still holds it")
        parentB.invalidate()
        #expect(!sharedChild.isValid)
    }

    @Test func subgraphObserversRunOnceOnInvalidationAndAreReleased() {
        let test = TestGraph()
        var calls = 0
        weak var weakToken: Token?
        do {
            let subgraph = Subgraph(graph: test.graph)
            let token = Token()
            weakToken = token
            subgraph.addObserver { _ = token; calls += 1 }
            let removed = subgraph.addObserver { calls += 100 }
            subgraph.removeObserver(removed)
            subgraph.invalidate()
            #expect(calls == 1)
            subgraph.invalidate()
            #expect(calls == 1)
        }
        #expect(weakToken == nil)
    }

    @Test func releasingTheLastReferenceInvalidatesTheSubgraph() {
        let graph = Graph()
        var notified = 0
        weak var weakToken: Token?
        do {
            let subgraph = Subgraph(graph: graph)
            subgraph.addObserver { notified += 1 }
            subgraph.apply {
                let token = Token()
                weakToken = token
                _ = Attribute(value: token)
            }
            #expect(graph.counter(for: .nodes) == 1)
        }
        #expect(notified == 1)
        #expect(weakToken == nil)
        #expect(graph.counter(for: .nodes) == 0)
        #expect(graph.counter(for: .subgraphs) == 0)
    }

    @Test func invalidationDuringAnUpdateIsDeferredUntilTheUpdateEnds() {
        let test = TestGraph()
        let child = Subgraph(graph: test.graph)
        let inner = child.apply { Attribute(value: 5) }
        let weakInner = WeakAttribute(inner)
        var destroyedDuringRule: Bool?
        let rule = test {
            Attribute(
                Traced("rule", Trace()) { () -> Int in
                    let value = inner.value
                    child.invalidate()
                    // Still readable inside this update; weak references already see it gone.
                    destroyedDuringRule = weakInner.attribute == nil
                    return value + inner.value
                })
        }
        #expect(rule.value == 10)
        #expect(destroyedDuringRule == true)
        #expect(test.graph.counter(for: .nodes) == 1, "destroyed when the update ended")
    }

    @Test func observerIsCancelledWithItsSubgraphAndReleasesItsCallback() {
        let test = TestGraph()
        let child = Subgraph(graph: test.graph)
        let input = child.apply { Attribute(value: 1) }
        weak var weakToken: Token?
        var seen: [Int] = []
        let observer: Registration = {
            let token = Token()
            weakToken = token
            return input.observe { value in _ = token; seen.append(value) }
        }()
        input.value = 2
        test.graph.update()
        #expect(seen == [2])
        #expect(observer.isActive)
        child.invalidate()
        #expect(!observer.isActive)
        #expect(weakToken == nil, "invalidating the subgraph released the observer's callback")
    }
}
