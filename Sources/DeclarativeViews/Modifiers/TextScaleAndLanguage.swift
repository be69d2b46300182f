import Foundation

// More text styling SwiftUI has: a smaller text scale, the language text is set for, the width of
// the font, how VoiceOver speaks a text, line spacing, a second and third foreground style. Each is
// recorded on the nodes of its content (`textScale=secondary`, `fontWidth=-0.2`…), as the other
// text styling is (see `TextStyling.swift`); `Text`'s own forms return a `Text`.

extension Text {
    /// A scale a text is shown at (SwiftUI's `Text.Scale`).
    public struct Scale: Sendable, Hashable, CustomStringConvertible {
        public let description: String
        /// The text's own size.
        public static let `default` = Scale(description: "default")
        /// Smaller than the text around, for secondary content.
        public static let secondary = Scale(description: "secondary")
    }
}

/// The language text is set for, which decides line heights and breaks (SwiftUI's
/// `TypesettingLanguage`).
public struct TypesettingLanguage: Sendable, Equatable, CustomStringConvertible {
    /// The language's shortest identifier (`ja`), or `automatic`.
    public let description: String

    /// The language of the text's content.
    public static let automatic = TypesettingLanguage(description: "automatic")

    /// `language`, whatever the text's content is.
    public static func explicit(_ language: Locale.Language) -> TypesettingLanguage {
        TypesettingLanguage(description: language.minimalIdentifier)
    }
}

extension Text {
    private func styled(_ key: String, _ value: String) -> Text {
        var text = self
        text._styles.append(_TextStyle(key: key, value: value))
        return text
    }

    /// The width of the text's font (`nil`: the font's own), recorded as `fontWidth=-0.2`.
    public func fontWidth(_ width: Font.Width?) -> Text {
        styled("fontWidth", width.map { _number(Double($0.value)) } ?? "default")
    }

    /// Shows the text at `scale`; disabled, at its own (`textScale=default`).
    public func textScale(_ scale: Scale, isEnabled: Bool = true) -> Text {
        styled("textScale", (isEnabled ? scale : .default).description)
    }

    public func typesettingLanguage(_ language: Locale.Language, isEnabled: Bool = true) -> Text {
        typesettingLanguage(.explicit(language), isEnabled: isEnabled)
    }

    /// Sets the text for `language`; disabled, for its content's (`typesettingLanguage=automatic`).
    public func typesettingLanguage(_ language: TypesettingLanguage, isEnabled: Bool = true) -> Text {
        styled("typesettingLanguage", (isEnabled ? language : .automatic).description)
    }

    /// The pitch VoiceOver speaks the text at, from -1 (lower) to 1 (higher).
    public func speechAdjustedPitch(_ value: Double) -> Text { styled("speechAdjustedPitch", _number(value)) }

    public func speechAlwaysIncludesPunctuation(_ value: Bool = true) -> Text {
        styled("speechAlwaysIncludesPunctuation", value ? "" : "false")
    }

    public func speechAnnouncementsQueued(_ value: Bool = true) -> Text {
        styled("speechAnnouncementsQueued", value ? "" : "false")
    }

    public func speechSpellsOutCharacters(_ value: Bool = true) -> Text {
        styled("speechSpellsOutCharacters", value ? "" : "false")
    }
}

extension View {
    private func recorded(_ key: String, _ value: String) -> ModifiedContent<Self, _StyleModifier> {
        modifier(_StyleModifier(key: key, value: value))
    }

    public func fontWidth(_ width: Font.Width?) -> ModifiedContent<Self, _StyleModifier> {
        recorded("fontWidth", width.map { _number(Double($0.value)) } ?? "default")
    }

    /// The text inside in the font's monospaced variant (recorded as `monospaced`).
    public func monospaced(_ isActive: Bool = true) -> ModifiedContent<Self, _StyleModifier> {
        recorded("monospaced", isActive ? "" : "false")
    }

    /// Extra space between the lines of the text inside: recorded (`lineSpacing=4`) and set as the
    /// environment's `lineSpacing`.
    public func lineSpacing(_ lineSpacing: CGFloat) -> _RecordedEnvironment<Self, CGFloat> {
        _recording("lineSpacing", _number(Double(lineSpacing)), \.lineSpacing, lineSpacing)
    }

    /// Shows the text inside at `scale`; disabled, at its own (`textScale=default`).
    public func textScale(_ scale: Text.Scale, isEnabled: Bool = true) -> ModifiedContent<Self, _StyleModifier> {
        recorded("textScale", (isEnabled ? scale : .default).description)
    }

    /// Sets the text inside for `language`; disabled, for its content's (`typesettingLanguage=automatic`).
    public func typesettingLanguage(_ language: Locale.Language, isEnabled: Bool = true) -> ModifiedContent<Self, _StyleModifier> {
        typesettingLanguage(.explicit(language), isEnabled: isEnabled)
    }

    public func typesettingLanguage(_ language: TypesettingLanguage, isEnabled: Bool = true) -> ModifiedContent<Self, _StyleModifier> {
        recorded("typesettingLanguage", (isEnabled ? language : .automatic).description)
    }

    /// A primary and a secondary foreground style (for hierarchical and palette symbols), recorded
    /// as `foregroundStyle=red, blue`.
    public func foregroundStyle<S1: ShapeStyle, S2: ShapeStyle>(_ primary: S1, _ secondary: S2) -> ModifiedContent<Self, _StyleModifier> {
        recorded("foregroundStyle", "\(primary._styleDescription), \(secondary._styleDescription)")
    }

    public func foregroundStyle<S1: ShapeStyle, S2: ShapeStyle, S3: ShapeStyle>(_ primary: S1, _ secondary: S2, _ tertiary: S3)
        -> ModifiedContent<Self, _StyleModifier>
    {
        recorded("foregroundStyle", "\(primary._styleDescription), \(secondary._styleDescription), \(tertiary._styleDescription)")
    }

    /// Mirrors the content in right-to-left layouts when `enabled` (recorded as
    /// `flipsForRightToLeftLayoutDirection`).
    public func flipsForRightToLeftLayoutDirection(_ enabled: Bool) -> ModifiedContent<Self, _StyleModifier> {
        recorded("flipsForRightToLeftLayoutDirection", enabled ? "" : "false")
    }

    /// Marks content that may be out of date until the next update (widgets), recorded as
    /// `invalidatableContent`.
    public func invalidatableContent(_ invalidatable: Bool = true) -> ModifiedContent<Self, _StyleModifier> {
        recorded("invalidatableContent", invalidatable ? "" : "false")
    }

    /// The dynamic range the images inside may use (`nil`: their own), recorded as
    /// `allowedDynamicRange=high`.
    public func allowedDynamicRange(_ range: Image.DynamicRange?) -> ModifiedContent<Self, _StyleModifier> {
        recorded("allowedDynamicRange", range?.description ?? "default")
    }

    /// Turns off the symbol effects inside when `isEnabled` (recorded as `symbolEffectsRemoved`).
    public func symbolEffectsRemoved(_ isEnabled: Bool = true) -> ModifiedContent<Self, _StyleModifier> {
        recorded("symbolEffectsRemoved", isEnabled ? "" : "false")
    }
}
