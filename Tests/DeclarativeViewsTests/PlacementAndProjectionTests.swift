import DeclarativeViews
import Foundation
import Testing

/// Layout a screen places views with — `.fixedSize`, `.position`, safe-area insets and padding,
/// scene padding — against hand-computed frames (a character is 8 × 16 points), projection
/// transforms' arithmetic, and the geometry environment values.
@MainActor @Suite struct PlacementAndProjectionTests {
    private func frame(of text: String, in host: ViewHost) throws -> CGRect {
        try #require(try host.inspect().find(text: text).frame())
    }

    private func frame(carrying key: String, in host: ViewHost) throws -> CGRect {
        try #require(try host.inspect().find { $0.attribute(key) != nil }.frame())
    }

    @Test func aFixedSizeTextKeepsItsIdealSizeInANarrowFrame() throws {
        let (host, _) = mount(Text("Hello world").fixedSize().frame(width: 40, height: 40).border(Color.red))
        let outer = try frame(carrying: "border", in: host)
        let text = try frame(of: "Hello world", in: host)
        #expect(outer.size == CGSize(width: 40, height: 40))
        // 11 characters on one line, centred on the frame (overflowing it on both sides).
        #expect(text.size == CGSize(width: 88, height: 16))
        #expect(text.origin == CGPoint(x: outer.minX - 24, y: outer.minY + 12))

        let (wrapping, _) = mount(Text("Hello world").frame(width: 40, height: 40))
        #expect(try frame(of: "Hello world", in: wrapping).width <= 40)
    }

    @Test func aTextFixedHorizontallyOnlyStillTakesTheOfferedHeight() throws {
        let (host, _) = mount(
            Text("Hi").fixedSize(horizontal: true, vertical: false).frame(width: 8, height: 50).border(Color.red))
        let outer = try frame(carrying: "border", in: host)
        let text = try frame(of: "Hi", in: host)
        #expect(text.size == CGSize(width: 16, height: 16))
        #expect(text.midX == outer.midX)
        #expect(try host.inspect().find { $0.renderedText.hasPrefix("Layout fixedSize horizontal") }.frame() != nil)
    }

    @Test func aPositionedViewIsCentredAtThePointAndTakesTheSpaceOffered() throws {
        let (host, _) = mount(
            Color.red.frame(width: 20, height: 10).border(Color.blue)
                .position(x: 30, y: 40)
                .frame(width: 200, height: 100).border(Color.green))
        let container = try #require(try host.inspect().find { $0.attribute("border")?.hasPrefix("green") == true }.frame())
        let dot = try #require(try host.inspect().find { $0.attribute("border")?.hasPrefix("blue") == true }.frame())
        #expect(container.size == CGSize(width: 200, height: 100))
        #expect(dot == CGRect(x: container.minX + 20, y: container.minY + 35, width: 20, height: 10))
        let positioned = try host.inspect().find { $0.renderedText.hasPrefix("Layout position x=30 y=40") }
        #expect(positioned.frame() == container)

        let (pointHost, _) = mount(Text("A").position(CGPoint(x: 4, y: 8)).frame(width: 50, height: 50).border(Color.green))
        let box = try frame(carrying: "border", in: pointHost)
        #expect(try frame(of: "A", in: pointHost) == CGRect(x: box.minX, y: box.minY, width: 8, height: 16))
    }

    @Test func aBottomSafeAreaInsetSitsBelowTheViewWhichTakesTheRest() throws {
        let (host, _) = mount(
            Color.blue.border(Color.blue)
                .safeAreaInset(edge: .bottom, spacing: 4) { Text("Bar") }
                .frame(width: 100, height: 100).border(Color.green))
        let box = try #require(try host.inspect().find { $0.attribute("border")?.hasPrefix("green") == true }.frame())
        let content = try #require(try host.inspect().find { $0.attribute("border")?.hasPrefix("blue") == true }.frame())
        let bar = try frame(of: "Bar", in: host)
        #expect(bar == CGRect(x: box.minX + 38, y: box.maxY - 16, width: 24, height: 16))
        #expect(content == CGRect(x: box.minX, y: box.minY, width: 100, height: 80))
        #expect(try host.inspect().find { $0.attribute("safeAreaInset") != nil }.attribute("safeAreaInset") == "bottom")
    }

    @Test func aLeadingSafeAreaInsetSitsBeforeTheView() throws {
        let (host, _) = mount(
            Color.blue.border(Color.blue)
                .safeAreaInset(edge: .leading) { Text("Rail") }
                .frame(width: 100, height: 40).border(Color.green))
        let box = try #require(try host.inspect().find { $0.attribute("border")?.hasPrefix("green") == true }.frame())
        let rail = try frame(of: "Rail", in: host)
        let content = try #require(try host.inspect().find { $0.attribute("border")?.hasPrefix("blue") == true }.frame())
        #expect(rail.origin == CGPoint(x: box.minX, y: box.minY + 12))
        #expect(content == CGRect(x: box.minX + 32, y: box.minY, width: 68, height: 40))
    }

