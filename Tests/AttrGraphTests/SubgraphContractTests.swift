import AttrGraph
import AttrGraphTestSupport
import Foundation
import Testing

/// Subgraphs as AttributeGraph defines them: invalidation leaves the graph's count at once (or
/// at the end of a deferred batch, with the observers), a subgraph does not keep its graph alive,
/// an invalidated subgraph belongs to no graph, and child tags keep two bits.
@Suite struct SubgraphContractTests {
    @Test func invalidatingLowersTheSubgraphCountAtOnceAndCallsObservers() {
        let graph = Graph()
        let subgraph = Subgraph(graph: graph)
        var notified = 0
        subgraph.addObserver { notified += 1 }
        #expect(graph.counter(for: .subgraphs) == 1)
        subgraph.invalidate()
        #expect(graph.counter(for: .subgraphs) == 0, "counted out while the subgraph object is still referenced")
        #expect(notified == 1)
        withExtendedLifetime(subgraph) {}
    }

    @Test func aDeferredBatchCountsOutAndNotifiesAtItsEnd() {
        let graph = Graph()
        let subgraph = Subgraph(graph: graph)
        var notified = 0
        subgraph.addObserver { notified += 1 }
        let wasDeferring = graph.beginDeferringSubgraphInvalidation()
        subgraph.invalidate()
        #expect(!subgraph.isValid)
        #expect(graph.counter(for: .subgraphs) == 1)
        #expect(notified == 0)
        graph.endDeferringSubgraphInvalidation(wasDeferring: wasDeferring)
        #expect(graph.counter(for: .subgraphs) == 0)
        #expect(notified == 1)
    }

    @Test func releasingTheGraphInvalidatesItsSubgraphsAndCallsTheirObservers() {
        var notified = 0
        var subgraph: Subgraph?
        var weakGraph: Graph?
        do {
            let graph = Graph()
            subgraph = Subgraph(graph: graph)
            subgraph!.apply { _ = Attribute(value: 1) }
            subgraph!.addObserver { notified += 1 }
            #expect(subgraph!.isValid)
            weakGraph = nil
            _ = weakGraph
        }
        #expect(subgraph?.isValid == false, "a subgraph does not keep its graph alive")
        #expect(notified == 1)
    }

    @Test func aSubgraphOfAContextGoesWithThatContextOnly() {
        let shared = Graph()
        let sharedRoot = Subgraph(graph: shared)
        var child: Subgraph?
        do {
            let context = Graph(shared: shared)
            child = Subgraph(graph: context)
        }
        #expect(child?.isValid == false)
        #expect(sharedRoot.isValid)
    }

    @Test func invalidatingTheCurrentSubgraphClearsIt() {
        let graph = Graph()
        let subgraph = Subgraph(graph: graph)
        Subgraph.current = subgraph
        subgraph.invalidate()
        #expect(Subgraph.current == nil)
    }

    @Test func anInvalidatedSubgraphsGraphStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let graph = Graph()
            let subgraph = Subgraph(graph: graph)
            subgraph.invalidate()
            _ = subgraph.graph
            withExtendedLifetime(graph) {}
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("was invalidated (or its graph released) and belongs to no graph any more"))
    }

    @Test func childTagsKeepTheirTwoLowBits() {
        let graph = Graph()
        let parent = Subgraph(graph: graph)
        let child = Subgraph(graph: graph)
        parent.addChild(child, tag: 255)
        var tag = 0
        _ = parent.child(at: 0, tag: &tag)
        #expect(tag == 3)
    }

    @Test func indexIsTheUsersOwnField() {
        let graph = Graph()
        let first = Subgraph(graph: graph)
        let second = Subgraph(graph: graph)
        #expect(first.index == 0 && second.index == 0)
        first.index = 42
        #expect(first.index == 42 && second.index == 0)
        _ = Attribute<Int>(identifier: first.apply { Attribute(value: 1).identifier })
    }
}
