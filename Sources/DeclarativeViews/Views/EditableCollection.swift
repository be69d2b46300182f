import Foundation

// Rows a list edits by itself (iOS 16's `editActions:`): `ForEach($items, editActions: .all)` and
// `List($items, editActions: [.delete, .move])` give each row a binding to its element, and
// deleting or moving a row edits the bound collection directly, with no `.onDelete` / `.onMove`
// handler. Headless the rows are marked as editable rows are (`onDelete`, `onMove` on the render
// tree), so ``ViewHost/swipeDelete(_:)`` and ``ViewHost/move(_:to:)`` edit the collection.

/// Which edits a list makes to its bound collection by itself (SwiftUI's `EditActions`):
/// ``delete`` (a range-replaceable collection) and ``move`` (a mutable one).
public struct EditActions<Data>: OptionSet, Sendable {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Every edit the collection allows.
    public static var all: EditActions<Data> { EditActions(rawValue: 3) }
}

extension EditActions where Data: RangeReplaceableCollection {
    /// Rows can be deleted (swiped away).
    public static var delete: EditActions<Data> { EditActions(rawValue: 1) }

    /// Every edit the collection allows: deleting.
    public static var all: EditActions<Data> { EditActions(rawValue: 1) }
}

extension EditActions where Data: MutableCollection {
    /// Rows can be moved (dragged).
    public static var move: EditActions<Data> { EditActions(rawValue: 2) }

    /// Every edit the collection allows: moving.
    public static var all: EditActions<Data> { EditActions(rawValue: 2) }
}

extension EditActions where Data: MutableCollection, Data: RangeReplaceableCollection {
    /// Every edit the collection allows: deleting and moving.
    public static var all: EditActions<Data> { EditActions(rawValue: 3) }
}

/// The elements of a bound collection with their ids and positions (SwiftUI's
/// `IndexedIdentifierCollection`): what an editable `ForEach` is made from.
public struct IndexedIdentifierCollection<Base: Collection, ID: Hashable>: Collection {
    /// One element: its id, its offset in the collection, and a binding to it.
    public struct Element {
        public let id: ID
        let offset: Int
        let binding: Binding<Base.Element>
    }

    let elements: [Element]

    init(_ data: Binding<Base>, id: KeyPath<Base.Element, ID>) where Base: MutableCollection & RandomAccessCollection {
        elements = _elementBindings(data).enumerated().map { offset, binding in
            Element(id: binding.wrappedValue[keyPath: id], offset: offset, binding: binding)
        }
    }

    public typealias Index = Int
    public var startIndex: Int { elements.startIndex }
    public var endIndex: Int { elements.endIndex }
    public func index(after i: Int) -> Int { i + 1 }
    public subscript(position: Int) -> Element { elements[position] }
}

extension IndexedIdentifierCollection: BidirectionalCollection, RandomAccessCollection where Base: BidirectionalCollection {
    public func index(before i: Int) -> Int { i - 1 }
}

/// One row of an editable `ForEach` (SwiftUI's `EditableCollectionContent`): the row's view,
/// marked with what deleting or moving it does to the bound collection.
public nonisolated struct EditableCollectionContent<Content: View, Data>: View {
    let content: Content
    let edit: RowEdit
    let deletable: Bool
    let movable: Bool
    @Environment(\.editMode) private var editMode

    @MainActor public var body: some View {
        edit.handlers.editMode = editMode
        return content.modifier(_RowEditModifier(edit: edit, deletable: deletable, movable: movable))
    }
}

extension ForEach where Content: View {
    /// A row per element of a bound collection, each given a binding to its element; the rows
    /// delete and move themselves as `editActions` allows.
    ///
    ///     List {
    ///         ForEach($tasks, editActions: .all) { $task in
    ///             Toggle(task.title, isOn: $task.isDone)
    ///         }
    ///     }
    public init<C, R>(
        _ data: Binding<C>, editActions: EditActions<C>, @ViewBuilder content: @escaping (Binding<C.Element>) -> R
    ) where Data == IndexedIdentifierCollection<C, ID>, ID == C.Element.ID, Content == EditableCollectionContent<R, C>,
        C: MutableCollection, C: RandomAccessCollection, R: View, C.Element: Identifiable
    {
        self.init(data, id: \.id, editActions: editActions, content: content)
    }

    public init<C, R>(
        _ data: Binding<C>, id: KeyPath<C.Element, ID>, editActions: EditActions<C>,
        @ViewBuilder content: @escaping (Binding<C.Element>) -> R
    ) where Data == IndexedIdentifierCollection<C, ID>, Content == EditableCollectionContent<R, C>,
        C: MutableCollection, C: RandomAccessCollection, R: View
    {
        let elements = IndexedIdentifierCollection(data, id: id)
        let handlers = RowEditHandlers()
        let deletable = editActions.rawValue & 1 != 0 && C.self is any RangeReplaceableCollection.Type
        let movable = editActions.rawValue & 2 != 0
        if deletable {
            handlers.delete = { offsets in data.wrappedValue = _removing(offsets, from: data.wrappedValue) }
        }
        if movable {
            handlers.move = { source, destination in data.wrappedValue.move(fromOffsets: source, toOffset: destination) }
        }
        let count = elements.count
        self.init(elements, id: \.id) { element in
            EditableCollectionContent<R, C>(
                content: content(element.binding), edit: RowEdit(handlers: handlers, offset: element.offset, count: count),
                deletable: deletable, movable: movable)
        }
    }
}

