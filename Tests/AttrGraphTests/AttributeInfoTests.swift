import AttrGraph
import Foundation
import Testing

/// `AnyAttribute.info` and `internAttributeType` as AttributeGraph's C-level API shows them: a
/// type record per attribute type (body and value types, flags with the comparison mode, the
/// value's layout, the body's conformance) and records code interns itself.
@Suite struct AttributeInfoTests {
    struct Doubled: Rule {
        let source: Attribute<Int>
        var value: Int { source.value * 2 }
    }

    @Test func anInputsRecordNamesItsBodyValueFlagsLayoutAndConformance() {
        let graph = Graph()
        Subgraph(graph: graph).apply {
            let input = Attribute(value: 1)
            let info = input.identifier.info
            let type = info.type.pointee
            #expect(type.self_id == Metadata(input.identifier._bodyType))
            #expect(type.value_id == Metadata(Int.self))
            #expect(type.flags.contains(.external))
            let mode = ComparisonMode(rawValue: UInt8(type.flags.intersection(.comparisonModeMask).rawValue))!
            #expect(type.value_layout == prefetchCompareValues(
                type: Metadata(Int.self), options: ComparisonOptions(mode: mode).union(.fetchLayoutsSynchronously), priority: 0))
            #expect(type.body_conformance.type_id == type.self_id)
            #expect(info.body == input.identifier._bodyPointer)
            // One record per type: another input of the same type points at the same record.
            #expect(Attribute(value: 2).identifier.info.type == info.type)
            #expect(Attribute(value: "text").identifier.info.type != info.type)
        }
    }

    @Test func aRulesRecordHasItsRuleTypeAndTheRulesComparisonMode() {
        let graph = Graph()
        Subgraph(graph: graph).apply {
            let rule = Attribute(Doubled(source: Attribute(value: 3)))
            let type = rule.identifier.info.type.pointee
            #expect(type.self_id == Metadata(Doubled.self))
            #expect(type.value_id == Metadata(Int.self))
            #expect(!type.flags.contains(.external))
            #expect(type.flags.intersection(.comparisonModeMask) == .comparisonModeEquatableUnlessPOD)
            let witnesses = unsafeBitCast(Doubled.self as any _AttributeBody.Type, to: (Metadata, UnsafeRawPointer).self)
            #expect(type.body_conformance.witness_table == witnesses.1)
            #expect(rule.identifier.info.body.assumingMemoryBound(to: Doubled.self).pointee.source.value == 3)
        }
    }

    final class Destroyed: @unchecked Sendable {
        var records: [UnsafeMutablePointer<_AttributeType>] = []
    }
    nonisolated(unsafe) static var destroyed = Destroyed()

    static func makeRecord<Value>(value: Value.Type, made: inout Int) -> UnsafePointer<_AttributeType> {
        made += 1
        let vtable = UnsafeMutablePointer<_AttributeVTable>.allocate(capacity: 1)
        vtable.initialize(to: _AttributeVTable())
        vtable.pointee.type_destroy = { record in AttributeInfoTests.destroyed.records.append(record) }
        let record = UnsafeMutablePointer<_AttributeType>.allocate(capacity: 1)
        record.pointee.self_id = Metadata(External<Value>.self)
        record.pointee.value_id = Metadata(Value.self)
        record.pointee.flags = .comparisonModeEquatableAlways
        record.pointee.vtable = UnsafePointer(vtable)
        return UnsafePointer(record)
    }

    @Test func internedRecordsAreNumberedFromOneKeptPerBodyFilledInAndDestroyedWithTheGraph() {
        var made = 0
        Self.destroyed.records = []
        var graph: Graph? = Graph()
        // The context is unowned (as AttributeGraph's): the graph is kept alive while it is used.
        withExtendedLifetime(graph) {
            let context = graph!.graphContext
            let int = internAttributeType(ctx: context, body: Metadata(External<Int>.self)) {
                Self.makeRecord(value: Int.self, made: &made)
            }
            let string = internAttributeType(ctx: context, body: Metadata(External<String>.self)) {
                Self.makeRecord(value: String.self, made: &made)
            }
            let again = internAttributeType(ctx: context, body: Metadata(External<Int>.self)) {
                Self.makeRecord(value: Int.self, made: &made)
            }
            #expect((int, string, again) == (1, 2, 1))
            #expect(made == 2, "a body type's record is made once")
            #expect(Self.destroyed.records.isEmpty, "nothing is destroyed while the graph is there")
        }
        graph = nil
        #expect(Self.destroyed.records.count == 2, "type_destroy runs for each record when the graph goes")
        let first = Self.destroyed.records.first { $0.pointee.value_id == Metadata(Int.self) }
        #expect(first?.pointee.value_layout == prefetchCompareValues(
            type: Metadata(Int.self), options: [.comparisonModeEquatableAlways, .fetchLayoutsSynchronously], priority: 0))
        #expect(first?.pointee.internal_offset == 0)
        for record in Self.destroyed.records {
            UnsafeMutablePointer(mutating: record.pointee.vtable).deallocate()
            record.deallocate()
        }
    }

    @Test func anIndirectAttributeHasNoRecordAndSaysSo() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let graph = Graph()
            Subgraph(graph: graph).apply {
                let alias = IndirectAttribute(source: Attribute(value: 1))
                _ = alias.identifier.info
            }
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("an indirect attribute"), "\(stderr)")
    }
}
