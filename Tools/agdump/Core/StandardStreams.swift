#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// agdump's standard streams, written with `write(2)` so that an unwritable stream is an error
/// agdump handles, never a trap (`FileHandle.write` stops the process when a write fails).
///
/// Standard error is best effort: when it is closed, a full device or a pipe nobody reads, the
/// message is lost and agdump still exits with the code its failure documents.
package enum StandardStreams {
    /// Writes `text` to standard error, whole or as much as the descriptor takes; failures are
    /// ignored (there is nowhere left to report them).
    package static func writeError(_ text: String) {
        var text = text
        text.withUTF8 { bytes in _ = writeAll(2, UnsafeRawBufferPointer(bytes)) }
    }

    /// Puts `/dev/null` on each of descriptors 0, 1 and 2 that is closed, before agdump opens
    /// anything else: otherwise the first file it opens (or a descriptor the runtime opens) would
    /// get the lowest free number and become "standard output" or "standard error", and DOT or
    /// messages would be written into it.
    ///
    /// The stand-ins behave as the closed descriptors did for agdump's own reads and writes:
    /// stdin is opened write-only and stdout read-only (reading or writing them fails with
    /// `EBADF`, exit codes 3 and 9 as before), stderr write-only (messages are discarded).
    package static func reserveStandardDescriptors() {
        for (descriptor, mode): (Int32, Int32) in [(0, O_WRONLY), (1, O_RDONLY), (2, O_WRONLY)]
        where fcntl(descriptor, F_GETFD) < 0 && errno == EBADF {
            let opened = open("/dev/null", mode)
            if opened >= 0, opened != descriptor {
                // A lower slot was free too, or something took this one in between.
                dup2(opened, descriptor)
                close(opened)
            }
        }
    }

    /// Writes all of `bytes` to `descriptor`, retrying short writes and interruptions; returns 0,
    /// or the `errno` of the write that failed.
    package static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32 {
        var offset = 0
        while offset < bytes.count {
            let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            if written == 0 { return EIO }
            offset += written
        }
        return 0
    }
}

/// `write(2)`, named apart from the `write` methods of agdump's types.
@inline(__always)
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Darwin)
    Darwin.write(descriptor, buffer, count)
    #elseif canImport(Glibc)
    Glibc.write(descriptor, buffer, count)
    #else
    Musl.write(descriptor, buffer, count)
    #endif
}
