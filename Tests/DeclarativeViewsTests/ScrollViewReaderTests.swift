import DeclarativeViews
import Foundation
import Testing

/// `ScrollViewReader` / `ScrollViewProxy.scrollTo` and `.scrollPosition(id:)`: headless nothing
/// scrolls; where the app scrolled to is recorded on the render tree.
@MainActor
@Suite struct ScrollViewReaderTests {
    struct Chat: View {
        @State private var position: Int? = 3
        var body: some View {
            ScrollViewReader { proxy in
                ScrollView {
                    ForEach(1...5, id: \.self) { Text("Message \($0)").id($0) }
                }
                .scrollPosition(id: $position)
                Button("Latest") { proxy.scrollTo(5, anchor: .bottom) }
                Button("First") { proxy.scrollTo(1) }
                Button("Keep 4") { position = 4 }
            }
        }
    }

    @Test func scrollToRecordsTheTargetAndAnchorOnTheReadersContent() throws {
        let (host, scheduler) = mount(Chat())
        let scrollView = { host.renderTree[0] }
        #expect(scrollView().attributes["scrollTarget"] == "none")
        try host.tap("Latest")
        scheduler.flush()
        #expect(scrollView().attributes["scrollTarget"] == "5 anchor=bottom")
        #expect(host.renderTree[1].attributes["scrollTarget"] == "5 anchor=bottom", "every view of the content records it")
        try host.tap("First")
        scheduler.flush()
        #expect(scrollView().attributes["scrollTarget"] == "1")
    }

    @Test func scrollPositionRecordsTheBindingsValue() throws {
        let (host, scheduler) = mount(Chat())
        #expect(host.renderTree[0].attributes["scrollPosition"] == "3")
        try host.tap("Keep 4")
        scheduler.flush()
        #expect(host.renderTree[0].attributes["scrollPosition"] == "4")
        let (anchored, _) = mount(ScrollView { Text("Bottom") }.scrollPosition(initialAnchor: .bottom))
        #expect(anchored.renderTree[0].attributes["scrollInitialAnchor"] == "bottom")
    }
}
