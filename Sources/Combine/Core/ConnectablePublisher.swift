/// A publisher that provides an explicit means of connecting and canceling publication
/// (Combine's `ConnectablePublisher`): nothing flows to its subscribers before ``connect()``.
///
///     let ticks = Timer.publish(every: 1, on: .main, in: .common)
///     let c1 = ticks.sink { print("A", $0) }
///     let connection = ticks.connect()   // now both subscribers receive ticks
public protocol ConnectablePublisher<Output, Failure>: Publisher {
    /// Connects to the publisher, allowing it to produce elements; cancel the result to disconnect.
    func connect() -> Cancellable
}

extension ConnectablePublisher {
    /// Automates the process of connecting or disconnecting from this connectable publisher: the first
    /// subscriber connects it, and it disconnects when every subscriber has cancelled.
    public func autoconnect() -> Publishers.Autoconnect<Self> {
        Publishers.Autoconnect(upstream: self)
    }
}
