import AGDumpCore
import ArchiveReader
import AttrGraph
import AttrGraphTestSupport
import Foundation
import Testing

/// A seeded fuzzer for agdump's input: archives mutated the ways hostile files are (truncated,
/// bit-flipped, bytes inserted and deleted, keys duplicated, numbers out of range, text that
/// tries to leave its quotes, deep nesting, decompression bombs), then compressed or re-encoded
/// at random, and run through agdump in-process with random output options.
///
/// The oracles: agdump never crashes; each case finishes within 10 s; the exit status is a
/// documented one; a failure is one line on stderr; and a success is right — DOT that fits
/// the renderer's grammar and draws exactly the archive's nodes, JSON that reads back as the
/// same archive, a summary that counts them.
///
/// `AG_FUZZ_CASES=N` (default 1500: CI's slice) and `AG_FUZZ_SEED=S` (the first seed; a failure
/// prints the seed that reproduces it). `Scripts/fuzz-agdump.sh` runs 18,000 cases.
@Suite struct ArchiveFuzzTests {
    @Test func hostileArchivesNeverCrashHangOrProduceWrongOutput() throws {
        let environment = ProcessInfo.processInfo.environment
        let count = environment["AG_FUZZ_CASES"].flatMap(Int.init) ?? 1500
        let first = environment["AG_FUZZ_SEED"].flatMap(UInt64.init) ?? 0xF022_0000
        let corpus = try Self.corpus()
        var failures = 0
        var outcomes: [Int32: Int] = [:]
        for seed in first..<(first + UInt64(count)) {
            var fuzz = FuzzCase(seed: seed, corpus: corpus)
            let (status, problem) = fuzz.run()
            outcomes[status, default: 0] += 1
            if let problem {
                failures += 1
                Issue.record("fuzz case failed: \(problem) — reproduce with AG_FUZZ_CASES=1 AG_FUZZ_SEED=\(seed)")
                if failures >= 5 { break }
            }
        }
        // The slice exercises both sides: inputs that read, and each kind of rejection.
        if count >= 1000 {
            #expect(outcomes[0, default: 0] > count / 20, "too few inputs survived the mutations: \(outcomes)")
            for code in [ExitCode.malformedJSON, .notAnArchive, .badCompression] {
                #expect(outcomes[code.rawValue, default: 0] > 0, "no case ended with \(code): \(outcomes)")
            }
        }
    }

    /// Archives to mutate, as JSON text.
    static func corpus() throws -> [[UInt8]] {
        let fixture = Array(try Data(contentsOf: URL(fileURLWithPath: Fixture.archive)))
        var withCycle = Archives.graph(
            descs: ["a", "b", "c", "d"], values: ["1", nil, "3", "4"], cause: "nested update started by a test")
        withCycle.graphs[0].nodes[3].indirect = GraphArchive.Indirect(offset: 8, dependency: 100)
        return [
            fixture,
            Archives.bytes(withCycle),
            Archives.bytes(Archives.graph(descs: DOTInjectionTests.payloads)),
            Archives.bytes(Archives.chain(40)),
        ]
    }
}

private struct FuzzCase {
    let seed: UInt64
    var random: SplitMix64
    let corpus: [[UInt8]]

    init(seed: UInt64, corpus: [[UInt8]]) {
        self.seed = seed
        random = SplitMix64(state: seed)
        self.corpus = corpus
    }

    static let documented = Set(ExitCode.allCases.map(\.rawValue))

