import Foundation

// The containers of rows: `ForEach`, `Section` and `OutlineGroup` of table rows, the rows of a
// table made from a collection or a tree, and disclosure rows.

// MARK: - ForEach

/// Table rows made from a collection (SwiftUI's `DynamicTableRowContent`): a `ForEach` of rows.
public protocol DynamicTableRowContent: TableRowContent {
    associatedtype Data: Collection
    /// The collection the rows are made from.
    var data: Data { get }
}

extension ForEach: TableRowContent where Content: TableRowContent {
    public typealias TableRowValue = Content.TableRowValue
    public var tableRowBody: Never { return _primitiveTableRowBody(Self.self) }

    /// Each element's rows, in order; an element whose id was seen before is left out, as a
    /// `ForEach` of views does.
    public var _tableRows: [_TableRowItem<Content.TableRowValue>] {
        var seen = Set<ID>()
        var rows: [_TableRowItem<Content.TableRowValue>] = []
        for element in data where seen.insert(element[keyPath: idKeyPath]).inserted {
            rows += content(element)._tableRows
        }
        return rows
    }
}

extension ForEach: DynamicTableRowContent where Content: TableRowContent {}

extension ForEach where Content: TableRowContent {
    /// A row per element: `ForEach(people)` in a table's rows is `ForEach(people) { TableRow($0) }`.
    public init(_ data: Data) where ID == Data.Element.ID, Content == TableRow<Data.Element>, Data.Element: Identifiable {
        self.init(data: data, id: \.id, content: { TableRow($0) })
    }

    /// The rows `content` makes for each element.
    public init<V>(_ data: Data, @TableRowBuilder<V> content: @escaping (Data.Element) -> Content)
    where ID == Data.Element.ID, V == Content.TableRowValue, Data.Element: Identifiable {
        self.init(data: data, id: \.id, content: content)
    }

    public init<V>(_ data: Data, id: KeyPath<Data.Element, ID>, @TableRowBuilder<V> content: @escaping (Data.Element) -> Content)
    where V == Content.TableRowValue {
        self.init(data: data, id: id, content: content)
    }

    public init<V>(_ data: Range<Int>, @TableRowBuilder<V> content: @escaping (Int) -> Content)
    where Data == Range<Int>, ID == Int, V == Content.TableRowValue {
        self.init(data: data, id: \.self, content: content)
    }
}

// MARK: - Section

extension Section: TableRowContent
where Parent: TableRowContent, Content: TableRowContent, Footer: TableRowContent,
    Parent.TableRowValue == Content.TableRowValue, Content.TableRowValue == Footer.TableRowValue
{
    public typealias TableRowValue = Content.TableRowValue
    public var tableRowBody: Never { return _primitiveTableRowBody(Self.self) }

    /// The header row, then (while the section is expanded) its rows, then its footer's. A
    /// collapsible section's header toggles it (``ViewHost/expand(_:)``).
    public var _tableRows: [_TableRowItem<TableRowValue>] {
        var headers = header._tableRows
        if let isExpanded {
            for index in headers.indices { headers[index].isExpanded = isExpanded }
        }
        let shown = isExpanded?.wrappedValue ?? true
        return headers + (shown ? content._tableRows : []) + footer._tableRows
    }
}

extension Section where Content: TableRowContent {
    /// A section titled `title`: a header row, then its rows.
    @_disfavoredOverload
    public init<V, S: StringProtocol>(_ title: S, @TableRowBuilder<V> content: () -> Content)
    where Parent == TableHeaderRowContent<V, Text>, Footer == EmptyTableRowContent<V>, V == Content.TableRowValue {
        self.init(header: TableHeaderRowContent(content: Text(title)), content: content(), footer: EmptyTableRowContent())
    }

    public init<V>(_ titleKey: LocalizedStringKey, @TableRowBuilder<V> content: () -> Content)
    where Parent == TableHeaderRowContent<V, Text>, Footer == EmptyTableRowContent<V>, V == Content.TableRowValue {
        self.init(header: TableHeaderRowContent(content: Text(titleKey)), content: content(), footer: EmptyTableRowContent())
    }

