import AttrGraph
import AttrGraphTestSupport
import CoreFoundation
import Foundation
import RunLoopBridge
import Testing

@Suite struct ManualUpdateSchedulerTests {
    @Test func flushRunsEachPendingFragmentOnceInOrder() {
        let scheduler = ManualUpdateScheduler()
        var log: [String] = []
        let a = scheduler.addFragment("a") { log.append("a") }
        let b = scheduler.addFragment("b") { log.append("b") }
        _ = scheduler.addFragment("c") { log.append("c") }
        #expect(!scheduler.flush(), "nothing pending")
        scheduler.setNeedsUpdate(b)
        scheduler.setNeedsUpdate(a)
        scheduler.setNeedsUpdate(b)
        #expect(scheduler.flush())
        #expect(log == ["a", "b"])
        scheduler.setNeedsUpdate()
        scheduler.flush()
        #expect(log == ["a", "b", "a", "b", "c"])
        #expect(scheduler.flushCount == 2)
    }

    @Test func attachedGraphRequestsAFlushWhenAnInputChanges() {
        let test = TestGraph()
        let scheduler = ManualUpdateScheduler()
        var seen: [Int] = []
        let (input, doubled) = test { () -> (Attribute<Int>, Attribute<Int>) in
            let input = Attribute(value: 1)
            return (input, Attribute(Map(input) { $0 * 2 }))
        }
        let fragment = scheduler.addFragment("root") { seen.append(doubled.value) }
        scheduler.attach(test.graph, fragment: fragment)
        scheduler.setNeedsUpdate(fragment)
        scheduler.flush()
        input.value = 2
        input.value = 3
        #expect(scheduler.hasPendingUpdates)
        scheduler.flush()
        #expect(seen == [2, 6])
        #expect(!scheduler.flush())
    }

    @Test func invalidateReleasesTheFragments() {
        let scheduler = ManualUpdateScheduler()
        weak var weakToken: Token?
        do {
            let token = Token()
            weakToken = token
            scheduler.setNeedsUpdate(scheduler.addFragment("f") { _ = token })
        }
        #expect(weakToken != nil)
        scheduler.invalidate()
        #expect(weakToken == nil)
        #expect(!scheduler.flush())
    }
}

/// The real mechanism: a `CFRunLoopObserver` on the test thread's own run loop.
@Suite struct RunLoopUpdateCoalescerTests {
    @Test func manyRequestsInOneTurnMakeExactlyOneFlush() {
        let keepAlive = TestRunLoop.keepAlive()
        defer { TestRunLoop.end(keepAlive) }
        let coalescer = RunLoopUpdateCoalescer(runLoop: CFRunLoopGetCurrent())
        var runs = 0
        let fragment = coalescer.addFragment("f") { runs += 1 }
        TestRunLoop.after(0.01) {
            for _ in 0..<100 { coalescer.setNeedsUpdate(fragment) }
        }
        #expect(TestRunLoop.run(until: { runs > 0 }))
        TestRunLoop.run(for: 0.05)
        #expect(runs == 1)
        #expect(coalescer.flushCount == 1)
    }

    @Test func requestsInSeveralTurnsFlushOncePerTurn() {
        let keepAlive = TestRunLoop.keepAlive()
        defer { TestRunLoop.end(keepAlive) }
        let coalescer = RunLoopUpdateCoalescer(runLoop: CFRunLoopGetCurrent())
        var runs = 0
        let fragment = coalescer.addFragment("f") { runs += 1 }
        var fired = 0
        let timer = CFRunLoopTimerCreateWithHandler(kCFAllocatorDefault, CFAbsoluteTimeGetCurrent() + 0.01, 0.01, 0, 0) { timer in
            fired += 1
            coalescer.setNeedsUpdate(fragment)
            coalescer.setNeedsUpdate(fragment)
            if fired == 3 { CFRunLoopTimerInvalidate(timer) }
        }!
        CFRunLoopAddTimer(CFRunLoopGetCurrent(), timer, kCFRunLoopCommonModes)
        #expect(TestRunLoop.run(until: { runs == 3 }))
        TestRunLoop.run(for: 0.05)
        #expect(runs == 3)
        #expect(fired == 3)
    }

