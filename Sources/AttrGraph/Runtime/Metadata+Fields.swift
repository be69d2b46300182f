@_spi(Reflection) import Swift

extension Metadata {
    /// What ``forEachField(options:do:)`` enumerates (`AGTypeApplyOptions`).
    public struct ApplyOptions: OptionSet, Sendable, Hashable {
        public var rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        /// The default (no bit): a struct's stored properties.
        public static let enumerateStructFields = ApplyOptions([])
        /// A class instance's stored properties (superclasses' first), at their offsets in the instance.
        public static let enumerateClassFields = ApplyOptions(rawValue: 1 << 0)
        /// Skip fields whose type cannot be resolved instead of stopping.
        public static let continueAfterUnknownField = ApplyOptions(rawValue: 1 << 1)
        /// An enum's cases with a payload: the case name, its tag as the "offset", the payload type.
        public static let enumerateEnumCases = ApplyOptions(rawValue: 1 << 2)
    }

    /// Calls `body` with each field's name, byte offset and type, in declaration order, while it
    /// returns `true`. Returns `true` when every field was visited; `false` when `body` stopped
    /// it, when a field's type could not be resolved (unless `.continueAfterUnknownField`), or
    /// when the type is not of the kind `options` asks for: structs by default, classes with
    /// `.enumerateClassFields`, enums and optionals with `.enumerateEnumCases` (an enum without
    /// payload cases has nothing to enumerate and returns `false`). Other kinds return `false`.
    ///
    ///     Metadata(Point.self).forEachField(options: []) { name, offset, type in
    ///         print(String(cString: name), offset, type)      // x 0 Double, y 8 Double
    ///         return true
    ///     }
    public func forEachField(
        options: ApplyOptions, do body: (UnsafePointer<CChar>, Int, any Any.Type) -> Bool
    ) -> Bool {
        let wantsClass = options.contains(.enumerateClassFields)
        let wantsEnum = options.contains(.enumerateEnumCases)
        switch SwiftABI.runtimeKind(of: type) {
        case .class where wantsClass:
            // `_EachFieldOptions(rawValue: 1)` is `.classType` (a `static var`, not concurrency-safe).
            return _forEachField(of: type, options: _EachFieldOptions(rawValue: 1)) { name, offset, fieldType, _ in
                body(name, offset, fieldType)
            }
        case .struct where !wantsClass && !wantsEnum:
            return _forEachField(of: type, options: []) { name, offset, fieldType, _ in
                body(name, offset, fieldType)
            }
        case .enum where wantsEnum, .optional where wantsEnum:
            guard let cases = EnumCases(self), cases.payloadCases.count > 0 else { return false }
            for (tag, payloadCase) in cases.payloadCases.enumerated() {
                guard let payloadType = payloadCase.type else {
                    if options.contains(.continueAfterUnknownField) { continue }
                    return false
                }
                if !body(payloadCase.name, tag, payloadType) { return false }
            }
            return true
        default:
            return false
        }
    }
}

/// Calls `body` with the name, byte offset and type of each stored property of a struct, in
/// declaration order (AttributeGraph's `forEachField(of:do:)`). Classes, enums, tuples and other
/// kinds have none it reports.
public func forEachField(of type: any Any.Type, do body: (UnsafePointer<Int8>, Int, any Any.Type) -> Void) {
    _ = Metadata(type).forEachField(options: []) { name, offset, fieldType in
        body(name, offset, fieldType)
        return true
    }
}

/// An enum's cases with payloads, in tag order, with their payload types (from the type's
/// field descriptor).
struct EnumCases {
    struct PayloadCase {
        var name: UnsafePointer<CChar>
        /// `nil` when the runtime could not resolve the payload type's name.
        var type: Any.Type?
        var isIndirect: Bool
    }

    var payloadCases: [PayloadCase]

    init?(_ metadata: Metadata) {
        let address = UnsafeRawPointer(metadata.rawValue)
        guard let descriptor = SwiftABI.valueTypeDescriptor(address) else { return nil }
        let payloadCount = SwiftABI.payloadCaseCount(ofEnumDescriptor: descriptor)
        let records = SwiftABI.fieldRecords(ofDescriptor: descriptor)
        guard records.count >= payloadCount else { return nil }
        let arguments = SwiftABI.valueTypeGenericArguments(address)
        payloadCases = records.prefix(payloadCount).map { record in
            PayloadCase(
                name: record.name,
                type: record.mangledTypeName.flatMap {
                    SwiftABI.resolve($0, descriptor: descriptor, genericArguments: arguments)
                },
                isIndirect: record.isIndirectCase)
        }
    }
}