    /// A section that shows its rows while `isExpanded` is `true` (its header row toggles it).
    @_disfavoredOverload
    public init<V, S: StringProtocol>(_ title: S, isExpanded: Binding<Bool>, @TableRowBuilder<V> content: () -> Content)
    where Parent == TableHeaderRowContent<V, Text>, Footer == EmptyTableRowContent<V>, V == Content.TableRowValue {
        self.init(
            header: TableHeaderRowContent(content: Text(title)), content: content(), footer: EmptyTableRowContent(),
            isExpanded: isExpanded)
    }

    public init<V>(_ titleKey: LocalizedStringKey, isExpanded: Binding<Bool>, @TableRowBuilder<V> content: () -> Content)
    where Parent == TableHeaderRowContent<V, Text>, Footer == EmptyTableRowContent<V>, V == Content.TableRowValue {
        self.init(
            header: TableHeaderRowContent(content: Text(titleKey)), content: content(), footer: EmptyTableRowContent(),
            isExpanded: isExpanded)
    }

    /// A section without a header: its rows.
    public init<V>(@TableRowBuilder<V> content: () -> Content)
    where Parent == EmptyTableRowContent<V>, Footer == EmptyTableRowContent<V>, V == Content.TableRowValue {
        self.init(header: EmptyTableRowContent(), content: content(), footer: EmptyTableRowContent())
    }

    /// A section whose header row is the view `header` makes.
    public init<V, H: View>(@TableRowBuilder<V> content: () -> Content, @ViewBuilder header: () -> H)
    where Parent == TableHeaderRowContent<V, H>, Footer == EmptyTableRowContent<V>, V == Content.TableRowValue {
        self.init(header: TableHeaderRowContent(content: header()), content: content(), footer: EmptyTableRowContent())
    }

    public init<V, H: View>(isExpanded: Binding<Bool>, @TableRowBuilder<V> content: () -> Content, @ViewBuilder header: () -> H)
    where Parent == TableHeaderRowContent<V, H>, Footer == EmptyTableRowContent<V>, V == Content.TableRowValue {
        self.init(
            header: TableHeaderRowContent(content: header()), content: content(), footer: EmptyTableRowContent(),
            isExpanded: isExpanded)
    }
}

// MARK: - Disclosure rows and outlines

/// A row that discloses rows under it (SwiftUI's `DisclosureTableRow`): its value's row, then,
/// once expanded (``ViewHost/expand(_:)`` with a text of the row), the rows `content` makes.
///
///     DisclosureTableRow(folder) {
///         ForEach(folder.files) { TableRow($0) }
///     }
public struct DisclosureTableRow<Label: TableRowContent, Content: TableRowContent>: TableRowContent
where Label.TableRowValue == Content.TableRowValue {
    public typealias TableRowValue = Content.TableRowValue
    let label: Label
    let content: Content
    let isExpanded: Binding<Bool>?

    /// `isExpanded` `nil`: the row keeps whether it is expanded itself (collapsed at first).
    public init<Value>(_ value: Value, isExpanded: Binding<Bool>? = nil, @TableRowBuilder<Value> content: @escaping () -> Content)
    where Label == TableRow<Value>, Value == Content.TableRowValue {
        label = TableRow(value)
        self.content = content()
        self.isExpanded = isExpanded
    }

    public var tableRowBody: Never { return _primitiveTableRowBody(Self.self) }

    public var _tableRows: [_TableRowItem<TableRowValue>] {
        _disclosing(content._tableRows, under: label._tableRows, isExpanded: isExpanded)
    }
}

/// `rows` with `children` under the first of them (a disclosure row), or `rows` when there are
/// no children to show.
func _disclosing<Value>(
    _ children: [_TableRowItem<Value>]?, under rows: [_TableRowItem<Value>], isExpanded: Binding<Bool>?
) -> [_TableRowItem<Value>] {
    guard let children, !rows.isEmpty else { return rows }
    var rows = rows
    rows[0].children = children
    rows[0].isExpanded = isExpanded
    return rows
}