    @Test func invalidatingRemovesTheObserverAndReleasesWhatItHeld() {
        let keepAlive = TestRunLoop.keepAlive()
        defer { TestRunLoop.end(keepAlive) }
        let coalescer = RunLoopUpdateCoalescer(runLoop: CFRunLoopGetCurrent())
        weak var weakToken: Token?
        var runs = 0
        do {
            let token = Token()
            weakToken = token
            let fragment = coalescer.addFragment("f") { _ = token; runs += 1 }
            coalescer.setNeedsUpdate(fragment)
        }
        coalescer.invalidate()
        #expect(!coalescer.isValid)
        #expect(weakToken == nil)
        TestRunLoop.run(for: 0.05)
        #expect(runs == 0, "no observer, no flush")
    }

    @Test func releasingTheCoalescerRemovesTheObserver() {
        let keepAlive = TestRunLoop.keepAlive()
        defer { TestRunLoop.end(keepAlive) }
        weak var weakCoalescer: RunLoopUpdateCoalescer?
        weak var weakToken: Token?
        do {
            let coalescer = RunLoopUpdateCoalescer(runLoop: CFRunLoopGetCurrent())
            weakCoalescer = coalescer
            let token = Token()
            weakToken = token
            coalescer.setNeedsUpdate(coalescer.addFragment("f") { _ = token })
        }
        #expect(weakCoalescer == nil)
        #expect(weakToken == nil)
        TestRunLoop.run(for: 0.02)
    }
}

/// Seed 003's mechanism at the graph level: a rule spins the run loop while fragments are pending.
@Suite struct NestedUpdateCycleTests {
    /// A view body that spins the run loop while it is evaluated (seed 003's `AView`).
    struct SpinningBody: Rule {
        @Attribute var spin: Bool
        var value: String {
            if spin { RunLoopSpinner.spin(for: 0.02) }
            return "Text(A)"
        }
    }

    struct Scenario {
        let graph: Graph
        let root: Subgraph
        let coalescer: RunLoopUpdateCoalescer
        let spin: Attribute<Bool>
        let body: Attribute<String>
        let outerValue: Attribute<String>
        let innerValue: Attribute<String>
        let capture: DiagnosticSink.Capture

        init(printLevel: Int, deferNestedUpdates: Bool = false) {
            let capture = DiagnosticSink.Capture()
            let graph = Graph()
            graph.diagnosticSink = capture.sink
            graph.cycleReporting = CycleReporting(printLevel: printLevel, trap: false)
            let root = Subgraph(graph: graph)
            let (spin, body, outerValue, innerValue) = root.apply {
                () -> (Attribute<Bool>, Attribute<String>, Attribute<String>, Attribute<String>) in
                let spin = Attribute(value: false)
                let body = Attribute(SpinningBody(spin: spin))
                return (spin, body, Attribute(Map(body) { "TabView { \($0) }" }), Attribute(Map(body) { "Split { \($0) }" }))
            }
            let coalescer = RunLoopUpdateCoalescer(runLoop: CFRunLoopGetCurrent(), deferNestedUpdates: deferNestedUpdates)
            // Two containers, each hosting its content in a separately scheduled fragment.
            _ = coalescer.addFragment("TabView") { _ = outerValue.value }
            _ = coalescer.addFragment("NavigationSplitView") { _ = innerValue.value }
            coalescer.attach(graph, fragment: nil)
            self.graph = graph
            self.root = root
            self.coalescer = coalescer
            self.spin = spin
            self.body = body
            self.outerValue = outerValue
            self.innerValue = innerValue
            self.capture = capture
        }

        /// The first render, then a state change that makes the body spin the run loop.
        func run() {
            coalescer.setNeedsUpdate()
            TestRunLoop.run(until: { !coalescer.hasPendingUpdates })
            spin.value = true
            TestRunLoop.run(until: { !coalescer.hasPendingUpdates && outerValue.valueState.isDisjoint(with: .dirty) })
            TestRunLoop.run(for: 0.05)
        }
    }

