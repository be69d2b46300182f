import AttrGraphShims

/// Reading the Swift runtime's type metadata, for ``Metadata``, ``TupleType`` and the value
/// comparison. Everything that depends on a memory layout of the runtime is in this file.
///
/// The layouts are the Swift ABI's (the Swift repository's `docs/ABI/TypeMetadata.rst` and
/// `include/swift/ABI/Metadata.h`): stable on Apple platforms since Swift 5.0, and the same on
/// Linux. What is read here:
///
/// * a value type's metadata: the kind word, then its nominal type descriptor, then its generic
///   arguments;
/// * a Swift class's metadata: its type descriptor, at a fixed word (which word depends on
///   whether the platform has Objective-C interoperability);
/// * a tuple's metadata: the element count, then per element its type and byte offset;
/// * a nominal type descriptor: its flags, name, field descriptor and, for enums, the number of
///   payload cases; a field descriptor's records (name, flags, mangled type name);
/// * (in the C shim) the value-witness table's enum functions.
///
/// Type names in field records are resolved by the standard library's
/// `_getTypeByMangledNameInContext`; struct and class fields are listed by its `_forEachField`.
enum SwiftABI {
    static let wordSize = MemoryLayout<UInt>.size

    @inline(__always)
    static func address(of type: Any.Type) -> UnsafeRawPointer {
        unsafeBitCast(type, to: UnsafeRawPointer.self)
    }

    @inline(__always)
    static func type(at address: UnsafeRawPointer) -> Any.Type {
        unsafeBitCast(address, to: Any.Type.self)
    }

    // MARK: Kinds

    /// The runtime's metadata kinds (Swift's `MetadataKind`) that ``Metadata/Kind`` tells apart.
    enum RuntimeKind: UInt {
        case `class` = 0
        case `struct` = 0x200
        case `enum` = 0x201
        case optional = 0x202
        case foreignClass = 0x203
        case opaque = 0x300
        case tuple = 0x301
        case function = 0x302
        case existential = 0x303
        case metatype = 0x304
        case objcClassWrapper = 0x305
        case existentialMetatype = 0x306
        case extendedExistential = 0x307
    }

    static func runtimeKind(of type: Any.Type) -> RuntimeKind? {
        let kind = RuntimeKind(rawValue: UInt(ag_metadata_kind(address(of: type))))
        #if canImport(ObjectiveC)
        // Objective-C classes are class metadata too, but not Swift's: AttributeGraph calls them `none`.
        if kind == .class, !isSwiftClass(address(of: type)) { return nil }
        #endif
        return kind
    }

    #if canImport(ObjectiveC)
    /// Class metadata with Objective-C interop: isa, superclass, two cache words, then the data
    /// word whose low bits mark a Swift class.
    static func isSwiftClass(_ metadata: UnsafeRawPointer) -> Bool {
        metadata.load(fromByteOffset: 4 * wordSize, as: UInt.self) & 3 != 0
    }

    /// Word of the class descriptor: after isa, superclass, 2 cache words, data, and the 32-bit
    /// flags, instance address point, instance size, 16-bit alignment mask and reserved, class
    /// size and class address point.
    static let classDescriptorOffset = 5 * wordSize + 24
    #else
    /// Word of the class descriptor: after the kind, the superclass, and the 32-bit flags,
    /// instance address point, instance size, 16-bit alignment mask and reserved, class size and
    /// class address point.
    static let classDescriptorOffset = 2 * wordSize + 24
    #endif

    // MARK: Descriptors

    /// The nominal type descriptor of a struct, enum or optional (the word after the kind).
    static func valueTypeDescriptor(_ metadata: UnsafeRawPointer) -> UnsafeRawPointer? {
        metadata.load(fromByteOffset: wordSize, as: UnsafeRawPointer?.self)
    }

    /// The type descriptor of a Swift class.
    static func classDescriptor(_ metadata: UnsafeRawPointer) -> UnsafeRawPointer? {
        metadata.load(fromByteOffset: classDescriptorOffset, as: UnsafeRawPointer?.self)
    }

