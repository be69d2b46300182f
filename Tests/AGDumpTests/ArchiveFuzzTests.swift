import AGDumpCore
import AttrGraphArchive
import AttrGraph
import AttrGraphTestSupport
import Foundation
import Testing

/// A seeded fuzzer for agdump's input: archives mutated the ways hostile files are (truncated,
/// bit-flipped, bytes inserted, deleted and spliced, keys duplicated, numbers out of range, text
/// that tries to leave its quotes, Unicode tricks, deep nesting, decompression bombs), then
/// compressed or re-encoded at random, and run through agdump in-process with random output
/// options.
///
/// The oracles: agdump never crashes; each case finishes within 10 s; the exit status is a
/// documented one; a failure is one line on stderr; and a success is right — DOT that fits
/// the grammar and draws exactly the archive's nodes, JSON that reads back as exactly the
/// input's values (`ExactJSON`), a summary that names the graphs with no raw control characters
/// (`Fuzz.checkArchiveOutput`).
///
/// 1,500 cases in every test run; `AG_FUZZ_CASES` and `AG_FUZZ_SEED` as for every fuzzer
/// (`Fuzz`); `Scripts/fuzz-agdump.sh` runs all of them at length.
@Suite struct ArchiveFuzzTests {
    @Test func hostileArchivesNeverCrashHangOrProduceWrongOutput() throws {
        let corpus = try Self.corpus()
        let outcomes = Fuzz.run("archives", slice: 1500, seed: 0xF022_0000) { seed in
            var fuzz = ArchiveFuzzCase(seed: seed, corpus: corpus)
            return fuzz.run()
        }
        // The slice exercises both sides: inputs that read, and each kind of rejection.
        let count = outcomes.values.reduce(0, +)
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
        withCycle.graphs[0].subgraphs.append(GraphArchive.Subgraph(id: -3, contextID: 2, nodes: [3]))
        return [
            fixture,
            Archives.bytes(withCycle),
            Archives.bytes(Archives.graph(descs: DOTInjectionTests.payloads + SVGMarkupTests.hostileNames)),
            Archives.bytes(Archives.chain(40)),
        ]
    }
}

private struct ArchiveFuzzCase {
    var mutator: Mutator
    let corpus: [[UInt8]]

    init(seed: UInt64, corpus: [[UInt8]]) {
        mutator = Mutator(seed: seed)
        self.corpus = corpus
    }

    mutating func run() -> (status: Int32, problem: String?) {
        let (input, text) = makeInput()
        let options = pickOptions()
        let start = Date()
        let run = AGDumpRun(["-", "--max-size", "4M"] + options, stdin: input)
        let elapsed = Date().timeIntervalSince(start)
        if elapsed > 10 { return (run.status, "took \(Int(elapsed)) s (options \(options))") }
        if run.status != 0 { return (run.status, Fuzz.checkFailure(status: run.status, stdout: run.stdout, stderr: run.stderr)) }
        return (0, Fuzz.checkArchiveOutput(input: input, text: text, options: options, stdout: run.stdout))
    }

    mutating func pickOptions() -> [String] {
        switch mutator.below(9) {
        case 0: return ["--summary"]
        case 1: return ["--json"]
        case 2: return ["--include-values", "--cluster-subgraphs"]
        case 3: return ["--rankdir", "LR", "--type", "Map|Rule"]
        default: return []
        }
    }

    /// The bytes agdump is given, and the JSON text they hold (when the oracle can know it).
    mutating func makeInput() -> (input: [UInt8], text: [UInt8]?) {
        if mutator.below(60) == 0 {
            // A bomb: far more than the 4 MiB limit once inflated.
            return (Zlib.deflate([UInt8](repeating: UInt8(ascii: "["), count: 8 << 20)), nil)
        }
        var bytes = corpus[mutator.below(corpus.count)]
        for _ in 0..<(mutator.below(4)) { mutator.mutate(&bytes, others: corpus) }
        switch mutator.below(20) {
        case 0, 1: return (Zlib.deflate(bytes), bytes)
        case 2: return (Archives.gzipMember(bytes, extra: mutator.below(2) == 0 ? nil : mutator.randomBytes(mutator.below(600))), bytes)
        case 3:
            let cut = mutator.below(bytes.count + 1)
            return (Archives.gzipMember(Array(bytes[..<cut])) + Archives.gzipMember(Array(bytes[cut...])), bytes)
        case 4: return (Array(Zlib.deflate(bytes).dropFirst(2).dropLast(4)), bytes)  // raw deflate
        case 5:
            let text = Array(String(decoding: bytes, as: UTF8.self).utf8)  // what UTF-16 can carry
            return (EncodingTests.utf16(text, bigEndian: mutator.below(2) == 0, bom: mutator.below(2) == 0), text)
        case 6:
            // Damage the compressed form instead.
            var compressed = Zlib.deflate(bytes)
            mutator.mutate(&compressed)
            return (compressed, nil)
        default: return (bytes, bytes)
        }
    }
}
