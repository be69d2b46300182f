import AGDumpCore
import AttrGraphArchive
import AttrGraph
import AttrGraphTestSupport
import Foundation
import Testing

/// A seeded fuzzer for archives with recorded trees: the general damage (`Mutator`) plus
/// damage aimed at the trees — an index in `children`, `owner`, `node`, `nodes` or a value's
/// `node` pointed elsewhere (cycles, second parents, dangling indices), keys that differ only
/// in normalisation, hostile descriptions — run as DOT (with and without trees, clustered,
/// selected), `--summary` and `--json`.
///
/// The oracles are the archive oracles (`Fuzz.checkArchiveOutput`): a documented clean error,
/// or DOT that fits the grammar and draws exactly the graph's nodes, tree elements, child and
/// owner edges; a summary that outlines the trees with no raw control characters; JSON that
/// reads back as exactly the input's values.
@Suite struct TreeArchiveFuzzTests {
    @Test func damagedTreeArchivesNeverCrashHangOrProduceWrongOutput() throws {
        let corpus = Self.corpus()
        let outcomes = Fuzz.run("tree archives", slice: 400, seed: 0x7EE0_0000) { seed in
            var fuzz = TreeFuzzCase(seed: seed, corpus: corpus)
            return fuzz.run()
        }
        let count = outcomes.values.reduce(0, +)
        if count >= 400 {
            #expect(outcomes[0, default: 0] > count / 10, "too few archives survived: \(outcomes)")
            for code in [ExitCode.notAnArchive, .danglingIndex, .malformedJSON] {
                #expect(outcomes[code.rawValue, default: 0] > 0, "no case ended with \(code): \(outcomes)")
            }
        }
    }

    /// Archives with trees, as JSON text.
    static func corpus() -> [[UInt8]] {
        var large = Archives.graph(descs: (0..<30).map { "node \($0)" })
        var elements: [GraphArchive.TreeElement] = []
        // Three subgraph roots; each a small tree; the second and third hung under elements of the first.
        for root in 0..<3 {
            let base = root * 8
            elements.append(GraphArchive.TreeElement(node: base, root: true, children: [base + 1, base + 2], owner: root == 0 ? nil : (root - 1) * 8 + 3))
            elements.append(GraphArchive.TreeElement(
                node: base + 1, offset: 8, desc: "V\(root)<\u{301}&\u{202E}", children: [base + 3, base + 4],
                values: [.init(key: "caf\u{E9}", node: base + 2), .init(key: "cafe\u{301}", node: base + 3, offset: 4)]))
            elements.append(GraphArchive.TreeElement(node: base + 2, desc: "Text", flags: 3, children: [base + 5], nodes: [base + 2, base + 6]))
            elements.append(GraphArchive.TreeElement(node: base + 3, desc: "Forged\n  nodes:      999", children: [base + 6, base + 7]))
            for leaf in 4..<8 { elements.append(GraphArchive.TreeElement(node: base + leaf, desc: "leaf \(leaf)\u{1B}[31m")) }
        }
        large.graphs[0].trees = elements
        return [Archives.bytes(TreeArchiveTests.archive()), Archives.bytes(large)]
    }
}

private struct TreeFuzzCase {
    var mutator: Mutator
    let corpus: [[UInt8]]

    init(seed: UInt64, corpus: [[UInt8]]) {
        mutator = Mutator(seed: seed)
        self.corpus = corpus
    }

    mutating func run() -> (status: Int32, problem: String?) {
        var text = corpus[mutator.below(corpus.count)]
        for _ in 0..<(1 + mutator.below(3)) {
            if mutator.below(3) == 0 { mutator.mutate(&text, others: corpus) } else { retarget(&text) }
        }
        let options = [[], [], ["--summary"], ["--json"], ["--no-trees"], ["--cluster-subgraphs", "--include-values"],
                       ["--only", "100,101,105"]][mutator.below(7)]
        let start = Date()
        let run = AGDumpRun(["-"] + options, stdin: text)
        if Date().timeIntervalSince(start) > 10 { return (run.status, "took more than 10 s (options \(options))") }
        if run.status != 0 { return (run.status, Fuzz.checkFailure(status: run.status, stdout: run.stdout, stderr: run.stderr)) }
        return (0, Fuzz.checkArchiveOutput(input: text, text: text, options: options, stdout: run.stdout))
    }

    /// Points one tree index elsewhere: the number after a tree key, set to a small index (in
    /// range, one past, or far past), or `owner`/`root` added to an element.
    mutating func retarget(_ text: inout [UInt8]) {
        guard let treesStart = text.firstRange(of: Array("\"trees\"".utf8))?.upperBound else { return }
        let keys = ["\"children\":[", "\"owner\":", "\"node\":", "\"nodes\":[", "\"offset\":", "\"flags\":", "\"root\":"]
        let key = Array(keys[mutator.below(keys.count)].utf8)
        var matches: [Int] = []
        var from = treesStart
        while let range = text[from...].firstRange(of: key) {
            matches.append(range.upperBound)
            from = range.upperBound
        }
        guard let at = matches.isEmpty ? nil : matches[mutator.below(matches.count)] else {
            // Add an owner or a child list to the first element instead.
            if let brace = text[treesStart...].firstIndex(of: UInt8(ascii: "{")) {
                let addition = mutator.below(2) == 0 ? "\"owner\":\(mutator.below(6))," : "\"children\":[\(mutator.below(6))],"
                text.insert(contentsOf: Array(addition.utf8), at: brace + 1)
            }
            return
        }
        var end = at
        while end < text.count, Array("0123456789-truefalsn".utf8).contains(text[end]) { end += 1 }
        let replacement = ["0", "1", "2", "3", String(mutator.below(30)), "24", "99", "-1", "2147483648", "true", "null"][mutator.below(11)]
        text.replaceSubrange(at..<end, with: Array(replacement.utf8))
    }
}
