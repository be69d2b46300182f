import AttrGraphShims

/// An enum value's case, through the type's value-witness functions (enums and optionals).
///
/// Tags number the payload cases first, in declaration order, then the cases without payload.
/// These call the value-witness table's enum functions, whose layout is Swift ABI.
extension Metadata {
    /// The case index of the enum value at `value`.
    public func enumTag(_ value: UnsafeRawPointer) -> UInt32 {
        checkEnum("enumTag")
        return ag_enum_tag(UnsafeRawPointer(rawValue), value)
    }

    /// Clears the case bits of the enum value at `value`, leaving its payload readable in place.
    /// The value is not a valid value of the enum until ``injectEnumTag(tag:_:)`` puts a case back.
    public func projectEnumData(_ value: UnsafeMutableRawPointer) {
        checkEnum("projectEnumData")
        ag_project_enum_data(UnsafeRawPointer(rawValue), value)
    }

    /// Makes the payload at `value` a value of case `tag` (the payload must be one of that case's
    /// type, or nothing for a case without payload).
    public func injectEnumTag(tag: UInt32, _ value: UnsafeMutableRawPointer) {
        checkEnum("injectEnumTag")
        ag_inject_enum_tag(UnsafeRawPointer(rawValue), value, tag)
    }

    var hasEnumWitnesses: Bool {
        switch _SwiftABI.runtimeKind(of: type) {
        case .enum, .optional: ag_has_enum_witnesses(UnsafeRawPointer(rawValue)) != 0
        default: false
        }
    }

    private func checkEnum(_ use: String) {
        guard hasEnumWitnesses else {
            _Misuse.fail("AttrGraph: Metadata.\(use) needs an enum or optional type; \(description) is a \(kind).")
        }
    }
}
