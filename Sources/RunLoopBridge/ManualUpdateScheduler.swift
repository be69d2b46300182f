import AttrGraph
import Foundation

/// The same scheduling as ``RunLoopUpdateCoalescer`` with no run loop: pending fragments run
/// when the test (or host) calls ``flush()``. Deterministic — most tests use this one.
///
///     let scheduler = ManualUpdateScheduler()
///     let fragment = scheduler.addFragment("root") { root.update() }
///     scheduler.attach(graph, fragment: fragment)
///     input.value = 2          // the graph asks for an update
///     scheduler.flush()        // runs it
public final class ManualUpdateScheduler: _FragmentScheduler, UpdateScheduler {
    /// The thread that created the scheduler: flushes run there (checked), like a run loop's.
    private let thread = Thread.current

    public init() {
        super.init(nestedReason: "manual flush")
    }

    /// Runs every pending fragment once (fragments requested meanwhile run too), then ends the
    /// turn (each call is one run-loop turn). Returns whether anything ran. Call it on the thread
    /// that created the scheduler (checked).
    @discardableResult
    public func flush() -> Bool {
        if Thread.current !== thread {
            fatalError(
                "RunLoopBridge: ManualUpdateScheduler.flush() called on another thread than the one that created "
                    + "the scheduler; flush where the graphs it updates live.")
        }
        let ran = runPending()
        if !isInsideUpdate { endTurn() }
        return ran
    }

    /// Releases every fragment.
    public func invalidate() {
        releaseFragments()
    }
}
