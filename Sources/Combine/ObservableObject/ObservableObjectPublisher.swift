/// A publisher that publishes changes from observable objects (Combine's `ObservableObjectPublisher`): the
/// default `objectWillChange` of an ``ObservableObject``, sent by each ``Published`` property before it changes.
///
///     final class Model: ObservableObject {
///         let objectWillChange = ObservableObjectPublisher()
///         var count = 0 { willSet { objectWillChange.send() } }
///     }
///
/// Send from any thread; subscribers receive each change while they have demand.
///
/// Besides Apple's API it has a package-only *did-change* channel (``didChange``, ``sendDidChange()``): `@Published`
/// properties send it after the new value is stored, so code in this package (the view layer) can read the new
/// value. It is not part of Combine's surface; `send()` does not trigger it.
public final class ObservableObjectPublisher: Publisher, @unchecked Sendable {
    // @unchecked: its state lives in two `Broadcast`s, which lock it; send from any thread.
    public typealias Output = Void
    public typealias Failure = Never

    private let willChange = Broadcast<Void, Never>(name: "ObservableObjectPublisher")
    private let didChangeBroadcast = Broadcast<Void, Never>(name: "ObservableObjectPublisher.didChange")
    private let viewBroadcast = Broadcast<Void, Never>(name: "ObservableObjectPublisher.viewChanges")

    /// Creates an observable object publisher instance.
    public init() {}

    deinit {
        willChange.detachAll()
        didChangeBroadcast.detachAll()
        viewBroadcast.detachAll()
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Void, S.Failure == Never {
        willChange.subscribe(subscriber)
    }

    /// Sends the changed value to the downstream subscribers ("the object is about to change").
    public func send() {
        willChange.send(())
        viewBroadcast.send(())
    }

    /// A `@Published` property's will-change: `objectWillChange` subscribers only (views wait
    /// for the store, ``sendDidChange()``).
    func sendPublishedWillChange() {
        willChange.send(())
    }

    /// Package-only: what views follow — each change once it is stored (``sendDidChange()``,
    /// which `@Published` properties send after storing), and each ``send()`` of the object's own
    /// (a class that announces its changes itself).
    package var viewChanges: DidChange {
        DidChange(broadcast: viewBroadcast)
    }

    /// Package-only: a publisher that emits after a change of the object was stored — after each `@Published`
    /// property of the object stored its new value (and after ``sendDidChange()``), on the thread that made the
    /// change. Emits only once `objectWillChange` was read (which connects the `@Published` properties).
    package var didChange: DidChange {
        DidChange(broadcast: didChangeBroadcast)
    }

    /// Package-only: tells ``didChange`` subscribers that a change was stored.
    package func sendDidChange() {
        didChangeBroadcast.send(())
        viewBroadcast.send(())
    }

    /// Package-only: the publisher ``didChange`` returns.
    package struct DidChange: Publisher {
        package typealias Output = Void
        package typealias Failure = Never

        fileprivate let broadcast: Broadcast<Void, Never>

        package func receive<S: Subscriber>(subscriber: S) where S.Input == Void, S.Failure == Never {
            broadcast.subscribe(subscriber)
        }
    }
}