    @Test func aNestedFlushReadingTheOuterAttributeIsACycleNamedByItsCause() {
        let keepAlive = TestRunLoop.keepAlive()
        defer { TestRunLoop.end(keepAlive) }
        let scenario = Scenario(printLevel: 2)
        scenario.run()
        let body = scenario.body.identifier.rawValue
        let lines = scenario.capture.text.split(separator: "\n").map(String.init)
        #expect(lines.first == "=== AttributeGraph: cycle detected through attribute \(body) ===")
        #expect(lines.contains(
            "cause: nested update started by run loop observer at beforeWaiting while attribute \(body) (SpinningBody -> String) was updating"))
        #expect(scenario.coalescer.nestedFlushCount >= 1)
        #expect(scenario.innerValue.value == "Split { Text(A) }")
    }

    @Test func deferringNestedUpdatesRemovesTheCycle() {
        let keepAlive = TestRunLoop.keepAlive()
        defer { TestRunLoop.end(keepAlive) }
        let scenario = Scenario(printLevel: 2, deferNestedUpdates: true)
        scenario.run()
        #expect(scenario.capture.text == "")
        #expect(scenario.coalescer.nestedFlushCount == 0)
        #expect(scenario.outerValue.value == "TabView { Text(A) }")
        #expect(scenario.innerValue.value == "Split { Text(A) }")
    }

    @Test func trapCyclesStopsTheProcess() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            setenv("AG_TRAP_CYCLES", "1", 1)
            let keepAlive = TestRunLoop.keepAlive()
            let graph = Graph()
            let root = Subgraph(graph: graph)
            let (spin, body) = root.apply { () -> (Attribute<Bool>, Attribute<String>) in
                let spin = Attribute(value: false)
                return (spin, Attribute(NestedUpdateCycleTests.SpinningBody(spin: spin)))
            }
            let outer = root.apply { Attribute(Map(body) { $0 }) }
            let inner = root.apply { Attribute(Map(body) { $0 }) }
            let coalescer = RunLoopUpdateCoalescer(runLoop: CFRunLoopGetCurrent())
            _ = coalescer.addFragment("TabView") { _ = outer.value }
            _ = coalescer.addFragment("NavigationSplitView") { _ = inner.value }
            coalescer.attach(graph, fragment: nil)
            coalescer.setNeedsUpdate()
            TestRunLoop.run(until: { !coalescer.hasPendingUpdates })
            spin.value = true
            TestRunLoop.run(for: 1)
            TestRunLoop.end(keepAlive)
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("=== AttributeGraph: cycle detected through attribute "))
        #expect(stderr.contains("precondition failure: cyclic graph: "))
    }
}

@Suite struct HangMonitorTests {
    final class Reports: @unchecked Sendable {
        // @unchecked: guarded by `lock`.
        private let lock = NSLock()
        private var reports: [HangMonitor.Report] = []
        func append(_ report: HangMonitor.Report) { lock.withLock { reports.append(report) } }
        var all: [HangMonitor.Report] { lock.withLock { reports } }
    }

    /// A rule that keeps the thread busy (a stand-in for expensive work in a view body).
    struct SlowRule: Rule {
        @Attribute var input: Int
        var value: Int {
            Thread.sleep(forTimeInterval: 0.3)
            return input + 1
        }
    }

    @Test func aBusyTurnIsReportedOnceWithTheAttributeBeingEvaluated() {
        let keepAlive = TestRunLoop.keepAlive()
        defer { TestRunLoop.end(keepAlive) }
        let test = TestGraph()
        let slow = test { Attribute(SlowRule(input: Attribute(value: 1))) }
        let reports = Reports()
        let monitor = HangMonitor(runLoop: CFRunLoopGetCurrent(), threshold: 0.1, graphs: [test.graph]) { reports.append($0) }
        var done = false
        TestRunLoop.after(0.01) {
            _ = slow.value
            done = true
        }
        #expect(TestRunLoop.run(until: { done }))
        TestRunLoop.run(for: 0.1)
        monitor.cancel()
        let all = reports.all
        #expect(all.count == 1)
        #expect(all.first?.evaluating.first?.attribute == slow.identifier)
        #expect(all.first?.evaluating.first?.bodyType == "SlowRule")
        #expect(all.first?.description.contains("evaluating attribute \(slow.identifier.rawValue) (SlowRule -> Int)") == true)
        #expect((all.first?.busyFor ?? 0) >= 0.1)
    }

