import Foundation

extension Publishers {
    /// A publisher that automatically connects to an upstream connectable publisher
    /// (Combine's `Publishers.Autoconnect`).
    ///
    /// The first subscriber connects the upstream; later subscribers share the connection. When every
    /// subscriber has cancelled, the connection is cancelled, and the next subscriber connects again.
    /// (A completion does not disconnect: subscribers that completed still count until they cancel.)
    public class Autoconnect<Upstream: ConnectablePublisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public final let upstream: Upstream

        private let lock = NSLock()
        private var connection: Cancellable?
        private var subscribers = 0

        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let connects = lock.withLock {
                subscribers += 1
                return subscribers == 1 && connection == nil
            }
            upstream.subscribe(AutoconnectInner(parent: self, downstream: subscriber))
            if connects {
                let connection = upstream.connect()
                let stale: Cancellable? = lock.withLock {
                    if subscribers == 0 { return connection }  // everyone left while connecting
                    self.connection = connection
                    return nil
                }
                stale?.cancel()
            }
        }

        fileprivate func subscriberCancelled() {
            let connection: Cancellable? = lock.withLock {
                subscribers -= 1
                return subscribers == 0 ? self.connection.take() : nil
            }
            connection?.cancel()
        }
    }
}

/// Passes everything through; a cancel tells the ``Publishers/Autoconnect`` one subscriber fewer.
private final class AutoconnectInner<Upstream: ConnectablePublisher, Downstream: Subscriber>: Subscriber, Subscription,
    CustomStringConvertible where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure
{
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    private let lock = NSLock()
    private var parent: Publishers.Autoconnect<Upstream>?
    private var downstream: Downstream?
    private var upstream = UpstreamState.awaiting

    init(parent: Publishers.Autoconnect<Upstream>, downstream: Downstream) {
        self.parent = parent
        self.downstream = downstream
    }

    var description: String { "Autoconnect" }

    func receive(subscription: Subscription) {
        let target: Downstream? = lock.withLock {
            guard case .awaiting = upstream, let downstream else { return nil }
            upstream = .subscribed(subscription)
            return downstream
        }
        guard let target else {
            subscription.cancel()
            return
        }
        target.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.withLock { upstream.isSubscribed ? downstream : nil }?.receive(input) ?? .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        let target: Downstream? = lock.withLock {
            guard upstream.isSubscribed else { return nil }
            upstream = .terminal
            return downstream.take()
        }
        target?.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
        lock.withLock { upstream.subscription }?.request(demand)
    }

    func cancel() {
        let (subscription, parent, released): (Subscription?, Publishers.Autoconnect<Upstream>?, Downstream?) =
            lock.withLock {
                let subscription = upstream.subscription
                upstream = .terminal
                return (subscription, self.parent.take(), downstream.take())
            }
        parent?.subscriberCancelled()
        subscription?.cancel()
        _ = released
    }
}
