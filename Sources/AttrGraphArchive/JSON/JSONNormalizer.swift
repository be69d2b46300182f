
/// Writes JSON text normalised and nothing else: the members of every object sorted by key
/// (by code point, which is UTF-8 byte order), two-space indentation with `": "` (the layout
/// `GraphArchive.writeJSON` uses), and every value exactly what the text holds — numbers as
/// written (`1E2`, `-0`, integers of any size), strings by their code points (NFC and NFD text
/// stay what they were; a lone surrogate escape stays one), unknown keys wherever they are.
///
/// This is `agdump --json`: the archive model keeps what it knows, and normalising from the
/// text makes losing anything impossible rather than something each field must get right.
///
/// Strings are written with `"`, `\`, control characters, DEL, C1 controls, the line and
/// paragraph separators, the bidirectional controls and lone surrogates escaped (`\n`, `\u001b`,
/// …), everything else as UTF-8 — the same code points, and nothing that drives a terminal.
///
/// Cost: one pass over the text records where each container ends (two integers per object
/// or array), then one pass writes; no value tree is built, so the memory is that index.
/// The text must be valid JSON (agdump has parsed it as an archive first); anything else is
/// reported as malformed rather than trusted.
struct JSONNormalizer {
    private let bytes: UnsafeBufferPointer<UInt8>
    /// Per container, in the order they open: the offset of its closing bracket …
    private var ends: [Int] = []
    /// … and the number of containers opened before its end (its next sibling's ordinal).
    private var nexts: [Int] = []
    private var pending: [UInt8] = []
    /// Where the text goes, in chunks that end between values.
    private(set) var output: OutputBuffer

    init(bytes: UnsafeBufferPointer<UInt8>, output: OutputBuffer) {
        self.bytes = bytes
        self.output = output
    }

    /// Indexes the text, then writes it normalised (followed by a line break).
    mutating func run() throws {
        try index()
        var position = skipSpace(0)
        try writeValue(at: &position, ordinal: 0, depth: 0)
        pending.append(UInt8(ascii: "\n"))
        try flush()
    }

    private func malformed(_ offset: Int) -> ArchiveReadError {
        ArchiveReadError(.malformedJSON, "malformed JSON near byte \(offset) (normalising for --json)")
    }

    // MARK: Index

