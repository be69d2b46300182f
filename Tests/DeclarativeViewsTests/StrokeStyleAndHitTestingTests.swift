import DeclarativeViews
import Foundation
import Testing

/// Stroke styles (dashes, caps, joins) on shapes and borders, the role and derived shape styles
/// as they are recorded, and hit testing: `.allowsHitTesting(false)` lets no tap or gesture reach
/// the views inside it, `.contentShape(_:)` is recorded.
@MainActor
@Suite struct StrokeStyleAndHitTestingTests {
    @Test func aDashedRoundCappedStrokeRecordsEveryCharacteristicThatIsNotTheDefault() throws {
        let dashed = StrokeStyle(lineWidth: 3, lineCap: .round, lineJoin: .bevel, dash: [5, 3], dashPhase: 2)
        let (host, _) = mount(VStack {
            Circle().stroke(Color.red, style: dashed)
            Rectangle().stroke(style: StrokeStyle(lineWidth: 2))
            Capsule().stroke(Color.blue, lineWidth: 2, antialiased: false)
        })
        let shapes = try #require(host.renderTree.first?.children)
        #expect(shapes[0].attributes["stroke"] == "red 3 cap=round join=bevel dash=5,3 dashPhase=2")
        #expect(shapes[1].attributes["stroke"] == "foreground 2", "a default style records only its width")
        #expect(shapes[2].attributes["stroke"] == "blue 2")
    }

    @Test func aStrokeBorderWithAStyleStaysInsideTheFrameByHalfItsWidth() throws {
        let (host, _) = mount(
            RoundedRectangle(cornerRadius: 6)
                .strokeBorder(Color.green, style: StrokeStyle(lineWidth: 6, dash: [4]))
                .frame(width: 40, height: 40))
        let shape = try #require(host.renderTree.first?.children.first)
        #expect(shape.attributes["stroke"] == "green 6 dash=4")
        #expect(shape.path.map(\.boundingRect) == CGRect(x: 3, y: 3, width: 34, height: 34))
    }

    @Test func fillWithOnlyAFillStyleUsesTheForegroundStyle() throws {
        let (host, _) = mount(Circle().fill(style: FillStyle(eoFill: true)))
        #expect(host.renderTree.first?.attributes["fill"] == "foreground evenOdd")
    }

    @Test func roleMaterialImageAndDerivedStylesAreRecordedByWhatTheySay() throws {
        let (host, _) = mount(VStack {
            Rectangle().fill(.separator)
            Rectangle().fill(.ultraThinMaterial)
            Rectangle().fill(.image(Image("brick"), scale: 0.5))
            Rectangle().fill(Color.red.opacity(0.5).blendMode(.multiply))
            Rectangle().fill(Color.blue.secondary)
            Rectangle().fill(AnyShapeStyle(.background))
            Rectangle().fill(Color.black.shadow(.drop(radius: 4, y: 2)))
            Rectangle().fill(Color(.displayP3, red: 1, green: 0.5, blue: 0))
        })
        let fills = try #require(host.renderTree.first?.children).map { $0.attributes["fill"] }
        #expect(fills == [
            "separator", "ultraThinMaterial", "image(brick scale=0.5)", "red opacity 0.5 blendMode=multiply",
            "blue.secondary", "background", "black shadow=drop(sRGBLinear white(0, 0.33) radius=4 x=0 y=2)",
            "displayP3 rgba(1, 0.5, 0, 1)",
        ])
    }

    struct Overlaid: View {
        @State var taps = 0
        var body: some View {
            VStack {
                Button("Behind") { taps += 1 }
                    .overlay(Color.clear.allowsHitTesting(false))
                Button("Covered") { taps += 1 }
                    .allowsHitTesting(false)
                VStack {
                    Toggle("Inside", isOn: .constant(false))
                    Text("Drag me").onTapGesture { taps += 1 }.gesture(DragGesture().onEnded { _ in taps += 1 })
                }
                .allowsHitTesting(false)
                Text("taps \(taps)")
            }
        }
    }

    @Test func allowsHitTestingFalseRefusesTapsTogglesAndGesturesInsideIt() throws {
        let (host, scheduler) = mount(Overlaid())
        try host.tap("Behind")
        scheduler.flush()
        #expect(host.renderedText.contains("taps 1"), "a pass-through overlay leaves the button tappable")
        #expect(throws: ViewHostError.hitTestingDisabled(view: "Covered")) { try host.tap("Covered") }
        #expect(throws: ViewHostError.hitTestingDisabled(view: "Inside")) { try host.toggle("Inside") }
        #expect(throws: ViewHostError.hitTestingDisabled(view: "Drag me")) {
            try host.drag("Drag me", by: CGSize(width: 30, height: 0))
        }
        #expect(throws: ViewHostError.hitTestingDisabled(view: "Drag me")) { try host.tap("Drag me") }
        scheduler.flush()
        #expect(host.renderedText.contains("taps 1"), "nothing inside ran")
        #expect(ViewHostError.hitTestingDisabled(view: "Covered").description
            == "\"Covered\" does not receive touches: it is inside .allowsHitTesting(false)")
    }

    @Test func anOuterAllowsHitTestingFalseWinsOverAnInnerTrue() throws {
        let (host, _) = mount(Button("Save") {}.allowsHitTesting(true).allowsHitTesting(false))
        #expect(throws: ViewHostError.hitTestingDisabled(view: "Save")) { try host.tap("Save") }
    }

    @Test func contentShapeIsRecordedWithItsKinds() throws {
        let (host, _) = mount(VStack {
            Text("Row").contentShape(Rectangle())
            Text("Card").contentShape([.dragPreview, .hoverEffect], RoundedRectangle(cornerRadius: 8), eoFill: true)
        })
        let rows = try #require(host.renderTree.first?.children)
        #expect(rows[0].attributes["contentShape"] == "rectangle")
        #expect(rows[1].attributes["contentShape"] == "dragPreview+hoverEffect roundedRectangle(8) evenOdd")
    }
}

