import Foundation

/// What a value-by-value operator does with one upstream value (see ``Transform``).
enum TransformStep<Output, Failure: Error> {
    /// Deliver a value downstream.
    case send(Output)
    /// Deliver nothing, and ask upstream for another value in its place (`filter`, `compactMap`, `dropFirst`).
    case drop
    /// Deliver nothing and ask for nothing: the value went into an accumulation (`collect`, `reduce`).
    case absorb
    /// Cancel upstream, then deliver the value (if any) and finish (`first`, `prefix`).
    case finish(Output?)
    /// Cancel upstream and fail (a `try` operator whose closure threw).
    case fail(Failure)
}

/// How a value-by-value operator ends when its upstream completes.
enum TransformEnding<Output, Failure: Error> {
    /// Deliver the value (if any; as soon as there is demand for it), then finish.
    case finished(Output?)
    /// Fail.
    case failure(Failure)
}

/// What a value-by-value operator asks its upstream for.
enum UpstreamDemand {
    /// The downstream's own requests (most operators).
    case passThrough
    /// `n` values per requested value (`collect(n)`).
    case multiplied(Int)
    /// Everything, as soon as subscribed (the reducers: `collect()`, `reduce`, `last`…).
    case unlimited
}

/// The engine of the operators that turn each upstream value into at most one downstream value: `map`,
/// `filter`, `compactMap`, `removeDuplicates`, `scan`, `dropFirst`, `first`, `collect`, `reduce`, `mapError`,
/// `replaceError`… It is both the subscriber to the upstream and the subscription the downstream sees.
///
/// - Demand is honoured: the downstream's requests go upstream (see ``UpstreamDemand``), a dropped value is
///   replaced by a request for one more, and a final value waits for demand.
/// - The closures run outside the lock, one at a time (the upstream serialises its values).
/// - `cancel()` and the completion release the downstream, the upstream subscription and the closures.
final class Transform<Input, UpstreamFailure: Error, Downstream: Subscriber>: Subscriber, Subscription,
    CustomStringConvertible
{
    typealias Failure = UpstreamFailure
    typealias Output = Downstream.Input
    typealias Step = TransformStep<Downstream.Input, Downstream.Failure>
    typealias Ending = TransformEnding<Downstream.Input, Downstream.Failure>

    let description: String
    private let policy: UpstreamDemand
    private let lock = NSLock()
    private var upstream = UpstreamState.awaiting
    private var downstream: Downstream?
    private var onValue: ((Input) -> Step)?
    private var onCompletion: ((Subscribers.Completion<UpstreamFailure>) -> Ending)?
    /// What the downstream asked for and has not received yet.
    private var demand = Subscribers.Demand.none
    /// The last value, once the upstream ended, while the downstream has no demand for it.
    private var pendingLast: Output?

    init(
        _ name: String,
        _ downstream: Downstream,
        upstreamDemand policy: UpstreamDemand = .passThrough,
        value: @escaping (Input) -> Step,
        completion: @escaping (Subscribers.Completion<UpstreamFailure>) -> Ending
    ) {
        description = name
        self.policy = policy
        self.downstream = downstream
        onValue = value
        onCompletion = completion
    }

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
        if case .unlimited = policy, let subscription = lock.withLock({ upstream.subscription }) {
            subscription.request(.unlimited)
        }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        guard let transform = lock.withLock({ upstream.isSubscribed ? onValue : nil }) else { return .none }
        switch transform(input) {
        case .send(let output):
            let target: Downstream? = lock.withLock {
                guard upstream.isSubscribed else { return nil }
                demand -= 1
                return downstream
            }
            guard let target else { return .none }
            let more = target.receive(output)
            guard more > 0 else { return .none }
            let active = lock.withLock {
                demand += more
                return upstream.isSubscribed
            }
            guard active else { return .none }
            switch policy {
            case .passThrough: return more
            case .multiplied(let factor): return more * factor
            case .unlimited: return .none
            }
        case .drop:
            if case .passThrough = policy { return .max(1) }
            return .none
        case .absorb:
            return .none
        case .finish(let last):
            let subscription: Subscription? = lock.withLock {
                guard let subscription = upstream.subscription else { return nil }
                upstream = .terminal
                onValue = nil
                onCompletion = nil
                return subscription
            }
            guard let subscription else { return .none }
            subscription.cancel()
            end(with: last, .finished)
            return .none
        case .fail(let error):
            let subscription: Subscription? = lock.withLock {
                guard let subscription = upstream.subscription else { return nil }
                upstream = .terminal
                onValue = nil
                onCompletion = nil
                return subscription
            }
            guard let subscription else { return .none }
            subscription.cancel()
            end(with: nil, .failure(error))
            return .none
        }
    }

    func receive(completion: Subscribers.Completion<UpstreamFailure>) {
        let finish: ((Subscribers.Completion<UpstreamFailure>) -> Ending)? = lock.withLock {
            guard upstream.isSubscribed else { return nil }
            upstream = .terminal
            onValue = nil
            return onCompletion.take()
        }
        guard let finish else { return }
        switch finish(completion) {
        case .finished(let last): end(with: last, .finished)
        case .failure(let error): end(with: nil, .failure(error))
        }
    }

    /// Delivers the last value (now, or when demand arrives) and the completion, then lets go of the downstream.
    private func end(with last: Output?, _ completion: Subscribers.Completion<Downstream.Failure>) {
        let target: Downstream? = lock.withLock {
            if let last, demand == .none, case .finished = completion {
                pendingLast = last
                return nil
            }
            return downstream.take()
        }
        guard let target else { return }
        if let last, case .finished = completion {
            _ = target.receive(last)
        }
        target.receive(completion: completion)
    }

    private enum RequestAction {
        case forward(Subscription)
        case deliver(Output, Downstream)
        case nothing
    }

    func request(_ demand: Subscribers.Demand) {
        guard demand > 0 else { return }
        let action: RequestAction = lock.withLock {
            self.demand += demand
            if let last = pendingLast.take(), let downstream = downstream.take() {
                return .deliver(last, downstream)
            }
            guard let subscription = upstream.subscription else { return .nothing }
            return .forward(subscription)
        }
        switch action {
        case .forward(let subscription):
            switch policy {
            case .passThrough: subscription.request(demand)
            case .multiplied(let factor): subscription.request(demand * factor)
            case .unlimited: break
            }
        case .deliver(let last, let target):
            _ = target.receive(last)
            target.receive(completion: .finished)
        case .nothing:
            break
        }
    }

    func cancel() {
        let (subscription, released): (Subscription?, Downstream?) = lock.withLock {
            let subscription = upstream.subscription
            upstream = .terminal
            onValue = nil
            onCompletion = nil
            pendingLast = nil
            return (subscription, downstream.take())
        }
        subscription?.cancel()
        _ = released
    }
}

extension Transform where UpstreamFailure == Downstream.Failure {
    /// An operator that keeps the upstream's failure type and passes its completion on unchanged.
    convenience init(
        _ name: String,
        _ downstream: Downstream,
        upstreamDemand policy: UpstreamDemand = .passThrough,
        value: @escaping (Input) -> Step
    ) {
        self.init(name, downstream, upstreamDemand: policy, value: value) { completion in
            switch completion {
            case .finished: .finished(nil)
            case .failure(let error): .failure(error)
            }
        }
    }
}

extension Transform where Downstream.Failure == Error {
    /// A `try` operator: its failure type is `any Error`; the upstream's errors pass through as such.
    convenience init(
        trying name: String,
        _ downstream: Downstream,
        upstreamDemand policy: UpstreamDemand = .passThrough,
        value: @escaping (Input) -> Step
    ) {
        self.init(name, downstream, upstreamDemand: policy, value: value) { completion in
            switch completion {
            case .finished: .finished(nil)
            case .failure(let error): .failure(error)
            }
        }
    }
}
