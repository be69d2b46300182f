import AttrGraph
import CoreFoundation
import Foundation

/// Coalesces graph updates the way SwiftUI does on top of UIKit: a `CFRunLoopObserver` on the
/// run loop flushes the pending fragments once per run-loop turn, at `.beforeWaiting` (and at
/// `.exit`), in the common modes.
///
///     let coalescer = RunLoopUpdateCoalescer()                 // the main run loop
///     let fragment = coalescer.addFragment("root") { root.update() }
///     coalescer.attach(graph, fragment: fragment)              // input changes request a flush
///
/// **Observer order.** The observer is added with order ``defaultOrder`` (1,999,000): after the
/// run loop's ordinary observers and just before Core Animation's commit observer (2,000,000),
/// so that the views a flush updates are committed in the same turn. ``HangMonitor`` observes
/// at `CFIndex.min` and `CFIndex.max`, around it.
///
/// **Nested run loops.** When code running inside a flush (or any update of an attached graph)
/// spins the run loop — a body calling a synchronous API that pumps it, as seed 003's
/// `NSAttributedString(html:)` does — `.beforeWaiting` fires in the nested loop and, by default,
/// the observer flushes *re-entrantly*, exactly as SwiftUI does. (CoreFoundation never calls
/// an observer that is already firing, so when the outer update is itself a flush of this
/// coalescer, a second observer, installed for that purpose, runs the nested flush.) Fragments still pending then
/// update inside the outer update; if they read an attribute the outer update is evaluating,
/// the graph reports a cycle, and because the flush is marked as a nested update the report
/// names its cause: "nested update started by run loop observer at beforeWaiting while
/// attribute N (…) was updating". With ``deferNestedUpdates`` the observer instead leaves the
/// work pending until the outer update has ended (the infrastructure-level fix).
///
/// Single-threaded: use it on its run loop's thread. ``invalidate()`` (or releasing the
/// coalescer) removes the observer and releases every fragment's closure.
public final class RunLoopUpdateCoalescer: UpdateScheduler, FragmentFlusherOwner {
    /// The observer order: after ordinary observers, before Core Animation's commit (2,000,000).
    public static let defaultOrder: CFIndex = 1_999_000

    /// The reason nested flushes give the graph (``Graph/withNestedUpdate(reason:_:)``).
    public static let nestedUpdateReason = "run loop observer at beforeWaiting"

    public let runLoop: CFRunLoop
    /// Postpone flushes requested while an update is running until it has ended.
    public var deferNestedUpdates: Bool

    /// The observer that flushes each turn, and the one that flushes in loops nested inside it.
    private var observers: [CFRunLoopObserver] = []
    /// A wake-up timer is pending (see `observe(_:nestedOnly:)`).
    private var wakeScheduled = false

    /// The thread of ``runLoop``, once known (the coalescer is made, or first flushes, there).
    private var runLoopThread: Graph.PinnedThread?

    private lazy var flusher = FragmentFlusher(nestedReason: Self.nestedUpdateReason, owner: self)

    var pinThread: Graph.PinnedThread? {
        if runLoopThread == nil, CFRunLoopGetCurrent() === runLoop { runLoopThread = .current }
        return runLoopThread
    }

    /// Observes `runLoop` (the main run loop by default) in its common modes.
    public init(runLoop: CFRunLoop = CFRunLoopGetMain(), order: CFIndex = RunLoopUpdateCoalescer.defaultOrder,
                deferNestedUpdates: Bool = false) {
        self.runLoop = runLoop
        self.deferNestedUpdates = deferNestedUpdates
        let activities = CFRunLoopActivity.beforeWaiting.rawValue | CFRunLoopActivity.exit.rawValue
        let primary = CFRunLoopObserverCreateWithHandler(kCFAllocatorDefault, activities, true, order) {
            [weak self] _, activity in
            self?.observe(activity, nestedOnly: false)
        }
        let nested = CFRunLoopObserverCreateWithHandler(kCFAllocatorDefault, activities, true, order) {
            [weak self] _, activity in
            self?.observe(activity, nestedOnly: true)
        }
        for observer in [primary, nested].compactMap({ $0 }) {
            CFRunLoopAddObserver(runLoop, observer, kCFRunLoopCommonModes)
            observers.append(observer)
        }
        for observer in RunLoopTurnTracer.observers() {
            CFRunLoopAddObserver(runLoop, observer, kCFRunLoopCommonModes)
            observers.append(observer)
        }
    }

    deinit {
        invalidate()
    }

    /// Removes the observer and releases every fragment (and what its closure captured).
    public func invalidate() {
        for observer in observers {
            CFRunLoopRemoveObserver(runLoop, observer, kCFRunLoopCommonModes)
            CFRunLoopObserverInvalidate(observer)
        }
        observers.removeAll()
        flusher.releaseFragments()
    }

    /// Whether the observers are installed.
    public var isValid: Bool { !observers.isEmpty }

