import Foundation

/// The engine behind the subjects, `ObservableObjectPublisher`, `@Published` and the timer publisher: a list
/// of subscribers, each behind its own ``BroadcastConduit`` that keeps its demand.
///
/// - A value sent to a subscriber without demand is dropped for it. With `replaysCurrentValue` (the
///   current-value flavour), the latest value is kept and a subscriber receives it on its first demand, and
///   again after a value was dropped for it (so it catches up with the latest on its next request).
/// - Sends may come from any thread; each subscriber's calls are serialised by its conduit's recursive lock,
///   so a value sent from inside `receive` is delivered nested, as in Apple's subjects.
/// - After the completion, sends are ignored and late subscribers receive the completion at once.
/// - A conduit holds the broadcast and the subscriber until it is cancelled or finished; both release them.
///   When the owner (the subject) goes away, ``detachAll()`` releases the subscribers and cancels the upstreams:
///   a subscription to a released subject delivers nothing more (Apple's keep their subscribers until cancelled).
final class Broadcast<Output, Failure: Error>: @unchecked Sendable {
    // @unchecked: all state is read and written under `lock`; calls out happen after it is released.
    private let lock = NSLock()
    private var conduits: [BroadcastConduit<Output, Failure>] = []
    private var completion: Subscribers.Completion<Failure>?
    private var upstreams: [Subscription] = []
    private var current: Output?
    /// Whether subscribers receive the current value on their first demand.
    let replaysCurrentValue: Bool
    /// What a subscription reports as its description (`PassthroughSubject`…).
    let name: String

    init(name: String) {
        self.name = name
        replaysCurrentValue = false
    }

    init(name: String, current: Output) {
        self.name = name
        replaysCurrentValue = true
        self.current = current
    }

    /// The current value (current-value flavour only).
    var currentValue: Output? {
        lock.withLock { current }
    }

    var isCompleted: Bool {
        lock.withLock { completion != nil }
    }

    /// Whether anyone is subscribed.
    var hasSubscribers: Bool {
        lock.withLock { !conduits.isEmpty }
    }

    func subscribe<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Failure {
        lock.lock()
        if let completion {
            lock.unlock()
            subscriber.receive(subscription: Subscriptions.empty)
            subscriber.receive(completion: completion)
            return
        }
        let conduit = Conduit(parent: self, downstream: subscriber)
        conduits.append(conduit)
        lock.unlock()
        subscriber.receive(subscription: conduit)
    }

    func send(_ value: Output) {
        let targets: [BroadcastConduit<Output, Failure>]? = lock.withLock {
            guard completion == nil else { return nil }
            if replaysCurrentValue { current = value }
            return conduits
        }
        guard let targets else { return }
        for conduit in targets {
            conduit.offer(value)
        }
    }

    func send(completion: Subscribers.Completion<Failure>) {
        let targets: [BroadcastConduit<Output, Failure>]? = lock.withLock {
            guard self.completion == nil else { return nil }
            self.completion = completion
            upstreams.removeAll()
            defer { conduits.removeAll() }
            return conduits
        }
        guard let targets else { return }
        for conduit in targets {
            conduit.finish(completion)
        }
    }

    /// A subscription from a publisher this subject subscribed to: kept, and asked for unlimited values.
    func send(subscription: Subscription) {
        let accepted = lock.withLock {
            guard completion == nil else { return false }
            upstreams.append(subscription)
            return true
        }
        if accepted {
            subscription.request(.unlimited)
        }
    }

    /// The owner is going away: releases every subscriber (no completion is sent) and cancels the upstreams.
    func detachAll() {
        let (targets, upstreams): ([BroadcastConduit<Output, Failure>], [Subscription]) = lock.withLock {
            defer {
                conduits.removeAll()
                self.upstreams.removeAll()
            }
            return (conduits, self.upstreams)
        }
        for upstream in upstreams {
            upstream.cancel()
        }
        for conduit in targets {
            conduit.detach()
        }
    }

    fileprivate func remove(_ conduit: BroadcastConduit<Output, Failure>) {
        lock.withLock {
            if let index = conduits.firstIndex(where: { $0 === conduit }) {
                conduits.remove(at: index)
            }
        }
    }
}

/// One subscriber's connection to a ``Broadcast`` (what the subscriber sees as its subscription).
class BroadcastConduit<Output, Failure: Error> {
    func offer(_ value: Output) {}
    func finish(_ completion: Subscribers.Completion<Failure>) {}
    func detach() {}
}

extension Broadcast {
    private final class Conduit<Downstream: Subscriber>: BroadcastConduit<Output, Failure>, Subscription,
        CustomStringConvertible where Downstream.Input == Output, Downstream.Failure == Failure
    {
        private let lock = NSLock()
        private let deliveryLock = NSRecursiveLock()
        private var parent: Broadcast?
        private var downstream: Downstream?
        private var demand = Subscribers.Demand.none
        /// Whether the next demand first delivers the broadcast's current value (current-value flavour).
        private var owesCurrentValue: Bool

        init(parent: Broadcast, downstream: Downstream) {
            self.parent = parent
            self.downstream = downstream
            owesCurrentValue = parent.replaysCurrentValue
        }

        var description: String { parent?.name ?? "Subject" }

        override func offer(_ value: Output) {
            let target: Downstream? = lock.withLock {
                guard let downstream else { return nil }
                guard demand > 0 else {
                    if parent?.replaysCurrentValue == true { owesCurrentValue = true }
                    return nil
                }
                demand -= 1
                owesCurrentValue = false
                return downstream
            }
            guard let target else { return }
            deliver(value, to: target)
        }

        private func deliver(_ value: Output, to target: Downstream) {
            deliveryLock.lock()
            let more = target.receive(value)
            deliveryLock.unlock()
            if more > 0 {
                lock.withLock { demand += more }
            }
        }

        override func finish(_ completion: Subscribers.Completion<Failure>) {
            let target: Downstream? = lock.withLock {
                parent = nil
                return downstream.take()
            }
            guard let target else { return }
            deliveryLock.lock()
            target.receive(completion: completion)
            deliveryLock.unlock()
        }

        override func detach() {
            let released: (Broadcast?, Downstream?) = lock.withLock { (parent.take(), downstream.take()) }
            _ = released
        }

        func request(_ demand: Subscribers.Demand) {
            guard demand > 0 else { return }
            let replay: (Downstream, Broadcast)? = lock.withLock {
                guard let downstream else { return nil }
                self.demand += demand
                guard owesCurrentValue, let parent else { return nil }
                owesCurrentValue = false
                self.demand -= 1
                return (downstream, parent)
            }
            guard let (target, parent) = replay, let value = parent.currentValue else { return }
            deliver(value, to: target)
        }

        func cancel() {
            let (parent, released): (Broadcast?, Downstream?) = lock.withLock {
                (self.parent.take(), downstream.take())
            }
            parent?.remove(self)
            _ = released
        }
    }
}
