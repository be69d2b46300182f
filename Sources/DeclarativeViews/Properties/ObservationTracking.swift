import AttrGraph
import Foundation
import Observation

/// Observation (`@Observable`) as a source of dependencies, the way SwiftUI does it: the
/// properties of observable objects a body reads while it runs become dependencies of that
/// body's attribute. A mutation (on any thread) invalidates exactly the bodies that read the
/// property — on the main actor, where the graph lives — and the host's scheduler coalesces the
/// re-run into its next flush.
///
/// One `_ObservationInvalidator` per body rule; `withObservationTracking` registers it for the
/// properties read by one run (Observation calls `onChange` once, so each run registers again).
final class _ObservationInvalidator: @unchecked Sendable {
    // @unchecked: `attribute` is immutable; `subgraph` and `changed` are used on the graph's thread only.
    let attribute: AnyAttribute
    private weak var subgraph: Subgraph?
    /// The thread the graph is updated on (the main actor's, for a host).
    private let graphThread: Thread

    init(attribute: AnyAttribute, subgraph: Subgraph) {
        self.attribute = attribute
        self.subgraph = subgraph
        graphThread = Thread.current
    }

    /// Runs `body`, recording the observable properties it reads.
    @inline(__always)
    func tracking<Result>(_ body: () -> Result) -> Result {
        withObservationTracking(body, onChange: { [self] in propertyWillChange() })
    }

    /// Called by Observation before a property read by the last run changes, on the mutating
    /// thread: on the graph's thread the body is invalidated at once (the flush that follows sees
    /// the new value); from another thread the invalidation is sent to the main actor.
    private func propertyWillChange() {
        _deliverOnGraphThread(graphThread) { [self] in invalidate() }
    }

    /// Marks the body to run again (the graph asks the host's scheduler for an update). A view
    /// that left the tree has nothing to invalidate.
    private func invalidate() {
        guard let subgraph, subgraph.isValid else { return }
        changed = true
        attribute.invalidateValue()
    }

    /// Whether an observed property changed since the last ``takeChanged()`` (for `_printChanges()`).
    private var changed = false

    func takeChanged() -> Bool {
        defer { changed = false }
        return changed
    }
}

/// Runs `body` — graph work a change notification asks for — at once when the notification came
/// on the graph's thread, else on the main actor (where the view graphs live).
func _deliverOnGraphThread(_ graphThread: Thread, _ body: @escaping @Sendable () -> Void) {
    if Thread.current === graphThread {
        body()
    } else {
        Task { @MainActor in body() }
    }
}