extension OutlineGroup: TableRowContent
where ID == Data.Element.ID, Parent: TableRowContent, Parent == Leaf, Leaf == Subgroup, Data.Element == Parent.TableRowValue {
    public typealias TableRowValue = Parent.TableRowValue
    public var tableRowBody: Never { return _primitiveTableRowBody(Self.self) }

    /// Each element's rows; an element with children discloses their outline.
    public var _tableRows: [_TableRowItem<TableRowValue>] {
        let (children, content, id) = (self.children, self.content, self.id)
        return elements.flatMap { element in
            let nested = element[keyPath: children].map {
                OutlineGroup(elements: Array($0), id: id, children: children, content: content)._tableRows
            }
            return _disclosing(nested, under: content(element)._tableRows, isExpanded: nil)
        }
    }
}

extension OutlineGroup
where ID == Data.Element.ID, Parent: TableRowContent, Parent == Leaf, Leaf == Subgroup, Data.Element == Parent.TableRowValue {
    /// A row per element of the tree, each with a disclosure for its children.
    public init<DataElement>(_ data: Data, children: KeyPath<DataElement, Data?>)
    where ID == DataElement.ID, Parent == TableRow<DataElement>, DataElement == Data.Element {
        self.init(elements: Array(data), id: \.id, children: children, content: { TableRow($0) })
    }

    public init<DataElement>(_ root: DataElement, children: KeyPath<DataElement, Data?>)
    where ID == DataElement.ID, Parent == TableRow<DataElement>, DataElement == Data.Element {
        self.init(elements: [root], id: \.id, children: children, content: { TableRow($0) })
    }

    /// The rows `content` makes for each element of the tree.
    public init<DataElement>(
        _ data: Data, children: KeyPath<DataElement, Data?>, @TableRowBuilder<DataElement> content: @escaping (DataElement) -> Leaf
    ) where ID == DataElement.ID, DataElement == Data.Element {
        self.init(elements: Array(data), id: \.id, children: children, content: content)
    }

    public init<DataElement>(
        _ root: DataElement, children: KeyPath<DataElement, Data?>, @TableRowBuilder<DataElement> content: @escaping (DataElement) -> Leaf
    ) where ID == DataElement.ID, DataElement == Data.Element {
        self.init(elements: [root], id: \.id, children: children, content: content)
    }

    public init<DataElement>(
        _ data: Data, id: KeyPath<DataElement, ID>, children: KeyPath<DataElement, Data?>,
        @TableRowBuilder<DataElement> content: @escaping (DataElement) -> Leaf
    ) where ID == DataElement.ID, DataElement == Data.Element {
        self.init(elements: Array(data), id: id, children: children, content: content)
    }

    public init<DataElement>(
        _ root: DataElement, id: KeyPath<DataElement, ID>, children: KeyPath<DataElement, Data?>,
        @TableRowBuilder<DataElement> content: @escaping (DataElement) -> Leaf
    ) where ID == DataElement.ID, DataElement == Data.Element {
        self.init(elements: [root], id: id, children: children, content: content)
    }
}

// MARK: - A table's data

/// The rows of a table made from a collection (SwiftUI's `TableForEachContent`): a row per element.
public struct TableForEachContent<Data: RandomAccessCollection>: TableRowContent where Data.Element: Identifiable {
    public typealias TableRowValue = Data.Element
    let data: Data

    public var tableRowBody: some TableRowContent<Data.Element> { ForEach(data) }
}

/// The rows of a table made from a tree (SwiftUI's `TableOutlineGroupContent`): a row per element,
/// each with a disclosure for its children.
public struct TableOutlineGroupContent<Data: RandomAccessCollection>: TableRowContent where Data.Element: Identifiable {
    public typealias TableRowValue = Data.Element
    let data: Data
    let children: KeyPath<Data.Element, Data?>

    public var tableRowBody: some TableRowContent<Data.Element> {
        OutlineGroup(data, children: children)
    }
}
