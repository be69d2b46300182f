import AttrGraph
import CoreFoundation
import DeclarativeViews
import Foundation
import RunLoopBridge
import SeedStory

/// `agdump demo`: runs seed 003's app in this process — `TabView` → `NavigationSplitView` →
/// `AView`, whose body converts HTML and so pumps the run loop — with RunLoopBridge's real
/// run-loop coalescer, and returns the view graph's archive with the cycle recorded, so that
/// `agdump demo | dot -Tsvg > demo.svg` shows the cycle anywhere.
///
/// The cycle report goes to `diagnostics` at level 2 unless `AG_PRINT_CYCLES` asks otherwise;
/// the demo never traps.
enum Demo {
    static func archive(diagnostics: @escaping @Sendable (String) -> Void) -> GraphArchive {
        MainActor.assumeIsolated {
            let coalescer = RunLoopUpdateCoalescer(runLoop: CFRunLoopGetCurrent())
            let host = ViewHost(app: AGIssueApp(), scheduler: coalescer)
            host.graph.diagnosticSink = DiagnosticSink { text in diagnostics(text) }
            host.graph.cycleReporting = CycleReporting(
                printLevel: AGEnvironment.printCycles(default: 2), trap: false)
            // Something to wait for, so that the run loop runs until the updates settle.
            let keepAlive = CFRunLoopTimerCreateWithHandler(
                kCFAllocatorDefault, CFAbsoluteTimeGetCurrent() + 3600, 3600, 0, 0) { _ in }
            CFRunLoopAddTimer(CFRunLoopGetCurrent(), keepAlive, kCFRunLoopCommonModes)
            defer { CFRunLoopTimerInvalidate(keepAlive) }
            let deadline = Date().addingTimeInterval(5)
            while (coalescer.hasPendingUpdates || host.renderTree.isEmpty) && Date() < deadline {
                CFRunLoopRunInMode(kCFRunLoopDefaultMode, 0.01, false)
            }
            let archive = host.graph.archive(includeValues: true)
            host.invalidate()
            return archive
        }
    }
}
