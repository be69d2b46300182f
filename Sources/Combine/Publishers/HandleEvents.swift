import Foundation

extension Publisher {
    /// Performs the specified closures when publisher events occur; everything passes through unchanged.
    ///
    /// The closures are released when the subscription is cancelled or completes.
    public func handleEvents(
        receiveSubscription: ((Subscription) -> Void)? = nil,
        receiveOutput: ((Output) -> Void)? = nil,
        receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil,
        receiveCancel: (() -> Void)? = nil,
        receiveRequest: ((Subscribers.Demand) -> Void)? = nil
    ) -> Publishers.HandleEvents<Self> {
        Publishers.HandleEvents(
            upstream: self, receiveSubscription: receiveSubscription, receiveOutput: receiveOutput,
            receiveCompletion: receiveCompletion, receiveCancel: receiveCancel, receiveRequest: receiveRequest)
    }
}

extension Publishers {
    /// A publisher that performs the specified closures when publisher events occur.
    public struct HandleEvents<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public var receiveSubscription: ((Subscription) -> Void)?
        public var receiveOutput: ((Upstream.Output) -> Void)?
        public var receiveCompletion: ((Subscribers.Completion<Upstream.Failure>) -> Void)?
        public var receiveCancel: (() -> Void)?
        public var receiveRequest: ((Subscribers.Demand) -> Void)?

        public init(
            upstream: Upstream,
            receiveSubscription: ((Subscription) -> Void)? = nil,
            receiveOutput: ((Output) -> Void)? = nil,
            receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil,
            receiveCancel: (() -> Void)? = nil,
            receiveRequest: ((Subscribers.Demand) -> Void)?
        ) {
            self.upstream = upstream
            self.receiveSubscription = receiveSubscription
            self.receiveOutput = receiveOutput
            self.receiveCompletion = receiveCompletion
            self.receiveCancel = receiveCancel
            self.receiveRequest = receiveRequest
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            var hooks = TapHooks<Output, Failure>()
            hooks.subscription = receiveSubscription
            hooks.output = receiveOutput
            hooks.completion = receiveCompletion
            hooks.cancel = receiveCancel
            hooks.request = receiveRequest
            upstream.subscribe(Tap(subscriber, name: "HandleEvents", hooks: hooks))
        }
    }
}

/// The closures a ``Tap`` calls.
struct TapHooks<Output, Failure: Error> {
    var subscription: ((Subscription) -> Void)?
    var output: ((Output) -> Void)?
    var completion: ((Subscribers.Completion<Failure>) -> Void)?
    var cancel: (() -> Void)?
    var request: ((Subscribers.Demand) -> Void)?
    /// The demand the downstream returned from `receive(_:)` (used by `print`).
    var synchronousRequest: ((Subscribers.Demand) -> Void)?
}

/// A subscriber and subscription that passes everything through and calls hooks on the way (`handleEvents`,
/// `print`). Cancel and completion release the hooks, the upstream and the downstream.
final class Tap<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible {
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    let description: String
    private let lock = NSLock()
    private var upstream = UpstreamState.awaiting
    private var downstream: Downstream?
    private var hooks: TapHooks<Input, Failure>?

    init(_ downstream: Downstream, name: String, hooks: TapHooks<Input, Failure>) {
        self.downstream = downstream
        self.hooks = hooks
        description = name
    }

    func receive(subscription: Subscription) {
        lock.lock()
        guard case .awaiting = upstream, let target = downstream else {
            lock.unlock()
            subscription.cancel()
            return
        }
        upstream = .subscribed(subscription)
        let hook = hooks?.subscription
        lock.unlock()
        hook?(subscription)
        target.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        let (target, hooks) = lock.withLock { upstream.isSubscribed ? (downstream, self.hooks) : (nil, nil) }
        guard let target else { return .none }
        hooks?.output?(input)
        let more = target.receive(input)
        if more > 0 { hooks?.synchronousRequest?(more) }
        return more
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        let (target, hooks): (Downstream?, TapHooks<Input, Failure>?) = lock.withLock {
            guard upstream.isSubscribed else { return (nil, nil) }
            upstream = .terminal
            return (downstream.take(), self.hooks.take())
        }
        guard let target else { return }
        hooks?.completion?(completion)
        target.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
        let (subscription, hook) = lock.withLock { (upstream.subscription, hooks?.request) }
        hook?(demand)
        subscription?.request(demand)
    }

    func cancel() {
        let (subscription, hooks, released): (Subscription?, TapHooks<Input, Failure>?, Downstream?) = lock.withLock {
            let subscription = upstream.subscription
            upstream = .terminal
            return (subscription, self.hooks.take(), downstream.take())
        }
        guard let subscription else { return }
        hooks?.cancel?()
        subscription.cancel()
        _ = released
    }
}
