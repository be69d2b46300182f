import DeclarativeViews
import Foundation
import Testing

/// Colors and shapes as views, backgrounds and overlays, flexible frames and lazy grids:
/// what they render and where the layout puts them (SwiftUI's sizing rules).
@MainActor @Suite struct ShapesAndFramesTests {
    @Test func colorsAndShapesFillWhatTheyAreOffered() {
        let (host, _) = mount(VStack(spacing: 0) {
            Color.red.frame(height: 32)
            Circle().fill(Color.blue).frame(width: 40, height: 40)
        })
        let text = host.renderedText
        #expect(text.contains("Color red"))
        #expect(text.contains("Circle [fill=blue]"))
        let stack = host.renderTree[0]
        #expect(stack.children[0].children[0].frame?.size == CGSize(width: 640, height: 32))
        #expect(stack.children[1].children[0].frame?.size == CGSize(width: 40, height: 40))
    }

    @Test func backgroundsAndOverlaysTakeTheContentsSize() {
        let (host, _) = mount(
            Text("Badge")
                .padding(8)
                .background { RoundedRectangle(cornerRadius: 4) }
                .overlay(alignment: .topTrailing) { Text("!") })
        let overlay = host.renderTree[0]
        #expect(host.renderedText.hasPrefix("Overlay alignment=topTrailing\n  Background\n    Padding 8\n"))
        let background = overlay.children[0]
        let padded = background.children[0].frame
        #expect(padded?.size == CGSize(width: 56, height: 32), "5 cells of text plus 8 points on each side")
        #expect(background.children[1].frame == padded, "the background is offered the content's frame")
        #expect(overlay.frame?.size == padded?.size)
        let mark = overlay.children[1].frame
        #expect(mark?.maxX == padded?.maxX && mark?.minY == padded?.minY, "the overlay is aligned top trailing")
    }

    @Test func flexibleFramesFollowSwiftUIsRules() {
        let (host, _) = mount(VStack(alignment: .leading, spacing: 0) {
            Text("Wide").frame(maxWidth: .infinity, alignment: .leading)
            Text("Min").frame(minWidth: 100)
            Text("Capped text that is long").frame(maxWidth: 80)
        })
        let rows = host.renderTree[0].children
        #expect(host.renderedText.contains("Frame maxWidth=infinity alignment=leading"))
        #expect(rows[0].frame?.width == 640, "maxWidth: .infinity takes the width offered")
        #expect(rows[0].children[0].frame?.minX == 0, "its content sits at the leading edge")
        #expect(rows[1].frame?.width == 100, "at least the minimum")
        #expect(rows[2].frame?.width == 80, "at most the maximum")
    }

    @Test func aFrameWithAFiniteMaximumGrowsTowardsItAlongItsStack() {
        // SwiftUI: offered more than its content needs, a frame with a maximum takes the offer,
        // clamped to the maximum — in a stack too, where it gets what its siblings leave.
        let (row, _) = mount(HStack(spacing: 0) {
            Text("a").frame(maxWidth: 300)
            Text("b")
        })
        #expect(row.renderTree[0].children.map { $0.frame?.width } == [300, 8])
        let (column, _) = mount(VStack(spacing: 0) {
            Text("a").frame(maxHeight: 100)
            Text("b")
        })
        #expect(column.renderTree[0].children.map { $0.frame?.height } == [100, 16])
        // Around a child that expands, the maximum still caps it.
        let (capped, _) = mount(HStack(spacing: 0) {
            HStack { Spacer() }.frame(maxWidth: 200)
            Text("b")
        })
        #expect(capped.renderTree[0].children.map { $0.frame?.width } == [200, 8])
    }
}
