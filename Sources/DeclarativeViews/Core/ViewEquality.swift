import AttrGraph

/// Whether a new view value is the same as the previous one, so that its body need not run
/// again — SwiftUI's rule, which is AttributeGraph's ``compareValues(_:_:mode:)`` in
/// `equatableUnlessPOD` mode (views need not be `Equatable`):
///
/// * plain-old-data values compare byte by byte (even when they implement `==`);
/// * other `Equatable` values compare with `==`;
/// * otherwise field by field: enums by case and payload, closures and objects by identity,
///   existentials (`AnyView`'s content) by dynamic type and value;
/// * `State`, `Environment` and `Binding` properties by what they are attached to (the installed
///   storage, the key path, the place a binding points to), not by the value they carry.
///
/// The comparison of each type is worked out once and cached by the engine.
package enum _ViewEquality {
    /// The mode SwiftUI compares view values in.
    package static let mode = ComparisonMode.equatableUnlessPOD

    package static func equal<Value>(_ lhs: Value, _ rhs: Value) -> Bool {
        compareValues(lhs, rhs, mode: mode)
    }

    static func layout(for type: Any.Type) -> _ComparisonLayout {
        _ComparisonLayout.of(type, mode: mode)
    }
}
