import AttrGraph

/// The same scheduling as ``RunLoopUpdateCoalescer`` with no run loop: pending fragments run
/// when the test (or host) calls ``flush()``. Deterministic — most tests use this one.
///
///     let scheduler = ManualUpdateScheduler()
///     let fragment = scheduler.addFragment("root") { root.update() }
///     scheduler.attach(graph, fragment: fragment)
///     input.value = 2          // the graph asks for an update
///     scheduler.flush()        // runs it
public final class ManualUpdateScheduler: _FragmentScheduler, UpdateScheduler {
    public init() {
        super.init(nestedReason: "manual flush")
    }

    /// Runs every pending fragment once (fragments requested meanwhile run too), then ends the
    /// turn (each call is one run-loop turn). Returns whether anything ran.
    @discardableResult
    public func flush() -> Bool {
        let ran = runPending()
        if !isInsideUpdate { endTurn() }
        return ran
    }

    /// Releases every fragment.
    public func invalidate() {
        releaseFragments()
    }
}
