import Foundation

extension Subscribers {
    /// A simple subscriber that assigns received elements to a property indicated by a key path
    /// (Combine's `Subscribers.Assign`).
    ///
    /// It holds the object strongly until ``cancel()`` or the completion — so `assign(to: \.x, on: self)` with
    /// the cancellable stored in `self` is a reference cycle, as in Apple's Combine: the object lives until the
    /// subscription is cancelled or completes. Use `assign(to: &$x)` for `@Published` properties instead.
    public final class Assign<Root, Input>: Subscriber, Cancellable, CustomStringConvertible, CustomReflectable,
        CustomPlaygroundDisplayConvertible
    {
        public typealias Failure = Never

        private let lock = NSLock()
        private var upstream = UpstreamState.awaiting
        private var root: Root?

        /// The object that contains the property to assign; `nil` once cancelled or completed.
        public var object: Root? {
            lock.withLock { root }
        }

        /// The key path that indicates the property to assign.
        public let keyPath: ReferenceWritableKeyPath<Root, Input>

        /// Creates a subscriber to assign the value of a property indicated by a key path.
        public init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
            root = object
            self.keyPath = keyPath
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
            let target = lock.withLock { upstream.isSubscribed ? root : nil }
            target?[keyPath: keyPath] = value
            return .none
        }

        public func receive(completion: Subscribers.Completion<Never>) {
            let released: Root? = lock.withLock {
                upstream = .terminal
                return root.take()
            }
            _ = released  // released here, outside the lock (its deinit may run user code)
        }

        /// Cancels the subscription and releases the object.
        public func cancel() {
            let (subscription, released): (Subscription?, Root?) = lock.withLock {
                let subscription = upstream.subscription
                upstream = .terminal
                return (subscription, root.take())
            }
            subscription?.cancel()
            _ = released
        }

        public var description: String { object.map { "\(type(of: $0))" } ?? "Assign" }
        public var customMirror: Mirror { Mirror(self, children: ["keyPath": keyPath]) }
        public var playgroundDescription: Any { description }
    }
}

extension Publisher where Failure == Never {
    /// Assigns each element from a publisher to a property on an object.
    ///
    /// The subscription holds `object` strongly until it is cancelled (releasing the result cancels it) or
    /// completes: storing the result in `object` itself keeps both alive (a reference cycle, as in Apple's).
    public func assign<Root>(to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root) -> AnyCancellable {
        let subscriber = Subscribers.Assign(object: object, keyPath: keyPath)
        subscribe(subscriber)
        return AnyCancellable(subscriber)
    }
}
