import CoreFoundation
import Foundation

// Timers on a `RunLoop` for the run loop scheduler and `Timer.publish`. On Linux, Foundation's block-based
// `Timer` leaks a few objects per timer (swift-corelibs-foundation; seen with AddressSanitizer), and a `RunLoop`
// does not hand out its `CFRunLoop` (`getCFRunLoop()` is internal there). So timers are Core Foundation timers
// on the `CFRunLoop` behind the `RunLoop` — known for the current thread's and the main run loop, and for any
// other once it has run one of our blocks (``KnownRunLoops``); until then, Foundation's `Timer` is the fallback.

/// The `CFRunLoop`s behind `RunLoop`s seen on their own thread.
private enum KnownRunLoops {
    private final class Entry: @unchecked Sendable {
        // @unchecked: written once, before the entry is shared; read under the table's lock.
        weak var runLoop: RunLoop?
        let cfRunLoop: CFRunLoop
        init(_ runLoop: RunLoop, _ cfRunLoop: CFRunLoop) {
            self.runLoop = runLoop
            self.cfRunLoop = cfRunLoop
        }
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var table: [ObjectIdentifier: Entry] = [:]  // guarded by `lock`

    static func lookUp(_ runLoop: RunLoop) -> CFRunLoop? {
        lock.withLock {
            guard let entry = table[ObjectIdentifier(runLoop)], entry.runLoop === runLoop else { return nil }
            return entry.cfRunLoop
        }
    }

    /// Records the current thread's run loop.
    static func recordCurrent() {
        let runLoop = RunLoop.current
        let entry = Entry(runLoop, CFRunLoopGetCurrent())
        lock.withLock {
            table = table.filter { $0.value.runLoop != nil }
            table[ObjectIdentifier(runLoop)] = entry
        }
    }
}

extension RunLoop {
    /// The Core Foundation run loop behind this one, when it is known (see above).
    var reachableCFRunLoop: CFRunLoop? {
        if self === RunLoop.current { return CFRunLoopGetCurrent() }
        if self === RunLoop.main { return CFRunLoopGetMain() }
        return KnownRunLoops.lookUp(self)
    }

    /// Runs `action` at `date` (then every `interval` seconds, if positive) in `mode`; returns what invalidates
    /// the timer.
    @discardableResult
    func addTimer(
        at date: Date, interval: TimeInterval, tolerance: TimeInterval, mode: RunLoop.Mode,
        _ action: @escaping () -> Void
    ) -> @Sendable () -> Void {
        if self === RunLoop.main, let cfMode = mode.coreFoundationMode, ParkedMainThread.isCallerMainQueueWorker {
            // The main run loop no longer runs (see ParkedMainRunLoopTimer).
            let timer = ParkedMainRunLoopTimer(at: date, interval: interval, tolerance: tolerance, mode: cfMode, action)
            return { timer.invalidate() }
        }
        let action = Handoff(action)
        if let runLoop = reachableCFRunLoop, let cfMode = mode.coreFoundationMode {
            let timer = CFRunLoopTimerCreateWithHandler(
                kCFAllocatorDefault, date.timeIntervalSinceReferenceDate, Swift.max(interval, 0), 0, 0
            ) { _ in action.value() }
            CFRunLoopTimerSetTolerance(timer, tolerance)
            CFRunLoopAddTimer(runLoop, timer, cfMode)
            let handle = Handoff(timer)
            return { CFRunLoopTimerInvalidate(handle.value) }
        }
        let timer = Timer(fire: date, interval: Swift.max(interval, 0), repeats: interval > 0) { _ in action.value() }
        timer.tolerance = tolerance
        add(timer, forMode: mode)
        let handle = Handoff(timer)
        return { handle.value.invalidate() }
    }

    /// Wakes this run loop if it sleeps (so that a block performed from another thread runs). The first time for
    /// a run loop that is neither the main nor the current one, a Foundation timer wakes it, and a performed
    /// block makes its `CFRunLoop` known for the next times.
    func wakeUp() {
        if let runLoop = reachableCFRunLoop {
            CFRunLoopWakeUp(runLoop)
        } else {
            perform { KnownRunLoops.recordCurrent() }
            addTimer(at: Date(), interval: 0, tolerance: 0, mode: .default) {}
        }
    }
}

extension RunLoop.Mode {
    /// The Core Foundation name of the default and common modes (others have none here).
    var coreFoundationMode: CFRunLoopMode? {
        switch self {
        case .default: kCFRunLoopDefaultMode
        case .common: kCFRunLoopCommonModes
        default: nil
        }
    }
}
