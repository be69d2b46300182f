import DeclarativeViews
import Foundation
import RunLoopBridge
import Testing

/// `@Observable` models: the properties a body reads become its dependencies, so a change re-runs
/// exactly the bodies that read it, at the next flush. (`import DeclarativeViews` brings
/// `@Observable` along, as `import SwiftUI` does.)
@Observable final class CounterModel {
    var count = 0
    var title = "counter"
}

@MainActor @Suite struct ObservationTests {
    struct CountView: View {
        let model: CounterModel
        let recorder: Recorder
        var body: some View {
            let _ = recorder.record("count")
            Text("count \(model.count)")
        }
    }

    struct TitleView: View {
        let model: CounterModel
        let recorder: Recorder
        var body: some View {
            let _ = recorder.record("title")
            Text(model.title)
        }
    }

    struct Parent: View {
        let model: CounterModel
        let recorder: Recorder
        var body: some View {
            let _ = recorder.record("parent")
            VStack {
                CountView(model: model, recorder: recorder)
                TitleView(model: model, recorder: recorder)
            }
        }
    }

    @Test func aMutationReRunsOnlyTheBodiesThatReadIt() {
        let recorder = Recorder()
        let model = CounterModel()
        let (host, scheduler) = mount(Parent(model: model, recorder: recorder))
        #expect(recorder.take() == ["parent", "count", "title"])

        model.count = 1
        #expect(scheduler.hasPendingUpdates, "the change asks for an update")
        #expect(recorder.take() == [], "nothing runs before the flush")
        scheduler.flush()
        #expect(recorder.take() == ["count"])
        #expect(host.renderedText.contains("count 1"))

        model.title = "renamed"
        scheduler.flush()
        #expect(recorder.take() == ["title"])
        #expect(host.renderedText.contains("renamed"))

        // Several changes before a flush: one run.
        model.count = 2
        model.count = 3
        scheduler.flush()
        #expect(recorder.take() == ["count"])
        #expect(host.renderedText.contains("count 3"))
    }

    @Test func siblingsSharingAModelBothUpdateAndTheParentDoesNot() {
        let recorder = Recorder()
        let model = CounterModel()
        let (host, scheduler) = mount(
            VStack {
                CountView(model: model, recorder: recorder)
                CountView(model: model, recorder: recorder)
            })
        #expect(recorder.take() == ["count", "count"])
        model.count = 7
        scheduler.flush()
        #expect(recorder.take() == ["count", "count"])
        #expect(host.renderedText.components(separatedBy: "count 7").count == 3)
    }

    /// A model in the root's `@State`, whose button's write changes a value an `.animation(_:value:)`
    /// watches: the animated update's records hold the button, whose action holds the model, and
    /// the model's registrar holds the trackings of the bodies that read it.
    struct AnimatedToggle: View {
        @State var model: CounterModel
        var body: some View {
            VStack {
                Text(model.count.isMultiple(of: 2) ? "even" : "odd")
                Button("bump") { model.count += 1 }
            }
            .animation(.default, value: model.count)
        }
    }

    @Test func aModelWrittenInAnAnimatedUpdateIsReleasedWithItsHost() throws {
        let probe = WeakBox<CounterModel>()
        weak var weakHost: ViewHost?
        do {
            let model = CounterModel()
            probe.set(model)
            let (host, _) = mount(AnimatedToggle(model: model))
            weakHost = host
            try host.tap("bump")
            host.update()
            #expect(host.renderedText.contains("odd"))
        }
        #expect(weakHost == nil)
        #expect(probe.object == nil, "no cycle through the model's trackings keeps it (and the graph) alive")
    }

    @Test func aViewThatLeftTheTreeIsNotInvalidated() {
        let recorder = Recorder()
        let model = CounterModel()
        struct Switch: View {
            @State var shows = true
            let model: CounterModel
            let recorder: Recorder
            var body: some View {
                VStack {
                    Button("hide") { shows = false }
                    if shows { CountView(model: model, recorder: recorder) }
                }
            }
        }
        let (host, scheduler) = mount(Switch(model: model, recorder: recorder))
        #expect(recorder.take() == ["count"])
        try? host.tap("hide")
        scheduler.flush()
        recorder.take()
        model.count = 5
        scheduler.flush()
        #expect(recorder.take() == [])
    }

    @Test func mutationsFromAnotherThreadAreDeliveredOnTheGraphsThread() {
        let recorder = Recorder()
        let model = CounterModel()
        let (host, scheduler) = mount(CountView(model: model, recorder: recorder))
        recorder.take()
        let box = _UncheckedBox(model)
        let done = DispatchSemaphore(value: 0)
        Thread { box.value.count = 9; done.signal() }.start()
        done.wait()
        #expect(!scheduler.hasPendingUpdates, "nothing touched the graph from the other thread")
        // The invalidation waits in this thread's run loop (the main run loop, in an app).
        for _ in 0..<200 where !scheduler.hasPendingUpdates {
            _ = RunLoop.current.run(mode: .default, before: Date(timeIntervalSinceNow: 0.01))
        }
        scheduler.flush()
        #expect(recorder.take() == ["count"])
        #expect(host.renderedText.contains("count 9"))
    }

    /// Rows whose content closure reads the models directly (`Text(models[i].title)`), and one
    /// that shows a constant until a model's flag is set.
    struct ModelRows: View {
        let models: [CounterModel]
        let recorder: Recorder
        var body: some View {
            VStack {
                ForEach(0..<models.count, id: \.self) { index in
                    let _ = recorder.record("row \(index)")
                    Text(index == 0 || models[0].count > 0 ? models[index].title : "fixed \(index)")
                }
            }
        }
    }

