import AGDumpCore
import AttrGraphArchive
import AttrGraph
import AttrGraphTestSupport
import Foundation
import Testing

/// A seeded fuzzer for agdump's command line: random vectors of options — every option agdump
/// has, values good and bad (negative, fractional, exponents, hex, huge, `nan`, empty, a flag
/// where a value belongs, control characters), unknown options, repeated and conflicting ones,
/// output paths that are missing, empty, a folder or a device — on an archive, a trace, stdin
/// or the demo (as far as its options and help: the demo itself runs on the main actor).
///
/// The oracles: no crash or hang; a documented status; a failure is one line on stderr; a
/// vector that the documented rules reject (`OptionSpec`: a missing or malformed value, an
/// unknown option, two outputs, `--to` not after `--from`) is exit 2 and never anything else;
/// a success wrote what it was asked for — the help, the version, DOT in the grammar, a summary,
/// JSON that reads back as the input's values, an SVG that parses.
@Suite struct OptionFuzzTests {
    @Test func randomCommandLinesGetDocumentedOutcomes() throws {
        let folder = TemporaryFolder()
        // The inputs are copies: no command line, however it comes out, can write over a fixture.
        let archive = Array(try Data(contentsOf: URL(fileURLWithPath: Fixture.archive)))
        let trace = try Data(contentsOf: URL(fileURLWithPath: TraceTests.seedTrace))
        _ = FileManager.default.createFile(atPath: folder.file("archive.ag-json"), contents: Data(archive))
        _ = FileManager.default.createFile(atPath: folder.file("trace.json"), contents: trace)
        let outcomes = Fuzz.run("options", slice: 1500, seed: 0x0971_0000) { seed in
            var fuzz = OptionFuzzCase(seed: seed, folder: folder.path, stdin: archive)
            return fuzz.run()
        }
        let count = outcomes.values.reduce(0, +)
        if count >= 1000 {
            #expect(outcomes[0, default: 0] > count / 10, "too few command lines succeeded: \(outcomes)")
            #expect(outcomes[ExitCode.usage.rawValue, default: 0] > count / 10, "too few usage errors: \(outcomes)")
        }
    }
}

/// The documented rules of agdump's command line (its `--help`), as far as they decide that a
/// vector is a usage error before any input is read.
enum OptionSpec {
    static let flags: Set<String> = [
        "--dot", "--summary", "--json", "--profile", "--cluster-subgraphs", "--no-trees", "--include-values", "--force",
        "--help", "-h", "--version",
    ]
    static let valued: Set<String> = [
        "--svg", "--png", "-o", "--output", "--around", "--depth", "--only", "--type", "--rankdir", "--graph", "--max-size",
        "--from", "--to", "--connect", "--timeout",
    ]
    static let outputs: Set<String> = ["--dot", "--summary", "--json", "--profile", "--svg", "--png"]

    /// Why `arguments` must be a usage error, or `nil` when the rules alone do not say so.
    static func mustFail(_ arguments: [String]) -> String? {
        var index = 0
        var output: String?
        var from: Double?
        var to: Double?
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if flags.contains(argument) || argument == "-" || argument == "demo" || !argument.hasPrefix("-") {
                if outputs.contains(argument) {
                    if let output, output != argument { return "two outputs" }
                    output = argument
                }
                continue
            }
            guard valued.contains(argument) else { return "unknown option \(argument)" }
            guard index < arguments.count, !(arguments[index].hasPrefix("--") && arguments[index].count > 2) else {
                return "\(argument) without a value"
            }
            let value = arguments[index]
            index += 1
            if outputs.contains(argument) {
                if let output, output != argument { return "two outputs" }
                output = argument
            }
            switch argument {
            case "--svg", "--png", "-o", "--output": if value.isEmpty { return "\(argument) with an empty path" }
            case "--around": if UInt32(value) == nil { return "--around \(value)" }
            case "--depth", "--graph": if !isDecimal(value) { return "\(argument) \(value)" }
            case "--rankdir": if !["TB", "LR", "BT", "RL"].contains(value.uppercased()) { return "--rankdir \(value)" }
            case "--max-size": if !isSize(value) { return "--max-size \(value)" }
            case "--only":
                if value.split(separator: ",").contains(where: { UInt32($0.trimmingCharacters(in: .whitespaces)) == nil }) {
                    return "--only \(value)"
                }
            case "--connect": if !value.hasPrefix("graph://") { return "--connect \(value)" }
            case "--timeout":
                guard let seconds = milliseconds(value), seconds > 0, seconds <= 86_400 else { return "--timeout \(value)" }
            case "--from", "--to":
                guard let milliseconds = milliseconds(value) else { return "\(argument) \(value)" }
                if argument == "--from" { from = milliseconds } else { to = milliseconds }
            default: break
            }
        }
        if let from, let to, to <= from { return "--to not after --from" }
        return nil
    }

    /// The arguments that are neither options nor their values (the input, `demo`).
    static func positionals(_ arguments: [String]) -> [String] {
        var result: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if valued.contains(argument) {
                index += 1
            } else if !argument.hasPrefix("-") || argument == "-" {
                result.append(argument)
            }
        }
        return result
    }

    /// The value the last of `names` was given, read as agdump reads its arguments.
    static func lastValue(of names: Set<String>, in arguments: [String]) -> String? {
        var found: String?
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard valued.contains(argument), index < arguments.count else { continue }
            if names.contains(argument) { found = arguments[index] }
            index += 1
        }
        return found
    }

    /// A count: digits only (a sign, a fraction or an exponent is not one), as agdump's
    /// `Int(_:)` reads them, within `Int`.
    static func isDecimal(_ text: String) -> Bool {
        let digits = text.hasPrefix("+") ? text.dropFirst() : Substring(text)
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber } && Int(text) != nil
    }

    /// `--from`/`--to`: digits with an optional fraction, at most 2^53 µs.
    static func milliseconds(_ text: String) -> Double? {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard !parts[0].isEmpty, parts.count == 1 || !parts[1].isEmpty,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }), let value = Double(text), value <= 9_007_199_254_740.992
        else { return nil }
        return value
    }

    /// A size: a count, optionally K, M, G or T, optionally B or iB; more than 0, within `Int`.
    static func isSize(_ text: String) -> Bool {
        var rest = text.uppercased()
        for suffix in ["IB", "B"] where rest.hasSuffix(suffix) && rest.count > suffix.count {
            rest.removeLast(suffix.count)
            break
        }
        var shift = 0
        if let last = rest.last, let power = ["K": 10, "M": 20, "G": 30, "T": 40][String(last)] {
            shift = power
            rest.removeLast()
        }
        guard isDecimal(rest), let number = Int(rest), number > 0 else { return false }
        return number <= Int.max >> shift
    }
}

