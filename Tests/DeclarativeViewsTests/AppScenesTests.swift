import DeclarativeViews
import Foundation
import Testing

/// Whole apps launched through their `App` type: menu-bar commands a test taps, windows opened
/// and closed by id and by value, the settings window, scene modifiers, the scene phase the host
/// drives, previews' settings and the rename action.
@MainActor @Suite struct AppScenesTests {
    /// What the app's commands did.
    final class Deck {
        var events: [String] = []
    }

    struct DeckCommands: Commands {
        let deck: Deck
        let showsDebug: Bool

        var body: some Commands {
            CommandMenu("Deck") {
                Button("Shuffle") { deck.events.append("shuffle") }
                Divider()
                Button("Deal") { deck.events.append("deal") }
            }
            if showsDebug {
                CommandMenu(Text("Debug")) {
                    Button("Dump") { deck.events.append("dump") }
                }
            } else {
                EmptyCommands()
            }
        }
    }

    struct CardGame: App {
        static let deck = Deck()

        var body: some Scene {
            WindowGroup {
                Text("Table")
            }
            .commands {
                DeckCommands(deck: Self.deck, showsDebug: true)
                CommandGroup(after: .newItem) {
                    Button("New Game") { Self.deck.events.append("new game") }
                }
                CommandGroup(replacing: .help) {
                    Button("Rules") { Self.deck.events.append("rules") }
                }
                CommandGroup(before: .toolbar) { EmptyView() }
                SidebarCommands()
                ToolbarCommands()
            }
        }
    }

    /// The render nodes that carry `key`, with its value.
    private func nodes(carrying key: String, in host: ViewHost) throws -> [InspectedView] {
        try host.inspect().findAll { $0.attribute(key) != nil }
    }

