/// A protocol indicating that an activity or action supports cancellation (Combine's `Cancellable`).
///
/// Calling ``cancel()`` frees up any allocated resources and stops side effects such as timers,
/// network access or disk I/O. Cancelling twice is harmless.
public protocol Cancellable {
    /// Cancels the activity.
    func cancel()
}

extension Cancellable {
    /// Stores this cancellable (wrapped in an ``AnyCancellable``) in the specified collection: it is
    /// cancelled when the collection lets it go.
    public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable {
        collection.append(AnyCancellable(self))
    }

    /// Stores this cancellable (wrapped in an ``AnyCancellable``) in the specified set: it is cancelled
    /// when it is removed from the set or the set is released.
    public func store(in set: inout Set<AnyCancellable>) {
        set.insert(AnyCancellable(self))
    }
}
