import AttrGraphShims

/// The Swift runtime's metadata record of a type (opaque: what a metatype points to).
public struct _Metadata {}

/// A type's runtime metadata, as AttributeGraph exposes it (`AGTypeID`): its kind, name, nominal
/// descriptor and fields, and access to an enum value's case.
///
///     Metadata(Int?.self).kind                 // .optional
///     Metadata(MyView.self).description        // "MyView"
///
/// `Metadata` wraps the metatype's pointer; two `Metadata` are equal when they describe the same
/// type. What relies on the Swift ABI's memory layouts (stable on Apple platforms, the same on
/// Linux): ``descriptor``, ``nominalDescriptor``, ``nominalDescriptorName``, the enum cases
/// ``forEachField(options:do:)`` lists, and the enum functions (through the type's
/// value-witness table). The kind, the name and struct and class fields come from the standard
/// library and the runtime's entry points.
@frozen
public struct Metadata: Hashable, CustomStringConvertible, @unchecked Sendable {
    // @unchecked: metadata records are immutable and live as long as the process.
    public var rawValue: UnsafePointer<_Metadata>

    public init(rawValue: UnsafePointer<_Metadata>) {
        self.rawValue = rawValue
    }

    public init(_ type: any Any.Type) {
        rawValue = SwiftABI.address(of: type).assumingMemoryBound(to: _Metadata.self)
    }

    /// The type this metadata describes. Traps on a null metadata (``isNull``: a tree root's
    /// ``TreeElement/type``), which describes no type.
    public var type: any Any.Type {
        guard !isNull else {
            fatalError("AttrGraph: this Metadata is null (a subgraph tree root's type) and describes no type; "
                + "check isNull first.")
        }
        return SwiftABI.type(at: UnsafeRawPointer(rawValue))
    }

    /// The metadata with a null pointer, which AttributeGraph gives as the type of an element
    /// with no value type (a subgraph tree's root). Its ``description`` is `"nil"`; ``type``
    /// and everything that reads the record trap.
    static let null: Metadata = withUnsafeBytes(of: UInt(0)) {
        Metadata(rawValue: $0.load(as: UnsafePointer<_Metadata>.self))
    }

    /// Whether this is the null metadata (a tree root's ``TreeElement/type``). AttributeGraph
    /// code tests this as `type.rawValue == UnsafePointer(bitPattern: 0)`, which works here too.
    public var isNull: Bool {
        UInt(bitPattern: UnsafeRawPointer(rawValue)) == 0
    }

    /// AttributeGraph's kinds of type (`AGTypeKind`).
    @frozen
    public enum Kind: UInt32, Sendable {
        /// Anything else: Objective-C and foreign classes, opaque and constrained existential types.
        case none
        case `class`
        case `struct`
        case `enum`
        case optional
        case tuple
        case function
        case existential
        /// Metatypes, including existential metatypes (`any P.Type`) and `P.Protocol`.
        case metatype
    }

    public var kind: Kind {
        switch SwiftABI.runtimeKind(of: type) {
        case .class: .class
        case .struct: .struct
        case .enum: .enum
        case .optional: .optional
        case .tuple: .tuple
        case .function: .function
        case .existential: .existential
        case .metatype, .existentialMetatype: .metatype
        default: .none
        }
    }

    /// The type's name without module names, as AttributeGraph prints it:
    /// `Outer.Inner`, `Optional<Int>`, `(String, Int)`, `(String) -> Int`, `P.Protocol`.
    public var description: String {
        isNull ? "nil" : _typeDescription(type)
    }

    /// The type descriptor of a Swift struct, enum, optional or class (`nil` for other kinds).
    public var descriptor: UnsafeRawPointer? {
        let address = UnsafeRawPointer(rawValue)
        switch SwiftABI.runtimeKind(of: type) {
        case .struct, .enum, .optional: return SwiftABI.valueTypeDescriptor(address)
        case .class: return SwiftABI.classDescriptor(address)
        default: return nil
        }
    }

    /// The type descriptor of a struct, enum or optional; `nil` for classes and other kinds.
    public var nominalDescriptor: UnsafeRawPointer? {
        switch SwiftABI.runtimeKind(of: type) {
        case .struct, .enum, .optional: SwiftABI.valueTypeDescriptor(UnsafeRawPointer(rawValue))
        default: nil
        }
    }

