import AttrGraph
import AttrGraphTestSupport
import Foundation
import Testing

/// `compareValues` (and so the engine's cut-off, which uses the same compiled layouts) agrees
/// with running the type's layout descriptor instruction by instruction, on random values of
/// the kinds of type descriptors distinguish, in every mode.
///
/// Values come from small pools, so that equal values, equal values in different storage and
/// values that differ only where a mode looks meet often. `AG_PROPERTY_CASES=N` sets the number
/// of cases (default 400); `AG_PROPERTY_SEED=S` re-runs one.
@Suite struct LayoutDescriptorAgreementTests {
    @Test func compareValuesAgreesWithRunningTheDescriptor() {
        checkPropertyCases(defaultCount: 400, firstSeed: 0x1A70_0000, label: "descriptor agreement") { seed in
            var random = SplitMix64(state: seed)
            let pools = Pools(random: random)
            for _ in 0..<8 {
                if let failure = pools.checkOne(&random) { return failure }
            }
            return nil
        }
    }

    // MARK: The kinds of type

    /// Plain data with an `==` that only looks at parity.
    struct Parity: Equatable {
        var number: Int
        static func == (lhs: Self, rhs: Self) -> Bool { lhs.number % 2 == rhs.number % 2 }
    }

    /// Not plain data; `==` ignores `noise`.
    struct Named: Equatable {
        var name: String
        var noise: Int8
        static func == (lhs: Self, rhs: Self) -> Bool { lhs.name == rhs.name }
    }

    final class Reference: Equatable {
        let value: Int
        init(_ value: Int) { self.value = value }
        static func == (lhs: Reference, rhs: Reference) -> Bool { lhs.value == rhs.value }
    }

    /// Padding, a floating-point field, a string, an optional.
    struct Mixed {
        var small: Int8
        var number: Double
        var text: String
        var maybe: Int?
    }

    enum Shape {
        case circle(Double)
        case rectangle(width: Int8, height: Int)
        case label(Named)
        case empty
    }

    indirect enum Expression {
        case number(Int)
        case sum(Expression, Expression)
        case name(String)
    }

    struct Holder {
        var id: Int8
        var reference: Reference
        weak var weakReference: Reference?
        var action: () -> Int
    }

    struct Boxed {
        var value: Any
        var flag: Bool
        var object: AnyObject?
    }

    struct Deep {
        var flag: Int8
        var nested: Parity???
        var shape: Shape?
    }

    // MARK: Pools and checks

    struct Pools {
        let strings: [String]
        let references: [Reference]
        let actions: [() -> Int]

        init(random: SplitMix64) {
            let long = String(repeating: "q", count: 40)
            // Equal strings in different storage, and "é" precomposed and decomposed.
            strings = ["", "a", "b", long, String(long.reversed()), "\u{E9}", "e\u{301}"]
            references = [Reference(1), Reference(1), Reference(2)]
            let captured = random.state
            actions = [{ 1 }, { 2 }, { Int(truncatingIfNeeded: captured) }]
        }

        func string(_ random: inout SplitMix64) -> String { strings[random.below(strings.count)] }
        func double(_ random: inout SplitMix64) -> Double { [0.0, -0.0, .nan, 1.5][random.below(4)] }
        func named(_ random: inout SplitMix64) -> Named { Named(name: string(&random), noise: Int8(random.below(2))) }

        func shape(_ random: inout SplitMix64) -> Shape {
            switch random.below(4) {
            case 0: .circle(double(&random))
            case 1: .rectangle(width: Int8(random.below(2)), height: random.below(2))
            case 2: .label(named(&random))
            default: .empty
            }
        }

        func expression(_ random: inout SplitMix64, depth: Int = 0) -> Expression {
            switch depth > 2 ? random.below(2) * 2 : random.below(3) {
            case 0: return .number(random.below(2))
            case 1: return .sum(expression(&random, depth: depth + 1), expression(&random, depth: depth + 1))
            default: return .name(string(&random))
            }
        }

        func any(_ random: inout SplitMix64) -> Any {
            switch random.below(5) {
            case 0: random.below(2)
            case 1: Int8(random.below(2))
            case 2: string(&random)
            case 3: Parity(number: random.below(3))
            default: shape(&random)
            }
        }

        func parity(_ random: inout SplitMix64) -> Parity??? {
            switch random.below(4) {
            case 0: .none
            case 1: .some(.none)
            case 2: .some(.some(.none))
            default: Parity(number: random.below(3))
            }
        }

        /// One pair of random values of one random kind, checked in every mode.
        func checkOne(_ random: inout SplitMix64) -> String? {
            switch random.below(12) {
            case 0: return check(random.below(3), random.below(3))
            case 1: return check(double(&random), double(&random))
            case 2: return check(string(&random), string(&random))
            case 3: return check(Parity(number: random.below(4)), Parity(number: random.below(4)))
            case 4: return check(named(&random), named(&random))
            case 5:
                func mixed() -> Mixed {
                    Mixed(
                        small: Int8(random.below(2)), number: double(&random), text: string(&random),
                        maybe: random.below(3) == 0 ? nil : random.below(2))
                }
                return check(mixed(), mixed())
            case 6: return check(shape(&random), shape(&random))
            case 7: return check(expression(&random), expression(&random))
            case 8:
                func holder() -> Holder {
                    Holder(
                        id: Int8(random.below(2)), reference: references[random.below(3)],
                        weakReference: references[random.below(3)], action: actions[random.below(3)])
                }
                return check(holder(), holder())
            case 9:
                func boxed() -> Boxed {
                    Boxed(
                        value: any(&random), flag: random.below(2) == 0,
                        object: random.below(2) == 0 ? nil : references[random.below(3)])
                }
                return check(boxed(), boxed())
            case 10:
                func deep() -> Deep {
                    Deep(flag: Int8(random.below(2)), nested: parity(&random), shape: random.below(3) == 0 ? nil : shape(&random))
                }
                return check(deep(), deep())
            default:
                return check((string(&random), Optional(named(&random))), (string(&random), Optional(named(&random))))
            }
        }

        /// `compareValues` against the descriptor run by ``_LayoutDescriptor/valuesEqual``, in every mode,
        /// for the pair and for each value against a copy of itself.
        func check<Value>(_ lhs: Value, _ rhs: Value) -> String? {
            for (left, right) in [(lhs, rhs), (lhs, lhs), (rhs, rhs)] {
                for mode in LayoutDescriptorTests.modes {
                    let descriptor = prefetchCompareValues(
                        type: Metadata(Value.self), options: [ComparisonOptions(mode: mode), .fetchLayoutsSynchronously],
                        priority: 0)
                    let byDescriptor = withUnsafePointer(to: left) { left in
                        withUnsafePointer(to: right) { right in
                            _LayoutDescriptor.valuesEqual(
                                descriptor, left, right, size: MemoryLayout<Value>.size, mode: mode)
                        }
                    }
                    let byCompareValues = compareValues(left, right, mode: mode)
                    if byDescriptor != byCompareValues {
                        return "\(Value.self) in \(mode): compareValues says \(byCompareValues), the descriptor \(byDescriptor) "
                            + "for \(left) and \(right)"
                    }
                }
            }
            return nil
        }
    }
}