private struct OptionFuzzCase {
    var mutator: Mutator
    let folder: String
    let stdin: [UInt8]

    init(seed: UInt64, folder: String, stdin: [UInt8]) {
        mutator = Mutator(seed: seed)
        self.folder = folder
        self.stdin = stdin
    }

    var archivePath: String { folder + "/archive.ag-json" }
    var tracePath: String { folder + "/trace.json" }

    mutating func pick(_ values: [String]) -> String { values[mutator.below(values.count)] }

    mutating func value(for flag: String) -> String {
        let bad = ["-1", "1e3", "0x10", "99999999999999999999", "nan", "inf", "", " 5", "+5", "1.5", "\u{663}", "1_000", "4294967296",
                   "9007199254741", "1e400", "--summary", "\u{1B}[2J\nforged", "-"]
        if mutator.below(4) == 0 { return pick(bad) }
        switch flag {
        case "--svg", "--png", "-o", "--output":
            return pick([folder + "/out.x", folder + "/out.x", folder + "/sub/missing/out", "", folder, "/dev/null", "-"])
        case "--around": return pick(["33496", "33552", "7", "0", "4294967295"])
        case "--depth": return pick(["0", "1", "2", "3", "100", "9223372036854775807"])
        case "--graph": return pick(["0", "1", "2"])
        case "--only": return pick(["33496,33552", "33496, 33552", "1,,2", "x", "33608"])
        case "--type": return pick(["Layout", "^Layout", "(", "[a-", ".*", "Rule|Map"])
        case "--rankdir": return pick(["LR", "tb", "Bt", "XX"])
        // Port 1 refuses at once (exit 13); the others are malformed in one way or another.
        case "--connect":
            return pick(["graph://127.0.0.1:1/?token=1", "graph://127.0.0.1:1/?token=1", "graph://127.0.0.1:0/?token=1",
                "http://127.0.0.1:1/?token=1", "graph://127.0.0.1:99999/?token=1", "graph://127.0.0.1:1/", "graph://",
                "graph://example.com:1/?token=1", "\u{1B}[2J"])
        case "--timeout": return pick(["0.2", "1", "0", "-1", "abc", "86401", "1e3", "0.05"])
        case "--max-size": return pick(["1K", "500M", "2G", "1T", "0", "lots", "9999999999999G", "1KiB", "1kb", "100"])
        default: return pick(["0", "0.5", "1", "3", "250", "9007199254740", "9007199254740.992", ".5", "2."])
        }
    }