    /// The declared name in ``nominalDescriptor`` (`"T2"`, `"Optional"`), a C string that lives
    /// as long as the process.
    public var nominalDescriptorName: UnsafePointer<CChar>? {
        nominalDescriptor.flatMap(SwiftABI.name(ofDescriptor:))
    }

    /// A 20-byte digest that identifies a nominal type (generic arguments included) across runs
    /// of one build; all zero for structural types (tuples, functions, existentials, metatypes).
    public var signature: Signature {
        switch kind {
        case .class, .struct, .enum, .optional:
            Signature(digesting: _typeName(type, qualified: true))
        default:
            Signature()
        }
    }
}

/// A type's 20-byte signature (``Metadata/signature``).
@frozen
public struct Signature: Hashable, Sendable {
    public var bytes:
        (
            UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
            UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
        )

    public init() {
        bytes = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    }

    public init(
        bytes: (
            UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
            UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
        )
    ) {
        self.bytes = bytes
    }

    /// The SHA-1 digest of `text`'s UTF-8 bytes.
    init(digesting text: String) {
        self.init()
        let digest = SHA1.digest(Array(text.utf8))
        withUnsafeMutableBytes(of: &bytes) { destination in
            for index in 0..<20 { destination[index] = digest[index] }
        }
    }

    var array: [UInt8] { withUnsafeBytes(of: bytes) { Array($0) } }

    public static func == (lhs: Signature, rhs: Signature) -> Bool { lhs.array == rhs.array }
    public func hash(into hasher: inout Hasher) { hasher.combine(array) }
}

/// A type's name with module names removed (AttributeGraph's type descriptions):
/// `Swift.Optional<MyApp.Model>` becomes `Optional<Model>`.
func _typeDescription(_ type: Any.Type) -> String {
    _removingModuleNames(_typeName(type, qualified: true))
}

/// Drops the first component of every dotted name in a qualified type name (the module), the
/// module after `Self.` in constraints, and local-context and extension markers.
func _removingModuleNames(_ qualified: String) -> String {
    var text = Substring(qualified)
    var result = ""
    result.reserveCapacity(qualified.utf8.count)
    func isNameCharacter(_ character: Character) -> Bool {
        character == "_" || character.isLetter || character.isNumber || character == "$"
    }
    var previous: Character?
    while let first = text.first {
        // "(unknown context at $1234)." and "(extension in Module):" carry no information for a reader.
        if first == "(", let marker = ["(unknown context at ", "(extension in "].first(where: { text.hasPrefix($0) }),
            let close = text.firstIndex(of: ")")
        {
            var rest = text[text.index(after: close)...]
            if marker.hasPrefix("(unknown"), rest.first == "." { rest = rest.dropFirst() }
            if marker.hasPrefix("(extension"), rest.first == ":" { rest = rest.dropFirst() }
            text = rest
            continue
        }
        guard isNameCharacter(first), previous.map({ $0 != "." && !isNameCharacter($0) }) ?? true else {
            result.append(first)
            previous = first
            text = text.dropFirst()
            continue
        }
        // The start of a dotted name: read its first component.
        let end = text.firstIndex { !isNameCharacter($0) } ?? text.endIndex
        let component = text[..<end]
        let rest = text[end...]
        if rest.first == ".", let next = rest.dropFirst().first, isNameCharacter(next) {
            if component == "Self" {
                // `Self.Swift.Sequence.Element`: keep `Self.`, drop the module after it.
                result += "Self."
                let afterSelf = rest.dropFirst()
                let moduleEnd = afterSelf.firstIndex { !isNameCharacter($0) } ?? afterSelf.endIndex
                if afterSelf[moduleEnd...].first == "." {
                    text = afterSelf[afterSelf.index(after: moduleEnd)...]
                } else {
                    text = afterSelf
                }
                previous = "."
                continue
            }
            // A module name: skip it and its dot; what follows continues the same name.
            text = rest.dropFirst()
            previous = "."
            continue
        }
        result += component
        previous = component.last
        text = rest
    }
    return result
}
