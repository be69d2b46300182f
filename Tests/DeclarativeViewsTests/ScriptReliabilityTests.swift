import AttrGraphTestSupport
import DeclarativeViews
import Foundation
import RunLoopBridge
import Testing

/// `DV_SCRIPT` as an input surface: line endings, files that are missing or not text, steps
/// whose arguments are out of range — each a clear step error, never a trap in the app's code —
/// and a seeded fuzzer over mutated scripts.
@MainActor @Suite struct ScriptReliabilityTests {
    /// A list whose `.onMove` trusts its destination, as real apps do (`Array.move` traps on an
    /// offset past the end).
    struct Groceries: View {
        @State private var items = ["Milk", "Eggs", "Bread"]
        @State private var count = 0
        @State private var name = ""
        @State private var on = false
        @State private var query = ""
        // Value inputs: what is typed into them is parsed (numbers, dates, colours, days).
        @State private var quantity = 1
        @State private var weight: Double? = 0.5
        @State private var due = Date(timeIntervalSince1970: 1_800_000_000)
        @State private var colour = Color.red
        @State private var days: Set<DateComponents> = []
        @State private var servings = 2
        var body: some View {
            NavigationStack {
                List {
                    ForEach(items, id: \.self) { item in
                        Text(item)
                    }
                    .onDelete { items.remove(atOffsets: $0) }
                    .onMove { items.move(fromOffsets: $0, toOffset: $1) }
                    Text("count \(count)")
                    Button("Increment") { count += 1 }
                    Toggle("Organic", isOn: $on)
                    TextField("Name", text: $name)
                    TextField("Quantity", value: $quantity, format: .number)
                    TextField("Weight", value: $weight, format: .number)
                    DatePicker("Due", selection: $due, in: Date(timeIntervalSince1970: 0)...)
                    ColorPicker("Colour", selection: $colour, supportsOpacity: false)
                    MultiDatePicker("Days", selection: $days)
                    Stepper("Servings \(servings)", value: $servings, in: 1...10)
                    Text("Basket").focusable()
                }
                .toolbar { EditButton() }
                .searchable(text: $query)
                .refreshable { try? await Task.sleep(nanoseconds: 100_000) }
            }
        }
    }