    mutating func run() -> (status: Int32, problem: String?) {
        let input = makeInput()
        let options = pickOptions()
        let start = Date()
        let run = AGDumpRun(["-", "--max-size", "4M"] + options, stdin: input)
        let elapsed = Date().timeIntervalSince(start)
        if elapsed > 10 { return (run.status, "took \(Int(elapsed)) s (options \(options))") }
        guard Self.documented.contains(run.status) else {
            return (run.status, "undocumented exit status \(run.status): \(run.stderr)")
        }
        if run.status != 0 {
            let lines = run.stderr.split(separator: "\n", omittingEmptySubsequences: false)
            guard run.stderr.hasPrefix("agdump: "), lines.count == 2, lines[1].isEmpty else {
                return (run.status, "the error is not one line: \(run.stderr.debugDescription)")
            }
            guard run.stdout.isEmpty else { return (run.status, "output written before a failure") }
            return (run.status, nil)
        }
        // A success must be right.
        guard let archive = try? ArchiveReader.archive(from: input, limit: 4 << 20) else {
            return (0, "agdump accepted what ArchiveReader rejects")
        }
        if options.contains("--json") {
            guard let again = try? ArchiveReader.archive(from: Array(run.stdout.utf8)) else {
                return (0, "--json wrote JSON that does not read back")
            }
            if again.jsonText(pretty: false) != archive.jsonText(pretty: false) { return (0, "--json lost something") }
        } else if options.contains("--summary") {
            if !run.stdout.hasPrefix("archive version 2, \(archive.graphs.count) graph") { return (0, "wrong summary") }
        } else {
            let violations = DOTGrammar.violations(run.stdout)
            if !violations.isEmpty { return (0, "DOT outside the grammar: \(violations.prefix(2))") }
            if options.isEmpty, let graph = Self.pickedGraph(archive) {
                let drawn = Set(run.stdout.split(separator: "\n").compactMap(Self.nodeID))
                if drawn != Set(graph.nodes.map(\.id)) { return (0, "the DOT does not draw the archive's nodes") }
            }
        }
        return (0, nil)
    }

    /// The graph agdump draws by default.
    static func pickedGraph(_ archive: GraphArchive) -> GraphArchive.Graph? {
        archive.graphs.first { $0.cycle != nil } ?? archive.graphs.max { $0.nodes.count < $1.nodes.count }
    }

    /// The id of a node statement (`  _12[label=…`).
    static func nodeID(_ line: Substring) -> UInt32? {
        let trimmed = line.drop { $0 == " " }
        guard trimmed.hasPrefix("_"), let bracket = trimmed.firstIndex(of: "["), !trimmed.contains(" -> ") else { return nil }
        return UInt32(trimmed[trimmed.index(after: trimmed.startIndex)..<bracket])
    }

    mutating func pickOptions() -> [String] {
        switch random.below(8) {
        case 0: return ["--summary"]
        case 1: return ["--json"]
        case 2: return ["--include-values", "--cluster-subgraphs"]
        case 3: return ["--rankdir", "LR", "--type", "Map|Rule"]
        default: return []
        }
    }

    // MARK: Inputs

    mutating func makeInput() -> [UInt8] {
        if random.below(60) == 0 {
            // A bomb: far more than the 4 MiB limit once inflated.
            return Zlib.deflate([UInt8](repeating: UInt8(ascii: "["), count: 8 << 20))
        }
        var bytes = corpus[random.below(corpus.count)]
        for _ in 0..<(random.below(4)) { mutate(&bytes) }
        switch random.below(20) {
        case 0, 1: return Zlib.deflate(bytes)
        case 2: return Archives.gzipMember(bytes, extra: random.below(2) == 0 ? nil : randomBytes(random.below(600)))
        case 3:
            let cut = random.below(bytes.count + 1)
            return Archives.gzipMember(Array(bytes[..<cut])) + Archives.gzipMember(Array(bytes[cut...]))
        case 4: return Array(Zlib.deflate(bytes).dropFirst(2).dropLast(4))  // raw deflate
        case 5: return EncodingTests.utf16(bytes, bigEndian: random.below(2) == 0, bom: random.below(2) == 0)
        case 6:
            // Damage the compressed form instead.
            var compressed = Zlib.deflate(bytes)
            mutate(&compressed)
            return compressed
        default: return bytes
        }
    }

