/// The visible characters of inline Markdown, as `Text("**Bold** and *this*")` shows them in
/// SwiftUI: emphasis (`*`, `_`, `**`, `__`), strikethrough (`~~`), code spans and links are
/// reduced to their text; a backslash escapes punctuation. A delimiter opens only before a
/// non-space and closes only after one (as in CommonMark), so `2 * 3 * 4` stays as it is.
/// Headless output has no styles, so only the markup disappears.
enum MarkdownInline {
    static func visibleText(_ text: String) -> String {
        guard mayContainMarkup(text) else { return text }
        return String(visible(Array(text)))
    }

    /// Whether `text` has a character markup starts with (`*`, `_`, `~`, a backtick, `[`, `\`):
    /// a byte scan, so plain text — most text — costs next to nothing.
    static func mayContainMarkup(_ text: String) -> Bool {
        text.utf8.contains { byte in
            byte == 0x2A || byte == 0x5F || byte == 0x7E || byte == 0x60 || byte == 0x5B || byte == 0x5C
        }
    }

    private static func visible(_ characters: [Character]) -> [Character] {
        var output: [Character] = []
        output.reserveCapacity(characters.count)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            switch character {
            case "\\" where index + 1 < characters.count && characters[index + 1].isPunctuationOrSymbol:
                output.append(characters[index + 1])
                index += 2
                continue
            case "`":
                if let end = characters[(index + 1)...].firstIndex(of: "`"), end > index + 1 {
                    output += characters[(index + 1)..<end]
                    index = end + 1
                    continue
                }
            case "[":
                if let close = characters[(index + 1)...].firstIndex(of: "]"), close + 1 < characters.count,
                    characters[close + 1] == "(", let end = characters[(close + 2)...].firstIndex(of: ")")
                {
                    output += visible(Array(characters[(index + 1)..<close]))
                    index = end + 1
                    continue
                }
            case "*", "_", "~":
                let run = characters[index...].prefix { $0 == character }.count
                let length = character == "~" ? 2 : min(run, 3)
                if character == "~" && run < 2 { break }
                if let (inner, next) = emphasis(characters, at: index, delimiter: character, length: length) {
                    output += visible(inner)
                    index = next
                    continue
                }
                // Not emphasis: the whole run stays as text.
                output += characters[index..<(index + run)]
                index += run
                continue
            default:
                break
            }
            output.append(character)
            index += 1
        }
        return output
    }

    /// The text between an opening delimiter at `start` and its closer, and the index after the closer.
    private static func emphasis(_ characters: [Character], at start: Int, delimiter: Character, length: Int)
        -> ([Character], Int)?
    {
        let contentStart = start + length
        guard contentStart < characters.count, !characters[contentStart].isWhitespace else { return nil }
        // `_` inside a word (snake_case) is not emphasis.
        if delimiter == "_", start > 0, characters[start - 1].isLetter || characters[start - 1].isNumber { return nil }
        var index = contentStart + 1
        while index + length <= characters.count {
            if characters[index..<(index + length)].allSatisfy({ $0 == delimiter }), !characters[index - 1].isWhitespace {
                let after = index + length
                if delimiter == "_", after < characters.count, characters[after].isLetter || characters[after].isNumber {
                    index += 1
                    continue
                }
                return (Array(characters[contentStart..<index]), after)
            }
            index += 1
        }
        return nil
    }
}

private extension Character {
    var isPunctuationOrSymbol: Bool { isPunctuation || isSymbol }
}
