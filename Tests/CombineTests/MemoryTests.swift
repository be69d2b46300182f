import Combine
import Foundation
import Testing

// Seed 002's experiments, with weak references instead of `deinit` prints: a subscriber and its subscription
// hold each other; only cancel() or a completion breaks the cycle.

/// A stand-in for a UI control: it keeps its targets weakly, as UIKit's `addTarget` does, and sends events to them.
private final class Control {
    private var targets: [WeakTarget] = []

    func addTarget(_ target: ControlTarget) {
        targets.append(WeakTarget(target: target))
    }

    func sendActions() {
        for target in targets.compactMap(\.target) {
            target.fire(self)
        }
    }

    private struct WeakTarget {
        weak var target: ControlTarget?
    }
}

private protocol ControlTarget: AnyObject {
    func fire(_ control: Control)
}

/// The seed's `ControlPublisher1`: a subscription per subscriber, registered as the control's target; it holds
/// the control weakly and releases the subscriber on cancel.
private final class ControlPublisher: Publisher {
    typealias Output = Control
    typealias Failure = Never

    private weak var control: Control?

    init(control: Control) {
        self.control = control
    }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Control, S.Failure == Never {
        let subscription = ControlSubscription(subscriber: subscriber, control: control)
        subscriber.receive(subscription: subscription)
    }
}

private final class ControlSubscription<S: Subscriber>: Subscription, ControlTarget where S.Input == Control, S.Failure == Never {
    private weak var control: Control?
    private var subscriber: S?

    init(subscriber: S, control: Control?) {
        self.subscriber = subscriber
        self.control = control
        control?.addTarget(self)
    }

    func request(_ demand: Subscribers.Demand) {}

    func cancel() {
        subscriber = nil
    }

    func fire(_ control: Control) {
        _ = subscriber?.receive(control)
    }
}

/// The seed's `ControlPublisher3`: a subject owned by the control's wrapper, completed when the wrapper goes.
private final class SubjectControlPublisher: ControlTarget {
    private let subject = PassthroughSubject<Control, Never>()
    let publisher: AnyPublisher<Control, Never>

    init(control: Control) {
        publisher = subject.eraseToAnyPublisher()
        control.addTarget(self)
    }

    deinit {
        subject.send(completion: .finished)
    }

    func fire(_ control: Control) {
        subject.send(control)
    }
}

/// The seed's `TestSubscriber`: keeps the subscription's cancel and lets it go on completion.
private final class TestSubscriber: Subscriber, Cancellable {
    typealias Input = String
    typealias Failure = Never

    private var cancelAction: (() -> Void)?
    private(set) var received: [String] = []

    func receive(subscription: Subscription) {
        cancelAction?()
        cancelAction = subscription.cancel
        subscription.request(.unlimited)
    }

    func receive(_ input: String) -> Subscribers.Demand {
        received.append(input)
        return .none
    }

    func receive(completion: Subscribers.Completion<Never>) {
        cancelAction = nil
    }

    func cancel() {
        cancelAction?()
        cancelAction = nil
    }
}

@Suite struct MemoryTests {
    @Test func controlPublisherWithSinkStoredInASetIsFreedWithTheSet() {
        weak var weakControl: Control?
        weak var weakCounter: Probe?
        var count = 0
        do {
            var cancellables = Set<AnyCancellable>()
            let control = Control()
            let counter = Probe("view controller")
            weakControl = control
            weakCounter = counter
            ControlPublisher(control: control)
                .map { [weak counter] _ in "\(counter?.name ?? "") tapped" }
                .sink { _ in count += 1 }
                .store(in: &cancellables)
            control.sendActions()
            #expect(count == 1)
        }
        #expect(weakControl == nil && weakCounter == nil, "releasing the set cancels: nothing is left")
    }

