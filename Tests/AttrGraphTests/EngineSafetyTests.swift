@_spi(Debug) import AttrGraph
import AttrGraphTestSupport
import Foundation
import Synchronization
import Testing

/// Everyday churn returns what it took: subgraphs, side tables, slots.
@Suite struct ChurnTests {
    /// Runs `rounds` rounds of create / attach / invalidate under `root`; returns what is left:
    /// the root's children, live subgraphs and nodes beyond the start, and resident-memory growth.
    static func churn(rounds: Int) -> (children: Int, subgraphs: UInt64, nodes: UInt64, memory: Int?) {
        let graph = Graph()
        let root = Subgraph(graph: graph)
        func round() {
            let child = Subgraph(graph: graph)
            root.addChild(child)
            child.apply { _ = Attribute(value: 1) }
            child.invalidate()
        }
        for _ in 0..<10_000 { round() }  // warm up: first pages, type tables, allocator chunks
        let subgraphsBefore = graph.counter(for: .subgraphs)
        let memoryBefore = residentMemoryBytes()
        for _ in 0..<rounds { round() }
        graph.checkInvariants()
        let memory = residentMemoryBytes().flatMap { after in memoryBefore.map { after - $0 } }
        return (root.childCount, graph.counter(for: .subgraphs) - subgraphsBefore, graph.counter(for: .nodes), memory)
    }

    @Test func invalidatedChildSubgraphsLeaveTheirParent() {
        let left = Self.churn(rounds: 10_000)
        #expect(left.children == 0)
        #expect(left.subgraphs == 0)
        #expect(left.nodes == 0)
    }

    /// In a child process of its own, so that no other test's memory is counted.
    @Test func aMillionSubgraphRoundsReturnMemoryToItsBaseline() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            // Under a sanitizer (10-50x slower, memory quarantined) the rounds only check the counts.
            let sanitized = ProcessInfo.processInfo.environment["AG_SANITIZER"] != nil
            let left = ChurnTests.churn(rounds: sanitized ? 50_000 : 1_000_000)
            var failures: [String] = []
            if left.children != 0 { failures.append("the root kept \(left.children) children") }
            if left.subgraphs != 0 { failures.append("\(left.subgraphs) more subgraphs alive") }
            if left.nodes != 0 { failures.append("\(left.nodes) attributes alive") }
            // The leak was ~190 bytes a round: 190 MB here.
            if !sanitized, let growth = left.memory, growth > 16 << 20 {
                failures.append("resident memory grew by \(growth) bytes")
            }
            if !failures.isEmpty {
                FileHandle.standardError.write(Data((failures.joined(separator: "; ") + "\n").utf8))
                exit(1)
            }
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.isEmpty, "\(stderr)")
    }

    @Test func anInvalidatedChildWithAnotherValidParentStaysInThatParent() {
        let graph = Graph()
        let first = Subgraph(graph: graph)
        let second = Subgraph(graph: graph)
        let child = Subgraph(graph: graph)
        first.addChild(child)
        second.addChild(child)
        first.invalidate()
        #expect(child.isValid)
        #expect(second.childCount == 1)
        #expect(child.parentCount == 1)
        child.invalidate()
        #expect(second.childCount == 0)
        #expect(child.parentCount == 0)
        graph.checkInvariants()
    }

    @Test func addingAChildToAnInvalidatedSubgraphInvalidatesIt() {
        let graph = Graph()
        let parent = Subgraph(graph: graph)
        parent.invalidate()
        let child = Subgraph(graph: graph)
        parent.addChild(child)
        #expect(!child.isValid)
        #expect(parent.childCount == 0)
    }

    struct Pair: Equatable {
        var first: Int
        var second: Int
    }

    @Test func projectionsFreedWithTheirSubgraphLeaveNoTypeOrAliasBehind() {
        let graph = Graph()
        let root = Subgraph(graph: graph)
        for round in 0..<100 {
            let child = Subgraph(graph: graph)
            root.addChild(child)
            let second = child.apply { Attribute(value: Pair(first: round, second: round + 1))[keyPath: \.second] }
            #expect(second.value == round + 1)
            #expect(graph.offsetAliasCount == 1)
            child.invalidate()
            #expect(graph.offsetAliasCount == 0)
        }
        // The freed slots are reused by attributes of other types.
        let strings = root.apply { (0..<4).map { Attribute(value: "s\($0)") } }
        for string in strings {
            #expect(ObjectIdentifier(string.identifier.valueType) == ObjectIdentifier(String.self))
            string.validate()
        }
        graph.checkInvariants()
    }

    @Test func anIndirectAttributeKeepsItsValueTypeAndFreesIt() {
        let graph = Graph()
        let root = Subgraph(graph: graph)
        let child = Subgraph(graph: graph)
        root.addChild(child)
        child.apply {
            let source = Attribute(value: 3)
            let indirect = IndirectAttribute(source: source)
            #expect(ObjectIdentifier(indirect.projectedValue.identifier.valueType) == ObjectIdentifier(Int.self))
        }
        child.invalidate()
        let text = root.apply { Attribute(value: "text") }
        #expect(ObjectIdentifier(text.identifier.valueType) == ObjectIdentifier(String.self))
    }
}

