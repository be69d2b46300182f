import AttrGraph
import Foundation
import Testing

/// Misuse gets a clear message in a child process, never silent corruption.
@Suite struct MisuseTests {
    @Test func readingAnAttributeOfAnInvalidatedSubgraph() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let graph = Graph()
            let subgraph = Subgraph(graph: graph)
            let attribute = subgraph.apply { Attribute(value: 1) }
            subgraph.invalidate()
            _ = attribute.value
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("belongs to an invalidated subgraph and was destroyed"))
        #expect(stderr.contains("WeakAttribute"))
    }

    @Test func settingAComputedAttributeDuringAnUpdate() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let graph = Graph()
            Subgraph(graph: graph).apply {
                let input = Attribute(value: 1)
                let computed = Attribute(Map(input) { $0 + 1 })
                _ = computed.value
                let writer = Attribute(Map(input) { value -> Int in
                    computed.value = 99
                    return value
                })
                _ = writer.value
            }
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("cannot set the value of computed attribute"))
        #expect(stderr.contains("while the graph is updating"))
    }

    @Test func readingAnotherGraphsAttributeInsideARule() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let other = Graph()
            let otherRoot = Subgraph(graph: other)
            let foreign = otherRoot.apply { Attribute(value: 5) }
            let graph = Graph()
            Subgraph(graph: graph).apply {
                let rule = Attribute(Map(Attribute(value: 1)) { $0 + foreign.value })
                _ = rule.value
            }
            withExtendedLifetime(otherRoot) {}
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("which belongs to another graph"))
        #expect(stderr.contains("Graph(shared:)"))
    }

    @Test func addingAnInputFromAnotherGraph() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let other = Graph()
            let otherRoot = Subgraph(graph: other)
            let foreign = otherRoot.apply { Attribute(value: 5) }
            let graph = Graph()
            Subgraph(graph: graph).apply {
                let rule = Attribute(Map(Attribute(value: 1)) { $0 })
                rule.addInput(foreign, token: 0)
            }
            withExtendedLifetime(otherRoot) {}
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("belongs to another graph and cannot be used in addInput"))
    }

    @Test func usingAnAttributeAfterItsGraphWasReleased() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var attribute: Attribute<Int>?
            do {
                let graph = Graph()
                let subgraph = Subgraph(graph: graph)
                attribute = subgraph.apply { Attribute(value: 1) }
                withExtendedLifetime(subgraph) {}
            }
            _ = attribute!.value
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("is not an attribute of any live graph") || stderr.contains("was destroyed"))
    }

    @Test func creatingAnAttributeWithNoSubgraph() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Attribute(value: 1)
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("attempting to create attribute with no subgraph"))
        #expect(stderr.contains("subgraph.apply"))
    }

    @Test func creatingAnAttributeInAnInvalidatedSubgraph() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let graph = Graph()
            let subgraph = Subgraph(graph: graph)
            subgraph.invalidate()
            // The current subgraph is held only by the thread's context, and already invalid.
            Subgraph.current = subgraph
            _ = Attribute(value: 1)
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("attempting to create attribute External<Int> in an invalidated subgraph"), "\(stderr)")
    }
}

/// Messages that say what happened, where the engine used to give a misleading one.
@Suite struct MessageTests {
    @Test func aRuleThatInvalidatesItsOwnSubgraphIsNamedWhenRead() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let graph = Graph()
            let root = Subgraph(graph: graph)
            let child = Subgraph(graph: graph)
            root.addChild(child)
            let handle = Unmanaged.passUnretained(child)
            let rule = child.apply {
                Attribute(Map(Attribute(value: 1)) { value -> Int in
                    handle.takeUnretainedValue().invalidate()
                    return value
                })
            }
            _ = rule.value
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("was destroyed by the update that read it"))
        #expect(stderr.contains("Do not invalidate a subgraph from inside its own rules"))
        #expect(!stderr.contains("set the input's value"))
    }
}
