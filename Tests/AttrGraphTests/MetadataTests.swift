import AttrGraph
import Testing

/// `Metadata`, `forEachField` and the enum functions, by kind of type, as AttributeGraph reports them.
@Suite struct MetadataTests {
    struct Point { var x: Double; var y: Double }
    struct Mixed { var flag: Bool; var count: Int; var name: String }
    final class Node { var value = 1; var label = "a" }
    class Base { var first: Int8 = 0 }
    final class Derived: Base { var second: Int = 0 }
    enum Direction { case north, south }
    enum Shape { case circle(radius: Double), square(Int), empty }
    indirect enum List { case cons(Int, List), end }
    struct Outer { struct Inner {} }
    struct Box<T> { var item: T }
    protocol Drawable {}
    protocol Identified: AnyObject {}

    @Test(arguments: [
        (Point.self as Any.Type, Metadata.Kind.struct),
        (Box<Int>.self, .struct),
        (Node.self, .class),
        (Direction.self, .enum),
        (Shape.self, .enum),
        (List.self, .enum),
        (Int?.self, .optional),
        (Node?.self, .optional),
        ((Int, String).self, .tuple),
        (Void.self, .tuple),
        (((Int) -> String).self, .function),
        ((@Sendable () -> Void).self, .function),
        (Any.self, .existential),
        ((any Drawable).self, .existential),
        ((any Identified).self, .existential),
        (AnyObject.self, .existential),
        (Int.Type.self, .metatype),
        ((any Drawable.Type).self, .metatype),
    ])
    func kindFollowsAttributeGraphsCases(type: Any.Type, kind: Metadata.Kind) {
        #expect(Metadata(type).kind == kind, "\(type)")
    }

    @Test func kindRawValuesAreAttributeGraphs() {
        let kinds: [Metadata.Kind] = [.none, .class, .struct, .enum, .optional, .tuple, .function, .existential, .metatype]
        #expect(kinds.map(\.rawValue) == Array(0...8))
    }

    @Test(arguments: [
        (Point.self as Any.Type, "MetadataTests.Point"),
        (Outer.Inner.self, "MetadataTests.Outer.Inner"),
        (Box<String>.self, "MetadataTests.Box<String>"),
        (Int?.self, "Optional<Int>"),
        ((Int, String).self, "(Int, String)"),
        (((String) -> Int).self, "(String) -> Int"),
        ([Int].self, "Array<Int>"),
    ])
    func descriptionNamesTheTypeWithoutModules(type: Any.Type, name: String) {
        #expect(Metadata(type).description == name)
    }

    @Test func metadataIsTheTypesIdentity() {
        #expect(Metadata(Point.self) == Metadata(Point.self))
        #expect(Metadata(Point.self) != Metadata(Mixed.self))
        #expect(Metadata(Box<Int>.self) != Metadata(Box<String>.self))
        #expect(same(Metadata(Point.self).type, Point.self))
        let roundTrip = Metadata(rawValue: Metadata(Shape.self).rawValue)
        #expect(same(roundTrip.type, Shape.self))
        #expect(Set([Metadata(Int.self), Metadata(Int.self), Metadata(String.self)]).count == 2)
    }

    @Test func descriptorsOfNominalTypes() {
        // Generic instances share their descriptor; the name is the declared one.
        #expect(Metadata(Box<Int>.self).nominalDescriptor == Metadata(Box<String>.self).nominalDescriptor)
        #expect(Metadata(Point.self).nominalDescriptor != Metadata(Mixed.self).nominalDescriptor)
        #expect(Metadata(Box<Int>.self).nominalDescriptorName.map { String(cString: $0) } == "Box")
        #expect(Metadata(Int?.self).nominalDescriptorName.map { String(cString: $0) } == "Optional")
        #expect(Metadata(Shape.self).nominalDescriptorName.map { String(cString: $0) } == "Shape")
        // Classes have a descriptor but no nominal (value type) descriptor.
        #expect(Metadata(Node.self).descriptor != nil)
        #expect(Metadata(Node.self).nominalDescriptor == nil)
        for structural in [(Int, Int).self as Any.Type, ((Int) -> Int).self, Any.self, Int.Type.self] {
            #expect(Metadata(structural).descriptor == nil)
            #expect(Metadata(structural).nominalDescriptorName == nil)
        }
    }

