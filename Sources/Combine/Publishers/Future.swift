import Foundation

/// A publisher that eventually produces a single value and then finishes or fails (Combine's `Future`).
///
///     let answer = Future<Int, Never> { promise in
///         DispatchQueue.global().async { promise(.success(42)) }
///     }
///
/// The closure runs once, when the future is created. The promise may be called from any thread — it is
/// `@Sendable` here (Apple's is a plain closure), so Swift 6 code may hand it to another thread — and only its
/// first call counts. Each subscriber receives the value once it has demand (followed by the completion), or
/// the failure at once; subscribers that come after fulfilment get the same result.
public final class Future<Output, Failure: Error>: Publisher {
    /// A type that represents a closure to invoke in the future, when an element or error is available.
    public typealias Promise = @Sendable (Result<Output, Failure>) -> Void

    private let lock = NSLock()
    private var result: Result<Output, Failure>?
    private var conduits: [FutureConduitBase<Output, Failure>] = []

    /// Creates a publisher that invokes a promise closure when the publisher emits an element.
    public init(_ attemptToFulfill: @escaping (@escaping Promise) -> Void) {
        let fulfill = Handoff(self.fulfill)
        attemptToFulfill { fulfill.value($0) }
    }

    private func fulfill(_ result: Result<Output, Failure>) {
        let waiting: [FutureConduitBase<Output, Failure>]? = lock.withLock {
            guard self.result == nil else { return nil }
            self.result = result
            defer { conduits.removeAll() }
            return conduits
        }
        for conduit in waiting ?? [] {
            conduit.fulfill(result)
        }
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let conduit = FutureConduit(parent: self, downstream: subscriber)
        subscriber.receive(subscription: conduit)
        let result: Result<Output, Failure>? = lock.withLock {
            if let result = self.result { return result }
            if conduit.isActive { conduits.append(conduit) }
            return nil
        }
        if let result {
            conduit.fulfill(result)
        }
    }

    fileprivate func remove(_ conduit: FutureConduitBase<Output, Failure>) {
        lock.withLock {
            if let index = conduits.firstIndex(where: { $0 === conduit }) {
                conduits.remove(at: index)
            }
        }
    }
}

// @unchecked: the result and the subscribers are read and written under `lock`; values cross threads only when
// they are `Sendable`.
extension Future: @unchecked Sendable where Output: Sendable {}

private class FutureConduitBase<Output, Failure: Error> {
    func fulfill(_ result: Result<Output, Failure>) {}
}

/// One subscriber of a ``Future``: delivers the value when there is demand for it.
private final class FutureConduit<Downstream: Subscriber>: FutureConduitBase<Downstream.Input, Downstream.Failure>,
    Subscription, CustomStringConvertible
{
    typealias Output = Downstream.Input
    typealias Failure = Downstream.Failure

    private let lock = NSLock()
    private weak var parent: Future<Output, Failure>?
    private var downstream: Downstream?
    private var demand = Subscribers.Demand.none
    private var value: Output?

    init(parent: Future<Output, Failure>, downstream: Downstream) {
        self.parent = parent
        self.downstream = downstream
    }

    var description: String { "Future" }

    var isActive: Bool {
        lock.withLock { downstream != nil }
    }

    override func fulfill(_ result: Result<Output, Failure>) {
        switch result {
        case .success(let output):
            let target: Downstream? = lock.withLock {
                guard downstream != nil else { return nil }
                guard demand > 0 else {
                    value = output
                    return nil
                }
                return downstream.take()
            }
            guard let target else { return }
            _ = target.receive(output)
            target.receive(completion: .finished)
        case .failure(let error):
            lock.withLock { downstream.take() }?.receive(completion: .failure(error))
        }
    }

    func request(_ demand: Subscribers.Demand) {
        guard demand > 0 else { return }
        let ready: (Output, Downstream)? = lock.withLock {
            self.demand += demand
            guard let output = value.take(), let target = downstream.take() else { return nil }
            return (output, target)
        }
        guard let (output, target) = ready else { return }
        _ = target.receive(output)
        target.receive(completion: .finished)
    }

    func cancel() {
        let released: (Downstream?, Output?) = lock.withLock { (downstream.take(), value.take()) }
        parent?.remove(self)
        _ = released
    }
}
