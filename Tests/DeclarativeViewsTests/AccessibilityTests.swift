import DeclarativeViews
import Foundation
import Testing

/// What VoiceOver users get from a screen, headless: the accessibility modifiers are recorded on the
/// nodes of the views they are attached to, a label names a control for the driver, and the actions
/// an app gives assistive technologies run when the driver performs them.
@MainActor @Suite struct AccessibilityTests {
    /// A player's controls: icon-only buttons named for VoiceOver, a volume that swipes adjust.
    struct Player: View {
        @State private var isPlaying = false
        @State private var volume = 5
        var trackTitle = "Blue in Green"

        var body: some View {
            VStack {
                Text(trackTitle)
                    .accessibilityLabel(Text("Now playing: \(trackTitle)"))
                    .accessibilityHeading(.h1)
                Button { isPlaying.toggle() } label: { Image(systemName: isPlaying ? "pause.fill" : "play.fill") }
                    .accessibilityLabel(isPlaying ? "Pause" : "Play")
                    .accessibilityHint("Plays or pauses the track")
                    .accessibilityIdentifier("play")
                    .accessibilityInputLabels(["Play", "Start", "Pause"])
                Text("Volume \(volume)")
                    .accessibilityElement(children: .ignore)
                    .accessibilityLabel(Text("Volume"))
                    .accessibilityValue("\(volume) of 10")
                    .accessibilityAddTraits(.updatesFrequently)
                    .accessibilityAdjustableAction { (direction: AccessibilityAdjustmentDirection) in
                        switch direction {
                        case .increment: volume = min(10, volume + 1)
                        case .decrement: volume = max(0, volume - 1)
                        @unknown default: break
                        }
                    }
            }
        }
    }

    @Test func anIconOnlyButtonIsTappedByItsAccessibilityLabel() throws {
        let (host, _) = mount(Player())
        #expect(host.buttonLabels == ["[play.fill]"])
        try host.tap("Play")
        host.update()
        let button = try host.inspect().find(viewWithAccessibilityIdentifier: "play")
        #expect(button.accessibilityLabel() == "Pause")
        #expect(button.accessibilityHint() == "Plays or pauses the track")
        #expect(button.attribute("accessibilityInputLabels") == "Play, Start, Pause")
        try host.tap("Pause")
        host.update()
        #expect(try host.inspect().find(viewWithAccessibilityLabel: "Play").accessibilityIdentifier() == "play")
    }

    @Test func swipingUpAndDownAdjustsTheVolume() throws {
        let (host, _) = mount(Player())
        let volume = { try host.inspect().find(viewWithAccessibilityLabel: "Volume") }
        #expect(try volume().accessibilityValue() == "5 of 10")
        #expect(try volume().attribute("accessibilityAddTraits") == "updatesFrequently")
        #expect(try volume().attribute("accessibilityAdjustableAction") == "")
        try host.accessibilityAdjust("Volume", .increment)
        try host.accessibilityAdjust("Volume", .increment)
        host.update()
        #expect(try volume().accessibilityValue() == "7 of 10")
        try host.accessibilityAdjust("Volume", .decrement)
        host.update()
        #expect(try volume().accessibilityValue() == "6 of 10")
        #expect(throws: ViewHostError.self) { try host.accessibilityAdjust("Play", .increment) }
    }

    @Test func aTextsOwnAccessibilityModifiersKeepItAText() throws {
        let (host, _) = mount(Player())
        let title = try host.inspect().find(viewWithAccessibilityLabel: "Now playing: Blue in Green")
        #expect(try title.string() == "Blue in Green")
        #expect(title.attribute("accessibilityHeading") == "h1")
        let styled: Text = Text("fn main()").accessibilityTextContentType(.sourceCode).accessibilityHeading(.h3)
            + Text("!").accessibilityLabel("bang")
        #expect(styled.content == "fn main()!")
        let (code, _) = mount(Text("let x = 1").accessibilityTextContentType(.sourceCode).accessibilityLabel(Text("code")))
        #expect(code.renderTree.first?.attributes == ["accessibilityTextContentType": "sourceCode", "accessibilityLabel": "code"])
    }

    /// A mail row with the swipe actions also offered to VoiceOver's actions rotor.
    struct MailRow: View {
        let sender: String
        let log: Recorder

        var body: some View {
            HStack {
                Image(systemName: "envelope").accessibilityHidden(true)
                Text(sender)
            }
            .accessibilityElement(children: .combine)
            .accessibilityAction(named: "Archive") { log.record("archive \(sender)") }
            .accessibilityAction(named: Text("Flag")) { log.record("flag \(sender)") }
            .accessibilityAction(.magicTap) { log.record("magic tap") }
            .accessibilityAction(.escape) { log.record("escape") }
            .accessibilityAction { log.record("open \(sender)") }
            .accessibilityActions {
                Button("Reply") { log.record("reply \(sender)") }
                Button("Forward") { log.record("forward \(sender)") }
            }
            .accessibilityAction { log.record("mark read") } label: { Text("Mark Read") }
        }
    }