    @Test func signaturesIdentifyNominalTypes() {
        let zero = Signature()
        #expect(Metadata(Point.self).signature == Metadata(Point.self).signature)
        #expect(Metadata(Point.self).signature != Metadata(Mixed.self).signature)
        #expect(Metadata(Box<Int>.self).signature != Metadata(Box<String>.self).signature)
        #expect(Metadata(Point.self).signature != zero)
        #expect(Metadata((Int, Int).self).signature == zero)
        #expect(Metadata(((Int) -> Int).self).signature == zero)
    }

    // MARK: Fields

    private func fields(of type: Any.Type, options: Metadata.ApplyOptions = []) -> (complete: Bool, [String]) {
        var names: [String] = []
        let complete = Metadata(type).forEachField(options: options) { name, offset, fieldType in
            names.append("\(String(cString: name))@\(offset):\(fieldType)")
            return true
        }
        return (complete, names)
    }

    @Test func structFieldsWithOffsetsAndTypes() {
        let point = fields(of: Point.self)
        #expect(point.complete && point.1 == ["x@0:Double", "y@8:Double"])
        let mixed = fields(of: Mixed.self)
        #expect(mixed.complete && mixed.1 == ["flag@0:Bool", "count@8:Int", "name@16:String"])
        #expect(fields(of: Box<String>.self).1 == ["item@0:String"])
    }

    @Test func classFieldsNeedTheClassOptionAndIncludeSuperclasses() {
        #expect(fields(of: Node.self) == (false, []))
        let node = fields(of: Node.self, options: .enumerateClassFields)
        #expect(node.complete && node.1 == ["value@16:Int", "label@24:String"])
        let derived = fields(of: Derived.self, options: .enumerateClassFields)
        #expect(derived.complete && derived.1 == ["first@16:Int8", "second@24:Int"])
        // And a struct is not enumerated as a class.
        #expect(fields(of: Point.self, options: .enumerateClassFields) == (false, []))
    }

    @Test func enumCasesWithPayloadsNeedTheEnumOption() {
        #expect(fields(of: Shape.self) == (false, []))
        let shape = fields(of: Shape.self, options: .enumerateEnumCases)
        #expect(shape.complete && shape.1 == ["circle@0:(radius: Double)", "square@1:Int"], "\(shape)")
        let optional = fields(of: String?.self, options: .enumerateEnumCases)
        #expect(optional.complete && optional.1 == ["some@0:String"])
        // No payload cases: nothing to enumerate.
        #expect(fields(of: Direction.self, options: .enumerateEnumCases) == (false, []))
    }

    @Test func otherKindsHaveNoFields() {
        for type in [(Int, String).self as Any.Type, ((Int) -> Int).self, Any.self, Int.Type.self] {
            #expect(fields(of: type) == (false, []))
        }
    }

    @Test func stoppingEarlyReturnsFalse() {
        var seen = 0
        let complete = Metadata(Mixed.self).forEachField(options: []) { _, _, _ in
            seen += 1
            return false
        }
        #expect(!complete && seen == 1)
    }

    @Test func globalForEachFieldListsStructFields() {
        var listed: [String] = []
        forEachField(of: Mixed.self) { name, offset, type in listed.append("\(String(cString: name)) \(offset) \(type)") }
        #expect(listed == ["flag 0 Bool", "count 8 Int", "name 16 String"])
        forEachField(of: Node.self) { _, _, _ in Issue.record("classes have no struct fields") }
    }

    // MARK: Enums

