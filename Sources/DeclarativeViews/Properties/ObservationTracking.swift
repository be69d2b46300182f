import AttrGraph
import CoreFoundation
import Foundation
import Synchronization
import RunLoopBridge
#if canImport(Darwin)
import Observation
#else
// Did-set tracking (`withObservationTracking(_:didSet:)`), which Apple platforms keep to
// SwiftUI; the Swift toolchains for other platforms ship it.
@_spi(SwiftUI) import Observation
#endif

/// Observation (`@Observable`) as a source of dependencies, the way SwiftUI does it: the
/// properties of observable objects a body reads while it runs become dependencies of that
/// body's attribute. A mutation (on any thread) invalidates exactly the bodies that read the
/// property — on the graph's thread (the main thread, for an app) — and the host's scheduler
/// coalesces the re-run into its next flush.
///
/// One `ObservationInvalidator` per body rule; each run of the body registers a tracking of the
/// properties it read (Observation registers it when the run returns). What makes a change from
/// another thread impossible to lose:
/// - **after the store**: a tracking is told after the new value is stored (Observation's
///   did-set tracking), so the run it causes reads the new value — not the old one, which a
///   will-set notification delivered to another thread can race past;
/// - **overlap**: the previous run's tracking stays armed until the next run's is registered, so
///   a property changed while the body runs — after the body read it, before the run's own
///   tracking exists — still marks the body; a tracking's changes count only while it is the
///   newest (an older one cancels itself the next time it fires);
/// - **one hop per burst**: a change sets a flag and hops to the graph's thread once; the flag is
///   cleared there before the body is marked, so a change after that hops again.
///
/// What Observation leaves open: a property a run reads for the first time (the first run, or a
/// new branch) and another thread changes during that very run — between the read and the end of
/// the run — has no tracking yet that could see it. Observation offers no earlier registration;
/// SwiftUI has the same gap.
///
/// Apple platforms' Observation has no did-set tracking in its public interface: there, changes
/// are taken at will-set, as SwiftUI's public API does, with the overlap but not the first point.
final class ObservationInvalidator: @unchecked Sendable {
    // @unchecked: `attribute`, `subgraph` and `graphThread` are immutable; `generation` and
    // `changed` are used on the graph's thread only; the rest is atomic or behind a lock.
    let attribute: AnyAttribute
    /// Whether the view's subgraph is still valid (a view that left the tree has nothing to change).
    private let subgraph: SubgraphValidity
    /// The thread the graph is updated on (the main thread, for a host).
    private let graphThread: GraphThread
    /// The generation of the newest registered tracking (0: none yet). Read on any thread.
    private let newest = Atomic<UInt64>(0)
    /// A change hop to the graph's thread is on its way.
    private let invalidationPending = Atomic<Bool>(false)
    /// Set when the view left the tree: every tracking that fires cancels itself.
    private let retired = Atomic<Bool>(false)
    /// The generation of the run in progress or last made (graph's thread).
    private var generation: UInt64 = 0
    /// The host whose transaction recorder a change made inside `withAnimation` on the graph's
    /// thread goes to (a body's invalidator; graph's thread only). Through the host's handle, not
    /// the recorder itself: the observed objects' registrars keep their trackings, so the
    /// invalidator, and the recorder holds the nodes of the last update, whose actions may hold
    /// those objects — a strong reference to it was a cycle that kept the object, the host's graph
    /// and the render tree alive after the host was gone.
    private let host: HostHandle?

    /// The invalidator of `attribute`, in the subgraph whose validity `validity` records; `host`
    /// for a body's, whose writes inside `withAnimation` reach the host's transaction recorder.
    init(attribute: AnyAttribute, validity: SubgraphValidity, graphThread: GraphThread, host: HostHandle? = nil) {
        self.attribute = attribute
        subgraph = validity
        self.graphThread = graphThread
        self.host = host
    }

    /// Runs `body`, recording the observable properties it reads.
    @inline(__always)
    func tracking<Result>(_ body: () -> Result) -> Result {
        generation &+= 1
        let run = generation
        let result = _trackChanges(body) { [self] tracking in changed(tracking, generation: run) }
        newest.store(run, ordering: .releasing)
        return result
    }

    /// A property read by run `generation` changed (on the changing thread, after the store).
    /// A tracking stays armed after it fires; once superseded (or its view gone), the next change
    /// it sees cancels it.
    private func changed(_ tracking: Tracking, generation: UInt64) {
        if retired.load(ordering: .acquiring) || generation < newest.load(ordering: .acquiring) {
            // Superseded: a newer run's tracking covers what the body reads now.
            tracking.cancel()
            return
        }
        if !invalidationPending.exchange(true, ordering: .acquiringAndReleasing) {
            graphThread.deliver { [self] in invalidate() }
        }
    }

    /// Marks the body to run again (the graph asks the host's scheduler for an update). A view
    /// that left the tree has nothing to invalidate: its trackings retire as they fire.
    private func invalidate() {
        invalidationPending.store(false, ordering: .releasing)
        guard subgraph.isValid else {
            retired.store(true, ordering: .releasing)
            return
        }
        changed = true
        // Delivered at once when the change was made on the graph's thread: inside the
        // `withAnimation` that made it, if any.
        if let transaction = Transaction.current { host?.host?.transactions.noteWrite(transaction) }
        attribute.invalidateValue()
    }

