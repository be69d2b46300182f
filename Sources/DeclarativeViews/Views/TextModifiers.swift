import Foundation

/// One style a `Text` modifier recorded: the attribute's name and value.
struct _TextStyle: Equatable, Sendable {
    let key: String
    let value: String
}

// `Text`'s own modifiers return a `Text` (as SwiftUI's do), so that styled texts can still be
// concatenated: `Text("Total: ").bold() + Text(price)`. Each records the same attribute as the
// `View` modifier of that name (`bold`, `font=title`…), the one closest to the text winning.
// A concatenation keeps the characters of both sides; the styles of the runs are not kept.
extension Text {
    private func styled(_ key: String, _ value: String = "") -> Text {
        var text = self
        text._styles.append(_TextStyle(key: key, value: value))
        return text
    }

    public func bold() -> Text { styled("bold") }
    public func bold(_ isActive: Bool) -> Text { styled("bold", isActive ? "" : "false") }
    public func italic() -> Text { styled("italic") }
    public func italic(_ isActive: Bool) -> Text { styled("italic", isActive ? "" : "false") }
    public func font(_ font: Font?) -> Text { styled("font", font?.description ?? "default") }
    public func fontWeight(_ weight: Font.Weight?) -> Text { styled("fontWeight", weight?.description ?? "default") }
    public func fontDesign(_ design: Font.Design?) -> Text { styled("fontDesign", design.map { "\($0)" } ?? "default") }
    public func foregroundColor(_ color: Color?) -> Text { styled("foregroundColor", color?.description ?? "default") }
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> Text { styled("foregroundStyle", style._styleDescription) }
    public func kerning(_ kerning: CGFloat) -> Text { styled("kerning", _number(Double(kerning))) }
    public func tracking(_ tracking: CGFloat) -> Text { styled("tracking", _number(Double(tracking))) }
    public func baselineOffset(_ baselineOffset: CGFloat) -> Text { styled("baselineOffset", _number(Double(baselineOffset))) }
    public func monospaced(_ isActive: Bool = true) -> Text { styled("monospaced", isActive ? "" : "false") }
    public func monospacedDigit() -> Text { styled("monospacedDigit") }

    public func underline(_ isActive: Bool = true, color: Color? = nil) -> Text {
        styled("underline", isActive ? color?.description ?? "" : "false")
    }

    public func underline(_ isActive: Bool = true, pattern: Text.LineStyle.Pattern, color: Color? = nil) -> Text {
        styled("underline", isActive ? Self.line(pattern, color) : "false")
    }

    public func strikethrough(_ isActive: Bool = true, color: Color? = nil) -> Text {
        styled("strikethrough", isActive ? color?.description ?? "" : "false")
    }

    public func strikethrough(_ isActive: Bool = true, pattern: Text.LineStyle.Pattern, color: Color? = nil) -> Text {
        styled("strikethrough", isActive ? Self.line(pattern, color) : "false")
    }

    private static func line(_ pattern: Text.LineStyle.Pattern, _ color: Color?) -> String {
        Text.LineStyle(pattern: pattern, color: color).recorded
    }
}
