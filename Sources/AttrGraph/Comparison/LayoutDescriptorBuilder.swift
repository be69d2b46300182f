/// Works out a type's layout descriptor (``_LayoutDescriptor``) from its metadata, by
/// AttributeGraph's rules, in one ``ComparisonMode``:
///
/// * a type whose own comparison applies is one `equals` instruction: a ``_ComparisonOverride``
///   (every mode but `bitwise`; AttrGraph's own, AttributeGraph has none), else `==` for an
///   `Equatable` struct, enum, optional, tuple or class — plain data only in `equatableAlways`,
///   other types from `equatableUnlessPOD` up;
/// * otherwise a struct or tuple is its stored properties in order (a struct without any has no
///   layout); an enum with payload cases is its payload cases by tag (`indirect` ones: the box
///   in `bitwise` mode, the payload in the others); a closure is its function pointer and its
///   context (not in `bitwise` mode); an existential is its dynamic type and value (not in
///   `bitwise` mode, nor a class-bound one in `indirect` mode); anything else has no layout;
/// * each stored property, element or payload is another type's descriptor: its bytes when that
///   one is trivial, `weak`/`unowned` references always; its instructions copied in place when
///   shorter than 32 bytes, else a reference to it; its bytes when it has no layout;
/// * adjacent byte ranges merge, gaps become skips. A descriptor that would be a single byte
///   range, or nothing, is ``_LayoutDescriptor/trivial``.
///
/// Nested types' descriptors come from `descriptorOf` (the cache, synchronously), so each type's
/// descriptor is built once and shared by the types that contain it.
struct LayoutDescriptorBuilder {
    /// What a descriptor says about a range of the value, before it is encoded.
    enum Item {
        case data(offset: Int, size: Int)
        case equals(offset: Int, size: Int, type: Any.Type, witnessTable: UnsafeRawPointer)
        /// An `indirect` enum case's box (`size` is the enum's, as AttributeGraph counts it).
        case indirect(offset: Int, size: Int, payload: Any.Type)
        case existential(offset: Int, size: Int, type: Any.Type)
        /// A closure's context, one word.
        case captureReference(offset: Int)
        case nested(offset: Int, size: Int, descriptor: UnsafePointer<UInt8>)
        /// The cases with something to compare, by tag; cases not listed compare by tag alone.
        case enumeration(offset: Int, size: Int, type: Any.Type, cases: [EnumCase])
    }

    struct EnumCase {
        var tag: Int
        /// At offsets from the enum's start (the payload is projected in place).
        var items: [Item]
    }

    let mode: ComparisonMode
    let descriptorOf: (Any.Type, ComparisonMode) -> UnsafePointer<UInt8>?
    private var offset = 0
    private var items: [Item] = []
    private var caseDepth = 0

    init(mode: ComparisonMode, descriptorOf: @escaping (Any.Type, ComparisonMode) -> UnsafePointer<UInt8>?) {
        self.mode = mode
        self.descriptorOf = descriptorOf
    }

    /// The items of `type`'s descriptor, or `nil` when AttributeGraph has no layout for it (its
    /// values then compare as their bytes).
    mutating func items(for type: Any.Type) -> [Item]? {
        if let equals = equalsItem(type, size: _typeOps(type).size) { return [equals] }
        guard visit(type) else { return nil }
        return items
    }

    // MARK: Types

    private mutating func visit(_ type: Any.Type) -> Bool {
        let metadata = SwiftABI.address(of: type)
        switch SwiftABI.runtimeKind(of: type) {
        case .struct: return visitStruct(type, metadata)
        case .enum, .optional: return visitEnum(type, metadata)
        case .tuple: return visitTuple(type, metadata)
        case .function: return visitFunction(metadata)
        case .existential: return visitExistential(type, metadata)
        default: return false
        }
    }