    @Test func aQuietLoopReportsNothing() {
        let keepAlive = TestRunLoop.keepAlive()
        defer { TestRunLoop.end(keepAlive) }
        let reports = Reports()
        let monitor = HangMonitor(runLoop: CFRunLoopGetCurrent(), threshold: 0.1) { reports.append($0) }
        var ticks = 0
        let timer = CFRunLoopTimerCreateWithHandler(kCFAllocatorDefault, CFAbsoluteTimeGetCurrent(), 0.02, 0, 0) { _ in
            ticks += 1
        }!
        CFRunLoopAddTimer(CFRunLoopGetCurrent(), timer, kCFRunLoopCommonModes)
        TestRunLoop.run(for: 0.3)
        CFRunLoopTimerInvalidate(timer)
        monitor.cancel()
        #expect(ticks > 5)
        #expect(reports.all.isEmpty)
    }

    @Test func stoppingReleasesTheSinkAndEndsTheThread() {
        weak var weakToken: Token?
        weak var weakMonitorless: Token?
        do {
            let token = Token()
            weakToken = token
            let monitor = HangMonitor(runLoop: CFRunLoopGetCurrent(), threshold: 0.1) { _ in _ = token }
            monitor.cancel()
            monitor.cancel()
        }
        #expect(weakToken == nil)
        do {
            // Released without stop(): stopped by deinit.
            let token = Token()
            weakMonitorless = token
            _ = HangMonitor(runLoop: CFRunLoopGetCurrent(), threshold: 0.1) { _ in _ = token }
        }
        #expect(weakMonitorless == nil)
    }
}

/// A run-loop coalescer pins the graphs it updates to its thread; hosts sharing a graph keep their requests.
@Suite struct SchedulerOwnershipTests {
    @Test func twoSchedulersAttachedToOneGraphBothHearItsChanges() {
        let test = TestGraph()
        let first = ManualUpdateScheduler()
        let second = ManualUpdateScheduler()
        var runs: [String] = []
        let input = test { Attribute(value: 1) }
        let doubled = test { Attribute(Map(input) { $0 * 2 }) }
        first.attach(test.graph, fragment: first.addFragment("first") { runs.append("first \(doubled.value)") })
        second.attach(test.graph, fragment: second.addFragment("second") { runs.append("second \(doubled.value)") })
        test.graph.onUpdate {}  // a user's own callback detaches no host
        _ = doubled.value
        input.value = 2
        first.flush()
        second.flush()
        #expect(runs == ["first 4", "second 4"])
        first.invalidate()
        test.graph.clearNeedsUpdate()
        input.value = 3
        #expect(!first.flush())
        second.flush()
        #expect(runs == ["first 4", "second 4", "second 6"])
    }

    @Test func flushingACoalescerFromAnotherThreadStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let coalescer = RunLoopUpdateCoalescer(runLoop: CFRunLoopGetCurrent())
            let fragment = coalescer.addFragment("root") {}
            coalescer.setNeedsUpdate(fragment)
            let box = UncheckedSendableBox(coalescer)
            let done = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                box.value.flush()
                done.signal()
            }
            done.wait()
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("RunLoopUpdateCoalescer.flush() called on a thread whose run loop is not the coalescer's"))
    }

    @Test func settingAnInputFromABackgroundThreadWhileTheBridgeFlushesStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let graph = Graph()
            let root = Subgraph(graph: graph)
            let input = root.apply { Attribute(value: 0) }
            let total = root.apply { Attribute(Map(input) { $0 + 1 }) }
            let coalescer = RunLoopUpdateCoalescer(runLoop: CFRunLoopGetCurrent())
            coalescer.attach(graph, fragment: coalescer.addFragment("root") { _ = total.value })
            let id = input.identifier
            Thread.detachNewThread {
                for value in 1... { id.unsafeCast(to: Int.self).value = value }
            }
            let keepAlive = TestRunLoop.keepAlive()
            RunLoopSpinner.spin(for: 5)
            TestRunLoop.end(keepAlive)
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("setting an attribute's value on thread 0x"), "\(stderr)")
        #expect(stderr.contains("but the graph's host updates it on"), "\(stderr)")
    }
}

/// Carries a value to another thread for a misuse test.
final class UncheckedSendableBox<Value>: @unchecked Sendable {
    // @unchecked: the tests use it to provoke (and check) a misuse report.
    let value: Value
    init(_ value: Value) { self.value = value }
}