    /// The generic arguments of a struct's or enum's metadata (after the kind and descriptor).
    static func valueTypeGenericArguments(_ metadata: UnsafeRawPointer) -> UnsafeRawPointer {
        metadata + 2 * wordSize
    }

    /// The target of the 32-bit relative pointer stored at `field` (`nil` for 0).
    @inline(__always)
    static func relative(_ field: UnsafeRawPointer) -> UnsafeRawPointer? {
        let offset = field.loadUnaligned(as: Int32.self)
        return offset == 0 ? nil : field + Int(offset)
    }

    /// A descriptor's name (`T2`, `Optional`): a relative pointer at byte 8.
    static func name(ofDescriptor descriptor: UnsafeRawPointer) -> UnsafePointer<CChar>? {
        relative(descriptor + 8)?.assumingMemoryBound(to: CChar.self)
    }

    /// An enum descriptor's number of payload cases (the low 24 bits of the word at byte 20).
    static func payloadCaseCount(ofEnumDescriptor descriptor: UnsafeRawPointer) -> Int {
        Int(descriptor.loadUnaligned(fromByteOffset: 20, as: UInt32.self) & 0x00ff_ffff)
    }

    // MARK: Field records

    struct FieldRecord {
        var flags: UInt32
        var mangledTypeName: UnsafePointer<UInt8>?
        var name: UnsafePointer<CChar>

        /// An `indirect` enum case (its payload is in a box).
        var isIndirectCase: Bool { flags & 1 != 0 }
    }

    /// The field records of a nominal type descriptor (for an enum: payload cases first, in
    /// declaration order, then the cases without payload — the order of the case tags).
    static func fieldRecords(ofDescriptor descriptor: UnsafeRawPointer) -> [FieldRecord] {
        guard let fields = relative(descriptor + 16) else { return [] }
        let recordSize = Int(fields.loadUnaligned(fromByteOffset: 10, as: UInt16.self))
        let count = Int(fields.loadUnaligned(fromByteOffset: 12, as: UInt32.self))
        guard recordSize >= 12 else { return [] }
        var records: [FieldRecord] = []
        records.reserveCapacity(count)
        for index in 0..<count {
            let record = fields + 16 + index * recordSize
            guard let name = relative(record + 8) else { continue }
            records.append(
                FieldRecord(
                    flags: record.loadUnaligned(as: UInt32.self),
                    mangledTypeName: relative(record + 4)?.assumingMemoryBound(to: UInt8.self),
                    name: name.assumingMemoryBound(to: CChar.self)))
        }
        return records
    }

    /// The type a field record names, in the context of `metadata` (its generic arguments).
    static func resolve(
        _ mangledName: UnsafePointer<UInt8>, descriptor: UnsafeRawPointer, genericArguments: UnsafeRawPointer?
    ) -> Any.Type? {
        _getTypeByMangledNameInContext(
            mangledName, UInt(mangledNameLength(mangledName)), genericContext: descriptor,
            genericArguments: genericArguments)
    }

    /// The length of a mangled name that may embed symbolic references: bytes 1…0x17 are followed
    /// by a 4-byte relative offset, 0x18…0x1f by a pointer; either may contain zero bytes.
    static func mangledNameLength(_ name: UnsafePointer<UInt8>) -> Int {
        var index = 0
        while true {
            let byte = name[index]
            switch byte {
            case 0: return index
            case 0x01...0x17: index += 1 + 4
            case 0x18...0x1f: index += 1 + wordSize
            default: index += 1
            }
        }
    }

    // MARK: Struct fields

    /// A struct's stored property as its descriptor and metadata record it.
    struct StructField {
        /// `nil` when the record names no type.
        var mangledTypeName: UnsafePointer<UInt8>?
        var offset: Int
    }

