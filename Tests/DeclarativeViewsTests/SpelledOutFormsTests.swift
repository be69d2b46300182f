import DeclarativeViews
import Foundation
import Testing

/// Code that spells out what SwiftUI code usually leaves to inference: property wrappers made by
/// their initialisers (`_model = StateObject(wrappedValue:)`), generic types written by name
/// (`SearchUnavailableContent`, `PlaceholderContentView`, `DynamicViewContent`), result-builder
/// calls made by hand, and options built from raw values. Each form shows what the inferred one does.
@MainActor @Suite struct SpelledOutFormsTests {
    // MARK: Property wrappers made by their initialisers

    struct Shelf: View {
        @StateObject private var owned: Library
        @ObservedObject private var shared: Library
        @ObservedObject private var legacy: Library
        @EnvironmentObject private var fromAbove: Library
        @Bindable private var book: Book

        init(shared: Library, book: Book) {
            _owned = StateObject(wrappedValue: Library("owned"))
            _shared = ObservedObject(wrappedValue: shared)
            _legacy = ObservedObject(initialValue: shared)
            _fromAbove = EnvironmentObject()
            _book = Bindable(wrappedValue: book)
        }

        var body: some View {
            VStack {
                Text("\(owned.name) \(owned.books.count), \(shared.name) \(shared.books.count)/\(legacy.books.count)")
                Text("above: \(fromAbove.name)")
                TextField("Title", text: $book.title)
                Text("book: \(book.title)")
                Button("Add") { owned.books.append("Emma"); shared.books.append("Dune") }
            }
        }
    }

    @Test func wrappersMadeByTheirInitialisersOwnObserveReadAndBindAsTheAttributeFormsDo() throws {
        let shared = Library("shared")
        let book = Book()
        let (host, scheduler) = mount(Shelf(shared: shared, book: book).environmentObject(Library("above")))
        #expect(host.renderedText.contains(#"Text "owned 0, shared 0/0""#))
        #expect(host.renderedText.contains(#"Text "above: above""#))
        try host.tap("Add")
        scheduler.flush()
        #expect(host.renderedText.contains(#"Text "owned 1, shared 1/1""#))
        try host.type("Persuasion", into: "Title")
        scheduler.flush()
        #expect(book.title == "Persuasion")
        #expect(host.renderedText.contains(#"Text "book: Persuasion""#))
    }

    struct Spaced: View {
        private var space = Namespace()
        @State private var taps = 0
        var body: some View {
            VStack {
                Text("\(space.wrappedValue)").matchedGeometryEffect(id: "label", in: space.wrappedValue)
                Button("Tap \(taps)") { taps += 1 }
            }
        }
    }

    @Test func aNamespaceMadeByItsInitialiserKeepsItsIdentityAcrossUpdates() throws {
        let (host, scheduler) = mount(Spaced())
        let match = try #require(host.renderedText.firstMatch(of: /Text "(namespace \d+)"/))
        let first = String(match.output.1)
        try host.tap("Tap 0")
        scheduler.flush()
        #expect(host.renderedText.contains(#"Text "\#(first)""#), "the same id after an update")
        #expect(host.renderedText.contains("matchedGeometryEffect=id: label, in: \(first)"))
    }

    @Test func freshEnvironmentValuesHoldTheDefaults() {
        var values = EnvironmentValues()
        #expect(values.isEnabled)
        values.isEnabled = false
        #expect(!values.isEnabled && EnvironmentValues().isEnabled, "a copy changes only itself")
    }

    // MARK: Navigation by name

    struct Columns: View {
        @State private var compact = NavigationSplitViewColumn.sidebar
        @State private var visibility = NavigationSplitViewVisibility.all
        var body: some View {
            NavigationSplitView(preferredCompactColumn: $compact) {
                Button("Two columns") { visibility = .doubleColumn }
            } detail: {
                Text(compact == .sidebar ? "prefers sidebar" : "prefers \(compact)")
            }
        }
    }

