/// How many text cells a character takes, as a terminal shows it: East Asian wide and fullwidth
/// characters and emoji take two, combining marks nothing beyond their base (they are part of its
/// `Character`), zero-width and control characters none, everything else one.
extension TextMetrics {
    public static func cells(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if character.isASCII {
            return first.value < 0x20 || first.value == 0x7F ? 0 : 1
        }
        if isZeroWidth(first) { return 0 }
        // Emoji: shown as emoji by default, or made so by a variation selector (U+FE0F), or a
        // sequence (flags, skin tones, ZWJ sequences).
        let properties = first.properties
        if properties.isEmojiPresentation { return 2 }
        if properties.isEmoji, scalars.count > 1,
            scalars.contains(where: { $0.value == 0xFE0F || $0.value == 0x200D || (0x1F3FB...0x1F3FF).contains($0.value) })
        {
            return 2
        }
        if (0x1F1E6...0x1F1FF).contains(first.value) { return scalars.count > 1 ? 2 : 1 }  // regional indicators
        return isWide(first.value) ? 2 : 1
    }

    /// The cells of a whole string.
    public static func cells<S: StringProtocol>(of text: S) -> Int {
        var total = 0
        for character in text { total += cells(of: character) }
        return total
    }

    private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .control, .format:
            // Soft hyphen is shown; the rest of `format` (ZWJ, ZWSP, BOM, bidi marks) is not.
            return scalar.value != 0xAD
        default:
            return (0x1160...0x11FF).contains(scalar.value)  // Hangul medial vowels and finals
        }
    }

    /// East Asian Wide (W) and Fullwidth (F) ranges of Unicode's EastAsianWidth.txt, as terminals use them.
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3,
            0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1, 0x26AA...0x26AB,
            0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA, 0x26F2...0x26F3, 0x26F5, 0x26FA, 0x26FD,
            0x2705, 0x270A...0x270B, 0x2728, 0x274C, 0x274E, 0x2753...0x2755, 0x2757, 0x2795...0x2797,
            0x27B0, 0x27BF, 0x2B1B...0x2B1C, 0x2B50, 0x2B55,
            0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
            0xFF00...0xFF60, 0xFFE0...0xFFE6,
            0x16FE0...0x16FE4, 0x17000...0x18AFF, 0x1B000...0x1B2FF, 0x1F004, 0x1F0CF, 0x1F18E,
            0x1F191...0x1F19A, 0x1F200...0x1F2FF, 0x1F300...0x1F64F, 0x1F680...0x1F6FF, 0x1F7E0...0x1F7EB,
            0x1F90C...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
