import DeclarativeViews
import Foundation
import Testing

/// The nodes of a tree, depth first.
func flattened(_ nodes: [RenderNode]) -> [RenderNode] {
    nodes.flatMap { [$0] + flattened($0.children) }
}

/// A badge that asks for its own size, whatever it is offered.
private struct Badge: Shape {
    func path(in rect: CGRect) -> Path { Path(roundedRect: rect, cornerRadius: 4) }
    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { CGSize(width: 30, height: 12) }
}

/// A shape that says it is an outline.
private struct Tick: Shape {
    static var role: ShapeRole { .stroke }
    func path(in rect: CGRect) -> Path { Path { $0.addLines([CGPoint(x: rect.minX, y: rect.midY), CGPoint(x: rect.maxX, y: rect.midY)]) } }
}

@MainActor @Suite struct ShapeViewsTests {
    @Test func fillingThenStrokingAShapeDrawsBothOnItsNode() throws {
        let view: StrokeShapeView<Circle, Color, _ShapeView<Circle, Color>> = Circle().fill(.red).stroke(.blue, lineWidth: 2)
        #expect(view.strokeStyle.lineWidth == 2 && view.isAntialiased && view.background.style == .red)
        let host = layOut(view.frame(width: 20, height: 20))
        let circle = try #require(flattened(host.renderTree).first { $0.kind == .shape("Circle") })
        #expect(circle.attributes["fill"] == "red" && circle.attributes["stroke"] == "blue 2")
        #expect(host.svg().contains(##"fill="#FF3B30" stroke="#007AFF" stroke-width="2""##), "the SVG picture paints both")
    }

    @Test func aSecondFillOfAShapeViewReplacesTheFirst() throws {
        let view: FillShapeView<Rectangle, Color, _ShapeView<Rectangle, Color>> = Rectangle().fill(.red).fill(.green)
        #expect(view.shape.path(in: CGRect(x: 0, y: 0, width: 2, height: 2)).boundingRect.width == 2)
        #expect(view.fillStyle == FillStyle() && view.style == .green && view.background.style == .red)
        let host = layOut(view)
        let node = try #require(flattened(host.renderTree).first { $0.kind == .shape("Rectangle") })
        #expect(node.attributes["fill"] == "green")
    }

    @Test func strokeBordersAreInsetAndDrawnOverWhatIsBehind() throws {
        let view = RoundedRectangle(cornerRadius: 4).fill(.yellow).strokeBorder(.black, lineWidth: 2)
        let typed: StrokeBorderShapeView<RoundedRectangle, Color, _ShapeView<RoundedRectangle, Color>> = view
        #expect(typed.strokeStyle.lineWidth == 2)
        let nodes = flattened(layOut(view.frame(width: 40, height: 20)).renderTree)
        let border = try #require(nodes.first { $0.kind == .shape("RoundedRectangle(4) inset(1)") })
        #expect(border.attributes["stroke"] == "black 2")
        #expect(border.path.map { $0.boundingRect } == CGRect(x: 1, y: 1, width: 38, height: 18))
        let fill = try #require(nodes.first { $0.kind == .shape("RoundedRectangle(4)") })
        #expect(fill.attributes["fill"] == "yellow")
        let defaulted: StrokeBorderShapeView<Circle, ForegroundStyle, EmptyView> = Circle().strokeBorder(lineWidth: 3)
        #expect(defaulted.strokeStyle.lineWidth == 3)
    }

    @Test func aShapeViewWithAnyViewBehindDrawsItBehindTheShape() throws {
        let view = FillShapeView(shape: Circle(), style: Color.red, fillStyle: FillStyle(eoFill: true), background: Text("behind"))
        let nodes = flattened(layOut(view.frame(width: 80, height: 20)).renderTree)
        #expect(nodes.contains { $0.kind == .text("behind") })
        #expect(nodes.first { $0.kind == .shape("Circle") }?.attributes["fill"] == "red evenOdd")
        let stroked = StrokeShapeView(shape: Capsule(), style: Color.blue, strokeStyle: StrokeStyle(lineWidth: 3),
                                      isAntialiased: false, background: EmptyView())
        #expect(stroked.style == .blue && !stroked.isAntialiased)
        let border = StrokeBorderShapeView(shape: Rectangle(), style: Color.red, strokeStyle: StrokeStyle(lineWidth: 4),
                                           isAntialiased: true, background: Color.blue)
        let nodes2 = flattened(layOut(border.frame(width: 20, height: 20)).renderTree)
        #expect(nodes2.first { $0.kind == .shape("Rectangle inset(2)") }?.attributes["stroke"] == "red 4")
        #expect(nodes2.contains { $0.kind == .shape("Color blue") }, "the view behind")
        #expect(flattened(layOut(stroked).renderTree).first { $0.kind == .shape("Capsule") }?.attributes["stroke"] == "blue 3")
    }