    @Test func theMenuBarCommandsOfAnAppAreShownAndTheirButtonsRunWhenTapped() throws {
        let host = ViewHost(app: CardGame(), scheduler: ManualUpdateScheduler())
        host.update()
        #expect(host.buttonLabels == ["Shuffle", "Deal", "Dump", "New Game", "Rules"])
        #expect(try nodes(carrying: "commandMenu", in: host).map { $0.attribute("commandMenu") } == ["Deck", "Debug"])
        #expect(try nodes(carrying: "commandGroup", in: host).compactMap { $0.attribute("commandGroup") } == [
            "after newItem", "replacing help", "before toolbar", "standard sidebar", "standard toolbar",
        ])
        #expect(try nodes(carrying: "commands", in: host).count == 1)
        // The deck is the app type's, shared with the other tests of the suite: only what this
        // test taps is checked.
        let earlier = CardGame.deck.events.count
        try host.tap("Shuffle")
        try host.tap("New Game")
        try host.tap("Dump")
        #expect(Array(CardGame.deck.events.dropFirst(earlier)) == ["shuffle", "new game", "dump"])
        // The window is still there, before the menu bar.
        #expect(host.windowTitles == [nil])
        #expect(try host.inspect().find(text: "Table").string() == "Table")
    }

    @CommandsBuilder static func editingCommands(includesFind: Bool) -> some Commands {
        CommandGroup(replacing: .pasteboard) {
            Button("Paste Plain") { CardGame.deck.events.append("paste") }
        }
        if includesFind {
            CommandMenu("Find") { Button("Find Next") {} }
        }
    }

    struct Editor: App {
        var body: some Scene {
            WindowGroup { Text("Editor") }
                .commandsReplaced { AppScenesTests.editingCommands(includesFind: false) }
        }
    }

    @Test func replacingTheStandardCommandsShowsOnlyTheAppsOwn() throws {
        let host = ViewHost(app: Editor(), scheduler: ManualUpdateScheduler())
        host.update()
        #expect(host.buttonLabels == ["Paste Plain"])
        #expect(try nodes(carrying: "commands", in: host).first?.attribute("commands") == "replacing")
        try host.tap("Paste Plain")
        #expect(CardGame.deck.events.last == "paste")
    }

    @Test func everyStandardCommandGroupPlacementNamesItsGroup() {
        let placements: [CommandGroupPlacement] = [
            .appInfo, .appSettings, .appTermination, .appVisibility, .help, .importExport, .newItem, .pasteboard,
            .printItem, .saveItem, .sidebar, .singleWindowList, .systemServices, .textEditing, .textFormatting,
            .toolbar, .undoRedo, .windowArrangement, .windowList, .windowSize,
        ]
        #expect(Set(placements).count == 20)
    }

    // MARK: Windows

    struct Opener: View {
        @Environment(\.openWindow) private var openWindow: OpenWindowAction
        @Environment(\.dismissWindow) private var dismissWindow: DismissWindowAction
        @Environment(\.supportsMultipleWindows) private var supportsMultipleWindows

        var body: some View {
            VStack {
                Text(supportsMultipleWindows ? "multiwindow" : "single")
                Button("Open Activity") { openWindow.callAsFunction(id: "activity") }
                Button("Open Inspector") { openWindow(id: "inspector") }
                Button("Open Note 3") { openWindow(value: 3) }
                Button("Open Note 4") { openWindow(id: "notes", value: 4) }
                Button("Close Note 3") { dismissWindow(value: 3) }
                Button("Close Notes") { dismissWindow(id: "notes") }
                Button("Close Inspectors") { dismissWindow(id: "inspector") }
                Button("Close Note 4 by id") { dismissWindow(id: "notes", value: 4) }
            }
        }
    }

    struct ActivityView: View {
        @Environment(\.dismissWindow) private var dismissWindow

        var body: some View {
            Button("Done") { dismissWindow.callAsFunction() }
        }
    }

    struct NoteView: View {
        @Binding var number: Int?

        var body: some View {
            VStack {
                Text("Note \(number.map(String.init) ?? "none")")
                Button("Next of \(number.map(String.init) ?? "none")") { number = (number ?? 0) + 10 }
            }
        }
    }

    struct Notes: App {
        var body: some Scene {
            WindowGroup("Main") { Opener() }
            WindowGroup("Inspector", id: "inspector") { Text("Inspecting") }
            Window("Activity", id: "activity") { ActivityView() }
            WindowGroup("Note", id: "notes", for: Int.self) { $number in NoteView(number: $number) }
            Settings { Text("Preferences") }
        }
    }

    @Test func openingAWindowByIdShowsItOnceAndDismissingItClosesIt() throws {
        let host = ViewHost(app: Notes(), scheduler: ManualUpdateScheduler())
        host.update()
        // At launch: every plain group's window; the Window and the value group are not first.
        #expect(host.windowTitles == ["Main", "Inspector"])
        #expect(try host.inspect().find(text: "multiwindow").string() == "multiwindow")
        try host.tap("Open Activity")
        host.update()
        #expect(host.windowTitles == ["Main", "Inspector", "Activity"])
        try host.tap("Open Activity")
        host.update()
        #expect(host.windowTitles == ["Main", "Inspector", "Activity"])
        try host.tap("Done")
        host.update()
        #expect(host.windowTitles == ["Main", "Inspector"])
        // A group opens a new window each time, with its own views.
        try host.tap("Open Inspector")
        host.update()
        #expect(host.windowTitles == ["Main", "Inspector", "Inspector"])
        try host.tap("Close Inspectors")
        host.update()
        #expect(host.windowTitles == ["Main"])
    }

    @Test func openingAWindowForAValueShowsOneWindowPerValueBoundToIt() throws {
        let host = ViewHost(app: Notes(), scheduler: ManualUpdateScheduler())
        host.update()
        try host.tap("Open Note 3")
        try host.tap("Open Note 4")
        try host.tap("Open Note 3")
        host.update()
        #expect(host.windowTitles == ["Main", "Inspector", "Note", "Note"])
        #expect(try host.inspect().find(text: "Note 3").string() == "Note 3")
        #expect(try host.inspect().find(text: "Note 4").string() == "Note 4")
        // The content's binding writes the window's value.
        try host.tap("Next of 3")
        host.update()
        #expect(try host.inspect().find(text: "Note 13").string() == "Note 13")
        try host.tap("Close Note 4 by id")
        host.update()
        #expect(host.windowTitles == ["Main", "Inspector", "Note"])
        try host.tap("Close Notes")
        host.update()
        #expect(host.windowTitles == ["Main", "Inspector"])
        try host.tap("Open Note 3")
        host.update()
        try host.tap("Close Note 3")
        host.update()
        #expect(host.windowTitles == ["Main", "Inspector"])
    }

    struct Drafts: App {
        var body: some Scene {
            WindowGroup(for: String.self) { $title in
                VStack {
                    Text("Draft: \(title)")
                    Button("Retitle") { title = "Renamed" }
                }
            } defaultValue: {
                "Untitled"
            }
            Window("Log", id: "log") { Text("Log") }
        }
    }

    @Test func theFirstValueGroupOpensAtLaunchWithItsDefaultValue() throws {
        let host = ViewHost(app: Drafts(), scheduler: ManualUpdateScheduler())
        host.update()
        #expect(host.windowTitles == [nil])
        #expect(try host.inspect().find(text: "Draft: Untitled").string() == "Draft: Untitled")
        try host.tap("Retitle")
        host.update()
        #expect(try host.inspect().find(text: "Draft: Renamed").string() == "Draft: Renamed")
    }

    struct LogFirst: App {
        var body: some Scene {
            Window("Log", id: "log") { Text("Log") }
            WindowGroup(for: Int.self) { $number in Text("Item \(number ?? 0)") }
        }
    }

    @Test func aValueGroupsContentIsPresentedWindowContent() {
        let group: WindowGroup<PresentedWindowContent<Int, Text>> = WindowGroup(for: Int.self) { $number in
            Text("Item \(number ?? 0)")
        }
        #expect(group.id == nil && group.title == nil)
    }

    @Test func aWindowSceneOpensAtLaunchWhenItIsTheFirstScene() {
        let host = ViewHost(app: LogFirst(), scheduler: ManualUpdateScheduler())
        host.update()
        #expect(host.windowTitles == ["Log"])
    }

    @Test func theSettingsWindowOpensFromTheAppMenuOnly() throws {
        let host = ViewHost(app: Notes(), scheduler: ManualUpdateScheduler())
        host.update()
        #expect(!host.windowTitles.contains("Settings"))
        host.openSettings()
        host.update()
        #expect(host.windowTitles.last == "Settings")
        #expect(try host.inspect().find(text: "Preferences").string() == "Preferences")
    }

    struct NewerScenes: App {
        var body: some Scene {
            WindowGroup("Main") { Opener() }
            if #available(macOS 13, iOS 16, *) {
                Window("Activity", id: "activity") { Text("activity log") }
                Settings { Text("Preferences") }
            }
        }
    }

    /// Scenes in an `if #available(…)` block (`SceneBuilder.buildLimitedAvailability` and
    /// `buildOptional`) are the app's scenes like the others: the window opens by its id, the
    /// settings from the app menu.
    @Test func scenesInAnAvailabilityCheckAreTheAppsScenes() throws {
        let host = ViewHost(app: NewerScenes(), scheduler: ManualUpdateScheduler())
        host.update()
        #expect(host.windowTitles == ["Main"])
        try host.tap("Open Activity")
        host.update()
        #expect(host.windowTitles == ["Main", "Activity"])
        #expect(try host.inspect().find(text: "activity log").string() == "activity log")
        host.openSettings()
        host.update()
        #expect(host.windowTitles.last == "Settings")
        #expect(try host.inspect().find(text: "Preferences").string() == "Preferences")
    }

    @Test func openingAWindowOutsideAnAppIsReportedAndChangesNothing() throws {
        let (host, _) = mount(Opener())
        try host.tap("Open Activity")
        host.update()
        #expect(host.windowTitles.isEmpty)
        #expect(host.buttonLabels.count == 8)
    }

    // MARK: Scene modifiers and the scene phase

    final class PhaseLog {
        var changes: [String] = []
    }

    struct Styled: App {
        static let log = PhaseLog()
        nonisolated(unsafe) static let store: UserDefaults = {
            let store = UserDefaults(suiteName: "AppScenesTests.Styled") ?? .standard
            store.set("from the scene's store", forKey: "AppScenesTests.greeting")
            return store
        }()
        @Environment(\.scenePhase) private var scenePhase

        var body: some Scene {
            WindowGroup {
                PhaseView()
            }
            .defaultSize(width: 800, height: 600)
            .defaultPosition(.topLeading)
            .windowResizability(.contentSize)
            .windowStyle(.hiddenTitleBar)
            .windowToolbarStyle(.unified(showsTitle: false))
            .keyboardShortcut("n", modifiers: [.command, .shift])
            .commandsRemoved()
            .defaultAppStorage(Self.store)
            .onChange(of: scenePhase) { old, new in Self.log.changes.append("\(old)→\(new)") }
        }
    }

    struct PhaseView: View {
        @Environment(\.scenePhase) private var scenePhase
        @AppStorage("AppScenesTests.greeting") private var greeting = "unset"

        var body: some View {
            VStack {
                Text(scenePhase == .active ? "running" : "paused")
                Text("greeting \(greeting)")
            }
        }
    }

    @Test func sceneModifiersAreRecordedOnTheScenesWindows() throws {
        let host = ViewHost(app: Styled(), scheduler: ManualUpdateScheduler())
        host.update()
        let window = try host.inspect().find { $0.attribute("defaultSize") != nil }
        #expect(window.attribute("defaultSize") == "800×600")
        #expect(window.attribute("defaultPosition") == "0,0")
        #expect(window.attribute("windowResizability") == "contentSize")
        #expect(window.attribute("windowStyle") == "hiddenTitleBar")
        #expect(window.attribute("windowToolbarStyle") == "unified title=hidden")
        #expect(window.attribute("keyboardShortcut") != nil)
        #expect(window.attribute("commands") == "removed")
        #expect(WindowResizability.automatic != WindowResizability.contentMinSize)
        // The scene's default store is the one its views' `@AppStorage` reads.
        #expect(try host.inspect().find(text: "greeting from the scene's store").string() == "greeting from the scene's store")
    }

    @Test func theHostDrivesTheScenePhaseThatViewsAndScenesSee() throws {
        let host = ViewHost(app: Styled(), scheduler: ManualUpdateScheduler())
        host.update()
        #expect(host.scenePhase == .active)
        #expect(try host.inspect().find(text: "running").string() == "running")
        host.scenePhase = .background
        host.update()
        #expect(host.scenePhase == .background)
        #expect(try host.inspect().find(text: "paused").string() == "paused")
        host.scenePhase = .active
        host.update()
        #expect(Styled.log.changes == ["active→background", "background→active"])
    }

    // MARK: Opening URLs

    struct Router: View {
        @State private var route = "home"

        var body: some View {
            Text("route \(route)")
                .onOpenURL { url in route = url.host ?? "?" }
                .interactionActivityTrackingTag("router")
        }
    }

    @Test func openingTheAppWithAURLRunsTheOnOpenURLActionsOnScreen() throws {
        let (host, _) = mount(Router())
        try host.openApp(with: try #require(URL(string: "myapp://settings")))
        let text = try host.inspect().find(text: "route settings")
        #expect(text.inheritedAttribute("interactionActivityTrackingTag") == "router")
        let (plain, _) = mount(Text("Nothing"))
        #expect(throws: ViewHostError.self) { try plain.openApp(with: try #require(URL(string: "myapp://x"))) }
    }

    // MARK: Previews

    struct Widgetish: PreviewContext {}

    struct CardPreviews: PreviewProvider {
        static var previews: some View {
            Text("Card")
                .previewDevice(PreviewDevice(rawValue: "iPhone 15"))
                .previewLayout(.fixed(width: 320, height: 200))
                .previewDisplayName("Card, landscape")
                .previewInterfaceOrientation(.landscapeLeft)
                .previewContext(Widgetish())
        }
    }

    struct ContextKey: PreviewContextKey {
        static var defaultValue: Int { 7 }
    }

    @Test func previewSettingsAreRecordedOnThePreviewedViews() throws {
        let host = ViewHost(CardPreviews.previews, scheduler: ManualUpdateScheduler())
        let card = try host.inspect().find(text: "Card")
        #expect(card.inheritedAttribute("previewDevice") == "iPhone 15")
        #expect(card.inheritedAttribute("previewLayout") == "fixed 320×200")
        #expect(card.inheritedAttribute("previewDisplayName") == "Card, landscape")
        #expect(card.inheritedAttribute("previewInterfaceOrientation") == "landscapeLeft")
        #expect(card.inheritedAttribute("previewContext") == "Widgetish")
        #expect(CardPreviews.platform == nil)
        let device: PreviewDevice = "iPad Pro"
        #expect(device.rawValue == "iPad Pro")
        #expect(PreviewDevice(stringLiteral: "Mac") == PreviewDevice(rawValue: "Mac"))
        #expect(InterfaceOrientation.allCases.map(\.id) == ["portrait", "portraitUpsideDown", "landscapeLeft", "landscapeRight"])
        #expect(InterfaceOrientation.portrait != .landscapeRight)
        #expect(InterfaceOrientation.portraitUpsideDown.id == "portraitUpsideDown")
        #expect(Widgetish()[ContextKey.self] == ContextKey.defaultValue)
        #expect(PreviewPlatform.allCasesForTest == [.iOS, .macOS, .tvOS, .watchOS])
    }

    // MARK: Renaming

    struct RenamableRow: View {
        @FocusState private var editing: Bool
        @State private var name = "Inbox"

        var body: some View {
            VStack {
                RenameButton()
                TextField("Name", text: $name).focused($editing)
                Text(editing ? "editing" : "idle")
            }
            .renameAction($editing)
        }
    }

    struct RenameButton: View {
        @Environment(\.rename) private var rename

        var body: some View {
            Button(rename == nil ? "No rename" : "Rename") { rename?.callAsFunction() }
        }
    }

    @Test func theRenameActionFocusesTheFieldOrRunsTheClosure() throws {
        let log = PhaseLog()
        let (host, _) = mount(RenamableRow())
        #expect(try host.inspect().find(text: "idle").string() == "idle")
        try host.tap("Rename")
        host.update()
        #expect(try host.inspect().find(text: "editing").string() == "editing")

        let (closureHost, _) = mount(RenameButton().renameAction { log.changes.append("renamed") })
        try closureHost.tap("Rename")
        #expect(log.changes == ["renamed"])
        let (plainHost, _) = mount(RenameButton())
        #expect(plainHost.buttonLabels == ["No rename"])
    }
}

extension PreviewPlatform {
    static var allCasesForTest: [PreviewPlatform] { [.iOS, .macOS, .tvOS, .watchOS] }
}
