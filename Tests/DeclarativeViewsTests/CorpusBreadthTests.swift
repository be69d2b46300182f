import DeclarativeViews
import Foundation
import Testing

/// What ordinary sample apps use first: gradients as backgrounds and fills, image fitting, geometry
/// effects, accessibility grouping and settings, `URL.documentsDirectory`.
@MainActor @Suite struct CorpusBreadthTests {
    private func node(_ tree: [RenderNode], where matches: (RenderNode) -> Bool) -> RenderNode? {
        var stack = tree
        while let node = stack.popLast() {
            if matches(node) { return node }
            stack += node.children
        }
        return nil
    }

    private func text(_ tree: [RenderNode], _ string: String) -> RenderNode? {
        node(tree) { if case .text(let text) = $0.kind { text == string } else { false } }
    }

    @Test func aGradientBackgroundFillsTheWindowBehindTheContent() throws {
        let host = layOut(
            ZStack {
                LinearGradient(colors: [.blue, .black], startPoint: .top, endPoint: .bottom).ignoresSafeArea()
                Text("Guess the Flag")
            }, width: 40, height: 10)
        let gradient = try #require(node(host.renderTree) {
            if case .shape(let name) = $0.kind { name.hasPrefix("linearGradient") } else { false }
        })
        guard case .shape(let name) = gradient.kind else { return }
        #expect(name == "linearGradient(blue 0, black 1) (0.5, 0)→(0.5, 1)")
        // It takes the room a color takes in its place.
        let colored = layOut(ZStack { Color.blue.ignoresSafeArea(); Text("Guess the Flag") }, width: 40, height: 10)
        let color = node(colored.renderTree) { if case .shape(let name) = $0.kind { name.hasPrefix("Color") } else { false } }
        #expect(gradient.frame != nil && gradient.frame == color?.frame)
        #expect(gradient.attributes["ignoresSafeArea"] == "")
        #expect(text(host.renderTree, "Guess the Flag") != nil)
    }

    @Test func gradientStylesRecordTheirStopsAndGeometry() {
        let stops = [Gradient.Stop(color: .red, location: 0.3), Gradient.Stop(color: .blue, location: 0.3)]
        #expect(RadialGradient(stops: stops, center: .top, startRadius: 200, endRadius: 700)._styleDescription
            == "radialGradient(red 0.3, blue 0.3) (0.5, 0) 200→700")
        #expect(Gradient(colors: [.red, .green, .blue]).stops.map(\.location) == [0, 0.5, 1])
        #expect(AngularGradient(colors: [.red, .blue], center: .center)._styleDescription
            == "angularGradient(red 0, blue 1) (0.5, 0.5) 0°→360°")
        let host = layOut(Circle().fill(.linearGradient(colors: [.teal, .mint], startPoint: .leading, endPoint: .trailing)))
        #expect(host.renderTree.first?.attributes["fill"] == "linearGradient(teal 0, mint 1) (0, 0.5)→(1, 0.5)")
    }

    @Test func fittingScalingAndRotationAreRecordedAndTakeNoRoom() throws {
        let host = layOut(
            VStack {
                Text("Fit").aspectRatio(contentMode: .fit)
                Text("Wide").aspectRatio(CGSize(width: 3, height: 2), contentMode: .fill)
                Text("Filled").scaledToFill()
                Text("Big").scaleEffect(2).rotationEffect(.degrees(90), anchor: .topLeading).blur(radius: 3).zIndex(1)
            })
        let tree = host.renderTree
        #expect(text(tree, "Fit")?.attributes["aspectRatio"] == "fit")
        #expect(text(tree, "Wide")?.attributes["aspectRatio"] == "1.5 fill")
        #expect(text(tree, "Filled")?.attributes["aspectRatio"] == "fill")
        let big = try #require(text(tree, "Big"))
        #expect(big.attributes == [
            "scaleEffect": "2×2 (0.5, 0.5)", "rotationEffect": "90° (0, 0)", "blur": "3", "zIndex": "1",
        ])
        #expect(big.frame?.size == layOut(Text("Big")).renderTree.first?.frame?.size)
    }

    @Test func ignoringOnlyTheKeyboardOnTheBottomIsRecordedAsSuch() {
        let host = layOut(Text("Form").ignoresSafeArea(.keyboard, edges: .bottom))
        #expect(host.renderTree.first?.attributes["ignoresSafeArea"] == "keyboard bottom")
    }

    @Test func anAccessibilityElementRecordsHowItTreatsItsChildren() {
        let host = layOut(HStack { Text("4"); Text("dice") }.accessibilityElement(children: .combine))
        #expect(node(host.renderTree) { $0.attributes["accessibilityElement"] == "combine" } != nil)
        let ignoring = layOut(Text("x").accessibilityElement())
        #expect(ignoring.renderTree.first?.attributes["accessibilityElement"] == "ignore")
    }

    struct DiceView: View {
        @Environment(\.accessibilityVoiceOverEnabled) var voiceOver
        @Environment(\.accessibilityDifferentiateWithoutColor) var withoutColor
        @Environment(\.accessibilityReduceMotion) var reduceMotion
        var body: some View {
            Text(voiceOver || withoutColor || reduceMotion ? "assisted" : "plain")
        }
    }

    @Test func accessibilitySettingsReadOffHeadless() {
        let host = layOut(DiceView())
        #expect(text(host.renderTree, "plain") != nil)
    }

    @Test func theDocumentsDirectoryIsUnderTheHomeDirectoryAndWritable() throws {
        let url = URL.documentsDirectory.appending(path: "corpus-breadth-\(UUID().uuidString).json")
        #expect(url.path.hasPrefix(NSHomeDirectory()))
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: URL.documentsDirectory.path, isDirectory: &isDirectory))
        #expect(isDirectory.boolValue)
        try Data("[1,2]".utf8).write(to: url, options: [.atomic])
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(try JSONDecoder().decode([Int].self, from: Data(contentsOf: url)) == [1, 2])
    }
}

