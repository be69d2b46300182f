import Dispatch
import Foundation

/// Whether the calling code runs on the main queue — the main actor — whichever thread runs it.
///
/// On Linux, once the main thread parks in `dispatchMain()` (Swift Testing's runner does), the
/// main queue, and with it every main-actor job, is drained by dispatch's worker threads: two
/// main-actor jobs, say before and after an `await`, can run on different threads, serially.
/// Code that ties work to "the thread that made it" treats the main queue as one thread through
/// this check.
package enum MainQueue {
    private static let key = DispatchSpecificKey<UInt8>()
    private static let marked: Bool = {
        DispatchQueue.main.setSpecific(key: key, value: 1)
        return true
    }()

    /// True on the main thread, and in any block or job the main queue runs.
    package static var isCurrent: Bool {
        guard marked else { return false }
        return Thread.isMainThread || DispatchQueue.getSpecific(key: key) != nil
    }
}
