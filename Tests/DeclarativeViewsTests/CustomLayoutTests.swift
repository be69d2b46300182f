import DeclarativeViews
import Foundation
import Testing

/// Tags left to right, wrapping to a new row when the next does not fit the proposed width.
struct FlowLayout: Layout {
    var spacing: CGFloat = 8
    /// Counts the sizes asked for, when set.
    var recorder: Recorder?

    /// Each subview's origin, and the size of the whole, for a width.
    private func arrange(_ subviews: Subviews, width: CGFloat) -> (origins: [CGPoint], size: CGSize) {
        var origins: [CGPoint] = []
        var x: CGFloat = 0, y: CGFloat = 0, rowHeight: CGFloat = 0, widest: CGFloat = 0
        for subview in subviews {
            let size = subview.sizeThatFits(.unspecified)
            if x > 0, x + size.width > width {
                x = 0
                y += rowHeight + spacing
                rowHeight = 0
            }
            origins.append(CGPoint(x: x, y: y))
            widest = max(widest, x + size.width)
            x += size.width + spacing
            rowHeight = max(rowHeight, size.height)
        }
        return (origins, CGSize(width: widest, height: y + rowHeight))
    }

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        recorder?.record("sizeThatFits \(proposal)")
        return arrange(subviews, width: proposal.replacingUnspecifiedDimensions(by: .infinity).width).size
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        let origins = arrange(subviews, width: bounds.width).origins
        for (subview, origin) in zip(subviews, origins) {
            subview.place(at: CGPoint(x: bounds.minX + origin.x, y: bounds.minY + origin.y), proposal: .unspecified)
        }
    }
}

extension CGSize {
    static let infinity = CGSize(width: CGFloat.infinity, height: .infinity)
}

/// Where a subview goes in a ``RankedRow``.
struct Rank: LayoutValueKey {
    static let defaultValue = 0
}

/// Subviews side by side, ordered by their ``Rank`` (not by view order), centred vertically.
struct RankedRow: Layout {
    struct Cache {
        var order: [Int]
    }

    func makeCache(subviews: Subviews) -> Cache {
        Cache(order: subviews.indices.sorted { subviews[$0][Rank.self] < subviews[$1][Rank.self] })
    }

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize {
        let sizes = subviews.map { $0.sizeThatFits(.unspecified) }
        return CGSize(width: sizes.reduce(0) { $0 + $1.width }, height: sizes.map(\.height).max() ?? 0)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) {
        var x = bounds.minX
        for index in cache.order {
            let size = subviews[index].sizeThatFits(.unspecified)
            subviews[index].place(at: CGPoint(x: x, y: bounds.midY), anchor: .leading, proposal: .unspecified)
            x += size.width
        }
    }
}

