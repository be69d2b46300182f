import AttrGraph
import AttrGraphArchive
import CoreFoundation
import DeclarativeViews
import Foundation
import RunLoopBridge

/// What `agdump demo` shows: seed 003's app run in this process — `TabView` →
/// `NavigationSplitView` → `AView`, whose body converts HTML and so pumps the run loop — with
/// RunLoopBridge's real run-loop coalescer, and the view graph's archive with the cycle recorded
/// (the `AGDemo` example prints it; `agdump demo` runs that and draws it).
///
/// The cycle report goes to `diagnostics` at level 2 unless `AG_PRINT_CYCLES` asks otherwise;
/// the demo never traps.
package enum Demo {
    package static func archive(diagnostics: @escaping @Sendable (String) -> Void) -> GraphArchive {
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
