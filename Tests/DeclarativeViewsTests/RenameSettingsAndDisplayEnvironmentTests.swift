import DeclarativeViews
import Foundation
import Testing

/// A notes app's controls and environment: a Rename button starts the rename action its list
/// installs, a Settings link opens the Settings window, views read the display environment
/// (dynamic range, background prominence, control active state, the document), and bindables of
/// identifiable objects are identified by them.
@MainActor
@Suite struct RenameSettingsAndDisplayEnvironmentTests {
    struct NoteRow: View {
        @State private var renaming = false
        var body: some View {
            VStack {
                Text(renaming ? "Renaming" : "Shopping list")
                RenameButton()
            }
            .renameAction { renaming = true }
        }
    }

    @Test func theRenameButtonStartsTheRenameActionAboveIt() throws {
        let (host, _) = mount(NoteRow())
        try host.tap("[pencil] Rename")
        host.update()
        #expect(host.renderedText.contains("Renaming"))
        // Without a rename action the button is disabled.
        let (bare, _) = mount(RenameButton())
        #expect(throws: ViewHostError.self) { try bare.tap("[pencil] Rename") }
    }

    struct Notes: App {
        var body: some Scene {
            WindowGroup("Main") {
                VStack {
                    // The system's label: DefaultSettingsLinkLabel, "Settings…".
                    SettingsLink() as SettingsLink<DefaultSettingsLinkLabel>
                    SettingsLink { Text("Preferences…") }
                }
            }
            Settings { Text("Font size") }
        }
    }

    @Test func aSettingsLinkOpensTheSettingsWindow() throws {
        let host = ViewHost(app: Notes(), scheduler: ManualUpdateScheduler())
        host.update()
        #expect(host.windowTitles == ["Main"])
        try host.tap("Settings…")
        host.update()
        #expect(host.windowTitles == ["Main", "Settings"])
        try host.tap("Preferences…")
        host.update()
        #expect(host.windowTitles == ["Main", "Settings"])
    }

    struct Display: View {
        @Environment(\.allowedDynamicRange) private var range
        @Environment(\.backgroundProminence) private var prominence
        @Environment(\.controlActiveState) private var activeState
        @Environment(\.documentConfiguration) private var document

        var body: some View {
            Text("range \(range?.description ?? "any") prominence \(prominence) active \(activeState == .key ? "key" : "not key")"
                + " document \(document.map { "\($0.fileURL?.lastPathComponent ?? "new") \($0.isEditable)" } ?? "none")")
        }
    }

    @Test func viewsReadTheDisplayEnvironmentTheirContainersSet() {
        let (plain, _) = mount(Display())
        #expect(plain.renderedText.contains("range any prominence standard active key document none"))
        let (set, _) = mount(Display()
            .environment(\.allowedDynamicRange, .high)
            .environment(\.backgroundProminence, .increased)
            .environment(\.controlActiveState, .inactive))
        #expect(set.renderedText.contains("range high prominence increased active not key document none"))
    }

    @Observable final class Note: Identifiable {
        let id: Int
        var title: String
        init(id: Int, title: String) {
            self.id = id
            self.title = title
        }
    }

    @Test func aBindableIsIdentifiedByItsObject() {
        let note = Note(id: 7, title: "Groceries")
        let bindable = Bindable(note)
        #expect(bindable.id == 7)
    }
}