/// The `Layout` protocol (custom containers), `AnyLayout` and the stack layouts, layout values
/// and layout priorities: frames as SwiftUI computes them.
@MainActor @Suite struct CustomLayoutTests {
    @Test func aFlowLayoutWrapsTagsToItsWidth() {
        let (host, _) = mount(
            FlowLayout {
                ForEach(["one", "two", "three", "four", "five"], id: \.self) { Text($0) }
            }
            .frame(width: 100, alignment: .topLeading))
        let frame = host.renderTree[0]
        let flow = frame.children[0]
        #expect(frame.frame == CGRect(x: 270, y: 208, width: 100, height: 64))
        #expect(flow.frame == CGRect(x: 270, y: 208, width: 80, height: 64), "the widest row: one, two (24 + 8 + 24)… three, four")
        // Rows: "one two" | "three four" | "five", 16 high with 8 between.
        #expect(flow.children.map { $0.frame?.offsetBy(dx: -270, dy: -208) } == [
            CGRect(x: 0, y: 0, width: 24, height: 16), CGRect(x: 32, y: 0, width: 24, height: 16),
            CGRect(x: 0, y: 24, width: 40, height: 16), CGRect(x: 48, y: 24, width: 32, height: 16),
            CGRect(x: 0, y: 48, width: 32, height: 16),
        ])
        #expect(host.renderedTextWithFrames == """
            Frame width=100 alignment=topLeading  @ 270,208 100×64
              Layout FlowLayout  @ 270,208 80×64
                Text "one"  @ 270,208 24×16
                Text "two"  @ 302,208 24×16
                Text "three"  @ 270,232 40×16
                Text "four"  @ 318,232 32×16
                Text "five"  @ 270,256 32×16
            """)
    }

    @Test func aFlowLayoutIsDrawnWhereItPlacedItsTags() {
        // The 80-point flow centred in the 96-point frame; its second row 24 points down (on the
        // second line of cells).
        let host = layOut(FlowLayout { Text("alpha"); Text("beta"); Text("gamma") }.frame(width: 96), width: 96, height: 48)
        #expect(host.boxDrawing == """
            ┌────────────┐
            │ alpha beta │
            │ gamma      │
            │            │
            └────────────┘
            """)
    }

    @Test func aLayoutReadsItsSubviewsLayoutValues() {
        let (host, _) = mount(RankedRow {
            Text("c").layoutValue(key: Rank.self, value: 3)
            Text("a").layoutValue(key: Rank.self, value: 1).padding(4)
            Text("bb").layoutValue(key: Rank.self, value: 2)
        })
        let row = host.renderTree[0]
        let origin = row.frame!.origin
        #expect(row.frame?.size == CGSize(width: 16 + 16 + 8, height: 24))
        // Ranked a (with its padding), bb, c — whatever the order of the views.
        #expect(row.children.map { $0.frame?.offsetBy(dx: -origin.x, dy: -origin.y) } == [
            CGRect(x: 32, y: 4, width: 8, height: 16), CGRect(x: 0, y: 0, width: 16, height: 24),
            CGRect(x: 16, y: 4, width: 16, height: 16),
        ])
    }

    @Test func layoutPriorityGivesATextItsFullWidth() {
        // 200 points for a 136-point title, an 88-point detail and 8 between: not both.
        let title = "A long headline"  // 15 characters, 120 points
        let detail = "Detail text"  // 11 characters, 88 points
        let (plain, _) = mount(HStack { Text(title); Text(detail) }.frame(width: 200))
        #expect(plain.renderTree[0].children[0].children.map { $0.frame?.size } == [
            CGSize(width: 64, height: 32), CGSize(width: 88, height: 16),
        ], "without priorities the less flexible detail goes first and the title wraps in the 104 left")
        let (prioritised, _) = mount(HStack { Text(title).layoutPriority(1); Text(detail) }.frame(width: 200))
        #expect(prioritised.renderTree[0].children[0].children.map { $0.frame?.size } == [
            CGSize(width: 120, height: 16), CGSize(width: 48, height: 32),
        ], "the title is offered all but the detail's minimum (8) first, then the detail wraps in the 64 left")
    }

    @Test func aSubviewReportsItsPriorityAndSpacing() {
        struct Probe: Layout {
            let recorder: Recorder
            func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
                for subview in subviews {
                    recorder.record("\(subview.priority) \(subview.spacing.distance(to: ViewSpacing(), along: .horizontal))")
                }
                return .zero
            }
            func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {}
        }
        let recorder = Recorder()
        _ = mount(Probe(recorder: recorder) { Text("a").layoutPriority(2).padding(); Spacer() })
        #expect(recorder.take().prefix(2) == ["2.0 8.0", "0.0 8.0"])
    }

    @Test func anUnplacedSubviewIsCentredAtItsIdealSize() {
        struct PlacesNothing: Layout {
            func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
                CGSize(width: 100, height: 50)
            }
            func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {}
        }
        let (host, _) = mount(PlacesNothing { Text("abcd") })
        let node = host.renderTree[0]
        #expect(node.children[0].frame == CGRect(x: node.frame!.minX + 34, y: node.frame!.minY + 17, width: 32, height: 16))
    }

    @Test func stackLayoutsRenderAsTheirStacksAndAnyLayoutSwitchesKeepingState() throws {
        struct Screen: View {
            @State var vertical = false
            var body: some View {
                let layout = vertical ? AnyLayout(VStackLayout(spacing: 0)) : AnyLayout(HStackLayout(spacing: 4))
                layout {
                    Counter()
                    Button("Flip") { vertical.toggle() }
                }
            }
        }
        struct Counter: View {
            @State var count = 0
            var body: some View { Button("Count \(count)") { count += 1 } }
        }
        let (host, _) = mount(Screen())
        #expect(host.renderedText.hasPrefix("HStack spacing=4"))
        try host.tap("Count 0")
        host.update()
        try host.tap("Flip")
        host.update()
        #expect(host.renderedText.hasPrefix("VStack spacing=0"))
        #expect(host.renderedText.contains("Count 1"), "the content kept its state across the switch")
        let (zstack, _) = mount(ZStackLayout(alignment: .topLeading) { Text("back"); Text("x") })
        #expect(zstack.renderedText.hasPrefix("ZStack alignment=topLeading"))
    }

    @Test func aCustomLayoutCanDelegateToAStackLayout() {
        struct Doubled: Layout {
            func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
                HStackLayout(spacing: 0).sizeThatFits(proposal: proposal, subviews: subviews, cache: &cache)
            }
            func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
                VStackLayout(alignment: .trailing, spacing: 0).placeSubviews(
                    in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
            }
        }
        let (host, _) = mount(Doubled { Text("ab"); Text("abcd") })
        let node = host.renderTree[0]
        #expect(node.frame?.size == CGSize(width: 48, height: 16))
        let origin = node.frame!.origin
        #expect(node.children.map { $0.frame?.offsetBy(dx: -origin.x, dy: -origin.y) } == [
            CGRect(x: 32, y: 0, width: 16, height: 16), CGRect(x: 16, y: 16, width: 32, height: 16),
        ])
        #expect(ProposedViewSize(width: nil, height: 5).replacingUnspecifiedDimensions() == CGSize(width: 10, height: 5))
    }

    @Test func aCustomLayoutIsNotAskedAgainWhenASiblingChanges() throws {
        struct Screen: View {
            @State var count = 0
            let recorder: Recorder
            var body: some View {
                VStack {
                    Button("Count \(count)") { count += 1 }
                    FlowLayout(recorder: recorder) { Text("one"); Text("two") }
                }
            }
        }
        let recorder = Recorder()
        let (host, _) = mount(Screen(recorder: recorder))
        #expect(!recorder.take().isEmpty)
        try host.tap("Count 0")
        host.update()
        #expect(host.renderedText.contains("Count 1"))
        #expect(recorder.take() == [], "the flow node and its proposal are unchanged: its sizes come from the cache")
        let frames = host.renderTree[0].children[1].children.map(\.frame)
        host.invalidateLayout()
        host.update()
        #expect(recorder.take().count > 0, "an invalidated layout asks again")
        #expect(host.renderTree[0].children[1].children.map(\.frame) == frames)
    }

    @Test func aLayoutsCacheIsMadeOnceAndUpdatedWhenItsSubviewsChange() throws {
        struct Counting: Layout {
            let recorder: Recorder
            func makeCache(subviews: Subviews) -> Int {
                recorder.record("make \(subviews.count)")
                return subviews.count
            }
            func updateCache(_ cache: inout Int, subviews: Subviews) {
                recorder.record("update \(cache) → \(subviews.count)")
                cache = subviews.count
            }
            func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Int) -> CGSize {
                CGSize(width: cache * 10, height: 10)
            }
            func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Int) {}
        }
        struct Screen: View {
            @State var items = ["a"]
            let recorder: Recorder
            var body: some View {
                VStack {
                    Button("Add") { items.append("b") }
                    Counting(recorder: recorder) { ForEach(items, id: \.self) { Text($0) } }
                }
            }
        }
        let recorder = Recorder()
        let (host, _) = mount(Screen(recorder: recorder))
        #expect(recorder.take() == ["make 1"])
        try host.tap("Add")
        host.update()
        #expect(recorder.take() == ["update 1 → 2"])
        #expect(host.renderTree[0].children[1].frame?.width == 20)
    }
}
