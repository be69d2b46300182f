/// A publisher that never publishes any values, and optionally finishes immediately (Combine's `Empty`).
///
/// `Empty(completeImmediately: false)` never completes either: a placeholder that keeps its subscriber
/// subscribed until it cancels.
public struct Empty<Output, Failure: Error>: Publisher, Equatable {
    /// A Boolean value that indicates whether the publisher immediately sends a completion.
    public let completeImmediately: Bool

    /// Creates an empty publisher.
    public init(completeImmediately: Bool = true) {
        self.completeImmediately = completeImmediately
    }

    /// Creates an empty publisher with the given completion behavior and output and failure types.
    public init(completeImmediately: Bool = true, outputType: Output.Type, failureType: Failure.Type) {
        self.init(completeImmediately: completeImmediately)
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        subscriber.receive(subscription: Subscriptions.empty)
        if completeImmediately {
            subscriber.receive(completion: .finished)
        }
    }
}

/// A publisher that immediately terminates with the specified error (Combine's `Fail`).
public struct Fail<Output, Failure: Error>: Publisher {
    /// The failure to send when terminating the publisher.
    public let error: Failure

    /// Creates a publisher that immediately terminates with the specified failure.
    public init(error: Failure) {
        self.error = error
    }

    /// Creates publisher with the given output type, that immediately terminates with the specified failure.
    public init(outputType: Output.Type, failure: Failure) {
        self.init(error: failure)
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        subscriber.receive(subscription: Subscriptions.empty)
        subscriber.receive(completion: .failure(error))
    }
}

extension Fail: Equatable where Failure: Equatable {}
