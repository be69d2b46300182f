/// A protocol that declares a type that can receive input from a publisher (Combine's `Subscriber`).
///
/// The publisher calls ``receive(subscription:)`` once, then ``receive(_:)`` at most as many times as the
/// subscriber requested (the ``Subscribers/Demand`` it passed to ``Subscription/request(_:)``, plus what it
/// returned from earlier `receive(_:)` calls), then ``receive(completion:)`` at most once. Calls are serialised.
///
/// A subscriber and its subscription usually hold each other: only ``Cancellable/cancel()`` on the
/// subscription or a completion breaks that cycle.
public protocol Subscriber<Input, Failure>: CustomCombineIdentifierConvertible {
    /// The kind of values this subscriber receives.
    associatedtype Input

    /// The kind of errors this subscriber might receive; `Never` if it cannot receive a failure.
    associatedtype Failure: Error

    /// Tells the subscriber that it has successfully subscribed and may request items.
    func receive(subscription: Subscription)

    /// Tells the subscriber that the publisher has produced an element; returns how many more
    /// elements the subscriber wants, added to its outstanding demand (`.none` for no change).
    func receive(_ input: Input) -> Subscribers.Demand

    /// Tells the subscriber that the publisher has completed publishing, normally or with an error.
    func receive(completion: Subscribers.Completion<Failure>)
}

extension Subscriber where Input == Void {
    /// Tells the subscriber that a publisher of void elements is ready to receive further requests.
    public func receive() -> Subscribers.Demand {
        receive(())
    }
}

/// A namespace for the types of subscribers (`Subscribers.Sink`, `Subscribers.Assign`) and the
/// types they exchange with publishers (`Subscribers.Demand`, `Subscribers.Completion`).
public enum Subscribers {}
