import DeclarativeViews
import Foundation
import RunLoopBridge
import Testing

/// Blend modes and shape styles recorded on the views they paint, the layout value types built
/// from their raw values, and apps whose scenes a `SceneBuilder` composes.
@MainActor
@Suite struct BlendModesAndLayoutValuesTests {
    @Test func everyBlendModeIsRecordedOnTheViewItBlends() throws {
        let modes: [BlendMode] = [
            .normal, .multiply, .screen, .overlay, .darken, .lighten, .colorDodge, .colorBurn, .softLight, .hardLight,
            .difference, .exclusion, .hue, .saturation, .color, .luminosity, .sourceAtop, .destinationOver,
            .destinationOut, .plusDarker, .plusLighter,
        ]
        let (host, _) = mount(VStack {
            ForEach(modes.indices, id: \.self) { index in
                Text("layer \(index)").blendMode(modes[index])
            }
        })
        let inspected = try host.inspect()
        for (index, mode) in modes.enumerated() {
            #expect(try inspected.find(text: "layer \(index)").attributes["blendMode"] == "\(mode)")
        }
    }

    /// Paints with any shape style, as generic code over `ShapeStyle` does.
    func painted<S: ShapeStyle>(_ text: String, with style: S) -> some View {
        Text(text).foregroundStyle(style)
    }

    @Test func genericCodeOverShapeStylePaintsWithTheStyleGiven() throws {
        let (host, _) = mount(VStack {
            painted("tinted", with: .tint)
            painted("red", with: Color.red)
            painted("secondary", with: .secondary)
        })
        let inspected = try host.inspect()
        #expect(try inspected.find(text: "tinted").attributes["foregroundStyle"] != nil)
        #expect(try inspected.find(text: "red").attributes["foregroundStyle"] == "red")
        #expect(try inspected.find(text: "secondary").attributes["foregroundStyle"] == "secondary")
    }

    @Test func layoutValueTypesComeFromTheirRawValues() throws {
        #expect(Axis(rawValue: 0) == .horizontal && Axis(rawValue: 1) == .vertical && Axis(rawValue: 2) == nil)
        #expect(Axis.allCases == [.horizontal, .vertical])
        #expect(Edge(rawValue: 0) == .top && Edge(rawValue: 3) == .trailing && Edge(rawValue: 9) == nil)
        #expect(Edge.Set(rawValue: 1 << 0) == .top && Edge.Set(rawValue: 0b1010) == [.leading, .trailing])
        #expect(SafeAreaRegions(rawValue: 1) == .container && SafeAreaRegions(rawValue: 3) == .all)
        #expect(ContentMode.allCases == [.fit, .fill])
        let corner = Alignment(horizontal: .trailing, vertical: .bottom)
        #expect(corner == .bottomTrailing)
        let (host, _) = mount(VStack {
            ZStack(alignment: corner) {
                Color.clear.frame(width: 100, height: 50)
                Text("pin").frame(width: 20, height: 10)
            }
            Text("under bars").ignoresSafeArea(.container, edges: Edge.Set(rawValue: 1))
            Text("fitted").aspectRatio(contentMode: ContentMode.allCases[0])
        })
        #expect(host.renderedText.contains("ZStack alignment=bottomTrailing") || host.renderedText.contains("pin"))
        #expect(try host.inspect().find(text: "under bars").attributes["ignoresSafeArea"] == "container top")
        #expect(try host.inspect().find(text: "fitted").attributes["aspectRatio"] != nil)
    }

    struct Windows: App {
        var body: some Scene {
            main
        }

        @SceneBuilder var main: some Scene {
            WindowGroup("Main") { Text("main window") }
            WindowGroup(Text("Inspector"), id: "inspector") { Text("inspector window") }
            WindowGroup(id: "log") { Text("log window") }
        }
    }

    @Test func aSceneBuilderComposesAnAppsWindows() {
        let host = ViewHost(app: Windows(), scheduler: ManualUpdateScheduler())
        host.update()
        #expect(host.renderedText.contains("main window"))
        #expect(host.renderedText.contains("inspector window") && host.renderedText.contains("log window"))
        #expect(host.renderedText.contains("WindowGroup \"Main\"") && host.renderedText.contains("WindowGroup \"Inspector\""))
        let single = SceneBuilder.buildExpression(WindowGroup(String("Title" as Substring), id: "one") { Text("x") })
        #expect(single.title == "Title" && single.id == "one")
        #expect(WindowGroup(LocalizedStringKey("Key"), id: "k") { Text("y") }.title == "Key")
    }

    struct GreetingPreviews: PreviewProvider {
        static var previews: some View {
            Text("Hello, preview")
        }
    }

    @Test func aPreviewProvidersPreviewsRender() {
        #expect(GreetingPreviews.renderPreviews().contains("Hello, preview"))
        #expect(type(of: GreetingPreviews.previews) == Text.self)
    }
}
