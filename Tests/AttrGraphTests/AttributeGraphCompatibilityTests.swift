import AttrGraph
import Foundation
import Testing

/// Code written against AttributeGraph's Swift API, unchanged but for the import.
@Suite struct AttributeGraphCompatibilityTests {
    struct Triple<A, B, C> {
        var first: A
        var second: B
        var third: C
    }

    struct DoubledRule: Rule {
        typealias Value = Int
        let source: Attribute<Int>
        var value: Int { source.wrappedValue * 2 }
    }

    struct CounterRule: StatefulRule {
        typealias Value = Int
        @Attribute var tick: Int
        mutating func updateValue() {
            value = (hasValue ? value : 0) + tick
        }
    }

    @Test func graphsSubgraphsAndAttributes() {
        let graph = Graph()
        _ = Graph(shared: graph)
        _ = Graph(shared: nil)
        let subgraph = Subgraph(graph: graph)
        let oldSubgraph = Subgraph.current
        Subgraph.current = subgraph
        defer { Subgraph.current = oldSubgraph }

        let intAttribute = Attribute(value: 0)
        #expect(intAttribute.value == 0)
        let a = Attribute<Int>(identifier: .nil)
        let b = Attribute<Int>(identifier: .nil)
        #expect(a == b && a.hashValue == b.hashValue)

        @Attribute(value: 0) var value
        #expect(value == 0)
        value = 3
        #expect(_value.setValue(4) == true)
        #expect(value == 4)
        let projected = $value
        value = 5
        #expect(projected.wrappedValue == 5)

        let triple = Attribute(value: Triple(first: 0, second: 1, third: 2))
        let offsetValue = triple[offset: { _ in PointerOffset<Triple<Int, Int, Int>, Int>(byteOffset: 8) }]
        #expect(offsetValue.wrappedValue == 1)
        #expect(triple.first.wrappedValue == 0)
        #expect(triple[keyPath: \.third].wrappedValue == 2)

        let attribute = Attribute(value: 5)
        #expect(attribute.hasValue == true)
        #expect(attribute.changedValue(options: []) == (5, false))
        #expect(attribute.setValue(3) == true)
        attribute.updateValue()
        attribute.prefetchValue()
        attribute.invalidateValue()
        attribute.mutateBody(as: External<Int>.self, invalidating: true) { _ in }
        let flagged = Attribute(value: ())
        flagged.flags = .init(rawValue: 1)
        #expect(flagged.flags == .init(rawValue: 1))

        let doubled = Attribute(DoubledRule(source: attribute))
        #expect(doubled.value == 6)
        #expect(DoubledRule.initialValue == nil)
        let counter = Attribute(CounterRule(tick: attribute))
        #expect(counter.value == 3)
        let mapped = Attribute(Map(attribute) { "\($0)" })
        #expect(mapped.value == "3")
        let focused = Attribute(Focus(root: triple, keyPath: \.second))
        #expect(focused.value == 1)
        let indirect = IndirectAttribute(source: attribute)
        #expect(indirect.value == 3)
        let weak = WeakAttribute(attribute)
        #expect(weak.wrappedValue == 3)
        let optional = OptionalAttribute(attribute)
        #expect(optional.wrappedValue == 3)
        #expect(AnyAttribute(attribute).unsafeCast(to: Int.self) == attribute)
        #expect(attribute.graph === graph)
        #expect(attribute.subgraph === subgraph)
    }

    @Test func graphCallbacksCountersAndDeferredInvalidation() {
        let graph = Graph()
        graph.onUpdate { }
        graph.onInvalidation { _ in }
        #expect(graph.mainUpdates == 0)
        #expect(graph.counter(for: .nodes) == 0)
        let wasDeferring1 = graph.beginDeferringSubgraphInvalidation()
        #expect(wasDeferring1 == false)
        let wasDeferring2 = graph.beginDeferringSubgraphInvalidation()
        #expect(wasDeferring2 == true)
        graph.endDeferringSubgraphInvalidation(wasDeferring: wasDeferring2)
        graph.endDeferringSubgraphInvalidation(wasDeferring: wasDeferring1)
    }

    @Test func subgraphObserversAndChildren() {
        var notifiedCount = 0
        do {
            let graph = Graph()
            do {
                let subgraph = Subgraph(graph: graph)
                _ = subgraph.addObserver { notifiedCount += 1 }
            }
            #expect(notifiedCount == 1)
        }
        let graph = Graph()
        let subgraph = Subgraph(graph: graph)
        let child = Subgraph(graph: graph)
        subgraph.addChild(child, tag: 1)
        #expect(subgraph.childCount == 1)
        #expect(subgraph.isAncestor(of: child) == true)
        var tag = 0  // AttributeGraph's Swift code passes an Int
        #expect(subgraph.child(at: 0, tag: &tag) == child)
        #expect(tag == 1)
        #expect(child.parentCount == 1)
        #expect(child.parent(at: 0) == subgraph)
        subgraph.removeChild(child)
        #expect(subgraph.childCount == 0)
        #expect(child.parentCount == 0)
        let observerID = subgraph.addObserver { notifiedCount += 100 }
        subgraph.removeObserver(observerID)
        subgraph.invalidate()
        #expect(notifiedCount == 1)
    }

    @Test func archiveJSONWithACString() throws {
        let name = "attrgraph-compat-\(UUID().uuidString).json"
        let url = try #require(name.withCString { Graph.archiveJSON(name: $0) })
        defer { try? FileManager.default.removeItem(at: url) }
        struct Graphs: Codable {
            var version: Int
        }
        let data = try Data(contentsOf: url)
        #expect(try JSONDecoder().decode(Graphs.self, from: data).version == 2)
    }
}