    struct ThreeColumns: View {
        @State private var compact = NavigationSplitViewColumn.content
        @State private var visibility = NavigationSplitViewVisibility.all
        var body: some View {
            VStack {
                NavigationSplitView(preferredCompactColumn: $compact) {
                    Text("Mailboxes")
                } content: {
                    Text("Messages")
                } detail: {
                    Text("Message")
                }
                NavigationSplitView(columnVisibility: $visibility) {
                    Text("Folders")
                } content: {
                    Text("Notes")
                } detail: {
                    Button("Two columns") { visibility = .doubleColumn }
                }
            }
        }
    }

    @Test func aPreferredCompactColumnStillShowsEveryColumnInARegularWidthWindow() throws {
        let (host, _) = mount(Columns())
        #expect(host.renderedText.contains("sidebar:") && host.renderedText.contains("detail:"))
        #expect(host.renderedText.contains(#"Text "prefers sidebar""#))
        let (three, _) = mount(ThreeColumns())
        for title in ["Mailboxes", "Messages", "Message", "Folders", "Notes"] {
            #expect(three.renderedText.contains(#"Text "\#(title)""#))
        }
    }

    @Test func doubleColumnVisibilityHidesTheSidebarOfAThreeColumnView() throws {
        let (host, scheduler) = mount(ThreeColumns())
        try host.tap("Two columns")
        scheduler.flush()
        host.update()
        #expect(host.renderedText.contains("columnVisibility=doubleColumn"))
        #expect(!host.renderedText.contains(#"Text "Folders""#))
        #expect(host.renderedText.contains(#"Text "Notes""#))
        #expect(host.renderedText.contains(#"Text "Mailboxes""#), "the other split view is unchanged")
    }

    @Test func aTitleDisplayModeNamedThroughNavigationBarItemIsRecorded() {
        let mode: NavigationBarItem.TitleDisplayMode = .large
        let (host, _) = mount(NavigationStack { Text("Inbox").navigationBarTitleDisplayMode(mode) })
        #expect(host.renderedText.contains("navigationBarTitleDisplayMode=large"))
    }

    @Test func aToolbarItemWithAnIdShowsItsContentAtItsPlacement() throws {
        var added = 0
        let (host, _) = mount(NavigationStack {
            Text("Notes").toolbar {
                ToolbarItem(id: "add", placement: .primaryAction) { Button("New") { added += 1 } }
                ToolbarItem(id: "share") { Button("Share") {} }
            }
        })
        #expect(host.renderedText.contains(#"Button "New" [placement=primaryAction]"#))
        #expect(host.renderedText.contains(#"Button "Share""#))
        try host.tap("New")
        #expect(added == 1)
    }

    // MARK: Lists and scrolling

    struct Task: Identifiable {
        let id: Int
        var title: String
    }

    /// How many rows a piece of dynamic content makes (a helper generic over `DynamicViewContent`).
    static func rowCount<Rows: DynamicViewContent>(_ rows: Rows) -> Int { rows.data.count }

    @Test func dynamicContentEditableContentAndItsIndexedDataAreNamedTypes() throws {
        var tasks = [Task(id: 1, title: "Write"), Task(id: 2, title: "Read")]
        let binding = Binding(get: { tasks }, set: { tasks = $0 })
        let rows: ForEach<IndexedIdentifierCollection<[Task], Int>, Int, EditableCollectionContent<Text, [Task]>> =
            ForEach(binding, editActions: EditActions(rawValue: 1)) { $task in Text(task.title) }
        let data: IndexedIdentifierCollection<[Task], Int> = rows.data
        #expect(data.map(\.id) == [1, 2])
        #expect(Self.rowCount(rows) == 2 && Self.rowCount(ForEach(tasks) { Text($0.title) }) == 2)
        #expect(EditActions<[Task]>(rawValue: 1) == .delete && EditActions<[Task]>(rawValue: 3) == .all)
        let (host, scheduler) = mount(List { rows })
        #expect(host.renderedText.contains(#"Text "Read""#))
        try host.swipeDelete("Write")
        scheduler.flush()
        #expect(tasks.map(\.title) == ["Read"], "rawValue 1 is .delete: the list deletes by itself")
    }

