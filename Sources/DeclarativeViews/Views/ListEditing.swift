import Foundation

// Editing the rows of a list, headless: `.onDelete` and `.onMove` on a `ForEach` mark each row's
// nodes with its offset and the handlers (the render tree shows `onDelete` / `onMove` on them),
// so ``ViewHost/swipeDelete(_:)`` and ``ViewHost/move(_:to:)`` — the `swipe-delete` and `move`
// script steps — call the handler with the row's offset, as swiping or dragging a row does.
// Moving needs edit mode when the row is in a container that has one (`EditButton`).

/// The handlers of an editable `ForEach`, kept current by its body (rows point at this box, so a
/// handler that captured new state is used without rebuilding the rows).
final class RowEditHandlers: @unchecked Sendable {
    var delete: ((IndexSet) -> Void)?
    var move: ((IndexSet, Int) -> Void)?
    var editMode: Binding<EditMode>?
}

/// One row's place in its editable `ForEach`.
struct RowEdit: Equatable {
    let handlers: RowEditHandlers
    let offset: Int
    /// How many rows the `ForEach` has (a move's destination is 0 through this).
    let count: Int

    static func == (lhs: RowEdit, rhs: RowEdit) -> Bool {
        lhs.handlers === rhs.handlers && lhs.offset == rhs.offset && lhs.count == rhs.count
    }
}

/// A `ForEach` with `.onDelete` and/or `.onMove` handlers (SwiftUI returns `some DynamicViewContent`).
public nonisolated struct _EditableForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View {
    let forEach: ForEach<Data, ID, Content>
    var delete: ((IndexSet) -> Void)?
    var move: ((IndexSet, Int) -> Void)?
    /// The drop destination of each row, by its offset (`.dropDestination(for:action:)`).
    var drop: _RowDrop?
    @State private var handlers = RowEditHandlers()
    @Environment(\.editMode) private var editMode

    @MainActor public var body: some View {
        let handlers = self.handlers
        handlers.delete = delete
        handlers.move = move
        handlers.editMode = editMode
        let idPath = forEach.idKeyPath
        var offsets: [ID: Int] = [:]
        offsets.reserveCapacity(forEach.data.count)
        for (offset, element) in forEach.data.enumerated() where offsets[element[keyPath: idPath]] == nil {
            offsets[element[keyPath: idPath]] = offset
        }
        let content = forEach.content
        let marks = (delete != nil, move != nil)
        let count = forEach.data.count
        let drop = self.drop
        return ForEach(forEach.data, id: idPath) { element in
            let offset = offsets[element[keyPath: idPath]] ?? 0
            content(element)
                .modifier(_RowEditModifier(edit: RowEdit(handlers: handlers, offset: offset, count: count),
                                           deletable: marks.0, movable: marks.1))
                .modifier(_DropDestinationModifier(link: { drop?.link(offset) }, typeName: drop?.typeName))
        }
    }

}

/// Views made from a collection of data, whose rows can be edited (SwiftUI's `DynamicViewContent`):
/// `ForEach`, and a `ForEach` with edit handlers.
public protocol DynamicViewContent: View {
    associatedtype Data: Collection
    /// The collection the views are made from.
    var data: Data { get }
    /// What ``onDelete(perform:)`` and ``onMove(perform:)`` return (public for technical reasons:
    /// the extension's methods are generic over every conforming type).
    associatedtype _Editable: DynamicViewContent
    func _editable(delete: ((IndexSet) -> Void)??, move: ((IndexSet, Int) -> Void)??) -> _Editable
    /// The content whose rows take dropped values (``dropDestination(for:action:)``).
    func _droppable(_ drop: _RowDrop) -> _Editable
}

extension DynamicViewContent {
    /// Rows can be deleted (swiped, or `ViewHost.swipeDelete`): `action` gets their offsets.
    public func onDelete(perform action: ((IndexSet) -> Void)?) -> some DynamicViewContent {
        _editable(delete: .some(action), move: nil)
    }

