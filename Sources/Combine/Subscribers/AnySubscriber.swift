/// A type-erasing subscriber (Combine's `AnySubscriber`).
///
/// It holds the wrapped subscriber (or closures) strongly and, unlike ``Subscribers/Sink``, is not
/// ``Cancellable``: a subscription handed to it can only be cancelled by the wrapped subscriber, or end with the
/// completion. Wrapping a sink and dropping the sink leaves subscriber and subscription holding each other —
/// keep the sink (for instance `sink.store(in:)`) when you need to cancel.
public struct AnySubscriber<Input, Failure: Error>: Subscriber, CustomStringConvertible, CustomReflectable,
    CustomPlaygroundDisplayConvertible
{
    public let combineIdentifier: CombineIdentifier

    private let subscriptionHandler: (Subscription) -> Void
    private let valueHandler: (Input) -> Subscribers.Demand
    private let completionHandler: (Subscribers.Completion<Failure>) -> Void
    private let describe: () -> String

    /// Creates a type-erasing subscriber to wrap an existing subscriber.
    public init<S: Subscriber>(_ s: S) where Input == S.Input, Failure == S.Failure {
        if let erased = s as? AnySubscriber<Input, Failure> {
            self = erased
            return
        }
        combineIdentifier = s.combineIdentifier
        subscriptionHandler = s.receive(subscription:)
        valueHandler = s.receive(_:)
        completionHandler = s.receive(completion:)
        describe = { String(describing: s) }
    }

    /// Creates a type-erasing subscriber that relays to a subject (requesting nothing itself: subjects
    /// request unlimited from the subscriptions they are sent).
    public init<S: Subject>(_ s: S) where Input == S.Output, Failure == S.Failure {
        combineIdentifier = CombineIdentifier(s)
        subscriptionHandler = s.send(subscription:)
        valueHandler = { s.send($0); return .none }
        completionHandler = s.send(completion:)
        describe = { String(describing: s) }
    }

    /// Creates a type-erasing subscriber that executes the provided closures (a missing closure does nothing;
    /// a missing value closure asks for no more).
    public init(
        receiveSubscription: ((Subscription) -> Void)? = nil,
        receiveValue: ((Input) -> Subscribers.Demand)? = nil,
        receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil
    ) {
        combineIdentifier = CombineIdentifier()
        subscriptionHandler = receiveSubscription ?? { _ in }
        valueHandler = receiveValue ?? { _ in .none }
        completionHandler = receiveCompletion ?? { _ in }
        describe = { "Anonymous AnySubscriber" }
    }

    public func receive(subscription: Subscription) {
        subscriptionHandler(subscription)
    }

    public func receive(_ value: Input) -> Subscribers.Demand {
        valueHandler(value)
    }

    public func receive(completion: Subscribers.Completion<Failure>) {
        completionHandler(completion)
    }

    public var description: String { describe() }
    public var customMirror: Mirror { Mirror(self, children: [:]) }
    public var playgroundDescription: Any { description }
}
