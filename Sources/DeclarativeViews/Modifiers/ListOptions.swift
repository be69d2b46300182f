import Foundation

// How lists and tables look beyond their rows: badge prominence, row tints, section spacing,
// sidebar row sizes, alternating row backgrounds, table column headers, and the list metrics of
// the environment. The environment values are set and read as SwiftUI's are (`badgeProminence`,
// `defaultMinListRowHeight`, `headerProminence`…); the rest is recorded on the content's nodes
// (`listItemTint=fixed(red)`, `listSectionSpacing=compact`…) for tests to read.

/// How prominent the badges of list rows are (SwiftUI's `BadgeProminence`).
public struct BadgeProminence: Hashable, Sendable, CustomStringConvertible {
    public let description: String
    public static let standard = BadgeProminence(description: "standard")
    public static let increased = BadgeProminence(description: "increased")
    public static let decreased = BadgeProminence(description: "decreased")
}

/// The tint of a list row's or sidebar item's icon (SwiftUI's `ListItemTint`).
public struct ListItemTint: Sendable, CustomStringConvertible {
    public let description: String

    /// Always `tint`, whatever the system's accent colour.
    public static func fixed(_ tint: Color) -> ListItemTint { ListItemTint(description: "fixed(\(tint))") }

    /// `tint` unless the system overrides it.
    public static func preferred(_ tint: Color) -> ListItemTint { ListItemTint(description: "preferred(\(tint))") }

    /// Grey, whatever the system's accent colour.
    public static let monochrome = ListItemTint(description: "monochrome")
}

/// The space between a list's sections (SwiftUI's `ListSectionSpacing`).
public struct ListSectionSpacing: Sendable, CustomStringConvertible {
    public let description: String
    public static let `default` = ListSectionSpacing(description: "default")
    public static let compact = ListSectionSpacing(description: "compact")

    /// `spacing` points.
    public static func custom(_ spacing: CGFloat) -> ListSectionSpacing {
        ListSectionSpacing(description: _number(Double(spacing)))
    }
}

/// The size of a sidebar's rows (SwiftUI's `SidebarRowSize`).
public enum SidebarRowSize: Sendable, Hashable, CaseIterable {
    case small, medium, large
}

/// Whether a table's or list's rows alternate their backgrounds (SwiftUI's
/// `AlternatingRowBackgroundBehavior`, macOS).
public struct AlternatingRowBackgroundBehavior: Hashable, Sendable, CustomStringConvertible {
    public let description: String
    public static let automatic = AlternatingRowBackgroundBehavior(description: "automatic")
    public static let enabled = AlternatingRowBackgroundBehavior(description: "enabled")
    public static let disabled = AlternatingRowBackgroundBehavior(description: "disabled")
}

struct BadgeProminenceKey: EnvironmentKey { static let defaultValue = BadgeProminence.standard }
struct DefaultMinListRowHeightKey: EnvironmentKey { static let defaultValue: CGFloat = 44 }
struct DefaultMinListHeaderHeightKey: EnvironmentKey { static let defaultValue: CGFloat? = nil }
struct HeaderProminenceKey: EnvironmentKey { static let defaultValue = Prominence.standard }

extension EnvironmentValues {
    /// How prominent the badges of the list rows in this environment are (`.badgeProminence(_:)`).
    public var badgeProminence: BadgeProminence {
        get { self[BadgeProminenceKey.self] }
        set { self[BadgeProminenceKey.self] = newValue }
    }

    /// The least height of a list row (44 points unless set).
    public var defaultMinListRowHeight: CGFloat {
        get { self[DefaultMinListRowHeightKey.self] }
        set { self[DefaultMinListRowHeightKey.self] = newValue }
    }

    /// The least height of a list section's header (`nil`: the system's).
    public var defaultMinListHeaderHeight: CGFloat? {
        get { self[DefaultMinListHeaderHeightKey.self] }
        set { self[DefaultMinListHeaderHeightKey.self] = newValue }
    }

    /// How prominent the section headers in this environment are.
    public var headerProminence: Prominence {
        get { self[HeaderProminenceKey.self] }
        set { self[HeaderProminenceKey.self] = newValue }
    }
}

extension View {
    private func listOption(_ key: String, _ value: String) -> ModifiedContent<Self, _StyleModifier> {
        modifier(_StyleModifier(key: key, value: value))
    }

    /// Sets how prominent the badges of the list rows in this view are (``EnvironmentValues/badgeProminence``).
    public func badgeProminence(_ prominence: BadgeProminence)
        -> ModifiedContent<Self, _EnvironmentKeyWritingModifier<BadgeProminence>>
    {
        environment(\.badgeProminence, prominence)
    }

    /// The tint of the row's icon (`nil`: the container's); recorded.
    public func listItemTint(_ tint: ListItemTint?) -> ModifiedContent<Self, _StyleModifier> {
        listOption("listItemTint", tint?.description ?? "default")
    }

    /// A fixed tint for the row's icon (`nil`: the container's); recorded.
    public func listItemTint(_ tint: Color?) -> ModifiedContent<Self, _StyleModifier> {
        listOption("listItemTint", tint.map { ListItemTint.fixed($0).description } ?? "default")
    }

    /// The space between the list's sections; recorded (`listSectionSpacing=compact`).
    public func listSectionSpacing(_ spacing: ListSectionSpacing) -> ModifiedContent<Self, _StyleModifier> {
        listOption("listSectionSpacing", spacing.description)
    }

    /// Whether the rows alternate their backgrounds (macOS); recorded.
    public func alternatingRowBackgrounds(_ behavior: AlternatingRowBackgroundBehavior = .enabled)
        -> ModifiedContent<Self, _StyleModifier>
    {
        listOption("alternatingRowBackgrounds", behavior.description)
    }

    /// Whether a table shows its header row; recorded (`tableColumnHeaders=hidden`).
    public func tableColumnHeaders(_ visibility: Visibility) -> ModifiedContent<Self, _StyleModifier> {
        listOption("tableColumnHeaders", "\(visibility)")
    }
}