    private func observe(_ activity: CFRunLoopActivity, nestedOnly: Bool) {
        if activity == .exit, flusher.isInsideUpdate, !wakeScheduled {
            // A nested run of this loop is ending inside an update. CoreFoundation on Linux then
            // lets the enclosing run sleep past its own timeout, until its next timer or source
            // fires (a wake-up request made now is ignored: the loop is not asleep). A timer due
            // at once fires in the enclosing run and wakes it.
            wakeScheduled = true
            let wake = CFRunLoopTimerCreateWithHandler(kCFAllocatorDefault, CFAbsoluteTimeGetCurrent(), 0, 0, 0) {
                [weak self] _ in
                self?.wakeScheduled = false
            }
            CFRunLoopAddTimer(runLoop, wake, kCFRunLoopCommonModes)
        }
        if nestedOnly && flusher.flushDepth == 0 { return }
        checkRunLoopThread()
        if hasPendingUpdates {
            if deferNestedUpdates && flusher.isInsideUpdate {
                // Left pending: the outer flush picks it up, or the next turn of the run loop.
                return
            }
            flusher.runPending()
        }
        if !nestedOnly, activity == .beforeWaiting, !flusher.isInsideUpdate {
            // The loop is about to sleep: this turn is over.
            flusher.endTurn()
        }
    }

    /// Runs the pending fragments now (what the observer does at `.beforeWaiting`); returns
    /// whether anything ran. Call it on the run loop's thread (checked).
    @discardableResult
    public func flush() -> Bool {
        checkRunLoopThread()
        return flusher.runPending()
    }

    private func checkRunLoopThread() {
        if CFRunLoopGetCurrent() !== runLoop {
            fatalError(
                "RunLoopBridge: RunLoopUpdateCoalescer.flush() called on a thread whose run loop is not the "
                    + "coalescer's; graph updates must run on the graph's thread. Flush from the run loop's thread "
                    + "(CFRunLoopPerformBlock(runLoop, …), or DispatchQueue.main.async for the main run loop).")
        }
    }

    func flushLimitReached() {
        // The run loop is about to sleep: make sure it turns again for the rest.
        CFRunLoopWakeUp(runLoop)
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


/// The run loop's turns in the timeline trace (``AGTrace``): a `run loop` span per run of the
/// loop (a nested run inside an update nests in the outer turn) and a `turn` span per busy
/// stretch, from waking (or entering) to going to sleep (or exiting). One observer opens spans
/// before everything else, one closes them after everything else, so flushes fall inside.
enum RunLoopTurnTracer {
    /// Per run of the loop (innermost last): whether a turn span is open. Used on the run
    /// loop's thread only.
    private final class Runs {
        var openTurns: [Bool] = []
    }

    static func observers() -> [CFRunLoopObserver] {
        let runs = Runs()
        let opening = CFRunLoopActivity.entry.rawValue | CFRunLoopActivity.afterWaiting.rawValue
        let closing = CFRunLoopActivity.beforeWaiting.rawValue | CFRunLoopActivity.exit.rawValue
        let first = CFRunLoopObserverCreateWithHandler(kCFAllocatorDefault, opening, true, CFIndex.min) { _, activity in
            guard AGTrace.isEnabled else { return }
            if activity == .entry {
                AGTrace.begin("run loop", category: "runloop")
                runs.openTurns.append(false)
            }
            if let open = runs.openTurns.last, !open {
                AGTrace.begin("turn", category: "runloop")
                runs.openTurns[runs.openTurns.count - 1] = true
            }
        }
        let last = CFRunLoopObserverCreateWithHandler(kCFAllocatorDefault, closing, true, CFIndex.max) { _, activity in
            guard AGTrace.isEnabled, let open = runs.openTurns.last else { return }
            if open {
                AGTrace.end("turn", category: "runloop")
                runs.openTurns[runs.openTurns.count - 1] = false
            }
            if activity == .exit {
                AGTrace.end("run loop", category: "runloop")
                runs.openTurns.removeLast()
            }
        }
        return [first, last].compactMap { $0 }
    }
}

/// Spinning the current thread's run loop from inside other code, as synchronous APIs that
/// wait for the run loop do (seed 003's `NSAttributedString(data:options:…)` with HTML).
public enum RunLoopSpinner {
    /// Runs the current run loop in `mode` for `seconds` (it must have a source or timer, or
    /// it returns at once), returning how it ended.
    @discardableResult
    public static func spin(for seconds: TimeInterval, mode: CFRunLoopMode = kCFRunLoopDefaultMode) -> CFRunLoopRunResult {
        let result = CFRunLoopRunInMode(mode, seconds, false)
        // Let an enclosing run of the same loop re-check its timeout (see RunLoopUpdateCoalescer).
        CFRunLoopWakeUp(CFRunLoopGetCurrent())
        return result
    }
}