    private mutating func visitStruct(_ type: Any.Type, _ metadata: UnsafeRawPointer) -> Bool {
        guard let descriptor = SwiftABI.valueTypeDescriptor(metadata), let fields = SwiftABI.structFields(metadata)
        else { return false }
        let size = _typeOps(type).size
        let arguments = SwiftABI.valueTypeGenericArguments(metadata)
        for (index, field) in fields.enumerated() {
            guard let name = field.mangledTypeName,
                let fieldType = SwiftABI.resolve(name, descriptor: descriptor, genericArguments: arguments)
            else { return false }
            let end = index + 1 < fields.count ? fields[index + 1].offset : size
            visitElement(
                fieldType, ownership: SwiftABI.referenceOwnership(ofMangledName: name), at: field.offset,
                size: elementSize(fieldType, room: field.offset <= end ? end - field.offset : Int.max))
        }
        return !fields.isEmpty
    }

    private mutating func visitTuple(_ type: Any.Type, _ metadata: UnsafeRawPointer) -> Bool {
        let count = SwiftABI.tupleCount(metadata)
        let size = _typeOps(type).size
        for index in 0..<count {
            let element = SwiftABI.tupleElement(metadata, at: index)
            let end = index + 1 < count ? SwiftABI.tupleElement(metadata, at: index + 1).offset : size
            visitElement(
                element.type, ownership: .strong, at: element.offset,
                size: elementSize(element.type, room: element.offset <= end ? end - element.offset : Int.max))
        }
        return true
    }

    /// An element's size; a metatype's is bounded by the room before the next element (as
    /// AttributeGraph measures it).
    private func elementSize(_ type: Any.Type, room: Int) -> Int {
        let size = _typeOps(type).size
        return SwiftABI.runtimeKind(of: type) == .metatype ? min(size, room) : size
    }

    private mutating func visitEnum(_ type: Any.Type, _ metadata: UnsafeRawPointer) -> Bool {
        guard let descriptor = SwiftABI.valueTypeDescriptor(metadata),
            SwiftABI.payloadCaseCount(ofEnumDescriptor: descriptor) != 0
        else { return false }
        let records = SwiftABI.fieldRecords(ofDescriptor: descriptor)
        guard !records.isEmpty else { return false }
        let size = _typeOps(type).size
        let arguments = SwiftABI.valueTypeGenericArguments(metadata)
        var cases: [EnumCase] = []
        var tag = 0
        // Payload cases come first among the records, in tag order; the others name no type.
        for record in records {
            guard let name = record.mangledTypeName else { continue }
            guard caseDepth <= 7 else { return false }
            caseDepth += 1
            defer { caseDepth -= 1 }
            let outer = items
            defer { items = outer }
            items = []
            if record.isIndirectCase && mode == .bitwise {
                addData(SwiftABI.wordSize)
            } else {
                guard let payload = SwiftABI.resolve(name, descriptor: descriptor, genericArguments: arguments) else {
                    return false
                }
                let payloadSize = _typeOps(payload).size
                if record.isIndirectCase {
                    if payloadSize != 0 { items.append(.indirect(offset: offset, size: size, payload: payload)) }
                } else if shouldVisitFields(payload, size: payloadSize), !visit(payload) {
                    items = payloadSize == 0 ? [] : [.data(offset: offset, size: payloadSize)]
                }
            }
            if !items.isEmpty { cases.append(EnumCase(tag: tag, items: items)) }
            tag += 1
        }
        if tag > 0 { items.append(.enumeration(offset: offset, size: size, type: type, cases: cases)) }
        return true
    }

    private mutating func visitFunction(_ metadata: UnsafeRawPointer) -> Bool {
        guard mode != .bitwise, SwiftABI.hasSwiftConvention(function: metadata) else { return false }
        addData(SwiftABI.wordSize)
        items.append(.captureReference(offset: offset + SwiftABI.wordSize))
        return true
    }

    private mutating func visitExistential(_ type: Any.Type, _ metadata: UnsafeRawPointer) -> Bool {
        if mode == .bitwise || (mode == .indirect && SwiftABI.isClassExistential(metadata)) { return false }
        items.append(.existential(offset: offset, size: _typeOps(type).size, type: type))
        return true
    }

    // MARK: Elements

