import DeclarativeViews
import Foundation
import Testing

extension HorizontalAlignment {
    /// The classic custom guide: where the values of two columns of labels start.
    fileprivate enum MidAccount: AlignmentID {
        static func defaultValue(in context: ViewDimensions) -> CGFloat { context[HorizontalAlignment.center] }
    }

    fileprivate static let midAccount = HorizontalAlignment(MidAccount.self)
}

extension VerticalAlignment {
    /// A third of the way down a view, unless it says otherwise.
    fileprivate enum FirstThird: AlignmentID {
        static func defaultValue(in context: ViewDimensions) -> CGFloat { context.height / 3 }
    }

    fileprivate static let firstThird = VerticalAlignment(FirstThird.self)
}

/// A column that lines its subviews up on ``HorizontalAlignment/midAccount`` through
/// `LayoutSubview.dimensions(in:)`, as a custom layout reads guides.
private struct MidAccountColumn: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        let dimensions = subviews.map { $0.dimensions(in: .unspecified) }
        let line = dimensions.map { $0[.midAccount] }.max() ?? 0
        let width = dimensions.map { line - $0[.midAccount] + $0.width }.max() ?? 0
        return CGSize(width: width, height: dimensions.reduce(0) { $0 + $1.height })
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        let dimensions = subviews.map { $0.dimensions(in: .unspecified) }
        let line = dimensions.map { $0[.midAccount] }.max() ?? 0
        var y = bounds.minY
        for (subview, dimension) in zip(subviews, dimensions) {
            subview.place(at: CGPoint(x: bounds.minX + line - dimension[.midAccount], y: y), proposal: .unspecified)
            y += dimension.height
        }
    }
}

/// Alignment guides (`alignmentGuide(_:computeValue:)`, custom `AlignmentID`s, text baselines)
/// in stacks, `ZStack`, frames, overlays, grids and custom layouts: the frames the layout makes,
/// against values computed by hand (a character is 8 × 16 points, a text's first baseline 12
/// points below its top, stacks 8 points apart).
@MainActor @Suite struct AlignmentGuideTests {
    private func frame(of text: String, in host: ViewHost) throws -> CGRect {
        try #require(try host.inspect().find(text: text).frame())
    }

    /// `text`'s frame relative to `origin`'s.
    private func frame(of text: String, from origin: String, in host: ViewHost) throws -> CGRect {
        let base = try frame(of: origin, in: host).origin
        return try frame(of: text, in: host).offsetBy(dx: -base.x, dy: -base.y)
    }

    @Test func aLeadingGuideAtTheTrailingEdgeShiftsAViewInALeadingVStack() throws {
        let (host, _) = mount(VStack(alignment: .leading) {
            Text("Hello")
            Text("World!!").alignmentGuide(.leading) { d in d[.trailing] }
        })
        // "World!!" (56 wide) has its leading guide at 56: "Hello" starts there, "World!!" at 0.
        let hello = try frame(of: "Hello", in: host)
        let world = try frame(of: "World!!", in: host)
        #expect(hello.minX - world.minX == 56)
        #expect(world.minY - hello.minY == 24)
        // The stack spans both: 56 + 40.
        #expect(host.renderTree[0].frame?.size == CGSize(width: 96, height: 40))
        #expect(host.renderTree[0].frame?.minX == world.minX)
    }

    @Test func aCustomGuideLinesUpTwoColumnsOfLabelsAcrossNestedStacks() throws {
        let (host, _) = mount(VStack(alignment: .midAccount) {
            HStack {
                Text("Name:")
                Text("Ann").alignmentGuide(.midAccount) { d in d[.leading] }
            }
            HStack {
                Text("Account:")
                Text("42").alignmentGuide(.midAccount) { d in d[.leading] }
            }
        })
        // Each row passes its value's leading edge on as its guide (48 and 72): the values line up.
        let ann = try frame(of: "Ann", in: host)
        let account = try frame(of: "42", in: host)
        #expect(ann.minX == account.minX)
        #expect(try frame(of: "Name:", from: "Account:", in: host).origin == CGPoint(x: 24, y: -24))
        // 72 to the guide, then the wider remainder (24 of the first row, 16 of the second).
        #expect(host.renderTree[0].frame?.width == 96)
        #expect(host.renderTree[0].kind == .vstack(alignment: .midAccount, spacing: nil))
    }

