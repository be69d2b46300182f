#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import AttrGraphShims

/// Per-thread engine context: the subgraph new attributes go into, and the graph whose update
/// is innermost on this thread (for ``AnyAttribute/current`` and the static output-value calls).
///
/// Written when an update stack is opened or closed and when ``Subgraph/current`` changes,
/// never per node.
struct _ThreadContext {
    /// Retained; released when replaced or when the thread ends.
    var subgraph: Unmanaged<Subgraph>?
    /// The graph state whose update is innermost on this thread.
    var updating: UnsafeMutablePointer<_GraphState>?
    /// The lowest usable stack address (0 until first needed; see ``_StackGuard``).
    var stackLimit: UInt = 0
    /// The highest address of this thread's stack.
    var stackTop: UInt = 0
    /// The most stack one nested update stack has used on this thread (see ``_StackGuard``).
    var largestLevel: UInt = 0
    /// Whether this is the main thread (decided once, when the context is created).
    var isMainThread: Bool
    /// This thread's track in the timeline trace (see ``AGTrace``), valid for trace
    /// ``traceGeneration``; 0 until the thread first records an event.
    var traceThreadID: UInt32 = 0
    var traceGeneration: UInt32 = 0
}

/// Where the context lives: a native thread-local slot (``ag_thread_context``, one load) for
/// the engine's paths, and a pthread key whose destructor frees the context when the thread ends.
enum _ThreadLocal {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key, _threadContextDestructor)
        if status != 0 { _Misuse.fail("AttrGraph: pthread_key_create failed (\(status))") }
        return key
    }()

    /// This thread's context, created on first use.
    @inline(__always)
    static var context: UnsafeMutablePointer<_ThreadContext> {
        if let raw = ag_thread_context() {
            return raw.assumingMemoryBound(to: _ThreadContext.self)
        }
        return makeContext()
    }

    /// This thread's context if it has one (a thread that never used a graph has none).
    @inline(__always)
    static var existingContext: UnsafeMutablePointer<_ThreadContext>? {
        ag_thread_context()?.assumingMemoryBound(to: _ThreadContext.self)
    }

    @inline(never)
    private static func makeContext() -> UnsafeMutablePointer<_ThreadContext> {
        let context = UnsafeMutablePointer<_ThreadContext>.allocate(capacity: 1)
        context.initialize(to: _ThreadContext(subgraph: nil, updating: nil, isMainThread: _isMainThread()))
        pthread_setspecific(key, context)
        ag_set_thread_context(context)
        return context
    }
}

#if canImport(Darwin)
private func _threadContextDestructor(_ raw: UnsafeMutableRawPointer) {
    _destroyThreadContext(raw)
}
#else
private func _threadContextDestructor(_ raw: UnsafeMutableRawPointer?) {
    guard let raw else { return }
    _destroyThreadContext(raw)
}
#endif

private func _destroyThreadContext(_ raw: UnsafeMutableRawPointer) {
    ag_set_thread_context(nil)
    let context = raw.assumingMemoryBound(to: _ThreadContext.self)
    context.pointee.subgraph?.release()
    context.deinitialize(count: 1)
    context.deallocate()
}

/// The calling thread's identity, for the graph's ownership checks: one libc call, no lookup.
@inline(__always)
func _currentThreadID() -> UInt {
    #if canImport(Darwin)
    UInt(bitPattern: pthread_self())
    #else
    UInt(pthread_self())
    #endif
}
