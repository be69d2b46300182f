import AttrGraph
import AttrGraphTestSupport
import DeclarativeViews
import Foundation
import RunLoopBridge
import Testing

/// Environment variables as an input surface: every variable the package reads accepts what
/// the README documents, and any other value is reported once — the variable, the value, what is
/// accepted — and gives the default. A seeded fuzzer checks every setting against a reference
/// written here from the README's table.
@Suite struct EnvironmentSettingTests {
    static func read(_ environment: [String: String], _ body: (EnvironmentSetting.Source) -> Void) -> String {
        let capture = DiagnosticSink.Capture()
        body(EnvironmentSetting.Source(environment: environment, report: capture.sink))
        return capture.text
    }

    @Test func aWordWhereANumberBelongsIsReportedAndTheDefaultIsUsed() {
        var trap = true
        let report = Self.read(["AG_TRAP_CYCLES": "yes"]) { trap = AGEnvironment.trapCycles(from: $0) }
        #expect(trap == false)
        #expect(report == "AttrGraph: ignoring AG_TRAP_CYCLES=\"yes\": expected an integer: 0 off, 1 (any other integer) on; using 0\n")

        var level = 0
        let levelReport = Self.read(["AG_PRINT_CYCLES": "abc"]) { level = AGEnvironment.printCycles(from: $0) }
        #expect(level == 1)
        #expect(levelReport.hasPrefix("AttrGraph: ignoring AG_PRINT_CYCLES=\"abc\": expected an integer 0 or more"))
        #expect(levelReport.hasSuffix("; using 1\n"))
    }

    @Test func anOverflowingOrNegativeNumberIsReportedNotWrapped() {
        var level = 0
        let overflow = Self.read(["AG_PRINT_CYCLES": "99999999999999999999"]) { level = AGEnvironment.printCycles(from: $0) }
        #expect(level == 1 && overflow.contains("ignoring AG_PRINT_CYCLES=\"99999999999999999999\""))
        let negative = Self.read(["AG_PRINT_CYCLES": "-2"]) { level = AGEnvironment.printCycles(from: $0) }
        #expect(level == 1 && negative.contains("ignoring AG_PRINT_CYCLES=\"-2\""))
        var tree = true
        let word = Self.read(["AG_TREE": "abc"]) { tree = AGEnvironment.recordTree(from: $0) }
        #expect(!tree && word.contains("ignoring AG_TREE=\"abc\""))
    }

    @Test func documentedValuesAreAcceptedSilently() {
        var values: [String] = []
        let report = Self.read([
            "AG_PRINT_CYCLES": " 2", "AG_TRAP_CYCLES": "+1", "AG_TREE": "0", "AG_TRACE": "/tmp/t.json",
            "AG_HANG_THRESHOLD_MS": "500", "DV_PRINT_RENDER": "Frames", "DV_LAYOUT_FEEDBACK_THRESHOLD": "7",
        ]) { source in
            values = [
                "\(AGEnvironment.printCycles(from: source))", "\(AGEnvironment.trapCycles(from: source))",
                "\(AGEnvironment.recordTree(from: source))", AGEnvironment.tracePath(from: source) ?? "nil",
                "\(HangMonitor.environmentThreshold(from: source))", "\(String(describing: ViewsEnvironment.printRender(from: source)))",
                "\(ViewsEnvironment.layoutFeedbackThreshold(from: source))",
            ]
        }
        #expect(report == "")
        #expect(values == ["2", "true", "false", "/tmp/t.json", "0.5", "Optional(DeclarativeViews.HeadlessRunner.PrintRender.frames)", "7"])
    }

    @Test func aReportedValueCannotForgeLinesOrReachTheTerminal() {
        let report = Self.read(["AG_TREE": "1\n=== AttributeGraph: cycle detected through attribute 1 ===\u{1B}[2J"]) {
            _ = AGEnvironment.recordTree(from: $0)
        }
        #expect(report.split(separator: "\n").count == 1)
        #expect(!report.unicodeScalars.contains { $0.value == 0x1B })
        #expect(report.contains(#"\n=== AttributeGraph"#) && report.contains(#"\u{1b}[2J"#))
    }

