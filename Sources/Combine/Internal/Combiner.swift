import Foundation

/// The engine of `combineLatest` and `zip`: a fixed list of upstreams of different output types, whose values
/// it keeps (as `Any`) and combines into tuples.
///
/// - `latest` (combineLatest): each upstream's most recent value is kept; once every upstream produced one, each
///   new value makes a tuple — delivered if the downstream has demand for it, otherwise dropped (the latest values
///   stay). Finishes when every upstream finished.
/// - `zip`: values queue per upstream; each time every queue has one, the heads make a tuple. Finishes as soon as
///   an upstream has finished and its queue is empty (no tuple can follow).
/// - The downstream's requests go to every upstream (also to one subscribing late). The first failure cancels
///   the others and is delivered at once. Tuples are delivered by one thread at a time, never nested (as in
///   ``FanIn``). `cancel()` and the completion release every upstream subscription and the downstream.
final class Combiner<Downstream: Subscriber>: Subscription, CustomStringConvertible {
    enum Mode {
        case latest
        case zip
    }

    typealias Output = Downstream.Input
    typealias Failure = Downstream.Failure

    let description: String
    private let mode: Mode
    private let combine: ([Any]) -> Output
    private let lock = NSLock()
    private let deliveryLock = NSRecursiveLock()
    private var downstream: Downstream?
    private var demand = Subscribers.Demand.none
    private var requested = Subscribers.Demand.none
    private var subscriptions: [Subscription?]
    private var finished: [Bool]
    private var latest: [Any?]
    private var queues: [[Any]]
    private var ready: [Output] = []
    private var terminal = false
    private var draining = false

    private init(_ downstream: Downstream, mode: Mode, count: Int, name: String, combine: @escaping ([Any]) -> Output) {
        self.downstream = downstream
        self.mode = mode
        self.combine = combine
        description = name
        subscriptions = Array(repeating: nil, count: count)
        finished = Array(repeating: false, count: count)
        latest = Array(repeating: nil, count: count)
        queues = Array(repeating: [], count: count)
    }

    /// Subscribes `downstream` to the combination: hands it the subscription first, then subscribes each
    /// upstream through `attach` (given the combiner and the upstream's index).
    static func start(
        _ downstream: Downstream, mode: Mode, name: String, combine: @escaping ([Any]) -> Output,
        upstreams attach: [(Combiner, Int) -> Void]
    ) {
        let combiner = Combiner(downstream, mode: mode, count: attach.count, name: name, combine: combine)
        downstream.receive(subscription: combiner)
        for (index, subscribe) in attach.enumerated() {
            subscribe(combiner, index)
        }
    }

    fileprivate func childSubscribed(_ index: Int, _ subscription: Subscription) {
        let initial: Subscribers.Demand? = lock.withLock {
            guard !terminal, subscriptions[index] == nil, !finished[index] else { return nil }
            subscriptions[index] = subscription
            return requested
        }
        guard let initial else {
            subscription.cancel()
            return
        }
        if initial > 0 {
            subscription.request(initial)
        }
    }

    fileprivate func childValue(_ index: Int, _ value: Any) {
        let accepted: Bool = lock.withLock {
            guard !terminal else { return false }
            switch mode {
            case .latest:
                latest[index] = value
                if demand > ready.count, latest.allSatisfy({ $0 != nil }) {
                    ready.append(combine(latest.map { $0! }))
                }
            case .zip:
                queues[index].append(value)
                while queues.allSatisfy({ !$0.isEmpty }) {
                    ready.append(combine(queues.indices.map { queues[$0].removeFirst() }))
                }
            }
            return true
        }
        if accepted { drain() }
    }

    fileprivate func childCompleted(_ index: Int, _ completion: Subscribers.Completion<Failure>) {
        switch completion {
        case .finished:
            lock.withLock {
                finished[index] = true
                subscriptions[index] = nil
            }
            drain()
        case .failure(let error):
            let (others, target) = terminate()
            for subscription in others {
                subscription.cancel()
            }
            guard let target else { return }
            deliveryLock.lock()
            target.receive(completion: .failure(error))
            deliveryLock.unlock()
        }
    }

    private var isComplete: Bool {
        guard ready.isEmpty else { return false }
        switch mode {
        case .latest: return finished.allSatisfy { $0 }
        case .zip: return finished.indices.contains { finished[$0] && queues[$0].isEmpty }
        }
    }

    private func drain() {
        lock.lock()
        guard !draining else {
            lock.unlock()
            return
        }
        draining = true
        while !terminal {
            if !ready.isEmpty, demand > 0, let target = downstream {
                let output = ready.removeFirst()
                demand -= 1
                lock.unlock()
                deliveryLock.lock()
                let more = target.receive(output)
                deliveryLock.unlock()
                lock.lock()
                if more > 0 {
                    demand += more
                    requested += more
                    let active = subscriptions.compactMap { $0 }
                    lock.unlock()
                    for subscription in active {
                        subscription.request(more)
                    }
                    lock.lock()
                }
                continue
            }
            if isComplete {
                draining = false
                lock.unlock()
                let (others, target) = terminate()
                for subscription in others {
                    subscription.cancel()
                }
                guard let target else { return }
                deliveryLock.lock()
                target.receive(completion: .finished)
                deliveryLock.unlock()
                return
            }
            break
        }
        draining = false
        lock.unlock()
    }

    private func terminate() -> ([Subscription], Downstream?) {
        lock.withLock {
            guard !terminal else { return ([], nil) }
            terminal = true
            let active = subscriptions.compactMap { $0 }
            subscriptions = subscriptions.map { _ in nil }
            latest = latest.map { _ in nil }
            queues = queues.map { _ in [] }
            ready.removeAll()
            return (active, downstream.take())
        }
    }

    func request(_ demand: Subscribers.Demand) {
        guard demand > 0 else { return }
        let active: [Subscription] = lock.withLock {
            guard !terminal else { return [] }
            self.demand += demand
            requested += demand
            return subscriptions.compactMap { $0 }
        }
        for subscription in active {
            subscription.request(demand)
        }
        drain()
    }

    func cancel() {
        let (subscriptions, released) = terminate()
        for subscription in subscriptions {
            subscription.cancel()
        }
        _ = released
    }
}

/// The subscriber a ``Combiner`` attaches to upstream number `index`.
final class CombinerChild<Input, Downstream: Subscriber>: Subscriber {
    typealias Failure = Downstream.Failure

    private let parent: Combiner<Downstream>
    private let index: Int

    init(_ parent: Combiner<Downstream>, _ index: Int) {
        self.parent = parent
        self.index = index
    }

    func receive(subscription: Subscription) {
        parent.childSubscribed(index, subscription)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        parent.childValue(index, input)
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        parent.childCompleted(index, completion)
    }
}
