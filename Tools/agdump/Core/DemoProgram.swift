#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// `agdump demo`'s archive: the `AGDemo` example program (seed 003's app, built with agdump and
/// installed beside it) is run and its standard output read as an archive; what it reports on
/// its standard error (the cycle) is passed on. agdump itself links no view layer.
package enum DemoProgram {
    /// The example's name (`swift run AGDemo` runs it on its own).
    package static let name = "AGDemo"

    /// The longest the demo may run (it settles in well under a second).
    static let timeout: TimeInterval = 60

    /// The most the demo may print (its archive is a few kilobytes).
    static let outputLimit = 16 << 20

    /// The demo program in the folder of the running executable, if it is there: as the build
    /// made it for agdump (``builtName``, written by the DemoProgramName plugin) or as
    /// `swift build --product AGDemo` makes it.
    package static func locate(in folder: URL? = executableFolder) -> String? {
        guard let folder else { return nil }
        for candidate in [builtName, name] {
            let path = folder.appendingPathComponent(candidate).path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// The folder of the running executable (symbolic links resolved).
    package static var executableFolder: URL? {
        Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent()
    }

    /// Runs the demo found in `folder` and returns what it printed (the archive's JSON text).
    package static func run(
        in folder: URL? = executableFolder, diagnostics: @escaping @Sendable (String) -> Void
    ) throws(AGDumpError) -> [UInt8] {
        guard let path = locate(in: folder) else {
            throw AGDumpError(
                .inputUnreadable,
                "agdump: `agdump demo` runs the \(name) example, which is built with agdump, but there is no \(name) in "
                    + "\(folder?.path ?? "agdump's folder"): build it (`swift build --product \(name)`), or run "
                    + "`swift run \(name) | agdump -`")
        }
        signal(SIGPIPE, SIG_IGN)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = []
        let archive = Pipe()
        let messages = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = archive
        process.standardError = messages
        do {
            try process.run()
        } catch {
            throw AGDumpError(.inputUnreadable, "agdump: could not run \(path): \(error.localizedDescription)")
        }
        SignalCleanup.child.withLock { $0 = process.processIdentifier }
        defer { SignalCleanup.child.withLock { $0 = nil } }

        let collected = _Collected()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            let handle = archive.fileHandleForReading
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                if collected.output.count + chunk.count <= outputLimit {
                    collected.output.append(contentsOf: chunk)
                } else {
                    collected.overflowed = true
                }
            }
        }
        DispatchQueue.global().async(group: group) {
            // The report goes on line by line, as the demo writes it.
            let handle = messages.fileHandleForReading
            var pending = [UInt8]()
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                pending.append(contentsOf: chunk)
                if let end = pending.lastIndex(of: UInt8(ascii: "\n")) {
                    diagnostics(String(decoding: pending[...end], as: UTF8.self))
                    pending.removeSubrange(...end)
                }
            }
            if !pending.isEmpty { diagnostics(String(decoding: pending, as: UTF8.self)) }
        }
        if group.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            group.wait()
            process.waitUntilExit()
            throw AGDumpError(.inputUnreadable, "agdump: \(path) did not finish within \(Int(timeout)) s and was stopped")
        }
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0, !collected.overflowed else {
            let why = collected.overflowed
                ? "printed more than \(outputLimit >> 20) MiB"
                : process.terminationReason == .uncaughtSignal
                    ? "was killed by signal \(process.terminationStatus)" : "exited with status \(process.terminationStatus)"
            throw AGDumpError(.inputUnreadable, "agdump: the demo (\(path)) \(why); its messages are above")
        }
        return collected.output
    }

    private final class _Collected: @unchecked Sendable {
        // @unchecked: each field is written by one reader thread before `group.leave()` and read
        // after `group.wait()`.
        var output = [UInt8]()
        var overflowed = false
    }
}
