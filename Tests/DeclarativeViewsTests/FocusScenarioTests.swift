import Combine
import DeclarativeViews
import Foundation
import Testing

/// Focus as a user meets it: a focusable view takes the focus through the driver (`isFocused`
/// turns true inside it), the focused view publishes focused values that a command elsewhere
/// reads and writes, the default focus is given when the screen appears and again after a reset.
@MainActor @Suite struct FocusScenarioTests {
    struct FocusedNoteKey: FocusedValueKey {
        typealias Value = Binding<String>
    }

    struct NoteCountKey: FocusedValueKey {
        typealias Value = Int
    }

    /// A note card: marked while it has the focus.
    struct NoteCard: View {
        @Binding var title: String
        @Environment(\.isFocused) private var isFocused
        var body: some View {
            Text(isFocused ? "> \(title)" : title)
        }
    }

    /// A command bar that acts on the focused note, wherever it is.
    struct NoteCommands: View {
        @FocusedBinding(\.focusedNote) private var title
        @FocusedValue(\.noteCount) private var count
        var body: some View {
            VStack {
                Text("editing \(title ?? "nothing") of \(count.map(String.init) ?? "?")")
                Button("Shout") { title = title?.uppercased() }.disabled(title == nil)
            }
        }
    }

    struct NotesScreen: View {
        @State private var notes = ["Groceries", "Ideas"]
        var body: some View {
            VStack {
                ForEach(notes.indices, id: \.self) { index in
                    NoteCard(title: $notes[index])
                        .focusable()
                        .focusedValue(\.focusedNote, $notes[index])
                }
                NoteCommands()
            }
            .focusedSceneValue(\.noteCount, notes.count)
        }
    }

    @Test func theFocusedNotePublishesItsTitleAndACommandElsewhereEditsIt() throws {
        let (host, scheduler) = mount(NotesScreen())
        #expect(host.renderedText.contains(#"Text "editing nothing of 2""#), "\(host.renderedText)")
        #expect(host.renderedText.contains("focusable"))
        #expect(throws: ViewHostError.buttonDisabled(label: "Shout")) { try host.tap("Shout") }

        try host.focus("Groceries")
        scheduler.flush()
        #expect(host.renderedText.contains(#"Text "> Groceries""#), "isFocused is true inside the focused card")
        #expect(host.renderedText.contains(#"Text "editing Groceries of 2""#), "\(host.renderedText)")
        #expect(host.focusedElement == "> Groceries")

        try host.tap("Shout")
        scheduler.flush()
        #expect(host.renderedText.contains(#"Text "> GROCERIES""#), "the command wrote through the published binding")
        #expect(host.renderedText.contains(#"Text "editing GROCERIES of 2""#))

        try host.focus("Ideas")
        scheduler.flush()
        #expect(host.renderedText.contains(#"Text "GROCERIES""#), "the first card lost the focus")
        #expect(host.renderedText.contains(#"Text "> Ideas""#))
        #expect(host.renderedText.contains(#"Text "editing Ideas of 2""#))
    }

    @Test func aScriptFocusesANoteByItsTitle() throws {
        let (host, _) = mount(NotesScreen())
        var renders: [String] = []
        try host.run(script: "focus Ideas", output: { renders.append($0) })
        #expect(renders.last?.contains(#"Text "editing Ideas of 2""#) == true, "\(renders)")
    }