    @Test func movingARowPastTheEndIsAStepErrorNamingTheRowCount() throws {
        let (host, scheduler) = mount(Groceries())
        let error = #expect(throws: ViewHostScriptError.self) {
            try host.run(script: "tap Edit\nmove Milk to 4", output: { _ in }, settle: { scheduler.flush() })
        }
        #expect(error?.line == 2)
        #expect(error?.reason == #"row "Milk" cannot move to 4: its list has 3 rows, so a destination is 0 (the top) through 3 (the end)"#)
        // The end itself is a destination.
        try host.run(script: "move Milk to 3", output: { _ in }, settle: { scheduler.flush() })
        #expect(host.renderedText.range(of: "Bread")!.lowerBound < host.renderedText.range(of: "Milk")!.lowerBound)
        #expect(throws: ViewHostError.moveOutOfRange(row: "Eggs", destination: 99, count: 3)) { try host.move("Eggs", to: 99) }
    }

    @Test func aScriptWithCRLFOrCRLineEndingsRunsStepByStep() throws {
        #expect(ViewHost.lines(of: "tap A\r\ntap B\rtap C\n\r\nend") == ["tap A", "tap B", "tap C", "", "end"])
        let (host, scheduler) = mount(Groceries())
        var outputs: [String] = []
        try host.run(script: "tap Increment\r\ntap Increment\r\n\r\nprint\r\n", output: { outputs.append($0) }, settle: { scheduler.flush() })
        #expect(outputs.count == 3)
        #expect(outputs[2].hasPrefix("--- 3: print ---") && outputs[2].contains("count 2"))
        // A failing step names its line counted the same way.
        let error = #expect(throws: ViewHostScriptError.self) {
            try host.run(script: "print\r\n\r\ntap Nowhere\r\n", output: { _ in }, settle: { scheduler.flush() })
        }
        #expect(error?.line == 3 && error?.step == "tap Nowhere")
    }

    @Test func aWaitLongerThanAnHourOrNotADecimalNumberIsAStepError() {
        let (host, scheduler) = mount(Groceries())
        for bad in ["wait 1e308", "wait 0x10", "wait -1", "wait nan", "wait 3601"] {
            let error = #expect(throws: ViewHostScriptError.self) {
                try host.run(script: bad, output: { _ in }, settle: { scheduler.flush() })
            }
            #expect(error?.reason == "expected a number of seconds from 0 to 3600, e.g. wait 0.5", "\(bad)")
        }
    }

    @Test func aScriptFileThatIsMissingADirectoryOrNotTextIsNamedAsSuch() throws {
        let folder = TemporaryFolder()
        let missing = folder.file("none.txt")
        #expect(HeadlessRunner.readScript(at: missing).failureDescription == "there is no file at \"\(missing)\"")
        #expect(HeadlessRunner.readScript(at: folder.path).failureDescription == "\"\(folder.path)\" is a directory, not a script file")
        let binary = folder.file("binary.txt")
        try Data([0x74, 0x61, 0x70, 0xFF, 0xFE]).write(to: URL(fileURLWithPath: binary))
        #expect(HeadlessRunner.readScript(at: binary).failureDescription == "\"\(binary)\" is not UTF-8 text")
        let good = folder.file("good.txt")
        try "print\r\n".write(toFile: good, atomically: true, encoding: .utf8)
        #expect(HeadlessRunner.readScript(at: good).failureDescription == nil)
    }

    @Test func dvScriptWithCRLFLinesAndAMissingFileBehaveInTheApp() throws {
        let app = try #require(ProcessRun.executable("AGIssueApp"), "build the AGIssueApp example first")
        let folder = TemporaryFolder()
        let script = folder.file("script.txt")
        try "print\r\nprint\r\n".write(toFile: script, atomically: true, encoding: .utf8)
        let run = try ProcessRun(app, environment: ["DV_SCRIPT": script, "AG_PRINT_CYCLES": "0"], timeout: 60)
        #expect(run.status == 0 && !run.crashed, "\(run.stderr)")
        #expect(run.stdout.contains("--- 2: print ---"))
        let missing = try ProcessRun(app, environment: ["DV_SCRIPT": folder.file("gone.txt")], timeout: 60)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("DV_SCRIPT: there is no file at"), "\(missing.stderr)")
    }

    // MARK: The fuzzer

    /// Scripts made of the driver's own steps, then damaged the ways script files are: lines
    /// truncated, spliced, duplicated, steps with wrong, huge, negative or non-numeric
    /// arguments, control characters, other line endings, Unicode look-alikes. The oracle: the
    /// app never traps (a destination out of range would, in `Array.move`), every run either
    /// completes — one rendering per step — or stops with a step error naming a line of the
    /// script and the step as written there.
    ///
    /// `AG_FUZZ_CASES` (default 300 in the suite) and `AG_FUZZ_SEED`; `Scripts/fuzz-agdump.sh`
    /// runs more.
    @Test func mutatedScriptsNeverTrapAndEitherRunOrNameTheirLine() {
        let environment = ProcessInfo.processInfo.environment
        let count = environment["AG_FUZZ_CASES"].flatMap(Int.init) ?? 300
        let first = environment["AG_FUZZ_SEED"].flatMap(UInt64.init) ?? 0x5C21_0000
        var completed = 0
        var stopped = 0
        var failures = 0
        defer {
            print("fuzz dv-script: \(completed + stopped) cases, \(failures) failures (completed \(completed), stopped at a step \(stopped))")
        }
        for seed in first..<(first + UInt64(count)) {
            var random = SplitMix64(state: seed)
            let script = Self.mutatedScript(&random)
            let (host, scheduler) = mount(Groceries())
            var outputs: [String] = []
            var problem: String?
            do {
                try host.run(script: script, output: { outputs.append($0) }, settle: { scheduler.flush() })
                let steps = ViewHost.lines(of: script).filter { Self.isStep($0) }.count
                if outputs.count != steps { problem = "\(outputs.count) renderings for \(steps) steps" }
                completed += 1
            } catch {
                let lines = ViewHost.lines(of: script)
                if !(1...lines.count).contains(error.line) {
                    problem = "line \(error.line) of \(lines.count)"
                } else if !lines[error.line - 1].contains(error.step) {
                    problem = "step \(error.step.debugDescription) is not on line \(error.line)"
                } else if error.reason.isEmpty {
                    problem = "a step error without a reason"
                }
                stopped += 1
            }
            host.invalidate()
            if let problem {
                failures += 1
                Issue.record("fuzz dv-script case failed: \(problem) — reproduce with AG_FUZZ_CASES=1 AG_FUZZ_SEED=\(seed)")
                if failures >= 5 { break }
            }
        }
        if count >= 200 {
            #expect(completed > count / 20 && stopped > count / 20, "completed \(completed), stopped \(stopped)")
        }
    }

    static func isStep(_ line: String) -> Bool {
        var line = Substring(line)
        if let comment = line.range(of: " # ") { line = line[..<comment.lowerBound] }
        if line.hasSuffix(" #") { line = line.dropLast(2) }
        let step = line.trimmingCharacters(in: .whitespaces)
        return !step.isEmpty && !step.hasPrefix("#")
    }

    static let validSteps = [
        "tap Increment", "tap Edit", "tap Done", "toggle Organic", "type Ada into Name", "type more", "submit",
        "submit Name", "swipe-delete Eggs", "move Milk to 0", "move Bread to 3", "back", "dismiss", "print",
        "wait 0", "# a comment", "tap Increment # trailing comment", "", "search Kiwi", "refresh", "refresh Milk",
        "type 3 into Quantity", "type 1.25 into Weight", "type 2026-12-24 into Due", "type 2026-12-24 09:30 into Due",
        "type #00FF00 into Colour", "type blue into Colour", "type 2026-12-24, 2026-12-25 into Days", "tap +", "tap -",
        "focus Basket",
    ]

    static let damagedArguments = [
        "move Milk to 99", "move Milk to -1", "move Milk to 9223372036854775808", "move Milk to 1e3", "move to 1",
        "move Milk to", "wait 1e308", "wait -0.5", "wait inf", "wait ", "tap", "tap #", "type", "type into",
        "type x into", "swipe-delete", "swipe-delete Nothing", "select", "select Nowhere", "toggle", "back now",
        "search", "search \u{0}", "refresh Nothing", "refresh \u{202E}kliM", "refresh Milk Eggs Bread",
        "move Milk to 0x1", "tap Incr\u{0}ement", "tap Increment\u{7}", "tap Ｉncrement", "tap Increment\u{301}",
        "tap \u{202E}tnemercnI", "type \u{FFFF} into Name", "type 🧪🧪 into Name",
        "type 99999999999999999999999999 into Quantity", "type -9223372036854775808 into Quantity", "type 1e400 into Weight",
        "type nan into Weight", "type -0 into Weight", "type \u{663} into Quantity", "type 1,5 into Weight", "type  into Quantity",
        "type 99999-99-99 into Due", "type 2026-02-30 into Due", "type 0000-00-00 00:00 into Due", "type 1969-12-31 into Due",
        "type 2026-13-01T25:61 into Due", "type #GGGGGG into Colour", "type #FFFFFFFFFF into Colour", "type #FF000080 into Colour",
        "type # into Colour", "type 2026-12-24,,, into Days", "type 99999999-01-01 into Days", "type , into Days",
        "focus", "focus Milk", "focus Nowhere", "focus Bas\u{0}ket", "focus \u{202E}teksaB", "focus Basket Basket",
    ]

    static func mutatedScript(_ random: inout SplitMix64) -> String {
        var lines: [String] = (0..<random.below(8) + 1).map { _ in
            random.below(4) == 0 ? damagedArguments[random.below(damagedArguments.count)]
                : validSteps[random.below(validSteps.count)]
        }
        switch random.below(6) {
        case 0 where !lines.isEmpty:
            let index = random.below(lines.count)
            lines[index] = String(lines[index].prefix(random.below(lines[index].count + 1)))
        case 1 where lines.count > 1:
            let a = random.below(lines.count)
            let b = random.below(lines.count)
            lines[a] = String(lines[a].prefix(lines[a].count / 2)) + String(lines[b].suffix(lines[b].count / 2))
        case 2:
            lines.append(contentsOf: lines)
        default:
            break
        }
        let separators = ["\n", "\r\n", "\r", "\n\n"]
        var script = ""
        for line in lines {
            script += line + separators[random.below(random.below(3) == 0 ? separators.count : 1)]
        }
        return script
    }
}

extension Result where Failure == HeadlessRunner.ScriptFileProblem {
    var failureDescription: String? {
        if case .failure(let problem) = self { return problem.description }
        return nil
    }
}
