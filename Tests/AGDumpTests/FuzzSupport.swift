import AGDumpCore
import AttrGraphArchive
import AttrGraph
import AttrGraphTestSupport
import Foundation
import Testing

/// What agdump's seeded fuzzers share: how many cases to run, the mutations real files suffer,
/// the oracles every run must pass, and the one line each fuzzer prints (which
/// `Scripts/fuzz-agdump.sh` counts).
///
/// `AG_FUZZ_CASES=N` runs N cases on every fuzzer (each has a small default: the slice every
/// `swift test` runs); `AG_FUZZ_SEED=S` is the first seed. A failure names the seed that
/// reproduces it: `AG_FUZZ_CASES=1 AG_FUZZ_SEED=S swift test --filter <the fuzzer's suite>`.
enum Fuzz {
    /// The number of cases and the first seed for a fuzzer whose slice is `slice` cases.
    static func plan(slice: Int, seed: UInt64) -> (count: Int, first: UInt64) {
        let environment = ProcessInfo.processInfo.environment
        return (environment["AG_FUZZ_CASES"].flatMap(Int.init) ?? slice, environment["AG_FUZZ_SEED"].flatMap(UInt64.init) ?? seed)
    }

    static let documented = Set(ExitCode.allCases.map(\.rawValue))

    /// Runs `count` cases from `first`; `body` returns the exit status and a problem, if any.
    /// Stops after 5 failures; prints `fuzz SURFACE: N cases, …` for the script.
    static func run(
        _ surface: String, slice: Int, seed: UInt64, sourceLocation: SourceLocation = #_sourceLocation,
        _ body: (UInt64) -> (status: Int32, problem: String?)
    ) -> [Int32: Int] {
        let (count, first) = plan(slice: slice, seed: seed)
        var outcomes: [Int32: Int] = [:]
        var failures = 0
        var ran = 0
        for seed in first..<(first + UInt64(count)) {
            let (status, problem) = body(seed)
            ran += 1
            outcomes[status, default: 0] += 1
            if let problem {
                failures += 1
                Issue.record(
                    "fuzz \(surface) case failed: \(problem) — reproduce with AG_FUZZ_CASES=1 AG_FUZZ_SEED=\(seed)",
                    sourceLocation: sourceLocation)
                if failures >= 5 { break }
            }
        }
        let summary = outcomes.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
        print("fuzz \(surface): \(ran) cases, \(failures) failures (exit statuses \(summary))")
        return outcomes
    }

    /// The oracle for a failure: a documented status, one line on stderr starting `agdump: `,
    /// with no unsafe terminal characters, and nothing on stdout.
    static func checkFailure(status: Int32, stdout: String, stderr: String) -> String? {
        guard documented.contains(status) else { return "undocumented exit status \(status): \(stderr)" }
        let lines = stderr.split(separator: "\n", omittingEmptySubsequences: false)
        guard stderr.hasPrefix("agdump: "), lines.count == 2, lines[1].isEmpty else {
            return "the error is not one line: \(stderr.debugDescription)"
        }
        if !TerminalCheck.unsafeScalars(stderr.dropLast().description).isEmpty {
            return "the error shows raw control characters: \(stderr.debugDescription)"
        }
        guard stdout.isEmpty else { return "output written before a failure" }
        return nil
    }

    /// The graph agdump draws by default: the one that recorded a cycle, else the largest.
    static func pickedGraph(_ archive: GraphArchive) -> GraphArchive.Graph? {
        archive.graphs.first { $0.cycle != nil } ?? archive.graphs.max { $0.nodes.count < $1.nodes.count }
    }

    /// The attribute id of a DOT node statement (`  _12[label=…`).
    static func nodeID(_ line: Substring) -> UInt32? {
        let trimmed = line.drop { $0 == " " }
        guard trimmed.hasPrefix("_"), let bracket = trimmed.firstIndex(of: "["), !trimmed.contains(" -> ") else { return nil }
        return UInt32(trimmed[trimmed.index(after: trimmed.startIndex)..<bracket])
    }

