import Foundation

/// One toolbar item (SwiftUI's `ToolbarItem`): its content, shown in the toolbar row marked
/// `placement=NAME`. An item with an id can be customised (`.toolbar(id:content:)`); one made
/// with `showsByDefault: false` is one a user would have to add, so it is not shown.
public nonisolated struct ToolbarItem<ID, Content: View>: ToolbarContent, _PrimitiveToolbarContent {
    let identifier: ID
    let placement: ToolbarItemPlacement
    let showsByDefault: Bool
    let content: Content

    public var body: Never { return fatalError("DeclarativeViews: a ToolbarItem has no body.") }

    @MainActor var _toolbarViews: [AnyView] {
        guard showsByDefault else { return [] }
        return [AnyView(content.modifier(_StyleModifier(key: "placement", value: placement.description)))]
    }
}

extension ToolbarItem where ID == () {
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {
        self.init(identifier: (), placement: placement, showsByDefault: true, content: content())
    }
}

extension ToolbarItem where ID == String {
    /// An item a user could customise, known by `id`.
    public init(id: String, placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {
        self.init(id: id, placement: placement, showsByDefault: true, content: content)
    }

    /// An item a user could customise; with `showsByDefault: false` it is hidden until added.
    public init(
        id: String, placement: ToolbarItemPlacement = .automatic, showsByDefault: Bool, @ViewBuilder content: () -> Content
    ) {
        self.init(identifier: id, placement: placement, showsByDefault: showsByDefault, content: content())
    }
}

extension ToolbarItem where ID: Hashable {
    /// The item's id.
    public var id: ID { identifier }
}

extension ToolbarItem: CustomizableToolbarContent where ID == String {}

/// Several toolbar items at one placement (SwiftUI's `ToolbarItemGroup`): each of its views is
/// marked `placement=NAME`.
public nonisolated struct ToolbarItemGroup<Content: View>: ToolbarContent, _PrimitiveToolbarContent {
    let placement: ToolbarItemPlacement
    let content: Content

    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {
        self.placement = placement
        self.content = content()
    }

    /// A group with a label (shown instead of the items where they do not fit, on macOS): the
    /// items show, their label is recorded as `toolbarGroupLabel=TEXT`.
    public init<C: View, L: View>(
        placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> C, @ViewBuilder label: () -> L
    ) where Content == LabeledToolbarItemGroupContent<C, L> {
        self.placement = placement
        self.content = LabeledToolbarItemGroupContent(content: content(), label: label())
    }

    public var body: Never { return fatalError("DeclarativeViews: a ToolbarItemGroup has no body.") }

    @MainActor var _toolbarViews: [AnyView] {
        [AnyView(content.modifier(_StyleModifier(key: "placement", value: placement.description)))]
    }
}

/// The content of a labelled ``ToolbarItemGroup`` (SwiftUI's `LabeledToolbarItemGroupContent`):
/// the items, with the label's text recorded as `toolbarGroupLabel=TEXT`.
public nonisolated struct LabeledToolbarItemGroupContent<Content: View, Label: View>: View {
    let content: Content
    let label: Label

    @MainActor public var body: some View {
        content.modifier(_StyleModifier(key: "toolbarGroupLabel", value: _labelTitle(of: label, otherwise: "")))
    }
}

/// A menu on the navigation title (SwiftUI's `ToolbarTitleMenu`): its items show in the toolbar
/// row marked `placement=titleMenu`, where the driver taps them as a user picks them from the
/// title's menu.
public nonisolated struct ToolbarTitleMenu<Content: View>: CustomizableToolbarContent, _PrimitiveToolbarContent {
    let content: Content

    public init(@ViewBuilder content: () -> Content) {
        self.content = content()
    }

    /// A title menu with the system's items only (none headless).
    public init() where Content == EmptyView {
        self.content = EmptyView()
    }

    public var body: Never { return fatalError("DeclarativeViews: a ToolbarTitleMenu has no body.") }

    @MainActor var _toolbarViews: [AnyView] {
        [AnyView(content.modifier(_StyleModifier(key: "placement", value: "titleMenu")))]
    }
}
