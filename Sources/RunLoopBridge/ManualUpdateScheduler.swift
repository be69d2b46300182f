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

    /// Runs every pending fragment once (fragments requested meanwhile run too). Returns
    /// whether anything ran.
    @discardableResult
    public func flush() -> Bool {
        runPending()
    }

    /// Releases every fragment.
    public func invalidate() {
        releaseFragments()
    }
}