    @Test func aStrokedShapeIsAShapeCoveringItsOutline() throws {
        let ring = Circle().stroke(lineWidth: 4)
        let path = ring.path(in: CGRect(x: 0, y: 0, width: 20, height: 20))
        let bounds = path.boundingRect
        #expect(abs(bounds.minX + 2) < 0.01 && abs(bounds.width - 24) < 0.01, "the outline, 2 points either side")
        #expect(path.contains(CGPoint(x: 20, y: 10)) && path.contains(CGPoint(x: 10, y: 0)))
        #expect(!path.contains(CGPoint(x: 10, y: 10)) && !path.contains(CGPoint(x: 10, y: 3)), "the middle is not covered")
        let host = layOut(VStack {
            Circle().stroke(style: StrokeStyle(lineWidth: 2, dash: [3])).frame(width: 10, height: 10)
            Circle().stroke(lineWidth: 4).fill(.red).frame(width: 10, height: 10)
        })
        let circles = flattened(host.renderTree).filter { $0.kind == .shape("Circle") }
        #expect(circles.map { $0.attributes["stroke"] } == ["foreground 2 dash=3", "red 4"])
    }

    @Test func shapesSizeThemselvesRoleAndDirection() throws {
        let host = layOut(VStack(spacing: 0) {
            Badge()
            AnyShape(Badge())
            Circle()
        }, width: 100, height: 100)
        let frames = flattened(host.renderTree).filter { if case .shape = $0.kind { true } else { false } }.map { $0.frame?.size }
        #expect(frames[0] == CGSize(width: 30, height: 12) && frames[1] == CGSize(width: 30, height: 12), "the layout asks the shape")
        #expect(Circle().sizeThatFits(ProposedViewSize(width: 40, height: nil)) == CGSize(width: 40, height: 10))
        #expect(AnyShape(Badge()).sizeThatFits(.unspecified) == CGSize(width: 30, height: 12))
        #expect(Tick.role == .stroke && Circle.role == .fill && OffsetShape<Tick>.role == .stroke)
        #expect(RotatedShape<Tick>.role == .stroke && ScaledShape<Circle>.role == .fill)
        let tick = try #require(flattened(layOut(Tick()).renderTree).first { $0.kind == .shape("Tick") })
        #expect(tick.attributes["role"] == "stroke")
        #expect(Circle().layoutDirectionBehavior == .fixed && Rectangle().layoutDirectionBehavior == .fixed)
        #expect(Tick().layoutDirectionBehavior == .mirrors && Tick().layoutDirectionBehavior == .mirrors(in: .rightToLeft))
        #expect(Tick().offset(x: 1).layoutDirectionBehavior == .mirrors && Capsule().rotation(.zero).layoutDirectionBehavior == .fixed)
        var corner = RoundedRectangle(cornerRadius: 4)
        corner.animatableData = CGSize(width: 8, height: 8).animatableData
        #expect(corner.cornerSize == CGSize(width: 8, height: 8))
    }

