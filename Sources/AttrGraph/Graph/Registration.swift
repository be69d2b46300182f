/// What AttrGraph's own registrations return: an attribute observer (`observe`), a graph's
/// update handler (``Graph/addUpdateHandler(_:)``), a scheduler's flush and turn observers.
///
///     let registration = graph.addUpdateHandler { print("the graph needs an update") }
///     …
///     registration.cancel()   // or let the last reference go
///
/// Cancelling removes what was registered and releases its closure (and what the closure
/// captured) at once; releasing the last reference to the registration cancels it too, so keep
/// it as long as the registration should last (``store(in:)`` keeps several together). Cancelling
/// twice, or after what it registered with went away (an invalidated graph or subgraph), does
/// nothing. Use it on the thread that registered it (the graph's or the scheduler's).
///
/// AttributeGraph's own API keeps its own shapes (``Subgraph/addObserver(_:)`` returns an `Int`
/// for ``Subgraph/removeObserver(_:)``).
public final class Registration: Hashable {
    private var cancellation: (() -> Void)?
    private let isStillActive: () -> Bool

    /// A registration that calls `cancel` once, when it is cancelled or released, and is active
    /// until then and while `isActive` says so.
    package init(isActive: @escaping () -> Bool = { true }, cancel: @escaping () -> Void) {
        cancellation = cancel
        isStillActive = isActive
    }

    deinit {
        cancel()
    }

    /// Whether what was registered still runs: not cancelled, and what it registered with is
    /// still there.
    public var isActive: Bool { cancellation != nil && isStillActive() }

    /// Removes what was registered and releases its closure. Safe to call more than once.
    public func cancel() {
        guard let cancellation else { return }
        self.cancellation = nil
        cancellation()
    }

    /// Keeps this registration in `registrations` (it lasts as long as the collection keeps it).
    public func store(in registrations: inout Set<Registration>) {
        registrations.insert(self)
    }

    /// Keeps this registration in `registrations` (it lasts as long as the collection keeps it).
    public func store(in registrations: inout [Registration]) {
        registrations.append(self)
    }

    public static func == (lhs: Registration, rhs: Registration) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}

@available(*, unavailable)
extension Registration: Sendable {}
