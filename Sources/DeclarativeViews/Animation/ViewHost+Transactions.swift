extension ViewHost {
    /// The transaction of the last update that changed the render tree: the one the state
    /// writes it applied were made in (``withAnimation(_:_:)``, ``withTransaction(_:_:)``), or
    /// `nil` when they were made outside any.
    ///
    /// Headless, changes apply at once; what the transaction says is recorded:
    /// * in ``renderTree``, each node that update changed (a different kind, content or number
    ///   of children — not an ancestor that only contains a changed node) and whose transaction
    ///   had an animation carries it as its `animation` attribute: the write's transaction, as
    ///   modified for the node's subtree by `.transaction(_:)` and `.animation(_:value:)`
    ///   modifiers above it (outermost first). ``renderedText`` shows it:
    ///   `Text "Count: 1" [animation=.spring]`. The next update that changes the tree replaces
    ///   these attributes.
    /// * views entering or leaving the tree are recorded in ``transitionEvents``.
    public var lastTransaction: Transaction? {
        core.transactions.lastTransaction
    }

    /// The views that entered or left the tree after the first update — an `if` branch taken or
    /// left, a `ForEach` element added or removed, an `.id` changed — with the transition of the
    /// side that applies and the animation it runs with, oldest first. A view is recorded when it
    /// has a transition of its own (`.transition(_:)`) or its change was animated:
    ///
    ///     inserted Text "Details" with transition .slide, animation .easeInOut
    ///     removed Text "Details" with transition .opacity, animation .easeInOut
    ///
    /// A removed view's animation is the transaction where it was: the write's, as modified by
    /// the modifiers above the node that now stands at its parent's position.
    public var transitionEvents: [TransitionEvent] {
        core.transactions.events
    }

    /// Returns the transition events recorded so far and forgets them.
    public func takeTransitionEvents() -> [TransitionEvent] {
        defer { core.transactions.events = [] }
        return core.transactions.events
    }
}
