import DeclarativeViews
import Foundation
import Testing

/// A to-do app as tutorials write it: an `ObservableObject` store owned by the `App` with
/// `@StateObject`, handed down with `.environmentObject`, saved as JSON in the documents
/// directory; a list with sections, swipe actions, `onDelete`/`onMove` and an `EditButton`; an
/// alert with a text field to add; a detail sheet dismissing itself; `@AppStorage` settings;
/// `.searchable` with `ContentUnavailableView.search`.
enum TodoFixture {
    struct TodoItem: Identifiable, Codable, Hashable {
        var id = UUID()
        var title: String
        var isDone = false
        var notes = ""
        var priority = Priority.normal
    }

    enum Priority: String, Codable, CaseIterable, Identifiable {
        case low, normal, high
        var id: Self { self }
    }

    @MainActor final class TodoStore: ObservableObject {
        @Published var items: [TodoItem] = [] {
            didSet { save() }
        }
        let fileURL: URL

        init(folder: URL = URL.documentsDirectory) {
            fileURL = folder.appending(path: "todos.json")
            load()
        }

        var open: [TodoItem] { items.filter { !$0.isDone } }
        var done: [TodoItem] { items.filter(\.isDone) }

        func add(_ title: String) {
            let trimmed = title.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { return }
            items.append(TodoItem(title: trimmed))
        }

        func toggle(_ item: TodoItem) {
            guard let index = items.firstIndex(where: { $0.id == item.id }) else { return }
            items[index].isDone.toggle()
        }

        func delete(_ item: TodoItem) {
            items.removeAll { $0.id == item.id }
        }

        func binding(for item: TodoItem) -> Binding<TodoItem> {
            Binding(
                get: { self.items.first { $0.id == item.id } ?? item },
                set: { newValue in
                    if let index = self.items.firstIndex(where: { $0.id == item.id }) { self.items[index] = newValue }
                })
        }

        private func load() {
            guard let data = try? Data(contentsOf: fileURL) else { return }
            items = (try? JSONDecoder().decode([TodoItem].self, from: data)) ?? []
        }

        private func save() {
            let data = try? JSONEncoder().encode(items)
            try? data?.write(to: fileURL, options: .atomic)
        }
    }

    struct TodoApp: App {
        /// Where the app saves (the documents directory; tests point it elsewhere).
        @MainActor static var folder = URL.documentsDirectory
        @StateObject private var store = TodoStore(folder: TodoApp.folder)

        var body: some Scene {
            WindowGroup {
                ContentView()
                    .environmentObject(store)
            }
        }
    }

    struct ContentView: View {
        @EnvironmentObject var store: TodoStore
        @AppStorage("showCompleted") private var showCompleted = true
        @State private var isAdding = false
        @State private var newTitle = ""
        @State private var searchText = ""
        @State private var selected: TodoItem?
        @State private var showingSettings = false

        private func matches(_ item: TodoItem) -> Bool {
            searchText.isEmpty || item.title.localizedCaseInsensitiveContains(searchText)
        }

        var body: some View {
            NavigationStack {
                Group {
                    if store.items.isEmpty {
                        ContentUnavailableView("No To-Dos", systemImage: "checklist", description: Text("Tap + to add one."))
                    } else if !searchText.isEmpty && !store.items.contains(where: matches) {
                        ContentUnavailableView.search(text: searchText)
                    } else {
                        list
                    }
                }
                .navigationTitle("To-Dos")
                .searchable(text: $searchText, prompt: "Search to-dos")
                .toolbar {
                    ToolbarItem(placement: .topBarLeading) {
                        EditButton()
                    }
                    ToolbarItem(placement: .primaryAction) {
                        Button {
                            isAdding = true
                        } label: {
                            Label("Add", systemImage: "plus")
                        }
                    }
                    ToolbarItem(placement: .bottomBar) {
                        Button("Settings") { showingSettings = true }
                    }
                }
                .alert("New To-Do", isPresented: $isAdding) {
                    TextField("Title", text: $newTitle)
                    Button("Cancel", role: .cancel) { newTitle = "" }
                    Button("Add") {
                        store.add(newTitle)
                        newTitle = ""
                    }
                } message: {
                    Text("What do you need to do?")
                }
                .sheet(item: $selected) { item in
                    TodoDetail(item: store.binding(for: item))
                }
                .sheet(isPresented: $showingSettings) {
                    SettingsView()
                }
            }
        }