/// `collection` without the elements at `offsets`, when it is range-replaceable (else unchanged).
private func _removing<C>(_ offsets: IndexSet, from collection: C) -> C {
    guard let replaceable = collection as? any RangeReplaceableCollection else { return collection }
    func remove<R: RangeReplaceableCollection>(_ collection: R) -> R {
        var kept = R()
        for (offset, element) in collection.enumerated() where !offsets.contains(offset) {
            kept.append(element)
        }
        return kept
    }
    return remove(replaceable) as? C ?? collection
}

extension List {
    /// A row per element of a bound collection, deleting and moving themselves as `editActions` allows.
    public init<Data, RowContent>(
        _ data: Binding<Data>, editActions: EditActions<Data>,
        @ViewBuilder rowContent: @escaping (Binding<Data.Element>) -> RowContent
    ) where SelectionValue == Never,
        Content == ForEach<IndexedIdentifierCollection<Data, Data.Element.ID>, Data.Element.ID,
            EditableCollectionContent<RowContent, Data>>,
        Data: MutableCollection, Data: RandomAccessCollection, RowContent: View, Data.Element: Identifiable
    {
        self.init { ForEach(data, editActions: editActions, content: rowContent) }
    }

    public init<Data, ID, RowContent>(
        _ data: Binding<Data>, id: KeyPath<Data.Element, ID>, editActions: EditActions<Data>,
        @ViewBuilder rowContent: @escaping (Binding<Data.Element>) -> RowContent
    ) where SelectionValue == Never,
        Content == ForEach<IndexedIdentifierCollection<Data, ID>, ID, EditableCollectionContent<RowContent, Data>>,
        Data: MutableCollection, Data: RandomAccessCollection, ID: Hashable, RowContent: View
    {
        self.init { ForEach(data, id: id, editActions: editActions, content: rowContent) }
    }

    public init<Data, RowContent>(
        _ data: Binding<Data>, editActions: EditActions<Data>, selection: Binding<SelectionValue?>?,
        @ViewBuilder rowContent: @escaping (Binding<Data.Element>) -> RowContent
    ) where Content == ForEach<IndexedIdentifierCollection<Data, Data.Element.ID>, Data.Element.ID,
            EditableCollectionContent<RowContent, Data>>,
        Data: MutableCollection, Data: RandomAccessCollection, RowContent: View, Data.Element: Identifiable
    {
        self.init(selection: selection) { ForEach(data, editActions: editActions, content: rowContent) }
    }

    public init<Data, RowContent>(
        _ data: Binding<Data>, editActions: EditActions<Data>, selection: Binding<Set<SelectionValue>>?,
        @ViewBuilder rowContent: @escaping (Binding<Data.Element>) -> RowContent
    ) where Content == ForEach<IndexedIdentifierCollection<Data, Data.Element.ID>, Data.Element.ID,
            EditableCollectionContent<RowContent, Data>>,
        Data: MutableCollection, Data: RandomAccessCollection, RowContent: View, Data.Element: Identifiable
    {
        self.init(selection: selection) { ForEach(data, editActions: editActions, content: rowContent) }
    }

    @_disfavoredOverload
    public init<Data, RowContent>(
        _ data: Binding<Data>, editActions: EditActions<Data>, selection: Binding<SelectionValue>,
        @ViewBuilder rowContent: @escaping (Binding<Data.Element>) -> RowContent
    ) where Content == ForEach<IndexedIdentifierCollection<Data, Data.Element.ID>, Data.Element.ID,
            EditableCollectionContent<RowContent, Data>>,
        Data: MutableCollection, Data: RandomAccessCollection, RowContent: View, Data.Element: Identifiable
    {
        self.init(selection: selection) { ForEach(data, editActions: editActions, content: rowContent) }
    }

    public init<Data, ID, RowContent>(
        _ data: Binding<Data>, id: KeyPath<Data.Element, ID>, editActions: EditActions<Data>,
        selection: Binding<SelectionValue?>?, @ViewBuilder rowContent: @escaping (Binding<Data.Element>) -> RowContent
    ) where Content == ForEach<IndexedIdentifierCollection<Data, ID>, ID, EditableCollectionContent<RowContent, Data>>,
        Data: MutableCollection, Data: RandomAccessCollection, ID: Hashable, RowContent: View
    {
        self.init(selection: selection) { ForEach(data, id: id, editActions: editActions, content: rowContent) }
    }

    public init<Data, ID, RowContent>(
        _ data: Binding<Data>, id: KeyPath<Data.Element, ID>, editActions: EditActions<Data>,
        selection: Binding<Set<SelectionValue>>?, @ViewBuilder rowContent: @escaping (Binding<Data.Element>) -> RowContent
    ) where Content == ForEach<IndexedIdentifierCollection<Data, ID>, ID, EditableCollectionContent<RowContent, Data>>,
        Data: MutableCollection, Data: RandomAccessCollection, ID: Hashable, RowContent: View
    {
        self.init(selection: selection) { ForEach(data, id: id, editActions: editActions, content: rowContent) }
    }

    @_disfavoredOverload
    public init<Data, ID, RowContent>(
        _ data: Binding<Data>, id: KeyPath<Data.Element, ID>, editActions: EditActions<Data>,
        selection: Binding<SelectionValue>, @ViewBuilder rowContent: @escaping (Binding<Data.Element>) -> RowContent
    ) where Content == ForEach<IndexedIdentifierCollection<Data, ID>, ID, EditableCollectionContent<RowContent, Data>>,
        Data: MutableCollection, Data: RandomAccessCollection, ID: Hashable, RowContent: View
    {
        self.init(selection: selection) { ForEach(data, id: id, editActions: editActions, content: rowContent) }
    }

    /// A list whose rows, tagged with values of the selection's type, select one value (macOS's
    /// non-optional form): tapping a row sets the selection to its tag.
    @_disfavoredOverload
    public init(selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
        self.content = content()
        self.selection = _Selection(value: selection)
    }
}