    @Test func gradientsOfAColorOrInAColorSpaceAreRecorded() {
        let host = layOut(VStack {
            Rectangle().fill(Color.blue.gradient)
            Rectangle().fill(.linearGradient(Color.red.gradient, startPoint: .top, endPoint: .bottom))
            Rectangle().fill(AnyGradient(Gradient(colors: [.red, .blue])).colorSpace(.perceptual))
            Rectangle().fill(.ellipticalGradient(colors: [.red, .blue]))
            Rectangle().fill(.conicGradient(Color.green.gradient))
            Rectangle().fill(.radialGradient(Gradient(colors: [.red, .blue]).colorSpace(.device), endRadius: 20))
            EllipticalGradient(stops: [.init(color: .red, location: 0), .init(color: .blue, location: 1)], endRadiusFraction: 1)
        })
        let nodes = flattened(host.renderTree).filter { if case .shape = $0.kind { true } else { false } }
        #expect(nodes.prefix(6).map { $0.attributes["fill"] } == [
            "gradient(blue)", "linearGradient(gradient(red)) (0.5, 0)→(0.5, 1)", "gradient(red 0, blue 1) perceptual",
            "ellipticalGradient(red 0, blue 1) (0.5, 0.5) 0→0.5", "angularGradient(gradient(green)) (0.5, 0.5) 0°→360°",
            "radialGradient(gradient(red 0, blue 1)) (0.5, 0.5) 0→20",
        ])
        #expect(nodes[6].kind == .shape("ellipticalGradient(red 0, blue 1) (0.5, 0.5) 0→1"))
        #expect(Gradient.ColorSpace.perceptual != .device)
        #expect(AngularGradient(stops: [.init(color: .red, location: 0)], center: .center)._styleDescription
            == "angularGradient(red 0) (0.5, 0.5) 0°→360°")
    }

    @Test func colorsResolveToTheirComponents() {
        let environment = EnvironmentValues()
        #expect(Color.red.resolve(in: environment).description == "#FF3B30FF")
        let orange = Color(.sRGB, red: 1, green: 0.5, blue: 0).resolve(in: environment)
        #expect(orange.red == 1 && orange.green == 0.5 && orange.blue == 0 && orange.opacity == 1)
        #expect(abs(orange.linearGreen - 0.21404) < 1e-4, "the sRGB curve, decoded")
        #expect(Color.clear.resolve(in: environment).opacity == 0)
        var resolved = Color.Resolved(colorSpace: .sRGBLinear, red: 0.21404, green: 0, blue: 1, opacity: 0.5)
        #expect(abs(resolved.red - 0.5) < 1e-4 && resolved.linearBlue == 1)
        resolved.linearRed = 1
        #expect(resolved.red == 1 && resolved.animatableData.first == 1)
        #expect(Color(Color.Resolved(red: 1, green: 0, blue: 0)).description == "rgba(1, 0, 0, 1)")
        #expect(Color("Brand", bundle: nil).description == "Brand")
    }
}

