#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Deadlines and cancelled updates (AttributeGraph's `AGGraphSetDeadline`, `AGGraphCancelUpdate`…).
///
///     graph.withDeadline(Graph.now + 2_000_000) {      // two milliseconds from now
///         attribute.updateValue(options: [.cancelIfPassedDeadline, .abortIfCancelled])
///     }
///
/// A deadline is a time on ``Graph/now``'s clock (nanoseconds of the system's monotonic clock;
/// AttributeGraph uses the Mach absolute time, whose unit differs). A rule asks
/// ``Graph/cancelUpdateIfNeeded()`` or calls ``Graph/cancelUpdate()``; from then on the update
/// runs no more rules for attributes that already have a value — they keep it and stay dirty, so
/// the next update computes them — and ``Graph/updateWasCancelled`` says so until the next update
/// begins. An attribute without a value is still computed: a read always gets a value.
extension Graph {
    /// The deadline of updates of this graph, `UInt64.max` (none) by default.
    public var deadline: UInt64 {
        storage.deadline
    }

    /// Runs `body` with `deadline` as this graph's deadline, then restores the previous one.
    public func withDeadline<T>(_ deadline: UInt64, _ body: () -> T) -> T {
        let saved = storage.deadline
        storage.deadline = deadline
        defer { storage.deadline = saved }
        return body()
    }

    /// Now, on the clock deadlines use: nanoseconds of the system's monotonic clock.
    public static var now: UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    /// Whether the graph updating on this thread has a deadline that has passed.
    public static var hasDeadlinePassed: Bool {
        guard let state = ThreadLocal.context.pointee.updating else { return false }
        let deadline = state.pointee.storage.deadline
        let passed = deadline != .max && now >= deadline
        if passed, _slowPath(state.pointee.traced) { state.pointee.storage.traceDeadlinePassed() }
        return passed
    }

    /// Cancels the update running on this thread: no further rules run for attributes that
    /// already have a value (they stay dirty). Outside an update it does nothing.
    public static func cancelUpdate() {
        ThreadLocal.context.pointee.updating?.pointee.updateCancelled = true
    }

    /// Cancels the update running on this thread if its graph's deadline has passed; returns
    /// whether the update is cancelled.
    @discardableResult
    public static func cancelUpdateIfNeeded() -> Bool {
        guard let state = ThreadLocal.context.pointee.updating else { return false }
        if !state.pointee.updateCancelled, hasDeadlinePassed { state.pointee.updateCancelled = true }
        return state.pointee.updateCancelled
    }

    /// Whether the update running on this thread was cancelled.
    public static var updateWasCancelled: Bool {
        ThreadLocal.context.pointee.updating?.pointee.updateCancelled ?? false
    }

    /// Takes the update running on this thread off it (AttributeGraph's `AGGraphClearUpdate`):
    /// until ``setUpdate(_:)`` puts it back, reads on this thread are outside any update (they
    /// record no dependency). Returns what ``setUpdate(_:)`` takes, `nil` when no update runs.
    public static func clearUpdate() -> UnsafeRawPointer? {
        let thread = ThreadLocal.context
        guard let state = thread.pointee.updating else { return nil }
        let saved = UnsafeMutablePointer<ClearedUpdate>.allocate(capacity: 1)
        saved.initialize(to: ClearedUpdate(state: state, current: state.pointee.current))
        state.pointee.current = 0
        thread.pointee.updating = nil
        return UnsafeRawPointer(saved)
    }

    /// Puts back the update ``clearUpdate()`` took off this thread.
    public static func setUpdate(_ update: UnsafeRawPointer?) {
        guard let update else { return }
        let saved = UnsafeMutableRawPointer(mutating: update).assumingMemoryBound(to: ClearedUpdate.self)
        let thread = ThreadLocal.context
        saved.pointee.state.pointee.current = saved.pointee.current
        thread.pointee.updating = saved.pointee.state
        saved.deinitialize(count: 1)
        saved.deallocate()
    }
}

/// What ``Graph/clearUpdate()`` took off a thread.
struct ClearedUpdate {
    var state: UnsafeMutablePointer<GraphState>
    var current: UInt32
}

extension _AttributeBody {
    /// Whether the update running this rule was cancelled (``Graph/cancelUpdate()``).
    public var updateWasCancelled: Bool {
        Graph.updateWasCancelled
    }
}