        private var list: some View {
            List {
                Section("Open (\(store.open.count))") {
                    ForEach(store.open.filter(matches)) { item in
                        row(item)
                    }
                    .onDelete { offsets in
                        let open = store.open.filter(matches)
                        for offset in offsets { store.delete(open[offset]) }
                    }
                    .onMove { source, destination in
                        var open = store.open
                        open.move(fromOffsets: source, toOffset: destination)
                        store.items = open + store.done
                    }
                }
                if showCompleted {
                    Section("Done") {
                        ForEach(store.done.filter(matches)) { item in
                            row(item)
                        }
                        .onDelete { offsets in
                            let done = store.done.filter(matches)
                            for offset in offsets { store.delete(done[offset]) }
                        }
                    }
                }
            }
            .listStyle(.insetGrouped)
        }

        private func row(_ item: TodoItem) -> some View {
            HStack {
                Image(systemName: item.isDone ? "checkmark.circle.fill" : "circle")
                Text(item.title)
                    .strikethrough(item.isDone)
                Spacer()
                if item.priority == .high {
                    Image(systemName: "exclamationmark")
                }
            }
            .contentShape(Rectangle())
            .onTapGesture { selected = item }
            .swipeActions(edge: .leading) {
                Button(item.isDone ? "Reopen" : "Complete") { store.toggle(item) }
                    .tint(.green)
            }
            .swipeActions(edge: .trailing, allowsFullSwipe: true) {
                Button("Delete", role: .destructive) { store.delete(item) }
            }
        }
    }

    struct TodoDetail: View {
        @Binding var item: TodoItem
        @Environment(\.dismiss) private var dismiss

        var body: some View {
            NavigationStack {
                Form {
                    TextField("Title", text: $item.title)
                    Toggle("Done", isOn: $item.isDone)
                    Picker("Priority", selection: $item.priority) {
                        ForEach(Priority.allCases) { priority in
                            Text(priority.rawValue.capitalized).tag(priority)
                        }
                    }
                    Section("Notes") {
                        TextEditor(text: $item.notes)
                    }
                }
                .navigationTitle(item.title)
                .navigationBarTitleDisplayMode(.inline)
                .toolbar {
                    ToolbarItem(placement: .confirmationAction) {
                        Button("Close") { dismiss() }
                    }
                }
            }
        }
    }

    struct SettingsView: View {
        @AppStorage("showCompleted") private var showCompleted = true
        @Environment(\.dismiss) private var dismiss

        var body: some View {
            NavigationStack {
                Form {
                    Toggle("Show Completed", isOn: $showCompleted)
                }
                .navigationTitle("Settings")
                .toolbar {
                    Button("Done") { dismiss() }
                }
            }
        }
    }
}

@MainActor @Suite(.serialized) struct TodoAppTests {
    typealias Fixture = TodoFixture

    init() {
        UserDefaults.standard.removeObject(forKey: "showCompleted")
    }

    /// The app, saving in `folder`.
    private func app(_ folder: URL) -> Fixture.TodoApp {
        Fixture.TodoApp.folder = folder
        return Fixture.TodoApp()
    }

