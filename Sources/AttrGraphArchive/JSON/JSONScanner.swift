
/// A byte-level JSON reader over UTF-8 text that says where input is malformed (line and
/// column, counted only when an error is reported).
///
/// It reads tokens on demand — objects member by member, arrays element by element — so that
/// callers can build typed values straight from the text (``ArchiveParser``) instead of a
/// `JSONValue` tree, and it builds `JSONValue`s only for what they do not know (``readValue()``).
/// Strings are validated as UTF-8; object keys may appear once per object (a debugging tool
/// does not guess which of two values was meant); nesting is limited to ``maxDepth`` levels.
struct JSONScanner {
    static let maxDepth = 512

    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    var depth = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    // MARK: Errors

    /// Line and column (in characters) of byte `offset`.
    func location(of offset: Int) -> (line: Int, column: Int) {
        let offset = min(offset, bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<offset where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        var column = 1
        for index in lineStart..<offset where bytes[index] & 0xC0 != 0x80 { column += 1 }
        return (line, column)
    }

    func error(_ reason: String, at offset: Int? = nil) -> ArchiveReadError {
        let (line, column) = location(of: offset ?? position)
        return ArchiveReadError(.malformedJSON, "malformed JSON at line \(line), column \(column): \(reason)")
    }

    /// The text ran out in the middle of a value: nothing before the end is wrong, the text is
    /// cut short (``ArchiveReadError/atEndOfInput``; a trace cut short is read up to its last
    /// complete event).
    func endOfInput(_ reason: String, at offset: Int? = nil) -> ArchiveReadError {
        var error = error(reason, at: offset)
        error.atEndOfInput = true
        return error
    }

    func describe(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(UnicodeScalar(byte)))'" }
        let hex = String(byte, radix: 16, uppercase: true)
        return "byte 0x" + (hex.count < 2 ? "0" + hex : hex)
    }

    // MARK: Structure

    @inline(__always)
    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    /// The next significant byte, or `nil` at the end.
    @inline(__always)
    mutating func peek() -> UInt8? {
        skipWhitespace()
        return position < bytes.count ? bytes[position] : nil
    }

    mutating func enter() throws(ArchiveReadError) {
        depth += 1
        if depth > Self.maxDepth { throw error("nesting deeper than \(Self.maxDepth) levels") }
    }

