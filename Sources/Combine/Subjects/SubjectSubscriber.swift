import Foundation

/// The subscriber `publisher.subscribe(subject)` attaches: it relays to the subject and is the subscription
/// the subject receives (a subject requests unlimited values from it). Cancelling it cancels the upstream and
/// releases the subject.
final class SubjectSubscriber<Downstream: Subject>: Subscriber, Subscription, CustomStringConvertible {
    typealias Input = Downstream.Output
    typealias Failure = Downstream.Failure

    private let lock = NSLock()
    private var subject: Downstream?
    private var upstream = UpstreamState.awaiting

    init(_ subject: Downstream) {
        self.subject = subject
    }

    func receive(subscription: Subscription) {
        lock.lock()
        let accepted: Downstream?
        if case .awaiting = upstream, let subject {
            upstream = .subscribed(subscription)
            accepted = subject
        } else {
            accepted = nil
        }
        lock.unlock()
        guard let subject = accepted else {
            subscription.cancel()
            return
        }
        subject.send(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        let subject = lock.withLock { upstream.isSubscribed ? self.subject : nil }
        subject?.send(input)
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        let subject: Downstream? = lock.withLock {
            guard upstream.isSubscribed else { return nil }
            upstream = .terminal
            return self.subject.take()
        }
        subject?.send(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
        guard demand > 0 else { return }
        lock.withLock { upstream.subscription }?.request(demand)
    }

    func cancel() {
        let (subscription, released): (Subscription?, Downstream?) = lock.withLock {
            let subscription = upstream.subscription
            upstream = .terminal
            return (subscription, subject.take())
        }
        subscription?.cancel()
        _ = released
    }

    var description: String { "Subject" }
}