    @Test func aForEachRowReRunsAloneWhenAModelItsContentReadChanges() {
        let recorder = Recorder()
        let models = (0..<3).map { index in
            let model = CounterModel()
            model.title = "title \(index)"
            return model
        }
        let (host, scheduler) = mount(ModelRows(models: models, recorder: recorder))
        // Rows 1 and 2 read `models[0].count` only; row 0 reads its title as well. Each row runs
        // again under its own tracking the first time it reads a model (once).
        #expect(recorder.take().sorted() == ["row 0", "row 0", "row 1", "row 1", "row 2", "row 2"])
        models[0].title = "renamed"
        scheduler.flush()
        #expect(recorder.take() == ["row 0"], "only the row that read the title")
        #expect(host.renderedText.contains("renamed"))
        #expect(host.renderedText.contains("fixed 2"))
        // A property rows 1 and 2 read for the first time, changed from another thread.
        let box = _UncheckedBox(models[0])
        let done = DispatchSemaphore(value: 0)
        Thread { box.value.count = 1; done.signal() }.start()
        done.wait()
        for _ in 0..<200 where !scheduler.hasPendingUpdates {
            _ = RunLoop.current.run(mode: .default, before: Date(timeIntervalSinceNow: 0.01))
        }
        scheduler.flush()
        #expect(host.renderedText.contains("title 2"), "the rows that read the count show the titles now")
        recorder.take()
        // Now that they read the titles too, a title change re-runs exactly its row.
        models[2].title = "second renamed"
        scheduler.flush()
        #expect(recorder.take() == ["row 2"])
        #expect(host.renderedText.contains("second renamed"))
    }

    @Test func forEachRowsThatReadNoModelRunTheirContentOnce() {
        struct Plain: View {
            let recorder: Recorder
            var body: some View {
                VStack {
                    ForEach(0..<3, id: \.self) { index in
                        let _ = recorder.record("row \(index)")
                        Text("row \(index)")
                    }
                }
            }
        }
        let recorder = Recorder()
        _ = mount(Plain(recorder: recorder))
        #expect(recorder.take() == ["row 0", "row 1", "row 2"])
    }

    @Test func objectWillChangeFromAnotherThreadIsDeliveredOnTheGraphsThread() {
        let library = Library()
        let recorder = Recorder()
        struct Count: View {
            @ObservedObject var library: Library
            let recorder: Recorder
            var body: some View {
                let _ = recorder.record("count")
                Text("\(library.books.count) books")
            }
        }
        let (host, scheduler) = mount(Count(library: library, recorder: recorder))
        recorder.take()
        let box = _UncheckedBox(library)
        let done = DispatchSemaphore(value: 0)
        Thread { box.value.books = ["a", "b"]; done.signal() }.start()
        done.wait()
        for _ in 0..<200 where !scheduler.hasPendingUpdates {
            _ = RunLoop.current.run(mode: .default, before: Date(timeIntervalSinceNow: 0.01))
        }
        scheduler.flush()
        #expect(recorder.take() == ["count"])
        #expect(host.renderedText.contains("2 books"))
    }

    /// A body that writes a model as it runs (SwiftUI warns, and shows the change later).
    struct Writer<Model>: View {
        let model: Model
        let recorder: Recorder
        let write: (Model) -> Void
        var body: some View {
            let _ = recorder.record("writer")
            let _ = write(model)
            Text("wrote")
        }
    }

    struct LibraryCount: View {
        @ObservedObject var library: Library
        var body: some View { Text("\(library.books.count) books") }
    }

    /// A view reading a model and one writing it while its body runs: an `ObservableObject`
    /// (`Library`) or an `@Observable` model (`CounterModel`), and what the reader shows after.
    static func readerAndWriter(observableObject: Bool, recorder: Recorder) -> (reader: AnyView, writer: AnyView, shows: String) {
        if observableObject {
            let library = Library()
            return (AnyView(LibraryCount(library: library)),
                    AnyView(Writer(model: library, recorder: recorder) { $0.books.append("new") }), "1 books")
        }
        let model = CounterModel()
        return (AnyView(CountView(model: model, recorder: Recorder())),
                AnyView(Writer(model: model, recorder: recorder) { $0.count += 1 }), "count 1")
    }

    /// A body that writes a model read by a view of another host marks that view, in neither
    /// graph's way: no dependency of the writer on the model, no read across graphs (which
    /// traps). The reader shows the change at its host's next update; the writer ran once.
    @Test(arguments: [false, true])
    func aBodyWritingAModelAnotherHostReadsMarksThatHostOnly(observableObject: Bool) {
        let recorder = Recorder()
        let views = Self.readerAndWriter(observableObject: observableObject, recorder: recorder)
        let (reader, scheduler) = mount(views.reader)
        let (writer, _) = mount(views.writer)
        #expect(writer.renderedText.contains("wrote"))
        #expect(recorder.take() == ["writer"])
        scheduler.flush()
        #expect(reader.renderedText.contains(views.shows))
        #expect(recorder.take() == [], "the writer does not depend on what it wrote")
    }

    /// The same in one host: the write marks the reader, not the writer, which runs once.
    @Test(arguments: [false, true])
    func aBodyWritingAModelASiblingReadsMarksTheSiblingOnly(observableObject: Bool) {
        let recorder = Recorder()
        let views = Self.readerAndWriter(observableObject: observableObject, recorder: recorder)
        let (host, scheduler) = mount(VStack { views.reader; views.writer })
        #expect(recorder.take() == ["writer"])
        scheduler.flush()
        #expect(host.renderedText.contains(views.shows))
        scheduler.flush()
        #expect(recorder.take() == [], "the writer does not depend on what it wrote")
    }
}

/// Carries a non-Sendable model to another thread, as a test of cross-thread mutation does.
struct _UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
