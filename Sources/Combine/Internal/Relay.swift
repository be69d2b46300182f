import Foundation

/// The engine of the operators that pass one upstream at a time to the downstream and may move on to another:
/// `catch` (to the handler's publisher), `append`/`prepend` (to the next publisher), `retry` (to the same one
/// again) and `switchToLatest` (to each new inner publisher).
///
/// - Each upstream is a *stage* (``beginStage(_:)``); beginning one cancels the current one. The downstream's
///   outstanding demand carries over: a new stage is asked for what the downstream still wants.
/// - Values of a stage that is no longer current are ignored. The downstream's calls are serialised.
/// - With a *source* (`switchToLatest`'s outer publisher), the relay finishes once the source finished and no
///   stage is running.
/// - ``finish(_:)``, `cancel()` and the completion cancel and release the current stage, the source and the
///   downstream; a stage's completion handler is released with the stage.
final class Relay<Downstream: Subscriber>: Subscription, CustomStringConvertible {
    typealias Output = Downstream.Input
    typealias Failure = Downstream.Failure

    let description: String
    private let lock = NSLock()
    private let deliveryLock = NSRecursiveLock()
    private var downstream: Downstream?
    private var demand = Subscribers.Demand.none
    private var stage: (id: Int, subscription: Subscription?)?
    private var lastStage = 0
    private var source = UpstreamState.awaiting
    private var sourceFinished = false
    private var terminal = false

    init(_ downstream: Downstream, name: String) {
        self.downstream = downstream
        description = name
    }

    /// Begins a new stage (cancelling the current one): subscribe the result to the stage's publisher.
    /// `completion` decides what follows when the stage completes — `finish`, or another stage.
    func beginStage<StageFailure: Error>(
        _ completion: @escaping (Subscribers.Completion<StageFailure>) -> Void
    ) -> RelayStage<Downstream, StageFailure> {
        let (id, previous): (Int, Subscription?) = lock.withLock {
            lastStage += 1
            let previous = stage?.subscription
            stage = (lastStage, nil)
            return (lastStage, previous)
        }
        previous?.cancel()
        return RelayStage(parent: self, id: id, completion: completion)
    }

    /// Ends the relay: cancels what runs and delivers the completion.
    func finish(_ completion: Subscribers.Completion<Failure>) {
        let (subscriptions, target) = terminate()
        for subscription in subscriptions {
            subscription.cancel()
        }
        guard let target else { return }
        deliveryLock.lock()
        target.receive(completion: completion)
        deliveryLock.unlock()
    }

    // MARK: Source (switchToLatest's outer publisher)

    /// Keeps the source's subscription (cancelled with the relay); returns false if the relay already ended.
    func attachSource(_ subscription: Subscription) -> Bool {
        lock.withLock {
            guard !terminal, case .awaiting = source else { return false }
            source = .subscribed(subscription)
            return true
        }
    }

    /// The source finished: the relay finishes now if no stage runs, or when the running one finishes.
    func sourceDidFinish() {
        let idle = lock.withLock {
            sourceFinished = true
            source = .terminal
            return stage == nil
        }
        if idle { finish(.finished) }
    }

    /// A stage finished normally and no other follows it yet: finishes if the source has finished.
    func stageDidFinish() {
        if lock.withLock({ sourceFinished && stage == nil }) {
            finish(.finished)
        }
    }

    // MARK: Stages

    fileprivate func stageSubscribed(_ id: Int, _ subscription: Subscription) {
        let initial: Subscribers.Demand? = lock.withLock {
            guard !terminal, stage?.id == id, stage?.subscription == nil else { return nil }
            stage = (id, subscription)
            return demand
        }
        guard let initial else {
            subscription.cancel()
            return
        }
        if initial > 0 {
            subscription.request(initial)
        }
    }

    fileprivate func stageValue(_ id: Int, _ value: Output) -> Subscribers.Demand {
        let target: Downstream? = lock.withLock {
            guard !terminal, stage?.id == id else { return nil }
            demand -= 1
            return downstream
        }
        guard let target else { return .none }
        deliveryLock.lock()
        let more = target.receive(value)
        deliveryLock.unlock()
        guard more > 0 else { return .none }
        return lock.withLock {
            demand += more
            return stage?.id == id ? more : .none
        }
    }

    /// Whether the stage was current (it then is no longer, and its completion handler runs).
    fileprivate func stageCompleted(_ id: Int) -> Bool {
        lock.withLock {
            guard !terminal, stage?.id == id else { return false }
            stage = nil
            return true
        }
    }

    private func terminate() -> ([Subscription], Downstream?) {
        lock.withLock {
            guard !terminal else { return ([], nil) }
            terminal = true
            let subscriptions = [stage?.subscription, source.subscription].compactMap { $0 }
            stage = nil
            source = .terminal
            return (subscriptions, downstream.take())
        }
    }

    // MARK: Subscription

    func request(_ demand: Subscribers.Demand) {
        guard demand > 0 else { return }
        let current: Subscription? = lock.withLock {
            guard !terminal else { return nil }
            self.demand += demand
            return stage?.subscription
        }
        current?.request(demand)
    }

    func cancel() {
        let (subscriptions, released) = terminate()
        for subscription in subscriptions {
            subscription.cancel()
        }
        _ = released
    }
}

/// The subscriber of one ``Relay`` stage.
final class RelayStage<Downstream: Subscriber, StageFailure: Error>: Subscriber {
    typealias Input = Downstream.Input
    typealias Failure = StageFailure

    private let parent: Relay<Downstream>
    private let id: Int
    private let lock = NSLock()
    private var completion: ((Subscribers.Completion<StageFailure>) -> Void)?

    fileprivate init(
        parent: Relay<Downstream>, id: Int, completion: @escaping (Subscribers.Completion<StageFailure>) -> Void
    ) {
        self.parent = parent
        self.id = id
        self.completion = completion
    }

    func receive(subscription: Subscription) {
        parent.stageSubscribed(id, subscription)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        parent.stageValue(id, input)
    }

    func receive(completion: Subscribers.Completion<StageFailure>) {
        let handler = lock.withLock { self.completion.take() }
        if let handler, parent.stageCompleted(id) {
            handler(completion)
        }
    }
}
