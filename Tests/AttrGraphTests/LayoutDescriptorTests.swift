import AttrGraph
import AttrGraphTestSupport
import Foundation
import Testing

/// `prefetchCompareValues` returns AttributeGraph's layout descriptors: the bytes are checked
/// instruction by instruction for the kinds of type the format distinguishes.
@Suite struct LayoutDescriptorTests {
    static let modes: [ComparisonMode] = [.bitwise, .indirect, .equatableUnlessPOD, .equatableAlways]

    // MARK: Plain data and padding

    struct Celsius: Equatable {
        var degrees: Double
    }

    @Test func plainDataIsItsBytesUntilEquatableAlwaysCallsItsEquals() {
        for mode in [ComparisonMode.bitwise, .indirect, .equatableUnlessPOD] {
            #expect(descriptor(Celsius.self, mode) == trivial)
        }
        #expect(bytes(descriptor(Celsius.self, .equatableAlways)) == equals(Celsius.self) + end)
    }

    struct Padded {
        var flag: Bool  // 0
        var count: Int32  // 4 (3 bytes of padding before)
        var tag: UInt8  // 8
    }

    @Test func paddingBetweenFieldsIsSkippedAndAdjacentFieldsMerge() {
        // read 1, skip 3, read 5 (count and tag are adjacent).
        for mode in [ComparisonMode.bitwise, .indirect, .equatableUnlessPOD] {
            #expect(bytes(descriptor(Padded.self, mode)) == [0x80, 0x42, 0x84, 0x00])
        }
        // Each field its `==`, the padding still skipped.
        #expect(
            bytes(descriptor(Padded.self, .equatableAlways))
                == equals(Bool.self) + [0x42] + equals(Int32.self) + equals(UInt8.self) + end)
    }

    struct Long {
        var block: (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int)
        var flag: Int8  // 160
        var tail: Int  // 168
    }

    @Test func runsLongerThan128BytesAreSplit() {
        // 161 bytes: 128 (0xff) + 33 (0xa0); skip 7 (0x46); read 8 (0x87).
        #expect(bytes(descriptor(Long.self, .bitwise)) == [0xff, 0xa0, 0x46, 0x87, 0x00])
    }

    // MARK: Equatable fields and nested descriptors

    struct Labelled {
        var label: String
        var count: Int
    }

    @Test func nonPlainEquatableFieldsCallTheirEqualsFromEquatableUnlessPOD() {
        #expect(descriptor(Labelled.self, .bitwise) == trivial)
        #expect(descriptor(Labelled.self, .indirect) == trivial)
        // String's one-instruction descriptor is copied in place; Int (plain data) is its bytes.
        #expect(bytes(descriptor(Labelled.self, .equatableUnlessPOD)) == equals(String.self) + [0x87] + end)
        #expect(bytes(descriptor(Labelled.self, .equatableAlways)) == equals(String.self) + equals(Int.self) + end)
    }

    struct Wrapper {
        var text: String
    }

    @Test func aTypeThatIsOneNestedTypeHasThatTypesDescriptor() {
        let wrapper = descriptor(Wrapper.self, .equatableUnlessPOD)
        #expect(wrapper != nil && wrapper != trivial)
        #expect(wrapper == descriptor(String.self, .equatableUnlessPOD))
    }

    struct DeepHolder {
        var flag: Int8
        var deep: UInt16???  // offset 2, 5 bytes
    }

    struct ShallowHolder {
        var flag: Int8
        var deep: UInt16??  // offset 2, 4 bytes
    }

    @Test func descriptorsOf32BytesOrMoreAreReferencedShorterOnesCopied() {
        // UInt16?? (bitwise): an optional in an optional, 22 bytes: copied without its end byte.
        let shallow = descriptor(UInt16??.self, .bitwise)
        #expect(bytes(shallow) == enumStart(0, UInt16??.self) + enumStart(0, UInt16?.self) + [0x81, 0x16, 0x16, 0x00])
        #expect(bytes(descriptor(ShallowHolder.self, .bitwise)) == [0x80, 0x40] + bytes(shallow).dropLast() + end)
        // UInt16??? is 32 bytes: referenced, with its size as a LEB128 number.
        let deep = descriptor(UInt16???.self, .bitwise)
        #expect(bytes(deep).count == 32)
        #expect(bytes(descriptor(DeepHolder.self, .bitwise)) == [0x80, 0x40, 0x06] + word(deep) + [0x05, 0x00])
    }

    // MARK: Enums

    enum Many {
        case c0(Int), c1(Int), c2(Int), c3(Int), c4(Int), c5(Int), c6(Int), c7(Int), c8(Int), c9(Int), c10(Int)
        case none
    }

    @Test func enumCasesAreListedByTagAndTagsAbove8AreLEB128Numbers() {
        var expected = enumStart(0, Many.self) + [0x87]
        for tag in 1...8 { expected += [0x0d + UInt8(tag), 0x87] }
        expected += [0x0c, 0x09, 0x87, 0x0c, 0x0a, 0x87, 0x16, 0x00]
        #expect(bytes(descriptor(Many.self, .bitwise)) == expected)
    }

    enum Shape {
        case circle(Double)
        case label(String)
        case empty
    }

    @Test func enumPayloadsFollowTheirTypesDescriptors() {
        // Only payload cases are listed (`empty` compares by tag alone).
        #expect(bytes(descriptor(Shape.self, .bitwise)) == enumStart(0, Shape.self) + [0x87, 0x0e, 0x8f, 0x16, 0x00])
        #expect(
            bytes(descriptor(Shape.self, .equatableUnlessPOD))
                == enumStart(0, Shape.self) + [0x87, 0x0e] + equals(String.self) + [0x16, 0x00])
        #expect(
            bytes(descriptor(Shape.self, .equatableAlways))
                == enumStart(0, Shape.self) + equals(Double.self) + [0x0e] + equals(String.self) + [0x16, 0x00])
    }

    enum Direction { case north, south }

    @Test func enumsWithoutPayloadsHaveNoLayoutUnlessTheirEqualsApplies() {
        for mode in [ComparisonMode.bitwise, .indirect, .equatableUnlessPOD] {
            #expect(descriptor(Direction.self, mode) == nil)
        }
        #expect(bytes(descriptor(Direction.self, .equatableAlways)) == equals(Direction.self) + end)
    }

    indirect enum Expression {
        case number(Int)
        case sum(Expression, Expression)
    }

    @Test func indirectCasesAreTheirBoxInBitwiseAndTheirPayloadOtherwise() {
        #expect(
            bytes(descriptor(Expression.self, .bitwise)) == enumStart(0, Expression.self) + [0x87, 0x0e, 0x87, 0x16, 0x00])
        // Each payload's type, and a zero word AttributeGraph fills in when comparing.
        let indirect = enumStart(0, Expression.self) + [0x02] + word(Int.self) + zeroWord
            + [0x0e, 0x02] + word((Expression, Expression).self) + zeroWord + [0x16, 0x00]
        for mode in [ComparisonMode.indirect, .equatableUnlessPOD, .equatableAlways] {
            #expect(bytes(descriptor(Expression.self, mode)) == indirect)
        }
    }

    // MARK: Closures, existentials, references

    @Test func closuresAreTheirFunctionAndContextExceptInBitwise() {
        #expect(descriptor(((Int) -> Int).self, .bitwise) == nil)
        for mode in [ComparisonMode.indirect, .equatableUnlessPOD, .equatableAlways] {
            // read 8 (the function), capture-ref (the context).
            #expect(bytes(descriptor(((Int) -> Int).self, mode)) == [0x87, 0x05, 0x00])
            // C function pointers have no context: no layout.
            #expect(descriptor((@convention(c) (Int) -> Int).self, mode) == nil)
        }
    }

    @Test func existentialsAreDynamicTypeAndValueExceptBitwise() {
        #expect(descriptor((any CustomStringConvertible).self, .bitwise) == nil)
        for mode in [ComparisonMode.indirect, .equatableUnlessPOD, .equatableAlways] {
            #expect(
                bytes(descriptor((any CustomStringConvertible).self, mode))
                    == [0x03] + word((any CustomStringConvertible).self) + end)
        }
        // A class-bound existential is its reference in `indirect` mode too.
        #expect(descriptor(AnyObject.self, .indirect) == nil)
        #expect(bytes(descriptor(AnyObject.self, .equatableUnlessPOD)) == [0x03] + word(AnyObject.self) + end)
    }

    final class Node: Equatable {
        let id: Int
        init(id: Int) { self.id = id }
        static func == (lhs: Node, rhs: Node) -> Bool { lhs.id == rhs.id }
    }

    struct Links {
        weak var parent: Node?
        unowned var owner: Node
        var next: Node
    }

    @Test func weakAndUnownedReferencesAreBytesStrongOnesFollowTheirType() {
        // parent and owner: 16 bytes; next: Node's `==` (a class is not plain data).
        #expect(bytes(descriptor(Links.self, .equatableUnlessPOD)) == [0x8f] + equals(Node.self) + end)
        #expect(descriptor(Links.self, .indirect) == trivial)
        #expect(descriptor(Node.self, .indirect) == nil)
    }

    struct Empty {}

    @Test func typesWithoutLayoutAreNil() {
        for mode in Self.modes {
            #expect(descriptor(Empty.self, mode) == nil)
            if mode != .equatableAlways { #expect(descriptor(Never.self, mode) == nil) }
        }
        #expect(bytes(descriptor(Never.self, .equatableAlways)) == equals(Never.self) + end)
        #expect(descriptor(Void.self, .bitwise) == trivial)
    }

    /// Decides itself (AttrGraph's `_ComparisonOverride`, for DeclarativeViews' property
    /// wrappers): equal when the `id`s are, whatever `payload` holds.
    struct Handle: _ComparisonOverride {
        var id: Int
        var payload: String
        static func _isSameValue(_ lhs: UnsafePointer<Self>, _ rhs: UnsafePointer<Self>) -> Bool {
            lhs.pointee.id == rhs.pointee.id
        }
    }

    @Test func ownComparisonsAreEqualsInstructionsInEveryModeButBitwise() {
        let overrideWitness = withUnsafeBytes(of: Handle.self as any _ComparisonOverride.Type) { Array($0) }
        for mode in [ComparisonMode.indirect, .equatableUnlessPOD, .equatableAlways] {
            #expect(bytes(descriptor(Handle.self, mode)) == [0x01] + overrideWitness + end)
            #expect(compareValues(Handle(id: 1, payload: "a"), Handle(id: 1, payload: "b"), mode: mode))
        }
        // Bitwise: the fields (a String's bytes differ).
        #expect(descriptor(Handle.self, .bitwise) == trivial)
        #expect(!compareValues(Handle(id: 1, payload: "a"), Handle(id: 1, payload: "b"), mode: .bitwise))
    }

    // MARK: Identity, printing

    @Test func eachTypeAndModeHasOneDescriptorForTheProcess() {
        let first = descriptor(Shape.self, .equatableUnlessPOD)
        #expect(descriptor(Shape.self, .equatableUnlessPOD) == first)
        #expect(descriptor(Shape.self, .equatableAlways) != first)
        #expect(trivial == UnsafePointer(bitPattern: 1))
        // The options' other flags do not change the descriptor.
        let traced = prefetchCompareValues(
            type: Metadata(Shape.self), options: [.comparisonModeEquatableUnlessPOD, .traceCompareFailed, .copyOnWrite],
            priority: 7)
        #expect(traced == first)
    }

    @Test func printedDescriptorsFollowAttributeGraphsFormat() {
        let captured = DiagnosticSink.Capture()
        let cache = _LayoutDescriptorCache(asynchronous: false, printing: true, report: captured.sink)
        _ = cache.fetch(String.self, mode: .equatableUnlessPOD, synchronously: true)
        let shape = cache.fetch(Shape.self, mode: .equatableUnlessPOD, synchronously: true).descriptor!
        let string = cache.fetch(String.self, mode: .equatableUnlessPOD, synchronously: true).descriptor!
        #expect(
            captured.text == """
                == String, 16 bytes ==
                (layout #:length 18 #:address \(address(string))
                   (== #:size 16 #:type String))
                == Shape, 17 bytes ==
                (layout #:length 30 #:address \(address(shape))
                   (enum #:size 17 #:type Shape
                     (case 0
                       (read 8))
                     (case 1
                       (== #:size 16 #:type String))))

                """)
        // Trivial and missing layouts are not printed.
        _ = cache.fetch(Int.self, mode: .bitwise, synchronously: true)
        _ = cache.fetch(Empty.self, mode: .bitwise, synchronously: true)
        #expect(captured.text.components(separatedBy: "==\n").count == 3)
    }

    /// The path Compute's layout-descriptor suite checks end to end: `AG_PRINT_LAYOUTS=1` in the
    /// process's environment writes each descriptor to standard error when it is built, once, with
    /// the address `prefetchCompareValues` returns; a trivial layout prints nothing.
    @Test func printLayoutsInTheEnvironmentWritesEachBuiltDescriptorToStandardErrorOnce() async throws {
        let result = await #expect(
            processExitsWith: .success, observing: [\.standardOutputContent, \.standardErrorContent]
        ) {
            setenv("AG_ASYNC_LAYOUTS", "0", 1)
            setenv("AG_PRINT_LAYOUTS", "1", 1)
            let layout = prefetchCompareValues(
                type: Metadata(Int.self), options: .comparisonModeEquatableAlways, priority: 0)
            let again = prefetchCompareValues(
                type: Metadata(Int.self), options: .comparisonModeEquatableAlways, priority: 0)
            let trivial = prefetchCompareValues(type: Metadata(Int.self), options: .comparisonModeBitwise, priority: 0)
            guard let layout, again == layout, trivial == UnsafePointer(bitPattern: 1) else { exit(2) }
            print("layout-address 0x" + String(UInt(bitPattern: layout), radix: 16))
        }
        let output = String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
        let errors = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        let line = output.split(separator: "\n").first { $0.hasPrefix("layout-address ") }
        let address = try #require(line?.dropFirst("layout-address ".count))
        #expect(
            errors.contains(
                """
                == Int, 8 bytes ==
                (layout #:length 18 #:address \(address)
                   (== #:size 8 #:type Int))

                """))
        // Printed when built, not when fetched again; the trivial bitwise layout is not printed.
        #expect(errors.components(separatedBy: "bytes ==").count == 2)
    }

    // MARK: Building in the background

    @Test func inTheBackgroundModeAQueuedTypeIsNotReadyUntilBuilt() {
        let cache = _LayoutDescriptorCache(asynchronous: true, printing: false)
        let first = cache.fetch(Labelled.self, mode: .equatableUnlessPOD, synchronously: false, priority: 3)
        #expect(first.descriptor == nil && !first.isReady)
        cache.waitForBackgroundBuilds()
        let built = cache.fetch(Labelled.self, mode: .equatableUnlessPOD, synchronously: false)
        #expect(built.isReady)
        #expect(bytes(built.descriptor) == bytes(descriptor(Labelled.self, .equatableUnlessPOD)))
        // Types already built answer at once, in the background mode too.
        #expect(cache.fetch(Labelled.self, mode: .equatableUnlessPOD, synchronously: false).descriptor == built.descriptor)
    }

    @Test func fetchingSynchronouslyBuildsAQueuedTypeAtOnceAndKeepsItsAddress() {
        let cache = _LayoutDescriptorCache(asynchronous: true, printing: false)
        _ = cache.fetch(Shape.self, mode: .equatableAlways, synchronously: false)
        let now = cache.fetch(Shape.self, mode: .equatableAlways, synchronously: true)
        #expect(now.isReady && now.descriptor != nil)
        cache.waitForBackgroundBuilds()
        #expect(cache.fetch(Shape.self, mode: .equatableAlways, synchronously: false).descriptor == now.descriptor)
    }

    @Test func withAsyncLayoutsCompareValuesComparesBytesUntilTheLayoutIsBuilt() async {
        await #expect(processExitsWith: .success) {
            setenv("AG_ASYNC_LAYOUTS", "1", 1)
            let a = Tagged(name: "a", noise: 1), b = Tagged(name: "a", noise: 2)
            // Not built yet: the bytes differ (noise), so "not equal". The build is queued; whether
            // it has finished by the next line is up to the background queue (nil until then).
            #expect(!compareValues(a, b, mode: .equatableUnlessPOD))
            let early = prefetchCompareValues(
                type: Metadata(Tagged.self), options: .comparisonModeEquatableUnlessPOD, priority: 0)
            _LayoutDescriptorCache.shared.waitForBackgroundBuilds()
            let built = prefetchCompareValues(
                type: Metadata(Tagged.self), options: .comparisonModeEquatableUnlessPOD, priority: 0)
            #expect(built != nil)
            #expect(early == nil || early == built)
            // Built: `==` decides.
            #expect(compareValues(a, b, mode: .equatableUnlessPOD))
            // fetchLayoutsSynchronously builds at once.
            #expect(compareValues(a, b, options: [.comparisonModeEquatableAlways, .fetchLayoutsSynchronously]))
            // The engine's cut-off never waits: its layouts are built when the attribute type is made.
            let graph = TestGraph()
            graph {
                let input = Attribute(value: Tagged(name: "x", noise: 0))
                #expect(!input.setValue(Tagged(name: "x", noise: 5)))
            }
        }
    }

    /// Not plain data; `==` ignores `noise`.
    struct Tagged: Equatable {
        var name: String
        var noise: Int
        static func == (lhs: Self, rhs: Self) -> Bool { lhs.name == rhs.name }
    }

    // MARK: Helpers

    var trivial: UnsafePointer<UInt8> { UnsafePointer(bitPattern: 1)! }
    let end: [UInt8] = [0x00]
    let zeroWord = [UInt8](repeating: 0, count: MemoryLayout<UInt>.size)

    func descriptor(_ type: Any.Type, _ mode: ComparisonMode) -> UnsafePointer<UInt8>? {
        prefetchCompareValues(
            type: Metadata(type), options: [ComparisonOptions(mode: mode), .fetchLayoutsSynchronously], priority: 0)
    }

    /// A descriptor's bytes, its end byte included (empty for `nil` and trivial).
    func bytes(_ descriptor: UnsafePointer<UInt8>?) -> [UInt8] {
        guard let descriptor, descriptor != trivial else { return [] }
        return Array(UnsafeBufferPointer(start: descriptor, count: _LayoutDescriptor.length(descriptor)))
    }

    func word(_ pointer: UnsafeRawPointer?) -> [UInt8] {
        withUnsafeBytes(of: pointer) { Array($0) }
    }

    func word(_ type: Any.Type) -> [UInt8] {
        word(UnsafeRawPointer(Metadata(type).rawValue))
    }

    func word(_ descriptor: UnsafePointer<UInt8>?) -> [UInt8] {
        word(UnsafeRawPointer(descriptor))
    }

    /// `0x01`, the type, its `Equatable` witness table.
    func equals(_ type: any Equatable.Type) -> [UInt8] {
        [0x01] + withUnsafeBytes(of: type as any Equatable.Type) { Array($0) }
    }

    /// The first listed case of an enum: `0x09 + tag` and the enum's type.
    func enumStart(_ tag: UInt8, _ type: Any.Type) -> [UInt8] {
        [0x09 + tag] + word(type)
    }

    func address(_ pointer: UnsafePointer<UInt8>) -> String {
        "0x" + String(UInt(bitPattern: pointer), radix: 16)
    }
}
