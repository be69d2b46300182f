/// Text from archives, traces and the command line, made safe to print on a terminal.
///
/// agdump's text outputs (`--summary`, `--profile`, the one-line error messages, the progress
/// line) show names it read — type names, descriptions, event names, file names, option values.
/// Written raw, an escape sequence in a name would drive the terminal (retitle it, clear it,
/// hide what follows), a line break would forge summary lines or a second error line, and a
/// bidirectional override would reorder what is shown. Every such scalar is shown as an escape
/// instead: `\n`, `\r`, `\t`, else `\u{…}` with its hexadecimal value.
package enum TerminalText {
    /// Whether `scalar` is shown escaped: C0 controls, DEL, C1 controls (`\u{9B}` starts an
    /// escape sequence on some terminals), the line and paragraph separators, and the
    /// bidirectional marks, embeddings, overrides and isolates.
    package static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00..<0x20, 0x7F...0x9F: return true
        case 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// `text` with every scalar that ``needsEscape(_:)`` says shown as an escape (the rest,
    /// backslashes included, as it is).
    package static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else {
                result.append(scalar)
                continue
            }
            switch scalar {
            case "\n": result.append(contentsOf: #"\n"#.unicodeScalars)
            case "\r": result.append(contentsOf: #"\r"#.unicodeScalars)
            case "\t": result.append(contentsOf: #"\t"#.unicodeScalars)
            default: result.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            }
        }
        return String(result)
    }
}
