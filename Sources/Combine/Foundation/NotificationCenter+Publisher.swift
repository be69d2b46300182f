import Foundation

extension NotificationCenter {
    /// Returns a publisher that emits events when broadcasting notifications (Foundation's
    /// `NotificationCenter.publisher(for:object:)`).
    ///
    ///     NotificationCenter.default.publisher(for: .NSSystemClockDidChange).sink { _ in refresh() }
    public func publisher(for name: Notification.Name, object: AnyObject? = nil) -> NotificationCenter.Publisher {
        Publisher(center: self, name: name, object: object)
    }

    /// A publisher that emits elements when broadcasting notifications.
    ///
    /// Each subscriber has its own observer, registered when it subscribes and removed when it cancels (or its
    /// subscription is released). Notifications arrive on the posting thread; one without demand is dropped.
    public struct Publisher: Combine.Publisher {
        public typealias Output = Notification
        public typealias Failure = Never

        /// The notification center this publisher uses as a source.
        public let center: NotificationCenter
        /// The name of notifications published by this publisher.
        public let name: Notification.Name
        /// The object posting the named notification.
        public let object: AnyObject?

        public init(center: NotificationCenter, name: Notification.Name, object: AnyObject? = nil) {
            self.center = center
            self.name = name
            self.object = object
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Notification, S.Failure == Never {
            let subscription = NotificationSubscription(subscriber)
            subscriber.receive(subscription: subscription)
            subscription.observe(center, name: name, object: object)
        }
    }
}

private final class NotificationSubscription<Downstream: Subscriber>: Subscription, CustomStringConvertible
where Downstream.Input == Notification, Downstream.Failure == Never {
    private let lock = NSLock()
    private let deliveryLock = NSRecursiveLock()
    private var downstream: Downstream?
    private var demand = Subscribers.Demand.none
    private var observer: (center: NotificationCenter, token: NSObjectProtocol)?

    init(_ downstream: Downstream) {
        self.downstream = downstream
    }

    deinit {
        if let observer {
            observer.center.removeObserver(observer.token)
        }
    }

    var description: String { "NotificationCenter Observer" }

    func observe(_ center: NotificationCenter, name: Notification.Name, object: AnyObject?) {
        guard lock.withLock({ downstream != nil }) else { return }
        let deliver = Handoff<(Notification) -> Void> { [weak self] in self?.deliver($0) }
        let token = center.addObserver(forName: name, object: object, queue: nil) { deliver.value($0) }
        let stale: NSObjectProtocol? = lock.withLock {
            guard downstream != nil else { return token }
            observer = (center, token)
            return nil
        }
        if let stale { center.removeObserver(stale) }
    }

    private func deliver(_ notification: Notification) {
        let target: Downstream? = lock.withLock {
            guard demand > 0 else { return nil }
            demand -= 1
            return downstream
        }
        guard let target else { return }
        deliveryLock.lock()
        let more = target.receive(notification)
        deliveryLock.unlock()
        if more > 0 {
            lock.withLock { demand += more }
        }
    }

    func request(_ demand: Subscribers.Demand) {
        guard demand > 0 else { return }
        lock.withLock { self.demand += demand }
    }

    func cancel() {
        let (observer, released) = lock.withLock { (self.observer.take(), downstream.take()) }
        if let observer {
            observer.center.removeObserver(observer.token)
        }
        _ = released
    }
}