@MainActor @Suite struct CanvasTests {
    @Test func aCanvasRecordsWhatItsRendererDrew() throws {
        let canvas = Canvas { context, size in
            context.fill(Path(ellipseIn: CGRect(origin: .zero, size: size)), with: .color(.red))
            var inner = context
            inner.translateBy(x: 10, y: 10)
            inner.opacity = 0.5
            inner.stroke(Path(CGRect(x: 0, y: 0, width: 20, height: 20)), with: .color(.blue), lineWidth: 2)
            context.draw(Text("Hi"), at: CGPoint(x: size.width / 2, y: size.height / 2))
            context.drawLayer { layer in
                layer.blendMode = .multiply
                layer.fill(Path(CGRect(x: 0, y: 0, width: 5, height: 5)),
                           with: .linearGradient(Gradient(colors: [.red, .blue]), startPoint: .zero, endPoint: CGPoint(x: 5, y: 0)))
            }
        }
        #expect(canvas.symbols == EmptyView() && !canvas.isOpaque && canvas.colorMode == .nonLinear && !canvas.rendersAsynchronously)
        var copy = canvas
        copy.renderer = { context, _ in context.fill(Path(CGRect(x: 0, y: 0, width: 1, height: 1)), with: .color(.red)) }
        copy.isOpaque = true
        #expect(flattened(layOut(copy).renderTree).first { $0.kind == .shape("Canvas") }?.drawing?.count == 1, "the renderer replaced")
        let host = layOut(canvas.frame(width: 100, height: 60))
        let node = try #require(flattened(host.renderTree).first { $0.kind == .shape("Canvas") })
        let drawing = try #require(node.drawing)
        #expect(drawing.map(\.description) == [
            "fill (0, 0, 100, 60) color(red)",
            "stroke (10, 10, 20, 20) color(blue) 2 opacity=0.5",
            #"text "Hi" (42, 22, 16, 16)"#,
            "layer [fill (0, 0, 5, 5) linearGradient(red 0, blue 1) (0, 0)→(5, 0) blendMode=multiply]",
        ])
        #expect(drawing[1].transform == CGAffineTransform(translationX: 10, y: 10))
        let svg = host.svg()
        #expect(svg.contains(##"fill="none" stroke="#007AFF" stroke-width="2" opacity="0.5"/>"##))
        #expect(svg.contains(">Hi</text>"))
    }

    @Test func transformsClipsAndFiltersApplyToLaterDrawing() throws {
        let host = layOut(Canvas(opaque: true, colorMode: .linear) { context, _ in
            context.clip(to: Path(CGRect(x: 0, y: 0, width: 50, height: 50)))
            context.addFilter(.blur(radius: 3))
            context.scaleBy(x: 2, y: 2)
            let bounds = context.clipBoundingRect
            context.fill(Path(CGRect(origin: .zero, size: bounds.size)), with: .style(Color.green))
            context.rotate(by: .degrees(90))
            context.concatenate(CGAffineTransform(translationX: 1, y: 0))
            context.stroke(Path(CGRect(x: 0, y: 0, width: 1, height: 1)), with: .foreground, style: StrokeStyle(lineWidth: 1))
            context.clip(to: Path(CGRect(x: 0, y: 0, width: 1, height: 1)), options: .inverse)
            context.addFilter(.shadow(color: .black, radius: 2, y: 1, blendMode: .multiply, options: .shadowOnly))
            context.fill(Path(CGRect(x: 0, y: 0, width: 1, height: 1)), with: .color(white: 0.5), style: FillStyle(eoFill: true))
            var masked = context
            masked.transform = .identity
            masked.clipToLayer(opacity: 0.5) { layer in
                layer.fill(Path(CGRect(x: 10, y: 10, width: 5, height: 5)), with: .foreground)
            }
            #expect(masked.clipBoundingRect == CGRect(x: 10, y: 10, width: 5, height: 5), "clipped to what the layer drew")
            masked.fill(Path(CGRect(x: 0, y: 0, width: 100, height: 100)), with: .foreground)
        }.frame(width: 100, height: 100))
        let node = try #require(flattened(host.renderTree).first { $0.kind == .shape("Canvas") })
        #expect(node.attributes["opaque"] == "" && node.attributes["colorMode"] == "linear")
        let drawing = try #require(node.drawing)
        #expect(drawing[0].description == "fill (0, 0, 50, 50) style(green) clips=1 filters=blur(3)", "the clip bounds, in scaled units")
        let stroke = drawing[1]
        let origin = CGPoint(x: 0, y: 0).applying(stroke.transform)
        #expect(abs(origin.x) < 1e-9 && abs(origin.y - 2) < 1e-9, "moved 1 along x, turned, then scaled")
        #expect(drawing[2].clips.last?.isInverse == true && drawing[2].filters.count == 2)
        #expect(drawing[3].clips.last?.opacity == 0.5 && drawing[3].clips.count == 3)
        #expect(drawing[2].filters[1].description == "shadow(black radius=2 x=0 y=1) multiply shadowOnly")
        if case .fill(_, let shading, let style) = drawing[2].kind {
            #expect(shading.description == "color(white(0.5, 1))" && style.isEOFilled)
        } else {
            Issue.record("a fill")
        }
    }

    @Test func symbolsTextAndImagesAreResolvedAndPlaced() throws {
        let canvas = Canvas { context, size in
            let symbol: GraphicsContext.ResolvedSymbol? = context.resolveSymbol(id: "star")
            #expect(symbol?.size == CGSize(width: 32, height: 16), "the tagged view's ideal size")
            if let star = symbol {
                context.draw(star, at: CGPoint(x: 50, y: 50))
                context.draw(star, in: CGRect(x: 0, y: 0, width: 10, height: 10))
            }
            if context.resolveSymbol(id: "missing") != nil { context.fill(Path(CGRect(x: 0, y: 0, width: 1, height: 1)), with: .backdrop) }
            let text: GraphicsContext.ResolvedText = context.resolve(Text("Hello world"))
            #expect(text.measure(in: CGSize(width: 1000, height: 100)) == CGSize(width: 88, height: 16))
            #expect(text.measure(in: CGSize(width: 48, height: 100)) == CGSize(width: 40, height: 32), "two lines")
            #expect(text.firstBaseline(in: size) == 12 && text.lastBaseline(in: CGSize(width: 48, height: 100)) == 28)
            context.draw(text, at: .zero, anchor: .topLeading)
            context.draw(Text("x"), in: CGRect(x: 5, y: 5, width: 8, height: 16))
            let image: GraphicsContext.ResolvedImage = context.resolve(Image("logo"))
            #expect(image.size == CGSize(width: 48, height: 16) && image.baseline == 12 && image.shading == nil)
            context.draw(image, at: CGPoint(x: 0, y: 100), anchor: .bottomLeading)
            context.draw(Image(systemName: "star"), in: CGRect(x: 1, y: 2, width: 3, height: 4))
            #expect(context.resolve(GraphicsContext.Shading.foreground) == .foreground)
        } symbols: {
            Text("star").tag("star")
        }
        let host = layOut(canvas.frame(width: 100, height: 100))
        let drawing = try #require(flattened(host.renderTree).first { $0.kind == .shape("Canvas") }?.drawing)
        #expect(drawing.map(\.description) == [
            "symbol star (34, 42, 32, 16)", "symbol star (0, 0, 10, 10)", #"text "Hello world" (0, 0, 88, 16)"#,
            #"text "x" (5, 5, 8, 16)"#, "image logo (0, 84, 48, 16)", "image star (1, 2, 3, 4)",
        ])
    }

    @Test func blendModesOptionsShadingsAndFiltersAreValues() {
        #expect(GraphicsContext.BlendMode.multiply.rawValue == 1 && GraphicsContext.BlendMode.plusLighter.description == "plusLighter")
        #expect(GraphicsContext.BlendMode(rawValue: 16) == .clear && GraphicsContext.BlendMode(rawValue: 99).description == "blendMode(99)")
        let options: GraphicsContext.GradientOptions = [.repeat, .linearColor]
        #expect(GraphicsContext.Shading.radialGradient(Gradient(colors: [.red]), center: .zero, startRadius: 0, endRadius: 5, options: options)
            .description == "radialGradient(red 0) (0, 0) 0→5 repeat linearColor")
        #expect(GraphicsContext.Shading.conicGradient(Gradient(colors: [.red]), center: CGPoint(x: 1, y: 1), angle: .degrees(90))
            .description == "conicGradient(red 0) (1, 1) 90°")
        #expect(GraphicsContext.Shading.palette([.color(.red), .foreground]).description == "palette(color(red); foreground)")
        #expect(GraphicsContext.Shading.tiledImage(Image("brick"), scale: 2).description == "tiledImage(brick) (0, 0) scale=2")
        #expect(GraphicsContext.Shading.color(.sRGB, red: 1, green: 0, blue: 0).description == "color(rgba(1, 0, 0, 1))")
        var matrix = ColorMatrix()
        matrix.r1 = 0.5
        #expect(GraphicsContext.Filter.colorMatrix(matrix).description == "colorMatrix(0.5 0 0 0 0; 0 1 0 0 0; 0 0 1 0 0; 0 0 0 1 0)")
        let filters: [GraphicsContext.Filter] = [
            .alphaThreshold(min: 0.5), .brightness(0.1), .colorInvert(), .colorMultiply(.red), .contrast(2), .grayscale(1),
            .hueRotation(.degrees(30)), .saturation(0.5), .luminanceToAlpha, .blur(radius: 1, options: [.opaque, .dithersResult]),
        ]
        #expect(filters.map(\.description) == [
            "alphaThreshold(0.5…1 black)", "brightness(0.1)", "colorInvert(1)", "colorMultiply(red)", "contrast(2)",
            "grayscale(1)", "hueRotation(30°)", "saturation(0.5)", "luminanceToAlpha", "blur(1) opaque dithersResult",
        ])
        #expect(GraphicsContext.ClipOptions.inverse.rawValue == 1 && GraphicsContext.FilterOptions.linearColor.rawValue == 1)
        #expect(GraphicsContext.ShadowOptions([.shadowAbove, .invertsAlpha, .disablesGroup]).rawValue == 13)
        #expect(GraphicsContext.GradientOptions.mirror.rawValue == 2 && GraphicsContext.BlurOptions.opaque.rawValue == 1)
    }
}