    /// In a fresh process: the engine's settings are read once, on first use, and each bad
    /// value is reported once however often the setting is consulted.
    @Test func aBadValueIsReportedOncePerProcess() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            setenv("AG_PRINT_CYCLES", "abc", 1)
            setenv("AG_TRAP_CYCLES", "yes", 1)
            let graph = Graph()
            let root = Subgraph(graph: graph)
            root.apply {
                for _ in 0..<3 {
                    let flag = Attribute(value: false)
                    nonisolated(unsafe) var bSlot: Attribute<Int>?
                    let a = Attribute(Map(flag) { $0 ? bSlot!.value : 0 })
                    let b = Attribute(Map(a) { $0 + 1 })
                    bSlot = b
                    _ = b.value
                    flag.value = true
                    _ = b.value
                }
            }
            root.invalidate()
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.components(separatedBy: "ignoring AG_PRINT_CYCLES=\"abc\"").count == 2, "\(stderr)")
        #expect(stderr.components(separatedBy: "ignoring AG_TRAP_CYCLES=\"yes\"").count == 2, "\(stderr)")
        #expect(stderr.components(separatedBy: "=== AttributeGraph: cycle detected").count == 4, "the default level, 1: \(stderr)")
    }

    // MARK: The fuzzer

    /// What a setting is, as the README's table says it.
    enum Kind: Sendable {
        case integer(default: Int, range: ClosedRange<Int>)
        case flag
        case printRender
        case path
    }

    /// Each variable with its documented form, and the accessor that reads it.
    static let settings: [(name: String, kind: Kind, read: @Sendable (EnvironmentSetting.Source) -> String)] = [
        ("AG_PRINT_CYCLES", .integer(default: 1, range: 0...Int.max), { "\(AGEnvironment.printCycles(from: $0))" }),
        ("AG_TRAP_CYCLES", .flag, { "\(AGEnvironment.trapCycles(from: $0))" }),
        ("AG_TREE", .flag, { "\(AGEnvironment.recordTree(from: $0))" }),
        ("AG_TRACE", .path, { AGEnvironment.tracePath(from: $0) ?? "nil" }),
        ("AG_HANG_THRESHOLD_MS", .integer(default: 250, range: 1...86_400_000),
         { "\(Int((HangMonitor.environmentThreshold(from: $0) * 1000).rounded()))" }),
        ("DV_PRINT_RENDER", .printRender, { ViewsEnvironment.printRender(from: $0).map { "\($0)" } ?? "nil" }),
        ("DV_ARCHIVE", .path, { ViewsEnvironment.archivePath(from: $0) ?? "nil" }),
        ("DV_SCRIPT", .path, { ViewsEnvironment.script(from: $0) ?? "nil" }),
        ("DV_SVG", .path, { ViewsEnvironment.svgPath(from: $0) ?? "nil" }),
        ("DV_LAYOUT_FEEDBACK_THRESHOLD", .integer(default: 100, range: 1...Int(Int32.max)),
         { "\(ViewsEnvironment.layoutFeedbackThreshold(from: $0))" }),
    ]

    /// The reference: the value a documented text gives, or `nil` when the text is not documented.
    static func expected(_ kind: Kind, _ text: String) -> String? {
        let blanks: Set<Unicode.Scalar> = [" ", "\t"]
        let scalars = Array(text.unicodeScalars)
        let start = scalars.firstIndex { !blanks.contains($0) } ?? scalars.count
        let end = (scalars.lastIndex { !blanks.contains($0) } ?? -1) + 1
        let core = start < end ? String(String.UnicodeScalarView(scalars[start..<end])) : ""
        func integer() -> Int? {
            var digits = Substring(core)
            var sign = ""
            if let first = digits.first, first == "+" || first == "-" {
                sign = first == "-" ? "-" : ""
                digits = digits.dropFirst()
            }
            guard !digits.isEmpty, digits.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
            let significant = String(digits.drop { $0 == "0" })
            let limit = sign == "-" ? "9223372036854775808" : "9223372036854775807"
            if significant.count > limit.count || (significant.count == limit.count && significant > limit) { return nil }
            return Int(sign + (significant.isEmpty ? "0" : significant))
        }
        switch kind {
        case .integer(_, let range):
            guard let value = integer(), range.contains(value) else { return nil }
            return "\(value)"
        case .flag:
            return integer().map { "\($0 != 0)" }
        case .printRender:
            if let value = integer() { return value == 0 ? "nil" : "text" }
            switch core.lowercased() {
            case "frames": return "frames"
            case "boxes": return "boxes"
            default: return nil
            }
        case .path:
            return text.isEmpty || text.unicodeScalars.contains("\u{0}") ? nil : text
        }
    }

    static func defaultValue(_ kind: Kind) -> String {
        switch kind {
        case .integer(let value, _): return "\(value)"
        case .flag: return "false"
        case .printRender, .path: return "nil"
        }
    }

    static let fragments = [
        "0", "1", "2", "4", "9", "00", "-1", "+3", "250", "4294967296", "9223372036854775807", "9223372036854775808",
        "-9223372036854775808", "99999999999999999999999", " ", "\t", "\u{A0}", "\u{3000}", "yes", "no", "true", "abc",
        "frames", "BOXES", "Frames", "0x10", "1e3", "1.5", ".", "٣", "１", "\u{0}", "\u{7}", "\u{1B}[31m", "\n", "\r",
        "\"", "\\", "\u{202E}", "\u{301}", "é", "e\u{301}", "\u{FFFF}", "🧪", "/tmp/x", "",
    ]

    /// Random values built from the fragments (alone, glued, truncated) for every setting. The
    /// oracles: the value read is the reference's (or the default when the reference rejects the
    /// text); a documented text reports nothing; any other reports exactly one line, naming the
    /// variable and the value (escaped: no control characters reach the stream), with the
    /// default it used.
    @Test func everySettingReadsWhatTheReadmeDocumentsAndReportsTheRest() {
        let environment = ProcessInfo.processInfo.environment
        let count = environment["AG_FUZZ_CASES"].flatMap(Int.init).map { $0 * 4 } ?? 4000
        var random = SplitMix64(state: environment["AG_FUZZ_SEED"].flatMap(UInt64.init) ?? 0xE4F0_0000)
        var accepted = 0
        var rejected = 0
        var failures = 0
        defer { print("fuzz environment: \(accepted + rejected) cases, \(failures) failures (accepted \(accepted), reported \(rejected))") }
        for _ in 0..<count {
            var text = ""
            for _ in 0..<(random.below(3) + 1) { text += Self.fragments[random.below(Self.fragments.count)] }
            if random.below(5) == 0 { text = String(text.unicodeScalars.prefix(random.below(text.unicodeScalars.count + 1))) }
            let setting = Self.settings[random.below(Self.settings.count)]
            var value = ""
            let report = Self.read([setting.name: text]) { value = setting.read($0) }
            var problem: String?
            if let reference = Self.expected(setting.kind, text) {
                accepted += 1
                if value != reference { problem = "read \(value), expected \(reference)" }
                else if report != "" { problem = "reported \(report.debugDescription)" }
            } else {
                rejected += 1
                if value != Self.defaultValue(setting.kind) { problem = "read \(value) instead of the default" }
                else if !report.utf8.starts(with: "AttrGraph: ignoring \(setting.name)=\"".utf8)
                    || !report.hasPrefix("AttrGraph: ignoring \(setting.name)=\"")
                {
                    problem = "report does not name the variable and quote the value: \(report.debugDescription)"
                } else if !report.hasSuffix("\n") || report.dropLast().contains(where: { $0 == "\n" || $0 == "\r" }) {
                    problem = "report is not one line: \(report.debugDescription)"
                } else if report.dropLast().unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
                    problem = "report carries a control character: \(report.debugDescription)"
                }
            }
            if let problem {
                failures += 1
                Issue.record("fuzz environment case failed: \(setting.name)=\(text.debugDescription): \(problem)")
                if failures >= 5 { break }
            }
        }
        #expect(accepted > count / 10 && rejected > count / 10, "accepted \(accepted), rejected \(rejected)")
    }
}
