extension Font {
    /// The text styles a font can scale with (SwiftUI's `Font.TextStyle`).
    public enum TextStyle: Hashable, Sendable, CaseIterable {
        case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2
    }

    /// A custom font of `size` that scales with `textStyle` under Dynamic Type (recorded as
    /// `NAME SIZE relativeTo STYLE`).
    public static func custom(_ name: String, size: CGFloat, relativeTo textStyle: Font.TextStyle) -> Font {
        Font("\(name) \(_number(Double(size))) relativeTo \(textStyle)")
    }

    /// A custom font of `fixedSize` that does not scale (recorded as `NAME SIZE fixed`).
    public static func custom(_ name: String, fixedSize: CGFloat) -> Font {
        Font("\(name) \(_number(Double(fixedSize))) fixed")
    }
}
