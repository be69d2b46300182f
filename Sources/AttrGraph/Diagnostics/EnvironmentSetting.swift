import Foundation

/// The one parser of environment variables for AttrGraph and its companion modules: each module
/// declares its own settings with it (``AGEnvironment`` here, DeclarativeViews' and
/// RunLoopBridge's in theirs), and the README's table lists them all.
///
///     static let threshold = EnvironmentSetting.integer(
///         "DV_LAYOUT_FEEDBACK_THRESHOLD", default: 100, in: 1...Int.max, accepted: "a whole number of passes, 1 or more")
///
/// A value is accepted only in the form the README documents. Anything else — a word where a
/// number belongs, a number out of range or too large to represent, a path that is empty — is
/// reported with one line on the diagnostics stream naming the variable, the value as given
/// (control characters escaped) and what is accepted, and the documented default is used. Each
/// setting is a `static let`, read once per process, so each report is printed once.
package enum EnvironmentSetting {
    /// Where the values come from and where rejections go; tests and the fuzzer pass their own.
    package struct Source: Sendable {
        package var environment: [String: String]
        package var report: DiagnosticSink

        package init(environment: [String: String], report: DiagnosticSink) {
            self.environment = environment
            self.report = report
        }

        /// The process's environment, rejections to ``DiagnosticSink/default``.
        package static var process: Source {
            Source(environment: ProcessInfo.processInfo.environment, report: .default)
        }
    }

    /// An integer in `range` (decimal ASCII digits, optional sign, spaces and tabs around ignored), or `default`
    /// when unset; anything else is reported and gives `default`.
    package static func integer(
        _ name: String, default defaultValue: Int, in range: ClosedRange<Int>, accepted: String,
        from source: Source = .process
    ) -> Int {
        guard let text = source.environment[name] else { return defaultValue }
        if let value = parseInteger(text), range.contains(value) { return value }
        reject(name, text, accepted: accepted, using: "\(defaultValue)", source)
        return defaultValue
    }

    /// An on/off switch written as an integer: `0` off, any other integer on (AttributeGraph's
    /// reading). Unset gives `default`; anything else is reported and gives `default`.
    package static func flag(_ name: String, default defaultValue: Bool = false, from source: Source = .process) -> Bool {
        guard let text = source.environment[name] else { return defaultValue }
        if let value = parseInteger(text) { return value != 0 }
        reject(name, text, accepted: "an integer: 0 off, 1 (any other integer) on", using: defaultValue ? "1" : "0", source)
        return defaultValue
    }

    /// A non-negative, finite decimal number of seconds (`2`, `0.5`), or `nil` for anything else.
    package static func parseSeconds(_ text: String) -> Double? {
        let trimmed = trimmingBlanks(text)
        guard !trimmed.isEmpty, trimmed.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E }),
            trimmed.utf8.contains(where: { $0 != 0x2E }), trimmed.utf8.filter({ $0 == 0x2E }).count <= 1,
            let value = Double(trimmed), value.isFinite
        else { return nil }
        return value
    }

    /// One of `choices` (compared without spaces and tabs around, ignoring case), `default` when unset;
    /// anything else is reported and gives `default`.
    package static func choice<Value>(
        _ name: String, _ choices: KeyValuePairs<String, Value>, default defaultValue: Value, defaultName: String,
        accepted: String, from source: Source = .process
    ) -> Value {
        guard let text = source.environment[name] else { return defaultValue }
        let key = trimmingBlanks(text).lowercased()
        if let match = choices.first(where: { $0.key == key }) { return match.value }
        reject(name, text, accepted: accepted, using: defaultName, source)
        return defaultValue
    }

    /// A path: any non-empty text. Unset gives `nil`; empty is reported and gives `nil`.
    package static func path(_ name: String, from source: Source = .process) -> String? {
        guard let text = source.environment[name] else { return nil }
        if text.isEmpty || text.utf8.contains(0) {
            reject(name, text, accepted: "a file path", using: "none (unset)", source)
            return nil
        }
        return text
    }

    /// The rejection line: the variable, the value as given, what is accepted, what is used.
    package static func reject(_ name: String, _ text: String, accepted: String, using: String, _ source: Source) {
        source.report(
            "AttrGraph: ignoring \(name)=\(escaped(text)): expected \(accepted); using \(using)\n")
    }

    /// A decimal integer: optional blanks, an optional sign, ASCII digits, optional blanks;
    /// `nil` for anything else, and for numbers too large for `Int`.
    package static func parseInteger(_ text: String) -> Int? {
        var digits = Substring(trimmingBlanks(text))
        var negative = false
        if let sign = digits.first, sign == "+" || sign == "-" {
            negative = sign == "-"
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        var value = 0
        for digit in digits.utf8 {
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = negative
                ? times.subtractingReportingOverflow(Int(digit - 0x30))
                : times.addingReportingOverflow(Int(digit - 0x30))
            if overflow1 || overflow2 { return nil }
            value = sum
        }
        return value
    }

    /// Whether `scalar` joins the character after it (Unicode's grapheme-break class Prepend).
    static func isPrepend(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0600...0x0605, 0x06DD, 0x070F, 0x0890...0x0891, 0x08E2, 0x0D4E, 0x110BD, 0x110CD, 0x111C2...0x111C3,
            0x1193F, 0x11941, 0x11A3A, 0x11A84...0x11A89, 0x11D46, 0x11F02:
            return true
        default:
            return false
        }
    }

    /// `text` without the spaces and tabs around it (only those: other white space is not a blank).
    package static func trimmingBlanks(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" })!
        return String(scalars[first...last])
    }

    /// `text` quoted, with control characters, line and paragraph separators, bidirectional
    /// overrides, quotes and backslashes escaped (so a value cannot forge lines or reach the
    /// terminal as escape sequences), and so are a combining mark at its start and a prepended
    /// mark at its end, which would otherwise join the quotes around it.
    package static func escaped(_ text: String) -> String {
        var result = "\""
        let scalars = text.unicodeScalars
        for (offset, scalar) in scalars.enumerated() {
            if (offset == 0 && (scalar.properties.isGraphemeExtend || scalar.properties.generalCategory == .spacingMark))
                || (offset == scalars.count - 1 && isPrepend(scalar))
            {
                result += "\\u{\(String(scalar.value, radix: 16))}"
                continue
            }
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028
                    || scalar.value == 0x2029 || (0x202A...0x202E).contains(scalar.value)
                    || (0x2066...0x2069).contains(scalar.value)
                {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