/// Ids kept past their attribute are named, never silently read (release builds too).
/// Each graph reserves address space for its node table (256 MiB, no memory). Under an
/// address-space limit (`ulimit -v`) graphs are still created, with smaller tables, and when
/// nothing is left the error says what to do.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["AG_SANITIZER"] == nil,
    "sanitizers reserve terabytes of shadow memory: an address-space limit stops them, not the engine"))
struct AddressSpaceTests {
    #if os(Linux)
    /// Limits this (child) process's address space to what it uses now plus `megabytes`.
    static func limitAddressSpace(toCurrentPlus megabytes: Int) {
        let statm = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? ""
        guard let pages = statm.split(separator: " ").first.flatMap({ Int($0) }) else { exit(2) }
        let bytes = rlim_t(pages * Int(sysconf(Int32(_SC_PAGESIZE))) + megabytes << 20)
        var limit = rlimit(rlim_cur: bytes, rlim_max: bytes)
        guard setrlimit(Int32(RLIMIT_AS.rawValue), &limit) == 0 else { exit(3) }
    }

    /// A chain of 100 rules from `start` in a new subgraph of `graph` (keep the subgraph).
    static func chain(in graph: Graph, from start: Int) -> (Subgraph, Attribute<Int>) {
        let subgraph = Subgraph(graph: graph)
        let tail = subgraph.apply {
            var last = Attribute(value: start)
            for _ in 0..<100 { last = Attribute(Map(last) { $0 + 1 }) }
            return last
        }
        return (subgraph, tail)
    }

    @Test func graphsAreStillCreatedWhenTheAddressSpaceIsLimited() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            // Less than one full 256 MiB reservation: room for three tables of 64 MiB, and the
            // attributes' own memory.
            AddressSpaceTests.limitAddressSpace(toCurrentPlus: 220)
            let graphs = (0..<3).map { round in
                let graph = Graph()
                return (graph, AddressSpaceTests.chain(in: graph, from: round))
            }
            for (round, (_, (_, tail))) in graphs.enumerated() where tail.value != round + 100 {
                FileHandle.standardError.write(Data("graph \(round) read \(tail.value)\n".utf8))
                exit(1)
            }
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.isEmpty, "\(stderr)")
    }

    @Test func whenNoAddressSpaceIsLeftTheErrorNamesTheLimit() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            AddressSpaceTests.limitAddressSpace(toCurrentPlus: 160)
            var graphs: [(Graph, (Subgraph, Attribute<Int>))] = []
            for round in 0..<64 {
                let graph = Graph()
                graphs.append((graph, AddressSpaceTests.chain(in: graph, from: round)))
            }
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("for a graph's node table"))
        #expect(stderr.contains("Is the process's address space limited (ulimit -v)?"))
    }
    #endif
}

@Suite struct StaleIDTests {
    /// A subgraph with one attribute destroyed, and the attribute that took over its slot.
    static func staleAndNewcomer<Old, New>(old: Old, new: New) -> (Graph, Subgraph, Attribute<Old>, Attribute<New>) {
        let graph = Graph()
        let root = Subgraph(graph: graph)
        let child = Subgraph(graph: graph)
        let stale = child.apply { Attribute(value: old) }
        child.invalidate()
        let newcomer = root.apply { Attribute(value: new) }
        precondition(newcomer.identifier.rawValue == stale.identifier.rawValue, "the slot was not reused")
        return (graph, root, stale, newcomer)
    }

