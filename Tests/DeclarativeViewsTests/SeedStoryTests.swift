import AttrGraph
import AttrGraphTestSupport
import CoreFoundation
import DeclarativeViews
import Foundation
import RunLoopBridge
import SeedStory
import Testing

// Seed 003's app and its variants, in process, on this thread's run loop.

// The seed's app and its fix come from `SeedStory`; the variants below take one container away.


struct SeedAppWithoutTabView: App {
    var body: some Scene {
        WindowGroup {
            NavigationSplitView {
                AView()
            } detail: {
                Text("a")
            }
        }
    }
}

struct SeedAppWithoutSplitView: App {
    var body: some Scene {
        WindowGroup {
            TabView {
                AView()
            }
        }
    }
}

/// Runs an app on this thread's run loop with a real `RunLoopUpdateCoalescer`, reporting cycles
/// into a capture (or `sink`), until its updates have settled.
@MainActor
struct SeedRun {
    let host: ViewHost
    let coalescer: RunLoopUpdateCoalescer
    let capture = DiagnosticSink.Capture()

    init<A: App>(_ app: A, reporting: CycleReporting = CycleReporting(printLevel: 2, trap: false),
                 sink: DiagnosticSink? = nil) {
        coalescer = RunLoopUpdateCoalescer(runLoop: CFRunLoopGetCurrent())
        host = ViewHost(app: app, scheduler: coalescer)
        host.graph.diagnosticSink = sink ?? capture.sink
        host.graph.cycleReporting = reporting
        let keepAlive = TestRunLoop.keepAlive()
        defer { TestRunLoop.end(keepAlive) }
        TestRunLoop.run(until: { !coalescer.hasPendingUpdates && !host.renderTree.isEmpty })
        // A few more turns for work the first ones scheduled (tasks, re-hosting).
        TestRunLoop.run(for: 0.1)
    }

    var cycleLines: [String] {
        capture.text.split(separator: "\n").map(String.init).filter { $0.hasPrefix("=== AttributeGraph: cycle detected") }
    }
}