    mutating func run() -> (status: Int32, problem: String?) {
        var arguments: [String] = []
        // The input: the archive, a trace, stdin, the demo or none.
        switch mutator.below(40) {
        case 0..<14: arguments.append(archivePath)
        case 14..<24: arguments.append(tracePath)
        case 24..<34: arguments.append("-")
        case 34: arguments.append("demo")
        default: break
        }
        let vocabulary = OptionSpec.flags.sorted() + OptionSpec.valued.sorted() + OptionSpec.valued.sorted()
            + ["--bogus", "-x", "", "--", "---", "--from=3", "\u{2014}summary", "\u{1B}[2J", "demo", archivePath]
        for _ in 0..<mutator.below(5) {
            let option = pick(vocabulary)
            arguments.append(option)
            if OptionSpec.valued.contains(option), mutator.below(12) != 0 { arguments.append(value(for: option)) }
        }
        if !arguments.isEmpty, mutator.below(3) == 0 {
            arguments.swapAt(mutator.below(arguments.count), mutator.below(arguments.count))
        }
        arguments = confined(arguments)
        if arguments.contains("demo"), !arguments.contains("--help"), !arguments.contains("-h"), OptionSpec.mustFail(arguments) == nil {
            // The demo runs a program (tenths of a second): its options are fuzzed up to the
            // point where it would start, and the archive stands in for what it prints.
            arguments = arguments.map { $0 == "demo" ? archivePath : $0 }
        }
        for name in ["out.x", "summary"] { try? FileManager.default.removeItem(atPath: folder + "/" + name) }

        let start = Date()
        let run = AGDumpRun(arguments, stdin: stdin, stdinIsTerminal: mutator.below(2) == 0)
        if Date().timeIntervalSince(start) > 10 { return (run.status, "took more than 10 s: \(arguments)") }
        if let reason = OptionSpec.mustFail(arguments), run.status != ExitCode.usage.rawValue {
            return (run.status, "\(arguments.debugDescription) must be a usage error (\(reason)), got \(run.status): \(run.stderr)")
        }
        if run.status != 0 {
            return (run.status, Fuzz.checkFailure(status: run.status, stdout: run.stdout, stderr: run.stderr).map { "\(arguments): \($0)" })
        }
        return (0, checkSuccess(arguments, run).map { "\(arguments.debugDescription): \($0)" })
    }

    /// `arguments` with every output path (as agdump will read the vector) inside the test's
    /// folder, or one of the paths that write nothing anywhere else ("", /dev/null): a
    /// vector shuffled into `-o SOMETHING` must not write into the working directory or over an
    /// input.
    func confined(_ arguments: [String]) -> [String] {
        var result = arguments
        var index = 0
        while index < result.count {
            let argument = result[index]
            index += 1
            guard OptionSpec.valued.contains(argument), index < result.count else { continue }
            if ["--svg", "--png", "-o", "--output"].contains(argument), !(result[index].hasPrefix("--") && result[index].count > 2) {
                let path = result[index]
                // ("-" would write to this process's own stdout, outside the in-process capture.)
                let allowed = ["", "/dev/null", folder, folder + "/out.x", folder + "/sub/missing/out"]
                if !allowed.contains(path) { result[index] = folder + "/out.x" }
            }
            index += 1
        }
        return result
    }

    /// What a successful run wrote is what it was asked for.
    func checkSuccess(_ arguments: [String], _ run: AGDumpRun) -> String? {
        let outputFile = OptionSpec.lastValue(of: ["-o", "--output"], in: arguments)
        let written: String?
        if let outputFile, outputFile != "-", outputFile != "/dev/null" {
            written = try? String(contentsOfFile: outputFile, encoding: .utf8)
            if !run.stdout.isEmpty { return "output on stdout as well as in -o" }
        } else {
            // `-o -` writes to descriptor 1 itself, which an in-process run does not capture.
            written = outputFile == nil ? run.stdout : nil
        }
        if arguments.contains("--help") || arguments.contains("-h") {
            guard let written else { return nil }
            return written == Options.usage || written == Options.demoUsage ? nil : "the help is not the help"
        }
        if arguments.contains("--version") {
            guard let written else { return nil }
            return written == "agdump \(AGDump.version)\n" ? nil : "the version is not the version"
        }
        if arguments.contains("--svg") {
            let path = OptionSpec.lastValue(of: ["--svg"], in: arguments) ?? ""
            guard path != "/dev/null", path != "-" else { return nil }
            guard let svg = try? String(contentsOfFile: path, encoding: .utf8) else { return "no SVG written" }
            // A trace's timeline is agdump's own SVG; an archive's picture is Graphviz's.
            let isTrace = OptionSpec.positionals(arguments).contains(tracePath)
            let problems = SVGCheck.problems(svg, fromGraphviz: !isTrace)
            return problems.isEmpty ? nil : "the SVG: \(problems)"
        }
        if arguments.contains("--png") { return nil }  // through Graphviz, which the tests do not inspect
        guard let written else { return nil }
        if !TerminalCheck.unsafeScalars(written).isEmpty { return "raw control characters in the output" }
        let isTrace = OptionSpec.positionals(arguments).contains(tracePath)
        if isTrace { return written.hasPrefix("trace: 61 events") ? nil : "not the trace's summary" }
        if arguments.contains("--summary") {
            // With --graph N, the summary of that graph alone.
            let graph = OptionSpec.lastValue(of: ["--graph"], in: arguments).flatMap(Int.init).map { "graph \($0) (id " }
            return written.hasPrefix(graph ?? "archive version 2, ") ? nil : "not a summary"
        }
        if arguments.contains("--profile") { return "a profile of an archive without one" }
        if arguments.contains("--json") {
            guard arguments.contains("demo") || ExactJSON.parse(Array(written.utf8)) == ExactJSON.parse(stdin) else {
                return "--json changed a value"
            }
            return nil
        }
        let violations = DOTGrammar.violations(written)
        return violations.isEmpty ? nil : "DOT outside the grammar: \(violations.prefix(2))"
    }
}