@MainActor @Suite struct MaskAndContainerBackgroundTests {
    @Test func aShapeMaskClipsTheContentAndOtherMasksAreRecorded() throws {
        let host = layOut(VStack {
            Text("Hello").mask { Circle() }
            Color.red.mask(alignment: .leading) { Rectangle().fill(.black) }.frame(width: 10, height: 10)
            Text("x").mask(Text("y"))
        })
        let nodes = flattened(host.renderTree)
        let hello = try #require(nodes.first { $0.kind == .text("Hello") })
        #expect(hello.attributes["mask"] == "circle")
        #expect(hello.clipPath.map { $0.boundingRect.width } == 16, "the circle in the 40 × 16 text: 16 wide")
        #expect(host.svg().contains("<clipPath"))
        #expect(nodes.first { $0.kind == .shape("Color red") }?.attributes["mask"] == "rectangle")
        #expect(nodes.first { $0.kind == .text("x") }?.attributes["mask"] == "Text")
    }

    @Test func backgroundsOverlaysAndContainerBackgroundsAreRecorded() throws {
        let host = layOut(VStack {
            Text("a").background(ignoresSafeAreaEdges: .bottom)
            Text("b").overlay(Color.red.opacity(0.5), ignoresSafeAreaEdges: [])
            Text("c").containerBackground(Color.blue, for: .navigation)
            Text("d").containerBackground(for: .widget) { Color.green }
        })
        let nodes = flattened(host.renderTree)
        #expect(nodes.first { $0.kind == .text("a") }?.attributes["background"] == "background")
        #expect(nodes.first { $0.kind == .text("b") }?.attributes["overlay"] == "red opacity 0.5")
        #expect(nodes.first { $0.kind == .text("c") }?.attributes["containerBackground"] == "blue for navigation")
        #expect(nodes.contains { $0.kind == .shape("Color green") })
        #expect(nodes.contains { $0.attributes["containerBackground"] == "view for widget" }, "on the view with its background")
    }
}

