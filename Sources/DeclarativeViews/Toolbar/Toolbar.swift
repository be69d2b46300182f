import Foundation

// Toolbars, headless: `.toolbar { … }` shows its items in a row above the content, the row's
// node carrying `toolbar` and each item's nodes `placement=NAME`. The items are plain views
// (`.toolbar { Button(…) }`, a `@ViewBuilder`) or toolbar content (`ToolbarItem`,
// `ToolbarItemGroup`, `ToolbarTitleMenu`: a `@ToolbarContentBuilder`), and their buttons can be
// tapped through the driver.

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

/// The content under its toolbar row.
public nonisolated struct _ToolbarModifier<Items: View>: ViewModifier {
    let items: Items
    /// The id of a customisable toolbar (`.toolbar(id:content:)`), recorded as `toolbarID=ID`.
    var id: String?

    @MainActor public func body(content: Content) -> some View {
        VStack(alignment: .leading, spacing: 0) {
            HStack { items }.modifier(_ToolbarRowMarker(id: id))
            content
        }
    }
}

/// Marks the toolbar row: `toolbar`, and `toolbarID=ID` for a customisable one.
nonisolated struct _ToolbarRowMarker: PrimitiveViewModifier {
    let id: String?
}

extension _ToolbarRowMarker: Annotating {
    func annotate(_ annotations: inout _Annotations) {
        if annotations.styles["toolbar"] == nil { annotations.styles["toolbar"] = "" }
        if let id, annotations.styles["toolbarID"] == nil { annotations.styles["toolbarID"] = id }
    }
}

extension View {
    /// Items in the toolbar (the navigation bar's, or the bottom bar's, by placement).
    public func toolbar<Items: View>(@ViewBuilder content: () -> Items) -> ModifiedContent<Self, _ToolbarModifier<Items>> {
        modifier(_ToolbarModifier(items: content()))
    }

    /// Toolbar content in the toolbar (``ToolbarItem``s, ``ToolbarItemGroup``s…), each item at
    /// its placement.
    public func toolbar<Content: ToolbarContent>(@ToolbarContentBuilder content: () -> Content)
        -> ModifiedContent<Self, _ToolbarModifier<_ToolbarContentView>>
    {
        modifier(_ToolbarModifier(items: _ToolbarContentView(views: content()._views)))
    }

    /// A toolbar a user could customise, known by `id` (recorded as `toolbarID=ID` on the row);
    /// headless its items show as their defaults say.
    public func toolbar<Content: CustomizableToolbarContent>(id: String, @ToolbarContentBuilder content: () -> Content)
        -> ModifiedContent<Self, _ToolbarModifier<_ToolbarContentView>>
    {
        modifier(_ToolbarModifier(items: _ToolbarContentView(views: content()._views), id: id))
    }

    /// A menu on the navigation title (SwiftUI's `toolbarTitleMenu(content:)`): its items show in
    /// the toolbar row marked `placement=titleMenu`, tappable through the driver.
    public func toolbarTitleMenu<C: View>(@ViewBuilder content: () -> C)
        -> ModifiedContent<Self, _ToolbarModifier<_ToolbarContentView>>
    {
        let menu = ToolbarTitleMenu(content: content)
        return modifier(_ToolbarModifier(items: _ToolbarContentView(views: menu._views)))
    }

    /// Shows or hides the toolbar (SwiftUI's `toolbar(_:for:)`): recorded.
    public func toolbar(_ visibility: Visibility) -> ModifiedContent<Self, _StyleModifier> {
        modifier(_StyleModifier(key: "toolbarVisibility", value: "\(visibility)"))
    }
}

extension ToolbarItemPlacement {
    /// An item in the accessory bar known by `id` (macOS): recorded as `placement=accessoryBar(ID)`.
    public static func accessoryBar<ID: Hashable>(id: ID) -> ToolbarItemPlacement {
        ToolbarItemPlacement(description: "accessoryBar(\(id))")
    }

    /// A placement known by `id` (the macOS 11 form): recorded as `placement=ID`.
    public init<ID: Hashable>(id: ID) {
        self.init(description: "\(id)")
    }
}

extension ToolbarPlacement {
    /// The accessory bar known by `id` (macOS): recorded by name.
    public static func accessoryBar<ID: Hashable>(id: ID) -> ToolbarPlacement {
        ToolbarPlacement(description: "accessoryBar(\(id))")
    }

    /// A bar known by `id` (the macOS 11 form).
    public init<ID: Hashable>(id: ID) {
        self.init(description: "\(id)")
    }
}
