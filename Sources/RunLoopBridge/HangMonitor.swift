import AttrGraph
import CoreFoundation
import Foundation

/// Reports hangs: a run-loop turn that stays busy longer than a threshold (seed 001's technique).
///
///     let monitor = HangMonitor(threshold: 0.1, graphs: [graph])   // the main run loop
///     …
///     monitor.cancel()
///
/// Run-loop observers record when the loop becomes busy (entry, after waiting, before timers,
/// before sources; order `CFIndex.min`, before everything else) and when it is about to wait
/// again (before waiting, exit; order `CFIndex.max`, after everything else — so a coalescer's
/// flush at `.beforeWaiting` counts as busy). A watchdog thread checks the busy time; past the
/// threshold it reports once per busy stretch, naming for each watched graph the attribute
/// whose rule is running and the update it belongs to. A nested run loop (a rule spinning the
/// loop) is not a hang: its `.beforeWaiting` ends the busy stretch.
///
/// The threshold defaults to `AG_HANG_THRESHOLD_MS` milliseconds, else 250 ms. Reports go to
/// ``sink`` (stderr by default; it runs on the watchdog thread). ``cancel()`` (or releasing the
/// monitor) removes the observers, ends the thread and releases the sink. The watchdog reads
/// what each graph is evaluating through atomics the graph publishes (it holds no graph).
public final class HangMonitor: Sendable {
    /// A busy stretch longer than the threshold.
    public struct Report: Sendable, CustomStringConvertible {
        /// How long the loop had been busy when the report was made.
        public var busyFor: TimeInterval
        public var threshold: TimeInterval
        /// What each watched graph was evaluating (its rule running now), if anything.
        public var evaluating: [UpdateStackEntry]
        /// The attribute at the bottom of each such graph's update stack.
        public var updateRoots: [UpdateStackEntry]

        public var description: String {
            var text = "AttrGraph hang: the run loop has been busy for \(Int(busyFor * 1000)) ms "
                + "(threshold \(Int(threshold * 1000)) ms)"
            if evaluating.isEmpty {
                text += "; no watched graph was evaluating a rule"
            } else {
                for (running, root) in zip(evaluating, updateRoots) {
                    text += "; evaluating \(running)"
                    if root.attribute != running.attribute { text += " in the update of \(root)" }
                }
            }
            return text
        }
    }

    public static let defaultThreshold: TimeInterval = 0.25

    /// The default sink: one line on stderr.
    /// Writes each report to standard error with `write(2)` (a closed or full stderr loses the
    /// report instead of stopping the process, as `FileHandle.write` would).
    public static let standardErrorSink: @Sendable (Report) -> Void = { report in
        DiagnosticSink.standardError(report.description + "\n")
    }

    public let threshold: TimeInterval
    private let watchdog: Watchdog

    /// Starts watching `runLoop` (the main run loop by default).
    public init(
        runLoop: CFRunLoop = CFRunLoopGetMain(), threshold: TimeInterval? = nil, graphs: [Graph] = [],
        sink: @escaping @Sendable (Report) -> Void = HangMonitor.standardErrorSink
    ) {
        let threshold = threshold ?? Self.environmentThreshold
        self.threshold = threshold
        watchdog = Watchdog(runLoop: runLoop, threshold: threshold, graphs: graphs, sink: sink)
    }

    deinit {
        watchdog.stop()
    }

    /// `AG_HANG_THRESHOLD_MS`: the threshold in milliseconds, a whole number 1 or more; read once.
    /// Default: ``defaultThreshold``.
    static let environmentThreshold: TimeInterval = environmentThreshold()

    package static func environmentThreshold(from source: EnvironmentSetting.Source = .process) -> TimeInterval {
        let milliseconds = EnvironmentSetting.integer(
            "AG_HANG_THRESHOLD_MS", default: Int(defaultThreshold * 1000), in: 1...86_400_000,
            accepted: "a whole number of milliseconds, 1 to 86400000", from: source)
        return Double(milliseconds) / 1000
    }

    /// Adds a graph whose evaluation the reports describe (call it on the graph's thread; the
    /// monitor keeps only the graph's published activity, not the graph).
    public func watch(_ graph: Graph) {
        watchdog.watch(graph)
    }

    /// Removes the observers, ends the watchdog thread and releases the sink (as the
    /// registrations AttrGraph returns are cancelled). Safe to call more than once.
    public func cancel() {
        watchdog.stop()
    }
}

/// The monitor's state, shared by its run-loop observers and its thread (which keep it alive
/// until ``HangMonitor/cancel()``; the monitor itself is free to go away and stops it then).
private final class Watchdog: @unchecked Sendable {
    // @unchecked: the mutable state is in `state` (a mutex); `runLoop` is only used to add and
    // remove observers, which CoreFoundation allows from any thread. The watched graphs are
    // reached through their `GraphActivity` (Sendable atomics), never through the graphs.
    private struct State {
        var busySince: TimeInterval?
        var reportedThisStretch = false
        var running = true
        var sink: (@Sendable (HangMonitor.Report) -> Void)?
        var activities: [GraphActivity]
        var observers = _Observers(list: [])
    }

