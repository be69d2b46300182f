import DeclarativeViews
import Foundation
import RunLoopBridge
import Testing

/// Symbol images: symbol-effect transitions and content transitions, symbol variants that pick
/// the symbol's name, decorative images hidden from accessibility, images drawn with a
/// GraphicsContext; and the text-input pieces around them (dictation in search, the standard text
/// commands).
@MainActor @Suite struct SymbolTransitionsAndDrawnImagesTests {
    /// The image node named `name` (images are not texts on screen).
    private func image(_ name: String, in host: ViewHost) throws -> InspectedView {
        try host.inspect().find { $0.attribute("systemImage") == name || $0.attribute("image") == name }
    }

    struct Favorite: View {
        @State private var isFavorite = false
        @State private var showsBadge = false

        var body: some View {
            VStack {
                Image(systemName: isFavorite ? "star.fill" : "star")
                    .contentTransition(.symbolEffect(.replace.downUp, options: .speed(2)))
                Button("Favorite") { withAnimation { isFavorite.toggle() } }
                Button("Badge") { withAnimation { showsBadge.toggle() } }
                if showsBadge {
                    Image(systemName: "checkmark.seal").transition(.symbolEffect(.appear.byLayer))
                    Image(systemName: "bell").transition(.symbolEffect)
                }
                Image(systemName: "bolt").contentTransition(.symbolEffect)
            }
        }
    }

