import DeclarativeViews
import Foundation
import Testing

/// A triangle that only implements `path(in:)`, as SwiftUI's documentation writes one, and
/// remembers the rect it was given.
struct Triangle: Shape {
    func path(in rect: CGRect) -> Path {
        Path { path in
            path.move(to: CGPoint(x: rect.midX, y: rect.minY))
            path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
            path.addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
            path.closeSubpath()
        }
    }
}

/// A pie wedge whose angle is its animatable data (SwiftUI's pattern for animating a shape).
struct Wedge: Shape {
    var degrees: Double
    var animatableData: Double {
        get { degrees }
        set { degrees = newValue }
    }

    func path(in rect: CGRect) -> Path {
        var path = Path()
        let center = CGPoint(x: rect.midX, y: rect.midY)
        path.move(to: center)
        path.addArc(center: center, radius: min(rect.width, rect.height) / 2, startAngle: .zero,
                    endAngle: .degrees(degrees), clockwise: false)
        path.closeSubpath()
        return path
    }
}

/// Two animatable values, as `AnimatablePair` carries them.
struct Ring: Shape {
    var inner: CGFloat
    var outer: CGFloat
    var animatableData: AnimatablePair<CGFloat, CGFloat> {
        get { AnimatablePair(inner, outer) }
        set { (inner, outer) = (newValue.first, newValue.second) }
    }

    func path(in rect: CGRect) -> Path {
        var path = Path(ellipseIn: rect.insetBy(dx: rect.width / 2 - outer, dy: rect.height / 2 - outer))
        path.addEllipse(in: rect.insetBy(dx: rect.width / 2 - inner, dy: rect.height / 2 - inner))
        return path
    }
}

/// Shapes with geometry (SwiftUI's `Shape`, `Path`, `InsettableShape` and the shape modifiers):
/// paths are evaluated in the frames the layout gives, and answer SwiftUI's questions about them.
@MainActor @Suite struct ShapePathTests {
    /// `rect` rounded to hundredths, to compare curves' bounds.
    func rounded(_ rect: CGRect) -> CGRect {
        func r(_ value: CGFloat) -> CGFloat { (value * 100).rounded() / 100 }
        return CGRect(x: r(rect.minX), y: r(rect.minY), width: r(rect.width), height: r(rect.height))
    }

    @Test func aCustomShapesPathIsEvaluatedInTheFrameTheLayoutGaveIt() throws {
        let (host, _) = mount(Triangle().frame(width: 80, height: 48).padding(16))
        let node = try #require(host.renderTree.first?.children.first?.children.first)
        #expect(node.kind == .shape("Triangle"))
        #expect(node.frame?.size == CGSize(width: 80, height: 48))
        // SwiftUI gives path(in:) the frame's bounds: origin zero, the laid-out size.
        #expect(node.path?.boundingRect == CGRect(x: 0, y: 0, width: 80, height: 48))
        #expect(node.path?.contains(CGPoint(x: 40, y: 40)) == true)
        #expect(node.path?.contains(CGPoint(x: 4, y: 4)) == false, "outside the triangle's slanted side")
        // Offered all the window, the shape fills it.
        let (full, _) = mount(Triangle())
        #expect(full.renderTree.first?.path?.boundingRect == CGRect(x: 0, y: 0, width: 640, height: 480))
    }

    @Test func aShapeWhoseValueChangesGetsTheNewPath() {
        struct Pie: View {
            @State var degrees = 90.0
            var body: some View {
                VStack {
                    Wedge(degrees: degrees).frame(width: 100, height: 100)
                    Button("Full") { degrees = 270 }
                }
            }
        }
        let (host, scheduler) = mount(Pie())
        func wedge() -> RenderNode? { host.renderTree.first?.children.first?.children.first }
        #expect(wedge()?.path.map { rounded($0.boundingRect) } == CGRect(x: 50, y: 50, width: 50, height: 50))
        try? host.tap("Full")
        scheduler.flush()
        #expect(wedge()?.path.map { rounded($0.boundingRect) } == CGRect(x: 0, y: 0, width: 100, height: 100))
        var animatable = Wedge(degrees: 10)
        animatable.animatableData = 45
        #expect(animatable.degrees == 45, "animatableData is a plain property headless")
        var ring = Ring(inner: 5, outer: 10)
        ring.animatableData = AnimatablePair(6, 12)
        #expect(ring.inner == 6 && ring.outer == 12)
        #expect(Circle().animatableData == EmptyAnimatableData())
    }