    private let runLoop: CFRunLoop
    private let threshold: TimeInterval
    private let state: Locked<State>
    private let wakeUp = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    init(runLoop: CFRunLoop, threshold: TimeInterval, graphs: [Graph], sink: @escaping @Sendable (HangMonitor.Report) -> Void) {
        self.runLoop = runLoop
        self.threshold = threshold
        state = Locked(State(sink: sink, activities: graphs.map(\.activity)))
        let busy = CFRunLoopActivity.entry.rawValue | CFRunLoopActivity.afterWaiting.rawValue
            | CFRunLoopActivity.beforeTimers.rawValue | CFRunLoopActivity.beforeSources.rawValue
        let idle = CFRunLoopActivity.beforeWaiting.rawValue | CFRunLoopActivity.exit.rawValue
        let start = CFRunLoopObserverCreateWithHandler(kCFAllocatorDefault, busy, true, CFIndex.min) { [self] _, _ in
            loopIsBusy()
        }
        let end = CFRunLoopObserverCreateWithHandler(kCFAllocatorDefault, idle, true, CFIndex.max) { [self] _, _ in
            loopIsIdle()
        }
        let observers = _Observers(list: [start, end].compactMap { $0 })
        for observer in observers.list {
            CFRunLoopAddObserver(runLoop, observer, kCFRunLoopCommonModes)
        }
        state.withLock { $0.observers = observers }
        let thread = Thread { [self] in watch() }
        thread.name = "AttrGraph.HangMonitor"
        thread.start()
    }

    func watch(_ graph: Graph) {
        let activity = graph.activity
        state.withLock { $0.activities.append(activity) }
    }

    func stop() {
        let (wasRunning, observers) = state.withLock { state -> (Bool, _Observers) in
            let wasRunning = state.running
            state.running = false
            state.sink = nil
            let observers = state.observers
            state.observers = _Observers(list: [])
            state.activities.removeAll()
            return (wasRunning, observers)
        }
        // Invalidated observers release their blocks, and with them their hold on this object.
        for observer in observers.list {
            CFRunLoopRemoveObserver(runLoop, observer, kCFRunLoopCommonModes)
            CFRunLoopObserverInvalidate(observer)
        }
        if wasRunning {
            wakeUp.signal()
            finished.wait()
        }
    }

    private func loopIsBusy() {
        let becameBusy = state.withLock { state -> Bool in
            guard state.busySince == nil else { return false }
            state.busySince = ProcessInfo.processInfo.systemUptime
            state.reportedThisStretch = false
            return true
        }
        if becameBusy { wakeUp.signal() }
    }

    private func loopIsIdle() {
        state.withLock { $0.busySince = nil }
    }

    /// Sleeps until the current busy stretch could exceed the threshold, then reports it once.
    private func watch() {
        while true {
            let (isRunning, since, reported) = state.withLock { ($0.running, $0.busySince, $0.reportedThisStretch) }
            guard isRunning else { break }
            guard let since, !reported else {
                _ = wakeUp.wait(timeout: .now() + .milliseconds(Int(threshold * 1000 / 4) + 1))
                continue
            }
            let busyFor = ProcessInfo.processInfo.systemUptime - since
            if busyFor < threshold {
                _ = wakeUp.wait(timeout: .now() + .milliseconds(Int((threshold - busyFor) * 1000) + 1))
                continue
            }
            let report = makeReport(busyFor: busyFor)
            let sink = state.withLock { state -> (@Sendable (HangMonitor.Report) -> Void)? in
                // Still the same busy stretch? (It may have ended while the report was made.)
                guard state.running, state.busySince == since, !state.reportedThisStretch else { return nil }
                state.reportedThisStretch = true
                return state.sink
            }
            if sink != nil, AGTrace.isEnabled {
                AGTrace.instant("hang", category: "runloop", args: ["report": .string(report.description)])
            }
            sink?(report)
        }
        finished.signal()
    }

    private func makeReport(busyFor: TimeInterval) -> HangMonitor.Report {
        let activities = state.withLock { $0.activities }
        var report = HangMonitor.Report(busyFor: busyFor, threshold: threshold, evaluating: [], updateRoots: [])
        for activity in activities {
            let (running, root) = activity.snapshot()
            if let running {
                report.evaluating.append(running)
                report.updateRoots.append(root ?? running)
            }
        }
        return report
    }
}

/// Run-loop observers carried out of the mutex to the thread that removes them (CoreFoundation
/// objects are thread-safe to remove from any thread). `@unchecked Sendable` for that one hop.
private struct _Observers: @unchecked Sendable {
    var list: [CFRunLoopObserver]
}
