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
public final class ManualUpdateScheduler: UpdateScheduler, FragmentFlusherOwner {
    /// The thread that created the scheduler: flushes run there (checked), like a run loop's.
    private let thread = Thread.current
    /// Made on the main queue: any thread running the main queue (the main actor) may flush
    /// (see ``MainQueue``: after an `await`, a main-actor test can resume on another thread).
    private let madeOnMainQueue = MainQueue.isCurrent

    private lazy var flusher = FragmentFlusher(nestedReason: "manual flush", owner: self)

    public init() {}

    var pinThread: Graph.PinnedThread? { nil }
    func flushLimitReached() {}

    /// Runs every pending fragment once (fragments requested meanwhile run too), then ends the
    /// turn (each call is one run-loop turn). Returns whether anything ran. Call it on the thread
    /// that created the scheduler, or — when that was the main queue — on the main queue (checked).
    @discardableResult
    public func flush() -> Bool {
        if Thread.current !== thread, !(madeOnMainQueue && MainQueue.isCurrent) {
            fatalError(
                "RunLoopBridge: ManualUpdateScheduler.flush() called on another thread than the one that created "
                    + "the scheduler; flush where the graphs it updates live.")
        }
        let ran = flusher.runPending()
        if !flusher.isInsideUpdate { flusher.endTurn() }
        return ran
    }

    /// Releases every fragment.
    public func invalidate() {
        flusher.releaseFragments()
    }

    // MARK: The shared scheduling (``FragmentFlusher``)

    public func addFragment(_ name: String, update: @escaping () -> Void) -> UpdateFragment {
        flusher.addFragment(name, update: update)
    }

    public func removeFragment(_ fragment: UpdateFragment) {
        flusher.removeFragment(fragment)
    }

    public func setNeedsUpdate(_ fragment: UpdateFragment) {
        flusher.setNeedsUpdate(fragment)
    }

    public func setNeedsUpdate() {
        flusher.setNeedsUpdate()
    }

    public var hasPendingUpdates: Bool { flusher.hasPendingUpdates }

    public func attach(_ graph: Graph, fragment: UpdateFragment?) {
        flusher.attach(graph, fragment: fragment)
    }

    public func addFlushObserver(_ observer: @escaping () -> Void) -> Registration {
        flusher.addFlushObserver(observer)
    }

    public func addTurnObserver(_ observer: @escaping () -> Void) -> Registration {
        flusher.addTurnObserver(observer)
    }

    /// Flushes that ran work so far.
    public var flushCount: Int { flusher.flushCount }
    /// Flushes that started while an update of an attached graph, or another flush, was running.
    public var nestedFlushCount: Int { flusher.nestedFlushCount }
    /// Run-loop turns that ended so far (see ``addTurnObserver(_:)``).
    public var turnCount: Int { flusher.turnCount }
    /// How many rounds (fragments, then flush observers) one flush may run before it leaves the
    /// remaining requests to the next flush, so that updates that keep requesting updates
    /// cannot hold the thread forever.
    public var maximumRoundsPerFlush: Int {
        get { flusher.maximumRoundsPerFlush }
        set { flusher.maximumRoundsPerFlush = newValue }
    }
    /// Where the scheduler reports a flush that hit ``maximumRoundsPerFlush``; `nil` means
    /// ``DiagnosticSink/default``.
    public var diagnosticSink: DiagnosticSink? {
        get { flusher.diagnosticSink }
        set { flusher.diagnosticSink = newValue }
    }
}
