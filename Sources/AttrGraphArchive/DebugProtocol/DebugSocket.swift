#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The socket calls both ends of the debug protocol make (AttrGraph's `DebugServer` and
/// `agdump --connect`), the same on Linux and Darwin.
package enum DebugSocket {
    /// A new TCP socket, set up with ``configure(_:)``; -1 when the system refuses one (`errno` says why).
    package static func makeTCP() -> Int32 {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        if descriptor >= 0 { configure(descriptor) }
        return descriptor
    }

    /// Close-on-exec, non-blocking, and (Darwin) no SIGPIPE.
    package static func configure(_ descriptor: Int32) {
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        #if canImport(Darwin)
        var on: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    /// `send(2)` that never raises SIGPIPE.
    package static func send(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Darwin)
        Darwin.send(descriptor, bytes, count, 0)
        #else
        Glibc.send(descriptor, bytes, count, Int32(MSG_NOSIGNAL))
        #endif
    }
}