    @Test func aCustomGuideWithoutExplicitValuesAlignsOnItsDefault() throws {
        let (host, _) = mount(HStack(alignment: .firstThird) {
            Color.red.frame(width: 10, height: 30)
            Text("x")
        })
        // The colour's third is at 10, the text's at 16 / 3: the text is 10 - 5.33 lower, on whole points.
        let color = try #require(host.renderTree[0].children[0].frame)
        let text = try frame(of: "x", in: host)
        #expect(text.minY - color.minY == 4)
    }

    @Test func anHStackOnTheFirstBaselineLinesUpTextsOfDifferentPadding() throws {
        let (host, _) = mount(HStack(alignment: .firstTextBaseline) {
            Text("Big").padding(.top, 10)
            Text("small")
        })
        // "Big"'s baseline is 10 + 12 below the padding's top, "small"'s 12 below its own.
        let big = try frame(of: "Big", in: host)
        let small = try frame(of: "small", in: host)
        #expect(big.minY == small.minY)
        #expect(host.renderTree[0].frame?.height == 26)
    }

    @Test func anHStackOnTheLastBaselineLinesUpTheLastLines() throws {
        let (host, _) = mount(HStack(alignment: .lastTextBaseline) {
            Text("one\ntwo")
            Text("x")
            Color.red.frame(width: 8, height: 8)
        })
        let lines = try frame(of: "one\ntwo", in: host)
        // The last baselines at 28 and 12; a view without text has its baseline at its bottom.
        #expect(try frame(of: "x", from: "one\ntwo", in: host).minY == 16)
        let color = try #require(host.renderTree[0].children[2].frame)
        #expect(color.minY - lines.minY == 20)
        #expect(host.renderTree[0].frame?.height == 32)
    }

    @Test func aZStackPlacesAViewByItsTopLeadingGuides() throws {
        let (host, _) = mount(ZStack(alignment: .topLeading) {
            Color.red.frame(width: 40, height: 40)
            Text("Hi").alignmentGuide(.leading) { _ in -10 }.alignmentGuide(.top) { _ in -5 }
        })
        let stack = try #require(host.renderTree[0].frame)
        let text = try frame(of: "Hi", in: host)
        #expect(text.origin == CGPoint(x: stack.minX + 10, y: stack.minY + 5))
        #expect(stack.size == CGSize(width: 40, height: 40))
    }

    @Test func aFrameAlignsItsContentOnTheContentsGuide() throws {
        let (host, _) = mount(
            Text("Hi").alignmentGuide(.leading) { d in d.width / 2 }.frame(width: 100, height: 50, alignment: .leading))
        let box = try #require(host.renderTree[0].frame)
        let text = try frame(of: "Hi", in: host)
        // The text's middle on the frame's leading edge; centred vertically.
        #expect(text.origin == CGPoint(x: box.minX - 8, y: box.minY + 17))
    }

    @Test func aBadgeOverlayIsCentredOnTheTopTrailingCornerByItsGuides() throws {
        let (host, _) = mount(
            Color.blue.frame(width: 100, height: 60).overlay(alignment: .topTrailing) {
                Text("9")
                    .alignmentGuide(.trailing) { d in d[HorizontalAlignment.center] }
                    .alignmentGuide(.top) { d in d[VerticalAlignment.center] }
            })
        let card = try #require(host.renderTree[0].frame)
        let badge = try frame(of: "9", in: host)
        #expect(badge.origin == CGPoint(x: card.maxX - 4, y: card.minY - 8))
    }

    @Test func aGridCellIndentsByItsLeadingGuide() throws {
        let (host, _) = mount(Grid(alignment: .leading) {
            GridRow { Text("Title"); Text("1") }
            GridRow { Text("Sub").alignmentGuide(.leading) { _ in -8 }; Text("2") }
        })
        #expect(try frame(of: "Sub", from: "Title", in: host).origin == CGPoint(x: 8, y: 24))
    }

    @Test func aGridRowOnTheFirstBaselineLinesUpItsCells() throws {
        let (host, _) = mount(Grid {
            GridRow(alignment: .firstTextBaseline) {
                Text("one\ntwo")
                Text("x").padding(.top, 6)
            }
        })
        // Baselines at 12 and 6 + 12: the two-line text moves down 6.
        #expect(try frame(of: "x", from: "one\ntwo", in: host).minY == 0)
    }