    @Test func symbolsEnterWithTheirSymbolEffectTransitionAndSwapWithTheirContentTransition() throws {
        let (host, scheduler) = mount(Favorite())
        let star = try image("star", in: host)
        #expect(star.inheritedAttribute("contentTransition") == ".symbolEffect(.replace.downUp speed 2)")
        #expect(try image("bolt", in: host).inheritedAttribute("contentTransition") == ".symbolEffect(.automatic)")
        try host.tap("Favorite")
        scheduler.flush()
        #expect(try image("star.fill", in: host).string() == "[star.fill]")
        try host.tap("Badge")
        scheduler.flush()
        #expect(host.takeTransitionEvents().map(\.description) == [
            #"inserted Text "[checkmark.seal]" with transition .symbolEffect(.appear.byLayer), animation .default"#,
            #"inserted Text "[bell]" with transition .symbolEffect(.automatic), animation .default"#,
        ])
        // The transition as a value: its phases leave the content as it is headless; it moves no view.
        let transition = SymbolEffectTransition(effect: .disappear.down, options: .repeat(2))
        #expect(AnyTransition(transition).description == ".symbolEffect(.disappear.down repeat 2)")
        #expect(SymbolEffectTransition.properties.hasMotion == false)
        let phase = mount(VStack { transition.apply(content: Text("Gone"), phase: .didDisappear) }).host
        #expect(try phase.inspect().find(text: "Gone").string() == "Gone")
    }

    @Test func aSymbolVariantPicksTheNameOfTheSymbolsInside() throws {
        let (host, _) = mount(VStack {
            Image(systemName: "heart").symbolVariant(.fill)
            Image(systemName: "person").symbolVariant(.circle.fill)
            Image(systemName: "heart.fill").symbolVariant(.fill)
            Image(systemName: "bell.fill").symbolVariant(.slash)
            Image(systemName: "square.and.arrow.up").symbolVariant(.fill)
            HStack {
                Image(systemName: "wifi")
                Image("photo")
            }
            .symbolVariant(.slash)
            Image(systemName: "heart")
        })
        let names = try host.inspect().findAll { $0.attribute("systemImage") != nil || $0.attribute("image") != nil }
            .compactMap { $0.attribute("systemImage") ?? $0.attribute("image") }
        #expect(names == [
            "heart.fill", "person.circle.fill", "heart.fill", "bell.slash.fill", "square.and.arrow.up.fill", "wifi.slash",
            "photo", "heart",
        ])
        #expect(try image("heart.fill", in: host).inheritedAttribute("symbolVariant") == "fill")
    }

    @Test func aDecorativeImageIsHiddenFromAccessibilitySoAButtonIsNamedByItsText() throws {
        let log = Recorder()
        let (host, _) = mount(VStack {
            Button { log.record("starred") } label: { HStack { Image(decorative: "star"); Text("Star") } }
            Button { log.record("shared") } label: { HStack { Image("share"); Text("Share") } }
        })
        try host.tap("Star")
        #expect(log.take() == ["starred"])
        #expect(try image("star", in: host).attribute("accessibilityHidden") == "")
        // An image that is not decorative is part of the name.
        try host.tap("[share] Share")
        #expect(log.take() == ["shared"])
        // Its text alone still finds it (the driver falls back to a button's texts), as a user
        // reading the screen would.
        try host.tap("Share")
        #expect(log.take() == ["shared"])
    }

    @Test func imageOrientationsHaveSwiftUIsRawValues() {
        // SwiftUI's interface numbers them by their bits: 1 a quarter turn, 2 mirrored, 4 a half turn.
        let raw: [(Image.Orientation, UInt8)] = [
            (.up, 0), (.left, 1), (.upMirrored, 2), (.leftMirrored, 3), (.downMirrored, 4), (.rightMirrored, 5),
            (.down, 6), (.right, 7),
        ]
        for (orientation, value) in raw {
            #expect(orientation.rawValue == value && Image.Orientation(rawValue: value) == orientation)
        }
        #expect(Set(Image.Orientation.allCases.map(\.rawValue)) == Set(0...7))
    }

    @Test func anImageDrawnWithAGraphicsContextIsRecordedAsACanvasOfItsSize() throws {
        let image = Image(size: CGSize(width: 20, height: 10), label: Text("Meter"), opaque: true, colorMode: .linear) { context in
            context.fill(Path(CGRect(x: 0, y: 0, width: 20, height: 10)), with: .color(.gray))
            context.addFilter(.projectionTransform(ProjectionTransform()))
            context.fill(Path(CGRect(x: 0, y: 0, width: 5, height: 10)), with: .color(.green))
        }
        #expect(image == image)
        let host = layOut(VStack { image; Text("Level") })
        let canvas = try #require(flattened(host.renderTree).first { $0.kind == .shape("Canvas") })
        #expect(canvas.frame?.size == CGSize(width: 20, height: 10))
        #expect(canvas.attributes["opaque"] == "" && canvas.attributes["colorMode"] == "linear")
        #expect(try #require(canvas.drawing).map(\.description) == [
            "fill (0, 0, 20, 10) color(gray)",
            "fill (0, 0, 5, 10) color(green) filters=projectionTransform(1 0 0; 0 1 0; 0 0 1)",
        ])
        let drawn = try host.inspect().find { $0.attribute("image") == "drawing" }
        #expect(drawn.inheritedAttribute("accessibilityLabel") == "Meter")
    }

    @Test func searchDictationBehaviourIsRecordedOnTheSearchableContent() throws {
        #expect(TextInputDictationBehavior.inline(activation: .onLook) != .automatic)
        #expect(TextInputDictationActivation.onSelect != .onLook)
        let (host, _) = mount(VStack {
            Text("Results").searchDictationBehavior(.inline(activation: .onSelect))
            Text("Other").searchDictationBehavior(.automatic)
        })
        #expect(try host.inspect().find(text: "Results").inheritedAttribute("searchDictationBehavior") == "inline(activation: onSelect)")
        #expect(try host.inspect().find(text: "Other").inheritedAttribute("searchDictationBehavior") == "automatic")
    }

    struct Notes: App {
        var body: some Scene {
            WindowGroup { Text("Notes") }
                .commands {
                    TextEditingCommands()
                    TextFormattingCommands()
                }
        }
    }

    @Test func theStandardTextCommandsAreRecordedInTheMenuBar() throws {
        let host = ViewHost(app: Notes(), scheduler: ManualUpdateScheduler())
        host.update()
        let groups = try host.inspect().findAll { $0.attribute("commandGroup") != nil }.compactMap { $0.attribute("commandGroup") }
        #expect(groups == ["standard textEditing", "standard textFormatting"])
    }

    @Test func aTransactionCarriesItsDismissBehaviourAndScrollEffectsRecordAnAffineTransform() throws {
        var transaction = Transaction()
        #expect(transaction.dismissBehavior == .interactive)
        transaction.dismissBehavior = .destructive
        #expect(transaction.description == "Transaction(animation: nil, dismissBehavior: destructive)")
        struct Closer: View {
            @State private var isClosed = false
            var body: some View {
                VStack {
                    Text(isClosed ? "Closed" : "Open")
                    Button("Close") { withTransaction(\.dismissBehavior, .destructive) { isClosed = true } }
                }
            }
        }
        let (host, scheduler) = mount(Closer())
        try host.tap("Close")
        scheduler.flush()
        #expect(host.lastTransaction?.dismissBehavior == .destructive)

        let effects = mount(ScrollView {
            Text("Row").scrollTransition { effect, _ in
                effect.transformEffect(CGAffineTransform(translationX: 3, y: 4))
            }
        }).host
        #expect(try effects.inspect().find(text: "Row").inheritedAttribute("visualEffect") == "transformEffect 1 0 0; 0 1 0; 3 4 1")
    }
}
