import DeclarativeViews
import Foundation
import Testing

/// `ViewThatFits`: the first view whose ideal size fits the offer on the constrained axes is
/// shown (laid out, reachable); the others get no frame.
@MainActor
@Suite struct ViewThatFitsTests {
    /// A row of actions that collapses to a shorter one in narrow frames.
    private func actions(width: CGFloat) -> some View {
        ViewThatFits(in: .horizontal) {
            HStack {
                Button("Archive everything") {}
                Button("Delete") {}
            }
            Button("More") {}
        }
        .frame(width: width)
    }

    @Test func theFirstViewThatFitsTheWidthIsShownAndReachable() throws {
        // "Archive everything" (144) + 8 + "Delete" (48) = 200 points wide.
        let wide = layOut(actions(width: 240))
        #expect(wide.buttonLabels == ["Archive everything", "Delete"])
        let fits = wide.renderTree[0].children[0]
        #expect(fits.children[0].frame?.size == CGSize(width: 200, height: 16))
        #expect(fits.children[1].frame == nil, "the view not chosen is not laid out")
        #expect(fits.frame?.size == CGSize(width: 200, height: 16))

        let narrow = layOut(actions(width: 120))
        #expect(narrow.buttonLabels == ["More"])
        let shown = narrow.renderTree[0].children[0]
        #expect(shown.children[0].frame == nil)
        #expect(shown.children[1].frame?.size == CGSize(width: 32, height: 16))
        #expect(throws: ViewHostError.self) { try narrow.tap("Delete") }
    }

    @Test func theLastViewIsShownWhenNoneFits() {
        let host = layOut(actions(width: 16))
        #expect(host.buttonLabels == ["More"])
        #expect(host.renderTree[0].children[0].children[1].frame != nil)
    }

    @Test func onlyTheConstrainedAxesAreCompared() {
        // Three lines are 48 points high: too high for 40 when the vertical axis counts; the
        // 400-point-wide window is not compared in either case, nor is an axis offered nothing.
        let tall = VStack(spacing: 0) { Text("one"); Text("two"); Text("three") }
        let vertical = layOut(ViewThatFits(in: .vertical) { tall; Text("one line") }.frame(height: 40))
        #expect(vertical.renderTree[0].children[0].children.map { $0.frame == nil } == [true, false])
        let horizontal = layOut(ViewThatFits(in: .horizontal) { tall; Text("one line") }.frame(height: 40))
        #expect(horizontal.renderTree[0].children[0].children.map { $0.frame == nil } == [false, true])
    }

    @Test func theChoiceFollowsTheOfferWhenItChanges() throws {
        struct Resizable: View {
            @State var width: CGFloat = 240
            var body: some View {
                VStack {
                    Button("Narrow") { width = 100 }
                    ViewThatFits(in: .horizontal) {
                        Text("A rather long caption")
                        Text("Short")
                    }
                    .frame(width: width)
                }
            }
        }
        let host = layOut(Resizable())
        let shown = { host.renderTree[0].children[1].children[0].children.map { $0.frame != nil } }
        #expect(shown() == [true, false])
        try host.tap("Narrow")
        host.update()
        #expect(shown() == [false, true])
    }
}
