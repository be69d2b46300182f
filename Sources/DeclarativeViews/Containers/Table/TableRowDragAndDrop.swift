import Foundation

// Drag and drop on table rows, headless as on views (Transfer/DragAndDrop.swift): a row made
// draggable is picked up by ``ViewHost/dragAndDrop(_:onto:at:)`` through a text of the row; a row
// with a drop destination takes values dropped on it; the rows of a `ForEach` with
// `.dropDestination(for:action:)` take values inserted before the row they are dropped on.

/// `.draggable(_:)` on table rows: each row's view carries the value.
public struct _DraggableTableRowModifier<T: Transferable>: _TableRowContentModifier {
    let payload: () -> T

    @MainActor public func _decorate(_ row: AnyView) -> AnyView {
        AnyView(row.draggable(payload()))
    }
}

/// `.dropDestination(for:action:)` on table rows: each row takes values of `T`.
public struct _DropDestinationTableRowModifier<T: Transferable>: _TableRowContentModifier {
    let action: ([T]) -> Void

    @MainActor public func _decorate(_ row: AnyView) -> AnyView {
        let action = self.action
        return AnyView(row.dropDestination(for: T.self) { items, _ in
            action(items)
            return true
        })
    }
}

/// The modifier of `.dropDestination(for:action:)` on a `ForEach` of table rows (SwiftUI's
/// `OnInsertTableRowModifier`): a value dropped on the row at offset `n` is inserted at `n`.
public struct OnInsertTableRowModifier: _TableRowContentModifier {
    /// The destination of the row at an offset.
    let link: (Int) -> DropLink
    let typeName: String

    /// Unused: the rows are decorated with their offsets (``decorate(_:)``).
    @MainActor public func _decorate(_ row: AnyView) -> AnyView { row }

    /// The rows with a destination each that inserts before that row; the offsets count the
    /// collection's rows (a row's disclosed children are not rows of the collection).
    func decorate<Value>(_ rows: [_TableRowItem<Value>]) -> [_TableRowItem<Value>] {
        var offset = 0
        return rows.map { row in
            guard case .value = row.kind else { return row }
            var copy = row
            copy.decorations.append(_OffsetDropTableRowModifier(link: link(offset), typeName: typeName))
            offset += 1
            return copy
        }
    }
}

/// One row's destination from ``OnInsertTableRowModifier``.
struct _OffsetDropTableRowModifier: _TableRowContentModifier {
    let link: DropLink
    let typeName: String

    @MainActor func _decorate(_ row: AnyView) -> AnyView {
        let link = self.link
        return AnyView(row.modifier(_DropDestinationModifier(link: { link }, typeName: typeName)))
    }
}

extension TableRowContent {
    /// Makes each row draggable with `payload` (``ViewHost/dragAndDrop(_:onto:at:)`` picks it up
    /// by a text of the row).
    public func draggable<T: Transferable>(_ payload: @autoclosure @escaping () -> T)
        -> some TableRowContent<TableRowValue>
    {
        ModifiedContent(content: self, modifier: _DraggableTableRowModifier(payload: payload))
    }

    /// Lets each row take dropped values of `payloadType`: `action` gets them.
    public func dropDestination<T: Transferable>(for payloadType: T.Type = T.self, action: @escaping (_ items: [T]) -> Void)
        -> some TableRowContent<TableRowValue>
    {
        ModifiedContent(content: self, modifier: _DropDestinationTableRowModifier(action: action))
    }
}

extension DynamicTableRowContent {
    /// Takes values of `payloadType` dropped on the rows: `action` gets the offset to insert them
    /// at — that of the row they were dropped on — and the values.
    public func dropDestination<T: Transferable>(for payloadType: T.Type = T.self, action: @escaping (Int, [T]) -> Void)
        -> ModifiedContent<Self, OnInsertTableRowModifier>
    {
        let link = { (offset: Int) -> DropLink in
            .taking(T.self, targeted: { _ in }) { items, _ in
                action(offset, items)
                return true
            }
        }
        return ModifiedContent(content: self, modifier: OnInsertTableRowModifier(link: link, typeName: "\(T.self)"))
    }
}
