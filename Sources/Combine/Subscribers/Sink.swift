import Foundation

extension Subscribers {
    /// A simple subscriber that requests an unlimited number of values upon subscription
    /// (Combine's `Subscribers.Sink`).
    ///
    ///     let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { print($0) })
    ///     publisher.subscribe(sink)
    ///     sink.cancel()   // or store it: `sink.store(in: &cancellables)`
    ///
    /// The sink keeps its closures, and the subscription keeps the sink, until ``cancel()`` or the completion;
    /// both release the closures and the subscription (so whatever the closures capture is freed then).
    /// A sink accepts one subscription; a second one is cancelled.
    public final class Sink<Input, Failure: Error>: Subscriber, Cancellable, CustomStringConvertible,
        CustomReflectable, CustomPlaygroundDisplayConvertible
    {
        private let lock = NSLock()
        private var upstream = UpstreamState.awaiting
        private var valueHandler: ((Input) -> Void)?
        private var completionHandler: ((Subscribers.Completion<Failure>) -> Void)?

        /// The closure to execute on receipt of a value (a no-op once cancelled or completed).
        public var receiveValue: (Input) -> Void {
            lock.withLock { valueHandler } ?? { _ in }
        }

        /// The closure to execute on completion (a no-op once cancelled or completed).
        public var receiveCompletion: (Subscribers.Completion<Failure>) -> Void {
            lock.withLock { completionHandler } ?? { _ in }
        }

        /// Initializes a sink with the provided closures.
        public init(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Input) -> Void
        ) {
            completionHandler = receiveCompletion
            valueHandler = receiveValue
        }

        public func receive(subscription: Subscription) {
            let accepted = lock.withLock {
                guard case .awaiting = upstream else { return false }
                upstream = .subscribed(subscription)
                return true
            }
            if accepted {
                subscription.request(.unlimited)
            } else {
                subscription.cancel()
            }
        }

        public func receive(_ value: Input) -> Subscribers.Demand {
            let handler = lock.withLock { upstream.isSubscribed ? valueHandler : nil }
            handler?(value)
            return .none
        }

        public func receive(completion: Subscribers.Completion<Failure>) {
            let handler: ((Subscribers.Completion<Failure>) -> Void)? = lock.withLock {
                if case .terminal = upstream { return nil }
                upstream = .terminal
                valueHandler = nil
                return completionHandler.take()
            }
            handler?(completion)
        }

        /// Cancels the subscription and releases the closures.
        public func cancel() {
            let subscription: Subscription? = lock.withLock {
                let subscription = upstream.subscription
                upstream = .terminal
                valueHandler = nil
                completionHandler = nil
                return subscription
            }
            subscription?.cancel()
        }

        public var description: String { "Sink" }
        public var customMirror: Mirror { Mirror(self, children: [:]) }
        public var playgroundDescription: Any { description }
    }
}

extension Publisher {
    /// Attaches a subscriber with closure-based behavior: it requests an unlimited number of values.
    ///
    /// The returned ``AnyCancellable`` keeps the subscription alive; releasing it cancels the subscription
    /// and releases the closures.
    public func sink(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        let sink = Subscribers.Sink<Output, Failure>(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        subscribe(sink)
        return AnyCancellable(sink)
    }
}

extension Publisher where Failure == Never {
    /// Attaches a subscriber with closure-based behavior to a publisher that never fails.
    public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
    }
}