@Suite struct ColorResourceAndStrokedPathTests {
    @Test func anAssetColorIsRecordedByNameAndAStrokedPathCoversItsStroke() {
        #expect(Color(ColorResource(name: "Brand", bundle: .main)).description == "Brand")
        let line = Path { $0.addLines([CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0)]) }
        let stroked = StrokedPath(path: line, style: StrokeStyle(lineWidth: 4))
        #expect(stroked.path(in: .zero).boundingRect == CGRect(x: 0, y: -2, width: 10, height: 4))
    }
}

/// A brand color as a custom style: it resolves to components, as SwiftUI's custom styles do.
private struct BrandStyle: ShapeStyle, Hashable {
    func resolve(in environment: EnvironmentValues) -> Color.Resolved { Color.Resolved(red: 1, green: 0.5, blue: 0) }
}

@MainActor @Suite struct CustomShapeStyleTests {
    @Test func aCustomStyleIsRecordedAsWhatItResolvesTo() throws {
        #expect(BrandStyle().resolve(in: EnvironmentValues()).description == "#FF8000FF")
        #expect(Color(BrandStyle()).description == "rgba(1, 0.5, 0, 1)")
        let host = layOut(Rectangle().fill(BrandStyle()).frame(width: 10, height: 10))
        #expect(flattened(host.renderTree).first { $0.kind == .shape("Rectangle") }?.attributes["fill"] == "rgba(1, 0.5, 0, 1)")
        #expect(host.svg().contains(##"fill="#FF8000""##))
    }

    @Test func resolvingABuiltInStyleThatDoesNotResolveStopsTheProcess() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            ForegroundStyle().resolve(in: EnvironmentValues())
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("ForegroundStyle does not resolve to another style"), "\(stderr)")
    }
}