    /// Consumes `{`; returns `false` when the object is empty (its `}` consumed too).
    mutating func beginObject() throws(ArchiveReadError) -> Bool {
        guard peek() == UInt8(ascii: "{") else { throw error("expected an object") }
        try enter()
        position += 1
        if peek() == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            return false
        }
        return true
    }

    /// After a member's value: consumes `,` (another member follows: `true`) or `}` (`false`).
    mutating func nextMember() throws(ArchiveReadError) -> Bool {
        switch peek() {
        case UInt8(ascii: ","):
            position += 1
            return true
        case UInt8(ascii: "}"):
            position += 1
            depth -= 1
            return false
        case nil: throw endOfInput("unexpected end of input inside an object")
        case let byte?: throw error("unexpected \(describe(byte)) (expected ',' or '}' after an object member)")
        }
    }

    /// Consumes `[`; returns `false` when the array is empty (its `]` consumed too).
    mutating func beginArray() throws(ArchiveReadError) -> Bool {
        guard peek() == UInt8(ascii: "[") else { throw error("expected an array") }
        try enter()
        position += 1
        if peek() == UInt8(ascii: "]") {
            position += 1
            depth -= 1
            return false
        }
        return true
    }

    /// After an element: consumes `,` (another element follows: `true`) or `]` (`false`).
    mutating func nextElement() throws(ArchiveReadError) -> Bool {
        switch peek() {
        case UInt8(ascii: ","):
            position += 1
            return true
        case UInt8(ascii: "]"):
            position += 1
            depth -= 1
            return false
        case nil: throw endOfInput("unexpected end of input inside an array")
        case let byte?: throw error("unexpected \(describe(byte)) (expected ',' or ']' after an array element)")
        }
    }

    /// A member's key, as it is in the text (``key(_:is:)`` compares it), with the `:` after it
    /// consumed.
    mutating func readKey() throws(ArchiveReadError) -> KeySpan {
        guard let byte = peek() else { throw endOfInput("unexpected end of input inside an object") }
        guard byte == UInt8(ascii: "\"") else { throw error("unexpected \(describe(byte)) (expected a member name in quotes)") }
        let quote = position
        position += 1
        var ascii = true
        var escaped = false
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                break
            }
            if byte < 0x20 { throw error("unescaped control character in a string") }
            if byte >= 0x80 { ascii = false }
            position += 1
        }
        let span: KeySpan
        if escaped {
            position = quote
            span = KeySpan(start: quote, count: 0, decoded: try readString())
        } else {
            guard position < bytes.count else {
                let (line, column) = location(of: quote)
                throw endOfInput("unterminated string (started at line \(line), column \(column))")
            }
            span = KeySpan(start: quote + 1, count: position - quote - 1, decoded: nil)
            if !ascii, String(validating: UnsafeBufferPointer(rebasing: bytes[span.start..<position]), as: UTF8.self) == nil {
                throw error("invalid UTF-8 in a string", at: quote)
            }
            position += 1
        }
        guard peek() == UInt8(ascii: ":") else {
            if position >= bytes.count { throw endOfInput("unexpected end of input after a member name") }
            throw error("expected ':' after member name \(keyString(span).debugDescription)")
        }
        position += 1
        return span
    }

    /// Whether `span` is the key `name` (ASCII), compared by code points: a key is the same
    /// key only when it is the same text, never by canonical equivalence.
    @inline(__always)
    func key(_ span: KeySpan, is name: StaticString) -> Bool {
        if let decoded = span.decoded {
            return decoded.utf8.elementsEqual(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        }
        guard span.count == name.utf8CodeUnitCount else { return false }
        let candidate = name.utf8Start
        for index in 0..<span.count where bytes[span.start + index] != candidate[index] { return false }
        return true
    }

    func keyString(_ span: KeySpan) -> String {
        span.decoded ?? String(decoding: UnsafeBufferPointer(rebasing: bytes[span.start..<span.start + span.count]), as: UTF8.self)
    }

    // MARK: Values

    /// A string value. Strings without escapes are made straight from the text (ASCII without a
    /// check, other text validated as UTF-8).
    mutating func readString() throws(ArchiveReadError) -> String {
        guard peek() == UInt8(ascii: "\"") else { throw error("expected a string") }
        let start = position
        position += 1
        let runStart = position
        var ascii = true
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let run = UnsafeBufferPointer(rebasing: bytes[runStart..<position])
                position += 1
                if ascii { return String(decoding: run, as: UTF8.self) }
                guard let string = String(validating: run, as: UTF8.self) else {
                    throw error("invalid UTF-8 in a string", at: start)
                }
                return string
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw error("unescaped control character in a string") }
            if byte >= 0x80 { ascii = false }
            position += 1
        }
        if position >= bytes.count {
            let (line, column) = location(of: start)
            throw endOfInput("unterminated string (started at line \(line), column \(column))")
        }
        return try readEscapedString(from: runStart, quote: start)
    }

    /// The general case: a string with escapes, from `runStart` (just after the quote at `quote`).
    private mutating func readEscapedString(from runStart: Int, quote: Int) throws(ArchiveReadError) -> String {
        var utf8: [UInt8] = []
        position = runStart
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                guard let string = String(validating: utf8, as: UTF8.self) else {
                    throw error("invalid UTF-8 in a string", at: quote)
                }
                return string
            }
            if byte < 0x20 { throw error("unescaped control character in a string") }
            if byte != UInt8(ascii: "\\") {
                utf8.append(byte)
                position += 1
                continue
            }
            position += 1
            guard position < bytes.count else { break }
            let escape = bytes[position]
            position += 1
            switch escape {
            case UInt8(ascii: "\""): utf8.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): utf8.append(UInt8(ascii: "\\"))
            case UInt8(ascii: "/"): utf8.append(UInt8(ascii: "/"))
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "f"): utf8.append(0x0C)
            case UInt8(ascii: "n"): utf8.append(0x0A)
            case UInt8(ascii: "r"): utf8.append(0x0D)
            case UInt8(ascii: "t"): utf8.append(0x09)
            case UInt8(ascii: "u"):
                var code = try readHex4()
                if code >= 0xD800 && code < 0xDC00, position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                    bytes[position + 1] == UInt8(ascii: "u")
                {
                    let save = position
                    position += 2
                    let low = try readHex4()
                    if low >= 0xDC00 && low < 0xE000 {
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        position = save
                    }
                }
                // A lone surrogate has no scalar: it reads as U+FFFD, as in most JSON readers.
                UTF8.encode(UnicodeScalar(code) ?? "\u{FFFD}") { utf8.append($0) }
            default:
                throw error("invalid escape sequence '\\\(Character(UnicodeScalar(escape)))' in a string", at: position - 2)
            }
        }
        let (line, column) = location(of: quote)
        throw endOfInput("unterminated string (started at line \(line), column \(column))")
    }

    private mutating func readHex4() throws(ArchiveReadError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard position < bytes.count else { throw endOfInput("unexpected end of input in a \\u escape") }
            let byte = bytes[position]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("invalid hex digit \(describe(byte)) in a \\u escape")
            }
            value = value * 16 + digit
            position += 1
        }
        return value
    }

    /// A number: an integer when it is one that fits `Int`, else its text (a fraction, an
    /// exponent or a huge integer).
    mutating func readNumber() throws(ArchiveReadError) -> _Number {
        skipWhitespace()
        let start = position
        var negative = false
        if position < bytes.count, bytes[position] == UInt8(ascii: "-") {
            negative = true
            position += 1
        }
        guard position < bytes.count else { throw endOfInput("unexpected end of input in a number") }
        guard bytes[position] &- UInt8(ascii: "0") < 10 else { throw error("invalid number (expected a digit)") }
        var magnitude: UInt64 = 0
        var overflow = false
        let digitsStart = position
        while position < bytes.count, bytes[position] &- UInt8(ascii: "0") < 10 {
            let (times10, o1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(UInt64(bytes[position] &- UInt8(ascii: "0")))
            overflow = overflow || o1 || o2
            magnitude = sum
            position += 1
        }
        if position - digitsStart > 1 && bytes[digitsStart] == UInt8(ascii: "0") {
            throw error("invalid number (a leading zero)", at: start)
        }
        var isInteger = true
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            guard position < bytes.count else { throw endOfInput("unexpected end of input in a number") }
            guard bytes[position] &- UInt8(ascii: "0") < 10 else { throw error("invalid number (expected a digit after '.')") }
            while position < bytes.count, bytes[position] &- UInt8(ascii: "0") < 10 { position += 1 }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            isInteger = false
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard position < bytes.count else { throw endOfInput("unexpected end of input in a number") }
            guard bytes[position] &- UInt8(ascii: "0") < 10 else { throw error("invalid number (expected a digit in the exponent)") }
            while position < bytes.count, bytes[position] &- UInt8(ascii: "0") < 10 { position += 1 }
        }
        if isInteger, !overflow {
            if negative, magnitude <= UInt64(Int.max) + 1 {
                return .integer(magnitude == UInt64(Int.max) + 1 ? Int.min : -Int(magnitude))
            }
            if !negative, magnitude <= UInt64(Int.max) { return .integer(Int(magnitude)) }
        }
        return .other(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self))
    }

    /// Any value, as a `JSONValue` (for keys the archive model does not know).
    mutating func readValue() throws(ArchiveReadError) -> JSONValue {
        guard let byte = peek() else { throw endOfInput("unexpected end of input (expected a value)") }
        switch byte {
        case UInt8(ascii: "{"):
            var object = JSONObject()
            guard try beginObject() else { return .object(object) }
            var seen = SeenKeys()
            repeat {
                let keyStart = position
                let key = keyString(try readKey())
                if !seen.insert(key) { throw duplicateKey(key, at: keyStart) }
                object.members.append((key, try readValue()))
            } while try nextMember()
            return .object(object)
        case UInt8(ascii: "["):
            var values: [JSONValue] = []
            guard try beginArray() else { return .array(values) }
            repeat { values.append(try readValue()) } while try nextElement()
            return .array(values)
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"): return try readLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try readLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try readLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            switch try readNumber() {
            case .integer(let value): return .int(value)
            case .other(let text):
                // Valid JSON whatever its size: a number beyond the range of doubles is an infinity
                // here, and whoever reads it as a time or a count range-checks it (`--json` writes
                // numbers from the text, as written).
                return .double(Double(text) ?? (text.hasPrefix("-") ? -.infinity : .infinity))
            }
        default: throw error("unexpected \(describe(byte)) (expected a value)")
        }
    }

    mutating func readLiteral(_ word: StaticString, _ value: JSONValue) throws(ArchiveReadError) -> JSONValue {
        let count = word.utf8CodeUnitCount
        for index in 0..<count {
            guard position + index < bytes.count else { throw endOfInput("unexpected end of input in \(word)") }
            if bytes[position + index] != word.utf8Start[index] { throw error("invalid literal (expected \(word))") }
        }
        position += count
        return value
    }

    /// Whether the next value is `null` (consumed if so).
    mutating func readNull() throws(ArchiveReadError) -> Bool {
        guard peek() == UInt8(ascii: "n") else { return false }
        _ = try readLiteral("null", .null)
        return true
    }

    func duplicateKey(_ key: String, at offset: Int) -> ArchiveReadError {
        let (line, column) = location(of: offset)
        return ArchiveReadError(
            .notAnArchive,
            "duplicate key \(key.debugDescription) at line \(line), column \(column): each key may appear once in an "
                + "object (agdump does not guess which value was meant)")
    }

    /// Expects the end of the text.
    mutating func finish() throws(ArchiveReadError) {
        if let byte = peek() { throw error("unexpected \(describe(byte)) after the end of the JSON value") }
    }
}

