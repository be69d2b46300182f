/// A publisher that exposes a method for outside callers to publish elements (Combine's `Subject`).
///
/// Subjects are classes: ``PassthroughSubject`` and ``CurrentValueSubject``. They may be sent to from
/// any thread; each subscriber still receives its calls one at a time. Sending after the completion
/// is ignored. A subject can also subscribe to a publisher (``Publisher/subscribe(_:)-(Subject)``): it
/// then requests unlimited values from it and relays them.
public protocol Subject<Output, Failure>: AnyObject, Publisher {
    /// Sends a value to the subscribers.
    func send(_ value: Output)

    /// Sends a completion signal to the subscribers; later sends are ignored.
    func send(completion: Subscribers.Completion<Failure>)

    /// Provides this subject with a subscription (from a publisher it subscribed to).
    func send(subscription: Subscription)
}

extension Subject where Output == Void {
    /// Sends a void value to the subscribers.
    public func send() {
        send(())
    }
}

extension Publisher {
    /// Attaches the specified subject to this publisher: the subject relays this publisher's values and
    /// completion. Cancelling the result detaches it (and releases the subject).
    public func subscribe<S: Subject>(_ subject: S) -> AnyCancellable where Failure == S.Failure, Output == S.Output {
        let subscriber = SubjectSubscriber(subject)
        subscribe(subscriber)
        return AnyCancellable(subscriber)
    }
}
