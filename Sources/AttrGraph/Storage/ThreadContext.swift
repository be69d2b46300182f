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
struct ThreadContext {
    /// Retained; released when replaced or when the thread ends.
    var subgraph: Unmanaged<Subgraph>?
    /// The graph of ``subgraph`` (retained with it: see ``Subgraph/current``).
    var currentGraph: Unmanaged<Graph>? = nil
    /// The graph state whose update is innermost on this thread.
    var updating: UnsafeMutablePointer<GraphState>?
    /// The lowest usable stack address (0 until first needed; see ``StackGuard``).
    var stackLimit: UInt = 0
    /// The highest address of this thread's stack.
    var stackTop: UInt = 0
    /// The most stack one nested update stack has used on this thread (see ``StackGuard``).
    var largestLevel: UInt = 0
    /// Whether this is the main thread (decided once, when the context is created).
    var isMainThread: Bool
    /// The thread (`pthread_self()`), to name it in messages to other threads.
    var thread: UInt = _currentThreadID()
    /// This thread's track in the timeline trace (see ``AGTrace``), valid for trace
    /// ``traceGeneration``; 0 until the thread first records an event.
    var traceThreadID: UInt32 = 0
    var traceGeneration: UInt32 = 0
}

/// Where the context lives: a native thread-local slot (``ag_thread_context``, one load) for
/// the engine's paths, and a pthread key whose destructor frees the context when the thread ends.
enum ThreadLocal {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key, _threadContextDestructor)
        if status != 0 { _Misuse.fail("AttrGraph: pthread_key_create failed (\(status))") }
        return key
    }()

    /// This thread's context, created on first use.
    @inline(__always)
    static var context: UnsafeMutablePointer<ThreadContext> {
        if let raw = ag_thread_context() {
            return raw.assumingMemoryBound(to: ThreadContext.self)
        }
        return makeContext()
    }

    /// This thread's identity for exclusive use: its context's address (never 0, unique among
    /// live threads).
    @inline(__always)
    static var identity: UInt {
        UInt(bitPattern: context)
    }

    /// This thread's context if it has one (a thread that never used a graph has none).
    @inline(__always)
    static var existingContext: UnsafeMutablePointer<ThreadContext>? {
        ag_thread_context()?.assumingMemoryBound(to: ThreadContext.self)
    }

    @inline(never)
    private static func makeContext() -> UnsafeMutablePointer<ThreadContext> {
        let context = UnsafeMutablePointer<ThreadContext>.allocate(capacity: 1)
        context.initialize(to: ThreadContext(subgraph: nil, updating: nil, isMainThread: _isMainThread()))
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
    let context = raw.assumingMemoryBound(to: ThreadContext.self)
    context.pointee.subgraph?.release()
    context.pointee.currentGraph?.release()
    context.deinitialize(count: 1)
    context.deallocate()
}

/// Lets other threads run (a thread waiting for another to leave a graph).
func _yieldThread() {
    sched_yield()
}

/// A description of the thread whose identity (``ThreadLocal/identity``) is `identity`, for
/// messages: "the main thread", or its number and name. Reads that thread's context, which is
/// alive while the thread holds or pins a graph.
func _describeThread(_ identity: UInt) -> String {
    guard let context = UnsafeMutablePointer<ThreadContext>(bitPattern: identity) else { return "no thread" }
    if context.pointee.isMainThread { return "the main thread" }
    var name = [CChar](repeating: 0, count: 64)
    let status = ag_thread_name(context.pointee.thread, &name, name.count)
    let label = status == 0 ? String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
    let number = "thread 0x" + String(context.pointee.thread, radix: 16)
    return label.isEmpty ? number : "\(number) (\"\(label)\")"
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