    @Test func rectanglesAndEllipsesAnswerBoundsAndContainment() {
        let rect = CGRect(x: 10, y: 20, width: 100, height: 50)
        let box = Path(rect)
        #expect(box.boundingRect == rect)
        #expect(box.contains(CGPoint(x: 60, y: 45)))
        #expect(!box.contains(CGPoint(x: 5, y: 45)))
        #expect(box.currentPoint == CGPoint(x: 10, y: 20), "closing returns to the subpath's start")
        let ellipse = Path(ellipseIn: rect)
        #expect(rounded(ellipse.boundingRect) == rect, "the curves' extremes, not their control points")
        #expect(ellipse.contains(CGPoint(x: 60, y: 45)))
        #expect(!ellipse.contains(CGPoint(x: 13, y: 23)), "the rect's corner is outside the ellipse")
        #expect(Path().isEmpty && Path().boundingRect.isNull && Path().currentPoint == nil)
        let rounded = Path(roundedRect: CGRect(x: 0, y: 0, width: 40, height: 40), cornerRadius: 10)
        #expect(rounded.boundingRect == CGRect(x: 0, y: 0, width: 40, height: 40))
        #expect(!rounded.contains(CGPoint(x: 1, y: 1)) && rounded.contains(CGPoint(x: 5, y: 20)))
    }

    @Test func arcsTurnAsSwiftUIsDoInViewCoordinates() {
        let center = CGPoint(x: 50, y: 50)
        // Growing angles (clockwise: false) turn clockwise on screen: 0° → 90° is the lower right quarter.
        let quarter = Path { path in
            path.move(to: center)
            path.addArc(center: center, radius: 50, startAngle: .degrees(0), endAngle: .degrees(90), clockwise: false)
            path.closeSubpath()
        }
        #expect(rounded(quarter.boundingRect) == CGRect(x: 50, y: 50, width: 50, height: 50))
        #expect(quarter.contains(CGPoint(x: 70, y: 70)))
        #expect(!quarter.contains(CGPoint(x: 30, y: 70)))
        // `clockwise: true` goes the other way round: three quarters.
        let rest = Path { path in
            path.move(to: center)
            path.addArc(center: center, radius: 50, startAngle: .degrees(0), endAngle: .degrees(90), clockwise: true)
            path.closeSubpath()
        }
        #expect(rounded(rest.boundingRect) == CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(rest.contains(CGPoint(x: 30, y: 70)) && !rest.contains(CGPoint(x: 70, y: 70)))
        #expect(Angle(degrees: 180).radians == .pi && Angle.radians(.pi / 2).degrees == 90)
    }

