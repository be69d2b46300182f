import DeclarativeViews
import Foundation
import Testing

/// The bounds of the view marked as selected.
struct SelectedBoundsKey: PreferenceKey {
    static func reduce(value: inout Anchor<CGRect>?, nextValue: () -> Anchor<CGRect>?) {
        value = value ?? nextValue()
    }
}

/// The centres of the marked views, in view order.
struct CentersKey: PreferenceKey {
    static let defaultValue: [Anchor<CGPoint>] = []
    static func reduce(value: inout [Anchor<CGPoint>], nextValue: () -> [Anchor<CGPoint>]) {
        value += nextValue()
    }
}

/// A value a test reads after the views wrote it.
final class Captured<Value> {
    var value: Value?
}

/// Coordinate spaces (`frame(in:)` with `.local`, `.global` and named spaces, in both spellings),
/// `safeAreaInsets`, `onGeometryChange` against the laid-out frames, and anchor preferences
/// resolved by a `GeometryReader` in an overlay.
@MainActor @Suite struct GeometryAndAnchorTests {
    /// A card named "card" (padding 10 round a text and a 40 × 20 frame) under a header; the frame
    /// reports where it is.
    struct Card: View {
        let space: CoordinateSpace
        let captured: Captured<CGRect>
        var body: some View {
            VStack(spacing: 0) {
                Text("header")
                HStack(spacing: 0) {
                    Text("ab")
                    Color.red.frame(width: 40, height: 20)
                        .onGeometryChange(for: CGRect.self, of: { $0.frame(in: space) }) { captured.value = $0 }
                }
                .padding(10)
                .coordinateSpace(name: "card")
            }
        }
    }

    @Test func aFrameInANamedSpaceIsRelativeToTheAncestorNamedSo() {
        // The stack is 76 × 56, centred in 640 × 480: at 282, 212; the card below the header at
        // 282, 228; the frame 10 + 16 points into it.
        let captured = Captured<CGRect>()
        let (host, _) = mount(Card(space: .named("card"), captured: captured))
        #expect(captured.value == CGRect(x: 26, y: 10, width: 40, height: 20))
        let global = Captured<CGRect>()
        _ = mount(Card(space: .global, captured: global))
        #expect(global.value == CGRect(x: 308, y: 238, width: 40, height: 20))
        #expect(host.renderTree[0].children[1].children[0].children[1].frame == global.value, "as laid out")
        let unknown = Captured<CGRect>()
        _ = mount(Card(space: .named("nowhere"), captured: unknown))
        #expect(unknown.value == global.value, "a name no ancestor has is the window's space")
    }

    @Test func aGeometryReaderResolvesEverySpellingOfASpace() {
        let captured = Captured<GeometryProxy>()
        _ = mount(
            VStack(spacing: 0) {
                Text("top")
                GeometryReader { proxy in
                    let _ = { captured.value = proxy }()
                    Text("inside")
                }
                .frame(width: 100, height: 50)
                .padding(6)
            }
            .coordinateSpace(.named("outer")))
        let proxy = try! #require(captured.value)
        // The stack (112 × 78) at 264, 201; the reader 16 + 6 points down, 6 in.
        #expect(proxy.size == CGSize(width: 100, height: 50))
        #expect(proxy.frame(in: .local) == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(proxy.frame(in: .global) == CGRect(x: 270, y: 223, width: 100, height: 50))
        #expect(proxy.frame(in: .named("outer")) == CGRect(x: 6, y: 22, width: 100, height: 50))
        #expect(proxy.frame(in: CoordinateSpace.named("outer")) == CGRect(x: 6, y: 22, width: 100, height: 50))
        #expect(proxy.frame(in: NamedCoordinateSpace.named("outer")) == CGRect(x: 6, y: 22, width: 100, height: 50))
        #expect(proxy.frame(in: GlobalCoordinateSpace.global) == proxy.frame(in: CoordinateSpace.global))
        #expect(proxy.frame(in: LocalCoordinateSpace.local) == proxy.frame(in: CoordinateSpace.local))
        #expect(proxy.bounds(of: .named("outer")) == CGRect(x: -6, y: -22, width: 112, height: 78))
        #expect(proxy.bounds(of: .named("nowhere")) == nil)
        #expect(proxy.safeAreaInsets == EdgeInsets())
        #expect(CoordinateSpace.global.isGlobal && CoordinateSpace.local.isLocal && !CoordinateSpace.named("x").isLocal)
    }