    /// A struct's stored properties in declaration order, with their byte offsets (the field
    /// offset vector of its metadata): `nil` when the descriptor has no field records or the
    /// metadata no offsets (AttributeGraph then knows nothing of the fields either).
    ///
    /// Struct descriptor: flags, parent, name, access function, field descriptor (relative, at
    /// byte 16), number of fields (byte 20), the offset vector's position in words (byte 24; 0 for
    /// none). Field descriptor: 16 bytes of header (record size at 10, count at 12), then records
    /// of flags, mangled type name (relative, at 4) and name.
    static func structFields(_ metadata: UnsafeRawPointer) -> [StructField]? {
        guard let descriptor = valueTypeDescriptor(metadata), let fields = relative(descriptor + 16) else { return nil }
        let count = Int(descriptor.loadUnaligned(fromByteOffset: 20, as: UInt32.self))
        let offsetVector = Int(descriptor.loadUnaligned(fromByteOffset: 24, as: UInt32.self))
        let recordSize = Int(fields.loadUnaligned(fromByteOffset: 10, as: UInt16.self))
        let recordCount = Int(fields.loadUnaligned(fromByteOffset: 12, as: UInt32.self))
        guard offsetVector != 0, recordSize >= 12, recordCount == count else { return nil }
        let offsets = metadata + offsetVector * wordSize
        return (0..<count).map { index in
            let record = fields + 16 + index * recordSize
            return StructField(
                mangledTypeName: relative(record + 4)?.assumingMemoryBound(to: UInt8.self),
                offset: Int(offsets.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self)))
        }
    }

    /// How a stored property holds its value, from the end of its mangled type name: `weak`
    /// (`Xw`), `unowned` (`Xo`) and `unowned(unsafe)` (`Xu`) references are not the value itself.
    enum ReferenceOwnership {
        case strong, weak, unowned, unmanaged
    }

    static func referenceOwnership(ofMangledName name: UnsafePointer<UInt8>) -> ReferenceOwnership {
        let length = mangledNameLength(name)
        guard length >= 3, name[length - 2] == UInt8(ascii: "X") else { return .strong }
        switch name[length - 1] {
        case UInt8(ascii: "w"): return .weak
        case UInt8(ascii: "o"): return .unowned
        case UInt8(ascii: "u"): return .unmanaged
        default: return .strong
        }
    }

    // MARK: Functions

    /// Whether a function type has Swift's calling convention (a function pointer and a context:
    /// two words), not `@convention(thin)`, `(c)` or `(block)`: bits 16…23 of the flags word after
    /// the kind.
    static func hasSwiftConvention(function metadata: UnsafeRawPointer) -> Bool {
        (metadata.load(fromByteOffset: wordSize, as: UInt.self) >> 16) & 0xff == 0
    }

    // MARK: Existentials

    /// Whether an existential type holds a class reference (`AnyObject`, `any P` with `P: AnyObject`):
    /// its flags word (after the kind) has the "any" constraint bit clear and no special protocol.
    static func isClassExistential(_ metadata: UnsafeRawPointer) -> Bool {
        let flags = metadata.load(fromByteOffset: wordSize, as: UInt32.self)
        return flags & 0x8000_0000 == 0 && flags & 0x3f00_0000 == 0
    }

    /// The value in an `indirect` enum case's box: after the heap object header (two words), aligned.
    static func boxedValue(_ box: UnsafeRawPointer, alignment: Int) -> UnsafeRawPointer {
        let header = 2 * wordSize
        return box + (header + alignment - 1) / alignment * alignment
    }

    // MARK: Tuples

    /// A tuple's element count (the word after the kind).
    static func tupleCount(_ metadata: UnsafeRawPointer) -> Int {
        metadata.load(fromByteOffset: wordSize, as: Int.self)
    }

    /// A tuple element: kind, count and labels come first, then per element its type metadata
    /// and byte offset (32 bits, in a word).
    static func tupleElement(_ metadata: UnsafeRawPointer, at index: Int) -> (type: Any.Type, offset: Int) {
        let element = metadata + 3 * wordSize + index * 2 * wordSize
        let type = element.load(as: UnsafeRawPointer.self)
        let offset = element.load(fromByteOffset: wordSize, as: UInt32.self)
        return (Self.type(at: type), Int(offset))
    }
}
