import CoreFoundation
import Foundation

/// Helpers for tests that run the current thread's `CFRunLoop` on purpose.
///
/// Swift Testing runs tests on worker threads, each with its own run loop; a run loop with no
/// timer or source returns at once, so ``keepAlive()`` adds a long-period timer.
public enum TestRunLoop {
    /// Adds a timer that never fires in practice, so that the current run loop has something
    /// to wait for; remove it with ``end(_:)``.
    public static func keepAlive() -> CFRunLoopTimer {
        let timer = CFRunLoopTimerCreateWithHandler(kCFAllocatorDefault, CFAbsoluteTimeGetCurrent() + 3600, 3600, 0, 0) { _ in }!
        CFRunLoopAddTimer(CFRunLoopGetCurrent(), timer, kCFRunLoopCommonModes)
        return timer
    }

    public static func end(_ timer: CFRunLoopTimer) {
        CFRunLoopTimerInvalidate(timer)
    }

    /// Schedules `body` to run on the current run loop after `delay` seconds (once).
    @discardableResult
    public static func after(_ delay: TimeInterval, _ body: @escaping () -> Void) -> CFRunLoopTimer {
        let timer = CFRunLoopTimerCreateWithHandler(kCFAllocatorDefault, CFAbsoluteTimeGetCurrent() + delay, 0, 0, 0) { _ in
            body()
        }!
        CFRunLoopAddTimer(CFRunLoopGetCurrent(), timer, kCFRunLoopCommonModes)
        return timer
    }

    /// Runs the current run loop until `condition` holds or `timeout` passes; returns whether it held.
    @discardableResult
    public static func run(until condition: () -> Bool, timeout: TimeInterval = 5) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            if Date() >= deadline { return false }
            CFRunLoopRunInMode(kCFRunLoopDefaultMode, 0.02, false)
        }
        return true
    }

    /// Runs the current run loop for `seconds`.
    public static func run(for seconds: TimeInterval) {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            CFRunLoopRunInMode(kCFRunLoopDefaultMode, max(0.001, deadline.timeIntervalSinceNow), false)
        }
    }
}