    @Test func enumTagsFollowCaseOrderPayloadCasesFirst() {
        let metadata = Metadata(Shape.self)
        for (value, tag) in [(Shape.circle(radius: 2), 0), (.square(3), 1), (.empty, 2)] as [(Shape, UInt32)] {
            withUnsafePointer(to: value) { #expect(metadata.enumTag($0) == tag) }
        }
        withUnsafePointer(to: Direction.south) { #expect(Metadata(Direction.self).enumTag($0) == 1) }
        withUnsafePointer(to: Int?.none) { #expect(Metadata(Int?.self).enumTag($0) == 1) }
        withUnsafePointer(to: Int?.some(4)) { #expect(Metadata(Int?.self).enumTag($0) == 0) }
    }

    @Test func projectingAndInjectingMovesBetweenCaseAndPayload() {
        let metadata = Metadata(Shape.self)
        var shape = Shape.square(42)
        withUnsafeMutablePointer(to: &shape) { pointer in
            metadata.projectEnumData(pointer)
            // The payload now lies at the start, as an Int.
            #expect(UnsafeRawPointer(pointer).load(as: Int.self) == 42)
            UnsafeMutableRawPointer(pointer).storeBytes(of: 7, as: Int.self)
            metadata.injectEnumTag(tag: 1, pointer)
        }
        guard case .square(7) = shape else {
            Issue.record("expected .square(7), got \(shape)")
            return
        }
        // A payload of another case: inject the circle's tag over a Double.
        withUnsafeMutablePointer(to: &shape) { pointer in
            metadata.projectEnumData(pointer)
            UnsafeMutableRawPointer(pointer).storeBytes(of: 1.5, as: Double.self)
            metadata.injectEnumTag(tag: 0, pointer)
        }
        guard case .circle(let radius) = shape, radius == 1.5 else {
            Issue.record("expected .circle(1.5), got \(shape)")
            return
        }
    }

    @Test func indirectCasesAreEnumsToo() {
        let list = List.cons(1, .cons(2, .end))
        withUnsafePointer(to: list) { #expect(Metadata(List.self).enumTag($0) == 0) }
        withUnsafePointer(to: List.end) { #expect(Metadata(List.self).enumTag($0) == 1) }
    }
}

/// `TupleType`, `UnsafeTuple`, `UnsafeMutableTuple` and `withUnsafeTuple`.
@Suite struct TupleTypeTests {
    @Test func aTupleTypeKnowsItsElements() {
        let tuple = TupleType([Int8.self, Int.self, String.self])
        #expect(tuple.count == 3 && !tuple.isEmpty && tuple.indices == 0..<3)
        #expect(same(tuple.type, (Int8, Int, String).self))
        #expect(same(tuple.type(at: 1), Int.self))
        #expect(tuple.elementType(at: 2) == Metadata(String.self))
        #expect((0..<3).map(tuple.elementOffset(at:)) == [0, 8, 16])
        #expect(tuple.elementSize(at: 0) == 1 && tuple.elementSize(at: 2) == MemoryLayout<String>.size)
        #expect(tuple.size == MemoryLayout<(Int8, Int, String)>.size)
        #expect(tuple.offset(at: 1, as: Int.self) == 8)
        #expect(TupleType((Int, Int).self) == TupleType([Int.self, Int.self]))
        // A one-element "tuple" is the element itself, as in Swift.
        #expect(same(TupleType([Double.self]).type, Double.self))
        #expect(TupleType([]).isEmpty && same(TupleType([]).type, Void.self))
    }

    @Test func elementsAreCopiedInAndOut() {
        let tuple = TupleType([Int.self, String.self])
        withUnsafeTuple(of: tuple, count: 1) { mutable in
            mutable.initialize(at: 0, to: 5)
            mutable.initialize(at: 1, to: "five")
            #expect(mutable[0] as Int == 5)
            #expect(mutable[1] as String == "five")
            mutable.address(of: 0, as: Int.self).pointee += 1
            var copy = ""
            tuple.getElement(in: mutable.value, at: 1, to: &copy, options: .initCopy)
            #expect(copy == "five")
            var replacement = "six"
            tuple.setElement(in: mutable.value, at: 1, from: &replacement, options: .assignCopy)
            let view = UnsafeTuple(type: tuple, value: UnsafeRawPointer(mutable.value))
            #expect(view[0] as Int == 6 && view[1] as String == "six")
            #expect(view.address(of: 1, as: String.self).pointee == "six")
            mutable.deinitialize()
        }
    }

    @Test func aWholeTupleIsReadAsItsSwiftType() {
        let tuple = TupleType((Int, Bool).self)
        let mutable = UnsafeMutableTuple(with: tuple)
        defer { mutable.deallocate(initialized: true) }
        mutable.initialize(at: 0, to: 3)
        mutable.initialize(at: 1, to: true)
        let whole: (Int, Bool) = mutable[]
        #expect(whole == (3, true))
        #expect(mutable.address(as: (Int, Bool).self).pointee.0 == 3)
    }

    @Test func destroyReleasesReferences() {
        final class Probe {}
        weak var released: Probe?
        let tuple = TupleType([Probe.self, Int.self])
        let mutable = UnsafeMutableTuple(with: tuple)
        do {
            let probe = Probe()
            released = probe
            mutable.initialize(at: 0, to: probe)
            mutable.initialize(at: 1, to: 0)
        }
        #expect(released != nil)
        mutable.deinitialize(at: 0)
        #expect(released == nil)
        mutable.deallocate(initialized: false)
    }
}

private func same(_ lhs: any Any.Type, _ rhs: any Any.Type) -> Bool {
    ObjectIdentifier(lhs) == ObjectIdentifier(rhs)
}
