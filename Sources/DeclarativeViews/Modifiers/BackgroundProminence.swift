/// How prominent the background behind a view is (SwiftUI's `BackgroundProminence`): a selected
/// list row's background is `.increased`, and content on it may adapt (a secondary color turns
/// white). Headless, a value to compare and pass down.
public struct BackgroundProminence: Hashable, Sendable, CustomStringConvertible {
    public let description: String

    /// The ordinary background.
    public static let standard = BackgroundProminence(description: "standard")
    /// A background that stands out, such as a selected row's.
    public static let increased = BackgroundProminence(description: "increased")
}

/// How the selected item of a palette picker is shown (SwiftUI's `PaletteSelectionEffect`).
public struct PaletteSelectionEffect: Sendable, Equatable, CustomStringConvertible {
    public let description: String

    /// The system's choice.
    public static var automatic: PaletteSelectionEffect { PaletteSelectionEffect(description: "automatic") }
    /// Selection shown by the items themselves (their own images for each state).
    public static var custom: PaletteSelectionEffect { PaletteSelectionEffect(description: "custom") }

    /// The selected item drawn with `variant` of its symbol (`.symbolVariant(.fill)`).
    public static func symbolVariant(_ variant: SymbolVariants) -> PaletteSelectionEffect {
        PaletteSelectionEffect(description: "symbolVariant(\(variant))")
    }
}

extension View {
    /// How a palette picker in the view shows its selected item (recorded as
    /// `paletteSelectionEffect=symbolVariant(fill)`; headless, a picker's selection is its value).
    public func paletteSelectionEffect(_ effect: PaletteSelectionEffect) -> ModifiedContent<Self, _StyleModifier> {
        modifier(_StyleModifier(key: "paletteSelectionEffect", value: effect.description))
    }
}
