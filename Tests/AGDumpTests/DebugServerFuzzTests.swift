import AGDumpCore
import AttrGraphArchive
import AttrGraph
import AttrGraphTestSupport
import Foundation
import Testing

/// A reply stream a test hands `agdump --connect` instead of a socket, delivered in chunks of a
/// seeded size; what agdump sends is kept.
final class ScriptedTransport: DebugTransport {
    private let stream: [UInt8]
    private let chunk: Int
    private var offset = 0
    private(set) var sent: [UInt8] = []

    init(_ stream: [UInt8], chunk: Int) {
        self.stream = stream
        self.chunk = max(1, chunk)
    }

    func send(_ bytes: [UInt8], before deadline: ContinuousClock.Instant) throws(AGDumpError) {
        sent += bytes
    }

    func receive(upTo count: Int, before deadline: ContinuousClock.Instant) throws(AGDumpError) -> [UInt8] {
        let end = min(stream.count, offset + min(count, chunk))
        defer { offset = end }
        return Array(stream[offset..<end])
    }
}

extension DebugServerTests {
    /// Seeded fuzzers for the debug protocol, both ways.
    ///
    /// Replies (`debug-reply`): valid replies — the real AttributeGraph archive fixture and this
    /// process's own description of a probe graph, framed — damaged in their header (token,
    /// length: short, long, huge), cut short anywhere, or with their body mutated the ways
    /// archive files are (``Mutator``), delivered to `agdump --connect` in chunks of any size.
    /// The oracle decodes the framing itself: a stream shorter than its header, a foreign token
    /// or a body cut short is exit 13; a length over `--max-size` exit 11; otherwise agdump's
    /// output and status are exactly those of reading the body as a file — and every failure is
    /// one clean line.
    ///
    /// Requests (`debug-request`): the description request, framed, damaged the same ways and
    /// sent to a running server, which must answer with well-formed replies or close — within
    /// 5 s, never a crash — must answer an undamaged request, must not answer a foreign token or
    /// an oversized length, and must still answer a fresh client afterwards.
    @Suite struct DebugServerFuzzTests {
        static let token: UInt32 = 0x5EED_0042
        static let url = "graph://127.0.0.1:9/?token=\(token)"

        static func frame(_ body: [UInt8], token: UInt32 = token, length: UInt32? = nil) -> [UInt8] {
            DebugServerTests.message(token: token, body: body, length: length)
        }

        @Test func mutatedRepliesAreCleanErrorsOrTheArchiveTheyCarry() throws {
            let probe = ProbeGraph()
            let description = try #require(Graph.description(probe.test.graph, options: ["format": "graph/dict", "include-values": true]))
            let bodies = [
                Array(try Data(contentsOf: URL(fileURLWithPath: Fixture.archive))),
                Array(try JSONSerialization.data(withJSONObject: description)),
            ]
            _ = Fuzz.run("debug-reply", slice: 400, seed: 0xDEB0_0000) { seed in
                var mutator = Mutator(seed: seed)
                var body = bodies[mutator.below(bodies.count)]
                var token = Self.token
                var length: UInt32?
                var cut: Int?
                switch mutator.below(11) {
                case 6: break  // unchanged: agdump must draw exactly what the body holds
                case 0: token ^= UInt32(1) << UInt32(mutator.below(32))
                case 1: length = UInt32(body.count + 1 + mutator.below(100))
                case 2: length = UInt32(max(0, body.count - 1 - mutator.below(max(1, body.count))))
                case 3: length = [UInt32.max, UInt32(1 << 30) + 1, UInt32(Int32.max), UInt32(4096 + mutator.below(1 << 20))][mutator.below(4)]
                case 4: cut = mutator.below(24)
                case 5: cut = mutator.below(body.count + 16)
                default:
                    for _ in 0..<(1 + mutator.below(3)) { mutator.mutate(&body, others: bodies) }
                }
                var stream = Self.frame(body, token: token, length: length)
                if let cut { stream = Array(stream.prefix(cut)) }
                let output = [["--dot"], ["--summary"], ["--json"], ["--dot", "--include-values"]][mutator.below(4)]
                let maxSize = mutator.below(4) == 0 ? ["--max-size", "4K"] : []
                let transport = ScriptedTransport(stream, chunk: [1, 7, 16, 1000, 1 << 20][mutator.below(5)])
                let arguments = ["--connect", Self.url] + output + maxSize
                let run = AGDumpRun(arguments) { _, _ in transport }
                if transport.sent != Self.frame(DebugClient.request) { return (run.status, "agdump sent something else than the request") }
                // The oracle: the framing, decoded here.
                let limit = maxSize.isEmpty ? ArchiveReader.defaultMaxSize : 4096
                let expected: Int32?
                if stream.count < 16 {
                    expected = ExitCode.connectionFailed.rawValue
                } else {
                    let field = { (index: Int) in (0..<4).reduce(UInt32(0)) { $0 | UInt32(stream[index * 4 + $1]) << UInt32(8 * $1) } }
                    if field(0) != Self.token {
                        expected = ExitCode.connectionFailed.rawValue
                    } else if Int(field(2)) > limit {
                        expected = ExitCode.inputTooLarge.rawValue
                    } else if stream.count - 16 < Int(field(2)) {
                        expected = ExitCode.connectionFailed.rawValue
                    } else {
                        // The body as a file: the same status and output.
                        let carried = Array(stream[16..<(16 + Int(field(2)))])
                        let file = AGDumpRun(output + maxSize + ["-"], stdin: carried, stdinIsTerminal: false)
                        if file.status != run.status { return (run.status, "status \(run.status), the body as a file gives \(file.status): \(run.stderr)") }
                        if file.stdout != run.stdout { return (run.status, "the output differs from the body's as a file") }
                        if run.status != 0, run.stderr != file.stderr.replacingOccurrences(of: "agdump: stdin:", with: "agdump: \(Self.url):") {
                            return (run.status, "the message differs from the file's: \(run.stderr) vs \(file.stderr)")
                        }
                        expected = nil
                    }
                }
                if let expected, run.status != expected {
                    return (run.status, "expected exit \(expected), got \(run.status): \(run.stderr)")
                }
                if run.status != 0 { return (run.status, Fuzz.checkFailure(status: run.status, stdout: run.stdout, stderr: run.stderr)) }
                return (0, nil)
            }
            withExtendedLifetime(probe) {}
        }

