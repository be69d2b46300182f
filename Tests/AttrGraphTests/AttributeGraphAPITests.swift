import AttrGraph
import AttrGraphTestSupport
import Foundation
import Testing

/// The smaller parts of AttributeGraph's Swift surface, used as AttributeGraph code uses them.
@Suite struct AttributeGraphAPITests {
    struct Triple {
        var first: Int8
        var second: Int
        var third: String
    }

    struct Pair<A, B> {
        var a: A
        var b: B
    }

    // MARK: PointerOffset

    @Test func offsetsComeFromProjectingAMemberOfTheInvalidPointer() {
        let second = PointerOffset<Triple, Int>.offset { .of(&$0.second) }
        let third = PointerOffset<Triple, String>.offset { .of(&$0.third) }
        #expect(second.byteOffset == 8)
        #expect(third.byteOffset == 16)
        #expect(PointerOffset<Triple, Int8>.offset { .of(&$0.first) }.byteOffset == 0)
        // AttributeGraph 2024's invalid base address; never dereferenced.
        #expect(Int(bitPattern: PointerOffset<Triple, Int>.invalidScenePointer()) == 1)
        #expect(PointerOffset<Triple, Triple>().byteOffset == 0)
    }

    @Test func offsetsChainAndApplyToPointers() {
        let outer = PointerOffset<Pair<Int, Triple>, Triple>.offset { .of(&$0.b) }
        let inner = PointerOffset<Triple, String>.offset { .of(&$0.third) }
        let chained: PointerOffset<Pair<Int, Triple>, String> = outer + inner
        #expect(chained.byteOffset == outer.byteOffset + 16)

        var pair = Pair(a: 1, b: Triple(first: 2, second: 3, third: "three"))
        withUnsafeMutablePointer(to: &pair) { pointer in
            #expect(UnsafePointer(pointer)[offset: chained] == "three")
            #expect((UnsafePointer(pointer) + chained).pointee == "three")
            pointer[offset: chained] = "drei"
            (pointer + outer).pointee.second = 30
        }
        #expect(pair.b.third == "drei" && pair.b.second == 30)
    }

    @Test func attributesProjectThroughOffsets() {
        let graph = TestGraph()
        graph {
            let triple = Attribute(value: Triple(first: 1, second: 2, third: "x"))
            let second = triple[offset: { .of(&$0.second) }]
            #expect(second.value == 2)
            triple.value.second = 5
            #expect(second.value == 5)
        }
    }

    // MARK: visitBody

    struct Doubler: Rule {
        let source: Attribute<Int>
        let label: String
        var value: Int { source.value * 2 }
    }

    struct LabelFinder: AttributeBodyVisitor {
        var label: String?
        var visitedType: Any.Type?
        mutating func visit<Body: _AttributeBody>(body: UnsafePointer<Body>) {
            visitedType = Body.self
            if let doubler = body.pointee as? Doubler { label = doubler.label }
        }
    }

    @Test func visitBodyHandsTheBodyAtItsType() {
        let graph = TestGraph()
        graph {
            let source = Attribute(value: 1)
            let doubled = Attribute(Doubler(source: source, label: "twice"))
            var finder = LabelFinder()
            doubled.identifier.visitBody(&finder)
            #expect(finder.label == "twice")
            #expect(finder.visitedType.map { ObjectIdentifier($0) } == ObjectIdentifier(Doubler.self))
            // An input's body is its External; an alias is followed to its source.
            var inputFinder = LabelFinder()
            source.visitBody(&inputFinder)
            #expect(inputFinder.label == nil && inputFinder.visitedType.map { ObjectIdentifier($0) } == ObjectIdentifier(External<Int>.self))
            let alias = IndirectAttribute(source: doubled)
            var aliasFinder = LabelFinder()
            alias.projectedValue.visitBody(&aliasFinder)
            #expect(aliasFinder.label == "twice")
            // Visiting brings nothing up to date.
            #expect(!doubled.identifier.hasValue)
        }
    }

    // MARK: Weak attributes, indirect attributes, children

    @Test func anyWeakAttributeFromAWeakAttribute() {
        let graph = TestGraph()
        graph {
            let value = Attribute(value: 3)
            let weak = WeakAttribute(value)
            let any = AnyWeakAttribute(weak)
            #expect(any.attribute == value.identifier)
            #expect(WeakAttribute<Int>(base: any).attribute == value)
            #expect(AnyWeakAttribute(WeakAttribute<Int>()).attribute == nil)
        }
    }

    @Test func aFreshIndirectAttributeDependsOnAttributeZero() {
        let graph = TestGraph()
        graph {
            let source = Attribute(value: 1)
            let alias = IndirectAttribute(source: source)
            #expect(alias.dependency == AnyAttribute(rawValue: 0))
            let other = Attribute(value: 2)
            alias.dependency = other.identifier
            #expect(alias.dependency == other.identifier)
        }
    }

    @Test func childAtTakesAnIntTagPointerOrNone() {
        let graph = Graph()
        let parent = Subgraph(graph: graph)
        let first = Subgraph(graph: graph)
        let second = Subgraph(graph: graph)
        parent.addChild(first, tag: 2)
        parent.addChild(second)
        var tag = -1
        #expect(parent.child(at: 0, tag: &tag) == first && tag == 2)
        #expect(parent.child(at: 1, tag: &tag) == second && tag == 0)
        #expect(parent.child(at: 1, tag: nil) == second)
    }