    /// Records where every container ends.
    private mutating func index() throws(ArchiveReadError) {
        var open: [Int] = []
        var position = 0
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "\""):
                position += 1
                while position < bytes.count, bytes[position] != UInt8(ascii: "\"") {
                    position += bytes[position] == UInt8(ascii: "\\") ? 2 : 1
                }
                guard position < bytes.count else { throw malformed(position) }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                open.append(ends.count)
                ends.append(-1)
                nexts.append(-1)
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard let container = open.popLast() else { throw malformed(position) }
                ends[container] = position
                nexts[container] = ends.count
            default:
                break
            }
            position += 1
        }
        guard open.isEmpty else { throw malformed(position) }
    }

    // MARK: Reading

    private func skipSpace(_ start: Int) -> Int {
        var position = start
        while position < bytes.count, bytes[position] == 0x20 || bytes[position] == 0x0A || bytes[position] == 0x0D || bytes[position] == 0x09 {
            position += 1
        }
        return position
    }

    /// Where the number or literal at `start` ends.
    private func scalarEnd(_ start: Int) -> Int {
        var position = start
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."):
                position += 1
            default:
                return position
            }
        }
        return position
    }

    /// The code points of the string whose opening quote is at `start` (a lone surrogate escape
    /// as its own value), and the offset after its closing quote.
    private func decodeString(at start: Int) throws(ArchiveReadError) -> (codePoints: [UInt32], end: Int) {
        guard start < bytes.count, bytes[start] == UInt8(ascii: "\"") else { throw malformed(start) }
        var codePoints: [UInt32] = []
        var position = start + 1
        func hex4(_ at: Int) throws(ArchiveReadError) -> UInt32 {
            guard at + 4 <= bytes.count else { throw malformed(at) }
            var value: UInt32 = 0
            for offset in 0..<4 {
                let byte = bytes[at + offset]
                let digit: UInt32
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a")) + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A")) + 10
                default: throw malformed(at + offset)
                }
                value = value << 4 | digit
            }
            return value
        }
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                return (codePoints, position + 1)
            case UInt8(ascii: "\\"):
                guard position + 1 < bytes.count else { throw malformed(position) }
                let escape = bytes[position + 1]
                position += 2
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): codePoints.append(UInt32(escape))
                case UInt8(ascii: "b"): codePoints.append(0x08)
                case UInt8(ascii: "f"): codePoints.append(0x0C)
                case UInt8(ascii: "n"): codePoints.append(0x0A)
                case UInt8(ascii: "r"): codePoints.append(0x0D)
                case UInt8(ascii: "t"): codePoints.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try hex4(position)
                    position += 4
                    if code >= 0xD800 && code < 0xDC00, position + 6 <= bytes.count, bytes[position] == UInt8(ascii: "\\"),
                        bytes[position + 1] == UInt8(ascii: "u")
                    {
                        let low = try hex4(position + 2)
                        if low >= 0xDC00 && low < 0xE000 {
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                            position += 6
                        }
                    }
                    codePoints.append(code)
                default:
                    throw malformed(position - 1)
                }
            case 0x00..<0x80:
                codePoints.append(UInt32(byte))
                position += 1
            default:
                // A UTF-8 sequence (validated when the archive was read).
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 0
                guard length > 0, position + length <= bytes.count else { throw malformed(position) }
                var value = UInt32(byte) & (0xFF >> (length + 1))
                for offset in 1..<length { value = value << 6 | (UInt32(bytes[position + offset]) & 0x3F) }
                codePoints.append(value)
                position += length
            }
        }
        throw malformed(start)
    }

    // MARK: Writing

    /// Writes the value at `position` (and moves past it); `ordinal` is the next container's.
    private mutating func writeValue(at position: inout Int, ordinal: Int, depth: Int) throws {
        guard position < bytes.count else { throw malformed(position) }
        switch bytes[position] {
        case UInt8(ascii: "{"):
            try writeObject(at: &position, ordinal: ordinal, depth: depth)
        case UInt8(ascii: "["):
            try writeArray(at: &position, ordinal: ordinal, depth: depth)
        case UInt8(ascii: "\""):
            try writeString(at: &position)
        default:
            let end = scalarEnd(position)
            guard end > position else { throw malformed(position) }
            pending.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[position..<end]))
            position = end
        }
        if pending.count >= 64 << 10 { try flush() }
    }

    private mutating func writeObject(at position: inout Int, ordinal: Int, depth: Int) throws {
        guard ordinal < ends.count, ends[ordinal] > position else { throw malformed(position) }
        var members: [Member] = []
        var child = ordinal + 1
        var cursor = skipSpace(position + 1)
        while cursor < ends[ordinal] {
            let quote = cursor
            let afterKey = try stringEnd(at: quote)
            // A key is compared by its UTF-8 bytes as written, unless it has escapes (then by
            // its decoded bytes): either way, code point order.
            let escaped = bytes[(quote + 1)..<(afterKey - 1)].contains(UInt8(ascii: "\\"))
            let decoded = escaped ? Self.wtf8(try decodeString(at: quote).codePoints) : nil
            cursor = skipSpace(afterKey)
            guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: ":") else { throw malformed(cursor) }
            cursor = skipSpace(cursor + 1)
            guard cursor < bytes.count else { throw malformed(cursor) }
            members.append(Member(quote: quote, keyEnd: afterKey - 1, decoded: decoded, value: cursor, ordinal: child))
            if bytes[cursor] == UInt8(ascii: "{") || bytes[cursor] == UInt8(ascii: "[") {
                guard child < ends.count else { throw malformed(cursor) }
                cursor = ends[child] + 1
                child = nexts[child]
            } else if bytes[cursor] == UInt8(ascii: "\"") {
                cursor = try stringEnd(at: cursor)
            } else {
                let end = scalarEnd(cursor)
                guard end > cursor else { throw malformed(cursor) }
                cursor = end
            }
            cursor = try nextItem(after: cursor, in: ordinal)
        }
        position = ends[ordinal] + 1
        if members.isEmpty {
            pending.append(UInt8(ascii: "{"))
            pending.append(UInt8(ascii: "}"))
            return
        }
        members.sort { precedes($0, $1) }
        pending.append(UInt8(ascii: "{"))
        for (index, member) in members.enumerated() {
            if index > 0 { pending.append(UInt8(ascii: ",")) }
            newline(depth + 1)
            var keyPosition = member.quote
            try writeString(at: &keyPosition)
            pending.append(UInt8(ascii: ":"))
            pending.append(UInt8(ascii: " "))
            var valuePosition = member.value
            try writeValue(at: &valuePosition, ordinal: member.ordinal, depth: depth + 1)
        }
        newline(depth)
        pending.append(UInt8(ascii: "}"))
    }

    /// An object's member, found in the text.
    private struct Member {
        /// The offset of the key's opening quote, and of its closing one.
        var quote: Int
        var keyEnd: Int
        /// The key's bytes when it has escapes (decoded; a lone surrogate in the 3-byte form
        /// UTF-8 would give it, so the order stays code point order).
        var decoded: [UInt8]?
        /// Where the value starts, and its ordinal if it is a container.
        var value: Int
        var ordinal: Int
    }

    private func precedes(_ lhs: Member, _ rhs: Member) -> Bool {
        func withKey<Result>(_ member: Member, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
            if let decoded = member.decoded { return decoded.withUnsafeBufferPointer(body) }
            return body(UnsafeBufferPointer(rebasing: bytes[(member.quote + 1)..<member.keyEnd]))
        }
        return withKey(lhs) { left in withKey(rhs) { right in left.lexicographicallyPrecedes(right) } }
    }

    /// Code points as UTF-8, a surrogate as the three bytes its value would take.
    private static func wtf8(_ codePoints: [UInt32]) -> [UInt8] {
        var result: [UInt8] = []
        for code in codePoints {
            if let scalar = Unicode.Scalar(code) {
                UTF8.encode(scalar) { result.append($0) }
            } else {
                result += [UInt8(0xE0 | (code >> 12)), UInt8(0x80 | ((code >> 6) & 0x3F)), UInt8(0x80 | (code & 0x3F))]
            }
        }
        return result
    }

    /// The offset after the closing quote of the string whose opening quote is at `start`.
    private func stringEnd(at start: Int) throws(ArchiveReadError) -> Int {
        guard start < bytes.count, bytes[start] == UInt8(ascii: "\"") else { throw malformed(start) }
        var position = start + 1
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "\""): return position + 1
            case UInt8(ascii: "\\"): position += 2
            default: position += 1
            }
        }
        throw malformed(start)
    }

    private mutating func writeArray(at position: inout Int, ordinal: Int, depth: Int) throws {
        guard ordinal < ends.count, ends[ordinal] > position else { throw malformed(position) }
        var child = ordinal + 1
        var cursor = skipSpace(position + 1)
        var count = 0
        pending.append(UInt8(ascii: "["))
        while cursor < ends[ordinal] {
            if count > 0 { pending.append(UInt8(ascii: ",")) }
            count += 1
            newline(depth + 1)
            let isContainer = bytes[cursor] == UInt8(ascii: "{") || bytes[cursor] == UInt8(ascii: "[")
            try writeValue(at: &cursor, ordinal: child, depth: depth + 1)
            if isContainer { child = nexts[child] }
            cursor = try nextItem(after: cursor, in: ordinal)
        }
        if count > 0 { newline(depth) }
        pending.append(UInt8(ascii: "]"))
        position = ends[ordinal] + 1
    }

    /// After a member or element of container `ordinal`: past the comma to the next one, or at
    /// the container's end.
    private func nextItem(after end: Int, in ordinal: Int) throws(ArchiveReadError) -> Int {
        let cursor = skipSpace(end)
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: ",") { return skipSpace(cursor + 1) }
        guard cursor == ends[ordinal] else { throw malformed(cursor) }
        return cursor
    }

    private mutating func newline(_ depth: Int) {
        pending.append(UInt8(ascii: "\n"))
        pending.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
    }

    /// A string value: copied as it is when nothing in it needs writing differently (the usual
    /// case), else decoded and written code point by code point.
    private mutating func writeString(at position: inout Int) throws {
        var end = position + 1
        var plain = true
        while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
            let byte = bytes[end]
            // A backslash, DEL, or a lead byte that may start a scalar written escaped
            // (U+0080–U+009F: C2; U+061C: D8; U+200E…U+2069: E2).
            if byte == UInt8(ascii: "\\") || byte == 0x7F || byte == 0xC2 || byte == 0xD8 || byte == 0xE2 { plain = false }
            end += 1
        }
        guard end < bytes.count else { throw malformed(position) }
        if plain {
            pending.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[position...end]))
            position = end + 1
            return
        }
        let (codePoints, after) = try decodeString(at: position)
        writeCodePoints(codePoints)
        position = after
    }

    /// `codePoints` as a JSON string.
    private mutating func writeCodePoints(_ codePoints: [UInt32]) {
        func escape(_ letter: UInt8) {
            pending.append(UInt8(ascii: "\\"))
            pending.append(letter)
        }
        pending.append(UInt8(ascii: "\""))
        for code in codePoints {
            switch code {
            case 0x22: escape(UInt8(ascii: "\""))
            case 0x5C: escape(UInt8(ascii: "\\"))
            case 0x0A: escape(UInt8(ascii: "n"))
            case 0x0D: escape(UInt8(ascii: "r"))
            case 0x09: escape(UInt8(ascii: "t"))
            case 0x00..<0x20, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069,
                0xD800...0xDFFF:
                let hex = String(code, radix: 16)
                pending.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
            default:
                guard let scalar = Unicode.Scalar(code) else { continue }  // cannot happen: the rest are scalars
                UTF8.encode(scalar) { pending.append($0) }
            }
        }
        pending.append(UInt8(ascii: "\""))
    }

    /// Hands on what is pending: whole values only, so always whole UTF-8 sequences.
    private mutating func flush() throws {
        guard !pending.isEmpty else { return }
        try output.write(String(decoding: pending, as: UTF8.self))
        pending.removeAll(keepingCapacity: true)
    }
}

extension ArchiveReader {
    /// Writes decoded JSON `text` normalised — keys sorted, indented — with every value as the
    /// text holds it (see `JSONNormalizer`): `agdump --json`. `text` must be valid JSON.
    package static func writeNormalizedJSON(text: [UInt8], into output: inout OutputBuffer) throws {
        output = try text.withUnsafeBufferPointer { buffer in
            var normalizer = JSONNormalizer(bytes: buffer, output: output)
            try normalizer.run()
            return normalizer.output
        }
    }
}
