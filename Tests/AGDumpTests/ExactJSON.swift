/// An independent JSON reader for the `--json` oracle: it keeps what a lossless writer must
/// keep and nothing a normaliser may change. Strings are their UTF-16 code units (so a lone
/// surrogate escape survives, and NFC and NFD text stay different), numbers their text as
/// written, objects their members in any order (``==`` compares them sorted by key).
///
/// Written apart from agdump's reader on purpose; it trusts its input to be JSON (the caller has
/// agdump's verdict) and returns `nil` for anything it does not understand.
indirect enum ExactJSON: Equatable, CustomStringConvertible {
    case object([(key: [UInt16], value: ExactJSON)])
    case array([ExactJSON])
    case string([UInt16])
    case number(String)
    case literal(String)

    static func == (lhs: ExactJSON, rhs: ExactJSON) -> Bool {
        switch (lhs, rhs) {
        case (.object(let a), .object(let b)):
            guard a.count == b.count else { return false }
            let order: ((key: [UInt16], value: ExactJSON), (key: [UInt16], value: ExactJSON)) -> Bool = {
                $0.key.lexicographicallyPrecedes($1.key)
            }
            return zip(a.sorted(by: order), b.sorted(by: order)).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case (.array(let a), .array(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.literal(let a), .literal(let b)): return a == b
        default: return false
        }
    }

    var description: String {
        switch self {
        case .object(let members):
            return "{" + members.map { "\(String(decoding: $0.key, as: UTF16.self).debugDescription): \($0.value)" }.joined(separator: ", ") + "}"
        case .array(let values): return "[" + values.map(\.description).joined(separator: ", ") + "]"
        case .string(let units): return String(decoding: units, as: UTF16.self).debugDescription + "\(units)"
        case .number(let text), .literal(let text): return text
        }
    }

    /// Reads one JSON document (UTF-8, an optional byte-order mark).
    static func parse(_ bytes: [UInt8]) -> ExactJSON? {
        var reader = Reader(bytes: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes)
        guard let value = reader.value() else { return nil }
        reader.skipSpace()
        return reader.index == reader.bytes.count ? value : nil
    }

    /// Whether `text` is a JSON number: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    static func isNumber(_ text: String) -> Bool {
        var rest = Substring(text)
        func digits() -> Int {
            let count = rest.prefix { $0.isASCII && $0.isNumber }.count
            rest = rest.dropFirst(count)
            return count
        }
        if rest.first == "-" { rest = rest.dropFirst() }
        if rest.first == "0" {
            rest = rest.dropFirst()
        } else if digits() == 0 {
            return false
        }
        if rest.first == "." {
            rest = rest.dropFirst()
            if digits() == 0 { return false }
        }
        if rest.first == "e" || rest.first == "E" {
            rest = rest.dropFirst()
            if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
            if digits() == 0 { return false }
        }
        return rest.isEmpty
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func value() -> ExactJSON? {
            skipSpace()
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                var members: [(key: [UInt16], value: ExactJSON)] = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return .object(members)
                }
                while true {
                    skipSpace()
                    guard case .string(let key)? = string() else { return nil }
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
                    index += 1
                    guard let member = value() else { return nil }
                    members.append((key, member))
                    skipSpace()
                    guard index < bytes.count else { return nil }
                    index += 1
                    if bytes[index - 1] == UInt8(ascii: "}") { return .object(members) }
                    guard bytes[index - 1] == UInt8(ascii: ",") else { return nil }
                }
            case UInt8(ascii: "["):
                index += 1
                var values: [ExactJSON] = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return .array(values)
                }
                while true {
                    guard let element = value() else { return nil }
                    values.append(element)
                    skipSpace()
                    guard index < bytes.count else { return nil }
                    index += 1
                    if bytes[index - 1] == UInt8(ascii: "]") { return .array(values) }
                    guard bytes[index - 1] == UInt8(ascii: ",") else { return nil }
                }
            case UInt8(ascii: "\""):
                return string()
            default:
                let start = index
                while index < bytes.count, !",]} \t\r\n".utf8.contains(bytes[index]) { index += 1 }
                let text = String(decoding: bytes[start..<index], as: UTF8.self)
                if ["true", "false", "null"].contains(text) { return .literal(text) }
                return ExactJSON.isNumber(text) ? .number(text) : nil
            }
        }

        mutating func string() -> ExactJSON? {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
            index += 1
            var units: [UInt16] = []
            var raw: [UInt8] = []
            func flush() -> Bool {
                guard !raw.isEmpty else { return true }
                guard let text = String(validating: raw, as: UTF8.self) else { return false }
                units += Array(text.utf16)
                raw = []
                return true
            }
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: "\"") { return flush() ? .string(units) : nil }
                if byte < 0x20 { return nil }
                guard byte == UInt8(ascii: "\\") else {
                    raw.append(byte)
                    continue
                }
                guard flush(), index < bytes.count else { return nil }
                let escape = bytes[index]
                index += 1
                let simple: [UInt8: UInt16] = [
                    UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F, UInt8(ascii: "b"): 0x08,
                    UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
                ]
                if let unit = simple[escape] {
                    units.append(unit)
                } else if escape == UInt8(ascii: "u"), index + 4 <= bytes.count,
                    let unit = UInt16(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
                {
                    units.append(unit)
                    index += 4
                } else {
                    return nil
                }
            }
            return nil
        }
    }
}
