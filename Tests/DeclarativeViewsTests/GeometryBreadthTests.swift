import DeclarativeViews
import Foundation
import Testing

/// The rest of the geometry API a screen uses: container-relative frames against the window
/// (400 × 300 here), `transformEffect` and projection transforms from affine ones, the scroll
/// view's coordinate space, `AnyLayout`'s animatable data, container backgrounds, palette
/// selection effects and the button border shape as a shape.
@MainActor @Suite struct GeometryBreadthTests {
    private func frame(of text: String, in host: ViewHost) throws -> CGRect {
        try #require(try host.inspect().find(text: text).frame())
    }

    @Test func aContainerRelativeFrameTakesTheWindowsWidth() throws {
        let host = layOut(Text("banner").containerRelativeFrame(.horizontal, alignment: .leading), width: 400, height: 300)
        let frame = try #require(host.renderTree[0].frame)
        #expect(frame.width == 400)
        #expect(frame.height == 16, "the other axis keeps the content's size")
        // The text at the frame's leading edge.
        #expect(try self.frame(of: "banner", in: host).minX == frame.minX)
    }

    @Test func aContainerRelativeFrameWithALengthClosureTakesHalfTheHeight() throws {
        let host = layOut(
            Color.red.containerRelativeFrame([.horizontal, .vertical]) { length, axis in
                axis == .vertical ? length / 2 : length * 0.75
            },
            width: 400, height: 300)
        #expect(host.renderTree[0].frame?.size == CGSize(width: 300, height: 150))
    }

    @Test func carouselCardsTakeAThirdOfTheScrollViewLessTheSpacing() throws {
        let host = layOut(
            ScrollView(.horizontal) {
                HStack(spacing: 10) {
                    ForEach(["one", "two", "three", "four"], id: \.self) { name in
                        Text(name).containerRelativeFrame(.horizontal, count: 3, spacing: 10)
                    }
                }
            },
            width: 400, height: 300)
        // (400 - 2 × 10) / 3 each; a card spanning two would be 2 × 126.67 + 10.
        let one = try frame(of: "one", in: host), two = try frame(of: "two", in: host)
        #expect(abs(two.minX - one.minX - (380 / 3 + 10)) < 0.01)
        let wide = layOut(Text("wide").containerRelativeFrame(.horizontal, count: 3, span: 2, spacing: 10), width: 400, height: 300)
        #expect(abs((wide.renderTree[0].frame?.width ?? 0) - (380 / 3 * 2 + 10)) < 0.01)
    }

    @Test func aContainerRelativeFrameFollowsTheWindowWhenItResizes() throws {
        let host = ViewHost(Color.red.containerRelativeFrame(.horizontal), scheduler: ManualUpdateScheduler(),
                            windowSize: CGSize(width: 400, height: 300))
        host.update()
        #expect(host.renderTree[0].frame?.width == 400)
        host.windowSize = CGSize(width: 200, height: 300)
        host.update()
        #expect(host.renderTree[0].frame?.width == 200)
    }

    @Test func transformEffectIsRecordedAndLeavesTheFrame() throws {
        let host = layOut(Text("moved").transformEffect(CGAffineTransform(translationX: 10, y: 20)).frame(width: 100))
        let node = try host.inspect().find(text: "moved")
        #expect(node.attribute("transformEffect") == "1 0 0 1 10 20")
        #expect(try frame(of: "moved", in: host).width == 40)
    }

    @Test func aProjectionTransformFromAnAffineOneMapsPointsTheSameWay() {
        let affine = CGAffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 5, ty: 7)
        let projection = ProjectionTransform(affine)
        #expect(projection.isAffine)
        #expect([projection.m11, projection.m12, projection.m21, projection.m22, projection.m31, projection.m32] == [2, 0, 0, 3, 5, 7])
        #expect(ProjectionTransform(CGAffineTransform.identity).isIdentity)
    }

    @Test func aGeometryReaderInAScrollViewReadsItsFrameInTheScrollViewsSpace() throws {
        let captured = Captured<GeometryProxy>()
        _ = mount(VStack(spacing: 0) {
            Text("header")
            ScrollView {
                Color.red.frame(height: 30)
                GeometryReader { proxy in
                    let _ = { captured.value = proxy }()
                    Color.blue
                }
                .frame(width: 50, height: 20)
            }
        })
        let proxy = try #require(captured.value)
        // Below the 30-point colour and the stack's 8-point gap, in the scroll view's space.
        #expect(proxy.frame(in: .scrollView).minY == 38)
        #expect(proxy.frame(in: .scrollView(axis: .vertical)).minY == 38)
        #expect(proxy.frame(in: .scrollView(axis: .horizontal)) == proxy.frame(in: .global), "no horizontal scroll view: the window's")
        #expect(proxy.bounds(of: .scrollView) != nil)
    }

    @Test func anyLayoutHasNoAnimatableData() {
        var layout = AnyLayout(VStackLayout())
        layout.animatableData = EmptyAnimatableData()
        #expect(layout.animatableData == EmptyAnimatableData())
    }

    @Test func aContainerBackgroundRecordsItsPlacement() throws {
        let placement: ContainerBackgroundPlacement = .navigation
        let host = layOut(Text("page").containerBackground(Color.red, for: placement))
        let node = try host.inspect().find { $0.attribute("containerBackground") != nil }
        #expect(node.attribute("containerBackground")?.hasSuffix("for navigation") == true)
        #expect(ContainerBackgroundPlacement.navigation != .widget)
    }

    @Test func aPaletteSelectionEffectIsRecorded() throws {
        let host = layOut(Text("palette").paletteSelectionEffect(.symbolVariant(.fill)))
        let node = try host.inspect().find(text: "palette")
        #expect(node.attribute("paletteSelectionEffect") == "symbolVariant(\(SymbolVariants.fill))")
        #expect(PaletteSelectionEffect.symbolVariant(.fill) != .automatic)
    }

    @Test func theButtonBorderShapeDrawsItsOutlineAndInsets() throws {
        let rect = CGRect(x: 0, y: 0, width: 80, height: 30)
        #expect(ButtonBorderShape.capsule.path(in: rect) == Capsule().path(in: rect))
        #expect(ButtonBorderShape.circle.path(in: rect) == Circle().path(in: rect))
        #expect(ButtonBorderShape.roundedRectangle(radius: 4).path(in: rect) == RoundedRectangle(cornerRadius: 4).path(in: rect))
        #expect(ButtonBorderShape.capsule.inset(by: 4).path(in: rect) == Capsule().inset(by: 4).path(in: rect))
        let border: ButtonBorderShape = .buttonBorder
        #expect(border == .automatic)
        let host = layOut(Color.red.frame(width: 80, height: 30).clipShape(.buttonBorder), width: 80, height: 30)
        #expect(host.renderTree[0].clipPath == RoundedRectangle(cornerRadius: 8).path(in: rect))
    }
}