    @Test func theActionsRotorRunsARowsCustomActions() throws {
        let log = Recorder()
        let (host, _) = mount(VStack { MailRow(sender: "Ann", log: log); MailRow(sender: "Bob", log: log) })
        #expect(host.accessibilityActions(of: "Bob") == [
            "Archive", "Flag", "magicTap", "escape", "default", "Reply", "Forward", "Mark Read",
        ])
        try host.performAccessibilityAction("Archive", on: "Bob")
        try host.performAccessibilityAction("Flag", on: "Ann")
        try host.performAccessibilityAction("default", on: "Ann")
        try host.performAccessibilityAction("magicTap", on: "Ann")
        try host.performAccessibilityAction("escape", on: "Ann")
        try host.performAccessibilityAction("Reply", on: "Bob")
        try host.performAccessibilityAction("Mark Read", on: "Ann")
        #expect(log.take() == ["archive Bob", "flag Ann", "open Ann", "magic tap", "escape", "reply Bob", "mark read"])
        #expect(throws: ViewHostError.accessibilityActionNotFound(
            action: "Delete", element: "Ann",
            available: ["Archive", "Flag", "magicTap", "escape", "default", "Reply", "Forward", "Mark Read"])
        ) { try host.performAccessibilityAction("Delete", on: "Ann") }
        let row = try host.inspect().find(where: { $0.attribute("accessibilityActions") != nil })
        #expect(row.attribute("accessibilityActions") == "Archive, Flag, magicTap, escape, default")
    }

    @Test func theDefaultActionOfAButtonIsItsTap() throws {
        let log = Recorder()
        let (host, _) = mount(Button("Send") { log.record("sent") }.accessibilityAction(.delete) { log.record("deleted") })
        try host.performAccessibilityAction("default", on: "Send")
        try host.performAccessibilityAction("delete", on: "Send")
        #expect(log.take() == ["sent", "deleted"])
        #expect(AccessibilityActionKind.showMenu == AccessibilityActionKind(named: Text("showMenu")))
        #expect(AccessibilityActionKind.default != AccessibilityActionKind.escape)
    }

    @Test func aHiddenImageLeavesAButtonNamedByItsText() throws {
        let log = Recorder()
        let (host, _) = mount(Button { log.record("fav") } label: {
            HStack { Image(systemName: "star").accessibilityHidden(true); Text("Favorite") }
        })
        try host.tap("Favorite")
        #expect(log.take() == ["fav"])
    }

    /// A photo a VoiceOver user zooms and scrolls through actions, and a map of cities that scrolls.
    struct Photo: View {
        @State private var zoom = 1
        @State private var page = 0

        var body: some View {
            Text("Photo \(page) at \(zoom)x")
                .accessibilityZoomAction { action in
                    zoom = action.direction == .zoomIn ? zoom * 2 : max(1, zoom / 2)
                }
                .accessibilityScrollAction { edge in page += edge == .trailing ? 1 : -1 }
        }
    }

    @Test func zoomAndScrollActionsChangeWhatThePhotoShows() throws {
        let (host, _) = mount(Photo())
        let _: ModifiedContent<Text, AccessibilityAttachmentModifier> = Text("typed").accessibilityZoomAction { _ in }
        try host.accessibilityZoom("Photo 0 at 1x", .zoomIn)
        host.update()
        try host.accessibilityScroll("Photo 0 at 2x", edge: .trailing)
        host.update()
        #expect(host.renderedText.contains("Photo 1 at 2x"))
        try host.accessibilityZoom("Photo 1 at 2x", .zoomOut)
        host.update()
        #expect(host.renderedText.contains("Photo 1 at 1x"))
        let node = host.renderTree.first
        #expect(node?.attributes["accessibilityZoomAction"] == "" && node?.attributes["accessibilityScrollAction"] == "")
    }

    /// A form that moves VoiceOver to its error message when saving fails.
    struct SignUp: View {
        enum Element: Hashable { case name, error }
        @AccessibilityFocusState private var focus: Element?
        @AccessibilityFocusState(for: .voiceOver) private var bannerFocused: Bool
        @State private var error: String?

        var body: some View {
            VStack {
                Text("Name").accessibilityFocused($focus, equals: .name)
                Text(error ?? "No errors").accessibilityFocused($focus, equals: .error)
                Text("Banner").accessibilityFocused($bannerFocused)
                Button("Save") {
                    error = "Name is required"
                    focus = .error
                }
                Text("Focus: \(focus.map { "\($0)" } ?? "none"), banner \(bannerFocused)")
            }
        }
    }

    @Test func accessibilityFocusStateFollowsTheCodeAndTheUser() throws {
        let (host, _) = mount(SignUp())
        #expect(host.renderedText.contains("Focus: none, banner false"))
        try host.tap("Save")
        host.update()
        #expect(host.renderedText.contains("Focus: error, banner false"))
        #expect(try host.inspect().find(text: "Name is required").attribute("accessibilityFocused") == "")
        try host.accessibilityFocus("Name")
        try host.accessibilityFocus("Banner")
        host.update()
        #expect(host.renderedText.contains("banner true"))
        #expect(try host.inspect().find(text: "Name is required").attribute("accessibilityFocused") == nil)
        var technologies = AccessibilityTechnologies()
        technologies.insert(.voiceOver)
        technologies.formUnion(.switchControl)
        #expect(technologies.contains(.switchControl) && technologies.remove(.voiceOver) == .voiceOver)
        // The property wrapper's plain forms, as a view declares them.
        let _: AccessibilityFocusState<Bool> = AccessibilityFocusState()
        let _: AccessibilityFocusState<SignUp.Element?> = AccessibilityFocusState()
    }

    struct Contact: Identifiable {
        let id: Int
        let name: String
    }

    /// Everything else a view can tell assistive technologies, recorded for tests to read.
    @Test func recordedAttributesReadBackFromTheRenderTree() throws {
        @Namespace var namespace
        let contacts = [Contact(id: 1, name: "Ann"), Contact(id: 2, name: "Bob")]
        let view = Text("Card")
            .accessibilitySortPriority(2)
            .accessibilityAddTraits([.isHeader, .isButton])
            .accessibilityAddTraits(.isSelected)
            .accessibilityRemoveTraits(.isImage)
            .accessibilityActivationPoint(UnitPoint(x: 0, y: 0.5))
            .accessibilityRespondsToUserInteraction(false)
            .accessibilityDirectTouch(options: .silentOnTouch)
            .accessibilityCustomContent("Age", "3", importance: .high)
            .accessibilityCustomContent(AccessibilityCustomContentKey("Owner", id: "owner"), Text("Ann"))
            .accessibilityCustomContent(AccessibilityCustomContentKey("Owner", id: "owner"), Text("Ignored: the inner one wins"))
            .accessibilityRotor("Contacts", entries: contacts, entryLabel: \.name)
            .accessibilityRotor(.headings) {
                AccessibilityRotorEntry("Intro", id: 1)
                if contacts.count > 1 { AccessibilityRotorEntry(Text("People"), id: 2) }
                for contact in contacts { AccessibilityRotorEntry(contact.name, id: contact.id + 10) }
            }
            .accessibilityRotorEntry(id: 1, in: namespace)
            .accessibilityLabeledPair(role: .label, id: "name", in: namespace)
            .accessibilityLinkedGroup(id: "card", in: namespace)
            .accessibilityIgnoresInvertColors()
            .accessibilityShowsLargeContentViewer()
            .speechAdjustedPitch(0.5)
            .speechAlwaysIncludesPunctuation()
            .speechAnnouncementsQueued(false)
            .speechSpellsOutCharacters()
            .accessibility(value: Text("old value"))
            .accessibility(hint: Text("old hint"))
            .accessibility(sortPriority: 9)
            .accessibility(selectionIdentifier: "card-1")
        let (host, _) = mount(view)
        let attributes = host.renderTree.first?.attributes ?? [:]
        #expect(attributes["accessibilitySortPriority"] == "2")
        #expect(attributes["accessibilityAddTraits"] == "isButton isHeader isSelected")
        #expect(attributes["accessibilityRemoveTraits"] == "isImage")
        #expect(attributes["accessibilityActivationPoint"] == "unit(0, 0.5)")
        #expect(attributes["accessibilityRespondsToUserInteraction"] == "false")
        #expect(attributes["accessibilityDirectTouch"] == "silentOnTouch")
        #expect(attributes["accessibilityCustomContent"] == "Age: 3 (high); Owner: Ann")
        #expect(attributes["accessibilityRotor"] == "Contacts: Ann, Bob; headings: Intro, People, Ann, Bob")
        #expect(attributes["accessibilityRotorEntry"] == "1")
        #expect(attributes["accessibilityLabeledPair"] == "label name")
        #expect(attributes["accessibilityLinkedGroup"] == "card")
        #expect(attributes["accessibilityIgnoresInvertColors"] == "")
        #expect(attributes["accessibilityShowsLargeContentViewer"] == "")
        #expect(attributes["speechAdjustedPitch"] == "0.5")
        #expect(attributes["speechAnnouncementsQueued"] == "false")
        #expect(attributes["accessibilityValue"] == "old value" && attributes["accessibilityHint"] == "old hint")
        #expect(attributes["accessibilitySelectionIdentifier"] == "card-1")
    }

    /// A chart drawn as shapes, which VoiceOver reads through the children and representation it is given.
    @Test func aChartsAccessibilityChildrenAndRepresentationAreLaidOverItUnseen() throws {
        let log = Recorder()
        let chart = Rectangle()
            .accessibilityChildren { Text("Mon 3"); Text("Tue 5") }
            .accessibilityRepresentation { Button("Show data table") { log.record("table") } }
        let (host, _) = mount(chart)
        #expect(host.buttonLabels.isEmpty)
        #expect(host.renderedText.contains("Mon 3") && host.renderedText.contains("hidden=accessibilityChildren"))
        let big = Text("Tab").accessibilityShowsLargeContentViewer { Label("Home", systemImage: "house") }
        #expect(mount(big).host.renderedText.contains("hidden=accessibilityShowsLargeContentViewer"))
    }

    @Test func theDeprecatedAccessibilityFormsRecordAsTheirSuccessors() throws {
        let (host, _) = mount(
            Button("x") {}
                .accessibility(label: Text("Close"))
                .accessibility(identifier: "close")
                .accessibility(inputLabels: [Text("Dismiss")])
                .accessibility(addTraits: .isButton)
                .accessibility(removeTraits: .isImage)
                .accessibility(activationPoint: CGPoint(x: 1, y: 2))
                .accessibility(hidden: false)
        )
        try host.tap("Close")
        let attributes = host.renderTree.first?.attributes ?? [:]
        #expect(attributes["accessibilityIdentifier"] == "close" && attributes["accessibilityInputLabels"] == "Dismiss")
        #expect(attributes["accessibilityActivationPoint"] == "(1, 2)" && attributes["accessibilityHidden"] == "false")
    }

    /// The system's accessibility settings, as a view reads them: nothing is on headless.
    struct Settings: View {
        @Environment(\.accessibilityEnabled) private var enabled
        @Environment(\.accessibilityDimFlashingLights) private var dim
        @Environment(\.accessibilityPlayAnimatedImages) private var play
        @Environment(\.accessibilityShowButtonShapes) private var shapes
        @Environment(\.accessibilityLargeContentViewerEnabled) private var largeContent
        @Environment(\.accessibilityQuickActionsEnabled) private var quickActions
        @Environment(\.accessibilityInvertColors) private var invert
        @Environment(\.accessibilityReduceTransparency) private var transparency
        @Environment(\.accessibilitySwitchControlEnabled) private var switchControl

        var body: some View {
            Text("enabled \(enabled) dim \(dim) play \(play) shapes \(shapes) large \(largeContent) quick \(quickActions)")
            Text("invert \(invert) transparency \(transparency) switch \(switchControl)")
        }
    }

    @Test func accessibilitySettingsReadOffHeadlessAndAccessibilityEnabledCanBeSet() {
        let (host, _) = mount(Settings())
        #expect(host.renderedText.contains("enabled false dim false play true shapes false large false quick false"))
        #expect(host.renderedText.contains("invert false transparency false switch false"))
        let (enabled, _) = mount(Settings().environment(\.accessibilityEnabled, true))
        #expect(enabled.renderedText.contains("enabled true"))
    }

    @Test func accessibilityTraitsAreASetOfNamedTraits() {
        var traits = AccessibilityTraits()
        traits.formUnion([.isButton, .isLink, .isKeyboardKey, .isModal, .isSearchField, .isStaticText])
        traits.formIntersection([.isButton, .isLink, .isModal, .isToggle])
        #expect(traits == [.isButton, .isLink, .isModal])
        traits.formSymmetricDifference([.isModal, .playsSound])
        #expect(traits == [.isButton, .isLink, .playsSound])
        #expect(traits.intersection([.isLink, .startsMediaSession]) == .isLink)
        #expect(traits.symmetricDifference(.isLink) == [.isButton, .playsSound])
        let all: AccessibilityTraits = [
            .isSummaryElement, .updatesFrequently, .startsMediaSession, .allowsDirectInteraction, .causesPageTurn,
            .isToggle, .isImage, .isHeader, .isSelected,
        ]
        #expect(all.contains(.causesPageTurn) && !all.contains(.isButton))
        let behaviours: [AccessibilityChildBehavior] = [.ignore, .contain, .combine]
        #expect(Set(behaviours).count == 3)
    }
}
