import AttrGraphTestSupport
import DeclarativeViews
import Foundation
import RunLoopBridge
import Testing

/// The headless driver: `ViewHost.run(script:)` in tests, `DV_SCRIPT` for a headless `App`.
@MainActor @Suite struct ScriptDriverTests {
    struct Phone: View {
        @State private var tab = "home"
        @State private var count = 0
        @State private var airplane = false
        @State private var name = ""
        var body: some View {
            TabView(selection: $tab) {
                VStack {
                    Text("count \(count)")
                    Button("Increment") { count += 1 }
                    Button("Save") {}.accessibilityIdentifier("save")
                }
                .tabItem { Text("Home") }
                .tag("home")
                VStack {
                    Toggle("Airplane", isOn: $airplane)
                    TextField("Name", text: $name)
                    Text("hello \(name)")
                }
                .tabItem { Text("Settings") }
                .tag("settings")
            }
        }
    }

    @Test func aScriptDrivesTheHostStepByStep() throws {
        let (host, scheduler) = mount(Phone())
        var outputs: [String] = []
        try host.run(
            script: """
                # a comment line
                tap Increment
                tap Increment   # a trailing comment
                tap #save
                select Settings
                toggle Airplane
                type Ada into Name

                print
                """,
            output: { outputs.append($0) }, settle: { scheduler.flush() })
        #expect(outputs.count == 7)
        #expect(outputs[1].hasPrefix("--- 2: tap Increment ---") && outputs[1].contains("count 2"))
        #expect(outputs[3].contains(#"Tab "Settings" (selected)"#))
        #expect(outputs[4].contains(#"Button "Airplane" [toggle=on]"#))
        #expect(outputs[6].hasPrefix("--- 7: print ---") && outputs[6].contains("hello Ada"))
    }

    /// The Settings tab's toggle is not on screen (its tab is not selected), so it is not listed.
    @Test func aStepThatCannotBeDoneNamesItsLineAndWhatIsOnScreen() {
        let (host, scheduler) = mount(Phone())
        #expect(throws: ViewHostScriptError(
            line: 2, step: "tap Delete",
            reason: #"no button labelled "Delete" is on screen (buttons: "Increment", "Save")"#)
        ) {
            try host.run(script: "tap Increment\ntap Delete\nprint", output: { _ in }, settle: { scheduler.flush() })
        }
        #expect(throws: ViewHostScriptError(line: 1, step: "fly away", reason: "unknown step; the steps are tap, toggle, type … [into …], submit, select, back, dismiss, swipe-delete, move … to …, search, focus, refresh, wait, print")) {
            try host.run(script: "fly away", output: { _ in }, settle: { scheduler.flush() })
        }
        #expect(throws: ViewHostScriptError(line: 1, step: "type Ada", reason: "no text field is focused (typing into a field or a .focused(_:) binding focuses one): name one, type TEXT into FIELD")) {
            try host.run(script: "type Ada", output: { _ in }, settle: { scheduler.flush() })
        }
    }

    @Test func dvScriptDrivesAHeadlessAppAndExitsWithItsStatus() throws {
        let app = try #require(ProcessRun.executable("AGIssueApp"), "build the AGIssueApp example first")
        let script = NSTemporaryDirectory() + "attrgraph-script-\(getpid()).txt"
        defer { try? FileManager.default.removeItem(atPath: script) }
        try "wait 0.05\nprint\n".write(toFile: script, atomically: true, encoding: .utf8)
        let run = try ProcessRun(app, environment: ["DV_SCRIPT": script, "AG_PRINT_CYCLES": "0"], timeout: 60)
        #expect(run.status == 0 && !run.crashed, "\(run.stderr)")
        #expect(run.stdout.contains("--- 0: start ---") && run.stdout.contains("--- 2: print ---"))
        #expect(run.stdout.contains("TabView"))

        try "tap Nowhere\n".write(toFile: script, atomically: true, encoding: .utf8)
        let failing = try ProcessRun(app, environment: ["DV_SCRIPT": script, "AG_PRINT_CYCLES": "0"], timeout: 60)
        #expect(failing.status == 1)
        #expect(failing.stderr.contains(#"DV_SCRIPT line 1: tap Nowhere: no button labelled "Nowhere" is on screen"#), "\(failing.stderr)")

        let missing = try ProcessRun(app, environment: ["DV_SCRIPT": script + ".missing"], timeout: 60)
        #expect(missing.status == 2 && missing.stderr.contains("there is no file at"))
    }
}
