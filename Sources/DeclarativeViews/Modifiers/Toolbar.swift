import Foundation

// Toolbars, headless: `.toolbar { … }` shows its items in a row above the content, the row's
// node carrying `toolbar` and each item's nodes `placement=NAME`. Items are views here
// (`ToolbarItem`, `ToolbarItemGroup`, or plain buttons), so every toolbar SwiftUI code writes
// with them compiles and its buttons can be tapped.

/// Where a toolbar item goes (SwiftUI's `ToolbarItemPlacement`); recorded.
public struct ToolbarItemPlacement: Hashable, Sendable, CustomStringConvertible {
    public let description: String

    public static let automatic = ToolbarItemPlacement(description: "automatic")
    public static let principal = ToolbarItemPlacement(description: "principal")
    public static let navigation = ToolbarItemPlacement(description: "navigation")
    public static let primaryAction = ToolbarItemPlacement(description: "primaryAction")
    public static let secondaryAction = ToolbarItemPlacement(description: "secondaryAction")
    public static let status = ToolbarItemPlacement(description: "status")
    public static let confirmationAction = ToolbarItemPlacement(description: "confirmationAction")
    public static let cancellationAction = ToolbarItemPlacement(description: "cancellationAction")
    public static let destructiveAction = ToolbarItemPlacement(description: "destructiveAction")
    public static let keyboard = ToolbarItemPlacement(description: "keyboard")
    public static let navigationBarLeading = ToolbarItemPlacement(description: "navigationBarLeading")
    public static let navigationBarTrailing = ToolbarItemPlacement(description: "navigationBarTrailing")
    public static let topBarLeading = ToolbarItemPlacement(description: "topBarLeading")
    public static let topBarTrailing = ToolbarItemPlacement(description: "topBarTrailing")
    public static let bottomBar = ToolbarItemPlacement(description: "bottomBar")
}

/// One toolbar item (SwiftUI's `ToolbarItem`).
public nonisolated struct ToolbarItem<ID, Content: View>: View {
    let placement: ToolbarItemPlacement
    let content: Content

    @MainActor public var body: some View {
        content.modifier(_StyleModifier(key: "placement", value: placement.description))
    }
}

extension ToolbarItem where ID == () {
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {
        self.placement = placement
        self.content = content()
    }
}

extension ToolbarItem where ID == String {
    public init(id: String, placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {
        self.placement = placement
        self.content = content()
    }
}

/// Several toolbar items at one placement (SwiftUI's `ToolbarItemGroup`).
public nonisolated struct ToolbarItemGroup<Content: View>: View {
    let placement: ToolbarItemPlacement
    let content: Content

    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {
        self.placement = placement
        self.content = content()
    }

    @MainActor public var body: some View {
        content.modifier(_StyleModifier(key: "placement", value: placement.description))
    }
}

/// The content under its toolbar row.
public nonisolated struct _ToolbarModifier<Items: View>: ViewModifier {
    let items: Items

    @MainActor public func body(content: Content) -> some View {
        VStack(alignment: .leading, spacing: 0) {
            HStack { items }.modifier(_StyleModifier(key: "toolbar", value: ""))
            content
        }
    }
}

extension View {
    /// Items in the toolbar (the navigation bar's, or the bottom bar's, by placement).
    public func toolbar<Items: View>(@ViewBuilder content: () -> Items) -> ModifiedContent<Self, _ToolbarModifier<Items>> {
        modifier(_ToolbarModifier(items: content()))
    }

    /// Shows or hides the toolbar (SwiftUI's `toolbar(_:for:)`): recorded.
    public func toolbar(_ visibility: Visibility) -> ModifiedContent<Self, _StyleModifier> {
        modifier(_StyleModifier(key: "toolbarVisibility", value: "\(visibility)"))
    }
}
