@_spi(Debug) import AttrGraph
import AttrGraphTestSupport
import Foundation
import Testing

/// Exclusive use, as in AttributeGraph: any thread may use a graph, one thread at a time. Serial
/// use from several threads works; overlapping use stops the process with a message naming both
/// threads and what they were doing, in release builds too (these exit tests also run against a
/// release build in CI). A host's pin keeps the stricter rule where a host updates the graph.
@Suite struct ExclusiveUseTests {
    /// Runs `body` on a new thread and waits for it.
    static func onAnotherThread(_ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            body()
            done.signal()
        }
        done.wait()
    }

    static func stderr(_ result: ExitTest.Result?) -> String {
        String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    }

    /// A graph made on one thread is built, changed, updated and released on others, one at a
    /// time — the way Swift concurrency and Swift Testing hop threads between awaits.
    @Test func serialUseFromSeveralThreadsWorks() {
        let holder = UncheckedHolder<Graph>(Graph())
        let root = UncheckedHolder<Subgraph>(Subgraph(graph: holder.value!))
        let ids = ResultBox<(AnyAttribute, AnyAttribute)>()
        Self.onAnotherThread {
            root.value!.apply {
                let input = Attribute(value: 2)
                ids.value = (input.identifier, Attribute(Map(input) { $0 * 2 }).identifier)
            }
        }
        let (input, doubled) = ids.value!
        let result = ResultBox<Int>()
        Self.onAnotherThread {
            input.unsafeCast(to: Int.self).value = 5
            result.value = doubled.unsafeCast(to: Int.self).value
        }
        #expect(result.value == 10)
        input.unsafeCast(to: Int.self).value = 6
        #expect(doubled.unsafeCast(to: Int.self).value == 12)
        #expect(holder.value!.counter(for: .nodes) == 2)
        // The last references go on yet another thread.
        Self.onAnotherThread {
            root.value = nil
            holder.value = nil
        }
    }

    /// A graph used from a serial queue by many tasks, each on whatever thread the queue picks.
    @Test func aSerialQueueCanOwnTheGraphsUses() async {
        let queue = DispatchQueue(label: "graph")
        let graph = UncheckedHolder<Graph>(Graph())
        let state = UncheckedHolder<(Subgraph, Attribute<Int>, Attribute<Int>)>(nil)
        queue.sync {
            let root = Subgraph(graph: graph.value!)
            let (input, total) = root.apply { () -> (Attribute<Int>, Attribute<Int>) in
                let input = Attribute(value: 0)
                return (input, Attribute(Map(input) { $0 + 1 }))
            }
            state.value = (root, input, total)
        }
        await withTaskGroup(of: Void.self) { group in
            for value in 1...200 {
                group.addTask { queue.sync { state.value!.1.value = value; _ = state.value!.2.value } }
            }
        }
        let last = queue.sync { () -> Int in
            state.value!.1.value = 1_000
            return state.value!.2.value
        }
        #expect(last == 1_001)
        queue.sync {
            state.value = nil
            graph.value = nil
        }
    }

    @Test func settingAnInputWhileAnotherThreadUpdatesStopsNamingBoth() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let graph = Graph()
            let subgraph = Subgraph(graph: graph)
            let entered = DispatchSemaphore(value: 0)
            let (slow, input) = subgraph.apply { () -> (Attribute<Int>, Attribute<Int>) in
                let input = Attribute(value: 1)
                let slow = Attribute(Map(input) { value -> Int in
                    entered.signal()
                    Thread.sleep(forTimeInterval: 10)
                    return value
                })
                return (slow, input)
            }
            let inputID = input.identifier
            Thread.detachNewThread {
                entered.wait()
                inputID.unsafeCast(to: Int.self).value = 2
            }
            _ = slow.value
        }
        let stderr = Self.stderr(result)
        #expect(stderr.contains("AttrGraph: overlapping use of a graph: thread 0x"), "\(stderr)")
        #expect(stderr.contains("started setting an attribute's value while"), "\(stderr)")
        #expect(stderr.contains("is updating"), "\(stderr)")
        #expect(stderr.contains("by one thread at a time"), "\(stderr)")
    }

    /// A read that brings a dirty attribute up to date is a use: it may not join another thread's update.
    @Test func readingADirtyAttributeWhileAnotherThreadUpdatesStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let graph = Graph()
            let subgraph = Subgraph(graph: graph)
            let entered = DispatchSemaphore(value: 0)
            let (slow, other) = subgraph.apply { () -> (Attribute<Int>, Attribute<Int>) in
                let input = Attribute(value: 1)
                let slow = Attribute(Map(input) { value -> Int in
                    entered.signal()
                    Thread.sleep(forTimeInterval: 10)
                    return value
                })
                return (slow, Attribute(Map(input) { $0 + 1 }))
            }
            let otherID = other.identifier
            Thread.detachNewThread {
                entered.wait()
                _ = otherID.unsafeCast(to: Int.self).value  // never computed: needs an update
            }
            _ = slow.value
        }
        let stderr = Self.stderr(result)
        // Whichever check the read meets first stops it: the exclusive-use check (debug builds at
        // the read, release builds when the update begins), or — release builds, when the reading
        // thread gets there while the rule runs — the check that a read from another thread would
        // be recorded as the running rule's dependency.
        let overlapping = stderr.contains("overlapping use of a graph")
            && (stderr.contains("started updating while") || stderr.contains("started reading an attribute while"))
            && stderr.contains("is updating")
        let foreignRead = stderr.contains("on a thread that is not updating the graph, while the rule of attribute")
            && stderr.contains("would be recorded as that rule's dependency")
        #expect(overlapping || foreignRead, "\(stderr)")
        #expect(stderr.contains("by one thread at a time"), "\(stderr)")
    }

    /// A host's pin: the graph is updated on one thread of the host's, so any use elsewhere —
    /// even one that would not overlap — stops with the old advice.
    @Test func aPinnedGraphStopsUseOnOtherThreads() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let graph = Graph()
            graph.pin(to: .current)
            let root = Subgraph(graph: graph)
            let input = root.apply { Attribute(value: 1) }
            let id = input.identifier
            ExclusiveUseTests.onAnotherThread { id.unsafeCast(to: Int.self).value = 2 }
            withExtendedLifetime(root) {}
        }
        let stderr = Self.stderr(result)
        #expect(stderr.contains("setting an attribute's value on thread 0x"), "\(stderr)")
        #expect(stderr.contains("but the graph's host updates it on"), "\(stderr)")
        #expect(stderr.contains("DispatchQueue.main.async"), "\(stderr)")
    }

    /// An archive of every graph leaves out a graph another thread is using at that moment, and
    /// never waits for it. (In a child process: every graph alive is described.)
    @Test func archivingEveryGraphSkipsAGraphInUseElsewhere() async {
        await #expect(processExitsWith: .success) {
            let busy = Graph()
            let busyRoot = Subgraph(graph: busy)
            let idle = Graph()
            let idleRoot = Subgraph(graph: idle)
            idleRoot.apply { _ = Attribute(value: 1) }
            let entered = DispatchSemaphore(value: 0)
            let release = DispatchSemaphore(value: 0)
            let slow = busyRoot.apply {
                Attribute(Map(Attribute(value: 1)) { value -> Int in
                    entered.signal()
                    release.wait()
                    return value
                })
            }
            let done = DispatchSemaphore(value: 0)
            let box = UncheckedBox(slow)
            Thread.detachNewThread {
                _ = box.value.value
                done.signal()
            }
            entered.wait()
            let options = [DescriptionOption.format: Graph.descriptionFormatDictionary, DescriptionOption.allGraphs: true]
            let description = Graph.description(nil, options: options as NSDictionary)
            let graphs = (description as? [String: Any])?["graphs"] as? [Any]
            let ids = graphs?.compactMap { ($0 as? [String: Any])?["id"] as? Int } ?? []
            release.signal()
            done.wait()
            guard ids.contains(Int(idle.counter(for: .graphID))), !ids.contains(Int(busy.counter(for: .graphID))) else {
                exit(1)
            }
            withExtendedLifetime((busyRoot, idleRoot)) {}
        }
    }

    /// An archive of every graph holds each graph only while it describes it: a value whose
    /// description waits for another thread to update a *different* graph gets its update (an
    /// archive that held every graph at once would keep that thread waiting until it ended).
    @Test func archivingEveryGraphHoldsOnlyTheGraphItDescribes() async {
        await #expect(processExitsWith: .success) {
            let other = Graph()
            let otherRoot = Subgraph(graph: other)
            let (input, doubled) = otherRoot.apply { () -> (Attribute<Int>, Attribute<Int>) in
                let input = Attribute(value: 1)
                return (input, Attribute(Map(input) { $0 * 2 }))
            }
            let box = UncheckedBox((input, doubled))
            ArchiveWaiter.update = {
                let (input, doubled) = box.value
                input.value = 20
                ArchiveWaiter.seen = doubled.value
            }
            let described = Graph()
            let describedRoot = Subgraph(graph: described)
            describedRoot.apply { _ = Attribute(value: ArchiveWaiter()) }
            let options: [DescriptionOption: Any] = [
                .format: Graph.descriptionFormatDictionary, .allGraphs: true, .includeValues: true,
            ]
            _ = Graph.description(nil, options: options as NSDictionary)
            guard ArchiveWaiter.outcome == .updated, ArchiveWaiter.seen == 40 else { exit(1) }
            withExtendedLifetime((otherRoot, describedRoot)) {}
        }
    }

    /// A thread that uses its graph serially waits for an archiver that holds the graph for a
    /// moment, however the two interleave: the archiver's mark goes into the holder word with the
    /// same compare-and-exchange that takes the graph, so the user never mistakes the archiver
    /// for another user (it did when the mark was a separate word written just after: the user
    /// read the previous use there and stopped the process as overlapping use).
    @Test func aUserNeverMistakesAnArchiverForAnotherUser() async {
        await #expect(processExitsWith: .success) {
            let graph = Graph()
            let root = Subgraph(graph: graph)
            let input = root.apply { Attribute(value: 0) }
            let doubled = root.apply { Attribute(Map(input) { $0 * 2 }) }
            let stop = ManagedAtomicFlag()
            let archived = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                let options: [DescriptionOption: Any] = [.format: Graph.descriptionFormatDictionary, .allGraphs: true]
                while !stop.isSet { _ = Graph.description(nil, options: options as NSDictionary) }
                archived.signal()
            }
            for value in 1...20_000 {
                input.value = value
                guard doubled.value == value * 2 else { exit(1) }
            }
            stop.set()
            archived.wait()
            withExtendedLifetime(root) {}
        }
    }
}

/// A value whose description (while an archive describes its graph) has another thread update
/// another graph, and waits up to 10 s for it.
private struct ArchiveWaiter: Equatable, CustomStringConvertible {
    enum Outcome { case notDescribed, updated, timedOut }
    nonisolated(unsafe) static var update: @Sendable () -> Void = {}
    nonisolated(unsafe) static var seen = 0
    nonisolated(unsafe) static var outcome = Outcome.notDescribed

    var description: String {
        guard Self.outcome == .notDescribed else { return "waiter" }
        let done = DispatchSemaphore(value: 0)
        let update = Self.update
        Thread.detachNewThread {
            update()
            done.signal()
        }
        Self.outcome = done.wait(timeout: .now() + 10) == .success ? .updated : .timedOut
        return "waiter"
    }
}

/// Carries a non-Sendable value to a thread that uses it in a way the test means to check.
final class UncheckedBox<Value>: @unchecked Sendable {
    // @unchecked: the tests use the value on one thread at a time (or expect the engine to stop).
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// Holds a value that a test drops on another thread.
final class UncheckedHolder<Value>: @unchecked Sendable {
    // @unchecked: the tests set it on one thread at a time, ordered by their semaphores.
    var value: Value?
    init(_ value: Value?) { self.value = value }
}
