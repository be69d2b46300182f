import Foundation

/// Runs one of the package's executables (built next to the test bundle) and captures its
/// output — "as a user would run it".
public struct ProcessRun: Sendable {
    public let status: Int32
    /// Whether the process was killed by a signal (a trap) rather than exiting.
    public let crashed: Bool
    public let stdout: String
    public let stderr: String

    /// The folder the test bundle and the package's executables are built into.
    public static var productsFolder: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    }

    /// The executable `name` in ``productsFolder``, or `nil` when it was not built.
    public static func executable(_ name: String) -> URL? {
        let url = productsFolder.appendingPathComponent(name)
        return FileManager.default.isExecutableFile(atPath: url.path) ? url : nil
    }

    /// Runs `executable` with `environment` added to this process's, waiting at most `timeout`
    /// seconds (then it is terminated and counted as crashed).
    public init(_ executable: URL, arguments: [String] = [], environment: [String: String] = [:],
                timeout: TimeInterval = 30) throws {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment
        for key in ["AG_PRINT_CYCLES", "AG_TRAP_CYCLES", "AG_TREE", "AG_TRACE", "DV_RUN_SECONDS", "DV_PRINT_RENDER", "DV_ARCHIVE", "DV_SCRIPT", "DV_SVG"] {
            merged[key] = nil
        }
        merged.merge(environment) { $1 }
        // A crash report's backtrace would only slow the run down.
        merged["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = merged
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        // Drain both pipes while waiting, so a chatty process cannot block on a full pipe.
        final class Collected: @unchecked Sendable {
            // @unchecked: each buffer is written by one reader thread and read after `wait()`.
            var stdout = Data()
            var stderr = Data()
        }
        let collected = Collected()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { collected.stdout = out.fileHandleForReading.readDataToEndOfFile() }
        DispatchQueue.global().async(group: group) { collected.stderr = err.fileHandleForReading.readDataToEndOfFile() }
        while process.isRunning && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        group.wait()
        status = process.terminationStatus
        crashed = process.terminationReason == .uncaughtSignal
        stdout = String(decoding: collected.stdout, as: UTF8.self)
        stderr = String(decoding: collected.stderr, as: UTF8.self)
    }
}
