#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Synchronization

/// Where agdump writes `-o FILE`, `--svg FILE` and `--png FILE`, written the way the kind of
/// file asks for:
///
/// - a **regular file, or a new path**: written to a temporary file beside it and renamed into
///   place once complete (keeping an existing file's permissions), so a failure never leaves a
///   partial file and an existing one stays intact until the new one is whole;
/// - a **symbolic link**, or a chain of them (dangling or not): followed to its end, which is
///   written as above, and every link stays a link; a loop, or more than ``maxLinks`` links in a
///   row, is an error;
/// - a **FIFO, a device, a socket, or a descriptor path** (`/dev/stdout`, `/dev/fd/N`, `-`): written
///   straight through, never replaced by a regular file.
///
/// Write errors (a full disk, a closed pipe) become ``AGDumpError``s with exit code 9.
package final class OutputFile {
    private let path: String
    /// The file being written (the temporary one when replacing).
    private var descriptor: Int32
    /// The temporary file and the path it replaces, when replacing atomically.
    private var replacing: (temporary: String, target: String)?
    private var committed = false

    /// Temporary files being written, removed if agdump is interrupted (see ``SignalCleanup``).
    static let pendingTemporaryFiles = Mutex<Set<String>>([])

    /// Opens `path` for writing; `"-"` is standard output.
    package init(path: String) throws(AGDumpError) {
        self.path = path
        if path == "-" {
            descriptor = 1
            return
        }
        var status = stat()
        if stat(path, &status) == 0 {
            let type = status.st_mode & S_IFMT
            if type == S_IFDIR {
                throw AGDumpError(.outputUnwritable, "agdump: cannot write \(path): it is a directory")
            }
            if type != S_IFREG || Self.isDescriptorPath(path) {
                // A FIFO, device or socket, or an open descriptor: write through it.
                descriptor = open(path, O_WRONLY | O_CLOEXEC | (type == S_IFREG ? O_TRUNC : 0))
                guard descriptor >= 0 else { throw Self.failure(path, errno) }
                return
            }
            // A regular file (perhaps behind symbolic links): replace its target.
            guard let target = Self.resolvedPath(path) else { throw Self.failure(path, errno) }
            (descriptor, replacing) = try Self.temporaryBeside(target, mode: status.st_mode & 0o7777, shownAs: path)
            return
        }
        guard errno == ENOENT else { throw Self.failure(path, errno) }
        // A new file — or a dangling symbolic link, perhaps through a chain of them: the end of
        // the chain is created, every link in it stays a link.
        let target = try Self.endOfLinks(path)
        let folder = (target as NSString).deletingLastPathComponent
        var folderStatus = stat()
        guard stat(folder.isEmpty ? "." : folder, &folderStatus) == 0, folderStatus.st_mode & S_IFMT == S_IFDIR else {
            throw AGDumpError(.outputUnwritable, "agdump: cannot write \(path): folder \(folder) does not exist")
        }
        (descriptor, replacing) = try Self.temporaryBeside(target, mode: 0o666 & ~Self.currentUmask(), shownAs: path)
    }

    deinit {
        if !committed { discard() }
    }

    /// Writes all of `bytes` (retrying short writes and interruptions).
    package func write(_ bytes: UnsafeRawBufferPointer) throws(AGDumpError) {
        let code = StandardStreams.writeAll(descriptor, bytes)
        if code != 0 { throw Self.failure(path == "-" ? "stdout" : path, code) }
    }

    /// Finishes the file: a replacement is renamed into place; a direct write is closed.
    package func commit() throws(AGDumpError) {
        committed = true
        guard let replacing else {
            if descriptor > 2 { close(descriptor) }
            return
        }
        defer { Self.pendingTemporaryFiles.withLock { _ = $0.remove(replacing.temporary) } }
        if close(descriptor) != 0 {
            let code = errno
            unlink(replacing.temporary)
            throw Self.failure(path, code)
        }
        if rename(replacing.temporary, replacing.target) != 0 {
            let code = errno
            unlink(replacing.temporary)
            throw Self.failure(path, code)
        }
    }

    /// Abandons the file: a replacement's temporary file is removed, the target left as it was.
    package func discard() {
        committed = true
        if let replacing {
            close(descriptor)
            unlink(replacing.temporary)
            Self.pendingTemporaryFiles.withLock { _ = $0.remove(replacing.temporary) }
        } else if descriptor > 2 {
            close(descriptor)
        }
    }

    // MARK: Helpers

    private static func failure(_ path: String, _ code: Int32) -> AGDumpError {
        let reason: String
        switch code {
        case EPIPE: reason = "the reader closed the pipe (broken pipe)"
        case ENOSPC: reason = "no space left on the device"
        case EACCES, EPERM: reason = "permission denied"
        default: reason = String(cString: strerror(code))
        }
        return AGDumpError(.outputUnwritable, "agdump: cannot write \(path): \(reason)")
    }

    /// `/dev/stdout`, `/dev/stderr`, `/dev/fd/N` and `/proc/…/fd/N` name open descriptors: a
    /// regular file behind one is written through it, not replaced.
    private static func isDescriptorPath(_ path: String) -> Bool {
        ["/dev/stdout", "/dev/stderr", "/dev/stdin"].contains(path) || path.hasPrefix("/dev/fd/")
            || (path.hasPrefix("/proc/") && path.contains("/fd/"))
    }

    /// The path with every symbolic link resolved.
    private static func resolvedPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The most symbolic links followed in a row (Linux's limit for a path).
    static let maxLinks = 40

    /// The path a chain of (dangling) symbolic links starting at `path` ends at — `path` itself
    /// when it is not a link. A loop, or a chain longer than ``maxLinks``, is an error.
    private static func endOfLinks(_ path: String) throws(AGDumpError) -> String {
        var current = path
        for _ in 0...maxLinks {
            var status = stat()
            guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return current }
            guard let destination = linkTarget(current) else { throw failure(path, errno) }
            current = destination
        }
        throw AGDumpError(
            .outputUnwritable,
            "agdump: cannot write \(path): too many levels of symbolic links (a loop, or more than \(maxLinks) in a row)")
    }

    /// Where a (possibly dangling) symbolic link points, relative to its folder.
    private static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let target = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if target.hasPrefix("/") { return target }
        return ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent(target)
    }

    /// A new temporary file in `target`'s folder, with `mode`.
    private static func temporaryBeside(_ target: String, mode: mode_t, shownAs path: String)
        throws(AGDumpError) -> (Int32, (temporary: String, target: String))
    {
        let folder = (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        var template = Array(((folder.isEmpty ? "." : folder) + "/.\(name).agdump-XXXXXX").utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else { throw failure(path, errno) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        fchmod(descriptor, mode)
        pendingTemporaryFiles.withLock { _ = $0.insert(temporary) }
        return (descriptor, (temporary, target))
    }

    private static func currentUmask() -> mode_t {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }
}
