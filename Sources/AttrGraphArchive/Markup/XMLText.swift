/// Escaping for the SVG pictures the package writes: one set of rules for every writer.
package enum XMLText {
    /// Text for XML character data and attribute values (agdump's timeline pictures,
    /// DeclarativeViews' `svg()`), escaped per Unicode scalar, as the DOT writer does: a `<` or
    /// `&` that a combining mark, a joiner or a prepended character makes part of a larger
    /// `Character` is still markup to an XML parser.
    ///
    /// What XML 1.0 forbids or discourages is never written: C0 controls other than tab and line
    /// feed are shown as their control pictures (␀ for NUL, ␛ for ESC), carriage returns dropped,
    /// DEL as ␡, and C1 controls and noncharacters (U+FDD0–U+FDEF, U+xFFFE and U+xFFFF in every
    /// plane) as U+FFFD. (Lone surrogates cannot occur: Swift strings hold scalars.)
    package static func escaped(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        func append(_ literal: String) { result.append(contentsOf: literal.unicodeScalars) }
        for scalar in text.unicodeScalars {
            let value = scalar.value
            switch value {
            case 0x26: append("&amp;")
            case 0x3C: append("&lt;")
            case 0x3E: append("&gt;")
            case 0x22: append("&quot;")
            case 0x27: append("&#39;")
            case 0x09, 0x0A: result.append(scalar)
            case 0x0D: continue
            case 0x00..<0x20: result.append(Unicode.Scalar(0x2400 + value)!)
            case 0x7F: result.append("\u{2421}")
            case 0x80..<0xA0, 0xFDD0...0xFDEF: result.append("\u{FFFD}")
            case _ where value & 0xFFFE == 0xFFFE: result.append("\u{FFFD}")
            default: result.append(scalar)
            }
        }
        return String(result)
    }
}