    /// The checks every archive output must pass (the oracle is the input, read by
    /// `ArchiveReader` for the model and by `ExactJSON` for the JSON): `--json` reads back as
    /// exactly the input's values; a summary names the graphs and shows no raw control
    /// characters; DOT fits the grammar, and without a selection draws exactly the picked graph's
    /// nodes and recorded trees (elements, child and owner edges).
    static func checkArchiveOutput(input: [UInt8], text: [UInt8]?, options: [String], stdout: String) -> String? {
        guard let archive = try? ArchiveReader.archive(from: input, limit: 4 << 20) else {
            return "agdump accepted what ArchiveReader rejects"
        }
        if options.contains("--json") {
            guard let again = try? ArchiveReader.archive(from: Array(stdout.utf8)) else { return "--json wrote JSON that does not read back" }
            if again.jsonText(pretty: false) != archive.jsonText(pretty: false) { return "--json lost something the model holds" }
            if let text, let expected = ExactJSON.parse(text), ExactJSON.parse(Array(stdout.utf8)) != expected {
                return "--json changed a value"
            }
            return nil
        }
        if options.contains("--summary") {
            if !stdout.hasPrefix("archive version 2, \(archive.graphs.count) graph") { return "wrong summary" }
            if !TerminalCheck.unsafeScalars(stdout).isEmpty { return "the summary shows raw control characters" }
            for (index, graph) in archive.graphs.enumerated() where !graph.trees.isEmpty {
                let line = "  tree:       \(graph.trees.count) elements (\(graph.trees.filter(\.root).count) roots)\n"
                if !stdout.contains(line) { return "graph \(index)'s tree is not outlined" }
            }
            return nil
        }
        let violations = DOTGrammar.violations(stdout)
        if !violations.isEmpty { return "DOT outside the grammar: \(violations.prefix(2))" }
        let selecting = options.contains { ["--only", "--around", "--type"].contains($0) }
        guard !selecting, let graph = pickedGraph(archive) else { return nil }
        let lines = stdout.split(separator: "\n")
        let drawn = Set(lines.compactMap(nodeID))
        if drawn != Set(graph.nodes.map(\.id)) { return "the DOT does not draw the archive's nodes" }
        let elements = Set(lines.compactMap { line -> Int? in
            guard line.hasPrefix("    tree_"), let bracket = line.firstIndex(of: "[") else { return nil }
            return Int(line[line.index(line.startIndex, offsetBy: 9)..<bracket])
        })
        let expected = options.contains("--no-trees") ? [] : Set(graph.trees.indices)
        if elements != expected { return "the DOT draws tree elements \(elements.sorted()), not \(expected.sorted())" }
        if !options.contains("--no-trees") {
            let text = Set(lines)
            for (index, element) in graph.trees.enumerated() {
                for child in element.children where !text.contains("  tree_\(index) -> tree_\(child)[color=darkgreen penwidth=2];") {
                    return "the DOT lacks tree edge \(index) → \(child)"
                }
                if let owner = element.owner, !text.contains("  tree_\(owner) -> tree_\(index)[color=darkgreen style=dotted];") {
                    return "the DOT lacks owner edge \(owner) → \(index)"
                }
            }
        }
        return nil
    }
}

/// Damage done to JSON text the ways real files are damaged or crafted: cut short, bit flips,
/// ranges deleted or repeated, fragments spliced in from other files, structure inserted,
/// numbers out of range, duplicate keys, deep nesting, and Unicode tricks inside strings
/// (NFC/NFD, combining marks after markup, noncharacters, bidirectional overrides, control
/// characters raw and escaped, lone surrogates, invalid UTF-8).
struct Mutator {
    var random: SplitMix64

    static let structural = Array("{}[]\",:\\ 0-e.tfn".utf8)

    /// Inserted after a quote: text that tries to leave its string or its markup, or to be
    /// something other than it looks.
    static let hostileStrings: [[UInt8]] = [
        "\\\"\u{301}]; _9[image=\\\"/etc/passwd\\\"]; _8[label=\\\"", "\\u0000", "\\ud800", "\\udc00x", "\\\\\u{200D}\\\"",
        "\u{FE0F}\\n\\r\\t", "é\u{301}", "e\u{301}", "\u{E9}", "\u{212B}", "\\u0022;\\u000a", "<\u{301}script>", "&\u{301}amp;",
        "\u{600}<script>alert(1)</script>", "]]><!--", "\u{202E}gnp.exe", "\u{2066}", "\\u202e", "\\u001b[2J\\u001b]0;x\\u0007",
        "\\u009b31m", "\\u2028", "\u{2028}", "\\ufffe", "\\uffff", "\\ufdd0", "\\n  nodes:      999", "\\r\\n",
        "\u{1F600}\u{200D}\u{1F600}",
    ].map { Array($0.utf8) } + [
        [0xEF, 0xBF, 0xBE], [0xEF, 0xBF, 0xBF], [0xEF, 0xB7, 0x90], [0xF4, 0x8F, 0xBF, 0xBF],  // raw noncharacters
        [0xC2, 0x9B], [0xC2, 0x85], [0x1B], [0x7F],  // raw C1 controls, ESC, DEL
        [0xC3, 0x28], [0xED, 0xA0, 0x80], [0x80], [0xF8, 0x88, 0x80, 0x80, 0x80], [0xE2, 0x82],  // invalid UTF-8
    ]

