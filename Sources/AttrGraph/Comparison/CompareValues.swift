/// Options for ``compareValues(_:_:options:)`` (AttributeGraph's `AGComparisonOptions`): a
/// ``ComparisonMode`` in the low byte, plus flags.
public struct ComparisonOptions: OptionSet, Sendable, Hashable {
    public var rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public init(mode: ComparisonMode) {
        self.init(rawValue: UInt32(mode.rawValue))
    }

    public static let comparisonModeBitwise = ComparisonOptions([])
    public static let comparisonModeIndirect = ComparisonOptions(rawValue: 1)
    public static let comparisonModeEquatableUnlessPOD = ComparisonOptions(rawValue: 2)
    public static let comparisonModeEquatableAlways = ComparisonOptions(rawValue: 3)
    public static let comparisonModeMask = ComparisonOptions(rawValue: 0xff)
    /// Accepted for AttributeGraph compatibility; comparisons here never copy values out of boxes.
    public static let copyOnWrite = ComparisonOptions(rawValue: 1 << 8)
    /// Build the type's layout now if it is not built yet. Only matters with `AG_ASYNC_LAYOUTS=1`
    /// (``AGEnvironment/asyncLayouts``), where layouts are otherwise built in the background and
    /// values compare as their bytes until then; by default layouts are always built on first use.
    public static let fetchLayoutsSynchronously = ComparisonOptions(rawValue: 1 << 9)
    /// A comparison that finds the values unequal inside a rule is reported to the graph's
    /// traces (their `compare_failed` callback, ``Graph/TraceType``).
    public static let traceCompareFailed = ComparisonOptions(rawValue: 1 << 31)

    /// The mode in the low byte (values above 3 count as ``ComparisonMode/equatableAlways``).
    public var mode: ComparisonMode {
        ComparisonMode(rawValue: UInt8(min(rawValue & 0xff, 3))) ?? .equatableAlways
    }
}

/// Whether two values are the same by AttributeGraph's rules — the rule the engine's equality
/// cut-off uses, so a rule's new value counts as changed exactly when this returns `false` for
/// its type's ``_AttributeBody/comparisonMode``.
///
/// Which comparison a value gets, applied at every level of its structure:
///
/// * `Equatable` types use `==` — plain-old-data ones only in `equatableAlways` mode, others in
///   `equatableUnlessPOD` and `equatableAlways`;
/// * otherwise structs and tuples compare field by field with these same rules, and plain data
///   byte by byte (padding skipped);
/// * enums compare their case, then the payload (an `indirect` payload by its box in `bitwise`
///   mode, by its value in the others);
/// * existentials (`Any`, `any P`) compare their bytes in `bitwise` mode; otherwise their dynamic
///   types, then the values (a class-bound existential in `indirect` mode: the reference);
/// * classes, closures and metatypes compare by identity.
///
/// So in the default mode of rules (`equatableUnlessPOD`) a struct of plain data is compared byte
/// by byte even if it implements `==`, as in SwiftUI; in `bitwise` mode a struct holding a class
/// reference differs from a copy made with a new instance.
///
///     compareValues(1, 1)                                  // true
///     compareValues(Parity(2), Parity(4), mode: .bitwise)  // false: different bytes
public func compareValues<Value>(_ lhs: Value, _ rhs: Value, mode: ComparisonMode = .equatableAlways) -> Bool {
    compareValues(lhs, rhs, options: [ComparisonOptions(mode: mode), .copyOnWrite])
}

/// ``compareValues(_:_:mode:)`` with the mode and flags as ``ComparisonOptions``.
///
/// With `AG_ASYNC_LAYOUTS=1` (``AGEnvironment/asyncLayouts``, AttributeGraph's behaviour) a type
/// whose layout is not built yet is queued for a background build and, until it is built, its
/// values compare as their bytes — unless `options` has ``ComparisonOptions/fetchLayoutsSynchronously``.
public func compareValues<Value>(_ lhs: Value, _ rhs: Value, options: ComparisonOptions) -> Bool {
    let layout = _ComparisonLayout.ifReady(
        Value.self, mode: options.mode, synchronously: options.contains(.fetchLayoutsSynchronously))
    return withUnsafePointer(to: lhs) { lhs in
        withUnsafePointer(to: rhs) { rhs in
            let equal = layout.map { $0.equal(lhs, rhs) } ?? _bytesEqual(lhs, rhs, count: MemoryLayout<Value>.size)
            if !equal, options.contains(.traceCompareFailed) {
                _Engine.traceCompareFailed(lhs, rhs, size: MemoryLayout<Value>.size, type: Value.self)
            }
            return equal
        }
    }
}

/// Types that decide themselves whether two of their values are the same (in every mode but
/// `bitwise`). DeclarativeViews uses it for property wrappers whose identity is their storage.
package protocol _ComparisonOverride {
    static func _isSameValue(_ lhs: UnsafePointer<Self>, _ rhs: UnsafePointer<Self>) -> Bool
}
