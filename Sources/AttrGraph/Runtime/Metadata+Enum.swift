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
        switch SwiftABI.runtimeKind(of: type) {
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

/// Calls `body` with the case index, payload type and payload address of the enum value at
/// `enumValue` (AttributeGraph's `withUnsafePointerToEnumCase`); the payload of an `indirect`
/// case is the boxed value. Returns `false`, without calling `body`, when `Value` is not an enum
/// or the case has no payload. The value is valid again when `body` returns.
public func withUnsafePointerToEnumCase<Value>(
    of enumValue: UnsafeMutablePointer<Value>, do body: (Int, any Any.Type, UnsafeRawPointer) -> Void
) -> Bool {
    withUnsafeMutablePointerToEnumCase(of: enumValue) { tag, type, payload in body(tag, type, UnsafeRawPointer(payload)) }
}

/// ``withUnsafePointerToEnumCase(of:do:)`` with a mutable payload: what `body` writes there is
/// the case's new payload.
public func withUnsafeMutablePointerToEnumCase<Value>(
    of enumValue: UnsafeMutablePointer<Value>, do body: (Int, any Any.Type, UnsafeMutableRawPointer) -> Void
) -> Bool {
    let metadata = Metadata(Value.self)
    guard metadata.hasEnumWitnesses, let cases = EnumCases(metadata) else { return false }
    let tag = metadata.enumTag(enumValue)
    guard Int(tag) < cases.payloadCases.count, let payloadType = cases.payloadCases[Int(tag)].type else { return false }
    let raw = UnsafeMutableRawPointer(enumValue)
    metadata.projectEnumData(raw)
    defer { metadata.injectEnumTag(tag: tag, raw) }
    if cases.payloadCases[Int(tag)].isIndirect {
        // The payload is a heap box: a header, then the value at its alignment.
        let box = raw.load(as: UnsafeMutableRawPointer.self)
        func alignment<T>(_: T.Type) -> Int { MemoryLayout<T>.alignment }
        let alignment = _openExistential(payloadType, do: alignment)
        let offset = (2 * MemoryLayout<Int>.size + alignment - 1) / alignment * alignment
        body(Int(tag), payloadType, box + offset)
    } else {
        body(Int(tag), payloadType, raw)
    }
    return true
}