    @Test func aCustomLayoutReadsGuidesThroughSubviewDimensions() throws {
        let (host, _) = mount(MidAccountColumn {
            Text("Name: Ann").alignmentGuide(.midAccount) { d in 48 }
            Text("Account: 42").alignmentGuide(.midAccount) { d in 72 }
            Text("Note")
        })
        // The line at 72; "Note" has no explicit value, so its default (its centre, 16) is on it.
        #expect(try frame(of: "Name: Ann", from: "Account: 42", in: host).origin == CGPoint(x: 24, y: -16))
        #expect(try frame(of: "Note", from: "Account: 42", in: host).origin == CGPoint(x: 56, y: 16))
    }

    @Test func dimensionsReportExplicitGuidesAndBaselines() throws {
        struct Probe: Layout {
            let record: (ViewDimensions) -> Void
            func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
                for subview in subviews { record(subview.dimensions(in: .unspecified)) }
                return .zero
            }
            func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {}
        }
        nonisolated(unsafe) var seen: [ViewDimensions] = []
        _ = mount(Probe(record: { seen.append($0) }) {
            Text("two\nlines")
            Color.red.frame(width: 20, height: 10).alignmentGuide(.leading) { d in d[explicit: .leading] ?? d.width }
        })
        let text = try #require(seen.first)
        let color = try #require(seen.dropFirst().first)
        #expect(text[explicit: .leading] == nil)
        #expect(text[.trailing] == 40)
        #expect(text[explicit: .firstTextBaseline] == 12)
        #expect(text[.lastTextBaseline] == 28)
        #expect(color[explicit: .leading] == 20)
        #expect(color[.firstTextBaseline] == 10, "no text: the bottom")
    }

    @Test func aFrameOnTheLeadingFirstTextBaselinePutsTheBaselineOnItsBottom() throws {
        let (host, _) = mount(Text("Hi").frame(width: 100, height: 50, alignment: .leadingFirstTextBaseline))
        let box = try #require(host.renderTree[0].frame)
        // The frame has no text: its baseline is its bottom (50); the text's is 12 below its top.
        #expect(try frame(of: "Hi", in: host).origin == CGPoint(x: box.minX, y: box.minY + 38))
        let (last, _) = mount(Text("a\nb").frame(width: 100, height: 50, alignment: .trailingLastTextBaseline))
        let lastBox = try #require(last.renderTree[0].frame)
        #expect(try frame(of: "a\nb", in: last).origin == CGPoint(x: lastBox.minX + 92, y: lastBox.minY + 50 - 28))
    }

    @Test func alignmentsAreValuesNamedByTheirIdentifiers() {
        #expect([
            Alignment.centerFirstTextBaseline, .centerLastTextBaseline, .leadingFirstTextBaseline,
            .leadingLastTextBaseline, .trailingFirstTextBaseline, .trailingLastTextBaseline,
        ].map(\.description) == [
            "centerFirstTextBaseline", "centerLastTextBaseline", "leadingFirstTextBaseline",
            "leadingLastTextBaseline", "trailingFirstTextBaseline", "trailingLastTextBaseline",
        ])
        #expect(HorizontalAlignment(HorizontalAlignment.MidAccount.self) == .midAccount)
        #expect(HorizontalAlignment.midAccount != .center)
        #expect(VerticalAlignment.firstTextBaseline.combineExplicit([nil, 3, 5]) == 3)
        #expect(VerticalAlignment.lastTextBaseline.combineExplicit([nil, 3, 5]) == 5)
        #expect(HorizontalAlignment.leading.combineExplicit([CGFloat?]([nil, nil])) == nil)
        #expect(Alignment.leadingFirstTextBaseline == Alignment(horizontal: .leading, vertical: .firstTextBaseline))
        #expect(Alignment.trailingLastTextBaseline.vertical == .lastTextBaseline)
        #expect(Alignment.centerFirstTextBaseline.description == "centerFirstTextBaseline")
        #expect(Alignment.topLeading.description == "topLeading")
        #expect(HorizontalAlignment.listRowSeparatorLeading != .leading)
        #expect(HorizontalAlignment.listRowSeparatorTrailing.description == "listRowSeparatorTrailing")
    }
}
