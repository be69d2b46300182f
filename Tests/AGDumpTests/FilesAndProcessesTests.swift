import AttrGraphArchive
#if canImport(Glibc)
import Glibc
#endif
import AGDumpCore
import AttrGraph
import AttrGraphTestSupport
import Foundation
import Testing

/// The agdump executable, run as a process (for what only a process shows: signals, pipes,
/// standard streams).
struct AGDumpProcess {
    let status: Int32
    let signaled: Bool
    /// Whether it was still running after the timeout (then it was killed).
    let timedOut: Bool
    let stdout: Data
    let stderr: String

    static var binary: URL? { ProcessRun.executable("agdump") }

    struct MissingExecutable: Error, CustomStringConvertible {
        var name: String
        var description: String { "\(name) was not built next to the tests (run `swift build` first)" }
    }

    /// Where the child's standard error goes.
    enum StandardError {
        /// A pipe the test reads (``stderr``).
        case pipe
        /// Descriptor 2 closed (`2>&-`).
        case closed
        /// `/dev/full`: every write fails with ENOSPC.
        case full
        /// A pipe whose reading end is closed before agdump starts: every write fails with EPIPE.
        case brokenPipe
    }

    /// Runs agdump; `stdin` is piped in; with `closeStdout` its output pipe is closed before it
    /// writes; after `timeout` seconds it is killed (and ``timedOut`` set).
    init(
        _ arguments: [String], stdin: [UInt8]? = nil, closeStdout: Bool = false, standardError: StandardError = .pipe,
        timeout: TimeInterval = 60
    ) throws {
        let process = Process()
        guard let binary = Self.binary else { throw MissingExecutable(name: "agdump") }
        switch standardError {
        case .closed, .full:
            // The shell sets up descriptor 2, then becomes agdump (its status is agdump's).
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            let redirect = standardError == .closed ? "2>&-" : "2>/dev/full"
            process.arguments = ["-c", "exec \"$0\" \"$@\" \(redirect)", binary.path] + arguments
        case .pipe, .brokenPipe:
            process.executableURL = binary
            process.arguments = arguments
        }
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        if standardError == .brokenPipe {
            try errors.fileHandleForReading.close()
            process.standardError = errors.fileHandleForWriting
        } else {
            process.standardError = errors
        }
        try process.run()
        if standardError == .brokenPipe { try errors.fileHandleForWriting.close() }
        if closeStdout { try output.fileHandleForReading.close() }
        let collected = ResultBox<Data>()
        let message = ResultBox<Data>()
        let group = DispatchGroup()
        if !closeStdout {
            DispatchQueue.global().async(group: group) { collected.value = output.fileHandleForReading.readDataToEndOfFile() }
        }
        if standardError != .brokenPipe {
            DispatchQueue.global().async(group: group) { message.value = errors.fileHandleForReading.readDataToEndOfFile() }
        }
        if let stdin { try? input.fileHandleForWriting.write(contentsOf: Data(stdin)) }
        try? input.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
        timedOut = process.isRunning
        if timedOut { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        group.wait()
        status = process.terminationStatus
        signaled = process.terminationReason == .uncaughtSignal
        stdout = collected.value ?? Data()
        stderr = String(decoding: message.value ?? Data(), as: UTF8.self)
    }

    /// What it wrote to stdout, as text.
    var output: String { String(decoding: stdout, as: UTF8.self) }
}

/// Holds a value a background thread produces.
final class ResultBox<Value>: @unchecked Sendable {
    // @unchecked: written by one thread before a group/semaphore wait, read after it.
    var value: Value?
}

extension Archives {
    /// A chain of `count` nodes.
    static func chain(_ count: Int) -> GraphArchive {
        graph(descs: (0..<count).map { "node \($0)" })
    }
}

@Suite struct OutputFileTests {
    static let archive = Archives.bytes(Archives.chain(3))

