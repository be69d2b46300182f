import AttrGraphTestSupport
import Combine
import DeclarativeViews
import Foundation
import RunLoopBridge
import Testing

/// View models written for Apple's Combine drive DeclarativeViews views: `@Published` with
/// operators and `assign(to:)`, `.onReceive` with a timer, and the subscriptions a view holds go
/// when the view leaves (seed 002: cancellation releases everything).
@MainActor @Suite struct CombineViewTests {
    /// A search view model as tutorials write it: the query is debounced, deduplicated and
    /// mapped to results, assigned back to a published property.
    final class SearchModel: ObservableObject {
        static let fruits = ["apple", "apricot", "banana", "blueberry", "cherry"]
        @Published var query = ""
        @Published private(set) var results: [String] = SearchModel.fruits

        init<S: Scheduler>(scheduler: S) {
            $query
                .debounce(for: .milliseconds(300), scheduler: scheduler)
                .removeDuplicates()
                .map { query in query.isEmpty ? SearchModel.fruits : SearchModel.fruits.filter { $0.contains(query) } }
                .assign(to: &$results)
        }
    }

    struct SearchView: View {
        @ObservedObject var model: SearchModel
        var body: some View {
            VStack {
                TextField("Search", text: $model.query)
                Text("\(model.results.count) results")
                ForEach(model.results, id: \.self) { Text($0) }
            }
        }
    }

    @Test func aDebouncedSearchModelDrivesTheView() throws {
        let scheduler = DispatchQueue.test
        let model = SearchModel(scheduler: scheduler)
        let (host, flush) = mount(SearchView(model: model))
        #expect(host.renderedText.contains("5 results"))
        try host.type("ap", into: "Search")
        flush.flush()
        #expect(host.renderedText.contains("5 results"), "debounced: nothing yet")
        scheduler.advance(by: .milliseconds(299))
        flush.flush()
        #expect(host.renderedText.contains("5 results"))
        scheduler.advance(by: .milliseconds(1))
        flush.flush()
        #expect(host.renderedText.contains("2 results"))
        #expect(host.renderedText.contains("apricot") && !host.renderedText.contains("banana"))
    }

    struct Countdown: View {
        let ticks: AnyPublisher<Date, Never>
        @State private var remaining = 3
        var body: some View {
            Text(remaining > 0 ? "\(remaining) left" : "done")
                .onReceive(ticks) { _ in if remaining > 0 { remaining -= 1 } }
        }
    }

    /// A countdown driven by `Timer.publish` and `.onReceive` runs headless: the test waits on
    /// the run loop as the driver's `wait` step does.
    @Test func aTimerCountdownRunsHeadless() {
        expectCountdownRunsWhileTheTestRunsTheRunLoop(on: .current, in: .default)
    }

    /// Mounts a countdown on a timer of `runLoop`, runs the current run loop until it is done
    /// (five seconds at most) and expects it done.
    private func expectCountdownRunsWhileTheTestRunsTheRunLoop(on runLoop: RunLoop, in mode: RunLoop.Mode) {
        let timer = Timer.publish(every: 0.02, on: runLoop, in: mode).autoconnect().eraseToAnyPublisher()
        let (host, scheduler) = mount(Countdown(ticks: timer))
        #expect(host.renderedText.contains("3 left"))
        let deadline = Date(timeIntervalSinceNow: 5)
        while !host.renderedText.contains("done") && Date() < deadline {
            RunLoop.current.run(until: Date(timeIntervalSinceNow: 0.01))
            scheduler.flush()
        }
        #expect(host.renderedText.contains("done"))
    }

    /// A countdown on a timer scheduled on `RunLoop.main`, as apps schedule theirs, runs under
    /// `swift test` too: where the main thread is parked in `dispatchMain()` (Linux), each tick
    /// reaches the main actor through the main queue or the run loop the waiting test runs.
    @Test func aTimerOnTheMainRunLoopCountsDownWhileTheTestRunsTheRunLoop() {
        expectCountdownRunsWhileTheTestRunsTheRunLoop(on: .main, in: .common)
    }

    /// The same countdown in a test that awaits instead, giving the main queue back.
    @Test func aTimerOnTheMainRunLoopCountsDownWhileTheTestAwaits() async throws {
        let timer = Timer.publish(every: 0.02, on: .main, in: .common).autoconnect().eraseToAnyPublisher()
        let (host, scheduler) = mount(Countdown(ticks: timer))
        let deadline = Date(timeIntervalSinceNow: 5)
        while !host.renderedText.contains("done") && Date() < deadline {
            try await Task.sleep(nanoseconds: 10_000_000)
            scheduler.flush()
        }
        #expect(host.renderedText.contains("done"))
    }

