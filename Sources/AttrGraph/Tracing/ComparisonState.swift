/// A failed comparison, as a trace's `compare_failed` callback sees it (AttributeGraph's
/// `AGComparisonState`): the two values and the part of them that differed.
///
///     trace.compare_failed = { _, attribute, state in
///         print(attribute, "changed:", state.fieldType, state.fieldRange)
///     }
///
/// The pointers are valid during the callback only. AttrGraph reports the whole value
/// (``fieldRange`` covers it and ``fieldType`` is the value type); AttributeGraph may narrow
/// them to the first field that differed.
public struct ComparisonState: CustomStringConvertible {
    /// The value held before (AttributeGraph's destination).
    public let destination: UnsafeRawPointer
    /// The value being compared with it (the new value).
    public let source: UnsafeRawPointer
    /// The bytes compared.
    public let fieldRange: FieldRange
    /// The type of the bytes compared.
    public let fieldType: Metadata

    public init(destination: UnsafeRawPointer, source: UnsafeRawPointer, fieldRange: FieldRange, fieldType: Metadata) {
        self.destination = destination
        self.source = source
        self.fieldRange = fieldRange
        self.fieldType = fieldType
    }

    public var description: String {
        "ComparisonState(\(fieldType), offset \(fieldRange.offset), size \(fieldRange.size))"
    }
}

@available(*, unavailable)
extension ComparisonState: Sendable {}
