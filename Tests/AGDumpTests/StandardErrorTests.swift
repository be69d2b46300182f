import AGDumpCore
import AttrGraphTestSupport
import Foundation
import Testing

/// agdump exits with its documented code whatever its standard error is: closed, a full device,
/// a pipe nobody reads. (What it would say is lost; what it does is not.)
@Suite struct StandardErrorTests {
    static let targets: [AGDumpProcess.StandardError] = [.closed, .full, .brokenPipe]

    @Test(arguments: targets)
    func anErrorExitsWithItsCode(target: AGDumpProcess.StandardError) throws {
        let run = try AGDumpProcess(["/nonexistent/graph.ag-json"], standardError: target, timeout: 30)
        #expect(!run.signaled && !run.timedOut, "\(target): crashed")
        #expect(run.status == ExitCode.inputUnreadable.rawValue, "\(target)")
        let usage = try AGDumpProcess(["--frobnicate"], standardError: target, timeout: 30)
        #expect(!usage.signaled && usage.status == ExitCode.usage.rawValue, "\(target)")
        let malformed = try AGDumpProcess(["-"], stdin: Array("{\"version\": 2,".utf8), standardError: target, timeout: 30)
        #expect(!malformed.signaled && malformed.status == ExitCode.malformedJSON.rawValue, "\(target)")
    }

    @Test(arguments: targets)
    func theDemoStillWritesItsGraph(target: AGDumpProcess.StandardError) throws {
        // The demo reports its cycle on stderr.
        let run = try AGDumpProcess(["demo"], standardError: target, timeout: 60)
        #expect(!run.signaled && !run.timedOut, "\(target): crashed")
        #expect(run.status == 0, "\(target)")
        #expect(run.output.hasPrefix("digraph {"), "\(target)")
        #expect(DOTGrammar.violations(run.output) == [], "\(target)")
    }

    @Test(arguments: targets)
    func outputFilesAreNotMixedWithMessages(target: AGDumpProcess.StandardError) throws {
        // With descriptor 2 closed, the next file agdump opens could become "stderr".
        let folder = TemporaryFolder()
        let input = folder.file("in.ag-json")
        _ = FileManager.default.createFile(atPath: input, contents: Data(Archives.bytes(Archives.chain(3))))
        let run = try AGDumpProcess(["demo", "-o", folder.file("demo.dot")], standardError: target, timeout: 60)
        #expect(!run.signaled && run.status == 0, "\(target)")
        let dot = try String(contentsOfFile: folder.file("demo.dot"), encoding: .utf8)
        #expect(DOTGrammar.violations(dot) == [], "\(target)")
        let summary = try AGDumpProcess([input, "--summary", "-o", folder.file("summary.txt")], standardError: target)
        #expect(summary.status == 0)
        #expect(try String(contentsOfFile: folder.file("summary.txt"), encoding: .utf8) == AGDumpRun([input, "--summary"]).stdout)
    }

    @Test func closedStdinAndStdoutAreStillErrors() throws {
        // The stand-ins agdump puts on closed descriptors fail its reads and writes as closed ones did.
        let binary = try #require(AGDumpProcess.binary)
        for (redirect, arguments, code) in [
            (">&-", [Fixture.archive], ExitCode.outputUnwritable), ("<&-", ["-"], .inputUnreadable),
            (">&- 2>&-", [Fixture.archive], .outputUnwritable),
        ] {
            let run = try ProcessRun(
                URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "exec \"$0\" \"$@\" \(redirect)", binary.path] + arguments)
            #expect(!run.crashed && run.status == code.rawValue, "\(redirect): \(run.status) \(run.stderr)")
        }
    }

    @Test func aClosedStdoutWithABrokenStderrIsStillExitCode9() throws {
        let path = Fixture.temporaryFile("in.ag-json", contents: Archives.bytes(Archives.chain(2000)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try AGDumpProcess([path], closeStdout: true, standardError: .brokenPipe, timeout: 30)
        #expect(!run.signaled)
        #expect(run.status == ExitCode.outputUnwritable.rawValue)
    }
}
