import Foundation

// How the framework's classes stay thread-safe (subscriptions may be requested from and cancelled on any
// thread, subjects sent to from any thread):
//
// - Each subscription keeps its state behind a non-recursive `NSLock`, and never holds it while calling
//   out — to a subscriber, an upstream subscription, a scheduler or user code. It collects what to do under
//   the lock and does it after, so a re-entrant call (a `request` from inside `receive`) cannot deadlock.
// - Where values can arrive from several threads at once (subjects, merges, the timing operators), the calls
//   into one subscriber are serialised by a recursive lock: a value sent from inside `receive` on the same
//   thread is then delivered nested, as Apple's are.

/// A value handed to another thread: a scheduler's action, a dispatch block, an element for an awaiting task.
///
/// Combine's API takes plain (non-`Sendable`) closures and promises to run each scheduled action once on the
/// scheduler; the closure is not used from the scheduling thread afterwards, so handing it over is safe. The
/// same holds for an element moved to the one task awaiting it. Where a handed-over closure may run more than
/// once or on several threads (a promise, a timer's tick), the closure itself is thread-safe (it locks).
struct Handoff<Value>: @unchecked Sendable {
    // @unchecked: see above — the value is moved to one other thread and used only there.
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}

/// The upstream side of an operator's subscription.
enum UpstreamState {
    /// No subscription has arrived yet.
    case awaiting
    /// Subscribed: values may arrive.
    case subscribed(Subscription)
    /// Completed or cancelled: nothing more arrives, and the upstream subscription has been let go.
    case terminal

    var subscription: Subscription? {
        if case .subscribed(let subscription) = self { subscription } else { nil }
    }

    var isSubscribed: Bool {
        if case .subscribed = self { true } else { false }
    }
}

extension Optional {
    /// Returns the wrapped value and leaves `nil` behind.
    mutating func take() -> Wrapped? {
        defer { self = nil }
        return self
    }
}
