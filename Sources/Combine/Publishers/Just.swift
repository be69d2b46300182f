import Foundation

/// A publisher that emits an output to each subscriber just once, and then finishes (Combine's `Just`).
///
/// The value is delivered on the subscriber's first request, followed by the completion.
public struct Just<Output>: Publisher {
    public typealias Failure = Never

    /// The one element that the publisher emits.
    public let output: Output

    /// Initializes a publisher that emits the specified output just once.
    public init(_ output: Output) {
        self.output = output
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
        subscriber.receive(subscription: SingleValueSubscription(output, subscriber, name: "Just"))
    }
}

extension Just: Equatable where Output: Equatable {}

extension Result {
    /// The type of a Combine publisher that publishes this instance's result to each subscriber exactly once,
    /// or fails immediately if the result indicates failure.
    public var publisher: Publisher {
        Publisher(self)
    }

    /// A publisher that publishes an output to each subscriber exactly once then finishes, or fails immediately
    /// without producing any elements (Combine's `Result.Publisher`).
    public struct Publisher: Combine.Publisher {
        public typealias Output = Success

        /// The result to deliver to each subscriber.
        public let result: Result<Success, Failure>

        public init(_ result: Result<Success, Failure>) {
            self.result = result
        }

        public init(_ output: Success) {
            self.init(.success(output))
        }

        public init(_ failure: Failure) {
            self.init(.failure(failure))
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Success, S.Failure == Failure {
            switch result {
            case .success(let output):
                subscriber.receive(subscription: SingleValueSubscription(output, subscriber, name: "Once"))
            case .failure(let error):
                subscriber.receive(subscription: Subscriptions.empty)
                subscriber.receive(completion: .failure(error))
            }
        }
    }
}

extension Optional {
    /// A publisher that publishes an optional value to each subscriber exactly once, if the optional has a value.
    public var publisher: Publisher {
        Publisher(self)
    }

    /// A publisher that publishes an optional value to each subscriber exactly once, if the optional has a
    /// value, then finishes (Combine's `Optional.Publisher`).
    public struct Publisher: Combine.Publisher {
        public typealias Output = Wrapped
        public typealias Failure = Never

        /// The result to deliver to each subscriber.
        public let output: Wrapped?

        public init(_ output: Output?) {
            self.output = output
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Wrapped, S.Failure == Never {
            if let output {
                subscriber.receive(subscription: SingleValueSubscription(output, subscriber, name: "Optional"))
            } else {
                subscriber.receive(subscription: Subscriptions.empty)
                subscriber.receive(completion: .finished)
            }
        }
    }
}

/// Delivers one value on the first request, then finishes; cancel before that releases value and subscriber.
final class SingleValueSubscription<Downstream: Subscriber>: Subscription, CustomStringConvertible {
    private let lock = NSLock()
    private var pending: (value: Downstream.Input, downstream: Downstream)?
    let description: String

    init(_ value: Downstream.Input, _ downstream: Downstream, name: String) {
        pending = (value, downstream)
        description = name
    }

    func request(_ demand: Subscribers.Demand) {
        guard demand > 0, let (value, downstream) = lock.withLock({ pending.take() }) else { return }
        _ = downstream.receive(value)
        downstream.receive(completion: .finished)
    }

    func cancel() {
        let released = lock.withLock { pending.take() }
        _ = released
    }
}