    @Test func safeAreaAndScenePaddingPadTheContent() throws {
        for (view, inset) in [
            (AnyView(Color.red.border(Color.red).safeAreaPadding(10)), 10.0),
            (AnyView(Color.red.border(Color.red).safeAreaPadding(EdgeInsets(top: 5, leading: 5, bottom: 5, trailing: 5))), 5),
            (AnyView(Color.red.border(Color.red).safeAreaPadding(.all, 12)), 12),
            (AnyView(Color.red.border(Color.red).scenePadding()), 16),
            (AnyView(Color.red.border(Color.red).scenePadding(.minimum, edges: .all)), 16),
        ] {
            let (host, _) = mount(view.frame(width: 100, height: 100).border(Color.green))
            let box = try #require(try host.inspect().find { $0.attribute("border")?.hasPrefix("green") == true }.frame())
            let content = try #require(try host.inspect().find { $0.attribute("border")?.hasPrefix("red") == true }.frame())
            #expect(content == box.insetBy(dx: inset, dy: inset))
        }
    }

    @Test func projectionTransformsCompose() {
        var translate = ProjectionTransform()
        #expect(translate.isIdentity && translate.isAffine)
        translate.m31 = 10
        translate.m32 = 20
        var scale = ProjectionTransform()
        scale.m11 = 2
        scale.m22 = 3
        // Translate, then scale: (1, 1) → (11, 21) → (22, 63).
        let both = translate.concatenating(scale)
        #expect(CGPoint(x: 1, y: 1).applying(both) == CGPoint(x: 22, y: 63))
        #expect(!both.isIdentity && both.isAffine)
        // The inverse undoes it.
        #expect(CGPoint(x: 22, y: 63).applying(both.inverted()) == CGPoint(x: 1, y: 1))
        var singular = ProjectionTransform()
        singular.m11 = 0
        let invertible = singular.invert()
        #expect(!invertible)
        #expect(singular.inverted() == singular)
        var undo = both
        let inverts = undo.invert()
        #expect(inverts && CGPoint(x: 22, y: 63).applying(undo) == CGPoint(x: 1, y: 1))
        // Perspective: w = x·m13 + y·m23 + m33 divides.
        var perspective = ProjectionTransform()
        perspective.m13 = 1
        #expect(!perspective.isAffine)
        #expect(CGPoint(x: 1, y: 4).applying(perspective) == CGPoint(x: 0.5, y: 2))
        #expect(perspective.m12 == 0 && perspective.m21 == 0 && perspective.m23 == 0 && perspective.m33 == 1)
    }

    struct GeometryReadout: View {
        @Environment(\.layoutDirection) private var direction
        @Environment(\.displayScale) private var scale
        @Environment(\.pixelLength) private var pixel

        var body: some View {
            Text("\(direction == .rightToLeft ? "rtl" : "ltr") \(scale) \(pixel)")
        }
    }

    @Test func viewsReadTheLayoutDirectionAndDisplayScaleSetAboveThem() throws {
        let (plain, _) = mount(GeometryReadout())
        #expect(try plain.inspect().find(text: "ltr 1.0 1.0").string() == "ltr 1.0 1.0")
        let (set, _) = mount(GeometryReadout().environment(\.layoutDirection, .rightToLeft).environment(\.displayScale, 2))
        #expect(try set.inspect().find(text: "rtl 2.0 0.5").string() == "rtl 2.0 0.5")
    }

    @Test func layoutEffectsWithoutAFrameChangeAreRecorded() throws {
        var skew = ProjectionTransform()
        skew.m21 = 0.5
        let (host, _) = mount(
            Text("Skewed").projectionEffect(skew)
                .layoutDirectionBehavior(.mirrors)
                .edgesIgnoringSafeArea(.top))
        let text = try host.inspect().find(text: "Skewed")
        #expect(text.inheritedAttribute("projectionEffect") == "1 0 0; 0.5 1 0; 0 0 1")
        #expect(text.inheritedAttribute("layoutDirectionBehavior") == "mirrors")
        #expect(text.inheritedAttribute("ignoresSafeArea") == "top")
        #expect(LayoutDirectionBehavior.mirrors == .mirrors(in: .rightToLeft))
        #expect(LayoutDirectionBehavior.fixed != .mirrors)
        #expect(Axis.horizontal.description == "horizontal" && Axis.vertical.description == "vertical")
        #expect(Axis.Set(rawValue: 3) == [.horizontal, .vertical])
        #expect(Axis.Set.vertical.rawValue == 2)
    }
}
