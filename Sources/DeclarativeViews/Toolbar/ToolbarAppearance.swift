import Foundation

// How a toolbar looks and what a user may change in it: recorded on the content's nodes for tests
// to read (`toolbarRole=editor`, `toolbarTitleDisplayMode=inline`), and on customisable items
// (`toolbarCustomization=reorderable`, `toolbarDefaultVisibility=hidden`).

/// What a toolbar is for (SwiftUI's `ToolbarRole`), which sets how the system lays it out;
/// recorded as `toolbarRole=NAME`.
public struct ToolbarRole: Sendable, CustomStringConvertible {
    public let description: String
    public static var automatic: ToolbarRole { ToolbarRole(description: "automatic") }
    public static var navigationStack: ToolbarRole { ToolbarRole(description: "navigationStack") }
    public static var browser: ToolbarRole { ToolbarRole(description: "browser") }
    public static var editor: ToolbarRole { ToolbarRole(description: "editor") }
}

/// How the navigation title shows in the toolbar (SwiftUI's `ToolbarTitleDisplayMode`); recorded
/// as `toolbarTitleDisplayMode=NAME`.
public struct ToolbarTitleDisplayMode: Sendable, CustomStringConvertible {
    public let description: String
    public static var automatic: ToolbarTitleDisplayMode { ToolbarTitleDisplayMode(description: "automatic") }
    public static var large: ToolbarTitleDisplayMode { ToolbarTitleDisplayMode(description: "large") }
    public static var inlineLarge: ToolbarTitleDisplayMode { ToolbarTitleDisplayMode(description: "inlineLarge") }
    public static var inline: ToolbarTitleDisplayMode { ToolbarTitleDisplayMode(description: "inline") }
}

/// What a user may do to a customisable item (SwiftUI's `ToolbarCustomizationBehavior`);
/// recorded as `toolbarCustomization=NAME` on the item's views.
public struct ToolbarCustomizationBehavior: Sendable, CustomStringConvertible {
    public let description: String
    public static var `default`: ToolbarCustomizationBehavior { ToolbarCustomizationBehavior(description: "default") }
    public static var reorderable: ToolbarCustomizationBehavior {
        ToolbarCustomizationBehavior(description: "reorderable")
    }
    public static var disabled: ToolbarCustomizationBehavior { ToolbarCustomizationBehavior(description: "disabled") }
}

/// Options of an item's default customisation (SwiftUI's `ToolbarCustomizationOptions`).
public struct ToolbarCustomizationOptions: OptionSet, Sendable {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// The item stays in the overflow menu when hidden from the toolbar.
    public static let alwaysAvailable = ToolbarCustomizationOptions(rawValue: 1)
}

extension CustomizableToolbarContent {
    /// What a user may do to these items: recorded as `toolbarCustomization=NAME`.
    @MainActor
    public func customizationBehavior(_ behavior: ToolbarCustomizationBehavior) -> some CustomizableToolbarContent {
        _ToolbarItems(views: _views.map { AnyView($0.modifier(_StyleModifier(key: "toolbarCustomization", value: behavior.description))) })
    }

    /// Whether these items show before a user customises the toolbar: `.hidden` items do not
    /// show (a user would have to add them); others do, recorded as `toolbarDefaultVisibility=NAME`.
    @MainActor
    public func defaultCustomization(_ defaultVisibility: Visibility = .automatic, options: ToolbarCustomizationOptions = [])
        -> some CustomizableToolbarContent
    {
        guard defaultVisibility != .hidden else { return _ToolbarItems(views: []) }
        return _ToolbarItems(views: _views.map {
            AnyView($0.modifier(_StyleModifier(key: "toolbarDefaultVisibility", value: "\(defaultVisibility)")))
        })
    }

    /// The older form of ``defaultCustomization(_:options:)`` (macOS 12): the items show.
    @MainActor
    public func defaultCustomization() -> some CustomizableToolbarContent {
        defaultCustomization(.automatic)
    }
}

extension View {
    /// What the toolbar is for (SwiftUI's `toolbarRole(_:)`): recorded as `toolbarRole=NAME`.
    public func toolbarRole(_ role: ToolbarRole) -> ModifiedContent<Self, _StyleModifier> {
        modifier(_StyleModifier(key: "toolbarRole", value: role.description))
    }

    /// How the navigation title shows (SwiftUI's `toolbarTitleDisplayMode(_:)`): recorded as
    /// `toolbarTitleDisplayMode=NAME`.
    public func toolbarTitleDisplayMode(_ mode: ToolbarTitleDisplayMode) -> ModifiedContent<Self, _StyleModifier> {
        modifier(_StyleModifier(key: "toolbarTitleDisplayMode", value: mode.description))
    }
}