        @Test func mutatedRequestsGetWellFormedRepliesOrAClose() throws {
            let probe = ProbeGraph()
            try DebugServerTests.withServer { address in
                let requests = [
                    DebugClient.request, Array(#"{"command":"graph/description"}"#.utf8),
                    Array(#"{"command":"graph/description","include-values":false,"truncation-limit":3,"all_graphs":true}"#.utf8),
                ]
                _ = Fuzz.run("debug-request", slice: 200, seed: 0xDEB1_0000) { seed in
                    var mutator = Mutator(seed: seed)
                    let original = requests[mutator.below(requests.count)]
                    var body = original
                    var token = address.token
                    var length: UInt32?
                    var cut: Int?
                    switch mutator.below(8) {
                    case 0: token ^= UInt32(1) << UInt32(mutator.below(32))
                    case 1: length = [UInt32.max, UInt32(16 << 20) + 1, UInt32(body.count + 1 + mutator.below(64))][mutator.below(3)]
                    case 2: length = UInt32(mutator.below(body.count))
                    case 3: cut = mutator.below(body.count + 16)
                    case 4: break  // unchanged
                    default:
                        for _ in 0..<(1 + mutator.below(3)) { mutator.mutate(&body, others: requests) }
                    }
                    var stream = Self.frame(body, token: token, length: length)
                    if let cut { stream = Array(stream.prefix(cut)) }
                    guard let (reply, closed) = try? DebugServerTests.exchange(stream, with: address) else {
                        return (1, "cannot connect to the server")
                    }
                    if !closed { return (1, "the server neither answered nor closed within 20 s") }
                    guard let replies = DebugServerTests.replies(in: reply, token: address.token) else {
                        return (1, "the server sent something other than whole replies: \(reply.prefix(40))")
                    }
                    let framedLength = length.map(Int.init) ?? body.count
                    let whole = cut == nil || cut! >= 16 + framedLength
                    if token != address.token || framedLength > 16 << 20, !replies.isEmpty {
                        return (1, "the server answered a foreign token or an oversized length")
                    }
                    if token == address.token, whole, framedLength == body.count, body == original, replies.count != 1 {
                        return (1, "the server did not answer a valid request")
                    }
                    if replies.contains(where: { $0["graphs"]?.arrayValue == nil }) { return (1, "a reply is not a description") }
                    if seed % 25 == 0 {
                        let fresh = try? DebugServerTests.exchange(Self.frame(DebugClient.request, token: address.token), with: address)
                        if fresh.flatMap({ DebugServerTests.replies(in: $0.reply, token: address.token) })?.count != 1 {
                            return (1, "the server stopped answering")
                        }
                    }
                    return (replies.isEmpty ? 1 : 0, nil)
                }
            }
            withExtendedLifetime(probe) {}
        }
    }
}