    /// Rows can be moved (dragged in edit mode, or `ViewHost.move`): `action` gets their offsets
    /// and the offset they go before.
    public func onMove(perform action: ((IndexSet, Int) -> Void)?) -> some DynamicViewContent {
        _editable(delete: nil, move: .some(action))
    }
}

extension ForEach: DynamicViewContent where Content: View {
    public func _editable(delete: ((IndexSet) -> Void)??, move: ((IndexSet, Int) -> Void)??)
        -> _EditableForEach<Data, ID, Content>
    {
        _EditableForEach(forEach: self, delete: delete ?? nil, move: move ?? nil)
    }

    public func _droppable(_ drop: _RowDrop) -> _EditableForEach<Data, ID, Content> {
        _EditableForEach(forEach: self, drop: drop)
    }
}

extension _EditableForEach: DynamicViewContent {
    public var data: Data { forEach.data }

    public func _editable(delete: ((IndexSet) -> Void)??, move: ((IndexSet, Int) -> Void)??) -> Self {
        var copy = self
        if let delete { copy.delete = delete }
        if let move { copy.move = move }
        return copy
    }

    public func _droppable(_ drop: _RowDrop) -> Self {
        var copy = self
        copy.drop = drop
        return copy
    }
}

/// Marks a row's nodes with its edit handlers.
public nonisolated struct _RowEditModifier: PrimitiveViewModifier, Equatable {
    let edit: RowEdit
    let deletable: Bool
    let movable: Bool
}

extension _RowEditModifier: Annotating {
    func annotate(_ annotations: inout _Annotations) {
        if annotations.rowEdit == nil { annotations.rowEdit = edit }
        if deletable { annotations.styles["onDelete"] = "" }
        if movable { annotations.styles["onMove"] = "" }
    }
}

/// Switches the enclosing container between editing and not (SwiftUI's `EditButton`): a button
/// labelled "Edit", or "Done" while editing.
public nonisolated struct EditButton: View {
    @Environment(\.editMode) private var editMode

    public init() {}

    @MainActor public var body: some View {
        let editMode = self.editMode
        let editing = editMode?.wrappedValue.isEditing ?? false
        Button(editing ? "Done" : "Edit") {
            editMode?.wrappedValue = editing ? .inactive : .active
        }
        .disabled(editMode == nil)
    }
}

/// Records `key` on the content's nodes while `isOn` (`deleteDisabled`, `moveDisabled`,
/// `selectionDisabled`): what the driver and selectable containers read. Off, it records nothing.
public nonisolated struct _RowFlagModifier: PrimitiveViewModifier, Equatable {
    let key: String
    let isOn: Bool
}

extension _RowFlagModifier: Annotating {
    func annotate(_ annotations: inout _Annotations) {
        if isOn { annotations.styles[key] = "" }
    }
}

extension View {
    /// Keeps the row from being deleted (no swipe to delete; ``ViewHost/swipeDelete(_:)`` does
    /// not find it) while `isDisabled` (SwiftUI's `deleteDisabled`).
    public func deleteDisabled(_ isDisabled: Bool) -> ModifiedContent<Self, _RowFlagModifier> {
        modifier(_RowFlagModifier(key: "deleteDisabled", isOn: isDisabled))
    }

    /// Keeps the row from being moved (``ViewHost/move(_:to:)`` does not find it) while
    /// `isDisabled` (SwiftUI's `moveDisabled`).
    public func moveDisabled(_ isDisabled: Bool) -> ModifiedContent<Self, _RowFlagModifier> {
        modifier(_RowFlagModifier(key: "moveDisabled", isOn: isDisabled))
    }

    /// Keeps the row from being selected in a selectable `List` or `Table` (it is not a button
    /// that selects) while `isDisabled` (SwiftUI's `selectionDisabled`).
    public func selectionDisabled(_ isDisabled: Bool = true) -> ModifiedContent<Self, _RowFlagModifier> {
        modifier(_RowFlagModifier(key: "selectionDisabled", isOn: isDisabled))
    }
}