    /// A body that runs the run loop while it is evaluated (the HTML import does).
    struct RunsTheRunLoop: View {
        var body: some View {
            let html = (try? HTMLConversion.attributedString(fromHTML: "<b>bold</b> text")).map { String($0.characters) }
            Text(html ?? "no text")
        }
    }

    /// A tick that arrives while another host's body runs the run loop reaches its view's
    /// action outside that body's update (it reads and writes its own state, no crash).
    @Test func aTimerTickArrivingWhileAnotherBodyRunsTheRunLoopReachesItsAction() {
        let timer = Timer.publish(every: 0.001, on: .current, in: .default).autoconnect().eraseToAnyPublisher()
        let (host, scheduler) = mount(Countdown(ticks: timer))
        #expect(host.renderedText.contains("3 left"))
        Thread.sleep(forTimeInterval: 0.01)  // a tick is due when the other body runs the run loop
        let (other, _) = mount(RunsTheRunLoop())
        #expect(other.renderedText.contains("bold text"))
        scheduler.flush()
        #expect(!host.renderedText.contains("3 left"), "the tick reached the countdown")
    }

    /// A model a timer changes, outside any view (as a model's own `Timer` or sink does).
    final class Ticking: ObservableObject {
        @Published var ticks = 0
        var subscription: AnyCancellable?
        init(timer: AnyPublisher<Date, Never>) {
            subscription = timer.sink { [weak self] _ in self?.ticks += 1 }
        }
    }

    struct TickCount: View {
        @ObservedObject var model: Ticking
        var body: some View { Text("ticks \(model.ticks)") }
    }

    /// An `ObservableObject` that changes while another host's body runs the run loop marks its
    /// own view, outside that body's update (no cross-graph dependency, no crash), and the view
    /// shows the change at its next update.
    @Test func anObjectChangingWhileAnotherBodyRunsTheRunLoopReachesItsView() {
        let timer = Timer.publish(every: 0.001, on: .current, in: .default).autoconnect().eraseToAnyPublisher()
        let model = Ticking(timer: timer)
        let (host, scheduler) = mount(TickCount(model: model))
        #expect(host.renderedText.contains("ticks 0"))
        Thread.sleep(forTimeInterval: 0.01)  // a tick is due when the other body runs the run loop
        let (other, _) = mount(RunsTheRunLoop())
        #expect(other.renderedText.contains("bold text"))
        #expect(model.ticks > 0, "a tick came while the other body ran")
        scheduler.flush()
        #expect(!host.renderedText.contains("ticks 0"), "the change reached the view")
        model.subscription = nil
    }

    /// A token that records itself, so that a test can see whether anything still holds it.
    final class Token {
        nonisolated(unsafe) static var made: [() -> Token?] = []
        init() {
            weak let weak = self
            Token.made.append { weak }
        }
    }

    struct Receiver: View {
        let subject: PassthroughSubject<Int, Never>
        @State private var last = 0
        var body: some View {
            // The action captures a token made for this view: only the subscription holds it.
            let token = Token()
            Text("last \(last)").onReceive(subject) { value in
                withExtendedLifetime(token) { last = value }
            }
        }
    }

    struct Toggling: View {
        let subject: PassthroughSubject<Int, Never>
        @State var shown = true
        var body: some View {
            VStack {
                if shown { Receiver(subject: subject) }
                Button("Hide") { shown = false }
            }
        }
    }

    /// The subscription `.onReceive` makes lives with its view: values reach the action, and when
    /// the view leaves the tree the subscription is cancelled and what it held is released.
    @Test func onReceivesSubscriptionGoesWithItsView() throws {
        Token.made.removeAll()
        let subject = PassthroughSubject<Int, Never>()
        let (host, scheduler) = mount(Toggling(subject: subject))
        scheduler.flush()
        subject.send(7)
        scheduler.flush()
        #expect(host.renderedText.contains("last 7"))
        #expect(Token.made.contains { $0() != nil }, "the latest action holds its token")
        try host.tap("Hide")
        scheduler.flush()
        #expect(!host.renderedText.contains("last"))
        subject.send(8)
        #expect(Token.made.allSatisfy { $0() == nil }, "cancelling released the action and what it captured")
        host.invalidate()
    }
}
