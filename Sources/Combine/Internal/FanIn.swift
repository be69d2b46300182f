import Foundation

/// The engine of `merge` and `flatMap`: several upstreams ("children"), one downstream.
///
/// - Demand is honoured: while the downstream's demand is limited, each child is asked for one value at a time
///   and asked again once that value was delivered, so at most one value per child waits here; once the demand
///   is unlimited, children are asked for everything.
/// - Values from any thread go into one queue that a single thread at a time delivers (the `draining` flag);
///   a value or request arriving meanwhile — also re-entrantly, from inside the downstream's `receive` — is
///   left to that thread, so the downstream's calls are serialised and never nested.
/// - It finishes when no more children can come (``closeSources()``) and every child finished and its values
///   were delivered; the first failure cancels everything else and is delivered at once.
/// - `cancel()` and the completion cancel and release every child, the outer subscription and the downstream.
final class FanIn<Downstream: Subscriber>: Subscription, CustomStringConvertible {
    typealias Output = Downstream.Input
    typealias Failure = Downstream.Failure

    private struct Child {
        var subscription: Subscription?
        /// Whether the child was asked for unlimited values (so it needs no more requests).
        var unlimited = false
    }

    let description: String
    /// How many children may be subscribed at once (flatMap's `maxPublishers`); the outer upstream is asked for
    /// one more each time a child finishes, when this is not unlimited.
    private let maxChildren: Subscribers.Demand
    private let lock = NSLock()
    private let deliveryLock = NSRecursiveLock()
    private var downstream: Downstream?
    private var demand = Subscribers.Demand.none
    private var children: [Int: Child] = [:]
    private var nextChild = 0
    private var queue: [(child: Int, value: Output)] = []
    private var queueHead = 0
    private var sourcesClosed = false
    private var outer: Subscription?
    private var terminal = false
    private var draining = false

    init(_ downstream: Downstream, name: String, maxChildren: Subscribers.Demand = .unlimited) {
        self.downstream = downstream
        description = name
        self.maxChildren = maxChildren
    }

    // MARK: Sources

    /// flatMap's upstream subscribed: hands this subscription downstream, then asks for `maxChildren` publishers.
    func attachOuter(_ subscription: Subscription) {
        let target: Downstream? = lock.withLock {
            guard !terminal, outer == nil else { return nil }
            outer = subscription
            return downstream
        }
        guard let target else {
            subscription.cancel()
            return
        }
        target.receive(subscription: self)
        if lock.withLock({ outer != nil }) {
            subscription.request(maxChildren)
        }
    }

    /// A new child: subscribe the returned subscriber to its publisher.
    func addChild() -> FanInChild<Downstream> {
        let id = lock.withLock {
            defer { nextChild += 1 }
            children[nextChild] = Child()
            return nextChild
        }
        return FanInChild(parent: self, id: id)
    }

    /// No more children will be added (the outer upstream finished, or merge subscribed all of its publishers).
    func closeSources() {
        lock.withLock {
            sourcesClosed = true
            outer = nil
        }
        drain()
    }

    func fail(_ error: Failure) {
        let (subscriptions, target) = terminate()
        for subscription in subscriptions {
            subscription.cancel()
        }
        guard let target else { return }
        deliveryLock.lock()
        target.receive(completion: .failure(error))
        deliveryLock.unlock()
    }

    fileprivate func childSubscribed(_ id: Int, _ subscription: Subscription) {
        let unlimited: Bool? = lock.withLock {
            guard !terminal, children[id] != nil else { return nil }
            let unlimited = demand == .unlimited
            children[id] = Child(subscription: subscription, unlimited: unlimited)
            return unlimited
        }
        guard let unlimited else {
            subscription.cancel()
            return
        }
        subscription.request(unlimited ? .unlimited : .max(1))
    }

    fileprivate func childValue(_ id: Int, _ value: Output) {
        let accepted = lock.withLock {
            guard !terminal else { return false }
            queue.append((id, value))
            return true
        }
        if accepted { drain() }
    }

    fileprivate func childFinished(_ id: Int) {
        let outer: Subscription? = lock.withLock {
            guard !terminal, children.removeValue(forKey: id) != nil else { return nil }
            return maxChildren == .unlimited ? nil : self.outer
        }
        outer?.request(.max(1))
        drain()
    }

    // MARK: Delivery

    private func drain() {
        lock.lock()
        guard !draining else {
            lock.unlock()
            return
        }
        draining = true
        while !terminal {
            if queueHead < queue.count, demand > 0, let target = downstream {
                let (id, value) = queue[queueHead]
                queueHead += 1
                if queueHead == queue.count {
                    queue.removeAll(keepingCapacity: true)
                    queueHead = 0
                }
                demand -= 1
                var replenish: (Subscription, Subscribers.Demand)?
                if let child = children[id], !child.unlimited, let subscription = child.subscription {
                    let unlimited = demand == .unlimited
                    if unlimited { children[id]?.unlimited = true }
                    replenish = (subscription, unlimited ? .unlimited : .max(1))
                }
                lock.unlock()
                deliveryLock.lock()
                let more = target.receive(value)
                deliveryLock.unlock()
                if let (subscription, amount) = replenish {
                    subscription.request(amount)
                }
                lock.lock()
                demand += more
                continue
            }
            if queueHead == queue.count, sourcesClosed, children.isEmpty {
                terminal = true
                draining = false
                let target = downstream.take()
                lock.unlock()
                deliveryLock.lock()
                target?.receive(completion: .finished)
                deliveryLock.unlock()
                return
            }
            break
        }
        draining = false
        lock.unlock()
    }

    /// Marks the end and takes everything that has to be cancelled and the downstream.
    private func terminate() -> ([Subscription], Downstream?) {
        lock.withLock {
            guard !terminal else { return ([], nil) }
            terminal = true
            var subscriptions = children.values.compactMap(\.subscription)
            if let outer = outer.take() { subscriptions.append(outer) }
            children.removeAll()
            queue.removeAll()
            queueHead = 0
            return (subscriptions, downstream.take())
        }
    }

    // MARK: Subscription

    func request(_ demand: Subscribers.Demand) {
        guard demand > 0 else { return }
        lock.withLock { self.demand += demand }
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

/// The subscriber a ``FanIn`` attaches to each of its children.
final class FanInChild<Downstream: Subscriber>: Subscriber {
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    private let parent: FanIn<Downstream>
    private let id: Int

    fileprivate init(parent: FanIn<Downstream>, id: Int) {
        self.parent = parent
        self.id = id
    }

    func receive(subscription: Subscription) {
        parent.childSubscribed(id, subscription)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        parent.childValue(id, input)
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        switch completion {
        case .finished: parent.childFinished(id)
        case .failure(let error): parent.fail(error)
        }
    }
}
