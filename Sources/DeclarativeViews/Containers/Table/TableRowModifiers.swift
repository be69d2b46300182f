import Foundation

// Modifiers of table rows: a context menu (opened and tapped through the driver as a view's is:
// ``ViewHost/openContextMenu(_:)``), a hover action (``ViewHost/hover(_:at:)``).

/// A modifier of table rows (SwiftUI's `_TableRowContentModifier`): what it adds to each row's view.
public protocol _TableRowContentModifier {
    /// The row's view with what the modifier adds.
    @MainActor func _decorate(_ row: AnyView) -> AnyView
}

extension ModifiedContent: TableRowContent where Content: TableRowContent, Modifier: _TableRowContentModifier {
    public typealias TableRowValue = Content.TableRowValue
    public var tableRowBody: Never { return _primitiveTableRowBody(Self.self) }

    /// The content's rows, each decorated (the rows of a disclosure row's children too: a
    /// modifier on a `ForEach` or a `Section` applies to every row in it).
    public var _tableRows: [_TableRowItem<Content.TableRowValue>] {
        if let insert = modifier as? OnInsertTableRowModifier {
            // Each row's destination depends on its offset.
            return insert.decorate(content._tableRows)
        }
        return content._tableRows.map { $0.decorated(by: modifier) }
    }
}

extension _TableRowItem {
    /// The row, and its children, with what `modifier` adds to their views.
    func decorated(by modifier: any _TableRowContentModifier) -> _TableRowItem {
        var copy = self
        if case .value = kind { copy.decorations.append(modifier) }
        copy.children = children?.map { $0.decorated(by: modifier) }
        return copy
    }
}

/// `.contextMenu(menuItems:)` on table rows.
public struct _ContextMenuTableRowModifier<MenuItems: View>: _TableRowContentModifier {
    let menuItems: MenuItems

    @MainActor public func _decorate(_ row: AnyView) -> AnyView {
        AnyView(row.contextMenu { menuItems })
    }
}

/// `.contextMenu(menuItems:preview:)` on table rows.
public struct _ContextMenuPreviewTableRowModifier<MenuItems: View, Preview: View>: _TableRowContentModifier {
    let menuItems: MenuItems
    let preview: Preview

    @MainActor public func _decorate(_ row: AnyView) -> AnyView {
        AnyView(row.contextMenu(menuItems: { menuItems }, preview: { preview }))
    }
}

/// `.onHover(perform:)` on table rows.
public struct _HoverTableRowModifier: _TableRowContentModifier {
    let action: (Bool) -> Void

    @MainActor public func _decorate(_ row: AnyView) -> AnyView {
        AnyView(row.onHover(perform: action))
    }
}

extension TableRowContent {
    /// A menu on each row, shown by a secondary click (``ViewHost/openContextMenu(_:)`` with a
    /// text of the row).
    public func contextMenu<M: View>(@ViewBuilder menuItems: () -> M)
        -> ModifiedContent<Self, _ContextMenuTableRowModifier<M>>
    {
        ModifiedContent(content: self, modifier: _ContextMenuTableRowModifier(menuItems: menuItems()))
    }

    /// A menu on each row, with a preview shown above its items while it is open.
    public func contextMenu<M: View, P: View>(@ViewBuilder menuItems: () -> M, @ViewBuilder preview: () -> P)
        -> ModifiedContent<Self, _ContextMenuPreviewTableRowModifier<M, P>>
    {
        ModifiedContent(content: self, modifier: _ContextMenuPreviewTableRowModifier(menuItems: menuItems(), preview: preview()))
    }

    /// Runs `action` with `true` when the pointer enters a row, `false` when it leaves
    /// (``ViewHost/hover(_:at:)``).
    public func onHover(perform action: @escaping (Bool) -> Void) -> some TableRowContent<TableRowValue> {
        ModifiedContent(content: self, modifier: _HoverTableRowModifier(action: action))
    }
}
