/// A subject that wraps a single value and publishes a new element whenever the value changes
/// (Combine's `CurrentValueSubject`).
///
///     let count = CurrentValueSubject<Int, Never>(0)
///     let c = count.sink { print($0) }  // 0
///     count.value += 1                  // 1
///
/// A new subscriber receives the current value on its first demand, then each new value while it has demand;
/// if a value was dropped for lack of demand, its next request delivers the latest value. Send from any thread.
/// After ``send(completion:)`` further sends (and `value` assignments) are ignored.
public final class CurrentValueSubject<Output, Failure: Error>: Subject {
    private let broadcast: Broadcast<Output, Failure>

    /// The value wrapped by this subject, published as a new element whenever it changes.
    public var value: Output {
        get { broadcast.currentValue! }  // always set: the current-value flavour starts with one
        set { broadcast.send(newValue) }
    }

    /// Creates a current value subject with the given initial value.
    public init(_ value: Output) {
        broadcast = Broadcast(name: "CurrentValueSubject", current: value)
    }

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
extension CurrentValueSubject: @unchecked Sendable where Output: Sendable {}
