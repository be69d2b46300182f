import AttrGraph
import CoreFoundation
import Foundation

/// Reports hangs: a run-loop turn that stays busy longer than a threshold (seed 001's technique).
///
///     let monitor = HangMonitor(threshold: 0.1, graphs: [graph])   // the main run loop
///     …
///     monitor.stop()
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
/// ``sink`` (stderr by default; it runs on the watchdog thread). ``stop()`` (or releasing the
/// monitor) removes the observers, ends the thread and releases the sink.
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
    public static let standardErrorSink: @Sendable (Report) -> Void = { report in
        FileHandle.standardError.write(Data((report.description + "\n").utf8))
    }

    public let threshold: TimeInterval
    private let watchdog: _Watchdog

    /// Starts watching `runLoop` (the main run loop by default).
    public init(
        runLoop: CFRunLoop = CFRunLoopGetMain(), threshold: TimeInterval? = nil, graphs: [Graph] = [],
        sink: @escaping @Sendable (Report) -> Void = HangMonitor.standardErrorSink
    ) {
        let threshold = threshold ?? AGEnvironment.hangThresholdMilliseconds.map { Double($0) / 1000 } ?? Self.defaultThreshold
        self.threshold = threshold
        watchdog = _Watchdog(runLoop: runLoop, threshold: threshold, graphs: graphs, sink: sink)
    }

    deinit {
        watchdog.stop()
    }

    /// Adds a graph whose evaluation the reports describe (kept weakly).
    public func watch(_ graph: Graph) {
        watchdog.watch(graph)
    }

    /// Removes the observers, ends the watchdog thread and releases the sink. Idempotent.
    public func stop() {
        watchdog.stop()
    }
}

/// The monitor's state, shared by its run-loop observers and its thread (which keep it alive
/// until ``stop()``; the monitor itself is free to go away and stops it then).
private final class _Watchdog: @unchecked Sendable {
    // @unchecked: all mutable state is guarded by `lock`; the graphs are weak references read
    // through the engine's cross-thread snapshot (Graph.racyRunningAttribute).
    private struct WeakGraph {
        weak var graph: Graph?
    }

    private let runLoop: CFRunLoop
    private let threshold: TimeInterval
    private let lock = NSLock()
    private let wakeUp = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    // Guarded by `lock`.
    private var busySince: TimeInterval?
    private var reportedThisStretch = false
    private var running = true
    private var sink: (@Sendable (HangMonitor.Report) -> Void)?
    private var graphs: [WeakGraph]
    private var observers: [CFRunLoopObserver] = []

    init(runLoop: CFRunLoop, threshold: TimeInterval, graphs: [Graph], sink: @escaping @Sendable (HangMonitor.Report) -> Void) {
        self.runLoop = runLoop
        self.threshold = threshold
        self.sink = sink
        self.graphs = graphs.map { WeakGraph(graph: $0) }
        let busy = CFRunLoopActivity.entry.rawValue | CFRunLoopActivity.afterWaiting.rawValue
            | CFRunLoopActivity.beforeTimers.rawValue | CFRunLoopActivity.beforeSources.rawValue
        let idle = CFRunLoopActivity.beforeWaiting.rawValue | CFRunLoopActivity.exit.rawValue
        let start = CFRunLoopObserverCreateWithHandler(kCFAllocatorDefault, busy, true, CFIndex.min) { [self] _, _ in
            loopIsBusy()
        }
        let end = CFRunLoopObserverCreateWithHandler(kCFAllocatorDefault, idle, true, CFIndex.max) { [self] _, _ in
            loopIsIdle()
        }
        for observer in [start, end].compactMap({ $0 }) {
            CFRunLoopAddObserver(runLoop, observer, kCFRunLoopCommonModes)
            observers.append(observer)
        }
        let thread = Thread { [self] in watch() }
        thread.name = "AttrGraph.HangMonitor"
        thread.start()
    }

    func watch(_ graph: Graph) {
        lock.withLock { graphs.append(WeakGraph(graph: graph)) }
    }

    func stop() {
        let (wasRunning, observers) = lock.withLock { () -> (Bool, [CFRunLoopObserver]) in
            let wasRunning = running
            running = false
            sink = nil
            let observers = self.observers
            self.observers.removeAll()
            return (wasRunning, observers)
        }
        // Invalidated observers release their blocks, and with them their hold on this object.
        for observer in observers {
            CFRunLoopRemoveObserver(runLoop, observer, kCFRunLoopCommonModes)
            CFRunLoopObserverInvalidate(observer)
        }
        if wasRunning {
            wakeUp.signal()
            finished.wait()
        }
    }

    private func loopIsBusy() {
        let becameBusy = lock.withLock { () -> Bool in
            guard busySince == nil else { return false }
            busySince = ProcessInfo.processInfo.systemUptime
            reportedThisStretch = false
            return true
        }
        if becameBusy { wakeUp.signal() }
    }

    private func loopIsIdle() {
        lock.withLock { busySince = nil }
    }

    /// Sleeps until the current busy stretch could exceed the threshold, then reports it once.
    private func watch() {
        while true {
            let (isRunning, since, reported) = lock.withLock { (running, busySince, reportedThisStretch) }
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
            let sink = lock.withLock { () -> (@Sendable (HangMonitor.Report) -> Void)? in
                // Still the same busy stretch? (It may have ended while the report was made.)
                guard running, busySince == since, !reportedThisStretch else { return nil }
                reportedThisStretch = true
                return self.sink
            }
            sink?(report)
        }
        finished.signal()
    }

    private func makeReport(busyFor: TimeInterval) -> HangMonitor.Report {
        let graphs = lock.withLock { self.graphs.compactMap(\.graph) }
        var report = HangMonitor.Report(busyFor: busyFor, threshold: threshold, evaluating: [], updateRoots: [])
        for graph in graphs {
            let (running, root) = graph.racyRunningAttribute()
            if let running {
                report.evaluating.append(running)
                report.updateRoots.append(root ?? running)
            }
        }
        return report
    }
}