    @Test func onGeometryChangeReportsTheLaidOutFrameAndItsChanges() throws {
        struct Screen: View {
            @State var lines = 1
            let captured: Captured<CGRect>
            var body: some View {
                VStack(spacing: 0) {
                    Button("More") { lines += 1 }
                    ForEach(0..<lines, id: \.self) { Text("line \($0)") }
                    Text("watched").padding(4)
                        .onGeometryChange(for: CGRect.self, of: { $0.frame(in: .global) }) { captured.value = $0 }
                }
            }
        }
        let captured = Captured<CGRect>()
        let (host, _) = mount(Screen(captured: captured))
        #expect(captured.value == host.renderTree[0].children.last?.frame)
        try host.tap("More")
        host.update()
        #expect(captured.value == host.renderTree[0].children.last?.frame)
        #expect(captured.value?.size == CGSize(width: 64, height: 24))
    }

    /// Two texts, the second underlined by an overlay that resolves its bounds anchor.
    struct Underlined: View {
        @State var extra = false
        var body: some View {
            VStack(alignment: .leading, spacing: 0) {
                Button("Add") { extra = true }
                if extra { Text("an added line") }
                Text("selected").anchorPreference(key: SelectedBoundsKey.self, value: .bounds) { $0 }
            }
            .padding(8)
            .overlayPreferenceValue(SelectedBoundsKey.self) { anchor in
                GeometryReader { proxy in
                    if let anchor {
                        Rectangle()
                            .frame(width: proxy[anchor].width, height: 2)
                            .padding(EdgeInsets(top: proxy[anchor].maxY, leading: proxy[anchor].minX))
                    }
                }
            }
        }
    }

    @Test func anAnchorsBoundsAreResolvedInAnOverlay() throws {
        let (host, _) = mount(Underlined())
        // The padded stack: "Add" 24 wide, "selected" 64 (32 high), plus 8 round: 80 × 48 at
        // 280, 216. "selected" at 288, 240; the underline below it, as wide.
        let overlay = host.renderTree[0]
        let selected = overlay.children[0].children[0].children[1]
        #expect(selected.frame == CGRect(x: 288, y: 240, width: 64, height: 16))
        let underline = overlay.children[1].children[0].children[0]
        #expect(underline.frame == CGRect(x: 288, y: 256, width: 64, height: 2))
        // A line above moves the text down (and the stack up, being taller): the underline follows.
        try host.tap("Add")
        host.update()
        let moved = host.renderTree[0]
        let text = moved.children[0].children[0].children[2].frame
        #expect(text == CGRect(x: 268, y: 248, width: 64, height: 16))
        #expect(moved.children[1].children[0].children[0].frame == CGRect(x: 268, y: 264, width: 64, height: 2))
    }

    @Test func pointAnchorsResolveInTheReadersCoordinates() {
        let (host, _) = mount(
            HStack(spacing: 10) {
                Text("ab").anchorPreference(key: CentersKey.self, value: .center) { [$0] }
                Text("abcd").transformAnchorPreference(key: CentersKey.self, value: .topLeading) { $0.append($1) }
                Text("x").anchorPreference(key: CentersKey.self, value: .point(CGPoint(x: 1, y: 2))) { [$0] }
            }
            .overlayPreferenceValue(CentersKey.self, alignment: .topLeading) { centers in
                GeometryReader { proxy in
                    Text(centers.map { "\(Int(proxy[$0].x)),\(Int(proxy[$0].y))" }.joined(separator: " "))
                }
            })
        // Texts at x 0, 26 and 68 of the stack: the first's centre, the second's corner, the
        // third's origin plus 1, 2.
        #expect(host.renderedText.contains(#"Text "8,8 26,0 69,2""#))
    }

    @Test func aRectAnchorIsInTheCoordinatesOfTheViewThatMadeIt() {
        let (host, _) = mount(
            Text("abcd").padding(10)
                .anchorPreference(key: SelectedBoundsKey.self, value: .rect(CGRect(x: 10, y: 10, width: 32, height: 16))) { $0 }
                .overlayPreferenceValue(SelectedBoundsKey.self) { anchor in
                    GeometryReader { proxy in
                        Text(anchor.map { rect in
                            let r = proxy[rect]
                            return "\(Int(r.minX)),\(Int(r.minY)) \(Int(r.width))x\(Int(r.height))"
                        } ?? "none")
                    }
                })
        #expect(host.renderedText.contains(#"Text "10,10 32x16""#), "the text inside the padding, resolved where it is")
    }
}
