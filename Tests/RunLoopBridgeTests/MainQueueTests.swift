import AttrGraph
import Dispatch
import Foundation
import RunLoopBridge
import Testing

/// The main queue is one "thread" for the schedulers, whichever thread drains it: under Swift
/// Testing on Linux the main thread parks in `dispatchMain()`, and a main-actor test resumes
/// after an `await` on whichever worker runs the main queue then.
@Suite struct MainQueueTests {
    @Test func theMainQueueIsCurrentInItsBlocksAndNotOnOtherQueues() async {
        let onMain = await withCheckedContinuation { done in
            DispatchQueue.main.async { done.resume(returning: MainQueue.isCurrent) }
        }
        let onGlobal = await withCheckedContinuation { done in
            DispatchQueue.global().async { done.resume(returning: MainQueue.isCurrent) }
        }
        #expect(onMain)
        #expect(!onGlobal)
    }

    /// A scheduler made by a main-actor test is flushed after awaits, from whatever thread runs
    /// the main queue then (before, a flush on another worker stopped the process).
    @MainActor @Test func aSchedulerMadeOnTheMainActorFlushesAfterAwaitsOnAnyMainQueueThread() async throws {
        let graph = Graph()
        let root = Subgraph(graph: graph)
        let scheduler = ManualUpdateScheduler()
        let input = root.apply { Attribute(value: 0) }
        let doubled = root.apply { Attribute(Map(input) { $0 * 2 }) }
        var seen: [Int] = []
        let fragment = scheduler.addFragment("root") { seen.append(doubled.value) }
        scheduler.attach(graph, fragment: fragment)
        scheduler.setNeedsUpdate(fragment)
        scheduler.flush()
        var threads = Set<ObjectIdentifier>()
        for value in 1...40 {
            try await Task.sleep(nanoseconds: 200_000)
            threads.insert(Self.currentThread())
            input.value = value
            scheduler.flush()
        }
        #expect(seen.last == 80, "every flush ran: \(seen.count) of 41, on \(threads.count) threads")
        withExtendedLifetime(root) {}
    }

    static func currentThread() -> ObjectIdentifier { ObjectIdentifier(Thread.current) }
}