    @Test func aStaleAttributeOfTheSameTypeIsNamedInsteadOfReadingTheNewcomer() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let (graph, root, stale, _) = StaleIDTests.staleAndNewcomer(old: 1, new: 2)
            _ = stale.value
            withExtendedLifetime((graph, root)) {}
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("is stale: the attribute it named was destroyed"))
        #expect(stderr.contains("its slot now holds another attribute (External<Int> -> Int)"))
    }

    @Test func writingThroughAStaleAttributeIsNamedToo() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let (graph, root, stale, _) = StaleIDTests.staleAndNewcomer(old: 1, new: 2)
            stale.value = 5
            withExtendedLifetime((graph, root)) {}
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("is stale"))
    }

    @Test func aStaleAttributeOfAnotherTypeIsNamedInsteadOfCrashing() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let (graph, root, stale, _) = StaleIDTests.staleAndNewcomer(old: [1, 2, 3], new: "a string")
            _ = stale.value.count
            withExtendedLifetime((graph, root)) {}
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("is stale"))
        #expect(stderr.contains("External<String> -> String"))
    }

    @Test func aRuleWhoseInputDiedAndWasReplacedNamesTheStaleInput() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let graph = Graph()
            let root = Subgraph(graph: graph)
            let child = Subgraph(graph: graph)
            let input = child.apply { Attribute(value: 1) }
            let reader = root.apply { Attribute(Map(input) { $0 * 10 }) }
            precondition(reader.value == 10)
            child.invalidate()
            let impostor = root.apply { Attribute(value: 99) }
            precondition(impostor.identifier.rawValue == input.identifier.rawValue)
            _ = reader.value  // re-runs (its input is gone) and reads its input
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("attribute #\(1) is stale") || stderr.contains("is stale"))
    }

    @Test func aDestroyedAttributeWhoseSlotIsFreeIsNamedAsDestroyed() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let graph = Graph()
            let child = Subgraph(graph: graph)
            let gone = child.apply { Attribute(value: 1) }
            child.invalidate()
            _ = gone.value
            withExtendedLifetime(graph) {}
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("belongs to an invalidated subgraph and was destroyed"))
    }

    @Test func anIDRebuiltFromItsNumberNamesWhateverHoldsTheNumberNow() {
        let (graph, root, stale, newcomer) = StaleIDTests.staleAndNewcomer(old: 1, new: 2)
        let rebuilt = AnyAttribute(rawValue: stale.identifier.rawValue).unsafeCast(to: Int.self)
        #expect(rebuilt.value == 2)
        #expect(rebuilt == newcomer)
        #expect(stale.identifier == newcomer.identifier, "ids compare by number")
        withExtendedLifetime((graph, root)) {}
    }

    @Test func weakAttributesDoNotSeeTheNewcomer() {
        let (graph, root, stale, newcomer) = StaleIDTests.staleAndNewcomer(old: 1, new: 2)
        #expect(WeakAttribute(stale).attribute == nil)
        #expect(WeakAttribute(newcomer).wrappedValue == 2)
        withExtendedLifetime((graph, root)) {}
    }
}

/// A rule that sets an input it read runs again (AttributeGraph's behaviour).
@Suite struct RuleWritesInputTests {
    @Test func aRuleThatSetsAnInputItReadIsDirtyAgainAndReRuns() {
        let test = TestGraph()
        let trace = Trace()
        test {
            let x = Attribute(value: 1)
            let rule = Attribute(Traced("rule", trace) { () -> Int in
                let seen = x.value
                if seen == 1 { x.value = 2 }
                return seen
            })
            #expect(rule.value == 1, "the run read 1 before setting 2")
            #expect(rule.valueState.contains(.dirty), "it read an input that changed during its run")
            #expect(rule.value == 2)
            #expect(!rule.valueState.contains(.dirty))
            #expect(trace.take() == ["rule", "rule"])
            #expect(rule.value == 2)
            #expect(trace.take() == [], "settled: nothing changed since")
            test.graph.checkInvariants()
        }
    }

    @Test func anObservedRuleThatSetsAnInputItReadIsNotifiedAgainAtTheNextUpdate() {
        let test = TestGraph()
        test {
            let x = Attribute(value: 1)
            let rule = Attribute(Map(x) { seen -> Int in
                if seen < 3 { x.value = seen + 1 }
                return seen
            })
            var seen: [Int] = []
            let observer = rule.observe { seen.append($0) }  // runs the rule: it reads 1, sets 2
            test.graph.update()
            test.graph.update()
            test.graph.update()
            #expect(seen == [2, 3])
            #expect(rule.value == 3)
            observer.cancel()
        }
    }

    @Test func aRuleThatSetsAnInputItDoesNotReadIsNotReRun() {
        let test = TestGraph()
        let trace = Trace()
        test {
            let source = Attribute(value: 1)
            let target = Attribute(value: 0)
            let writer = Attribute(Traced("writer", trace) { () -> Int in
                target.value = source.value * 2
                return source.value
            })
            let reader = Attribute(Traced("reader", trace) { target.value + 1 })
            #expect(writer.value == 1)
            #expect(reader.value == 3)
            #expect(trace.take() == ["writer", "reader"])
            #expect(writer.value == 1)
            #expect(trace.take() == [])
        }
    }
}