    // MARK: Versions and ids

    @Test func versionConstantsAreAttributeGraphs() {
        #expect(AGVersion == 0x2001e)
        #expect(ATTRIBUTEGRAPH_RELEASE_2021 == 2021)
        #expect(ATTRIBUTEGRAPH_RELEASE_2024 == 2024)
        #expect(ATTRIBUTEGRAPH_RELEASE == ATTRIBUTEGRAPH_RELEASE_2024)
    }

    @Test func valueOptionsSpellTheInputOptionsAsAttributeGraphDoes() {
        #expect(ValueOptions.inputOptionsUnprefetched == .unprefetched)
        #expect(ValueOptions.inputOptionsSyncMainRef == .syncMainRef)
        #expect(ValueOptions.inputOptionsMask == [.inputOptionsUnprefetched, .inputOptionsSyncMainRef])
        #expect(ValueOptions.inputOptionsUnprefetched.rawValue == InputOptions.unprefetched.rawValue)
    }

    @Test func uniqueIDsCountUpByOne() {
        // Other tests may take ids in between on other threads: check on one thread, in a row,
        // and that ids from many threads never repeat.
        let ids = (0..<1000).map { _ in makeUniqueID() }
        #expect(Set(ids).count == ids.count)
        #expect(zip(ids, ids.dropFirst()).allSatisfy { $1 > $0 })
        let first = makeUniqueID()
        let second = makeUniqueID()
        #expect(second >= first + 1)
        let batches = (0..<8).map { _ in IDBatch() }
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            batches[index].ids = (0..<500).map { _ in makeUniqueID() }
        }
        #expect(Set(batches.flatMap(\.ids)).count == 4000)
    }

    // MARK: Tracing API

    @Test func tracingIsSwitchedPerGraphOrForAll() {
        let first = Graph()
        let second = Graph()
        #expect(first.traceOptions.isEmpty)
        Graph.startTracing(first, options: [.full])
        #expect(first.traceOptions == [.enabled, .full])
        #expect(second.traceOptions.isEmpty)
        Graph.stopTracing(first)
        #expect(first.traceOptions.isEmpty)
        #expect(Graph.TraceOptions.enabled.rawValue == 1)
    }

    // MARK: Descriptions as dictionaries

    @Test func dictionaryDescriptionsCastAsOnDarwin() throws {
        let graph = TestGraph()
        try graph {
            let input = Attribute(value: 1)
            let doubled = Attribute(Doubler(source: input, label: "d"))
            _ = doubled.value
            // As in AttributeGraph: without a graph, only `all_graphs` lists any.
            let none = try #require(Graph.description(nil, options: [DescriptionOption.format: Graph.descriptionFormatDictionary] as NSDictionary))
            #expect((none as? [String: Any])?["graphs"] as? [Any] != nil)
            #expect(((none as? [String: Any])?["graphs"] as? [Any])?.isEmpty == true)
            let options = [DescriptionOption.format: Graph.descriptionFormatDictionary] as NSDictionary
            let description = try #require(Graph.description(graph.graph, options: options))
            let dictionary = try #require(description as? [String: AnyHashable])
            #expect(dictionary["version"] as? UInt32 == 2)
            let graphs = try #require(dictionary["graphs"] as? [AnyHashable])
            #expect(!graphs.isEmpty)
            let any = try #require(description as? [String: Any])
            let graphList = try #require(any["graphs"] as? [[String: Any]])
            let nodes = graphList.compactMap { $0["nodes"] as? [[String: Any]] }.flatMap { $0 }
            #expect(nodes.count >= 2)
        }
    }

    @Test func archiveJSONsResultMayBeIgnored() {
        let graph = TestGraph()
        graph {
            _ = Attribute(value: 1)
            let name = "attrgraph-discardable-\(getpid()).ag-json"
            graph.graph.archiveJSON(name: name)  // no warning: @discardableResult
            let path = FileManager.default.temporaryDirectory.appendingPathComponent(name).path
            #expect(FileManager.default.fileExists(atPath: path))
            try? FileManager.default.removeItem(atPath: path)
        }
    }
}

/// One thread's ids (each thread writes only its own batch).
private final class IDBatch: @unchecked Sendable {
    var ids: [UniqueID] = []
}

/// AttributeGraph's ids carry their kind in the two low bits — 0 direct, 1 indirect, 2 nil — and
/// code ported from it relies on that (`rawValue % 2 == 0` for a direct attribute).
@Suite struct AttributeIDKindTests {
    @Test func directIdsAreEvenIndirectOnesOddAndNilIsTwo() {
        let graph = TestGraph()
        graph {
            let input = Attribute(value: 1)
            let rule = Attribute(Map(input) { $0 + 1 })
            let alias = IndirectAttribute(source: input)
            let projection = Attribute(value: (1, "a"))[keyPath: \.1]
            #expect(input.identifier.rawValue & 3 == 0)
            #expect(rule.identifier.rawValue & 3 == 0)
            #expect(alias.identifier.rawValue & 3 == 1)
            #expect(projection.identifier.rawValue & 3 == 1)
            #expect(AnyAttribute.nil.rawValue == 2)
            // An id rebuilt from its number reads the same attribute.
            #expect(AnyAttribute(rawValue: alias.identifier.rawValue).unsafeCast(to: Int.self).value == 1)
            #expect(alias.identifier.source == input.identifier)
        }
    }
}
