import CoreFoundation
import Dispatch
import Foundation
import Synchronization

// Timers on `RunLoop.main` while the main thread is parked in `dispatchMain()`.
//
// A process that calls `dispatchMain()` (Swift Testing's runner on Linux does) never runs the main thread's run
// loop again: the main queue — the main actor — is drained by dispatch's worker threads instead, and a timer added
// to `RunLoop.main` can never fire. Code that schedules on `.main` means "on the main actor", so such a timer is
// kept by dispatch and each tick is handed to the main actor both ways, as the view layer's change notifications
// are: as a main-queue block (for code that awaits, giving the main queue back) and as a block of the run loop of
// the worker that scheduled it (for synchronous main-actor code that keeps the main queue and runs that run loop),
// run once by whichever comes first. A process whose main thread runs its run loop never takes this path: there,
// main-queue work runs on the main thread.

/// Whether the caller runs main-queue work on a thread other than the main thread — which dispatch does only
/// once the main thread has parked in `dispatchMain()`.
enum ParkedMainThread {
    private static let key = DispatchSpecificKey<UInt8>()
    private static let marked: Bool = {
        DispatchQueue.main.setSpecific(key: key, value: 1)
        return true
    }()

    static var isCallerMainQueueWorker: Bool {
        !Thread.isMainThread && isOnMainQueue
    }

    /// Whether the caller runs main-queue work (on whichever thread).
    static var isOnMainQueue: Bool {
        marked && DispatchQueue.getSpecific(key: key) != nil
    }
}

/// A repeating or one-shot timer meant for the main run loop, kept by dispatch; see above.
final class ParkedMainRunLoopTimer: @unchecked Sendable {
    // @unchecked: the source is thread-safe (dispatch); the rest is immutable or atomic.
    private let source: DispatchSourceTimer
    private let action: Handoff<() -> Void>
    /// The run loop of the main-queue worker that scheduled the timer.
    private let worker: Handoff<CFRunLoop>
    private let mode: Handoff<CFRunLoopMode>
    /// A tick is on its way: ticks missed meanwhile are skipped, as a run loop timer skips them.
    private let pending = Atomic<Bool>(false)
    private let invalidated = Atomic<Bool>(false)
    /// Where the timers fire: a queue of its own, which dispatch gives a thread even while its
    /// worker pool is busy (the global queues wait for a free worker).
    private static let queue = DispatchQueue(label: "Combine.ParkedMainRunLoopTimer")

    init(at date: Date, interval: TimeInterval, tolerance: TimeInterval, mode: CFRunLoopMode, _ action: @escaping () -> Void) {
        self.action = Handoff(action)
        worker = Handoff(CFRunLoopGetCurrent())
        self.mode = Handoff(mode)
        source = DispatchSource.makeTimerSource(queue: Self.queue)
        let delay = max(date.timeIntervalSinceNow, 0)
        let leeway = DispatchTimeInterval.nanoseconds(Int(max(tolerance, 0) * 1e9))
        if interval > 0 {
            source.schedule(deadline: .now() + delay, repeating: interval, leeway: leeway)
        } else {
            source.schedule(deadline: .now() + delay, leeway: leeway)
        }
        source.setEventHandler { [weak self] in self?.fire() }
        source.resume()
    }

    deinit {
        source.cancel()
    }

    /// Stops the timer; a tick already on its way is dropped.
    func invalidate() {
        invalidated.store(true, ordering: .releasing)
        source.cancel()
    }

    /// On dispatch's queue: hands one tick to the main actor.
    private func fire() {
        guard !invalidated.load(ordering: .acquiring), !pending.exchange(true, ordering: .acquiringAndReleasing) else {
            return
        }
        let claimed = Claim()
        let tick = Handoff { [self] in
            guard claimed.take() else { return }
            pending.store(false, ordering: .releasing)
            if !invalidated.load(ordering: .acquiring) { action.value() }
        }
        DispatchQueue.main.async { tick.value() }
        // Only while that worker runs main-queue work: it may since have gone back to the pool.
        CFRunLoopPerformBlock(worker.value, mode.value as CFTypeRef) {
            if ParkedMainThread.isOnMainQueue { tick.value() }
        }
        CFRunLoopWakeUp(worker.value)
    }
}

/// Taken once: whichever of a tick's two deliveries comes first runs it.
private final class Claim: Sendable {
    private let taken = Atomic<Bool>(false)

    /// Whether this call took it (the first one does).
    func take() -> Bool {
        !taken.exchange(true, ordering: .acquiringAndReleasing)
    }
}