    mutating func randomBytes(_ count: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        for _ in 0..<count { bytes.append(UInt8(truncatingIfNeeded: random.next())) }
        return bytes
    }

    static let structural = Array("{}[]\",:\\ 0-e.tfn".utf8)
    static let hostileStrings = [
        "\\\"\u{301}]; _9[image=\\\"/etc/passwd\\\"]; _8[label=\\\"", "\\u0000", "\\ud800", "\\\\\u{200D}\\\"",
        "\u{FE0F}\\n\\r\\t", "é\u{301}", "\\u0022;\\u000a",
    ]
    static let hostileNumbers = ["-1", "0.5", "1e400", "4294967296", "99999999999999999999", "-0", "2147483648", "1E2"]

    mutating func mutate(_ bytes: inout [UInt8]) {
        guard !bytes.isEmpty else { return }
        let at = random.below(bytes.count)
        switch random.below(11) {
        case 0:  // truncate
            bytes.removeLast(bytes.count - at)
        case 1:  // flip bits
            let flips = 1 + random.below(8)
            for _ in 0..<flips {
                let position = random.below(bytes.count)
                bytes[position] ^= UInt8(1 << random.below(8))
            }
        case 2:  // delete a range
            bytes.removeSubrange(at..<min(bytes.count, at + 1 + random.below(32)))
        case 3:  // insert structure
            var inserted: [UInt8] = []
            for _ in 0..<(1 + random.below(4)) { inserted.append(Self.structural[random.below(Self.structural.count)]) }
            bytes.insert(contentsOf: inserted, at: at)
        case 4:  // duplicate a range
            let end = min(bytes.count, at + 1 + random.below(64))
            bytes.insert(contentsOf: bytes[at..<end], at: end)
        case 5:  // hostile text inside a string
            if let quote = nextIndex(of: UInt8(ascii: "\""), in: bytes, from: at) {
                bytes.insert(contentsOf: Array(Self.hostileStrings[random.below(Self.hostileStrings.count)].utf8), at: quote + 1)
            }
        case 6:  // a number out of range or not an integer
            if let digit = bytes[at...].firstIndex(where: { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
                var end = digit
                while end < bytes.count, bytes[end] >= UInt8(ascii: "0"), bytes[end] <= UInt8(ascii: "9") { end += 1 }
                bytes.replaceSubrange(digit..<end, with: Array(Self.hostileNumbers[random.below(Self.hostileNumbers.count)].utf8))
            }
        case 7:  // a duplicate key
            if let colon = nextIndex(of: UInt8(ascii: ":"), in: bytes, from: at),
                let open = bytes[..<colon].lastIndex(of: UInt8(ascii: "\""))
            {
                let keyStart = bytes[..<open].lastIndex(of: UInt8(ascii: "\"")) ?? open
                bytes.insert(contentsOf: Array(bytes[keyStart...colon]) + Array(" 0,".utf8), at: keyStart)
            }
        case 8:  // deep nesting
            let depth = 100 + random.below(700)
            let nested = [UInt8](repeating: UInt8(ascii: "["), count: depth) + [UInt8](repeating: UInt8(ascii: "]"), count: depth)
            if let colon = nextIndex(of: UInt8(ascii: ":"), in: bytes, from: at) {
                bytes.insert(contentsOf: nested + Array(",".utf8), at: colon + 1)
            }
        case 9:  // random bytes
            bytes.insert(contentsOf: randomBytes(1 + random.below(16)), at: at)
        default:  // swap two ranges' worth of structure: an index pointing elsewhere
            if let digit = bytes[at...].firstIndex(where: { $0 >= UInt8(ascii: "1") && $0 <= UInt8(ascii: "9") }) {
                bytes[digit] = UInt8(ascii: "9")
            }
        }
    }

    func nextIndex(of byte: UInt8, in bytes: [UInt8], from start: Int) -> Int? {
        bytes[start...].firstIndex(of: byte) ?? bytes[..<start].firstIndex(of: byte)
    }
}
