import DeclarativeViews
import Foundation
import Testing

/// The gaps the whole-app fixtures (RealApps/) found, each as the smallest scenario that shows
/// it fixed.
@MainActor @Suite struct RealAppGapsTests {
    @Test func aTabViewWithoutASelectionBindingSwitchesTabsWhenATabIsTapped() throws {
        let (host, scheduler) = mount(TabView {
            Text("Inbox list").tabItem { Label("Inbox", systemImage: "tray") }
            Text("Settings form").tabItem { Label("Settings", systemImage: "gear") }
        })
        #expect(try host.inspect().find(text: "Inbox list").string() == "Inbox list")
        #expect(throws: InspectionError.self) { try host.inspect().find(text: "Settings form") }
        try host.tap("Settings")
        scheduler.flush()
        #expect(try host.inspect().find(text: "Settings form").string() == "Settings form")
        #expect(throws: InspectionError.self) { try host.inspect().find(text: "Inbox list") }
        try host.select("Inbox")
        scheduler.flush()
        #expect(try host.inspect().find(text: "Inbox list").string() == "Inbox list")
    }

    struct Toolbarish: View {
        @State private var log: [String] = []
        var body: some View {
            VStack {
                Button { log.append("add") } label: { Label("Add", systemImage: "plus") }
                Button { log.append("row") } label: {
                    VStack { Text("Ana"); Text("Hi there") }
                }
                Button { log.append("star") } label: {
                    Label("Toggle Favorite", systemImage: "star").labelStyle(.iconOnly)
                }
                Button("Delete", systemImage: "trash", role: .destructive) { log.append("delete") }
                Text("log \(log.joined(separator: ","))")
            }
        }
    }

    @Test func buttonsAreTappedByTheirTitleWithoutTheIconOrByOneOfTheirTexts() throws {
        let (host, scheduler) = mount(Toolbarish())
        try host.tap("Add")
        try host.tap("Ana")
        try host.tap("Toggle Favorite")
        try host.tap("Delete")
        scheduler.flush()
        #expect(host.renderedText.contains("log add,row,star,delete"))
    }

    @Test func anExactLabelWinsOverATitleFoundLaterOrEarlier() throws {
        struct Screen: View {
            @State private var log = ""
            var body: some View {
                VStack {
                    Button { log = "toolbar" } label: { Label("Add", systemImage: "plus") }
                    Button("Add") { log = "alert" }
                    Text("log \(log)")
                }
            }
        }
        let (host, scheduler) = mount(Screen())
        try host.tap("Add")
        scheduler.flush()
        #expect(host.renderedText.contains("log alert"))
    }

    @Observable final class Deck: Identifiable {
        let id = UUID()
        var name: String
        init(_ name: String) { self.name = name }
    }

    @Test func aForEachRowReRunsWhenAnObservablePropertyItsClosureReadChanges() {
        let decks = [Deck("Capitals"), Deck("Spanish")]
        let (host, scheduler) = mount(List { ForEach(decks) { deck in Text(deck.name) } })
        #expect(host.renderedText.contains("Spanish"))
        decks[1].name = "Español"
        scheduler.flush()
        #expect(host.renderedText.contains("Español"))
        #expect(!host.renderedText.contains("Spanish"))
    }

    final class Document: ObservableObject {
        @Published var words = 2
    }

    struct DocumentCommands: Commands {
        @FocusedObject private var document: Document?
        var body: some Commands {
            CommandMenu("Document") {
                Text("\(document?.words ?? 0) words")
                Button("Add Word") { document?.words += 1 }
                    .disabled(document == nil)
            }
        }
    }

    struct Editor: App {
        static let document = Document()
        var body: some Scene {
            WindowGroup {
                Text("Editor").focusedSceneObject(Self.document)
            }
            .commands { DocumentCommands() }
        }
    }

    @Test func commandsReadTheFocusedObjectAndFollowItsChanges() throws {
        let host = ViewHost(app: Editor(), scheduler: ManualUpdateScheduler())
        host.update()
        #expect(host.renderedText.contains(#"Text "2 words""#))
        try host.tap("Add Word")
        host.update()
        #expect(host.renderedText.contains(#"Text "3 words""#))
        Editor.document.words = 10
        host.update()
        #expect(host.renderedText.contains(#"Text "10 words""#))
    }

    @Test func theFocusedElementOfATextFieldIsItsTitle() throws {
        struct AnswerForm: View {
            @State private var answer = ""
            var body: some View { TextField("Your answer", text: $answer) }
        }
        let (host, _) = mount(AnswerForm())
        try host.type("Paris", into: "Your answer")
        #expect(host.focusedElement == "Your answer")
    }
}
