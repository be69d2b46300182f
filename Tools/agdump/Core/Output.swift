#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Where agdump writes: stdout, or a file written atomically (a temporary file in the same
/// folder, renamed into place only once complete, so an error never leaves a partial file).
package enum OutputWriter {
    package static func writeAtomically(_ data: Data, to path: String) throws(AGDumpError) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw AGDumpError(.outputUnwritable, "agdump: cannot write \(path): folder \(folder.path) does not exist")
        }
        do {
            try data.write(to: url, options: .atomic)
        } catch {
            throw AGDumpError(.outputUnwritable, "agdump: cannot write \(path): \(error.localizedDescription)")
        }
    }
}

/// Rendering DOT to SVG or PNG with Graphviz's `dot`, found on PATH.
package enum Graphviz {
    /// The `dot` executable on PATH, if any.
    package static func locateDot(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/dot"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Runs `dot -T<format>` on `source`, writing the result atomically to `output`.
    package static func render(_ source: String, format: String, to output: String) throws(AGDumpError) {
        guard let dot = locateDot() else {
            throw AGDumpError(
                .graphvizUnavailable,
                "agdump: --\(format) needs Graphviz's `dot` on PATH (install graphviz, e.g. `apt-get install graphviz` "
                    + "or `brew install graphviz`), or write DOT with --dot and render it elsewhere")
        }
        let result: (status: Int32, stdout: Data, stderr: Data)
        do {
            result = try run(dot, ["-T\(format)"], input: Data(source.utf8))
        } catch {
            throw AGDumpError(.graphvizUnavailable, "agdump: could not run \(dot): \(error.localizedDescription)")
        }
        guard result.status == 0, !result.stdout.isEmpty else {
            let message = String(decoding: result.stderr, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? "exit status \(result.status)"
            throw AGDumpError(.graphvizUnavailable, "agdump: \(dot) -T\(format) failed: \(message)")
        }
        try OutputWriter.writeAtomically(result.stdout, to: output)
    }

    /// Runs a program with `input` on stdin, collecting stdout and stderr.
    package static func run(_ executable: String, _ arguments: [String], input: Data) throws -> (status: Int32, stdout: Data, stderr: Data) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let stdinPipe = Pipe()
        let stdoutPipe = Pipe()
        let stderrPipe = Pipe()
        process.standardInput = stdinPipe
        process.standardOutput = stdoutPipe
        process.standardError = stderrPipe
        try process.run()
        // Write stdin and drain stdout/stderr concurrently so that large graphs cannot deadlock.
        let group = DispatchGroup()
        let collected = Collected()
        group.enter()
        DispatchQueue.global().async {
            collected.setStdout(stdoutPipe.fileHandleForReading.readDataToEndOfFile())
            group.leave()
        }
        group.enter()
        DispatchQueue.global().async {
            collected.setStderr(stderrPipe.fileHandleForReading.readDataToEndOfFile())
            group.leave()
        }
        stdinPipe.fileHandleForWriting.write(input)
        try? stdinPipe.fileHandleForWriting.close()
        group.wait()
        process.waitUntilExit()
        return (process.terminationStatus, collected.stdout, collected.stderr)
    }

    private final class Collected: @unchecked Sendable {
        // @unchecked: each field is written by one reader before `group.leave()` and read after `group.wait()`.
        private(set) var stdout = Data()
        private(set) var stderr = Data()
        func setStdout(_ data: Data) { stdout = data }
        func setStderr(_ data: Data) { stderr = data }
    }
}

/// A progress line on stderr for long conversions: shown only when stderr is a terminal and
/// the work has taken more than a second; erased when done.
package final class Progress {
    private let enabled: Bool
    private let write: (String) -> Void
    private let start = Date()
    private var shown = false

    package init(enabled: Bool, write: @escaping (String) -> Void) {
        self.enabled = enabled
        self.write = write
    }

    package func update(_ message: String) {
        guard enabled, Date().timeIntervalSince(start) > 1 else { return }
        shown = true
        write("\r\u{1B}[Kagdump: \(message)…")
    }

    package func finish() {
        if shown { write("\r\u{1B}[K") }
    }
}
