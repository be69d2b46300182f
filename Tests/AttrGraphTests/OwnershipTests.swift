@_spi(Debug) import AttrGraph
import AttrGraphTestSupport
import Foundation
import Testing

/// A graph belongs to one thread; every other thread is stopped with advice, in release builds
/// too (these exit tests also run against a release build in CI).
@Suite struct OwnershipTests {
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

    @Test func creatingAnAttributeOnAnotherThreadStopsWithAdvice() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let graph = Graph()
            let root = Subgraph(graph: graph)
            let handle = UncheckedBox(root)
            OwnershipTests.onAnotherThread {
                handle.value.apply { _ = Attribute(value: 1) }
            }
        }
        let stderr = Self.stderr(result)
        #expect(stderr.contains("creating an attribute on a thread that does not own the graph"))
        #expect(stderr.contains("DispatchQueue.main.async"))
        #expect(stderr.contains("Graph.handOff()"))
    }

    @Test func settingAnInputOnAnotherThreadStopsWithAdvice() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let graph = Graph()
            let root = Subgraph(graph: graph)
            let input = root.apply { Attribute(value: 1) }
            let id = input.identifier
            OwnershipTests.onAnotherThread {
                id.unsafeCast(to: Int.self).value = 2
            }
            withExtendedLifetime(root) {}
        }
        #expect(Self.stderr(result).contains("setting an attribute's value on a thread that does not own the graph"))
    }

    @Test func updatingOnASecondThreadWhileTheOwnerUpdatesStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let graph = Graph()
            let subgraph = Subgraph(graph: graph)
            let entered = DispatchSemaphore(value: 0)
            let release = DispatchSemaphore(value: 0)
            let (slow, other) = subgraph.apply { () -> (Attribute<Int>, Attribute<Int>) in
                let input = Attribute(value: 1)
                let slow = Attribute(Map(input) { value -> Int in
                    entered.signal()
                    release.wait()
                    return value
                })
                return (slow, Attribute(Map(input) { $0 + 1 }))
            }
            let otherID = other.identifier
            Thread.detachNewThread {
                entered.wait()
                _ = otherID.unsafeCast(to: Int.self).value  // the owner is updating
                release.signal()
            }
            _ = slow.value
        }
        let stderr = Self.stderr(result)
        // Release builds stop when the update begins, debug builds already at the read.
        #expect(stderr.contains("on a thread that does not own the graph (it is updating on its own thread)"))
    }

    @Test func invalidatingASubgraphOnAnotherThreadStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let graph = Graph()
            let subgraph = Subgraph(graph: graph)
            subgraph.apply { _ = Attribute(value: 1) }
            let handle = UncheckedBox(subgraph)
            OwnershipTests.onAnotherThread { handle.value.invalidate() }
        }
        #expect(Self.stderr(result).contains("invalidating a subgraph on a thread that does not own the graph"))
    }

    @Test func aHandedOffGraphWorksOnTheThreadThatReceivesItAndComesBack() {
        let graph = Graph()
        let root = Subgraph(graph: graph)
        let (input, doubled) = root.apply { () -> (AnyAttribute, AnyAttribute) in
            let input = Attribute(value: 2)
            return (input.identifier, Attribute(Map(input) { $0 * 2 }).identifier)
        }
        let there = HandoffBox(graph.handOff())
        let back = HandoffBox(nil)
        let result = ResultBox<Int>()
        // Unretained: the last reference to `root` must go on the graph's thread (this one).
        let rootBox = UncheckedBox(Unmanaged.passUnretained(root))
        Self.onAnotherThread {
            let graph = there.take().receive()
            input.unsafeCast(to: Int.self).value = 5
            result.value = doubled.unsafeCast(to: Int.self).value
            rootBox.value.takeUnretainedValue().apply { _ = Attribute(value: "created there") }
            back.put(graph.handOff())
        }
        #expect(result.value == 10)
        #expect(back.take().receive() === graph)
        #expect(doubled.unsafeCast(to: Int.self).value == 10)
        input.unsafeCast(to: Int.self).value = 6
        #expect(doubled.unsafeCast(to: Int.self).value == 12)
        #expect(graph.counter(for: .nodes) == 3)
        withExtendedLifetime(root) {}
    }

    @Test func releasingASubgraphOnAnotherThreadStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let graph = Graph()
            var subgraph: Subgraph? = Subgraph(graph: graph)
            subgraph!.apply { _ = Attribute(value: 1) }
            let holder = UncheckedHolder(subgraph)
            subgraph = nil
            OwnershipTests.onAnotherThread { holder.value = nil }
            withExtendedLifetime(graph) {}
        }
        let stderr = Self.stderr(result)
        #expect(stderr.contains("the last reference to a Subgraph was released on a thread that does not own its graph"))
        #expect(stderr.contains("Let the last reference go on the graph's thread"))
    }

    @Test func aHandoffDroppedWithoutReceivingGivesTheGraphToTheDroppingThread() {
        let holder = UncheckedHolder<Graph>(Graph())
        let handoff = HandoffBox(holder.value!.handOff())
        holder.value = nil  // the handoff holds the graph now
        Self.onAnotherThread {
            _ = handoff.take()  // dropped: the graph is released here, with no owner to trap on
        }
    }

    @Test func usingAGraphWhileItIsHandedOffStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let graph = Graph()
            let root = Subgraph(graph: graph)
            let input = root.apply { Attribute(value: 1) }
            let handoff = graph.handOff()
            input.value = 2
            _ = handoff.receive()
            withExtendedLifetime(root) {}
        }
        #expect(Self.stderr(result).contains("on a graph that is being handed to another thread"))
    }

    @Test func usingAGraphOnTheThreadThatHandedItOffStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let graph = Graph()
            let root = Subgraph(graph: graph)
            let input = root.apply { Attribute(value: 1) }
            let handoff = HandoffBox(graph.handOff())
            OwnershipTests.onAnotherThread { _ = handoff.take().receive() }
            input.value = 2
            withExtendedLifetime(root) {}
        }
        #expect(Self.stderr(result).contains("setting an attribute's value on a thread that does not own the graph"))
    }

    #if DEBUG
    /// Clean reads are checked per read only where `AG_INTERNAL_CHECKS` is defined (debug builds).
    @Test func aCleanReadOnAnotherThreadStopsInDebugBuilds() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let graph = Graph()
            let root = Subgraph(graph: graph)
            let input = root.apply { Attribute(value: 1) }
            let id = input.identifier
            OwnershipTests.onAnotherThread { _ = id.unsafeCast(to: Int.self).value }
            withExtendedLifetime(root) {}
        }
        #expect(Self.stderr(result).contains("reading an attribute on a thread that does not own the graph"))
    }
    #endif
}

/// Carries a non-Sendable value to a thread that uses it in a way the test means to check (or
/// that the graph's handoff makes safe).
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

/// Passes a graph handoff between threads.
final class HandoffBox: @unchecked Sendable {
    // @unchecked: put and taken on one thread at a time, ordered by the test's semaphores.
    private var handoff: GraphHandoff?
    init(_ handoff: consuming GraphHandoff?) { self.handoff = handoff }
    func put(_ handoff: consuming GraphHandoff) { self.handoff = .some(handoff) }
    func take() -> GraphHandoff { handoff.take()! }
}