    @Test func pathsAreBuiltAsCoreGraphicsBuildsThem() {
        var path = Path()
        path.addLines([CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10)])
        #expect(path.currentPoint == CGPoint(x: 10, y: 10))
        path.addQuadCurve(to: CGPoint(x: 30, y: 10), control: CGPoint(x: 20, y: 30))
        path.addCurve(to: CGPoint(x: 40, y: 0), control1: CGPoint(x: 30, y: -20), control2: CGPoint(x: 40, y: -20))
        var elements: [Path.Element] = []
        path.forEach { elements.append($0) }
        #expect(elements == [
            .move(to: CGPoint(x: 0, y: 0)), .line(to: CGPoint(x: 10, y: 0)), .line(to: CGPoint(x: 10, y: 10)),
            .quadCurve(to: CGPoint(x: 30, y: 10), control: CGPoint(x: 20, y: 30)),
            .curve(to: CGPoint(x: 40, y: 0), control1: CGPoint(x: 30, y: -20), control2: CGPoint(x: 40, y: -20)),
        ])
        // The quad's lowest point is halfway to its control point (y 20); the cubic's highest is at y -13.94.
        #expect(rounded(path.boundingRect) == CGRect(x: 0, y: -13.94, width: 40, height: 33.94))
        // Nested squares: inside both is filled under the non-zero rule, a hole under even-odd.
        var nested = Path()
        nested.addRect(CGRect(x: 0, y: 0, width: 100, height: 100))
        nested.addRect(CGRect(x: 25, y: 25, width: 50, height: 50))
        #expect(nested.contains(CGPoint(x: 50, y: 50)))
        #expect(!nested.contains(CGPoint(x: 50, y: 50), eoFill: true))
        #expect(nested.contains(CGPoint(x: 10, y: 10), eoFill: true))
        #expect(nested.offsetBy(dx: 5, dy: 5).boundingRect == CGRect(x: 5, y: 5, width: 100, height: 100))
    }

    @Test func aPathsDescriptionRecreatesIt() {
        let path = Path { path in
            path.move(to: CGPoint(x: 0, y: 0))
            path.addLine(to: CGPoint(x: 10.5, y: -2))
            path.addQuadCurve(to: CGPoint(x: 20, y: 0), control: CGPoint(x: 15, y: 0.1))
            path.addCurve(to: CGPoint(x: 30, y: 5), control1: CGPoint(x: 22, y: 1), control2: CGPoint(x: 28, y: 4))
            path.closeSubpath()
        }
        #expect(path.description == "0 0 m 10.5 -2 l 15 0.1 20 0 q 22 1 28 4 30 5 c h")
        #expect(Path(path.description) == path)
        let ellipse = Path(ellipseIn: CGRect(x: 0, y: 0, width: 3, height: 7))
        #expect(Path(ellipse.description) == ellipse, "curves' irrational control points read back exactly")
        #expect(Path("") == Path())
        for bad in ["1 m", "1 2 3 l", "1 2 x", "nan 1 m", "1 2 m 3", "inf 0 m"] {
            #expect(Path(bad) == nil, "\(bad)")
        }
    }

    @Test func trimKeepsTheFractionOfTheOutlineByLength() throws {
        // A 100 × 50 rectangle's outline is 300 points long, from its top-left corner clockwise.
        let (host, _) = mount(VStack {
            Rectangle().trim(from: 0, to: 0.25).frame(width: 100, height: 50)
            Rectangle().trim(from: 0, to: 0.5).frame(width: 100, height: 50)
            Rectangle().trim(from: 0.6, to: 0.4).frame(width: 100, height: 50)
        })
        let paths = host.renderTree[0].children.map { $0.children.first?.path }
        #expect(paths[0]?.boundingRect == CGRect(x: 0, y: 0, width: 75, height: 0))
        #expect(paths[1]?.boundingRect == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(paths[1]?.currentPoint == CGPoint(x: 100, y: 50))
        #expect(paths[2]?.isEmpty == true, "nothing when the end is not after the start")
        #expect(host.renderTree[0].children[0].children.first?.kind == .shape("Rectangle trim(0, 0.25)"))
        let circle = Circle().path(in: CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(circle.trimmedPath(from: 0, to: 1) == circle, "the whole outline is the path itself")
        let half = circle.trimmedPath(from: 0, to: 0.5)
        // From 0° (the right) through 90° (the bottom) to 180°.
        #expect(rounded(half.boundingRect) == CGRect(x: 0, y: 50, width: 100, height: 50))
    }

    @Test func shapeModifiersMoveTurnAndScaleThePath() {
        let rect = CGRect(x: 0, y: 0, width: 40, height: 20)
        #expect(Rectangle().offset(x: 10, y: 5).path(in: rect).boundingRect == CGRect(x: 10, y: 5, width: 40, height: 20))
        #expect(Rectangle().offset(CGSize(width: -4, height: 0)).path(in: rect).boundingRect.minX == -4)
        #expect(rounded(Rectangle().rotation(.degrees(90)).path(in: rect).boundingRect) == CGRect(x: 10, y: -10, width: 20, height: 40))
        #expect(Rectangle().scale(2, anchor: .topLeading).path(in: rect).boundingRect == CGRect(x: 0, y: 0, width: 80, height: 40))
        #expect(Rectangle().scale(x: 0.5, y: 1).path(in: rect).boundingRect == CGRect(x: 10, y: 0, width: 20, height: 20))
        #expect(Ellipse().path(in: rect).boundingRect == rect)
        #expect(rounded(Circle().path(in: rect).boundingRect) == CGRect(x: 10, y: 0, width: 20, height: 20), "centred, the shorter side")
        #expect(Capsule().path(in: rect).contains(CGPoint(x: 20, y: 10)) && !Capsule().path(in: rect).contains(CGPoint(x: 1, y: 1)))
        let uneven = UnevenRoundedRectangle(topLeadingRadius: 10).path(in: rect)
        #expect(!uneven.contains(CGPoint(x: 1, y: 1)) && uneven.contains(CGPoint(x: 39, y: 1)))
        #expect(RoundedRectangle(cornerRadius: 5).path(in: rect).boundingRect == rect)
    }

    @Test func insetShapesAndStrokeBordersStayInsideTheFrame() throws {
        let (host, _) = mount(Circle().strokeBorder(Color.red, lineWidth: 4).frame(width: 40, height: 40))
        let circle = try #require(host.renderTree.first?.children.first)
        #expect(circle.kind == .shape("Circle inset(2)"))
        #expect(circle.attributes["stroke"] == "red 4")
        #expect(circle.path.map { rounded($0.boundingRect) } == CGRect(x: 2, y: 2, width: 36, height: 36))
        #expect(Rectangle().inset(by: 5).path(in: CGRect(x: 0, y: 0, width: 20, height: 20)).boundingRect
            == CGRect(x: 5, y: 5, width: 10, height: 10))
        #expect(RoundedRectangle(cornerRadius: 8).inset(by: 50).path(in: CGRect(x: 0, y: 0, width: 20, height: 20)).boundingRect
            == CGRect(x: 10, y: 10, width: 0, height: 0), "an inset larger than the shape shrinks it to its centre")
    }

    @Test func clipShapeShorthandsCompileAndAreRecorded() {
        let (host, _) = mount(VStack {
            Text("a").clipShape(.rect(cornerRadius: 8))
            Text("b").clipShape(.capsule)
            Text("c").clipShape(.circle)
            Text("d").clipShape(.rect)
            Text("e").clipShape(.ellipse)
            Text("f").clipShape(.rect(topLeadingRadius: 4, bottomTrailingRadius: 2))
            Text("g").clipped()
            Path(CGRect(x: 0, y: 0, width: 4, height: 4)).fill(Color.green).clipShape(.capsule(style: .circular))
        })
        let rows = host.renderTree[0].children
        #expect(rows.prefix(6).map { $0.attributes["clipShape"] } == [
            "roundedRectangle(8)", "capsule", "circle", "rectangle", "ellipse", "unevenRoundedRectangle(4 0 2 0)",
        ])
        #expect(rows[6].attributes["clipped"] == "")
        // The clip shape is laid out in the clipped view's frame (one text cell here).
        #expect(rows[2].clipPath.map { rounded($0.boundingRect) } == CGRect(x: 0, y: 4, width: 8, height: 8))
        #expect(rows[6].clipPath?.boundingRect == CGRect(x: 0, y: 0, width: 8, height: 16))
        #expect(rows[7].clipPath?.boundingRect == CGRect(x: 0, y: 0, width: 640, height: 480 - 7 * (16 + 8)), "the path fills the rest")
        #expect(rows[7].kind == .shape("Path") && rows[7].attributes["fill"] == "green")
        #expect(rows[7].attributes["clipShape"] == "capsule")
        #expect(rows[7].path?.boundingRect == CGRect(x: 0, y: 0, width: 4, height: 4), "a path draws itself, unscaled")
    }

    @Test func roundedRectsRelativeArcsAndAddedPathsBuildTheirOutlines() {
        var path = Path()
        path.addRoundedRect(in: CGRect(x: 0, y: 0, width: 40, height: 20), cornerSize: CGSize(width: 10, height: 5), style: .circular)
        #expect(path.boundingRect == CGRect(x: 0, y: 0, width: 40, height: 20))
        #expect(!path.contains(CGPoint(x: 1, y: 1)) && path.contains(CGPoint(x: 5, y: 10)))
        var radii = RectangleCornerRadii(topLeading: 0, bottomLeading: 0, bottomTrailing: 20, topTrailing: 0)
        #expect(radii.bottomTrailing == 20 && radii.topLeading == 0 && radii.bottomLeading == 0 && radii.topTrailing == 0)
        radii.animatableData = AnimatablePair(AnimatablePair(1, 2), AnimatablePair(3, 4))
        #expect(radii == RectangleCornerRadii(topLeading: 1, bottomLeading: 2, bottomTrailing: 3, topTrailing: 4))
        var cornered = Path()
        cornered.addRoundedRect(in: CGRect(x: 0, y: 0, width: 40, height: 40), cornerRadii: RectangleCornerRadii(bottomTrailing: 20))
        #expect(cornered.contains(CGPoint(x: 1, y: 39)) && !cornered.contains(CGPoint(x: 39, y: 39)))
        var arcs = Path()
        arcs.addRelativeArc(center: CGPoint(x: 0, y: 0), radius: 10, startAngle: .degrees(90), delta: .degrees(90))
        // From the bottom (90°) clockwise on screen to the left (180°).
        #expect(arcs.currentPoint.map { CGPoint(x: ($0.x * 100).rounded() / 100, y: ($0.y * 100).rounded() / 100) } == CGPoint(x: -10, y: 0))
        #expect(rounded(arcs.boundingRect) == CGRect(x: -10, y: 0, width: 10, height: 10))
        var both = Path()
        both.addRects([CGRect(x: 0, y: 0, width: 1, height: 1), CGRect(x: 9, y: 9, width: 1, height: 1)])
        both.addPath(Path(CGRect(x: 20, y: 0, width: 5, height: 5)))
        #expect(both.boundingRect == CGRect(x: 0, y: 0, width: 25, height: 10))
        #expect(both.contains(CGPoint(x: 22, y: 2)) && !both.contains(CGPoint(x: 5, y: 5)))
    }

    @Test func shapesKeepTheGeometryTheyWereGiven() {
        let capsule = Capsule(style: .circular)
        #expect(capsule.style == .circular && Capsule().style == .continuous)
        let rounded = RoundedRectangle(cornerSize: CGSize(width: 6, height: 3), style: .circular)
        #expect(rounded.cornerSize == CGSize(width: 6, height: 3) && rounded.style == .circular)
        let uneven = UnevenRoundedRectangle(cornerRadii: RectangleCornerRadii(topLeading: 4))
        #expect(uneven.cornerRadii.topLeading == 4 && uneven.style == .continuous)
        let offset = OffsetShape(shape: Rectangle(), offset: CGSize(width: 3, height: 4))
        #expect(offset.offset == CGSize(width: 3, height: 4) && offset.shape.path(in: .zero) == Rectangle().path(in: .zero))
        #expect(offset.inset(by: 1).path(in: CGRect(x: 0, y: 0, width: 10, height: 10)).boundingRect == CGRect(x: 4, y: 5, width: 8, height: 8))
        let rotated = RotatedShape(shape: Rectangle(), angle: Angle(radians: .pi), anchor: .topLeading)
        #expect(rotated.anchor == .topLeading && rotated.angle == .degrees(180))
        #expect(self.rounded(rotated.path(in: CGRect(x: 0, y: 0, width: 10, height: 5)).boundingRect) == CGRect(x: -10, y: -5, width: 10, height: 5))
        let scaled = ScaledShape(shape: Circle(), scale: CGSize(width: 2, height: 2), anchor: .center)
        #expect(scaled.anchor == .center && scaled.scale == CGSize(width: 2, height: 2))
        #expect(self.rounded(scaled.path(in: CGRect(x: 0, y: 0, width: 10, height: 10)).boundingRect) == CGRect(x: -5, y: -5, width: 20, height: 20))
        #expect(Angle() == .zero && Angle(radians: 1) > Angle(degrees: 57))
        #expect(FillStyle().isEOFilled == false && FillStyle(eoFill: true, antialiased: false).isAntialiased == false)
        #expect(RoundedCornerStyle.continuous != .circular)
    }

    @Test func anAnyShapeDrawsTheShapeItWraps() {
        struct Badge: View {
            @State var round = true
            var body: some View {
                VStack {
                    (round ? AnyShape(Circle()) : AnyShape(Rectangle())).frame(width: 20, height: 20)
                    Button("Square") { round = false }
                }
            }
        }
        let (host, scheduler) = mount(Badge())
        func shape() -> RenderNode? { host.renderTree.first?.children.first?.children.first }
        #expect(shape()?.kind == .shape("Circle"))
        #expect(shape()?.path?.contains(CGPoint(x: 1, y: 1)) == false)
        try? host.tap("Square")
        scheduler.flush()
        #expect(shape()?.kind == .shape("Rectangle"))
        #expect(shape()?.path?.contains(CGPoint(x: 1, y: 1)) == true)
    }

    @Test func vectorArithmeticInterpolatesComponentWise() {
        var value = 10.0
        value.interpolate(towards: 20, amount: 0.25)
        #expect(value == 12.5)
        #expect(CGFloat(4).interpolated(towards: 8, amount: 0.5) == 6)
        let pair = AnimatablePair(3.0, Float(4))
        #expect(pair.magnitudeSquared == 25 && pair.scaled(by: 2) == AnimatablePair(6.0, Float(8)))
        #expect(EmptyAnimatableData().magnitudeSquared == 0 && EmptyAnimatableData.zero == EmptyAnimatableData())
        func length<V: VectorArithmetic>(_ value: V) -> Double { value.magnitudeSquared.squareRoot() }
        #expect(length(CGFloat(-3)) == 3 && length(Float(2)) == 2)
    }

    @Test func theBoxDrawingDrawsShapesOutlines() {
        // The frame's box just outside its frame, the rectangle's outline on the frame's outermost cells.
        let rectangle = layOut(Rectangle().frame(width: 48, height: 48), width: 48, height: 48)
        #expect(rectangle.boxDrawing == """
            ┌──────┐
            │┌────┐│
            ││    ││
            │└────┘│
            └──────┘
            """)
        // Slanted sides one character wide, one cell per column or row they cross.
        let triangle = layOut(Triangle(), width: 96, height: 64)
        #expect(triangle.boxDrawing == """
                 ╱╲
               ╱╱  ╲╲
             ╱╱      ╲╲
            ────────────
            """)
        // Half a capsule's outline: its top edge and right end (the path starts at the top
        // edge's left end, as Core Graphics' rounded rectangles do).
        let trimmed = layOut(Capsule().trim(from: 0, to: 0.5), width: 128, height: 48)
        #expect(trimmed.boxDrawing == """
            ────────────╲
                        │
                     ───╱
            """)
    }
}
