import AttrGraph
import AttrGraphTestSupport
import Foundation
import Testing

/// AttributeGraph's contract for the API added from its interface: host context, deadlines and
/// cancelled updates, cached rule values, resetting an alias, enum cases by pointer, observed
/// bodies, and the description entry points.
@Suite struct AttributeGraphContractTests {
    @Test func aGraphKeepsItsHostsContextPointer() {
        let graph = Graph()
        #expect(graph.context == nil)
        let host = NSObject()
        graph.context = UnsafeRawPointer(Unmanaged.passUnretained(host).toOpaque())
        #expect(graph.context == UnsafeRawPointer(Unmanaged.passUnretained(host).toOpaque()))
        graph.context = nil
        #expect(graph.context == nil)
    }

    @Test func graphAndContextIdsComeFromOneSequence() {
        let first = Graph()
        let second = Graph(shared: first)
        #expect(first.counter(for: .graphID) != first.counter(for: .contextID))
        #expect(first.counter(for: .graphID) == second.counter(for: .graphID))
        #expect(first.counter(for: .contextID) != second.counter(for: .contextID))
        let next = UInt64(makeUniqueID())
        #expect(next > first.counter(for: .graphID) && next > second.counter(for: .contextID))
    }

    @Test func withDeadlineSetsAndRestoresTheDeadline() {
        let graph = Graph()
        #expect(graph.deadline == .max)
        graph.withDeadline(100) { #expect(graph.deadline == 100) }
        #expect(graph.deadline == .max)
    }

    /// A rule cancels the update: the attributes that already had a value keep it and stay
    /// dirty; the next update computes them.
    @Test func aCancelledUpdateLeavesAttributesWithValuesDirtyForTheNextUpdate() {
        let test = TestGraph()
        let trace = Trace()
        test {
            let input = Attribute(value: 1)
            let cancel = Attribute(value: false)
            let canceller = Attribute(Traced("canceller", trace) { () -> Int in
                if cancel.value { Graph.cancelUpdate() }
                return input.value
            })
            let total = Attribute(Traced("total", trace) { canceller.value * 10 })
            #expect(total.value == 10)
            trace.take()
            cancel.value = true
            input.value = 2
            #expect(total.value == 10, "cancelled: total keeps its value")
            #expect(trace.take() == ["canceller"])
            #expect(total.identifier.valueState.contains(.dirty))
            cancel.value = false
            #expect(total.value == 20)
            #expect(trace.take() == ["canceller", "total"])
        }
    }

    @Test func aPassedDeadlineCancelsWhenARuleAsks() {
        let test = TestGraph()
        test {
            let input = Attribute(value: 1)
            let asker = Attribute(Map(input) { value -> Bool in Graph.cancelUpdateIfNeeded() })
            #expect(asker.value == false, "no deadline")
            input.value = 2
            test.graph.withDeadline(0) { #expect(asker.value == true, "a deadline in the past") }
        }
    }

    struct Squared: Rule, Hashable {
        let number: Int
        nonisolated(unsafe) static var runs = 0
        var value: Int {
            Squared.runs += 1
            return number * number
        }
    }

    @Test func cachedValuesShareOneAttributePerEqualBody() {
        let test = TestGraph()
        test {
            Squared.runs = 0
            #expect(Squared(number: 3).cachedValueIfExists(options: [], owner: nil) == nil)
            #expect(Squared(number: 3).cachedValue(options: [], owner: nil) == 9)
            #expect(Squared(number: 3).cachedValue(options: [], owner: nil) == 9)
            #expect(Squared(number: 4).cachedValue(options: [], owner: nil) == 16)
            #expect(Squared.runs == 2, "one attribute, computed once, per equal body")
            #expect(Squared(number: 3).cachedValueIfExists(options: [], owner: nil) == 9)
        }
        test.root.invalidate()
        let again = TestGraph()
        again { #expect(Squared(number: 3).cachedValueIfExists(options: [], owner: nil) == nil, "the cache is the graph's") }
    }

    @Test func resetSourcePointsAnAliasBackAtItsFirstSource() {
        let test = TestGraph()
        test {
            let first = Attribute(value: 1)
            let second = Attribute(value: 2)
            let alias = IndirectAttribute(source: first)
            let reader = Attribute(Map(alias.attribute) { $0 * 10 })
            alias.source = second
            #expect(reader.value == 20)
            alias.resetSource()
            #expect(alias.source == first)
            #expect(reader.value == 10)
        }
    }

    enum Shape: Equatable {
        case circle(radius: Double)
        case named(String)
        indirect case group([Shape])
        case empty
    }

    @Test func enumCasesByPointerGiveTheCaseItsPayloadTypeAndAddress() {
        var shape = Shape.circle(radius: 2)
        var seen: (Int, String, Double)?
        let found = withUnsafePointerToEnumCase(of: &shape) { tag, type, payload in
            seen = (tag, "\(type)", payload.load(as: Double.self))
        }
        #expect(found && seen?.0 == 0 && seen?.2 == 2, "\(String(describing: seen))")
        #expect(shape == .circle(radius: 2), "the value is whole again afterwards")

        var named = Shape.named("a")
        _ = withUnsafeMutablePointerToEnumCase(of: &named) { _, _, payload in
            payload.assumingMemoryBound(to: String.self).pointee = "b"
        }
        #expect(named == .named("b"))

        var group = Shape.group([.empty])
        var groupPayload: [Shape]?
        #expect(withUnsafePointerToEnumCase(of: &group) { _, _, payload in
            groupPayload = payload.assumingMemoryBound(to: [Shape].self).pointee
        })
        #expect(groupPayload == [.empty], "an indirect case's payload is the boxed value")

        var empty = Shape.empty
        #expect(!withUnsafePointerToEnumCase(of: &empty) { _, _, _ in }, "no payload")
        var notAnEnum = 3
        #expect(!withUnsafePointerToEnumCase(of: &notAnEnum) { _, _, _ in })
    }

    struct Watched: Rule, ObservedAttribute {
        let destroyed: UnsafeMutablePointer<Int>
        var value: Int { 1 }
        mutating func destroy() { destroyed.pointee += 1 }
    }

    @Test func anObservedAttributeIsToldWhenItIsDestroyed() {
        let test = TestGraph()
        let child = Subgraph(graph: test.graph)
        test.root.addChild(child)
        var destroyed = 0
        withUnsafeMutablePointer(to: &destroyed) { counter in
            _ = child.apply { Attribute(Watched(destroyed: counter)).value }
            #expect(counter.pointee == 0)
            child.invalidate()
            #expect(counter.pointee == 1)
        }
    }

    struct StackProbe: Rule {
        let seen: UnsafeMutablePointer<String>
        var value: Int {
            seen.pointee = Graph.stackDescription(maxFrames: 8)
            return 1
        }
    }

    @Test func descriptionEntryPoints() throws {
        let graph = Graph()
        let root = Subgraph(graph: graph)
        #expect(Graph.description(graph, options: NSDictionary()) == nil, "no format, no description")
        var seen = ""
        let attribute = withUnsafeMutablePointer(to: &seen) { pointer in
            root.apply { Attribute(StackProbe(seen: pointer)) }
        }
        _ = attribute.value
        #expect(seen == "  #0: \(attribute.identifier.rawValue) StackProbe -> Int\n")
        #expect(Graph.stackDescription(maxFrames: 8) == "", "nothing is updating")
        let dot = graph.graphvizDescription(includeValues: true)
        #expect(dot.hasPrefix("digraph {\n") && dot.contains("→ 1"))
        let dictionary = try #require(
            Graph.description(graph, options: [DescriptionOption.format: Graph.descriptionFormatDictionary] as NSDictionary)
                as? [String: Any])
        let counters = try #require(dictionary["counters"] as? [String: Any])
        #expect(counters["bytes"] as? Int == 64 && counters["max_bytes"] as? Int == 64)
        let graphCounters = try #require((dictionary["graphs"] as? [[String: Any]])?.first?["counters"] as? [String: Any])
        #expect(graphCounters["max_nodes"] as? Int == 1 && graphCounters["max_subgraphs"] as? Int == 1)
    }
}
