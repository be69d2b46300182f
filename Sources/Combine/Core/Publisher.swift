/// Declares that a type can transmit a sequence of values over time (Combine's `Publisher`).
///
///     let cancellable = [1, 2, 3].publisher
///         .map { $0 * 10 }
///         .sink { print($0) }  // 10, 20, 30
///
/// A publisher delivers elements to one or more ``Subscriber``s. Attaching a subscriber with
/// ``subscribe(_:)`` calls ``receive(subscriber:)``; the publisher then hands the subscriber a
/// ``Subscription`` (once), and after that at most as many values as the subscriber has asked for
/// through ``Subscription/request(_:)``, then at most one completion. The calls into one subscriber
/// are serialised. Nothing flows before the subscriber asks for it (back-pressure).
public protocol Publisher<Output, Failure> {
    /// The kind of values published by this publisher.
    associatedtype Output

    /// The kind of errors this publisher might publish; `Never` if it cannot fail.
    associatedtype Failure: Error

    /// Attaches the specified subscriber to this publisher. Implementations must call the
    /// subscriber's `receive(subscription:)` exactly once; clients call ``subscribe(_:)`` instead.
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure
}

extension Publisher {
    /// Attaches the specified subscriber to this publisher (calls ``receive(subscriber:)``).
    public func subscribe<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Failure {
        receive(subscriber: subscriber)
    }
}

/// A namespace for the types of the publishers the operators return (`Publishers.Map`,
/// `Publishers.Debounce`…), spelled as in Apple's Combine.
public enum Publishers {}
