// `Text`'s own accessibility modifiers return a `Text`, as SwiftUI's do (so that the text can still
// be concatenated); each records the same attribute as the `View` modifier of that name.

extension Text {
    private func accessibilityStyled(_ key: String, _ value: String) -> Text {
        var text = self
        text._styles.append(_TextStyle(key: key, value: value))
        return text
    }

    /// What assistive technologies read for the text (`accessibilityLabel=…`).
    public func accessibilityLabel(_ label: Text) -> Text { accessibilityStyled("accessibilityLabel", label.content) }

    public func accessibilityLabel(_ labelKey: LocalizedStringKey) -> Text {
        accessibilityStyled("accessibilityLabel", labelKey.visible)
    }

    @_disfavoredOverload
    public func accessibilityLabel<S: StringProtocol>(_ label: S) -> Text { accessibilityStyled("accessibilityLabel", String(label)) }

    /// Makes the text a heading of `level` (`accessibilityHeading=h1`).
    public func accessibilityHeading(_ level: AccessibilityHeadingLevel) -> Text {
        accessibilityStyled("accessibilityHeading", level.name)
    }

    /// What kind of text it is (`accessibilityTextContentType=narrative`).
    public func accessibilityTextContentType(_ value: AccessibilityTextContentType) -> Text {
        accessibilityStyled("accessibilityTextContentType", value.name)
    }
}