/// Hosts share a graph without detaching each other; each handler lasts as long as its registration.
@Suite struct UpdateHandlerTests {
    @Test func everyHandlerAndTheOnUpdateSlotAreCalledUntilTheirRegistrationEnds() {
        let test = TestGraph()
        var calls: [String] = []
        test.graph.onUpdate { calls.append("onUpdate") }
        let first = test.graph.addUpdateHandler { calls.append("first") }
        var second: Registration? = test.graph.addUpdateHandler { calls.append("second") }
        test.graph.onUpdate { calls.append("onUpdate replaced") }
        test {
            let input = Attribute(value: 1)
            let rule = Attribute(Map(input) { $0 + 1 })
            _ = rule.value
            input.value = 2
            #expect(calls == ["first", "second"], "an input change calls the handlers, not the onUpdate slot")

            calls.removeAll()
            first.cancel()
            #expect(!first.isActive)
            first.cancel()  // twice: nothing more happens
            test.graph.clearNeedsUpdate()
            _ = rule.value
            input.value = 3
            #expect(calls == ["second"])

            // Releasing the last reference cancels too.
            calls.removeAll()
            #expect(second?.isActive == true)
            second = nil
            test.graph.clearNeedsUpdate()
            _ = rule.value
            input.value = 4
            #expect(calls.isEmpty)
            test.graph.setNeedsUpdate()
            _ = rule.value
            #expect(calls == ["onUpdate replaced"], "the slot keeps the last callback set")
        }
    }

    @Test func cancellingReleasesTheHandlerAndWhatItCaptured() {
        final class Captured {}
        let test = TestGraph()
        weak var weakCaptured: Captured?
        var registrations = Set<Registration>()
        do {
            let captured = Captured()
            weakCaptured = captured
            test.graph.addUpdateHandler { _ = captured }.store(in: &registrations)
        }
        #expect(weakCaptured != nil, "the stored registration keeps the handler")
        registrations.first?.cancel()
        #expect(weakCaptured == nil, "cancelling released the closure at once")
        #expect(registrations.first?.isActive == false)
    }

    @Test func aRegistrationOutlivingItsGraphCancelsHarmlessly() {
        var graph: Graph? = Graph()
        let registration = graph!.addUpdateHandler {}
        #expect(registration.isActive)
        graph = nil
        #expect(!registration.isActive)
        registration.cancel()
    }
}

/// Static archiving of every graph while other threads create and destroy theirs.
@Suite struct ArchiveAllGraphsTests {
    /// In a child process: describing every graph describes every graph alive, and the test
    /// process has many of its own.
    @Test func archivingEveryGraphWhileOtherThreadsChurnGraphsIsSafe() async {
        await #expect(processExitsWith: .success) {
            let stop = ManagedAtomicFlag()
            let done = DispatchSemaphore(value: 0)
            for _ in 0..<2 {
                Thread.detachNewThread {
                    while !stop.isSet {
                        let graph = Graph()
                        let root = Subgraph(graph: graph)
                        root.apply { _ = Attribute(Map(Attribute(value: 1)) { $0 + 1 }).value }
                    }
                    done.signal()
                }
            }
            let graph = Graph()
            let root = Subgraph(graph: graph)
            root.apply { _ = Attribute(value: 42) }
            let ours = Int(graph.counter(for: .graphID))
            for _ in 0..<200 {
                let dictionary = Graph.description(
                    nil, options: [DescriptionOption.format: Graph.descriptionFormatDictionary, DescriptionOption.allGraphs: true])
                let graphs = (dictionary as? [String: Any])?["graphs"] as? [[String: Any]] ?? []
                // Graphs the other threads are using at that moment are left out; this one never is.
                if !graphs.contains(where: { $0["id"] as? Int == ours }) { exit(1) }
            }
            let name = "attrgraph-all-\(UUID().uuidString).ag-json"
            guard let url = Graph.archiveJSON(name: name) else { exit(2) }
            try? FileManager.default.removeItem(at: url)
            stop.set()
            done.wait()
            done.wait()
            withExtendedLifetime(root) {}
        }
    }
}

/// A flag one thread sets and others read.
final class ManagedAtomicFlag: Sendable {
    private let value = Atomic<Bool>(false)
    var isSet: Bool { value.load(ordering: .acquiring) }
    func set() { value.store(true, ordering: .releasing) }
}
