/// A text size the user can choose, in its older spelling (SwiftUI's `ContentSizeCategory`): the
/// environment's `sizeCategory` is its `dynamicTypeSize` under these names.
public enum ContentSizeCategory: Hashable, CaseIterable, Sendable {
    case extraSmall, small, medium, large, extraLarge, extraExtraLarge, extraExtraExtraLarge
    case accessibilityMedium, accessibilityLarge, accessibilityExtraLarge, accessibilityExtraExtraLarge
    case accessibilityExtraExtraExtraLarge

    /// Whether it is one of the accessibility sizes.
    public var isAccessibilityCategory: Bool { dynamicTypeSize.isAccessibilitySize }

    /// The same size as a ``DynamicTypeSize``.
    var dynamicTypeSize: DynamicTypeSize {
        DynamicTypeSize.allCases[Self.allCases.firstIndex(of: self) ?? 3]
    }

    /// The category of a ``DynamicTypeSize`` (the two lists are the same sizes, in the same order).
    init(_ size: DynamicTypeSize) {
        self = Self.allCases[DynamicTypeSize.allCases.firstIndex(of: size) ?? 3]
    }
}

/// The font weight the user asked for, for legibility (SwiftUI's `LegibilityWeight`).
public enum LegibilityWeight: Hashable, Sendable {
    /// Text as the font sets it.
    case regular
    /// Bolder text, as the accessibility setting asks.
    case bold
}
