import AttrGraphTestSupport
import BenchmarkCommandLine
import Foundation
import Testing

/// The `Benchmarks` command line, by scenario: what each argument selects, and what it refuses.
@Suite struct BenchmarkArgumentsTests {
    /// Workload names of the suite's shapes (the executable's own list is checked below).
    static let names: [String] = {
        var names = ["chain-1000", "fanout-1000", "ag-clean-read", "create-100000", "views-mount-10000"]
        for width in [1, 10, 100, 1000] { for height in [1, 10, 100, 1000] { names.append("grid-\(width)x\(height)") } }
        names += ["avoidable", "broad", "deep", "diamond", "mux", "repeated", "triangle", "unstable"].map { "kairo-" + $0 }
        return names
    }()

    func parse(_ arguments: [String]) throws(ArgumentError) -> BenchmarkCommand {
        try BenchmarkCommand.parse(arguments, workloads: Self.names)
    }

    /// The executable: its names, an exact filter, and the status and one-line message of a refusal.
    @Test func theExecutableListsItsNamesAndRefusesABadFilterWithStatusTwo() throws {
        let binary = try #require(ProcessRun.executable("Benchmarks"), "the Benchmarks executable is built with the tests")
        let all = try ProcessRun(binary, arguments: ["--list"])
        #expect(all.status == 0)
        let names = all.stdout.split(separator: "\n").map(String.init)
        #expect(names.count > 40 && names.contains("grid-1x1") && names.contains("kairo-mux"))
        let exact = try ProcessRun(binary, arguments: ["--list", "--filter", "=grid-1x1"])
        #expect(exact.status == 0 && exact.stdout == "grid-1x1\n")
        let refused = try ProcessRun(binary, arguments: ["--filter", "nosuch\u{1B}"])
        #expect(refused.status == 2 && !refused.crashed)
        #expect(refused.stderr.hasPrefix("Benchmarks: no workload name contains \"nosuch\\u{1b}\" (see --list)\n"))
        #expect(refused.stdout.isEmpty)
    }
    @Test func anExactFilterSelectsOneWorkloadWhereASubstringSelectsSeveral() throws {
        guard case .run(let exact) = try parse(["--filter", "=grid-1x1"]) else {
            Issue.record("not a run")
            return
        }
        #expect(Self.names.filter(exact.includes) == ["grid-1x1"])
        guard case .run(let part) = try parse(["--filter", "grid-1x1"]) else {
            Issue.record("not a run")
            return
        }
        #expect(Self.names.filter(part.includes) == ["grid-1x1", "grid-1x10", "grid-1x100", "grid-1x1000"])
    }

    @Test func listPrintsWhatTheFilterSelects() throws {
        guard case .list(let options) = try parse(["--list", "--filter", "kairo"]) else {
            Issue.record("not a list")
            return
        }
        #expect(Self.names.filter(options.includes).count == 8)
    }

