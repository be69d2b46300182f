import AttrGraph
import CoreFoundation
import Foundation
import Observation

/// Observation (`@Observable`) as a source of dependencies, the way SwiftUI does it: the
/// properties of observable objects a body reads while it runs become dependencies of that
/// body's attribute. A mutation (on any thread) invalidates exactly the bodies that read the
/// property — on the graph's thread (the main thread, for an app) — and the host's scheduler coalesces the
/// re-run into its next flush.
///
/// One `_ObservationInvalidator` per body rule; `withObservationTracking` registers it for the
/// properties read by one run (Observation calls `onChange` once, so each run registers again).
final class _ObservationInvalidator: @unchecked Sendable {
    // @unchecked: `attribute` is immutable; `subgraph` and `changed` are used on the graph's thread only.
    let attribute: AnyAttribute
    /// Whether the view's subgraph is still valid (a view that left the tree has nothing to change).
    private let subgraph: SubgraphValidity
    /// The thread the graph is updated on (the main thread, for a host).
    private let graphThread: _GraphThread

    init(attribute: AnyAttribute, subgraph: Subgraph, graphThread: _GraphThread) {
        self.attribute = attribute
        self.subgraph = subgraph.validity
        self.graphThread = graphThread
    }

    /// Runs `body`, recording the observable properties it reads.
    @inline(__always)
    func tracking<Result>(_ body: () -> Result) -> Result {
        withObservationTracking(body, onChange: { [self] in propertyWillChange() })
    }

    /// Called by Observation before a property read by the last run changes, on the mutating
    /// thread: on the graph's thread the body is invalidated at once (the flush that follows sees
    /// the new value); from another thread the invalidation goes through the graph thread's run
    /// loop (the main run loop, for an app: the main actor).
    private func propertyWillChange() {
        graphThread.deliver { [self] in invalidate() }
    }

    /// Marks the body to run again (the graph asks the host's scheduler for an update). A view
    /// that left the tree has nothing to invalidate.
    private func invalidate() {
        guard subgraph.isValid else { return }
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

/// The thread a graph is updated on, and how change notifications from other threads reach it.
/// Made on that thread (one per host, see `_HostCore.graphThread`).
final class _GraphThread: @unchecked Sendable {
    // @unchecked: both are immutable references; the run loop is only sent blocks (thread-safe).
    let thread = Thread.current
    let runLoop: CFRunLoop = CFRunLoopGetCurrent()

    /// Runs `body` — graph work a change notification asks for — at once when the notification
    /// came on the graph's thread, else as a block of the graph thread's run loop (for a host:
    /// the main run loop, so the main actor), which is woken up for it.
    func deliver(_ body: @escaping @Sendable () -> Void) {
        if Thread.current === thread {
            body()
        } else {
            CFRunLoopPerformBlock(runLoop, kCFRunLoopCommonModes as CFTypeRef, body)
            CFRunLoopWakeUp(runLoop)
        }
    }
}