    @Test func pinnedSectionHeadersAndFootersShowInAHeadlessScrollView() {
        let pinned: PinnedScrollableViews = [.sectionHeaders, .sectionFooters]
        #expect(pinned == PinnedScrollableViews(rawValue: 3))
        let (host, _) = mount(ScrollView {
            LazyVGrid(columns: [GridItem()], pinnedViews: pinned) {
                Section(header: Text("A"), footer: Text("1 fruit")) { Text("Apple") }
            }
            LazyHGrid(rows: [GridItem()], pinnedViews: .sectionHeaders) {
                Section(header: Text("B")) { Text("Banana") }
            }
        })
        for text in ["A", "Apple", "1 fruit", "B", "Banana"] {
            #expect(host.renderedText.contains(#"Text "\#(text)""#))
        }
    }

    @Test func aScrollBounceBehaviorIsRecordedWithItsAxes() {
        let behavior: ScrollBounceBehavior = .basedOnSize
        let (host, _) = mount(ScrollView { Text("Short") }.scrollBounceBehavior(behavior, axes: .horizontal))
        #expect(host.renderedText.contains("scrollBounceBehavior=basedOnSize horizontal"))
    }

    // MARK: Search by name

    struct Recipes: View {
        @State private var query = ""
        var body: some View {
            ResultList(query: query).searchable(text: $query)
        }
    }

    struct ResultList: View {
        @Environment(\.dismissSearch) private var dismissSearch: DismissSearchAction
        let query: String
        var body: some View {
            VStack {
                if query.isEmpty {
                    Text("All recipes")
                } else {
                    let empty: ContentUnavailableView<SearchUnavailableContent.Label,
                        SearchUnavailableContent.Description, SearchUnavailableContent.Actions> = .search(text: query)
                    empty
                    Button("Clear") { dismissSearch() }
                }
            }
        }
    }

    @Test func searchUnavailableContentNamesTheQueryAndDismissSearchActionClearsIt() throws {
        let (host, scheduler) = mount(Recipes())
        #expect(host.renderedText.contains(#"Text "All recipes""#))
        try host.search("durian")
        scheduler.flush()
        #expect(host.renderedText.contains("durian"), "\(host.renderedText)")
        #expect(!host.renderedText.contains(#"Text "All recipes""#))
        try host.tap("Clear")
        scheduler.flush()
        #expect(host.renderedText.contains(#"Text "All recipes""#))
    }

    // MARK: Builders and transitions by name

    /// What an `if` without `else` hands its builder: the content when the condition holds.
    static func text(_ string: String, if condition: Bool) -> Text? { condition ? Text(string) : nil }

    @Test func builderCallsMadeByHandShowWhatTheirStatementFormsShow() {
        let shown = ViewBuilder.buildIf(Self.text("Shown", if: true))
        let hidden = ViewBuilder.buildIf(Self.text("Hidden", if: false))
        let erased: AnyView = ViewBuilder.buildLimitedAvailability(Text("New API"))
        let (host, _) = mount(VStack { shown; hidden; erased })
        #expect(host.renderedText.contains(#"Text "Shown""#))
        #expect(!host.renderedText.contains("Hidden"))
        #expect(host.renderedText.contains(#"Text "New API""#))
    }

    struct Fade: Transition {
        func body(content: PlaceholderContentView<Fade>, phase: TransitionPhase) -> some View {
            content.opacity(phase == .identity ? 1 : 0.25)
        }
    }

    @Test func aTransitionBodyTakesItsContentAsAPlaceholderContentView() {
        let (leaving, _) = mount(Fade().apply(content: Text("Bye"), phase: .didDisappear))
        #expect(leaving.renderedText == "Text \"Bye\" [opacity=0.25]")
        let (shown, _) = mount(Fade().apply(content: Text("Hi"), phase: .identity))
        #expect(shown.renderedText == "Text \"Hi\" [opacity=1]" || shown.renderedText == "Text \"Hi\"")
    }
}
