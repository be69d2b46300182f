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
/// nests N update stacks. Each level costs a few hundred bytes of native stack (measured in
/// the tests: see `DepthTests`). Rather than crash with a segmentation fault when the thread's
/// stack runs out, the engine stops with a message saying what to do, once less than
/// ``reserve`` bytes remain.
enum _StackGuard {
    /// Bytes of stack kept free for the rule code between two checks and for the report.
    static let reserve = 48 * 1024

    /// The lowest usable address of this thread's stack (stacks grow down), cached per thread.
    static func stackLimit() -> UInt {
        let context = _ThreadLocal.context
        if context.pointee.stackLimit != 0 { return context.pointee.stackLimit }
        var limit: UInt = 1
        #if canImport(Darwin)
        let top = UInt(bitPattern: pthread_get_stackaddr_np(pthread_self()))
        limit = top - UInt(pthread_get_stacksize_np(pthread_self()))
        #else
        var attributes = pthread_attr_t()
        if let getattr = pthreadGetattrNP, getattr(pthread_self(), &attributes) == 0 {
            var address: UnsafeMutableRawPointer?
            var size = 0
            if pthread_attr_getstack(&attributes, &address, &size) == 0, let address {
                limit = UInt(bitPattern: address)
            }
            pthread_attr_destroy(&attributes)
        }
        #endif
        context.pointee.stackLimit = limit
        return limit
    }

    #if !canImport(Darwin)
    /// glibc's `pthread_getattr_np`, which Swift's Glibc module does not export; looked up once.
    private typealias GetattrFunction = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32
    private static let pthreadGetattrNP: GetattrFunction? = {
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "pthread_getattr_np") else { return nil }
        return unsafeBitCast(symbol, to: GetattrFunction.self)
    }()
    #endif

    /// Traps with advice when fewer than ``reserve`` bytes of stack remain.
    @inline(__always)
    static func check(depth: Int) {
        var marker: UInt8 = 0
        let here = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
        let limit = stackLimit()
        if limit > 1, here < limit &+ UInt(reserve) {
            exhausted(depth: depth)
        }
    }

    @inline(never)
    static func exhausted(depth: Int) -> Never {
        _Misuse.fail(
            "AttrGraph: the thread's stack is nearly exhausted after \(depth) nested update stacks. Only the first "
                + "evaluation of never-computed rules nests (one level per rule in a chain); later updates do not. "
                + "Evaluate a long chain in steps (read every ~500th attribute first, from the start), or run the first "
                + "evaluation on a thread with a larger stack.")
    }
}
