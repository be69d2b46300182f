import AttrGraph
import AttrGraphTestSupport
import Testing

/// `compareValues` follows AttributeGraph's rules, and the engine's equality cut-off is the same rule.
@Suite struct CompareValuesTests {
    /// Plain data whose `==` ignores `noise`: bytes and `==` disagree.
    struct PODParity: Equatable {
        var number: Int
        var noise: Int
        static func == (lhs: Self, rhs: Self) -> Bool { lhs.number % 2 == rhs.number % 2 }
    }

    /// Not plain data (holds a String); `==` ignores `noise`.
    struct Named: Equatable {
        var name: String
        var noise: Int
        static func == (lhs: Self, rhs: Self) -> Bool { lhs.name == rhs.name }
    }

    /// Not plain data, not Equatable: compared field by field.
    struct Plain {
        var name: String
        var count: Int
    }

    final class Reference {}

    struct Holder {
        var reference: Reference
    }

    // The mode × kind-of-type table: (mode, equal by `==`/fields but different bytes?)
    @Test(arguments: [
        (ComparisonMode.bitwise, false),
        (.indirect, false),
        (.equatableUnlessPOD, false),
        (.equatableAlways, true),
    ])
    func plainDataUsesEqualsOnlyWhenEquatableAlways(mode: ComparisonMode, usesEquals: Bool) {
        let a = PODParity(number: 2, noise: 1), b = PODParity(number: 4, noise: 9)
        #expect(compareValues(a, b, mode: mode) == usesEquals)
        #expect(compareValues(a, a, mode: mode))
        #expect(!compareValues(a, PODParity(number: 3, noise: 1), mode: mode))
    }

    @Test(arguments: [
        (ComparisonMode.bitwise, false),
        // AttributeGraph uses `==` for a non-POD type from `equatableUnlessPOD` up; `indirect`
        // (1) is below it, so the fields decide (the noise differs).
        (.indirect, false),
        (.equatableUnlessPOD, true),
        (.equatableAlways, true),
    ])
    func nonPlainEquatableUsesEqualsInTheEquatableModes(mode: ComparisonMode, usesEquals: Bool) {
        let a = Named(name: "a", noise: 1), b = Named(name: "a", noise: 2)
        #expect(compareValues(a, b, mode: mode) == usesEquals)
        #expect(!compareValues(a, Named(name: "b", noise: 1), mode: mode))
    }

    @Test(arguments: [ComparisonMode.equatableUnlessPOD, .equatableAlways])
    func nonEquatableStructsCompareFieldByField(mode: ComparisonMode) {
        // Equal strings in different storage: equal by value in every mode but bitwise.
        let long = String(repeating: "x", count: 40)
        let a = Plain(name: long, count: 1)
        let b = Plain(name: String(long.reversed()), count: 1)
        #expect(compareValues(a, b, mode: mode))
        #expect(!compareValues(a, Plain(name: long, count: 2), mode: mode))
        #expect(!compareValues(a, Plain(name: "y", count: 1), mode: mode))
    }

    @Test(arguments: [ComparisonMode.bitwise, .indirect])
    func belowTheEquatableModesStringsCompareByStorage(mode: ComparisonMode) {
        let long = String(repeating: "x", count: 40)
        let copy = String(long.reversed())
        #expect(!compareValues(Plain(name: long, count: 1), Plain(name: copy, count: 1), mode: mode))
        #expect(compareValues(Plain(name: long, count: 1), Plain(name: long, count: 1), mode: mode))
    }

    @Test func referencesCompareByIdentityInEveryMode() {
        let shared = Reference()
        for mode in [ComparisonMode.bitwise, .indirect, .equatableUnlessPOD, .equatableAlways] {
            #expect(compareValues(Holder(reference: shared), Holder(reference: shared), mode: mode))
            #expect(!compareValues(Holder(reference: shared), Holder(reference: Reference()), mode: mode))
        }
    }

    // MARK: Enums

    enum Payload { case text(String), number(Int), none }
    indirect enum Tree { case leaf(Int), node(Tree, Tree) }

    @Test func enumsCompareByCaseThenPayload() {
        let long = String(repeating: "z", count: 30)
        let copy = String(long.reversed())
        #expect(compareValues(Payload.text(long), .text(copy), mode: .equatableUnlessPOD))
        #expect(!compareValues(Payload.text("a"), .text("b"), mode: .equatableUnlessPOD))
        #expect(!compareValues(Payload.number(1), .none, mode: .equatableUnlessPOD))
        #expect(compareValues(Payload.none, .none, mode: .bitwise))
        #expect(compareValues(Payload.number(3), .number(3), mode: .bitwise))
        #expect(!compareValues(Payload.number(3), .number(4), mode: .bitwise))
        #expect(compareValues(Optional(Named(name: "n", noise: 1)), Optional(Named(name: "n", noise: 2)), mode: .equatableUnlessPOD))
        #expect(!compareValues(Optional<Named>.none, Optional(Named(name: "n", noise: 1)), mode: .equatableAlways))
    }

    @Test func indirectPayloadsByValueExceptBitwise() {
        let a = Tree.node(.leaf(1), .leaf(2))
        let b = Tree.node(.leaf(1), .leaf(2))
        #expect(compareValues(a, b, mode: .equatableUnlessPOD))
        #expect(compareValues(a, b, mode: .indirect))
        #expect(!compareValues(a, Tree.node(.leaf(1), .leaf(3)), mode: .equatableUnlessPOD))
        #expect(!compareValues(a, b, mode: .bitwise))  // two boxes
        #expect(compareValues(a, a, mode: .bitwise))  // one box
    }