    /// Whether an observed property changed since the last ``takeChanged()`` (for `_printChanges()`).
    private var changed = false

    func takeChanged() -> Bool {
        defer { changed = false }
        return changed
    }
}

#if canImport(Darwin)
/// The public interface's tracking: told at will-set, once, with nothing to cancel.
struct Tracking: @unchecked Sendable {
    // @unchecked: it holds nothing.
    func cancel() {}
}

/// Runs `body` and calls `changed` when a property it read is about to change (once).
@inline(__always)
func _trackChanges<Result>(_ body: () -> Result, _ changed: @escaping @Sendable (Tracking) -> Void) -> Result {
    withObservationTracking(body, onChange: { changed(Tracking()) })
}
#else
/// Observation's tracking of one run's reads, told after each change until cancelled.
typealias Tracking = ObservationTracking

/// Runs `body` and calls `changed` after each change of a property it read is stored, until
/// the tracking passed to it is cancelled.
@inline(__always)
func _trackChanges<Result>(_ body: () -> Result, _ changed: @escaping @Sendable (Tracking) -> Void) -> Result {
    withObservationTracking(body, didSet: changed)
}
#endif

/// Runs `body` under Observation's lightest tracking, which registers nothing unless the run
/// reads an observable property (it evaluates its change handler only then), and tells whether
/// it read one. A rule that usually reads none (most `ForEach` rows) runs this way until it does:
/// a did-set tracking costs allocations on every run, read or not.
func readsObservableProperties<Result>(_ body: () -> Result) -> (result: Result, read: Bool) {
    var read = false
    // The handler a run that read something leaves is a will-set one that does nothing: the
    // caller runs `body` again under a tracking of its own.
    let result = withObservationTracking(body, onChange: { read = true; return {} }())
    return (result, read)
}

/// The invalidator of a rule that is not a body (a `GeometryReader`'s content), made on its
/// first run: the rule's value is rebuilt, this box is not.
final class ObservationSlot {
    private var invalidator: ObservationInvalidator?

    /// Runs `body` for the running rule, recording the observable properties it reads.
    func tracking<Result>(graphThread: GraphThread, _ body: () -> Result) -> Result {
        if invalidator == nil {
            let current = AnyAttribute.current.unsafelyUnwrapped
            invalidator = ObservationInvalidator(
                attribute: current, validity: current.subgraph.validity, graphThread: graphThread)
        }
        return invalidator.unsafelyUnwrapped.tracking(body)
    }
}

/// The thread a graph is updated on, and how change notifications from other threads reach it.
/// Made on that thread (one per host, see `_HostCore.graphThread`).
final class GraphThread: @unchecked Sendable {
    // @unchecked: all immutable; the run loop is only sent blocks (thread-safe).
    let thread = Thread.current
    let runLoop: CFRunLoop = CFRunLoopGetCurrent()
    /// Made by a main-queue job on a worker thread (the main thread parked in `dispatchMain()`,
    /// as under Swift Testing on Linux): the graph's "thread" is the main queue, which runs on
    /// whichever worker drains it, and whose worker threads run no run loop.
    let onMainQueueWorker = !Thread.isMainThread && MainQueue.isCurrent

    /// Whether the caller runs where the graph is updated.
    var isCurrent: Bool {
        Thread.current === thread || (onMainQueueWorker && MainQueue.isCurrent)
    }

    /// Runs `body` — graph work a change notification asks for — at once when the notification
    /// came on the graph's thread, else as a block of the graph thread's run loop (for a host:
    /// the main run loop, so the main actor), which is woken up for it. A graph made on a main-
    /// queue worker gets it both ways, run once by whichever comes first: as a main-queue block
    /// (for code that awaits, giving the main queue back) and as a block of that worker's run
    /// loop (for code that keeps the main queue and runs the run loop, as a synchronous test does).
    ///
    /// `body` runs outside any graph update, whichever way it comes: the notification may arrive
    /// while a rule runs (a body that changes a model, or runs the run loop where a timer fires),
    /// and what `body` reads is then no dependency of that rule, nor a read across graphs.
    func deliver(_ body: @escaping @Sendable () -> Void) {
        if isCurrent {
            Graph.withoutUpdate(body)
            return
        }
        var block: @Sendable () -> Void = { Graph.withoutUpdate(body) }
        if onMainQueueWorker {
            let once = RunOnce(block)
            block = { once.run() }
            DispatchQueue.main.async(execute: block)
        }
        CFRunLoopPerformBlock(runLoop, kCFRunLoopCommonModes as CFTypeRef, block)
        CFRunLoopWakeUp(runLoop)
    }
}

/// A block that runs at most once, however many times it is asked to.
private final class RunOnce: Sendable {
    private let done = Atomic(false)
    private let body: @Sendable () -> Void

    init(_ body: @escaping @Sendable () -> Void) { self.body = body }

    func run() {
        if done.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged { body() }
    }
}
