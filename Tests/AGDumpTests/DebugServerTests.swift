#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AGDumpCore
import AttrGraphArchive
import AttrGraph
import AttrGraphTestSupport
import Foundation
import Testing

/// AttrGraph's `DebugServer` and `agdump --connect`: the process has one server, so every suite
/// that starts it is nested here and runs one test at a time.
@Suite(.serialized) struct DebugServerTests {
    /// A rule whose type name marks the graph these tests describe among the process's others.
    struct DebugServerProbeDoubler: Rule {
        let source: Attribute<Int>
        var value: Int { source.value * 2 }
    }

    /// A graph holding an input, two probe rules and a map over them.
    final class ProbeGraph {
        let test = TestGraph()
        let input: Attribute<Int>
        let doubled: Attribute<Int>
        let quadrupled: Attribute<Int>

        init() {
            let test = self.test
            (input, doubled, quadrupled) = test {
                let input = Attribute(value: 21)
                let doubled = Attribute(DebugServerProbeDoubler(source: input))
                return (input, doubled, Attribute(DebugServerProbeDoubler(source: doubled)))
            }
            _ = quadrupled.value
        }

        var ids: [UInt32] { [input, doubled, quadrupled].map { $0.identifier.rawValue } }
    }

    /// Runs `body` with a started server's address, and stops the server after it.
    static func withServer<R>(_ body: (DebugProtocol.Address) throws -> R) throws -> R {
        let server = DebugServer.start(mode: .valid)
        defer { DebugServer.stop() }
        _ = try #require(server)
        let url = try #require(DebugServer.copyURL())
        guard case .success(let address) = DebugProtocol.Address.parse(url.absoluteString) else {
            Issue.record("the server's URL does not parse: \(url)")
            throw CancellationError()
        }
        return try body(address)
    }

    /// Sends `bytes` on a new connection, says it is done sending, and reads until the server
    /// closes (or 20 s pass): every byte the server sent, and whether it closed in time. (The
    /// server answers in milliseconds; the margin is for a machine busy with other builds, where
    /// 5 s was seen to pass.)
    static func exchange(_ bytes: [UInt8], with address: DebugProtocol.Address) throws -> (reply: [UInt8], closed: Bool) {
        let deadline = ContinuousClock.now + .seconds(20)
        let connection = try SocketTransport(address: address, deadline: deadline)
        try? connection.send(bytes, before: deadline)
        connection.finishSending()
        var reply: [UInt8] = []
        while true {
            guard let chunk = try? connection.receive(upTo: 1 << 20, before: deadline) else { return (reply, false) }
            if chunk.isEmpty { return (reply, true) }
            reply += chunk
        }
    }

    /// A request message: the header (little-endian, written out here independently of
    /// `DebugMessageHeader`) and the body.
    static func message(token: UInt32, body: [UInt8], length: UInt32? = nil, reserved: UInt32 = 0) -> [UInt8] {
        var bytes: [UInt8] = []
        let fields: [UInt32] = [token, reserved, length ?? UInt32(body.count), 0]
        for field in fields {
            for shift: UInt32 in [0, 8, 16, 24] { bytes.append(UInt8(truncatingIfNeeded: field >> shift)) }
        }
        return bytes + body
    }

    /// The replies in `stream`: each a header with the server's token and a JSON body, nothing
    /// left over; `nil` when the stream is anything else.
    static func replies(in stream: [UInt8], token: UInt32) -> [JSONValue]? {
        var replies: [JSONValue] = []
        var offset = 0
        while offset < stream.count {
            guard stream.count - offset >= 16 else { return nil }
            func field(_ index: Int) -> UInt32 {
                (0..<4).reduce(0) { $0 | UInt32(stream[offset + index * 4 + $1]) << UInt32(8 * $1) }
            }
            let length = Int(field(2))
            guard field(0) == token, field(3) == 0, stream.count - offset - 16 >= length,
                let body = try? ArchiveReader.json(from: Array(stream[(offset + 16)..<(offset + 16 + length)]))
            else { return nil }
            replies.append(body)
            offset += 16 + length
        }
        return replies
    }

