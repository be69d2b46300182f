import Foundation

extension Publisher where Failure == Never {
    /// The elements produced by the publisher, as an asynchronous sequence (`for await value in $query.values`).
    public var values: AsyncPublisher<Self> {
        AsyncPublisher(self)
    }
}

extension Publisher {
    /// The elements produced by the publisher, as a throwing asynchronous sequence.
    public var values: AsyncThrowingPublisher<Self> {
        AsyncThrowingPublisher(self)
    }
}

/// A publisher that exposes its elements as an asynchronous sequence (Combine's `AsyncPublisher`).
///
/// Each iterator subscribes once and requests one element per `next()` call; ending the iteration (or the task
/// being cancelled) cancels the subscription.
public struct AsyncPublisher<P: Publisher>: AsyncSequence where P.Failure == Never {
    public typealias Element = P.Output

    private let publisher: P

    public init(_ publisher: P) {
        self.publisher = publisher
    }

    public func makeAsyncIterator() -> Iterator {
        let inner = AsyncInner<P.Output, Never>()
        publisher.subscribe(inner)
        return Iterator(inner: inner)
    }

    /// The iterator that produces elements of the asynchronous publisher sequence.
    public struct Iterator: AsyncIteratorProtocol {
        fileprivate let inner: AsyncInner<P.Output, Never>

        public mutating func next() async -> P.Output? {
            try? await inner.next()
        }
    }
}

/// A publisher that exposes its elements as a throwing asynchronous sequence (Combine's
/// `AsyncThrowingPublisher`): the publisher's failure is thrown from `next()`.
public struct AsyncThrowingPublisher<P: Publisher>: AsyncSequence {
    public typealias Element = P.Output

    private let publisher: P

    public init(_ publisher: P) {
        self.publisher = publisher
    }

    public func makeAsyncIterator() -> Iterator {
        let inner = AsyncInner<P.Output, P.Failure>()
        publisher.subscribe(inner)
        return Iterator(inner: inner)
    }

    /// The iterator that produces elements of the asynchronous publisher sequence.
    public struct Iterator: AsyncIteratorProtocol {
        fileprivate let inner: AsyncInner<P.Output, P.Failure>

        public mutating func next() async throws -> P.Output? {
            try await inner.next()
        }
    }
}

/// The subscriber behind the async sequences: one pending `next()` at a time, one element requested per call.
private final class AsyncInner<Input, Failure: Error>: Subscriber, Cancellable, @unchecked Sendable {
    // @unchecked: all state is read and written under `lock`; continuations are resumed outside it.
    private enum State {
        case awaitingSubscription
        case subscribed(Subscription)
        case terminal(Subscribers.Completion<Failure>?)
    }

    private let lock = NSLock()
    private var state = State.awaitingSubscription
    private var pending: CheckedContinuation<Handoff<Input>?, Error>?
    private var buffered: [Input] = []
    private var demandBeforeSubscription = false

    func receive(subscription: Subscription) {
        let request: Bool = lock.withLock {
            guard case .awaitingSubscription = state else { return false }
            state = .subscribed(subscription)
            return demandBeforeSubscription
        }
        if case .terminal = lock.withLock({ state }) {
            subscription.cancel()
        } else if request {
            subscription.request(.max(1))
        }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        let continuation: CheckedContinuation<Handoff<Input>?, Error>? = lock.withLock {
            guard let continuation = pending.take() else {
                buffered.append(input)
                return nil
            }
            return continuation
        }
        continuation?.resume(returning: Handoff(input))
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        let continuation: CheckedContinuation<Handoff<Input>?, Error>? = lock.withLock {
            state = .terminal(completion)
            return pending.take()
        }
        guard let continuation else { return }
        switch completion {
        case .finished: continuation.resume(returning: nil)
        case .failure(let error): continuation.resume(throwing: error)
        }
    }

    func cancel() {
        let (subscription, continuation): (Subscription?, CheckedContinuation<Handoff<Input>?, Error>?) = lock.withLock {
            var subscription: Subscription?
            if case .subscribed(let current) = state { subscription = current }
            state = .terminal(nil)
            return (subscription, pending.take())
        }
        subscription?.cancel()
        continuation?.resume(returning: nil)
    }

    private enum NextStep {
        case deliver(Input)
        case end(Subscribers.Completion<Failure>?)
        case request(Subscription?)
    }

    func next() async throws -> Input? {
        let element = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Handoff<Input>?, Error>) in
                let step: NextStep = lock.withLock {
                    if !buffered.isEmpty { return .deliver(buffered.removeFirst()) }
                    switch state {
                    case .terminal(let completion):
                        state = .terminal(nil)
                        return .end(completion)
                    case .subscribed(let subscription):
                        pending = continuation
                        return .request(subscription)
                    case .awaitingSubscription:
                        pending = continuation
                        demandBeforeSubscription = true
                        return .request(nil)
                    }
                }
                switch step {
                case .deliver(let value): continuation.resume(returning: Handoff(value))
                case .end(.failure(let error)): continuation.resume(throwing: error)
                case .end: continuation.resume(returning: nil)
                case .request(let subscription): subscription?.request(.max(1))
                }
            }
        } onCancel: {
            cancel()
        }
        return element?.value
    }
}
