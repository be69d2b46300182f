#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Protects against native stack exhaustion in the one place evaluation still recurses.
///
/// Re-evaluation never recurses over known inputs (``_Engine/updateNode(_:)`` walks them with
/// an explicit stack). But a rule reading an attribute that has never been computed must
/// compute it on the spot, so the *first* evaluation of a chain of N never-computed rules
/// nests N update stacks. What one level costs depends on the rules (their own frames) and the
/// build, so the guard measures it: each nested update stack records the stack address where it
/// began, and the largest distance between two consecutive ones is the thread's measured level
/// size. Rather than crash with a segmentation fault when the thread's stack runs out, the
/// engine stops with a message saying what to do — how many levels fit, and so how to evaluate
/// the chain in steps — once less than twice the measured level size (and at least
/// ``reserve`` bytes) remains.
enum StackGuard {
    /// Bytes of stack kept free at least, for the rule code between two checks and for the report.
    static let reserve = 48 * 1024

    /// The address of the caller's frame (approximately: a local of the inlined caller).
    @inline(__always)
    static func currentAddress() -> UInt {
        var marker: UInt8 = 0
        return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
    }

    /// The lowest usable address of this thread's stack (stacks grow down) and its top, cached
    /// per thread; `limit` is 1 when unknown.
    /// `context` is the calling thread's own (every nested update has it at hand: no second
    /// thread-local lookup).
    @inline(__always)
    static func stackBounds(of context: UnsafeMutablePointer<ThreadContext>) -> (limit: UInt, top: UInt) {
        if _fastPath(context.pointee.stackLimit != 0) { return (context.pointee.stackLimit, context.pointee.stackTop) }
        return measureStackBounds(of: context)
    }

    @inline(never)
    private static func measureStackBounds(of context: UnsafeMutablePointer<ThreadContext>) -> (limit: UInt, top: UInt) {
        var limit: UInt = 1
        var top = UInt.max
        #if canImport(Darwin)
        top = UInt(bitPattern: pthread_get_stackaddr_np(pthread_self()))
        limit = top - UInt(pthread_get_stacksize_np(pthread_self()))
        #else
        var attributes = pthread_attr_t()
        if let getattr = pthreadGetattrNP, getattr(pthread_self(), &attributes) == 0 {
            var address: UnsafeMutableRawPointer?
            var size = 0
            if pthread_attr_getstack(&attributes, &address, &size) == 0, let address {
                limit = UInt(bitPattern: address)
                top = limit &+ UInt(size)
            }
            pthread_attr_destroy(&attributes)
        }
        #endif
        context.pointee.stackLimit = limit
        context.pointee.stackTop = top
        return (limit, top)
    }

    #if !canImport(Darwin)
    /// glibc's `pthread_getattr_np`, which Swift's Glibc module does not export; looked up once.
    private typealias GetattrFunction = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32
    private static let pthreadGetattrNP: GetattrFunction? = {
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "pthread_getattr_np") else { return nil }
        return unsafeBitCast(symbol, to: GetattrFunction.self)
    }()
    #endif

    /// Checks a new nested update stack beginning at `here`, `depth` levels deep; `previous` is
    /// where the enclosing one began and `outermost` where the update began. Traps with advice
    /// when what remains may not hold two more levels of the largest size measured so far.
    @inline(__always)
    static func check(
        depth: Int, here: UInt, previous: UInt, outermost: UInt, thread: UnsafeMutablePointer<ThreadContext>
    ) {
        let (limit, top) = stackBounds(of: thread)
        // Off the thread's stack: locals live elsewhere (AddressSanitizer's fake stacks); no check.
        guard here > limit, here < top else { return }
        let level = previous > here ? previous &- here : 0
        if level > thread.pointee.largestLevel { thread.pointee.largestLevel = level }
        let headroom = max(UInt(reserve), 2 &* thread.pointee.largestLevel &+ 16 * 1024)
        if limit > 1, here < limit &+ headroom {
            exhausted(depth: depth, used: outermost > here ? outermost &- here : 0, largestLevel: thread.pointee.largestLevel,
                      available: outermost > limit ? outermost &- limit : 0)
        }
    }

    @inline(never)
    static func exhausted(depth: Int, used: UInt, largestLevel: UInt, available: UInt) -> Never {
        let average = depth > 0 ? used / UInt(depth) : used
        // Levels that fit in what the update had, at the largest measured level size, with room
        // for the reserve; advise half of that per step.
        let fitting = largestLevel > 0 ? Int((available &- min(available, UInt(reserve))) / largestLevel) : depth
        let step = max(1, fitting / 2)
        _Misuse.fail(
            "AttrGraph: the thread's stack is nearly exhausted after \(depth) nested update stacks "
                + "(\(used / 1024) KiB used since the update began: \(average) bytes per level on average, \(largestLevel) "
                + "at most). Only the first evaluation of never-computed rules nests (one level per rule in a chain); "
                + "later updates do not. Evaluate a long chain in steps: about \(fitting) levels fit here, so first read "
                + "one attribute every \(step) along the chain, from the start. Or run the first evaluation on a thread with a "
                + "larger stack, or make the rules' own frames smaller (large values on the stack).")
    }
}
