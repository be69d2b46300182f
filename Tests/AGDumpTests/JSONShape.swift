/// An independent recogniser of JSON text and of its prefixes, for the trace fuzzer's oracle:
/// is the text one complete JSON value, a valid beginning of one that was cut short (and how
/// many elements of its top-level array are complete), or invalid?
///
/// Written as a pushdown automaton over bytes, apart from agdump's recursive scanner, with the
/// limits agdump documents: strings must be UTF-8 without raw control characters, nesting at
/// most 512 deep. (Duplicate keys are not its business: agdump rejects them, so they never
/// lead to exit 0.)
enum JSONShape: Equatable {
    case complete
    case cutShort(completeElements: Int)
    case invalid

    private enum Expect {
        case value, keyOrEnd, key, colon, commaOrEndObject, valueOrEndArray, commaOrEndArray
    }

    private enum Number: Equatable {
        case sign, zero, integer, dot, fraction, exponentMark, exponentSign, exponent

        var isComplete: Bool { self == .zero || self == .integer || self == .fraction || self == .exponent }
    }

    static func classify(_ input: [UInt8]) -> JSONShape {
        let bytes = input.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(input.dropFirst(3)) : input
        var containers: [UInt8] = []  // "{" or "["
        var expect = Expect.value
        var done = false
        var completeElements = 0
        // Inside a token:
        var inString = false
        var stringIsKey = false
        var escape = 0  // 0 none, 1 after a backslash, 2…5 hex digits still to read (5 - escape + 1)
        var stringBytes: [UInt8] = []
        var number: Number?
        var literal: ArraySlice<UInt8> = []

        func valueEnded() {
            if containers.isEmpty {
                done = true
            } else if containers.last == UInt8(ascii: "[") {
                if containers.count == 1 { completeElements += 1 }
                expect = .commaOrEndArray
            } else {
                expect = .commaOrEndObject
            }
        }

        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                index += 1
                if escape == 1 {
                    if byte == UInt8(ascii: "u") {
                        escape = 2
                    } else if Array("\"\\/bfnrt".utf8).contains(byte) {
                        escape = 0
                    } else {
                        return .invalid
                    }
                    continue
                }
                if escape >= 2 {
                    guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
                        || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
                    else { return .invalid }
                    escape = escape == 5 ? 0 : escape + 1
                    continue
                }
                if byte == UInt8(ascii: "\\") {
                    escape = 1
                } else if byte == UInt8(ascii: "\"") {
                    guard String(validating: stringBytes, as: UTF8.self) != nil else { return .invalid }
                    inString = false
                    stringBytes = []
                    if stringIsKey { expect = .colon } else { valueEnded() }
                } else if byte < 0x20 {
                    return .invalid
                } else {
                    stringBytes.append(byte)
                }
                continue
            }
            if let state = number {
                let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
                var next: Number?
                switch (state, byte) {
                case (.sign, UInt8(ascii: "0")): next = .zero
                case (.sign, _) where isDigit: next = .integer
                case (.integer, _) where isDigit: next = .integer
                case (.zero, UInt8(ascii: ".")), (.integer, UInt8(ascii: ".")): next = .dot
                case (.dot, _) where isDigit, (.fraction, _) where isDigit: next = .fraction
                case (.zero, UInt8(ascii: "e")), (.zero, UInt8(ascii: "E")), (.integer, UInt8(ascii: "e")), (.integer, UInt8(ascii: "E")),
                    (.fraction, UInt8(ascii: "e")), (.fraction, UInt8(ascii: "E")):
                    next = .exponentMark
                case (.exponentMark, UInt8(ascii: "+")), (.exponentMark, UInt8(ascii: "-")): next = .exponentSign
                case (.exponentMark, _) where isDigit, (.exponentSign, _) where isDigit, (.exponent, _) where isDigit: next = .exponent
                default: next = nil
                }
                if let next {
                    number = next
                    index += 1
                    continue
                }
                guard state.isComplete else { return .invalid }
                number = nil
                valueEnded()
                // The byte that ended the number is read again below.
            }
            if !literal.isEmpty {
                guard byte == literal.first else { return .invalid }
                literal = literal.dropFirst()
                index += 1
                if literal.isEmpty { valueEnded() }
                continue
            }
            index += 1
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { continue }
            if done { return .invalid }
            switch expect {
            case .colon:
                guard byte == UInt8(ascii: ":") else { return .invalid }
                expect = .value
            case .commaOrEndObject, .commaOrEndArray:
                let close = expect == .commaOrEndObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if byte == UInt8(ascii: ",") {
                    expect = expect == .commaOrEndObject ? .key : .value
                } else if byte == close {
                    containers.removeLast()
                    valueEnded()
                } else {
                    return .invalid
                }
            case .keyOrEnd, .key:
                if byte == UInt8(ascii: "}"), expect == .keyOrEnd {
                    containers.removeLast()
                    valueEnded()
                } else if byte == UInt8(ascii: "\"") {
                    inString = true
                    stringIsKey = true
                } else {
                    return .invalid
                }
            case .value, .valueOrEndArray:
                switch byte {
                case UInt8(ascii: "]") where expect == .valueOrEndArray:
                    containers.removeLast()
                    valueEnded()
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    containers.append(byte)
                    if containers.count > 512 { return .invalid }
                    expect = byte == UInt8(ascii: "{") ? .keyOrEnd : .valueOrEndArray
                case UInt8(ascii: "\""):
                    inString = true
                    stringIsKey = false
                case UInt8(ascii: "-"): number = .sign
                case UInt8(ascii: "0"): number = .zero
                case UInt8(ascii: "1")...UInt8(ascii: "9"): number = .integer
                case UInt8(ascii: "t"): literal = Array("rue".utf8)[...]
                case UInt8(ascii: "f"): literal = Array("alse".utf8)[...]
                case UInt8(ascii: "n"): literal = Array("ull".utf8)[...]
                default: return .invalid
                }
            }
        }
        // The end of the text.
        if let state = number, containers.isEmpty, state.isComplete { return .complete }
        if done { return .complete }
        if inString {
            // A cut may fall inside a UTF-8 sequence: what came before it must be valid.
            let valid = (0...min(3, stringBytes.count)).contains { String(validating: stringBytes.dropLast($0), as: UTF8.self) != nil }
            if !valid { return .invalid }
        }
        if containers.isEmpty && number == nil && literal.isEmpty && !inString { return .invalid }  // nothing at all
        return .cutShort(completeElements: completeElements)
    }
}