    /// A stored property, tuple element or payload of `size` bytes at `elementOffset` from the
    /// current position.
    private mutating func visitElement(
        _ type: Any.Type, ownership: SwiftABI.ReferenceOwnership, at elementOffset: Int, size: Int
    ) {
        guard size != 0 else { return }
        offset += elementOffset
        defer { offset -= elementOffset }
        guard ownership == .strong else {
            addData(size)
            return
        }
        if shouldVisitFields(type, size: _typeOps(type).size) {
            let saved = items
            if !visit(type) {
                items = saved
                addData(size)
            }
        }
    }

    /// Adds `type`'s own descriptor (or its `==`) at the current position; `true` when it has
    /// none and its parts are to be visited here.
    private mutating func shouldVisitFields(_ type: Any.Type, size: Int) -> Bool {
        if let descriptor = descriptorOf(type, mode) {
            if descriptor == _LayoutDescriptor.trivial {
                addData(size)
            } else {
                items.append(.nested(offset: offset, size: size, descriptor: descriptor))
            }
            return false
        }
        if let equals = equalsItem(type, size: size) {
            items.append(equals)
            return false
        }
        return true
    }

    private mutating func addData(_ size: Int) {
        guard size != 0 else { return }
        if case .data(let start, let count)? = items.last, start + count == offset {
            items[items.count - 1] = .data(offset: start, size: count + size)
        } else {
            items.append(.data(offset: offset, size: size))
        }
    }

    private func equalsItem(_ type: Any.Type, size: Int) -> Item? {
        Self.comparisonWitnessTable(type, mode: mode).map {
            .equals(offset: offset, size: size, type: type, witnessTable: $0)
        }
    }

    /// The conformance an `equals` instruction for `type` calls in `mode`, if one applies: the
    /// type's ``_ComparisonOverride`` (every mode but `bitwise`), else its `Equatable` conformance
    /// (plain data in `equatableAlways` only, other types from `equatableUnlessPOD` up; structs,
    /// enums, optionals, tuples and classes).
    static func comparisonWitnessTable(_ type: Any.Type, mode: ComparisonMode) -> UnsafeRawPointer? {
        if mode != .bitwise, let custom = type as? any _ComparisonOverride.Type {
            // `as` keeps the existential closed: the cast reads its two words.
            return unsafeBitCast(
                custom as any _ComparisonOverride.Type, to: (type: UnsafeRawPointer, witnessTable: UnsafeRawPointer).self
            ).witnessTable
        }
        let minimum: ComparisonMode = _typeOps(type).isPOD ? .equatableAlways : .equatableUnlessPOD
        guard mode.rawValue >= minimum.rawValue else { return nil }
        switch SwiftABI.runtimeKind(of: type) {
        case .class, .struct, .enum, .optional, .tuple: break
        default: return nil
        }
        guard let equatable = type as? any Equatable.Type else { return nil }
        return unsafeBitCast(
            equatable as any Equatable.Type, to: (type: UnsafeRawPointer, witnessTable: UnsafeRawPointer).self
        ).witnessTable
    }

    // MARK: Encoding

    /// What a type's descriptor is, once its items are known.
    enum Encoded {
        case trivial
        /// Another type's descriptor, reused (a type that is one nested type at its start).
        case existing(UnsafePointer<UInt8>)
        /// New instruction bytes, `end` byte included.
        case program([UInt8])
    }

    /// Encodes the items of a type of `size` bytes: nothing or a single byte range is trivial, a
    /// single nested descriptor at the start is that descriptor, and so is anything whose
    /// instructions would cover more than the type's bytes (AttributeGraph's sanity check).
    static func encode(_ items: [Item], size: Int) -> Encoded {
        if items.isEmpty { return .trivial }
        if items.count == 1 {
            switch items[0] {
            case .data: return .trivial
            case .nested(0, _, let descriptor): return .existing(descriptor)
            default: break
            }
        }
        var emitter = Emitter()
        emitter.emit(items)
        emitter.bytes.append(_LayoutDescriptor.Opcode.end.rawValue)
        return size < emitter.emittedSize ? .trivial : .program(emitter.bytes)
    }

    /// Writes items as instructions, tracking the position the instructions have reached.
    struct Emitter {
        var bytes: [UInt8] = []
        var emittedSize = 0
        /// An item started before the position (overlap): the enum checks below stop counting.
        var invalid = false

