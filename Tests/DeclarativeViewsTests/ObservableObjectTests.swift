import DeclarativeViews
import RunLoopBridge
import Testing

/// `ObservableObject` without Combine: `@Published`, `@StateObject`, `@ObservedObject`,
/// `@EnvironmentObject`; and `@Observable` objects in `@State`, in the environment and through
/// `@Bindable`. Each scenario counts body runs: a change re-runs exactly the views holding the
/// object (or, for `@Observable`, the views that read the property).
final class Library: ObservableObject {
    @Published var books: [String] = []
    @Published var title = "Library"
    let name: String
    init(_ name: String = "library") { self.name = name }
}

@Observable final class Book {
    var title = "untitled"
    var pages = 0
}

@MainActor @Suite struct ObservableObjectTests {
    // MARK: Publishers

    @Test func publishedSendsObjectWillChangeBeforeTheValueChanges() {
        let library = Library()
        var seen: [[String]] = []
        let subscription = library.objectWillChange.sink { seen.append(library.books) }
        library.books.append("Dune")
        #expect(seen == [[]], "objectWillChange comes before the change")
        #expect(library.books == ["Dune"])
        var titles: [String] = []
        let titleSubscription = library.$title.sink { titles.append($0) }
        library.title = "Shelf"
        #expect(titles == ["Library", "Shelf"])
        #expect(seen.count == 2, "every @Published property sends it")
        subscription.cancel()
        library.books = []
        #expect(seen.count == 2, "a cancelled subscription receives nothing")
        _ = titleSubscription
        #expect(library.objectWillChange === library.objectWillChange, "one publisher per object")
    }

    // MARK: StateObject

    struct Shelf: View {
        @StateObject var library = Library()
        let recorder: Recorder
        var body: some View {
            let _ = recorder.record("shelf")
            VStack {
                Text("\(library.books.count) books")
                Button("add") { library.books.append("book") }
            }
        }
    }

    struct ShelfParent: View {
        @State var tick = 0
        let recorder: Recorder
        var body: some View {
            let _ = recorder.record("parent")
            VStack {
                Button("tick \(tick)") { tick += 1 }
                Shelf(recorder: recorder)
            }
        }
    }

    @Test func aStateObjectIsCreatedOnceAndSurvivesParentReRenders() throws {
        let recorder = Recorder()
        let (host, scheduler) = mount(ShelfParent(recorder: recorder))
        #expect(recorder.take() == ["parent", "shelf"])
        try host.tap("add")
        scheduler.flush()
        #expect(recorder.take() == ["shelf"], "only the view holding the object re-runs")
        #expect(host.renderedText.contains("1 books"))
        try host.tap("tick 0")
        scheduler.flush()
        #expect(recorder.take() == ["parent"])
        #expect(host.renderedText.contains("1 books"), "the parent's new Shelf value did not replace the object")
    }

    struct Holder: View {
        @StateObject var library: Library
        var body: some View { Text(library.name) }
    }

    struct Toggler: View {
        @State var shows = true
        let make: () -> Library
        var body: some View {
            VStack {
                Button("hide") { shows = false }
                if shows { Holder(library: make()) }
            }
        }
    }

    @Test func aStateObjectIsReleasedWhenItsViewLeaves() throws {
        let box = WeakBox<Library>()
        let (host, scheduler) = mount(Toggler(make: {
            let library = Library("kept")
            box.set(library)
            return library
        }))
        #expect(host.renderedText.contains("kept"))
        #expect(box.object != nil)
        try host.tap("hide")
        scheduler.flush()
        #expect(box.object == nil)
    }

    // MARK: ObservedObject and EnvironmentObject

    struct Count: View {
        @ObservedObject var library: Library
        let recorder: Recorder
        var body: some View {
            let _ = recorder.record("count")
            Text("\(library.books.count)")
        }
    }

    struct Title: View {
        @EnvironmentObject var library: Library
        let recorder: Recorder
        var body: some View {
            let _ = recorder.record("title")
            Text(library.title)
        }
    }

    struct Quiet: View {
        let recorder: Recorder
        var body: some View {
            let _ = recorder.record("quiet")
            Text("quiet")
        }
    }

    @Test func observedAndEnvironmentObjectsReRunTheirViewsOnly() {
        let recorder = Recorder()
        let library = Library()
        let (host, scheduler) = mount(
            VStack {
                Count(library: library, recorder: recorder)
                Title(recorder: recorder)
                Quiet(recorder: recorder)
            }
            .environmentObject(library))
        #expect(recorder.take() == ["count", "title", "quiet"])
        library.title = "Renamed"
        scheduler.flush()
        #expect(Set(recorder.take()) == ["count", "title"], "every holder of the object, not the others")
        #expect(host.renderedText.contains("Renamed"))
    }

