import DeclarativeViews
import Foundation
import RunLoopBridge
import Testing

/// The rest of SwiftUI's data flow as view code uses it: `_printChanges()` naming what changed,
/// Observation in the closures the view layer runs (`onChange` values, `GeometryReader`),
/// `@Observable` objects in `@State`, system environment values, animations, offset edits.
@MainActor @Suite struct DataFlowTests {
    struct Reader: View {
        let book: Book
        var body: some View {
            let _ = Self._printChanges()
            Text(book.title)
        }
    }

    struct Holder: View {
        @StateObject var library = Library()
        var body: some View {
            let _ = Self._printChanges()
            Text("\(library.books.count)")
        }
    }

    @Test func printChangesNamesObservableDependenciesAndObjects() {
        let book = Book()
        let (host, scheduler) = mount(VStack {
            Reader(book: book)
            Holder()
        })
        var lines: [String] = []
        host.printSink = { lines.append($0) }
        book.title = "Dune"
        scheduler.flush()
        #expect(lines == ["Reader: @dependencies changed."])
        lines.removeAll()
        let library = host.bodyEvaluations(of: Holder.self)
        #expect(library == 1)
    }

    @Test func printChangesNamesAStateObjectThatChanged() throws {
        struct Shelf: View {
            @StateObject var library = Library()
            var body: some View {
                let _ = Self._printChanges()
                Button("add \(library.books.count)") { library.books.append("b") }
            }
        }
        let (host, scheduler) = mount(Shelf())
        var lines: [String] = []
        host.printSink = { lines.append($0) }
        try host.tap("add 0")
        scheduler.flush()
        #expect(lines == ["Shelf: _library changed."])
    }

    struct Watcher: View {
        let book: Book
        let recorder: Recorder
        var body: some View {
            Text("watching")
                .onChange(of: book.pages) { old, new in recorder.record("pages \(old) → \(new)") }
        }
    }

    @Test func onChangeValuesReadFromObservableObjectsFire() {
        let recorder = Recorder()
        let book = Book()
        let (host, scheduler) = mount(Watcher(book: book, recorder: recorder))
        book.pages = 12
        scheduler.flush()
        #expect(host.bodyEvaluations(of: Watcher.self) == 2)
        #expect(recorder.take() == ["pages 0 → 12"])
    }

    @Test func geometryReaderContentTracksObservableReads() {
        let book = Book()
        let (host, scheduler) = mount(GeometryReader { _ in Text("title: \(book.title)") })
        scheduler.flush()
        #expect(host.renderedText.contains("title: untitled"))
        book.title = "Emma"
        scheduler.flush()
        #expect(host.renderedText.contains("title: Emma"))
    }

    // MARK: @Observable objects in @State

    struct Owner: View {
        @State private var book = Book()
        let box: WeakBox<Book>
        var body: some View {
            let _ = box.set(book)
            Button("pages \(book.pages)") { book.pages += 1 }
        }
    }

    struct OwnerParent: View {
        @State var shows = true
        @State var tick = 0
        let box: WeakBox<Book>
        var body: some View {
            VStack {
                Button("tick") { tick += 1 }
                Button("hide") { shows = false }
                Text("tick \(tick)")
                if shows { Owner(box: box) }
            }
        }
    }

    @Test func anObservableInStateSurvivesParentReRendersAndIsReleasedWithItsView() throws {
        let box = WeakBox<Book>()
        let (host, scheduler) = mount(OwnerParent(box: box))
        try host.tap("pages 0")
        scheduler.flush()
        #expect(host.renderedText.contains("pages 1"))
        let first = box.object.map(ObjectIdentifier.init)
        try host.tap("tick")
        scheduler.flush()
        #expect(host.renderedText.contains("tick 1") && host.renderedText.contains("pages 1"),
                "the parent's re-render did not replace the model")
        #expect(box.object.map(ObjectIdentifier.init) == first)
        try host.tap("hide")
        scheduler.flush()
        #expect(box.object == nil, "released when the view left")
    }

    // MARK: Environment, animation, edits

    struct EnvironmentProbe: View {
        @Environment(\.colorScheme) private var colorScheme
        @Environment(\.horizontalSizeClass) private var sizeClass
        @Environment(\.isPresented) private var isPresented
        @Environment(\.editMode) private var editMode
        @Environment(\.dismiss) private var dismiss
        @Environment(\.locale) private var locale
        @Environment(\.calendar) private var calendar
        @Environment(\.timeZone) private var timeZone
        var body: some View {
            VStack {
                Text("\(colorScheme) \(String(describing: sizeClass)) \(isPresented) \(editMode == nil)")
                Text("\(locale == .current) \(calendar == .current) \(timeZone == .current)")
                Button("dismiss") { dismiss() }
            }
        }
    }

    @Test func systemEnvironmentValuesHaveHeadlessDefaults() throws {
        let (host, _) = mount(EnvironmentProbe())
        #expect(host.renderedText.contains("light Optional(DeclarativeViews.UserInterfaceSizeClass.regular) false true"))
        #expect(host.renderedText.contains("true true true"))
        try host.tap("dismiss")  // not presented: nothing to dismiss, no crash
        let (dark, _) = mount(EnvironmentProbe().environment(\.colorScheme, .dark))
        #expect(dark.renderedText.contains("dark"))
    }

    @Test func withAnimationAppliesChangesAtOnce() throws {
        struct Animated: View {
            @State var on = false
            var body: some View {
                Button(on ? "on" : "off") { withAnimation(.easeInOut(duration: 1)) { on.toggle() } }
                    .animation(.default, value: on)
            }
        }
        let (host, scheduler) = mount(Animated())
        try host.tap("off")
        scheduler.flush()
        #expect(host.renderedText.contains("\"on\""))
        #expect(withTransaction(Transaction(animation: .linear)) { 3 } == 3)
    }

    @Test func offsetEditsAsOnDeleteAndOnMoveUseThem() {
        var items = ["a", "b", "c", "d", "e"]
        items.remove(atOffsets: IndexSet([1, 3]))
        #expect(items == ["a", "c", "e"])
        var letters = ["a", "b", "c", "d", "e"]
        letters.move(fromOffsets: IndexSet([0, 1]), toOffset: 4)
        #expect(letters == ["c", "d", "a", "b", "e"])
        letters.move(fromOffsets: IndexSet([4]), toOffset: 0)
        #expect(letters == ["e", "c", "d", "a", "b"])
        letters.move(fromOffsets: IndexSet([2]), toOffset: 5)
        #expect(letters == ["e", "c", "a", "b", "d"])
    }
}
