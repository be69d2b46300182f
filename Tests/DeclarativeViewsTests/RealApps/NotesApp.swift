import Combine
import DeclarativeViews
import Foundation
import Testing

/// A notes app in the macOS shape: a `NavigationSplitView` of notes, an editor publishing the
/// note being edited with `.focusedSceneObject`, menu-bar commands that read it with
/// `@FocusedObject` (pin, word count) and a `@FocusedValue` for the delete command, a status
/// bar reading the focused note's word count as the user types, `.searchable` in the sidebar,
/// `.onChange(of:)` stamping the modification date, and a settings scene with `@AppStorage`.
enum NotesFixture {
    @MainActor final class Note: ObservableObject, Identifiable, Hashable {
        nonisolated let id = UUID()
        @Published var title: String
        @Published var body: String
        @Published var isPinned = false
        @Published var edits = 0

        init(title: String, body: String) {
            self.title = title
            self.body = body
        }

        var wordCount: Int { body.split(whereSeparator: \.isWhitespace).count }

        nonisolated static func == (lhs: Note, rhs: Note) -> Bool { lhs.id == rhs.id }
        nonisolated func hash(into hasher: inout Hasher) { hasher.combine(id) }
    }

    @MainActor final class NoteLibrary: ObservableObject {
        @Published var notes = [
            Note(title: "Groceries", body: "eggs milk bread"),
            Note(title: "Ideas", body: "a headless swiftui"),
        ]

        var sorted: [Note] { notes.filter(\.isPinned) + notes.filter { !$0.isPinned } }
    }

    struct DeleteNoteKey: FocusedValueKey {
        typealias Value = () -> Void
    }

    struct NotesApp: App {
        @StateObject private var library = NoteLibrary()

        var body: some Scene {
            WindowGroup {
                NotesView()
                    .environmentObject(library)
            }
            .commands {
                NoteCommands()
            }
            Settings {
                NotesSettings()
            }
        }
    }

    struct NoteCommands: Commands {
        @FocusedObject private var note: Note?
        @FocusedValue(\.deleteNote) private var deleteNote

        var body: some Commands {
            CommandMenu("Note") {
                Button(note?.isPinned == true ? "Unpin" : "Pin") { note?.isPinned.toggle() }
                    .keyboardShortcut("p")
                    .disabled(note == nil)
                Button("Delete Note") { deleteNote?() }
                    .disabled(deleteNote == nil)
                Divider()
                Text("\(note?.wordCount ?? 0) words")
            }
        }
    }

    struct NotesView: View {
        @EnvironmentObject private var library: NoteLibrary
        @State private var selection: Note?
        @State private var query = ""

        var body: some View {
            NavigationSplitView {
                List(library.sorted.filter { query.isEmpty || $0.title.localizedCaseInsensitiveContains(query) },
                     selection: $selection) { note in
                    NoteRow(note: note)
                        .tag(note)
                }
                .searchable(text: $query, placement: .sidebar)
                .navigationTitle("Notes")
                .toolbar {
                    Button("New Note", systemImage: "square.and.pencil") {
                        let note = Note(title: "Untitled", body: "")
                        library.notes.append(note)
                        selection = note
                    }
                }
            } detail: {
                if let selection {
                    NoteEditor(note: selection)
                        .focusedSceneObject(selection)
                        .focusedSceneValue(\.deleteNote) {
                            library.notes.removeAll { $0 == selection }
                            self.selection = nil
                        }
                        .id(selection.id)
                } else {
                    Text("No Note Selected")
                }
            }
        }
    }

    struct NoteRow: View {
        @ObservedObject var note: Note

        var body: some View {
            HStack {
                if note.isPinned { Image(systemName: "pin.fill") }
                Text(note.title)
            }
        }
    }

    struct NoteEditor: View {
        @ObservedObject var note: Note
        @AppStorage("showWordCount") private var showWordCount = true

        var body: some View {
            VStack {
                TextField("Title", text: $note.title)
                TextEditor(text: $note.body)
                if showWordCount {
                    StatusBar()
                }
            }
            .onChange(of: note.body) { oldValue, newValue in
                note.edits += 1
            }
        }
    }

    /// Reads the focused note itself, as a status bar in another part of the window would.
    struct StatusBar: View {
        @FocusedObject private var note: Note?

        var body: some View {
            Text("\(note?.wordCount ?? 0) words, \(note?.edits ?? 0) edits")
        }
    }

    struct NotesSettings: View {
        @AppStorage("showWordCount") private var showWordCount = true

        var body: some View {
            Form {
                Toggle("Show Word Count", isOn: $showWordCount)
            }
        }
    }
}

extension FocusedValues {
    var deleteNote: NotesFixture.DeleteNoteKey.Value? {
        get { self[NotesFixture.DeleteNoteKey.self] }
        set { self[NotesFixture.DeleteNoteKey.self] = newValue }
    }
}

@MainActor @Suite(.serialized) struct NotesAppTests {
    typealias Fixture = NotesFixture

    init() {
        UserDefaults.standard.removeObject(forKey: "showWordCount")
    }

    @Test func typingInTheFocusedNoteUpdatesTheStatusBarAndTheCommandsThatReadIt() throws {
        let host = launch(Fixture.NotesApp())
        #expect(host.renderedText.contains("No Note Selected"))
        #expect(try host.inspect().find(button: "Pin").isDisabled())
        try host.select("Groceries")
        host.update()
        #expect(host.renderedText.contains("3 words, 0 edits"))
        #expect(host.renderedText.contains(#"Text "3 words""#), "the menu reads the focused note")
        try host.type("eggs milk bread butter jam", into: "TextEditor")
        host.update()
        #expect(host.renderedText.contains("5 words, 1 edits"), "the focused note's changes reach @FocusedObject")
        #expect(host.renderedText.contains(#"Text "5 words""#))
    }

    @Test func thePinCommandPinsTheFocusedNoteAndDeleteRemovesIt() throws {
        let host = launch(Fixture.NotesApp())
        try host.select("Ideas")
        host.update()
        try host.tap("Pin")
        host.update()
        #expect(host.buttonLabels.contains("Unpin"))
        #expect(host.renderedText.contains("pin.fill"))
        try host.tap("Delete Note")
        host.update()
        #expect(host.renderedText.contains("No Note Selected"))
        #expect(!host.renderedText.contains(#"Text "Ideas""#))
    }

    @Test func newNotesAreSelectedAndSearchFiltersTheSidebar() throws {
        let host = launch(Fixture.NotesApp())
        try host.tap("New Note")
        host.update()
        try host.type("Recipes", into: "Title")
        host.update()
        #expect(host.renderedText.contains(#"Text "Recipes""#))
        try host.search("gro")
        host.update()
        #expect(host.renderedText.contains("Groceries"))
        #expect(!host.renderedText.contains(#"Text "Ideas""#))
    }

    @Test func theSettingsWindowHidesTheWordCount() throws {
        let host = launch(Fixture.NotesApp())
        try host.select("Ideas")
        host.update()
        #expect(host.renderedText.contains("3 words,"))
        host.openSettings()
        host.update()
        try host.toggle("Show Word Count")
        host.update()
        #expect(!host.renderedText.contains("3 words,"))
    }
}