    static let hostileNumbers = [
        "-1", "0.5", "1e400", "-1e400", "1e308", "-1e308", "1e300", "4294967296", "99999999999999999999", "-0", "2147483648",
        "1E2", "9007199254740993", "9007199254740992", "-9223372036854775808", "9223372036854775808", "1e-400", "0",
        "18446744073709551616", "-5", "1.0", "-9007199254740993",
    ]

    init(seed: UInt64) {
        random = SplitMix64(state: seed)
    }

    mutating func below(_ bound: Int) -> Int { random.below(bound) }

    mutating func randomBytes(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    }

    /// One mutation of `bytes`; `others` are texts to splice fragments from.
    mutating func mutate(_ bytes: inout [UInt8], others: [[UInt8]] = []) {
        guard !bytes.isEmpty else { return }
        let at = random.below(bytes.count)
        switch random.below(13) {
        case 0:  // truncate
            bytes.removeLast(bytes.count - at)
        case 1:  // flip bits
            for _ in 0..<(1 + random.below(8)) {
                let position = random.below(bytes.count)
                bytes[position] ^= UInt8(1 << random.below(8))
            }
        case 2:  // delete a range
            bytes.removeSubrange(at..<min(bytes.count, at + 1 + random.below(32)))
        case 3:  // insert structure
            bytes.insert(contentsOf: (0..<(1 + random.below(4))).map { _ in Self.structural[random.below(Self.structural.count)] }, at: at)
        case 4:  // duplicate a range
            let end = min(bytes.count, at + 1 + random.below(64))
            bytes.insert(contentsOf: bytes[at..<end], at: end)
        case 5, 6:  // hostile text inside a string
            if let quote = Self.nextIndex(of: UInt8(ascii: "\""), in: bytes, from: at) {
                bytes.insert(contentsOf: Self.hostileStrings[random.below(Self.hostileStrings.count)], at: quote + 1)
            }
        case 7:  // a number out of range, negative, fractional or huge
            if let digit = bytes[at...].firstIndex(where: { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
                var start = digit
                if start > 0, bytes[start - 1] == UInt8(ascii: "-") { start -= 1 }
                var end = digit
                while end < bytes.count, Array("0123456789.eE+-".utf8).contains(bytes[end]) { end += 1 }
                bytes.replaceSubrange(start..<end, with: Array(Self.hostileNumbers[random.below(Self.hostileNumbers.count)].utf8))
            }
        case 8:  // a duplicate key
            if let colon = Self.nextIndex(of: UInt8(ascii: ":"), in: bytes, from: at),
                let open = bytes[..<colon].lastIndex(of: UInt8(ascii: "\""))
            {
                let keyStart = bytes[..<open].lastIndex(of: UInt8(ascii: "\"")) ?? open
                bytes.insert(contentsOf: Array(bytes[keyStart...colon]) + Array(" 0,".utf8), at: keyStart)
            }
        case 9:  // deep nesting
            let depth = 100 + random.below(700)
            let nested = [UInt8](repeating: UInt8(ascii: "["), count: depth) + [UInt8](repeating: UInt8(ascii: "]"), count: depth)
            if let colon = Self.nextIndex(of: UInt8(ascii: ":"), in: bytes, from: at) {
                bytes.insert(contentsOf: nested + Array(",".utf8), at: colon + 1)
            }
        case 10:  // random bytes
            bytes.insert(contentsOf: randomBytes(1 + random.below(16)), at: at)
        case 11:  // a fragment of another file spliced in
            guard let other = others.isEmpty ? nil : others[random.below(others.count)], !other.isEmpty else { return }
            let start = random.below(other.count)
            let fragment = other[start..<min(other.count, start + 1 + random.below(200))]
            if random.below(2) == 0 {
                bytes.insert(contentsOf: fragment, at: at)
            } else {
                bytes.replaceSubrange(at..<min(bytes.count, at + fragment.count), with: fragment)
            }
        default:  // an index pointing elsewhere
            if let digit = bytes[at...].firstIndex(where: { $0 >= UInt8(ascii: "1") && $0 <= UInt8(ascii: "9") }) {
                bytes[digit] = UInt8(ascii: "0") + UInt8(random.below(10))
            }
        }
    }

    static func nextIndex(of byte: UInt8, in bytes: [UInt8], from start: Int) -> Int? {
        bytes[start...].firstIndex(of: byte) ?? bytes[..<start].firstIndex(of: byte)
    }
}