    @Test func focusingAViewThatCannotTakeFocusNamesTheOnesThatCan() {
        let (host, _) = mount(NotesScreen())
        #expect(throws: ViewHostError.notFocusable(element: "Shout", available: ["Groceries", "Ideas"])) {
            try host.focus("Shout")
        }
    }

    @Test func aFocusableViewIsToldWhenItTakesAndLosesTheFocus() throws {
        struct Screen: View {
            @State private var log: [String] = []
            var body: some View {
                VStack {
                    Text("Canvas").focusable(onFocusChange: { log.append("canvas \($0)") })
                    Text("Palette").focusable(true, interactions: .activate)
                    Text("Disabled").focusable(false)
                    Text("log \(log.joined(separator: ","))")
                }
                .focusEffectDisabled()
            }
        }
        let (host, scheduler) = mount(Screen())
        #expect(host.renderedText.contains("focusable=activate"), "FocusInteractions are recorded")
        #expect(host.renderedText.contains("focusEffectDisabled"))
        try host.focus("Canvas")
        scheduler.flush()
        try host.focus("Palette")
        scheduler.flush()
        #expect(host.renderedText.contains("log canvas true,canvas false"), "\(host.renderedText)")
        #expect(throws: ViewHostError.self) { try host.focus("Disabled") }
        #expect(FocusInteractions(rawValue: 3) == .automatic)
        #expect(FocusInteractions.edit.rawValue == 2)
    }

    @Test func aFocusStateBindingFollowsTheDriverAndIsFocusedReadsIt() throws {
        struct FocusTile: View {
            let name: String
            @Environment(\.isFocused) private var isFocused
            var body: some View { Text(isFocused ? "[\(name)]" : name) }
        }
        struct Screen: View {
            enum Tile: Hashable { case red, blue }
            @FocusState private var focused: Tile?
            var body: some View {
                VStack {
                    FocusTile(name: "Red").focusable().focused($focused, equals: .red)
                    FocusTile(name: "Blue").focusable().focused($focused, equals: .blue)
                    Text("focused \(focused.map { "\($0)" } ?? "none")")
                    Button("Pick blue") { focused = .blue }
                }
            }
        }
        let (host, scheduler) = mount(Screen())
        try host.focus("Red")
        scheduler.flush()
        #expect(host.renderedText.contains(#"Text "[Red]""#))
        #expect(host.renderedText.contains("focused red"))
        try host.tap("Pick blue")
        scheduler.flush()
        #expect(host.renderedText.contains(#"Text "Red""#), "the binding moved the focus away")
        #expect(host.renderedText.contains(#"Text "[Blue]""#))
    }

    @Test func defaultFocusGivesTheFieldTheFocusWhenTheFormAppears() throws {
        struct LoginForm: View {
            enum Field: Hashable { case user, password }
            @FocusState private var field: Field?
            @State private var user = ""
            @State private var password = ""
            var body: some View {
                VStack {
                    TextField("User", text: $user).focused($field, equals: .user)
                    SecureField("Password", text: $password).focused($field, equals: .password)
                    Text("focus \(field.map { "\($0)" } ?? "none")")
                }
                .defaultFocus($field, .password, priority: .automatic)
            }
        }
        let (host, scheduler) = mount(LoginForm())
        scheduler.flush()
        #expect(host.renderedText.contains("focus password"), "\(host.renderedText)")
        try host.type("secret")
        scheduler.flush()
        #expect(host.renderedText.contains("••••••"), "typing goes to the default-focused field")
        _ = DefaultFocusEvaluationPriority.userInitiated
    }

    @Test func theViewThatPrefersDefaultFocusGetsItAndResetFocusGivesItBack() throws {
        struct Screen: View {
            @Namespace private var namespace
            @Environment(\.resetFocus) private var resetFocus: ResetFocusAction
            var body: some View {
                VStack {
                    Text("Sidebar").focusable()
                    Text("Editor").focusable().prefersDefaultFocus(in: namespace)
                    Button("Reset") { resetFocus(in: namespace) }
                }
                .focusScope(namespace)
                .focusSection()
            }
        }
        let (host, scheduler) = mount(Screen())
        scheduler.flush()
        #expect(host.focusedElement == "Editor", "\(host.renderedText)")
        #expect(host.renderedText.contains("focusScope="))
        #expect(host.renderedText.contains("focusSection"))
        try host.focus("Sidebar")
        scheduler.flush()
        #expect(host.focusedElement == "Sidebar")
        try host.tap("Reset")
        scheduler.flush()
        #expect(host.focusedElement == "Editor")
    }

    final class Draft: ObservableObject {
        @Published var title: String
        init(title: String) { self.title = title }
    }

    @Test func aFocusedObjectIsReadByTheViewThatShowsItsTitle() throws {
        struct Inspector: View {
            @FocusedObject() private var draft: Draft?
            var body: some View {
                VStack {
                    Text("inspecting \(draft?.title ?? "nothing")")
                    Button("Retitle") { $draft?.title.wrappedValue = "Renamed" }
                }
            }
        }
        struct Letter: View {
            @ObservedObject var draft: Draft
            var body: some View { Text(draft.title) }
        }
        struct Screen: View {
            @State private var first = Draft(title: "Letter")
            @State private var scene = Draft(title: "Scene")
            var body: some View {
                VStack {
                    Letter(draft: first).focusable().focusedObject(first)
                    Inspector()
                }
                .focusedSceneObject(scene)
            }
        }
        let (host, scheduler) = mount(Screen())
        scheduler.flush()
        #expect(host.renderedText.contains("inspecting Scene"), "a scene object shows while nothing is focused")
        try host.focus("Letter")
        scheduler.flush()
        #expect(host.renderedText.contains("inspecting Letter"), "\(host.renderedText)")
        try host.tap("Retitle")
        scheduler.flush()
        #expect(host.renderedText.contains(#"Text "Renamed""#), "the wrapper's binding wrote to the focused object")
    }

    /// The inspector of a document app reads the focused document with `@FocusedObject`; typing
    /// in the document (a `@Published` change) updates the inspector, as on Darwin, and so does
    /// a change made after the focus moved to another document — the inspector follows the new
    /// one, not the old.
    @Test func aFocusedObjectsPublishedChangesRerunTheViewThatReadsIt() throws {
        struct Inspector: View {
            @FocusedObject private var draft: Draft?
            var body: some View {
                Text("inspecting \(draft?.title ?? "nothing")")
            }
        }
        struct Letter: View {
            @ObservedObject var draft: Draft
            let name: String
            var body: some View { Text(name) }
        }
        struct Screen: View {
            let first: Draft
            let second: Draft
            var body: some View {
                VStack {
                    Letter(draft: first, name: "First").focusable().focusedObject(first)
                    Letter(draft: second, name: "Second").focusable().focusedObject(second)
                    Inspector()
                }
            }
        }
        let first = Draft(title: "Dear Ann"), second = Draft(title: "Dear Bo")
        let (host, scheduler) = mount(Screen(first: first, second: second))
        try host.focus("First")
        scheduler.flush()
        #expect(host.renderedText.contains("inspecting Dear Ann"))
        first.title = "Dear Anna"
        scheduler.flush()
        #expect(host.renderedText.contains("inspecting Dear Anna"), "a @Published change re-runs the reader")
        try host.focus("Second")
        scheduler.flush()
        #expect(host.renderedText.contains("inspecting Dear Bo"))
        second.title = "Dear Bob"
        scheduler.flush()
        #expect(host.renderedText.contains("inspecting Dear Bob"), "it follows the newly focused object")
        first.objectWillChange.send()
        scheduler.flush()
        #expect(host.renderedText.contains("inspecting Dear Bob"))
    }

    @Test func theFocusEffectEnvironmentValueIsOffUnderFocusEffectDisabled() {
        struct Probe: View {
            @Environment(\.isFocusEffectEnabled) private var enabled
            var body: some View { Text("effect \(enabled)") }
        }
        let (host, _) = mount(VStack { Probe(); Probe().focusEffectDisabled(true) })
        #expect(host.renderedText.contains("effect true"))
        #expect(host.renderedText.contains("effect false"))
    }
}

extension FocusedValues {
    var focusedNote: Binding<String>? {
        get { self[FocusScenarioTests.FocusedNoteKey.self] }
        set { self[FocusScenarioTests.FocusedNoteKey.self] = newValue }
    }

    var noteCount: Int? {
        get { self[FocusScenarioTests.NoteCountKey.self] }
        set { self[FocusScenarioTests.NoteCountKey.self] = newValue }
    }
}
