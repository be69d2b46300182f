import Foundation

/// A type-erasing cancellable object that executes a provided closure when cancelled — and when it is
/// released (Combine's `AnyCancellable`).
///
///     var cancellables = Set<AnyCancellable>()
///     model.$query.sink { print($0) }.store(in: &cancellables)
///
/// Keep it for as long as the subscription should last; letting the last reference go cancels the
/// subscription, which releases the subscriber, its closures and the upstream. The closure runs at most
/// once and is released before it runs. Thread-safe. Equal only to itself.
public final class AnyCancellable: Cancellable, Hashable, @unchecked Sendable {
    // @unchecked: `onCancel` is read and cleared under `lock` only, and runs after it is taken out.
    private let lock = NSLock()
    private var onCancel: (() -> Void)?

    /// Initializes the cancellable object with the given cancel-time closure.
    public init(_ cancel: @escaping () -> Void) {
        onCancel = cancel
    }

    /// Initializes the cancellable object with the given cancellable (kept until cancelled).
    public init<C: Cancellable>(_ canceller: C) {
        onCancel = canceller.cancel
    }

    deinit {
        // No lock: nobody else holds a reference any more.
        if let onCancel {
            self.onCancel = nil
            onCancel()
        }
    }

    /// Cancels the activity: runs the closure once, then releases it.
    public func cancel() {
        let action = lock.withLock {
            let action = onCancel
            onCancel = nil
            return action
        }
        action?()
    }

    /// Stores this instance in the specified collection.
    public final func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable {
        collection.append(self)
    }

    /// Stores this instance in the specified set.
    public final func store(in set: inout Set<AnyCancellable>) {
        set.insert(self)
    }

    public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool {
        lhs === rhs
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
