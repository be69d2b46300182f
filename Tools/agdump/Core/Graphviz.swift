import AttrGraphArchive
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Synchronization

/// Rendering DOT to SVG or PNG with Graphviz's `dot`, found on PATH.
///
/// The DOT is streamed into `dot`'s standard input as it is produced and `dot`'s output
/// streamed into the output file, so neither is held whole. Graphviz's time and memory grow
/// much faster than the graph (a 10,000-node graph can take tens of gigabytes), so graphs past
/// ``Limits`` are refused unless forced, and graphs past ``largeGraphNodes`` are laid out with
/// settings that trade beauty for tractability. `dot` never outlives agdump: it is killed when
/// agdump is interrupted (``SignalCleanup``), and if agdump dies outright its input pipe closes
/// and the output pipe breaks, which ends it.
package enum Graphviz {
    /// The largest graph rendered without `--force`.
    package struct Limits: Sendable {
        package var nodes = 5_000
        package var edges = 20_000

        package init() {}
    }

    /// From this many nodes on, `dot` gets the settings for large graphs (``largeGraphArguments``).
    package static let largeGraphNodes = 1_000

    /// Straight edges instead of splines, and fewer iterations of ranking and crossing reduction:
    /// the expensive parts of `dot`'s layout on big graphs.
    package static let largeGraphArguments = [
        "-Gsplines=line", "-Gnslimit=2", "-Gnslimit1=2", "-Gmclimit=0.5", "-Gsearchsize=10",
    ]

    /// The `dot` executable on PATH, if any.
    package static func locateDot(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/dot"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Refuses a graph past `limits` (the message says what to do instead).
    package static func checkSize(nodes: Int, edges: Int, limits: Limits, format: String) throws(AGDumpError) {
        guard nodes > limits.nodes || edges > limits.edges else { return }
        throw AGDumpError(
            .graphTooLarge,
            "agdump: the graph to draw has \(nodes) nodes and \(edges) edges; Graphviz can need many gigabytes and minutes "
                + "past \(limits.nodes) nodes or \(limits.edges) edges, so --\(format) stops here. Draw part of it "
                + "(--around ID --depth K, --only IDS, --type REGEX), group it (--cluster-subgraphs), write DOT (--dot) "
                + "for another tool, or add --force to render it anyway.")
    }

    /// Runs `dot -T<format>` on the DOT that `produce` writes, into
    /// `output` (committed only when `dot` succeeded). `nodes` chooses the layout settings.
    package static func render(
        format: String, nodes: Int, arguments: [String]? = nil, to output: OutputFile,
        produce: (inout OutputBuffer) throws -> Void
    ) throws(AGDumpError) {
        guard let dot = locateDot() else {
            throw AGDumpError(
                .graphvizUnavailable,
                "agdump: --\(format) needs Graphviz's `dot` on PATH (install graphviz, e.g. `apt-get install graphviz` "
                    + "or `brew install graphviz`), or write DOT with --dot and render it elsewhere")
        }
        // A `dot` that exits early must not kill agdump with SIGPIPE: the write fails instead.
        signal(SIGPIPE, SIG_IGN)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: dot)
        process.arguments = ["-T\(format)"] + (arguments ?? (nodes >= largeGraphNodes ? largeGraphArguments : []))
        let input = Pipe()
        let rendered = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = rendered
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw AGDumpError(.graphvizUnavailable, "agdump: could not run \(dot): \(error.localizedDescription)")
        }
        SignalCleanup.child.withLock { $0 = process.processIdentifier }
        defer { SignalCleanup.child.withLock { $0 = nil } }

        // dot's output goes to the file as it comes; its messages are kept (the first 64 KiB).
        let collected = _Collected()
        let group = DispatchGroup()
        let outputBox = SendableOutput(output)
        DispatchQueue.global().async(group: group) {
            let handle = rendered.fileHandleForReading
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                if collected.writeError == nil {
                    do {
                        try chunk.withUnsafeBytes { buffer in try outputBox.output.write(buffer) }
                        collected.wroteBytes = true
                    } catch {
                        collected.writeError = error as? AGDumpError
                            ?? AGDumpError(.outputUnwritable, "agdump: cannot write the output: \(error)")
                    }
                }
            }
        }
        DispatchQueue.global().async(group: group) {
            let handle = errors.fileHandleForReading
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                if collected.messages.count < 64 << 10 { collected.messages.append(chunk) }
            }
        }
        // The DOT, streamed into dot's input; a closed pipe (dot failed) ends the writing.
        let descriptor = input.fileHandleForWriting.fileDescriptor
        let toDot: (UnsafeRawBufferPointer) throws -> Void = { chunk in
            var offset = 0
            while offset < chunk.count {
                let written = write(descriptor, chunk.baseAddress! + offset, chunk.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw PipeClosed()
                }
                offset += written
            }
        }
        var stream = OutputBuffer(sink: toDot)
        var producerError: Error?
        do {
            try produce(&stream)
            try stream.finish()
        } catch is PipeClosed {
            // dot stopped reading: its status and messages say why.
        } catch {
            producerError = error
        }
        try? input.fileHandleForWriting.close()
        group.wait()
        process.waitUntilExit()
        if let producerError {
            output.discard()
            if let error = producerError as? AGDumpError { throw error }
            throw AGDumpError(.outputUnwritable, "agdump: \(producerError)")
        }
        if let writeError = collected.writeError {
            output.discard()
            throw writeError
        }
        guard process.terminationReason == .exit, process.terminationStatus == 0, collected.wroteBytes else {
            output.discard()
            let message = String(decoding: collected.messages, as: UTF8.self).split(separator: "\n").first.map(String.init)
                ?? (process.terminationReason == .uncaughtSignal
                    ? "killed by signal \(process.terminationStatus)" : "exit status \(process.terminationStatus)")
            throw AGDumpError(.graphvizUnavailable, "agdump: \(dot) -T\(format) failed: \(message)")
        }
        try output.commit()
    }

    private struct PipeClosed: Error {}

    private final class _Collected: @unchecked Sendable {
        // @unchecked: each field is written by one reader thread before `group.leave()` and read
        // after `group.wait()`.
        var messages = Data()
        var wroteBytes = false
        var writeError: AGDumpError?
    }

    /// The output file, written by the thread that reads `dot`'s output only.
    private final class SendableOutput: @unchecked Sendable {
        // @unchecked: used by that one reader thread until `group.wait()`, then by the caller.
        let output: OutputFile
        init(_ output: OutputFile) { self.output = output }
    }
}

/// What agdump cleans up when it is interrupted (SIGINT, SIGTERM, SIGHUP): the `dot` child it
/// is running is killed and temporary output files are removed, then agdump exits with
/// 128 + the signal's number. SIGPIPE is ignored (a closed output pipe becomes an error with
/// exit code 9). The executable installs it; in-process uses (tests) do not.
package enum SignalCleanup {
    /// The running `dot`, if any.
    static let child = Mutex<Int32?>(nil)
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

    package static func install() {
        // A closed output pipe is a write error agdump reports, not a reason to die silently.
        signal(SIGPIPE, SIG_IGN)
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler {
                if let pid = child.withLock({ $0 }) { kill(pid, SIGKILL) }
                for path in OutputFile.pendingTemporaryFiles.withLock({ $0 }) { unlink(path) }
                _exit(128 + signalNumber)
            }
            source.resume()
            sources.append(source)
        }
    }
}
