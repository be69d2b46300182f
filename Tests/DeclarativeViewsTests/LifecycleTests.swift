import AttrGraph
import DeclarativeViews
import RunLoopBridge
import Testing

struct Lifecycle: View {
    let recorder: Recorder
    @State private var count = 0
    @State private var loaded = "not loaded"
    var body: some View {
        VStack {
            Text("count \(count)")
                .onAppear { recorder.record("appear count") }
                .onChange(of: count) { old, new in recorder.record("count \(old) -> \(new)") }
            Text(loaded)
                .task { loaded = "loaded"; recorder.record("task ran") }
            Button("add") { count += 1 }
        }
        .onAppear { recorder.record("appear stack") }
    }
}

struct ChangePrinter: View {
    let title: String
    @State private var count = 0
    var body: some View {
        let _ = Self._printChanges()
        VStack {
            Text(title)
            Button("count \(count)") { count += 1 }
            StepButton(value: $count)
        }
    }
}

struct StepButton: View {
    @Binding var value: Int
    var body: some View {
        let _ = Self._printChanges()
        Button("step \(value)") { value += 1 }
    }
}

struct Unchanging: View {
    let source: Binding<Int>
    var body: some View {
        let _ = Self._printChanges()
        Text("sees \(source.wrappedValue)")
    }
}

struct ClosureBindingParent: View {
    @State private var value = 0
    var body: some View {
        VStack {
            Button("bump") { value += 1 }
            Unchanging(source: Binding(get: { value }, set: { value = $0 }))
        }
    }
}

struct WritesStateInBody: View {
    @State private var count = 0
    var body: some View {
        let _ = { count = 1 }()
        Text("count \(count)")
    }
}

/// What a view hands out that outlives it: a closure writing its state.
final class Escapes {
    var bump: (() -> Void)?
}

struct EscapingRow: View {
    let escapes: Escapes
    let recorder: Recorder
    @State private var count = 0
    var body: some View {
        let _ = recorder.record("row body \(count)")
        Text("count \(count)")
            .onAppear { escapes.bump = { count += 1 } }
            .onDisappear { recorder.record("disappear") }
    }
}

struct ShowsEscapingRow: View {
    let escapes: Escapes
    let recorder: Recorder
    @State private var shown = true
    var body: some View {
        VStack {
            Button("toggle") { shown.toggle() }
            if shown { EscapingRow(escapes: escapes, recorder: recorder) }
        }
    }
}

@MainActor
@Suite struct LifecycleTests {
    @Test func appearChangeAndTaskActionsRunAfterTheUpdateInOrder() throws {
        let recorder = Recorder()
        let (host, scheduler) = mount(Lifecycle(recorder: recorder))
        // The stack's modifier renders first, then its content, top to bottom; the task's state
        // write asked for another round of the same flush.
        #expect(recorder.take() == ["appear stack", "appear count", "task ran"])
        #expect(host.renderedText.contains(#"Text "loaded""#))
        #expect(!scheduler.hasPendingUpdates)
        try host.tap("add")
        host.update()
        #expect(recorder.take() == ["count 0 -> 1"])
        try host.tap("add")
        try host.tap("add")
        host.update()
        #expect(recorder.take() == ["count 1 -> 3"], "changes coalesce into one update")
    }

    @Test func printChangesUsesSwiftUIsWording() throws {
        var lines: [String] = []
        let scheduler = ManualUpdateScheduler()
        let host = ViewHost(ChangePrinter(title: "A"), scheduler: scheduler)
        host.printSink = { lines.append($0) }
        host.update()
        #expect(lines == ["ChangePrinter: @self, @identity, _count changed.", "StepButton: @self, @identity, _value changed."])
        lines.removeAll()
        try host.tap("count 0")
        host.update()
        #expect(lines == ["ChangePrinter: _count changed.", "StepButton: _value changed."])
        lines.removeAll()
        host.setRootView(ChangePrinter(title: "B"))
        host.update()
        #expect(lines == ["ChangePrinter: @self changed."])
    }

