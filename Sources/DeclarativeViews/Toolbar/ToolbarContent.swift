import Foundation

// Toolbar content (SwiftUI's `ToolbarContent`): what `.toolbar { … }` takes when its items are
// ``ToolbarItem``s, ``ToolbarItemGroup``s or a ``ToolbarTitleMenu`` rather than plain views.
// Headless, every item becomes the views it shows — each marked `placement=NAME` — in the
// toolbar row, where the driver finds and taps its buttons.

/// Items of a toolbar (SwiftUI's `ToolbarContent`): ``ToolbarItem``s, ``ToolbarItemGroup``s, or a
/// type of your own whose `body` is made of them. Main-actor isolated, as ``View`` is.
@MainActor @preconcurrency
public protocol ToolbarContent {
    associatedtype Body: ToolbarContent
    @ToolbarContentBuilder var body: Body { get }
}

/// Toolbar content a user could customise (SwiftUI's `CustomizableToolbarContent`): items with an
/// id, for `.toolbar(id:content:)`. Headless nobody customises a toolbar: the items show as their
/// defaults say.
public protocol CustomizableToolbarContent: ToolbarContent where Body: CustomizableToolbarContent {}

/// Toolbar content that makes its views itself (the items; `Body` is `Never`).
protocol _PrimitiveToolbarContent {
    /// The views the content shows in the toolbar row, in order.
    @MainActor var _toolbarViews: [AnyView] { get }
}

extension ToolbarContent {
    /// The views of the content, in order: a primitive's own, or its body's.
    @MainActor var _views: [AnyView] {
        if let primitive = self as? any _PrimitiveToolbarContent { return primitive._toolbarViews }
        return body._views
    }
}

extension Never: ToolbarContent, CustomizableToolbarContent {}

/// The items a ``ToolbarContentBuilder`` block collected, as the views they show.
public nonisolated struct _ToolbarItems: CustomizableToolbarContent, _PrimitiveToolbarContent {
    let views: [AnyView]

    public var body: Never { return fatalError("DeclarativeViews: toolbar items have no body.") }
    @MainActor var _toolbarViews: [AnyView] { views }
}

/// Builds toolbar content from items, conditions and availability checks (SwiftUI's
/// `ToolbarContentBuilder`).
@resultBuilder
public struct ToolbarContentBuilder {
    @MainActor
    public static func buildExpression<Content: ToolbarContent>(_ content: Content) -> _ToolbarItems {
        _ToolbarItems(views: content._views)
    }

    public static func buildBlock(_ parts: _ToolbarItems...) -> _ToolbarItems {
        _ToolbarItems(views: parts.flatMap(\.views))
    }

    public static func buildOptional(_ part: _ToolbarItems?) -> _ToolbarItems {
        part ?? _ToolbarItems(views: [])
    }

    public static func buildEither(first: _ToolbarItems) -> _ToolbarItems { first }
    public static func buildEither(second: _ToolbarItems) -> _ToolbarItems { second }
    public static func buildLimitedAvailability(_ part: _ToolbarItems) -> _ToolbarItems { part }

    public static func buildArray(_ parts: [_ToolbarItems]) -> _ToolbarItems {
        _ToolbarItems(views: parts.flatMap(\.views))
    }
}

/// The views of toolbar content, side by side in the toolbar row.
public nonisolated struct _ToolbarContentView: View {
    let views: [AnyView]

    @MainActor public var body: some View {
        let views = self.views
        ForEach(0..<views.count) { views[$0] }
    }
}