@MainActor
@Suite struct SeedStoryTests {
    @Test func theSeedAppReportsACycleCausedByTheRunLoopNestedUpdateInAViewsBody() throws {
        let run = SeedRun(AGIssueApp())
        let lines = run.capture.text.split(separator: "\n").map(String.init)
        let first = try #require(lines.first)
        #expect(first.hasPrefix("=== AttributeGraph: cycle detected through attribute "))
        #expect(lines.contains { line in
            line.hasPrefix("cause: nested update started by run loop observer at beforeWaiting while attribute ")
                && line.hasSuffix(" (DynamicBody<ViewBodyAccessor<AView>> -> Optional<Text>) was updating")
        })
        #expect(run.coalescer.nestedFlushCount >= 1)
        // The app keeps running and shows its content.
        #expect(run.host.renderedText == """
            WindowGroup
              TabView
                Tab (selected)
                  NavigationSplitView
                    sidebar:
                      Text "A"
                    detail:
                      Text "a"
            """)
    }

    @Test func withoutTheTabViewThereIsNoCycle() {
        let run = SeedRun(SeedAppWithoutTabView())
        #expect(run.capture.text == "")
        #expect(run.host.renderedText.contains(#"Text "A""#))
    }

    @Test func withoutTheSplitViewThereIsNoCycle() {
        let run = SeedRun(SeedAppWithoutSplitView())
        #expect(run.capture.text == "")
        #expect(run.host.renderedText.contains(#"Text "A""#))
    }

    @Test func theSeedsFixRendersTheConvertedTextWithNoCycle() {
        let run = SeedRun(AGIssueAppFixed())
        #expect(run.capture.text == "")
        #expect(run.coalescer.nestedFlushCount == 0)
        #expect(run.host.renderedText.contains(#"Text "Hello, AttrGraph & friends""#))
    }

    @Test func deferringNestedUpdatesInTheBridgeAlsoRemovesTheCycle() {
        let coalescer = RunLoopUpdateCoalescer(runLoop: CFRunLoopGetCurrent(), deferNestedUpdates: true)
        let capture = DiagnosticSink.Capture()
        let host = ViewHost(app: AGIssueApp(), scheduler: coalescer)
        host.graph.diagnosticSink = capture.sink
        let keepAlive = TestRunLoop.keepAlive()
        defer { TestRunLoop.end(keepAlive) }
        TestRunLoop.run(until: { !coalescer.hasPendingUpdates && !host.renderTree.isEmpty })
        TestRunLoop.run(for: 0.1)
        #expect(capture.text == "")
        #expect(host.renderedText.contains(#"Text "A""#))
    }

    @Test func trapCyclesStopsTheSeedApp() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            setenv("AG_TRAP_CYCLES", "1", 1)
            await MainActor.run {
                _ = SeedRun(AGIssueApp(), reporting: .environment, sink: .standardError)
            }
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("=== AttributeGraph: cycle detected through attribute "))
        #expect(stderr.contains("precondition failure: cyclic graph: "))
    }
}

/// The example apps, run as a user runs them.
@Suite struct SeedExampleAppTests {
    @Test func theExampleAppPrintsTheCycleReportAndExitsAfterDVRunSeconds() throws {
        let app = try #require(ProcessRun.executable("AGIssueApp"), "build the AGIssueApp example first")
        let run = try ProcessRun(app, environment: ["AG_PRINT_CYCLES": "2", "DV_RUN_SECONDS": "0.3"])
        #expect(run.status == 0 && !run.crashed, "\(run.stderr)")
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("=== AttributeGraph: cycle detected through attribute ") == true)
        #expect(lines.contains { $0.hasPrefix("cause: nested update started by run loop observer at beforeWaiting")
            && $0.contains("(DynamicBody<ViewBodyAccessor<AView>> -> Optional<Text>) was updating") })
        #expect(run.stdout == "")
    }

    @Test func theExampleAppStopsWithTrapCycles() throws {
        let app = try #require(ProcessRun.executable("AGIssueApp"))
        let run = try ProcessRun(app, environment: ["AG_TRAP_CYCLES": "1", "DV_RUN_SECONDS": "5"])
        #expect(run.crashed)
        #expect(run.stderr.hasPrefix("=== AttributeGraph: cycle detected through attribute "))
        #expect(run.stderr.contains("precondition failure: cyclic graph: "))
    }

    @Test func theFixedExamplePrintsEachRenderAndNoCycle() throws {
        let app = try #require(ProcessRun.executable("AGIssueAppFixed"))
        let run = try ProcessRun(app, environment: ["DV_PRINT_RENDER": "1", "DV_RUN_SECONDS": "0.3"])
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(run.stdout == """
            --- render 1 ---
            WindowGroup
              TabView
                Tab (selected)
                  NavigationSplitView
                    sidebar:
                      Text "<p>Hello, <b>AttrGraph</b> &amp; friends</p>"
                    detail:
                      Text "a"
            --- render 2 ---
            WindowGroup
              TabView
                Tab (selected)
                  NavigationSplitView
                    sidebar:
                      Text "Hello, AttrGraph & friends"
                    detail:
                      Text "a"

            """)
    }

    @Test func printRenderCanShowFramesOrDrawBoxes() throws {
        let app = try #require(ProcessRun.executable("AGIssueAppFixed"))
        let frames = try ProcessRun(app, environment: ["DV_PRINT_RENDER": "frames", "DV_RUN_SECONDS": "0.3"])
        #expect(frames.status == 0)
        #expect(frames.stdout.contains("WindowGroup  @ 0,0 640×480\n"))
        #expect(frames.stdout.contains(#"Text "Hello, AttrGraph & friends"  @ "#))
        let boxes = try ProcessRun(app, environment: ["DV_PRINT_RENDER": "boxes", "DV_RUN_SECONDS": "0.3"])
        #expect(boxes.status == 0)
        #expect(boxes.stdout.contains("┌"))
        #expect(boxes.stdout.contains("Hello, AttrGraph & friends"))
        let bad = try ProcessRun(app, environment: ["DV_PRINT_RENDER": "pictures", "DV_RUN_SECONDS": "0.1"])
        #expect(bad.stderr == "AttrGraph: ignoring DV_PRINT_RENDER=\"pictures\": expected 1, frames, boxes or 0; using 0 (no printing)\n")
        #expect(bad.status == 0 && !bad.stdout.contains("--- render"), "the default: no printing")
    }

    @Test func aBadRunSecondsValueIsAClearError() throws {
        let app = try #require(ProcessRun.executable("AGIssueAppFixed"))
        let run = try ProcessRun(app, environment: ["DV_RUN_SECONDS": "soon"])
        #expect(run.status == 2)
        #expect(run.stderr == "DeclarativeViews: DV_RUN_SECONDS must be a number of seconds, such as 2 or 0.5; got \"soon\".\n")
    }

    @Test func dvArchiveWritesTheViewGraphForAgdump() throws {
        let app = try #require(ProcessRun.executable("AGIssueAppFixed"))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("dv-archive-\(UUID().uuidString).ag-json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try ProcessRun(app, environment: ["DV_RUN_SECONDS": "0.2", "DV_ARCHIVE": path])
        #expect(run.status == 0)
        #expect(run.stderr == "Wrote graph data to \"\(path)\".\n")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("DynamicBody<ViewBodyAccessor<HtmlText>>"))
    }
}