    @Test func aBodyThatRunsForNoNameableReasonPrintsUnchanged() throws {
        var lines: [String] = []
        let scheduler = ManualUpdateScheduler()
        let host = ViewHost(ClosureBindingParent(), scheduler: scheduler)
        host.printSink = { lines.append($0) }
        host.update()
        lines.removeAll()
        try host.tap("bump")
        host.update()
        // The parent's body never reads `value` (only its closures do), so it does not run; the
        // child read the state through a closure binding, which names nothing it could print.
        #expect(lines == ["Unchanging: unchanged."])
        #expect(host.renderedText.contains(#"Text "sees 1""#))
    }

    @Test func writingStateDuringABodyIsReported() {
        let capture = DiagnosticSink.Capture()
        let scheduler = ManualUpdateScheduler()
        let host = ViewHost(WritesStateInBody(), scheduler: scheduler)
        host.graph.diagnosticSink = capture.sink
        host.update()
        #expect(capture.text.contains("DeclarativeViews: Modifying state during view update, this will cause undefined behavior.\n"))
    }

    /// A body that changes its own state every run asks for another update each time: the flush
    /// runs its fragment once per round, up to the scheduler's limit, reports that and returns
    /// (it used to run the fragment again within the round, forever). The next flush goes on.
    @Test func aBodyThatNeverSettlesIsStoppedByTheRoundsLimit() {
        let capture = DiagnosticSink.Capture(), modifying = DiagnosticSink.Capture()
        let scheduler = ManualUpdateScheduler()
        scheduler.maximumRoundsPerFlush = 20
        scheduler.diagnosticSink = capture.sink
        let host = ViewHost(IncrementsStateInBody(active: false), scheduler: scheduler)
        host.graph.diagnosticSink = modifying.sink
        host.resetCounters()
        host.setRootView(IncrementsStateInBody(active: true))
        host.update()
        #expect(capture.text.contains("RunLoopBridge: updates kept requesting more updates for 20 rounds in one flush"))
        // In each round the bodies phase runs it, and the later phases find it dirty again.
        let runs = host.bodyEvaluations(of: IncrementsStateInBody.self)
        #expect((20...40).contains(runs), "at most twice per round, \(runs) runs")
        #expect(modifying.text.components(separatedBy: "Modifying state during view update").count - 1 == runs)
        #expect(scheduler.hasPendingUpdates, "the rest waits for the next flush")
        host.update()
        let more = host.bodyEvaluations(of: IncrementsStateInBody.self)
        #expect((runs + 20...runs + 40).contains(more), "the next flush goes on, as far")
        #expect(host.renderedText.contains("count \(more)"))
    }

    @Test func stateWrittenAfterItsViewLeftOrItsHostWasReleasedIsDropped() throws {
        let escapes = Escapes()
        let recorder = Recorder()
        let (host, scheduler) = mount(ShowsEscapingRow(escapes: escapes, recorder: recorder))
        #expect(recorder.take() == ["row body 0"])
        escapes.bump?()
        host.update()
        #expect(recorder.take() == ["row body 1"])
        #expect(host.renderedText.contains(#"Text "count 1""#))

        // The row leaves the tree: its disappear action runs, and its state is gone with it.
        try host.tap("toggle")
        host.update()
        #expect(recorder.take() == ["disappear"])
        escapes.bump?()
        #expect(!scheduler.hasPendingUpdates, "a write to a removed view's state asks for no update")
        host.update()
        #expect(recorder.take() == [])
        #expect(!host.renderedText.contains("count"))

        // A host released without `invalidate()`: the views go without their actions, and a
        // write through what they handed out afterwards does nothing.
        let escaped = Escapes()
        do {
            let (released, _) = mount(ShowsEscapingRow(escapes: escaped, recorder: recorder))
            escaped.bump?()
            released.update()
            #expect(recorder.take() == ["row body 0", "row body 1"])
        }
        escaped.bump?()
        #expect(recorder.take() == [], "no action ran when the host went, and no body after")
        // The escaped closures captured their rows, which hold the Escapes objects: break the cycles.
        escapes.bump = nil
        escaped.bump = nil
    }
}

/// A body that changes its own state every time it runs, once `active`: it never settles.
struct IncrementsStateInBody: View {
    let active: Bool
    @State private var count = 0
    var body: some View {
        let _ = { if active { count += 1 } }()
        Text("count \(count)")
    }
}