    @Test func aSymbolicLinkIsFollowedAndStaysALink() throws {
        let folder = TemporaryFolder()
        let input = folder.file("in.ag-json")
        _ = FileManager.default.createFile(atPath: input, contents: Data(Self.archive))
        _ = FileManager.default.createFile(atPath: folder.file("target.dot"), contents: Data("old".utf8))
        try FileManager.default.createSymbolicLink(atPath: folder.file("link.dot"), withDestinationPath: "target.dot")
        let run = AGDumpRun([input, "-o", folder.file("link.dot")])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.file("link.dot")) == "target.dot")
        #expect(try String(contentsOfFile: folder.file("target.dot"), encoding: .utf8).hasPrefix("digraph {"))
        // A dangling link: its target is created.
        try FileManager.default.createSymbolicLink(atPath: folder.file("dangling.dot"), withDestinationPath: "new.dot")
        #expect(AGDumpRun([input, "-o", folder.file("dangling.dot")]).status == 0)
        #expect(try String(contentsOfFile: folder.file("new.dot"), encoding: .utf8).hasPrefix("digraph {"))
        #expect(folder.contents == ["dangling.dot", "in.ag-json", "link.dot", "new.dot", "target.dot"])
    }

    @Test func aChainOfDanglingLinksIsFollowedToItsEnd() throws {
        let folder = TemporaryFolder()
        let input = folder.file("in.ag-json")
        _ = FileManager.default.createFile(atPath: input, contents: Data(Self.archive))
        try FileManager.default.createDirectory(atPath: folder.file("sub"), withIntermediateDirectories: false)
        // first.dot → second.dot → sub/third.dot → final.dot (relative to sub), none of them a file yet.
        try FileManager.default.createSymbolicLink(atPath: folder.file("first.dot"), withDestinationPath: "second.dot")
        try FileManager.default.createSymbolicLink(atPath: folder.file("second.dot"), withDestinationPath: folder.file("sub/third.dot"))
        try FileManager.default.createSymbolicLink(atPath: folder.file("sub/third.dot"), withDestinationPath: "final.dot")
        let run = AGDumpRun([input, "-o", folder.file("first.dot")])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.file("first.dot")) == "second.dot")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.file("second.dot")) == folder.file("sub/third.dot"))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.file("sub/third.dot")) == "final.dot")
        #expect(try String(contentsOfFile: folder.file("sub/final.dot"), encoding: .utf8).hasPrefix("digraph {"))
        // Written again, through the same chain, now that its end exists.
        #expect(AGDumpRun([input, "-o", folder.file("first.dot"), "--summary"]).status == 0)
        #expect(try String(contentsOfFile: folder.file("sub/final.dot"), encoding: .utf8).hasPrefix("archive version 2"))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.file("second.dot")) == folder.file("sub/third.dot"))
    }

    @Test func aLoopOfLinksIsACleanError() throws {
        let folder = TemporaryFolder()
        let input = folder.file("in.ag-json")
        _ = FileManager.default.createFile(atPath: input, contents: Data(Self.archive))
        try FileManager.default.createSymbolicLink(atPath: folder.file("a.dot"), withDestinationPath: "b.dot")
        try FileManager.default.createSymbolicLink(atPath: folder.file("b.dot"), withDestinationPath: "a.dot")
        // And a chain longer than any system follows.
        for index in 0..<60 {
            try FileManager.default.createSymbolicLink(atPath: folder.file("l\(index)"), withDestinationPath: "l\(index + 1)")
        }
        for link in ["a.dot", "l0"] {
            let run = AGDumpRun([input, "-o", folder.file(link)])
            #expect(run.status == ExitCode.outputUnwritable.rawValue, "\(link): \(run.stderr)")
            #expect(run.stderr.contains("symbolic links"), "\(run.stderr)")
        }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.file("a.dot")) == "b.dot")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.file("b.dot")) == "a.dot")
        #expect(folder.contents.count == 63, "nothing replaced, nothing left behind: \(folder.contents.count)")
    }

    @Test func aFIFOIsWrittenThroughNotReplaced() throws {
        let folder = TemporaryFolder()
        let input = folder.file("in.ag-json")
        _ = FileManager.default.createFile(atPath: input, contents: Data(Self.archive))
        let fifo = folder.file("out.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let received = ResultBox<Data>()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            received.value = FileHandle(forReadingAtPath: fifo)?.readDataToEndOfFile()
            done.signal()
        }
        let run = AGDumpRun([input, "-o", fifo])
        done.wait()
        #expect(run.status == 0, "\(run.stderr)")
        #expect(String(decoding: received.value ?? Data(), as: UTF8.self).hasPrefix("digraph {"))
        var status = stat()
        #expect(stat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO, "the FIFO is still a FIFO")
    }

    @Test func aDeviceStaysADevice() throws {
        let path = Fixture.temporaryFile("in.ag-json", contents: Self.archive)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(AGDumpRun([path, "-o", "/dev/null"]).status == 0)
        var status = stat()
        #expect(stat("/dev/null", &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)
    }

    @Test func devStdoutIsWrittenThroughTheDescriptor() throws {
        let path = Fixture.temporaryFile("in.ag-json", contents: Self.archive)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try AGDumpProcess([path, "-o", "/dev/stdout"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(String(decoding: run.stdout, as: UTF8.self).hasPrefix("digraph {"))
        var status = stat()
        #expect(lstat("/dev/stdout", &status) == 0 && status.st_mode & S_IFMT == S_IFLNK, "/dev/stdout is still a link")
    }

    @Test func aReplacedFileKeepsItsPermissionsAndFailuresLeaveItAlone() throws {
        let folder = TemporaryFolder()
        let input = folder.file("in.ag-json")
        _ = FileManager.default.createFile(atPath: input, contents: Data(Self.archive))
        let output = folder.file("out.dot")
        _ = FileManager.default.createFile(atPath: output, contents: Data("old".utf8))
        chmod(output, 0o640)
        #expect(AGDumpRun([input, "-o", output]).status == 0)
        var status = stat()
        #expect(stat(output, &status) == 0 && status.st_mode & 0o777 == 0o640)
        _ = FileManager.default.createFile(atPath: output, contents: Data("kept".utf8))
        let bad = AGDumpRun(["-", "-o", output], stdin: Array("{\"version\": 2, \"graphs\": [{\"nodes\": 7}]}".utf8))
        #expect(bad.status == ExitCode.notAnArchive.rawValue)
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "kept")
        #expect(folder.contents == ["in.ag-json", "out.dot"], "no temporary file left behind")
        let directory = AGDumpRun([input, "-o", folder.path])
        #expect(directory.status == ExitCode.outputUnwritable.rawValue)
        #expect(directory.stderr.contains("it is a directory"))
    }

    @Test func aFullDiskIsAnErrorNotACrash() throws {
        guard FileManager.default.fileExists(atPath: "/dev/full") else { return }
        let path = Fixture.temporaryFile("in.ag-json", contents: Self.archive)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try AGDumpProcess([path, "-o", "/dev/full"])
        #expect(!run.signaled)
        #expect(run.status == ExitCode.outputUnwritable.rawValue)
        #expect(run.stderr == "agdump: cannot write /dev/full: no space left on the device\n")
    }

    @Test func aClosedPipeIsAnErrorNotACrash() throws {
        let path = Fixture.temporaryFile("in.ag-json", contents: Archives.bytes(Archives.chain(2000)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try AGDumpProcess([path], closeStdout: true)
        #expect(!run.signaled, "killed by SIGPIPE")
        #expect(run.status == ExitCode.outputUnwritable.rawValue)
        #expect(run.stderr == "agdump: cannot write stdout: the reader closed the pipe (broken pipe)\n")
    }
}

@Suite struct StreamInputTests {
    static let archive = Archives.bytes(Archives.chain(3))

    @Test func aFIFOIsReadAsAStream() throws {
        let folder = TemporaryFolder()
        let fifo = folder.file("in.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let bytes = Self.archive
        Thread.detachNewThread {
            let handle = FileHandle(forWritingAtPath: fifo)
            handle?.write(Data(bytes))
            try? handle?.close()
        }
        let run = AGDumpRun([fifo])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == AGDumpRun(["-"], stdin: bytes).stdout)
    }

    @Test func devStdinIsReadAsAStream() throws {
        let run = try AGDumpProcess(["/dev/stdin", "--summary"], stdin: Self.archive)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(String(decoding: run.stdout, as: UTF8.self).contains("nodes:      3"))
    }
}

@Suite struct GraphvizLimitTests {
    @Test func aGraphTooLargeForGraphvizIsRefusedWithAdvice() throws {
        let folder = TemporaryFolder()
        let input = folder.file("big.ag-json")
        _ = FileManager.default.createFile(atPath: input, contents: Data(Archives.bytes(Archives.chain(6000))))
        let run = AGDumpRun([input, "--svg", folder.file("big.svg")])
        #expect(run.status == ExitCode.graphTooLarge.rawValue)
        #expect(run.stderr.contains("has 6000 nodes and 5999 edges"))
        #expect(run.stderr.contains("--around ID --depth K"))
        #expect(run.stderr.contains("--force"))
        #expect(folder.contents == ["big.ag-json"])
        // A selection small enough is drawn.
        guard GraphvizCheck.dotPath != nil else { return }
        let part = AGDumpRun([input, "--around", "3000", "--depth", "3", "--svg", folder.file("part.svg")])
        #expect(part.status == 0, "\(part.stderr)")
        #expect(try String(contentsOfFile: folder.file("part.svg"), encoding: .utf8).contains("<svg"))
    }

    @Test func killingAgdumpKillsItsDotChild() throws {
        guard GraphvizCheck.dotPath != nil, let binary = AGDumpProcess.binary else { return }
        let folder = TemporaryFolder()
        let input = folder.file("big.ag-json")
        _ = FileManager.default.createFile(atPath: input, contents: Data(Archives.bytes(Archives.chain(4900))))
        let process = Process()
        process.executableURL = binary
        process.arguments = [input, "--svg", folder.file("big.svg")]
        process.standardError = Pipe()
        try process.run()
        // Wait for its `dot` child to start.
        var child: Int32?
        let deadline = Date().addingTimeInterval(20)
        while child == nil && Date() < deadline && process.isRunning {
            child = Self.children(of: process.processIdentifier).first
            if child == nil { Thread.sleep(forTimeInterval: 0.01) }
        }
        let dot = try #require(child, "dot never started (or finished first)")
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationStatus == 128 + SIGTERM)
        var gone = false
        for _ in 0..<200 where !gone {
            gone = kill(dot, 0) != 0 || Self.isZombie(dot)
            if !gone { Thread.sleep(forTimeInterval: 0.01) }
        }
        #expect(gone, "dot (pid \(dot)) outlived agdump")
        #expect(folder.contents == ["big.ag-json"], "no temporary output left behind")
    }

    /// Child processes of `pid` (from /proc).
    static func children(of pid: Int32) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { candidate in
            guard let stat = try? String(contentsOfFile: "/proc/\(candidate)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
            return fields.count > 1 && Int32(fields[1]) == pid
        }
    }

    static func isZombie(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")")
        else { return true }
        return stat[stat.index(close, offsetBy: 2)] == "Z"
    }
}