    // MARK: @Observable in @State, the environment, @Bindable

    struct BookEditor: View {
        @Bindable var book: Book
        var body: some View {
            Button("rename") { $book.title.wrappedValue = "Dune" }
        }
    }

    struct BookTitle: View {
        @Environment(Book.self) private var book
        let recorder: Recorder
        var body: some View {
            let _ = recorder.record("title")
            Text(book.title)
        }
    }

    struct BookPages: View {
        @Environment(Book.self) private var book: Book?
        let recorder: Recorder
        var body: some View {
            let _ = recorder.record("pages")
            Text("\(book?.pages ?? -1) pages")
        }
    }

    struct BookScreen: View {
        @State private var book = Book()
        let recorder: Recorder
        var body: some View {
            let _ = recorder.record("screen")
            VStack {
                BookEditor(book: book)
                BookTitle(recorder: recorder)
                BookPages(recorder: recorder)
            }
            .environment(book)
        }
    }

    @Test func observableObjectsInStateTheEnvironmentAndBindable() throws {
        let recorder = Recorder()
        let (host, scheduler) = mount(BookScreen(recorder: recorder))
        #expect(recorder.take() == ["screen", "title", "pages"])
        #expect(host.renderedText.contains("untitled") && host.renderedText.contains("0 pages"))
        try host.tap("rename")
        scheduler.flush()
        #expect(recorder.take() == ["title"], "only the view that read the title")
        #expect(host.renderedText.contains("Dune"))
    }

    struct MissingBook: View {
        @Environment(Book.self) private var book: Book?
        var body: some View { Text(book == nil ? "no book" : "book") }
    }

    @Test func anOptionalEnvironmentObjectIsNilWithoutAnAncestor() {
        let (host, _) = mount(MissingBook())
        #expect(host.renderedText.contains("no book"))
    }

    // MARK: @State without a default

    struct Start: View {
        @State var count: Int
        var body: some View {
            Button("count \(count)") { count += 1 }
        }
    }

    @Test func stateWithoutADefaultIsSetByTheMemberwiseInitializer() throws {
        let (host, scheduler) = mount(Start(count: 5))
        #expect(host.renderedText.contains("count 5"))
        try host.tap("count 5")
        scheduler.flush()
        #expect(host.renderedText.contains("count 6"))
    }
}

struct CounterPreviews: PreviewProvider {
    static var previews: some View {
        VStack {
            Text("preview")
            Text("second")
        }
    }
}

@MainActor @Suite struct PreviewProviderTests {
    @Test func previewsRenderHeadless() {
        let text = CounterPreviews.renderPreviews()
        #expect(text.contains("preview") && text.contains("second"))
    }
}

/// `@Binding` from every kind of owner: `@State`, `@Bindable`, `@StateObject`, `@ObservedObject`.
@MainActor @Suite struct BindingSourceTests {
    struct Field: View {
        @Binding var text: String
        let name: String
        var body: some View {
            Button("\(name): \(text)") { text += "!" }
        }
    }

    struct Owners: View {
        @State private var plain = "s"
        @State private var book = Book()
        @StateObject private var library = Library()
        let shared: Library
        var body: some View {
            VStack {
                Field(text: $plain, name: "state")
                BindableField(book: book)
                Field(text: $library.title, name: "stateObject")
                ObservedField(library: shared)
            }
        }
    }

    struct BindableField: View {
        @Bindable var book: Book
        var body: some View { Field(text: $book.title, name: "bindable") }
    }

    struct ObservedField: View {
        @ObservedObject var library: Library
        var body: some View { Field(text: $library.title, name: "observed") }
    }

    @Test func bindingsWriteThroughToTheirOwnersAndUpdateTheViews() throws {
        let shared = Library()
        let (host, scheduler) = mount(Owners(shared: shared))
        for label in ["state: s", "bindable: untitled", "stateObject: Library", "observed: Library"] {
            try host.tap(label)
            scheduler.flush()
        }
        let text = host.renderedText
        for label in ["state: s!", "bindable: untitled!", "stateObject: Library!", "observed: Library!"] {
            #expect(text.contains(label), "\(label) in \(text)")
        }
        #expect(shared.title == "Library!")
    }
}
