import Foundation

// Actions a row hides until the user asks for them, headless: `.swipeActions` and `.contextMenu`.
// The row's node records them (`swipeActions=trailing`, `contextMenu=closed`); the driver reveals
// them as a swipe or a long press does (``ViewHost/swipe(_:edge:)``,
// ``ViewHost/openContextMenu(_:)``), after which their buttons are on screen under the row, and
// tapping one runs it and hides them again.

extension View {
    /// Buttons revealed by swiping the row from `edge` (SwiftUI's `swipeActions`;
    /// ``ViewHost/swipe(_:edge:)``). `allowsFullSwipe: false` is recorded (`noFullSwipe`).
    public func swipeActions<T: View>(
        edge: HorizontalEdge = .trailing, allowsFullSwipe: Bool = true, @ViewBuilder content: () -> T
    ) -> some View {
        _RevealedActions(
            content: self, actions: content(), key: "swipeActions",
            name: (edge == .leading ? "leading" : "trailing") + (allowsFullSwipe ? "" : " noFullSwipe"))
    }

    /// A menu shown by a long press or a secondary click on the view (SwiftUI's `contextMenu`).
    public func contextMenu<MenuItems: View>(@ViewBuilder menuItems: () -> MenuItems) -> some View {
        _RevealedActions(content: self, actions: menuItems(), key: "contextMenu", name: "")
    }

    /// A context menu with a preview shown above its items while it is open.
    public func contextMenu<M: View, P: View>(@ViewBuilder menuItems: () -> M, @ViewBuilder preview: () -> P) -> some View {
        _RevealedActions(
            content: self, actions: VStack(alignment: .leading) {
                preview().modifier(_StyleModifier(key: "contextMenuPreview", value: ""))
                menuItems()
            }, key: "contextMenu", name: "")
    }

    /// A context menu given as a value (SwiftUI's deprecated form); `nil` shows none.
    public func contextMenu<MenuItems: View>(_ contextMenu: ContextMenu<MenuItems>?) -> some View {
        _RevealedActions(
            content: self, actions: contextMenu?.menuItems, key: "contextMenu", name: "", isAvailable: contextMenu != nil)
    }

    /// A context menu for the rows of a selectable `List` (or `Table`): `menu` is given the
    /// identifiers (`.tag`s) of the rows it acts on — the row opened on, or the whole selection
    /// when that row is selected, or none for the empty area — and `primaryAction` runs for a
    /// double click (``ViewHost/openContextMenu(_:)``, ``ViewHost/performPrimaryAction(_:)``).
    public func contextMenu<I: Hashable, M: View>(
        forSelectionType itemType: I.Type = I.self, @ViewBuilder menu: @escaping (Set<I>) -> M,
        primaryAction: ((Set<I>) -> Void)? = nil
    ) -> some View {
        _SelectionContextMenu(content: self, menu: menu, primaryAction: primaryAction)
    }
}

/// A context menu's items, as a value (SwiftUI's deprecated `ContextMenu`).
public nonisolated struct ContextMenu<MenuItems: View> {
    let menuItems: MenuItems

    public init(@ViewBuilder menuItems: () -> MenuItems) {
        self.menuItems = menuItems()
    }
}

/// A view with actions revealed on demand: its content, then while revealed the actions, whose
/// buttons hide them again. The node records `key=name` (`revealed` added while shown).
public nonisolated struct _RevealedActions<Content: View, Actions: View>: View {
    let content: Content
    let actions: Actions?
    let key: String
    let name: String
    var isAvailable = true
    @State private var isRevealed = false

    @MainActor public var body: some View {
        let isRevealed = $isRevealed
        let state = isRevealed.wrappedValue ? "revealed" : ""
        VStack(alignment: .leading) {
            content
            if isRevealed.wrappedValue, let actions {
                HStack { actions }.environment(\._buttonDismiss, { isRevealed.wrappedValue = false })
            }
        }
        .modifier(_StyleModifier(key: key, value: [name, state].filter { !$0.isEmpty }.joined(separator: " ")))
        .modifier(_RevealMarker(action: isAvailable ? ButtonAction { isRevealed.wrappedValue.toggle() } : nil))
    }
}

/// A context menu over selectable rows: opened on a row, it shows the menu for the rows it acts
/// on (worked out by the driver from the row's tag and the rows marked `selected`) under the content.
public nonisolated struct _SelectionContextMenu<Content: View, I: Hashable, Menu: View>: View {
    let content: Content
    let menu: (Set<I>) -> Menu
    let primaryAction: ((Set<I>) -> Void)?
    @State private var openFor: Set<I>?

    @MainActor public var body: some View {
        let openFor = $openFor
        let marker = _SelectionMenuMarker(menu: actions(openFor))
        let state = openFor.wrappedValue == nil ? "selection" : "selection revealed"
        VStack(alignment: .leading) {
            content
            if let opened = openFor.wrappedValue {
                VStack(alignment: .leading) { menu(opened) }
                    .environment(\._buttonDismiss, { openFor.wrappedValue = nil })
            }
        }
        .modifier(_StyleModifier(key: "contextMenu", value: state))
        .modifier(marker)
    }

    /// What the driver opens the menu and runs the primary action with.
    @MainActor private func actions(_ openFor: Binding<Set<I>?>) -> SelectionMenuActions {
        let items: (Set<AnyHashable>) -> Set<I> = { tags in Set(tags.compactMap { $0.base as? I }) }
        let open: @MainActor (Set<AnyHashable>) -> Void = { tags in
            openFor.wrappedValue = openFor.wrappedValue == nil ? items(tags) : nil
        }
        var primary: (@MainActor (Set<AnyHashable>) -> Void)?
        if let primaryAction {
            primary = { tags in primaryAction(items(tags)) }
        }
        return SelectionMenuActions(accepts: { $0.base is I }, open: open, primary: primary)
    }
}

/// What opens a selection context menu, and runs its primary action, for the tags of the rows
/// they act on (none: the empty area).
final class SelectionMenuActions {
    /// Whether a row's tag is of the menu's selection type.
    let accepts: (AnyHashable) -> Bool
    let open: @MainActor (Set<AnyHashable>) -> Void
    let primary: (@MainActor (Set<AnyHashable>) -> Void)?

    init(accepts: @escaping (AnyHashable) -> Bool, open: @escaping @MainActor (Set<AnyHashable>) -> Void,
         primary: (@MainActor (Set<AnyHashable>) -> Void)?) {
        self.accepts = accepts
        self.open = open
        self.primary = primary
    }
}

/// Marks a node with what reveals its hidden actions (``ViewHost/swipe(_:edge:)``,
/// ``ViewHost/openContextMenu(_:)``).
public nonisolated struct _RevealMarker: PrimitiveViewModifier {
    let action: ButtonAction?
}

extension _RevealMarker: Annotating {
    func annotate(_ annotations: inout _Annotations) {
        if annotations.reveal == nil { annotations.reveal = action }
    }
}

/// Marks a node with its selection context menu.
public nonisolated struct _SelectionMenuMarker: PrimitiveViewModifier {
    let menu: SelectionMenuActions
}

extension _SelectionMenuMarker: Annotating {
    func annotate(_ annotations: inout _Annotations) {
        if annotations.selectionMenu == nil { annotations.selectionMenu = menu }
    }
}