    @Test func sinkHandedToReceiveSubscriberLeaksUntilCancelled() {
        weak var weakSink: Subscribers.Sink<String, Never>?
        var values: [String] = []
        do {
            let control = Control()
            let sink = Subscribers.Sink<String, Never>(receiveCompletion: { _ in }, receiveValue: { values.append($0) })
            weakSink = sink
            ControlPublisher(control: control).map { _ in "tap" }.receive(subscriber: sink)
            control.sendActions()
        }
        #expect(values == ["tap"])
        #expect(weakSink != nil, "the sink and the subscription hold each other (as in Apple's Combine)")
        weakSink?.cancel()
        #expect(weakSink == nil, "cancel breaks the cycle")
    }

    @Test func anySubscriberWrappingASinkLeaksAndTheStoredSinkFreesIt() {
        weak var leakedSink: Subscribers.Sink<String, Never>?
        do {
            let control = Control()
            let sink = Subscribers.Sink<String, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
            leakedSink = sink
            ControlPublisher(control: control).map { _ in "1" }.receive(subscriber: AnySubscriber(sink))
        }
        #expect(leakedSink != nil, "AnySubscriber is not Cancellable: nobody can break the cycle (as in Apple's)")
        leakedSink?.cancel()
        #expect(leakedSink == nil)

        weak var storedSink: Subscribers.Sink<String, Never>?
        do {
            var cancellables = Set<AnyCancellable>()
            let control = Control()
            let sink = Subscribers.Sink<String, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
            storedSink = sink
            sink.store(in: &cancellables)
            ControlPublisher(control: control).map { _ in "1" }.receive(subscriber: AnySubscriber(sink))
        }
        #expect(storedSink == nil, "storing the sink cancels it with the set")
    }

    @Test func subjectCompletionReleasesASubscriberThatNobodyCancels() {
        weak var weakSubscriber: TestSubscriber?
        var received: [String] = []
        do {
            let control = Control()
            var wrapper: SubjectControlPublisher? = SubjectControlPublisher(control: control)
            let subscriber = TestSubscriber()
            weakSubscriber = subscriber
            wrapper!.publisher.map { _ in "1" }.receive(subscriber: AnySubscriber(subscriber))
            control.sendActions()
            received = subscriber.received
            wrapper = nil  // its deinit completes the subject
        }
        #expect(received == ["1"])
        #expect(weakSubscriber == nil, "the completion releases subscriber and subscription")
    }

    @Test func shareOfAControlPublisherNeedsTheCancel() {
        weak var weakSubscriber: TestSubscriber?
        let control = Control()
        let shared = ControlPublisher(control: control).map { _ in "1" }.share()
        do {
            let subscriber = TestSubscriber()
            weakSubscriber = subscriber
            shared.receive(subscriber: AnySubscriber(subscriber))
            control.sendActions()
        }
        #expect(weakSubscriber != nil, "share keeps its subscribers until they cancel")
        weakSubscriber?.cancel()
        #expect(weakSubscriber == nil)
    }

    @Test func sinkReleasesItsClosuresOnCancelAndOnCompletion() {
        weak var capturedByCancelled: Probe?
        weak var capturedByCompleted: Probe?
        let subject = PassthroughSubject<Int, Never>()
        var cancelled: AnyCancellable?
        var completed: AnyCancellable?
        do {
            let a = Probe("a")
            let b = Probe("b")
            capturedByCancelled = a
            capturedByCompleted = b
            cancelled = subject.sink { _ in _ = a }
            completed = Just(1).sink { _ in _ = b }
        }
        #expect(capturedByCancelled != nil, "a live sink keeps its closure")
        #expect(capturedByCompleted == nil, "completion releases the closure, though the cancellable is kept")
        cancelled?.cancel()
        #expect(capturedByCancelled == nil, "cancel releases the closure")
        _ = (cancelled, completed)
    }

    @Test func assignOnSelfIsACycleUntilCancelled() {
        final class ViewModel {
            var title = ""
            var cancellables = Set<AnyCancellable>()
            init(_ titles: PassthroughSubject<String, Never>) {
                titles.assign(to: \.title, on: self).store(in: &cancellables)
            }
        }
        let titles = PassthroughSubject<String, Never>()
        weak var weakModel: ViewModel?
        do {
            let model = ViewModel(titles)
            weakModel = model
            titles.send("hello")
            #expect(model.title == "hello")
        }
        #expect(weakModel != nil, "assign(to:on:) holds the object strongly: a cycle through its own cancellables")
        weakModel?.cancellables.removeAll()
        #expect(weakModel == nil, "cancelling frees it")

        do {
            let model = ViewModel(titles)
            weakModel = model
        }
        titles.send(completion: .finished)
        #expect(weakModel == nil, "so does the completion")
    }