    // MARK: Existentials, tuples, defaults

    @Test func existentialsCompareDynamicTypeThenValue() {
        #expect(compareValues(1 as Any, 1 as Any, mode: .equatableUnlessPOD))
        #expect(!compareValues(1 as Any, Int8(1) as Any, mode: .equatableUnlessPOD))
        #expect(!compareValues(1 as Any, 2 as Any, mode: .equatableUnlessPOD))
        let long = String(repeating: "q", count: 30)
        #expect(compareValues(long as Any, String(long.reversed()) as Any, mode: .equatableAlways))
    }

    @Test func tuplesCompareElementWise() {
        #expect(compareValues((1, "a"), (1, "a")))
        #expect(!compareValues((1, "a"), (2, "a")))
        #expect(compareValues((Named(name: "x", noise: 1), 2), (Named(name: "x", noise: 5), 2), mode: .equatableUnlessPOD))
    }

    @Test func defaultModeIsEquatableAlways() {
        #expect(compareValues(PODParity(number: 2, noise: 0), PODParity(number: 8, noise: 1)))
        #expect(compareValues(1.0, 1.0) && !compareValues(1.0, 2.0))
    }

    /// The standard library's scalars are compared without generic code in the `==` modes;
    /// the result is still `==`'s (floating point is not its bytes).
    @Test(arguments: [ComparisonMode.bitwise, .indirect, .equatableUnlessPOD, .equatableAlways])
    func scalarsCompareAsTheirEqualsSays(mode: ComparisonMode) {
        let usesEquals = mode == .equatableAlways
        #expect(compareValues(Double.nan, Double.nan, mode: mode) == !usesEquals)
        #expect(compareValues(0.0, -0.0, mode: mode) == usesEquals)
        #expect(compareValues(Float(0), -Float(0), mode: mode) == usesEquals)
        #expect(compareValues(Float.nan, Float.nan, mode: mode) == !usesEquals)
        #expect(compareValues(1.5, 1.5, mode: mode) && !compareValues(1.5, 2.5, mode: mode))
        #expect(compareValues(Int64.min, Int64.min, mode: mode) && !compareValues(UInt8(1), UInt8(2), mode: mode))
        #expect(compareValues(true, true, mode: mode) && !compareValues(true, false, mode: mode))
        // "é" precomposed and decomposed: equal strings, different bytes.
        let composed = "\u{E9}", decomposed = "e\u{301}"
        #expect(compareValues(composed, decomposed, mode: mode) == (mode != .bitwise && mode != .indirect))
        #expect(!compareValues("a", "b", mode: mode))
    }

    @Test func optionsCarryTheMode() {
        #expect(ComparisonOptions(mode: .equatableUnlessPOD).mode == .equatableUnlessPOD)
        #expect(ComparisonOptions.comparisonModeEquatableAlways.rawValue == 3)
        let a = PODParity(number: 2, noise: 0), b = PODParity(number: 4, noise: 1)
        #expect(compareValues(a, b, options: .comparisonModeEquatableAlways))
        #expect(!compareValues(a, b, options: [.comparisonModeEquatableUnlessPOD, .copyOnWrite]))
    }

    // MARK: The engine uses the same rule

    struct Echo<Value>: Rule {
        let source: Attribute<Value>
        var value: Value { source.value }
    }

    @Test func cutOffFollowsCompareValuesInTheRulesMode() {
        let graph = TestGraph()
        graph {
            let trace = Trace()
            // Named: non-POD Equatable, so `==` decides: a change of noise alone is cut off.
            let named = Attribute(value: Named(name: "a", noise: 0))
            let echo = Attribute(Echo(source: named))
            let reader = Attribute(Traced("reader", trace) { echo.value.name })
            _ = reader.value
            trace.take()
            named.value = Named(name: "a", noise: 1)
            _ = reader.value
            #expect(trace.take() == [])
            named.value = Named(name: "b", noise: 1)
            _ = reader.value
            #expect(trace.take() == ["reader"])

            // PODParity from a rule (equatableUnlessPOD): plain data, so bytes decide: 2 → 4 is a change.
            let number = Attribute(value: 2)
            let parity = Attribute(Traced("parity", trace) { PODParity(number: number.value, noise: 0) })
            let parityReader = Attribute(Traced("reader", trace) { parity.value.number })
            _ = parityReader.value
            trace.take()
            number.value = 4
            #expect(parityReader.value == 4)
            #expect(trace.take() == ["parity", "reader"])

            // An input (`External`, equatableAlways) uses `==` even for plain data: 2 → 4 is no change.
            let input = Attribute(value: PODParity(number: 2, noise: 0))
            let inputReader = Attribute(Traced("input reader", trace) { input.value.number })
            _ = inputReader.value
            trace.take()
            input.value = PODParity(number: 4, noise: 0)
            _ = inputReader.value
            #expect(trace.take() == [])

            // A Double input: -0.0 equals 0.0 (no change); NaN equals nothing (a change every time).
            let double = Attribute(value: 0.0)
            let doubleReader = Attribute(Traced("double reader", trace) { double.value.sign == .minus })
            _ = doubleReader.value
            trace.take()
            #expect(!double.setValue(-0.0))
            #expect(doubleReader.value == false)
            #expect(trace.take() == [])
            #expect(double.setValue(.nan))
            #expect(double.setValue(.nan))
            _ = doubleReader.value
            #expect(trace.take() == ["double reader"])
        }
    }
}
