#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// The package's one lock: `Synchronization.Mutex` around the state it guards, for the few
/// process-wide and cross-thread tables (never on a per-node path).
///
///     let names = Locked<[String]>([])
///     names.withLock { $0.append("Text") }
///
/// It also tells ThreadSanitizer about the lock when the process runs under it: `Mutex` is built
/// on futexes that ThreadSanitizer cannot see, so without the annotations every access under
/// the lock would be reported as a race (checked: `Scripts/sanitize.sh thread`). In other
/// builds the annotation functions are absent and the cost is one `nil` test per lock.
///
/// The mutex guards no value of its own (`Mutex<Void>`) and the state is a field beside it:
/// callers in other modules run `withLock` unspecialised, and a `Mutex<State>` made each call
/// instantiate the mutex's generic metadata for `State` at run time, which cost more than taking
/// the lock (the view layer's type-keyed tables are read once per mounted view).
package final class Locked<State: ~Copyable>: @unchecked Sendable {
    // @unchecked: `state` is only touched inside `mutex.withLock`.
    private let mutex = Mutex<Void>(())
    /// Guarded by `mutex` (so without the dynamic exclusivity check).
    @exclusivity(unchecked) private var state: State

    package init(_ initial: consuming sending State) {
        state = initial
    }

    /// Runs `body` with the state, holding the lock.
    package func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout State) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        let token = Unmanaged.passUnretained(self).toOpaque()
        return try mutex.withLock { (_: inout sending Void) throws(E) -> sending Result in
            _ThreadSanitizer.acquire?(token)
            defer { _ThreadSanitizer.release?(token) }
            return try body(&state)
        }
    }
}

/// ThreadSanitizer's annotation entry points, found at run time (present only when the process
/// runs under ThreadSanitizer).
enum _ThreadSanitizer {
    typealias Annotation = @convention(c) (UnsafeMutableRawPointer?) -> Void

    static let (acquire, release): (Annotation?, Annotation?) = {
        guard let process = dlopen(nil, RTLD_NOW) else { return (nil, nil) }
        return (
            dlsym(process, "__tsan_acquire").map { unsafeBitCast($0, to: Annotation.self) },
            dlsym(process, "__tsan_release").map { unsafeBitCast($0, to: Annotation.self) }
        )
    }()
}
