import DeclarativeViews
import Foundation
import RunLoopBridge
import Testing

/// Transactions as SwiftUI documents them, recorded headless: the transaction of a state write
/// (`withAnimation`, `withTransaction`, `Binding.animation`) reaches the views the update changes,
/// `.transaction` and `.animation(_:value:)` modify it for their content, and views entering or
/// leaving the tree record their transition.
@MainActor @Suite struct TransactionTests {
    struct Counter: View {
        @State var count = 0
        let animation: Animation?

        var body: some View {
            VStack {
                Text("Count: \(count)")
                Text("Static")
                Button("Animated") { withAnimation(animation) { count += 1 } }
                Button("Plain") { count += 1 }
            }
        }
    }

    @Test func withAnimationRecordsTheAnimationOnTheChangedViewOnly() throws {
        let (host, scheduler) = mount(Counter(animation: .spring))
        try host.tap("Animated")
        scheduler.flush()
        #expect(host.renderedText == """
            VStack
              Text "Count: 1" [animation=.spring]
              Text "Static"
              Button "Animated"
              Button "Plain"
            """)
        #expect(host.lastTransaction?.animation == .spring)
        let text = host.renderTree[0].children[0]
        #expect(text.attributes["animation"] == ".spring")
        #expect(host.renderTree[0].children[1].attributes["animation"] == nil)
        // The next change, made outside any transaction, is not animated.
        try host.tap("Plain")
        scheduler.flush()
        #expect(host.lastTransaction == nil)
        #expect(!host.renderedText.contains("animation"))
        #expect(host.renderedText.contains("Count: 2"))
    }

    @Test func withAnimationOnOtherThreadsRunsItsBodyAndLeavesTheMainThreadsTransactionAlone() throws {
        let (host, scheduler) = mount(Counter(animation: .spring))
        final class Runs: @unchecked Sendable {
            private let lock = NSLock()
            private var count = 0
            func add() { lock.withLock { count += 1 } }
            var total: Int { lock.withLock { count } }
        }
        let runs = Runs()
        try withAnimation(.spring) {
            // Other threads at the same time: their bodies run, outside the main thread's
            // transaction (one value shared by every thread would be a data race).
            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                withAnimation(.linear) { withTransaction(Transaction(animation: .easeIn)) { runs.add() } }
            }
            try host.tap("Plain")
        }
        scheduler.flush()
        #expect(runs.total == 8)
        #expect(host.lastTransaction?.animation == .spring, "the main thread's withAnimation is what the write took")
    }

    @Test func withAnimationOfNilRecordsNoAnimation() throws {
        let (host, scheduler) = mount(Counter(animation: nil))
        try host.tap("Animated")
        scheduler.flush()
        #expect(host.lastTransaction != nil)
        #expect(host.lastTransaction?.animation == nil)
        #expect(!host.renderedText.contains("animation"))
    }

    @Test func nestedWithAnimationInnerWins() throws {
        struct Nested: View {
            @State var count = 0
            var body: some View {
                VStack {
                    Text("\(count)")
                    Button("Go") {
                        withAnimation(.easeIn) {
                            withAnimation(.linear(duration: 2)) { count += 1 }
                        }
                    }
                }
            }
        }
        let (host, scheduler) = mount(Nested())
        try host.tap("Go")
        scheduler.flush()
        #expect(host.renderTree[0].children[0].attributes["animation"] == ".linear(duration: 2)")
        #expect(host.lastTransaction?.animation == .linear(duration: 2))
    }

    @Test func transactionModifierRemovesTheAnimationForItsSubtree() throws {
        struct Split: View {
            @State var count = 0
            var body: some View {
                VStack {
                    Text("A \(count)")
                    VStack {
                        Text("B \(count)")
                    }
                    .transaction { $0.animation = nil }
                    Button("Go") { withAnimation(.easeOut) { count += 1 } }
                }
            }
        }
        let (host, scheduler) = mount(Split())
        try host.tap("Go")
        scheduler.flush()
        #expect(host.renderedText == """
            VStack
              Text "A 1" [animation=.easeOut]
              VStack
                Text "B 1"
              Button "Go"
            """)
    }

    @Test func transactionModifierCanAnimateUnanimatedChanges() throws {
        struct Adds: View {
            @State var count = 0
            var body: some View {
                VStack {
                    Text("A \(count)")
                    Text("B \(count)").transaction { $0.animation = .smooth }
                    Button("Go") { count += 1 }
                }
            }
        }
        let (host, scheduler) = mount(Adds())
        try host.tap("Go")
        scheduler.flush()
        #expect(host.renderTree[0].children[0].attributes["animation"] == nil)
        #expect(host.renderTree[0].children[1].attributes["animation"] == ".smooth")
        #expect(host.lastTransaction == nil)
    }

    @Test func outerTransactionModifiersApplyBeforeInnerOnes() throws {
        struct Layers: View {
            @State var count = 0
            var body: some View {
                VStack {
                    Text("\(count)")
                        .animation(.bouncy, value: count)
                        .transaction { $0.animation = nil }
                    Button("Go") { withAnimation(.easeIn) { count += 1 } }
                }
            }
        }
        let (host, scheduler) = mount(Layers())
        try host.tap("Go")
        scheduler.flush()
        // The outer modifier clears the animation, then the inner one sets its own.
        #expect(host.renderTree[0].children[0].attributes["animation"] == ".bouncy")
    }

    struct Implicit: View {
        @State var count = 0
        @State var other = 0

        var body: some View {
            VStack {
                Text("count \(count) other \(other)").animation(.easeIn, value: count)
                Button("Count") { count += 1 }
                Button("Other") { other += 1 }
                Button("Explicit") { withAnimation(.linear) { count += 1 } }
                Button("Disabled") {
                    var transaction = Transaction(animation: .snappy)
                    transaction.disablesAnimations = true
                    withTransaction(transaction) { count += 1 }
                }
            }
        }
    }

    @Test func animationModifierAppliesOnlyWhenItsValueChanged() throws {
        let (host, scheduler) = mount(Implicit())
        try host.tap("Other")
        scheduler.flush()
        #expect(host.renderTree[0].children[0].text == "count 0 other 1")
        #expect(host.renderTree[0].children[0].attributes["animation"] == nil)
        try host.tap("Count")
        scheduler.flush()
        #expect(host.renderTree[0].children[0].attributes["animation"] == ".easeIn")
        try host.tap("Other")
        scheduler.flush()
        #expect(host.renderTree[0].children[0].attributes["animation"] == nil)
    }

    @Test func animationModifierOverridesWithAnimationUnlessAnimationsAreDisabled() throws {
        let (host, scheduler) = mount(Implicit())
        try host.tap("Explicit")
        scheduler.flush()
        #expect(host.renderTree[0].children[0].attributes["animation"] == ".easeIn")
        try host.tap("Disabled")
        scheduler.flush()
        #expect(host.renderTree[0].children[0].attributes["animation"] == ".snappy")
        #expect(host.lastTransaction?.disablesAnimations == true)
    }

    struct Disclosure: View {
        @State var show = false
        let transition: AnyTransition?

        var body: some View {
            VStack {
                Button("Toggle") { withAnimation(.easeInOut) { show.toggle() } }
                Button("Plain") { show.toggle() }
                if show {
                    if let transition {
                        Text("Details").transition(transition)
                    } else {
                        Text("Details")
                    }
                }
            }
        }
    }

    @Test func ifBranchInsertionAndRemovalRecordAsymmetricTransitions() throws {
        let (host, scheduler) = mount(
            Disclosure(transition: .asymmetric(insertion: .slide, removal: .move(edge: .bottom))))
        #expect(host.transitionEvents.isEmpty)
        try host.tap("Toggle")
        scheduler.flush()
        #expect(host.renderedText == """
            VStack [animation=.easeInOut]
              Button "Toggle"
              Button "Plain"
              Text "Details" [animation=.easeInOut, transition=.asymmetric(insertion: .slide, removal: .move(edge: .bottom))]
            """)
        try host.tap("Toggle")
        scheduler.flush()
        #expect(host.takeTransitionEvents().map(\.description) == [
            "inserted Text \"Details\" with transition .slide, animation .easeInOut",
            "removed Text \"Details\" with transition .move(edge: .bottom), animation .easeInOut",
        ])
        #expect(host.transitionEvents.isEmpty)
    }

    @Test func viewsWithoutTransitionFadeWhenAnimatedAndAreNotRecordedOtherwise() throws {
        let (host, scheduler) = mount(Disclosure(transition: nil))
        try host.tap("Plain")
        scheduler.flush()
        try host.tap("Plain")
        scheduler.flush()
        #expect(host.transitionEvents.isEmpty)
        try host.tap("Toggle")
        scheduler.flush()
        let event = try #require(host.transitionEvents.first)
        #expect(event.kind == .insertion)
        #expect(event.view == "Text \"Details\"")
        #expect(event.transition == .opacity)
        #expect(event.animation == .easeInOut)
    }

    @Test func aTransitionWithItsOwnAnimationIsRecordedWithIt() throws {
        let (host, scheduler) = mount(Disclosure(transition: .scale.combined(with: .opacity).animation(.linear)))
        try host.tap("Plain")
        scheduler.flush()
        #expect(host.transitionEvents.map(\.description) == [
            "inserted Text \"Details\" with transition .scale.combined(with: .opacity).animation(.linear), animation .linear"
        ])
    }

    @Test func aTransitionInsideModifiersThatWrapOneViewStillApplies() throws {
        struct Wrapped: View {
            @State var show = false
            var body: some View {
                VStack {
                    Button("Show") { show = true }
                    if show {
                        Text("Banner").transition(.move(edge: .top)).padding(4).background(Color.yellow)
                    }
                }
            }
        }
        let (host, scheduler) = mount(Wrapped())
        try host.tap("Show")
        scheduler.flush()
        #expect(host.transitionEvents.map(\.description) == [
            "inserted Padding 4 with transition .move(edge: .top), animation none"
        ])
    }

    struct Dim: Transition {
        func body(content: Content, phase: TransitionPhase) -> some View {
            content.opacity(phase.isIdentity ? 1 : 0.5)
        }
    }

    @Test func transitionTypesAreRecordedAsTheirAnyTransition() throws {
        struct Typed: View {
            @State var show = false
            var body: some View {
                VStack {
                    Button("Show") { withAnimation(.snappy) { show.toggle() } }
                    if show {
                        Text("A").transition(AsymmetricTransition(insertion: .move(edge: .leading), removal: .opacity))
                        Text("B").transition(Dim().combined(with: .slide).animation(.linear))
                    }
                }
            }
        }
        let (host, scheduler) = mount(Typed())
        try host.tap("Show")
        scheduler.flush()
        #expect(host.transitionEvents.map(\.description) == [
            "inserted Text \"A\" with transition .move(edge: .leading), animation .snappy",
            "inserted Text \"B\" with transition Dim().combined(with: .slide).animation(.linear), animation .linear",
        ])
        try host.tap("Show")
        scheduler.flush()
        #expect(host.transitionEvents[2].description == "removed Text \"A\" with transition .opacity, animation .snappy")
        #expect(AnyTransition(PushTransition(edge: .bottom)) == .push(from: .bottom))
        #expect(AnyTransition(ScaleTransition(0.5)).description == ".scale(scale: 0.5)")
        #expect(AnyTransition(.scale(0.5, anchor: .topLeading)).description == ".scale(scale: 0.5, anchor: .topLeading)")
        #expect(AnyTransition.scale(scale: 2, anchor: UnitPoint(x: 0.2, y: 1)).description
            == ".scale(scale: 2, anchor: UnitPoint(x: 0.2, y: 1))")
        #expect(OpacityTransition.properties.hasMotion == false && SlideTransition.properties.hasMotion)
    }

    @Test func applyingATransitionShowsTheContentAsAPhaseHasIt() {
        #expect(TransitionPhase.willAppear.value == -1 && TransitionPhase.didDisappear.value == 1)
        let (appearing, _) = mount(OpacityTransition().apply(content: Text("Hi"), phase: .willAppear))
        #expect(appearing.renderedText == "Text \"Hi\" [opacity=0]")
        let (dimmed, _) = mount(Dim().apply(content: Text("Hi").bold(), phase: .didDisappear))
        #expect(dimmed.renderedText == "Text \"Hi\" [bold, opacity=0.5]")
        let (leaving, _) = mount(
            AsymmetricTransition(insertion: .identity, removal: Dim()).apply(content: Text("Bye"), phase: .didDisappear))
        #expect(leaving.renderedText == "Text \"Bye\" [opacity=0.5]")
    }

    @Test func ifElseSwapRecordsRemovalAndInsertion() throws {
        struct Swap: View {
            @State var on = false
            var body: some View {
                VStack {
                    if on { Text("On").transition(.push(from: .leading)) } else { Text("Off") }
                    Button("Flip") { withAnimation(.smooth(duration: 0.3)) { on.toggle() } }
                }
            }
        }
        let (host, scheduler) = mount(Swap())
        try host.tap("Flip")
        scheduler.flush()
        #expect(host.transitionEvents.map(\.description) == [
            "removed Text \"Off\" with transition .opacity, animation .smooth(duration: 0.3, extraBounce: 0)",
            "inserted Text \"On\" with transition .push(from: .leading), animation .smooth(duration: 0.3, extraBounce: 0)",
        ])
    }

    struct Items: View {
        @State var items = ["a", "b", "c"]

        var body: some View {
            VStack {
                ForEach(items, id: \.self) { item in
                    Text(item).transition(.scale(scale: 0.5))
                }
                Button("Remove b") { withAnimation { items.removeAll { $0 == "b" } } }
                Button("Add d") { items.append("d") }
            }
            .animation(.easeIn(duration: 0.2), value: items.count > 3)
        }
    }

    @Test func forEachElementRemovalRecordsItsRemovalTransition() throws {
        let (host, scheduler) = mount(Items())
        try host.tap("Remove b")
        scheduler.flush()
        #expect(host.transitionEvents.map(\.description) == [
            "removed Text \"b\" with transition .scale(scale: 0.5), animation .default"
        ])
        #expect(!host.renderedText.contains("\"b\""))
    }

    @Test func forEachInsertionTakesTheAnimationOfAnAnimationModifierAbove() throws {
        let (host, scheduler) = mount(Items())
        try host.tap("Add d")
        scheduler.flush()
        #expect(host.transitionEvents.map(\.description) == [
            "inserted Text \"d\" with transition .scale(scale: 0.5), animation .easeIn(duration: 0.2)"
        ])
        #expect(host.renderTree[0].attributes["animation"] == ".easeIn(duration: 0.2)")
    }

    @Test func bindingAnimationAnimatesItsWrites() throws {
        struct Bound: View {
            @State var on = false
            var body: some View {
                VStack {
                    Toggle("Switch", isOn: $on.animation(.interactiveSpring))
                    Text(on ? "yes" : "no")
                }
            }
        }
        let (host, scheduler) = mount(Bound())
        try host.toggle("Switch")
        scheduler.flush()
        #expect(host.lastTransaction?.animation == .interactiveSpring)
        #expect(host.renderedText.contains("Text \"yes\" [animation=.interactiveSpring]"))
        var binding = Binding.constant(1).animation(.smooth)
        #expect(binding.transaction.animation == .smooth)
        binding.transaction.animation = .easeIn
        #expect(binding.transaction(Transaction()).transaction.animation == nil)
        #expect(binding.transaction.animation == .easeIn)
    }

    @Test func observableChangesMadeInWithAnimationAreAnimated() {
        struct Shelf: View {
            let book: Book
            let library: Library
            var body: some View {
                VStack {
                    Text(book.title)
                    Holder(library: library)
                }
            }
        }
        struct Holder: View {
            @ObservedObject var library: Library
            var body: some View { Text("\(library.books.count) books") }
        }
        let book = Book()
        let library = Library()
        let (host, scheduler) = mount(Shelf(book: book, library: library))
        withAnimation(.easeOut) { book.title = "Dune" }
        scheduler.flush()
        #expect(host.renderTree[0].children[0].attributes["animation"] == ".easeOut")
        #expect(host.renderTree[0].children[0].text == "Dune")
        withAnimation(.snappy) { library.books.append("Emma") }
        scheduler.flush()
        #expect(host.renderTree[0].children[1].attributes["animation"] == ".snappy")
        #expect(host.renderTree[0].children[0].attributes["animation"] == nil)
        book.title = "Persuasion"
        scheduler.flush()
        #expect(host.lastTransaction == nil)
        #expect(!host.renderedText.contains("animation"))
    }

    @Test func changesInsideHostedContainersTakeTheirTransaction() throws {
        struct Tabbed: View {
            var body: some View {
                TabView {
                    Counter(animation: .bouncy).tabItem { Text("Count") }
                }
            }
        }
        let (host, scheduler) = mount(NavigationStack { Tabbed() })
        try host.tap("Animated")
        scheduler.flush()
        #expect(host.renderedText.contains("Text \"Count: 1\" [animation=.bouncy]"))
        #expect(host.lastTransaction?.animation == .bouncy)
        try host.tap("Plain")
        scheduler.flush()
        #expect(host.renderedText.contains("Text \"Count: 2\""))
        #expect(!host.renderedText.contains("animation"))
    }

    @Test func animationCompletionRunsAfterTheUpdateThatAppliedTheChange() throws {
        struct Finishing: View {
            @State var count = 0
            let recorder: Recorder
            var body: some View {
                VStack {
                    Text("\(count)")
                    Button("Go") {
                        withAnimation(.easeIn) {
                            count += 1
                            count += 1
                        } completion: {
                            recorder.record("completed with \(count)")
                        }
                    }
                    Button("Nothing") {
                        withAnimation(.easeIn, completionCriteria: .removed) {} completion: { recorder.record("nothing") }
                    }
                }
            }
        }
        let recorder = Recorder()
        let (host, scheduler) = mount(Finishing(recorder: recorder))
        try host.tap("Go")
        #expect(recorder.events.isEmpty)
        scheduler.flush()
        #expect(recorder.take() == ["completed with 2"])
        #expect(host.renderTree[0].children[0].attributes["animation"] == ".easeIn")
        try host.tap("Nothing")
        #expect(recorder.take() == ["nothing"])
        var transaction = Transaction(animation: .linear)
        transaction.addAnimationCompletion { recorder.record("transaction") }
        try host.tap("Go")
        withTransaction(transaction) { try? host.tap("Go") }
        scheduler.flush()
        // One update applied the writes of both taps (the second inside `transaction`, whose
        // completion its withAnimation inherited): each completion ran once, after it.
        #expect(recorder.take() == ["completed with 6", "transaction", "completed with 6"])
        #expect(host.renderTree[0].children[0].text == "6")
    }

    @Test func customTransactionValuesReachTheRecordedTransaction() throws {
        struct Source: View {
            @State var count = 0
            var body: some View {
                VStack {
                    Text("\(count)")
                    Button("Go") { withTransaction(\.origin, "button") { count += 1 } }
                }
            }
        }
        let (host, scheduler) = mount(Source())
        try host.tap("Go")
        scheduler.flush()
        #expect(host.lastTransaction?.origin == "button")
        #expect(host.lastTransaction?.animation == nil)
        #expect(Transaction().origin == "unknown")
    }

    @Test func transactionValueModifierAppliesWhenItsValueChanged() throws {
        struct Valued: View {
            @State var count = 0
            @State var other = 0
            var body: some View {
                VStack {
                    Text("\(count) \(other)").transaction(value: count) { $0.animation = .easeOut(duration: 1) }
                    Button("Count") { count += 1 }
                    Button("Other") { other += 1 }
                }
            }
        }
        let (host, scheduler) = mount(Valued())
        try host.tap("Other")
        scheduler.flush()
        #expect(host.renderTree[0].children[0].attributes["animation"] == nil)
        try host.tap("Count")
        scheduler.flush()
        #expect(host.renderTree[0].children[0].attributes["animation"] == ".easeOut(duration: 1)")
    }

    @Test func animationsDescribeThemselvesAsWritten() {
        #expect(Animation.default.description == ".default")
        #expect(Animation.easeInOut.description == ".easeInOut")
        #expect(Animation.easeIn(duration: 0.25).delay(0.5).speed(2).description == ".easeIn(duration: 0.25).delay(0.5).speed(2)")
        #expect(Animation.spring().description == ".spring(response: 0.5, dampingFraction: 0.825, blendDuration: 0)")
        #expect(Animation.spring(duration: 0.4, bounce: 0.2).description == ".spring(duration: 0.4, bounce: 0.2, blendDuration: 0)")
        #expect(Animation.interpolatingSpring(stiffness: 100, damping: 10).description
            == ".interpolatingSpring(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0)")
        #expect(Animation.bouncy(extraBounce: 0.1).description == ".bouncy(duration: 0.5, extraBounce: 0.1)")
        #expect(Animation.linear.repeatCount(3, autoreverses: false).description == ".linear.repeatCount(3, autoreverses: false)")
        #expect(Animation.easeOut.repeatForever().description == ".easeOut.repeatForever(autoreverses: true)")
        #expect(Animation.timingCurve(0.2, 0, 0.8, 1, duration: 1).description == ".timingCurve(0.2, 0, 0.8, 1, duration: 1)")
        #expect(Animation.linear(duration: 1).delay(1).repeatCount(2)._totalDuration == 3)
        #expect(Animation.easeIn != Animation.easeIn(duration: 0.35))
        #expect(Transaction(animation: .snappy).description == "Transaction(animation: .snappy)")
    }

    @Test func transitionsDescribeThemselvesAsWritten() {
        #expect(AnyTransition.identity.description == ".identity")
        #expect(AnyTransition.offset(x: 10).description == ".offset(x: 10, y: 0)")
        let asymmetric = AnyTransition.asymmetric(insertion: .move(edge: .top), removal: .opacity.combined(with: .scale))
        #expect(asymmetric._insertion == .move(edge: .top))
        #expect(asymmetric._removal.description == ".opacity.combined(with: .scale)")
        #expect(ContentTransition.numericText(countsDown: true).description == ".numericText(countsDown: true)")
    }

    @Test func contentTransitionAndMatchedGeometryAreRecorded() throws {
        struct Hero: View {
            @Namespace var cards
            @State var count = 0
            var body: some View {
                VStack {
                    Text("\(count)")
                        .contentTransition(.numericText())
                        .matchedGeometryEffect(id: "count", in: cards)
                    Text("Badge").matchedGeometryEffect(id: 2, in: cards, properties: .position, anchor: .top, isSource: false)
                    Button("Go") { count += 1 }
                }
            }
        }
        let (host, scheduler) = mount(Hero())
        let first = try #require(host.renderTree[0].children[0].attributes["matchedGeometryEffect"])
        #expect(first.hasPrefix("id: count, in: namespace "))
        #expect(host.renderTree[0].children[0].attributes["contentTransition"] == ".numericText(countsDown: false)")
        let badge = try #require(host.renderTree[0].children[1].attributes["matchedGeometryEffect"])
        #expect(badge == first.replacingOccurrences(of: "id: count", with: "id: 2")
            + ", properties: .position, anchor: .top, isSource: false")
        try host.tap("Go")
        scheduler.flush()
        // The namespace lasts as long as the view.
        #expect(host.renderTree[0].children[0].attributes["matchedGeometryEffect"] == first)
    }
}

private struct OriginKey: TransactionKey {
    static let defaultValue = "unknown"
}

extension Transaction {
    fileprivate var origin: String {
        get { self[OriginKey.self] }
        set { self[OriginKey.self] = newValue }
    }
}