    @Test func removingTheOnlyReferenceFromTheSetReleasesTheSubscription() {
        weak var probe: Probe?
        var set = Set<AnyCancellable>()
        let subject = PassthroughSubject<Int, Never>()
        do {
            let p = Probe()
            probe = p
            subject.sink { _ in _ = p }.store(in: &set)
        }
        #expect(probe != nil)
        set.removeAll()
        #expect(probe == nil)
    }

    @Test func aSubscriberThatNeverRequestsGetsNothingAndLeaksNothing() {
        /// Keeps its subscription, as subscribers do, and asks for nothing.
        final class Idle: Subscriber {
            typealias Input = Int
            typealias Failure = Never
            var subscription: Subscription?
            var received = 0
            func receive(subscription: Subscription) {
                self.subscription = subscription
                subscription.request(.none)
            }
            func receive(_ input: Int) -> Subscribers.Demand {
                received += 1
                return .none
            }
            func receive(completion: Subscribers.Completion<Never>) {}
        }
        weak var direct: Idle?
        weak var throughOperators: Idle?
        weak var onASequence: Idle?
        var received: [Int] = []
        do {
            let subject = PassthroughSubject<Int, Never>()
            let first = Idle()
            let second = Idle()
            let third = Idle()
            (direct, throughOperators, onASequence) = (first, second, third)
            subject.subscribe(first)
            subject.map { $0 * 2 }.filter { _ in true }.combineLatest(Just(0)).map(\.0).subscribe(second)
            (1...3).publisher.subscribe(third)
            for value in 0..<10_000 { subject.send(value) }
            received = [first.received, second.received, third.received]
        }
        #expect(received == [0, 0, 0], "no demand, no values")
        #expect(direct == nil, "a released subject releases its subscribers")
        #expect(throughOperators != nil && onASequence != nil, "a subscriber and its subscription hold each other")
        throughOperators?.subscription?.cancel()
        onASequence?.subscription?.cancel()
        #expect(throughOperators == nil && onASequence == nil, "until cancelled: then nothing is left")
    }

    @Test func cancellingAChainReleasesEveryOperatorsClosures() {
        weak var probe: Probe?
        let scheduler = DispatchQueue.test
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        var cancellable: AnyCancellable?
        do {
            let p = Probe()
            probe = p
            cancellable = a.map { _ = p; return $0 }
                .filter { _ in _ = p; return true }
                .combineLatest(b.handleEvents(receiveOutput: { _ in _ = p }))
                .flatMap { _ in Just(p.name) }
                .removeDuplicates { _, _ in _ = p; return false }
                .debounce(for: 1, scheduler: scheduler)
                .scan("") { _, _ in p.name }
                .sink { _ in _ = p }
            a.send(1)
            b.send(2)
            scheduler.advance(by: 1)
        }
        #expect(probe != nil)
        cancellable?.cancel()
        scheduler.run()
        #expect(probe == nil, "cancel releases the closures held by every operator's subscription")
    }

    @Test func completionReleasesEveryOperatorsClosures() {
        weak var probe: Probe?
        let subject = PassthroughSubject<Int, Never>()
        var cancellable: AnyCancellable?
        do {
            let p = Probe()
            probe = p
            cancellable = subject.map { _ = p; return $0 }.compactMap { _ in p.name }.collect(2).sink { _ in _ = p }
        }
        subject.send(completion: .finished)
        #expect(probe == nil)
        _ = cancellable
    }

    @Test func futureAndDeferredReleaseTheirSubscribersAfterDelivering() {
        weak var probe: Probe?
        var cancellable: AnyCancellable?
        do {
            let p = Probe()
            probe = p
            cancellable = Future<Int, Never> { $0(.success(1)) }.sink { _ in _ = p }
        }
        #expect(probe == nil)
        _ = cancellable
    }
}
