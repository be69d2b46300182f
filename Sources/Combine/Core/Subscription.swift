/// A protocol representing the connection of a subscriber to a publisher (Combine's `Subscription`).
///
/// Subscriptions are class instances: they have identity, and they hold the subscriber until
/// ``Cancellable/cancel()`` or the completion, which must release every strong reference they keep
/// (the subscriber, the upstream subscription, user closures). `request` and `cancel` may be called
/// from any thread, also from inside the subscriber's `receive` (re-entrantly).
public protocol Subscription: Cancellable, CustomCombineIdentifierConvertible {
    /// Tells a publisher that it may send more values to the subscriber: `demand` is added to the
    /// outstanding demand. A request for `.none` asks for nothing and is ignored.
    func request(_ demand: Subscribers.Demand)
}

/// A namespace for symbols related to subscriptions.
public enum Subscriptions {
    /// The empty subscription: requests and cancellation do nothing. Publishers that complete at
    /// once (`Empty`, `Fail`, a completed subject) hand it to their subscribers first.
    public static var empty: Subscription { EmptySubscription.shared }
}

/// The subscription ``Subscriptions/empty`` returns: one shared instance.
final class EmptySubscription: Subscription, CustomStringConvertible, Sendable {
    static let shared = EmptySubscription()

    private init() {}

    func request(_ demand: Subscribers.Demand) {}
    func cancel() {}

    var description: String { "Empty" }
}
