/// AttributeGraph's layout descriptors: a type's comparison rules in ``ComparisonMode`` written
/// as a small byte-code program, what ``prefetchCompareValues(type:options:priority:)`` returns.
///
/// A descriptor is read from its first byte to an ``Opcode/end`` byte. Each instruction covers
/// the next bytes of the value (the position starts at 0 and moves forward only):
///
/// | byte(s) | operands | meaning |
/// |---|---|---|
/// | `0x00` | – | end of the descriptor |
/// | `0x01` | type, `Equatable` witness table (2 words) | `==` on the type's bytes here (advance its size) |
/// | `0x02` | payload type, 0 (2 words) | an `indirect` enum case's box: the same box, or equal payloads |
/// | `0x03` | existential type (1 word) | same dynamic type, then equal values of it |
/// | `0x04` | – | a heap reference (in closure contexts only; advance 1 word) |
/// | `0x05` | – | a closure's context (advance 1 word) |
/// | `0x06` | descriptor (1 word), size (LEB128) | another type's descriptor over `size` bytes |
/// | `0x07` | 32-bit offset, 16-bit size | the same, relative to AttributeGraph's image (never written here) |
/// | `0x08` | tag (LEB128), enum type (1 word) | an enum at this position, and its first listed case |
/// | `0x09`…`0x0b` | enum type (1 word) | the same for tag 0…2 |
/// | `0x0c` | tag (LEB128) | the enum's next listed case |
/// | `0x0d`…`0x15` | – | the next listed case, tag 0…8 |
/// | `0x16` | – | end of the enum: the position moves past the whole enum value |
/// | `0x40`…`0x7f` | – | skip `(byte & 0x3f) + 1` bytes (padding, parts that do not count) |
/// | `0x80`…`0xff` | – | compare `(byte & 0x7f) + 1` bytes |
///
/// An enum's listed cases run from the enum's own position; a case's instructions end where the
/// next case, or the enum's end, starts. Only the case the values are in is compared (after the
/// tags are compared); cases that are not listed compare by tag alone. Words are native-endian
/// pointers (type metadata, witness tables, descriptors), so a descriptor is valid only in the
/// process that built it. Two pointer values are not descriptors: `nil` (AttributeGraph has no
/// layout for the type — its values compare as their bytes) and ``trivial`` (the address 1: the
/// bytes are the whole comparison).
package enum _LayoutDescriptor {
    /// The descriptor of types whose values are compared as all their bytes (AttributeGraph's
    /// `ValueLayoutTrivial`, the address 1).
    package static var trivial: UnsafePointer<UInt8> { UnsafePointer(bitPattern: 1).unsafelyUnwrapped }

    /// The instruction bytes below `0x40` (see the table in ``_LayoutDescriptor``).
    enum Opcode: UInt8 {
        case end = 0x00
        case equals = 0x01
        case indirect = 0x02
        case existential = 0x03
        case heapReference = 0x04
        case captureReference = 0x05
        case nested = 0x06
        case compactNested = 0x07
        case enumStartVariadic = 0x08
        case enumStart0 = 0x09
        case enumStart2 = 0x0b
        case enumContinueVariadic = 0x0c
        case enumContinue0 = 0x0d
        case enumContinue8 = 0x15
        case enumEnd = 0x16
    }

    /// First byte of the one-byte "skip" instructions (`0x40 | (count - 1)`, 1…64 bytes).
    static let skipBase: UInt8 = 0x40
    /// First byte of the one-byte "compare bytes" instructions (`0x80 | (count - 1)`, 1…128 bytes).
    static let readBase: UInt8 = 0x80
    /// Nested descriptors shorter than this (terminator included) are copied in place.
    static let inlineNestedLimit = 0x20

    /// One decoded instruction.
    enum Instruction {
        case end
        case read(count: Int)
        case skip(count: Int)
        case equals(type: Any.Type, witnessTable: UnsafeRawPointer)
        case indirect(payload: Any.Type)
        case existential(type: Any.Type)
        case heapReference
        case captureReference
        case nested(UnsafePointer<UInt8>, size: Int)
        case enumStart(tag: Int, type: Any.Type)
        case enumContinue(tag: Int)
        case enumEnd
    }

    /// Reads a descriptor's instructions in order.
    struct Reader {
        /// The next instruction's first byte.
        var position: UnsafePointer<UInt8>

        init(_ descriptor: UnsafePointer<UInt8>) {
            position = descriptor
        }

        /// The next instruction, moving past it.
        mutating func next() -> Instruction {
            let byte = readByte()
            if byte >= readBase { return .read(count: Int(byte & 0x7f) + 1) }
            if byte >= skipBase { return .skip(count: Int(byte & 0x3f) + 1) }
            switch byte {
            case Opcode.end.rawValue:
                return .end
            case Opcode.equals.rawValue:
                let type = readType()
                return .equals(type: type, witnessTable: readWord().unsafelyUnwrapped)
            case Opcode.indirect.rawValue:
                let payload = readType()
                _ = readWord()
                return .indirect(payload: payload)
            case Opcode.existential.rawValue:
                return .existential(type: readType())
            case Opcode.heapReference.rawValue:
                return .heapReference
            case Opcode.captureReference.rawValue:
                return .captureReference
            case Opcode.nested.rawValue:
                let descriptor = readWord().unsafelyUnwrapped.assumingMemoryBound(to: UInt8.self)
                return .nested(descriptor, size: readVarint())
            case Opcode.enumStartVariadic.rawValue:
                let tag = readVarint()
                return .enumStart(tag: tag, type: readType())
            case Opcode.enumStart0.rawValue...Opcode.enumStart2.rawValue:
                return .enumStart(tag: Int(byte - Opcode.enumStart0.rawValue), type: readType())
            case Opcode.enumContinueVariadic.rawValue:
                return .enumContinue(tag: readVarint())
            case Opcode.enumContinue0.rawValue...Opcode.enumContinue8.rawValue:
                return .enumContinue(tag: Int(byte - Opcode.enumContinue0.rawValue))
            case Opcode.enumEnd.rawValue:
                return .enumEnd
            default:
                // 0x07 (AttributeGraph's image-relative form) and unassigned bytes: never written
                // by the builder, so the bytes were not made by it.
                _Misuse.fail("AttrGraph: byte 0x\(String(byte, radix: 16)) is not a layout descriptor instruction.")
            }
        }

        /// Moves past the instructions of the current enum case: to the next case of the same
        /// enum, or to its end (whichever comes first at this nesting level).
        mutating func skipCase() {
            position += _LayoutDescriptor.length(position)
        }

        private mutating func readByte() -> UInt8 {
            defer { position += 1 }
            return position.pointee
        }

        private mutating func readWord() -> UnsafeRawPointer? {
            defer { position += SwiftABI.wordSize }
            return UnsafeRawPointer(position).loadUnaligned(as: UnsafeRawPointer?.self)
        }

        private mutating func readType() -> Any.Type {
            SwiftABI.type(at: readWord().unsafelyUnwrapped)
        }

        private mutating func readVarint() -> Int {
            var value = 0
            var shift = 0
            while true {
                let byte = readByte()
                value |= Int(byte & 0x7f) << shift
                if byte & 0x80 == 0 { return value }
                shift += 7
            }
        }
    }

    /// AttributeGraph's `length`: the number of bytes from `start` to the end of the descriptor
    /// (the `end` byte included) — or, inside an enum case, to the start of the next case or of
    /// the enum's end (not included).
    package static func length(_ start: UnsafePointer<UInt8>) -> Int {
        var reader = Reader(start)
        var depth = 0
        while true {
            let before = reader.position
            switch reader.next() {
            case .end:
                return reader.position - start
            case .enumStart:
                depth += 1
            case .enumContinue:
                if depth == 0 { return before - start }
            case .enumEnd:
                if depth == 0 { return before - start }
                depth -= 1
            default:
                break
            }
        }
    }

    // MARK: Printing

    /// The descriptor as AttributeGraph prints it with `AG_PRINT_LAYOUTS` (an S-expression, one
    /// instruction a line): `(layout #:length 18 #:address 0x… (== #:size 8 #:type Int))`.
    package static func description(of descriptor: UnsafePointer<UInt8>) -> String {
        var text = "(layout #:length \(length(descriptor)) #:address \(addressDescription(descriptor))"
        var indent = 3
        var reader = Reader(descriptor)
        func line(_ item: String) {
            text += "\n" + String(repeating: " ", count: indent) + item
        }
        while true {
            switch reader.next() {
            case .end:
                return text + ")\n"
            case .read(let count):
                line("(read \(count))")
            case .skip(let count):
                line("(skip \(count))")
            case .equals(let type, _):
                line("(== #:size \(_typeOps(type).size) #:type \(_typeName(type, qualified: false)))")
            case .indirect(let payload):
                line("(indirect #:size \(_typeOps(payload).size) #:type \(_typeName(payload, qualified: false)))")
            case .existential(let type):
                line("(existential #:size \(_typeOps(type).size) #:type \(_typeName(type, qualified: false)))")
            case .heapReference:
                line("(heap-ref)")
            case .captureReference:
                line("(capture-ref)")
            case .nested(let nested, let size):
                line("(nested #:size \(size) #:layout \(addressDescription(nested)))")
            case .enumStart(let tag, let type):
                line("(enum #:size \(_typeOps(type).size) #:type \(_typeName(type, qualified: false))")
                indent += 2
                line("(case \(tag)")
                indent += 2
            case .enumContinue(let tag):
                text += ")"
                indent -= 2
                line("(case \(tag)")
                indent += 2
            case .enumEnd:
                indent -= 4
                text += "))"
            }
        }
    }

    /// An address as C's `%p` prints it: `0x` and lowercase hexadecimal digits, no leading zeros.
    static func addressDescription(_ pointer: UnsafePointer<UInt8>) -> String {
        "0x" + String(UInt(bitPattern: pointer), radix: 16)
    }
}