/// A style painted in a shape behind or over a view, and the gradient shorthands.
@MainActor
@Suite struct ShapeBackgroundTests {
    @Test func backgroundInAShapeDrawsTheFilledShapeBehindTheView() throws {
        let (host, _) = mount(
            Text("Tag").background(Color.blue, in: Capsule()).overlay(Color.red.opacity(0.2), in: Rectangle(), fillStyle: FillStyle(eoFill: true)))
        let tree = host.renderTree.map(\.description).joined(separator: "\n")
        #expect(host.renderedText.contains("Tag"))
        var fills: [String] = []
        func visit(_ node: RenderNode) {
            if case .shape = node.kind, let fill = node.attributes["fill"] { fills.append(fill) }
            node.children.forEach(visit)
        }
        host.renderTree.forEach(visit)
        #expect(fills == ["blue", "red opacity 0.2 evenOdd"], "\(tree)")
    }

    @Test func conicAndAngularGradientShorthandsMakeAngularGradients() {
        let conic: AngularGradient = .conicGradient(colors: [.red, .blue], center: .center)
        let angular: AngularGradient = .angularGradient(colors: [.red, .blue], center: .center, startAngle: .zero, endAngle: .degrees(360))
        #expect(conic == AngularGradient(colors: [.red, .blue], center: .center))
        #expect(angular == AngularGradient(colors: [.red, .blue], center: .center, startAngle: .zero, endAngle: .degrees(360)))
    }
}

/// The container-relative shape, a shape at a fixed size, and the drawing-group record.
@MainActor
@Suite struct ContainerRelativeShapeTests {
    @Test func aContainerRelativeShapeOutlinesItsFrameAndASizedShapeKeepsItsSize() throws {
        let rect = CGRect(x: 0, y: 0, width: 40, height: 20)
        #expect(ContainerRelativeShape().inset(by: 2).path(in: rect).boundingRect == CGRect(x: 2, y: 2, width: 36, height: 16))
        #expect(Circle().size(width: 10, height: 10).path(in: rect).boundingRect.size == CGSize(width: 10, height: 10))
        let (host, _) = mount(ContainerRelativeShape().fill(Color.red).drawingGroup(opaque: true).containerShape(Capsule()))
        let node = try #require(host.renderTree.first)
        #expect(node.kind == .shape("ContainerRelativeShape"))
        #expect(node.attributes["drawingGroup"] == "opaque" && node.attributes["containerShape"] == "capsule")
    }
}