/// An object key as it appears in the text: a byte range, or the decoded string when it has
/// escapes.
struct KeySpan {
    var start: Int
    var count: Int
    var decoded: String?
}

enum _Number {
    case integer(Int)
    case other(String)
}

/// Keys seen in one object, for duplicate detection (a linear scan while small). Keys are
/// compared by their code points (their UTF-8 bytes): `"café"` in NFC and in NFD, or `"Å"` and
/// the Ångström sign, are different keys, as they are to any other JSON reader; Swift's `String`
/// equality (canonical equivalence) would call them duplicates.
struct SeenKeys {
    private var keys: [String] = []
    private var set: Set<ExactText>?

    /// Inserts `key`; `false` if it was there already.
    mutating func insert(_ key: String) -> Bool {
        if set != nil { return set!.insert(ExactText(key)).inserted }
        if keys.contains(where: { $0.utf8.elementsEqual(key.utf8) }) { return false }
        keys.append(key)
        if keys.count > 16 { set = Set(keys.map(ExactText.init)) }
        return true
    }
}

/// A string hashed and compared by its UTF-8 bytes — its code points — rather than by
/// canonical equivalence as `String` is: for interning and duplicate detection, where text that
/// renders the same but is written differently must stay apart.
struct ExactText: Hashable {
    let string: String

    init(_ string: String) {
        self.string = string
    }

    static func == (lhs: ExactText, rhs: ExactText) -> Bool { lhs.string.utf8.elementsEqual(rhs.string.utf8) }

    func hash(into hasher: inout Hasher) {
        var string = string
        string.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
