/// A subject that broadcasts elements to downstream subscribers (Combine's `PassthroughSubject`).
///
///     let taps = PassthroughSubject<Void, Never>()
///     let c = taps.sink { print("tap") }
///     taps.send()
///
/// It keeps no value: a subscriber receives what is sent while it has demand, and nothing sent before it
/// subscribed or while it had no demand. Send from any thread; each subscriber's calls are serialised.
/// After ``send(completion:)`` further sends are ignored, subscribers are released, and late subscribers
/// receive the completion at once.
public final class PassthroughSubject<Output, Failure: Error>: Subject {
    private let broadcast = Broadcast<Output, Failure>(name: "PassthroughSubject")

    public init() {}

    deinit {
        broadcast.detachAll()
    }

    public func send(_ input: Output) {
        broadcast.send(input)
    }

    public func send(completion: Subscribers.Completion<Failure>) {
        broadcast.send(completion: completion)
    }

    public func send(subscription: Subscription) {
        broadcast.send(subscription: subscription)
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        broadcast.subscribe(subscriber)
    }
}

// @unchecked: the subject's state lives in its `Broadcast`, which locks it; send from any thread (Apple's contract).
// Values cross threads only when they are `Sendable`.
extension PassthroughSubject: @unchecked Sendable where Output: Sendable {}