/// Color and compositing effects sample apps apply to flags, cards and drawings.
@MainActor @Suite struct ColorEffectTests {
    @Test func flagEffectsAreRecordedOnTheImage() throws {
        let host = layOut(
            Image("Estonia")
                .border(.black, width: 2)
                .rotation3DEffect(.degrees(360), axis: (x: 0, y: 1, z: 0))
                .saturation(0.2)
                .grayscale(1)
                .colorInvert()
                .statusBar(hidden: true))
        let attributes = try #require(host.renderTree.first?.attributes)
        #expect(attributes["border"] == "black 2")
        #expect(attributes["rotation3DEffect"] == "360° (0, 1, 0)")
        #expect(attributes["saturation"] == "0.2")
        #expect(attributes["grayscale"] == "1")
        #expect(attributes["colorInvert"] == "")
        #expect(attributes["statusBar"] == "hidden")
    }

    @Test func theInnermostEffectWinsAndLayoutIsUnchanged() {
        let plain = layOut(Text("Card"))
        let styled = layOut(
            Text("Card").brightness(0.1).brightness(0.5).contrast(2).hueRotation(.degrees(45))
                .colorMultiply(.red).luminanceToAlpha().compositingGroup())
        let node = styled.renderTree.first
        #expect(node?.attributes["brightness"] == "0.1")
        #expect(node?.attributes["contrast"] == "2")
        #expect(node?.attributes["hueRotation"] == "45°")
        #expect(node?.attributes["colorMultiply"] == "red")
        #expect(node?.frame == plain.renderTree.first?.frame)
    }
}

/// A swiped card: its drawing moves with the drag, its place in the layout does not.
@MainActor @Suite struct OffsetAndAngleTests {
    @Test func anOffsetIsRecordedAndLeavesTheFrame() {
        let plain = layOut(Text("Card"))
        let moved = layOut(Text("Card").offset(x: 20).offset(CGSize(width: 5, height: -3)))
        #expect(moved.renderTree.first?.attributes["offset"] == "20×0")
        #expect(moved.renderTree.first?.frame == plain.renderTree.first?.frame)
    }

    @Test func anglesAddSubtractNegateAndScale() {
        var angle = Angle.degrees(90) + .degrees(270)
        #expect(abs(angle.degrees - 360) < 1e-9)
        angle -= .degrees(60)
        #expect(abs(angle.degrees - 300) < 1e-9)
        #expect(abs((-angle).degrees + 300) < 1e-9)
        #expect(abs((angle * 0.5).degrees - 150) < 1e-9 && abs((2 * angle / 4).degrees - 150) < 1e-9)
    }
}

/// Flashcards: a card that is a button to accessibility, a timer that pauses when the app leaves
/// the foreground.
@MainActor @Suite struct ScenePhaseAndTraitsTests {
    struct TimerView: View {
        @Environment(\.scenePhase) var scenePhase
        var body: some View {
            Text(scenePhase == .active ? "running" : "paused")
        }
    }

    @Test func aHeadlessSceneIsActiveAndATestCanSendItToTheBackground() {
        #expect(layOut(TimerView()).renderedText.contains("running"))
        #expect(layOut(TimerView().environment(\.scenePhase, .background)).renderedText.contains("paused"))
        #expect(ScenePhase.background < .inactive && ScenePhase.inactive < .active)
    }

    @Test func accessibilityTraitsAreRecordedByName() {
        let host = layOut(Text("Card").accessibilityAddTraits([.isButton, .isHeader]).accessibilityRemoveTraits(.isImage))
        #expect(host.renderTree.first?.attributes["accessibilityAddTraits"] == "isButton isHeader")
        #expect(host.renderTree.first?.attributes["accessibilityRemoveTraits"] == "isImage")
        var traits: AccessibilityTraits = [.isButton]
        traits.formUnion(.isSelected)
        #expect(traits.contains(.isSelected) && !traits.contains(.isLink))
    }
}

/// Drawing blend modes, an older app's accent color, and scaled custom fonts.
@MainActor @Suite struct BlendAccentAndFontTests {
    @Test func blendModeAndAccentColorAreRecorded() {
        let host = layOut(Text("Overlap").blendMode(.multiply).accentColor(.purple))
        #expect(host.renderTree.first?.attributes["blendMode"] == "multiply")
        #expect(host.renderTree.first?.attributes["accentColor"] == "purple")
    }

    @Test func customFontsRecordHowTheyScale() {
        let host = layOut(VStack {
            Text("Score").font(.custom("Chalkduster", size: 17, relativeTo: .caption))
            Text("Fixed").font(.custom("Chalkduster", fixedSize: 12))
        })
        #expect(host.renderedText.contains("font=Chalkduster 17 relativeTo caption"))
        #expect(host.renderedText.contains("font=Chalkduster 12 fixed"))
        #expect(Font.TextStyle.allCases.count == 11)
    }
}