    @Suite struct Scenarios {
        @Test func agdumpConnectDrawsTheAttributesOfALiveGraph() throws {
            let probe = ProbeGraph()
            try DebugServerTests.withServer { address in
                // The process has other graphs (other tests'): find this one's index, then draw it.
                var drawn = false
                for _ in 0..<20 where !drawn {
                    let json = AGDumpRun(["--connect", address.url, "--json"])
                    #expect(json.status == 0, "\(json.stderr)")
                    let archive = try ArchiveReader.archive(from: Array(json.stdout.utf8))
                    let index = try #require(archive.graphs.firstIndex { graph in
                        graph.types.contains { $0.name.contains("DebugServerProbeDoubler") }
                    })
                    // Other tests' graphs come and go between the two requests: the index may then name
                    // another graph or none (a usage error), and the loop asks again.
                    let dot = AGDumpRun(["--connect", address.url, "--dot", "--graph", "\(index)"])
                    guard dot.status == 0 else {
                        #expect(dot.status == 2 && dot.stderr.contains("--graph"), "\(dot.stderr)")
                        continue
                    }
                    drawn = probe.ids.allSatisfy { dot.stdout.contains("  _\($0)[label=\"\($0): ") }
                    if drawn {
                        #expect(dot.stdout.contains("DebugServerProbeDoubler"))
                        #expect(DOTGrammar.violations(dot.stdout).isEmpty)
                        #expect(dot.stdout.contains("  _\(probe.ids[0]) -> _\(probe.ids[1])["))
                    }
                }
                #expect(drawn, "the DOT never drew the probe graph's attributes")
                let summary = AGDumpRun(["--connect", address.url, "--summary"])
                #expect(summary.status == 0 && summary.stdout.hasPrefix("archive version 2, "))
            }
            withExtendedLifetime(probe) {}
        }

        @Test func startNeedsValidReturnsTheRunningServerAndListensOnLoopbackOnly() throws {
            #expect(DebugServer.start(mode: []) == nil)
            #expect(DebugServer.copyURL() == nil)
            try DebugServerTests.withServer { address in
                #expect(address.host == "127.0.0.1")
                #expect(DebugServer.start(mode: [.valid, .networkInterface]) != nil)
                #expect(DebugServer.start(mode: []) != nil, "start returns the running server, as AttributeGraph's")
                #expect(DebugServer.copyURL()?.absoluteString == address.url, "a second start does not make a second server")
                #expect(DebugServer.copyURL()?.scheme == "graph")
            }
            #expect(DebugServer.copyURL() == nil)
            DebugServer.stop()  // stopping twice is harmless
            DebugServer.run(timeout: 5)  // no server: returns at once
        }

        @Test func aWrongTokenClosesTheConnectionWithoutAnAnswer() throws {
            try DebugServerTests.withServer { address in
                var wrong = address
                wrong.token &+= 1
                let run = AGDumpRun(["--connect", wrong.url])
                #expect(run.status == ExitCode.connectionFailed.rawValue)
                #expect(run.stderr.contains("closed the connection without answering: the token is wrong"), "\(run.stderr)")
                #expect(run.stdout.isEmpty)
                let raw = try DebugServerTests.exchange(
                    DebugServerTests.message(token: wrong.token, body: DebugClient.request), with: address)
                #expect(raw.closed && raw.reply.isEmpty)
            }
        }

        @Test func malformedAndOversizedRequestsCloseOnlyTheirConnection() throws {
            try DebugServerTests.withServer { address in
                let token = address.token
                let refused: [(String, [UInt8])] = [
                    ("a body over 16 MiB", DebugServerTests.message(token: token, body: [], length: 16 << 20 + 1)),
                    ("the largest length", DebugServerTests.message(token: token, body: Array("{}".utf8), length: .max)),
                    ("half a header", Array(DebugServerTests.message(token: token, body: []).prefix(9))),
                    ("a body cut short", DebugServerTests.message(token: token, body: Array("{\"command\"".utf8), length: 40)),
                    ("no body", DebugServerTests.message(token: token, body: [])),
                    ("not JSON", DebugServerTests.message(token: token, body: Array("command=graph/description".utf8))),
                    ("an array", DebugServerTests.message(token: token, body: Array("[\"graph/description\"]".utf8))),
                    ("no command", DebugServerTests.message(token: token, body: Array("{\"all_graphs\":true}".utf8))),
                    ("an unknown command", DebugServerTests.message(token: token, body: Array("{\"command\":\"graph/erase\"}".utf8))),
                    ("a command that is not a string", DebugServerTests.message(token: token, body: Array("{\"command\":7}".utf8))),
                    ("a negative truncation limit", DebugServerTests.message(
                        token: token, body: Array("{\"command\":\"graph/description\",\"truncation-limit\":-1}".utf8))),
                    ("include-values that is a string", DebugServerTests.message(
                        token: token, body: Array("{\"command\":\"graph/description\",\"include-values\":\"yes\"}".utf8))),
                    ("duplicate keys", DebugServerTests.message(
                        token: token, body: Array("{\"command\":\"graph/description\",\"command\":\"profiler/start\"}".utf8))),
                    ("deep nesting", DebugServerTests.message(
                        token: token, body: Array(("{\"command\":\"graph/description\",\"x\":" + String(repeating: "[", count: 5000)
                            + String(repeating: "]", count: 5000) + "}").utf8))),
                ]
                for (what, bytes) in refused {
                    let (reply, closed) = try DebugServerTests.exchange(bytes, with: address)
                    #expect(closed && reply.isEmpty, "\(what): the server answered \(reply.count) bytes instead of closing")
                }
                // The server still answers, a connection can ask twice, and the reply echoes the second field.
                let valid = DebugServerTests.message(token: token, body: DebugClient.request, reserved: 0xABCD)
                let (reply, closed) = try DebugServerTests.exchange(valid + valid, with: address)
                #expect(closed)
                let bodies = try #require(DebugServerTests.replies(in: reply, token: token))
                #expect(bodies.count == 2)
                #expect(reply[4..<8] == [0xCD, 0xAB, 0, 0])
                #expect(bodies.allSatisfy { $0["graphs"]?.arrayValue != nil })
            }
        }

        @Test func descriptionOptionsAreHonoured() throws {
            let probe = ProbeGraph()
            try DebugServerTests.withServer { address in
                func ask(_ body: String) throws -> JSONValue? {
                    let (reply, _) = try DebugServerTests.exchange(DebugServerTests.message(token: address.token, body: Array(body.utf8)), with: address)
                    return DebugServerTests.replies(in: reply, token: address.token)?.first
                }
                let none = try ask(#"{"command":"graph/description","all_graphs":false}"#)
                #expect(none?["graphs"]?.arrayValue?.isEmpty == true, "with nil and all_graphs false, no graph (as AttributeGraph)")
                let probeGraph = { (reply: JSONValue?) -> JSONValue? in
                    reply?["graphs"]?.arrayValue?.first { graph in
                        graph["types"]?.arrayValue?.contains { $0["name"]?.stringValue?.contains("DebugServerProbeDoubler") == true } == true
                    }
                }
                let plainReply = try ask(#"{"command":"graph/description"}"#)
                let plain = try #require(probeGraph(plainReply))
                #expect(plain["nodes"]?.arrayValue?.allSatisfy { $0["value"] == nil } == true)
                let valuedReply = try ask(#"{"command":"graph/description","include-values":true}"#)
                let valued = try #require(probeGraph(valuedReply))
                #expect(valued["nodes"]?.arrayValue?.contains { $0["value"]?.stringValue == "84" } == true)
            }
            withExtendedLifetime(probe) {}
        }

        @Test func stopClosesOpenConnectionsAndRefusesNewOnes() throws {
            let server = try #require(DebugServer.start(mode: .valid))
            _ = server
            let url = try #require(DebugServer.copyURL())
            guard case .success(let address) = DebugProtocol.Address.parse(url.absoluteString) else {
                Issue.record("bad URL \(url)")
                return
            }
            let deadline = ContinuousClock.now + .seconds(5)
            let open = try SocketTransport(address: address, deadline: deadline)
            // Half a header: the server holds the connection, waiting for the rest.
            try open.send([1, 2, 3], before: deadline)
            let started = ContinuousClock.now
            DebugServer.stop()
            #expect(ContinuousClock.now - started < .seconds(2), "stop waits for the server's thread, which wakes at once")
            #expect(try open.receive(upTo: 16, before: deadline).isEmpty, "stop closed the connection")
            let run = AGDumpRun(["--connect", address.url, "--timeout", "2"])
            #expect(run.status == ExitCode.connectionFailed.rawValue)
            #expect(run.stderr.contains("cannot connect"), "\(run.stderr)")
        }

        @Test func runServesUntilItsClientsLeaveOrTheTimeoutPasses() throws {
            try DebugServerTests.withServer { address in
                let clock = ContinuousClock()
                let idle = clock.measure { DebugServer.run(timeout: 1) }
                #expect(idle >= .milliseconds(900) && idle < .seconds(4), "run(timeout: 1) with no client took \(idle)")
                let client = Thread {
                    Thread.sleep(forTimeInterval: 0.2)
                    _ = try? DebugServerTests.exchange(DebugServerTests.message(token: address.token, body: DebugClient.request), with: address)
                }
                client.start()
                let served = clock.measure { DebugServer.run(timeout: 30) }
                #expect(served < .seconds(10), "run returns once its client has gone (took \(served))")
            }
        }

        @Test func connectOptionsAndUnreachableServersAreCleanErrors() throws {
            for url in ["http://127.0.0.1:1/?token=1", "graph://127.0.0.1/?token=1", "graph://127.0.0.1:0/?token=1",
                "graph://127.0.0.1:70000/?token=1", "graph://example.com:80/?token=1", "graph://127.0.0.1:80/",
                "graph://127.0.0.1:80/?token=-1", "graph://127.0.0.1:80/?token=4294967296", "graph://127.0.0.1:80/?token=1&token=2",
                "graph://1.2.3:80/?token=1", "graph://256.0.0.1:80/?token=1", ""]
            {
                let run = AGDumpRun(["--connect", url])
                #expect(run.status == ExitCode.usage.rawValue, "\(url): \(run.stderr)")
                #expect(Fuzz.checkFailure(status: run.status, stdout: run.stdout, stderr: run.stderr) == nil)
            }
            let good = "graph://localhost:1/?token=5"
            for arguments in [[good, Fixture.archive], [good, "-"], ["demo", good], [good, "--timeout", "0"], [good, "--timeout", "x"],
                [good, "--timeout", "-1"], [good, "--timeout", "1e3"]]
            {
                let vector = arguments.flatMap { $0 == good ? ["--connect", good] : [$0] }
                let run = AGDumpRun(vector)
                #expect(run.status == ExitCode.usage.rawValue, "\(vector): \(run.stderr)")
            }
            // Port 1 on loopback: nothing listens there.
            let refused = AGDumpRun(["--connect", good, "--timeout", "2"])
            #expect(refused.status == ExitCode.connectionFailed.rawValue, "\(refused.stderr)")
            #expect(refused.stderr.hasPrefix("agdump: graph://127.0.0.1:1/?token=5: cannot connect ("), "\(refused.stderr)")
            #expect(Fuzz.checkFailure(status: refused.status, stdout: refused.stdout, stderr: refused.stderr) == nil)
        }

        @Test func aServerThatNeverAnswersTimesOut() throws {
            // A socket that listens but never accepts: connecting and sending succeed, no reply comes.
            let (descriptor, port) = try SilentListener.make()
            defer { _ = close(descriptor) }
            let clock = ContinuousClock()
            var run: AGDumpRun?
            let took = clock.measure { run = AGDumpRun(["--connect", "graph://127.0.0.1:\(port)/?token=1", "--timeout", "0.5"]) }
            let result = try #require(run)
            #expect(result.status == ExitCode.connectionFailed.rawValue)
            #expect(result.stderr.contains("no answer in time (waiting for the reply)"), "\(result.stderr)")
            #expect(took < .seconds(5))
        }

        @Test func profilerCommandsDriveEveryGraphsProfiler() async {
            // In a child process: profiling every graph would disturb the other tests' graphs.
            await #expect(processExitsWith: .success) {
                let probe = ProbeGraph()
                guard let server = DebugServer.start(mode: .valid), let url = DebugServer.copyURL(),
                    case .success(let address) = DebugProtocol.Address.parse(url.absoluteString)
                else { exit(10) }
                _ = server
                func send(_ command: String) -> [JSONValue]? {
                    let body = Array("{\"command\":\"\(command)\",\"name\":\"here\"}".utf8)
                    guard let (reply, _) = try? DebugServerTests.exchange(DebugServerTests.message(token: address.token, body: body), with: address)
                    else { return nil }
                    return DebugServerTests.replies(in: reply, token: address.token)
                }
                guard send("profiler/start")?.first?["command"]?.stringValue == "profiler/start" else { exit(11) }
                func update(_ value: Int) {
                    probe.input.value = value
                    _ = probe.quadrupled.value
                }
                func runs() -> Int { probe.test.graph.profile.rules.reduce(0) { $0 + $1.runs } }
                for value in 1...3 { update(value) }
                guard runs() == 6 else { exit(12) }
                guard send("profiler/mark")?.count == 1, send("profiler/reset")?.count == 1 else { exit(13) }
                update(4)  // the reset is applied when the next profiled update starts
                guard runs() == 2 else { exit(14) }
                guard send("profiler/stop")?.count == 1 else { exit(15) }
                update(5)
                guard runs() == 2 else { exit(16) }
                DebugServer.stop()
                exit(0)
            }
        }
    }
}

/// A TCP socket on 127.0.0.1 that listens and never accepts.
enum SilentListener {
    struct Failure: Error {}

    static func make() throws -> (descriptor: Int32, port: UInt16) {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw Failure() }
        var address = sockaddr_in()
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0 && listen(descriptor, 4) == 0
            }
        }
        guard ok else {
            _ = close(descriptor)
            throw Failure()
        }
        return (descriptor, UInt16(bigEndian: address.sin_port))
    }
}