        mutating func emit(_ items: [Item]) {
            for item in items { emit(item) }
        }

        mutating func emit(_ item: Item) {
            typealias Opcode = _LayoutDescriptor.Opcode
            switch item {
            case .data(let offset, let size):
                enter(offset)
                var remaining = size
                while remaining > 0x80 {
                    bytes.append(0xff)
                    remaining -= 0x80
                }
                if remaining > 0 { bytes.append(_LayoutDescriptor.readBase | UInt8(remaining - 1)) }
                emittedSize += size
            case .equals(let offset, let size, let type, let witnessTable):
                enter(offset)
                bytes.append(Opcode.equals.rawValue)
                appendWord(SwiftABI.address(of: type))
                appendWord(witnessTable)
                emittedSize += size
            case .indirect(let offset, let size, let payload):
                enter(offset)
                bytes.append(Opcode.indirect.rawValue)
                appendWord(SwiftABI.address(of: payload))
                appendWord(nil)
                emittedSize += size
            case .existential(let offset, let size, let type):
                enter(offset)
                bytes.append(Opcode.existential.rawValue)
                appendWord(SwiftABI.address(of: type))
                emittedSize += size
            case .captureReference(let offset):
                enter(offset)
                bytes.append(Opcode.captureReference.rawValue)
                emittedSize += SwiftABI.wordSize
            case .nested(let offset, let size, let descriptor):
                enter(offset)
                let length = _LayoutDescriptor.length(descriptor)
                if length < _LayoutDescriptor.inlineNestedLimit {
                    bytes.append(contentsOf: UnsafeBufferPointer(start: descriptor, count: length - 1))
                } else {
                    bytes.append(Opcode.nested.rawValue)
                    appendWord(UnsafeRawPointer(descriptor))
                    appendVarint(size)
                }
                emittedSize += size
            case .enumeration(let offset, let size, let type, let cases):
                enter(offset)
                if cases.isEmpty {
                    bytes.append(Opcode.enumStart0.rawValue)
                    appendWord(SwiftABI.address(of: type))
                }
                for (index, enumCase) in cases.enumerated() {
                    if index == 0 {
                        if enumCase.tag <= 2 {
                            bytes.append(Opcode.enumStart0.rawValue + UInt8(enumCase.tag))
                        } else {
                            bytes.append(Opcode.enumStartVariadic.rawValue)
                            appendVarint(enumCase.tag)
                        }
                        appendWord(SwiftABI.address(of: type))
                    } else if enumCase.tag <= 8 {
                        bytes.append(Opcode.enumContinue0.rawValue + UInt8(enumCase.tag))
                    } else {
                        bytes.append(Opcode.enumContinueVariadic.rawValue)
                        appendVarint(enumCase.tag)
                    }
                    var payload = Emitter()
                    payload.emit(enumCase.items)
                    bytes += payload.bytes
                    if !invalid && !payload.invalid {
                        invalid = emittedSize + size < payload.emittedSize
                    }
                }
                bytes.append(Opcode.enumEnd.rawValue)
                emittedSize += size
            }
        }

        /// Moves the position to `offset`, with skips (1…64 bytes each) over what lies between.
        private mutating func enter(_ offset: Int) {
            if !invalid {
                if offset >= emittedSize {
                    var skip = offset - emittedSize
                    while skip > 0x40 {
                        bytes.append(0x7f)
                        skip -= 0x40
                    }
                    if skip > 0 { bytes.append(_LayoutDescriptor.skipBase | UInt8(skip - 1)) }
                } else {
                    invalid = true
                }
            }
            emittedSize = offset
        }

        private mutating func appendWord(_ word: UnsafeRawPointer?) {
            withUnsafeBytes(of: word) { bytes.append(contentsOf: $0) }
        }

        /// Seven bits a byte, least significant first, the high bit set on all but the last.
        private mutating func appendVarint(_ value: Int) {
            var remaining = UInt(value)
            while remaining != 0 {
                bytes.append(UInt8(remaining & 0x7f) | (remaining > 0x7f ? 0x80 : 0))
                remaining >>= 7
            }
        }
    }
}