    @Test func filtersThatSelectNothingAreRefusedWithAdvice() {
        #expect(throws: ArgumentError("no workload name contains \"propagation\" (see --list)")) {
            try parse(["--filter", "propagation"])
        }
        #expect(throws: ArgumentError(
            "no workload is named \"grid-1\" (see --list; without the leading '=' the filter matches part of a name)"
        )) {
            try parse(["--filter", "=grid-1"])
        }
        #expect(throws: ArgumentError("--filter needs a workload name, or part of one (see --list)")) {
            try parse(["--filter", ""])
        }
    }

    @Test func numbersOutsideTheirRangeAreRefusedNotTrapped() throws {
        for text in ["0", "-3", "9223372036854775807", "ten", ""] {
            #expect(throws: ArgumentError.self) { try parse(["--samples", text]) }
            #expect(throws: ArgumentError.self) { try parse(["--memory-probe", text]) }
        }
        #expect(throws: ArgumentError("--samples needs a whole number from 1 to 1000000, not \"1000001\"")) {
            try parse(["--samples", "1000001"])
        }
        #expect(throws: ArgumentError.self) { try parse(["--memory-probe", "10000001"]) }
        #expect(try parse(["--memory-probe", "100"]) == .memoryProbe(count: 100))
    }

    @Test func messagesShowControlCharactersEscaped() {
        #expect(throws: ArgumentError("unknown argument \"--x\\u{1b}[2J\\n\"")) {
            try parse(["--x\u{1B}[2J\n"])
        }
    }

    /// A seeded fuzzer: random command lines from the options, valid and damaged values, and
    /// hostile text. The oracle is a from-scratch reading of the same rules: a command line is
    /// accepted exactly when the model accepts it, with the same options; a refusal is one line
    /// without raw control characters. `AG_FUZZ_CASES=N` / `AG_FUZZ_SEED=S` as for agdump's fuzzers
    /// (`Scripts/fuzz-agdump.sh` runs it at length with them).
    @Test func randomCommandLinesAgreeWithTheModel() {
        let environment = ProcessInfo.processInfo.environment
        let count = environment["AG_FUZZ_CASES"].flatMap(Int.init) ?? 2_000
        let first = environment["AG_FUZZ_SEED"].flatMap(UInt64.init) ?? 0xBE4C_0000
        var outcomes = [String: Int]()
        var ran = 0
        var failures = 0
        for seed in first..<(first + UInt64(count)) {
            ran += 1
            var random = SplitMix64(state: seed)
            let arguments = Self.commandLine(&random)
            let expected = ArgumentModel.read(arguments, names: Self.names)
            let problem: String?
            do {
                let command = try parse(arguments)
                outcomes["\(command)".prefix { $0 != "(" }.description, default: 0] += 1
                problem = expected == command ? nil : "accepted as \(command), the model says \(expected)"
            } catch {
                outcomes["refused", default: 0] += 1
                if case .accepted(let command) = expected {
                    problem = "refused (\(error.message)), the model accepts it as \(command)"
                } else if error.message.unicodeScalars.contains(where: {
                    [.control, .lineSeparator, .paragraphSeparator].contains($0.properties.generalCategory)
                }) {
                    problem = "the message shows a raw control character or line break: \(error.message.debugDescription)"
                } else {
                    problem = nil
                }
            }
            if let problem {
                failures += 1
                Issue.record("\(arguments.debugDescription): \(problem) — reproduce with AG_FUZZ_CASES=1 AG_FUZZ_SEED=\(seed)")
                if failures >= 5 { break }
            }
        }
        // The line `Scripts/fuzz-agdump.sh` counts.
        let summary = outcomes.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
        print("fuzz benchmark-args: \(ran) cases, \(failures) failures (outcomes \(summary))")
        if count >= 2_000 {
            #expect(outcomes["run", default: 0] > count / 20, "too few command lines ran: \(outcomes)")
            #expect(outcomes["refused", default: 0] > count / 20, "too few were refused: \(outcomes)")
        }
    }

    static func commandLine(_ random: inout SplitMix64) -> [String] {
        let options = ["--quick", "--filter", "--json", "--samples", "--layout-svg", "--list", "--memory-probe", "-h", "--help"]
        var arguments: [String] = []
        for _ in 0..<Int.random(in: 0...5, using: &random) {
            let option = random.next() % 10 == 0 ? hostileText(&random) : options.randomElement(using: &random)!
            arguments.append(option)
            if ["--filter", "--json", "--samples", "--layout-svg", "--memory-probe"].contains(option), random.next() % 12 != 0 {
                arguments.append(value(for: option, &random))
            }
        }
        return arguments
    }

    static func value(for option: String, _ random: inout SplitMix64) -> String {
        switch (option, random.next() % 4) {
        case ("--filter", 0): return "=" + Self.names.randomElement(using: &random)!
        case ("--filter", 1):
            let name = Self.names.randomElement(using: &random)!
            let start = Int.random(in: 0..<name.count, using: &random)
            return String(name.dropFirst(start).prefix(Int.random(in: 1...6, using: &random)))
        case ("--samples", 0), ("--memory-probe", 0): return String(Int.random(in: -5...2_000_000, using: &random))
        case ("--samples", 1), ("--memory-probe", 1): return ["0", "1", "10", "1000000", "10000000", "10000001", "9223372036854775807", "-9223372036854775808", "1e3", " 5", "+7", "0x10"].randomElement(using: &random)!
        case ("--json", 0), ("--layout-svg", 0): return "/tmp/out-\(random.next() % 100).json"
        default: return hostileText(&random)
        }
    }

    static func hostileText(_ random: inout SplitMix64) -> String {
        let pieces = ["", "=", "==grid", "grid", "-", "--", "kairo", "\u{1B}[31m", "\n", "\t", "\u{0}", "\u{202E}", "é", "🙂",
                      "\u{FFFF}", "\u{2028}", " ", "=kairo-deep", "GRID-1x1", String(repeating: "x", count: 300), "--filter"]
        return (0..<Int.random(in: 1...3, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
    }
}

/// The rules of the command line, written again without the parser's code: what the model
/// expects from a command line.
enum ArgumentModel: Equatable {
    case accepted(BenchmarkCommand)
    case refused

    static func read(_ arguments: [String], names: [String]) -> ArgumentModel {
        var options = RunOptions()
        var list = false
        var index = 0
        let needsValue: Set<String> = ["--filter", "--json", "--samples", "--layout-svg", "--memory-probe"]
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "-h" || argument == "--help" { return .accepted(.help) }
            if argument == "--quick" { options.quick = true; continue }
            if argument == "--list" { list = true; continue }
            guard needsValue.contains(argument), index < arguments.count else { return .refused }
            let value = arguments[index]
            index += 1
            switch argument {
            case "--filter": options.filter = value
            case "--json", "--layout-svg":
                if value.isEmpty { return .refused }
                if argument == "--json" { options.jsonPath = value } else { options.layoutSVGPath = value }
            case "--samples":
                guard let number = Int(value), number >= 1, number <= 1_000_000 else { return .refused }
                options.samples = number
            default:  // --memory-probe
                guard let number = Int(value), number >= 1, number <= 10_000_000 else { return .refused }
                return .accepted(.memoryProbe(count: number))
            }
        }
        if let filter = options.filter {
            let selected = filter.hasPrefix("=")
                ? names.filter { "=" + $0 == filter }
                : names.filter { !filter.isEmpty && $0.contains(filter) }
            if selected.isEmpty { return .refused }
        }
        return .accepted(list ? .list(options) : .run(options))
    }

    static func == (lhs: ArgumentModel, rhs: BenchmarkCommand) -> Bool { lhs == .accepted(rhs) }
}