    @Test func addingTodosThroughTheAlertListsThemAndSavesThemToTheDocumentsFolder() throws {
        let folder = temporaryDocuments("todo-add")
        let host = launch(app(folder))
        #expect(host.renderedText.contains("No To-Dos"))
        try host.tap("Add")
        host.update()
        #expect(host.renderedText.contains("What do you need to do?"))
        try host.type("Buy milk", into: "Title")
        try host.tap("Add")
        host.update()
        try host.tap("Add")
        host.update()
        try host.type("Walk the dog", into: "Title")
        try host.tap("Add")
        host.update()
        #expect(host.renderedText.contains("Open (2)"))
        #expect(host.renderedText.contains(#"Text "Buy milk""#))
        #expect(host.renderedText.contains(#"Text "Walk the dog""#))
        let saved = try JSONDecoder().decode([Fixture.TodoItem].self, from: Data(contentsOf: folder.appending(path: "todos.json")))
        #expect(saved.map(\.title) == ["Buy milk", "Walk the dog"])

        // A second launch reads what the first saved.
        let again = launch(app(folder))
        #expect(again.renderedText.contains("Open (2)"))
    }

    /// A store with three items, saved where the app looks.
    private func seeded(_ name: String) throws -> URL {
        let folder = temporaryDocuments(name)
        let items = ["Buy milk", "Walk the dog", "Call mum"].map { Fixture.TodoItem(title: $0) }
        try JSONEncoder().encode(items).write(to: folder.appending(path: "todos.json"))
        return folder
    }

    @Test func swipingCompletesAndDeletesRowsAndTheSettingHidesDoneOnes() throws {
        let host = launch(app(try seeded("todo-swipe")))
        try host.swipe("Buy milk", edge: .leading)
        host.update()
        try host.tap("Complete")
        host.update()
        #expect(host.renderedText.contains("Open (2)"))
        #expect(host.renderedText.contains(#"Text "Done""#))
        try host.swipeDelete("Call mum")
        host.update()
        #expect(host.renderedText.contains("Open (1)"))
        #expect(!host.renderedText.contains("Call mum"))
        try host.swipe("Walk the dog")
        host.update()
        try host.tap("Delete")
        host.update()
        #expect(host.renderedText.contains("Open (0)"))

        try host.tap("Settings")
        host.update()
        try host.toggle("Show Completed")
        host.update()
        try host.tap("Done")
        host.update()
        #expect(!host.renderedText.contains("Buy milk"), "done rows hidden")
        #expect(UserDefaults.standard.bool(forKey: "showCompleted") == false)
    }

    @Test func editModeMovesRowsAndSearchFiltersThem() throws {
        let host = launch(app(try seeded("todo-move")))
        #expect(throws: ViewHostError.self) { try host.move("Call mum", to: 0) }
        try host.tap("Edit")
        host.update()
        #expect(host.buttonLabels.contains("Done"))
        try host.move("Call mum", to: 0)
        host.update()
        let text = host.renderedText
        let mum = try #require(text.range(of: "Call mum")), milk = try #require(text.range(of: "Buy milk"))
        #expect(mum.lowerBound < milk.lowerBound)

        try host.search("dog")
        host.update()
        #expect(host.renderedText.contains("Walk the dog"))
        #expect(!host.renderedText.contains("Buy milk"))
        try host.search("zebra")
        host.update()
        #expect(host.renderedText.contains(#"No Results for "zebra""#) || host.renderedText.contains("zebra"))
        #expect(!host.renderedText.contains("Walk the dog"))
    }

    @Test func tappingARowOpensItsDetailWhoseEditsReachTheListAndCloseDismissesIt() throws {
        let host = launch(app(try seeded("todo-detail")))
        try host.inspect().find(text: "Walk the dog").tap()
        host.update()
        try host.type("Walk the cat", into: "Title")
        host.update()
        try host.inspect().find(picker: "Priority").select("High")
        try host.toggle("Done")
        host.update()
        try host.tap("Close")
        host.update()
        #expect(throws: InspectionError.self) { try host.inspect().find(picker: "Priority") }
        #expect(host.renderedText.contains("Walk the cat"))
        #expect(host.renderedText.contains("Open (2)"))
    }
}
