import Foundation

// Tables, headless: a list whose first row is the columns' titles (its node carries
// `tableHeader`) and whose other rows are one row per element, a cell per column. With a
// selection, rows select as a selectable `List`'s do (they are tagged with their elements' ids).
// Sorting and column customisation are not provided yet.

/// Rows of a ``Table`` (SwiftUI's `TableRowContent`).
public protocol TableRowContent<TableRowValue> {
    associatedtype TableRowValue: Identifiable
    /// The row values, in order.
    var _rowValues: [TableRowValue] { get }
}

/// Columns of a ``Table`` (SwiftUI's `TableColumnContent`).
public protocol TableColumnContent<TableRowValue, TableColumnSortComparator> {
    associatedtype TableRowValue: Identifiable
    associatedtype TableColumnSortComparator: SortComparator
    /// The columns, type-erased.
    var _columns: [_AnyTableColumn<TableRowValue>] { get }
}

/// A column, type-erased: its title and how it shows a row's cell.
public struct _AnyTableColumn<RowValue> {
    let title: AnyView
    let cell: (RowValue) -> AnyView
}

/// The rows of a table made from a collection (SwiftUI's `TableForEachContent`).
public struct TableForEachContent<Data: RandomAccessCollection>: TableRowContent where Data.Element: Identifiable {
    let data: Data
    public var _rowValues: [Data.Element] { Array(data) }
}

/// A table's columns, as its column builder collects them.
public struct _TableColumns<RowValue: Identifiable, Sort: SortComparator>: TableColumnContent {
    public typealias TableRowValue = RowValue
    public typealias TableColumnSortComparator = Sort
    public let _columns: [_AnyTableColumn<RowValue>]
}

/// Collects a table's columns (SwiftUI's `TableColumnBuilder`).
@resultBuilder
public struct TableColumnBuilder<RowValue: Identifiable, Sort: SortComparator> {
    public static func buildExpression<Column: TableColumnContent>(_ column: Column) -> [_AnyTableColumn<RowValue>]
    where Column.TableRowValue == RowValue {
        column._columns
    }

    public static func buildBlock(_ columns: [_AnyTableColumn<RowValue>]...) -> _TableColumns<RowValue, Sort> {
        _TableColumns(_columns: columns.flatMap { $0 })
    }
}

/// A column of a ``Table`` (SwiftUI's `TableColumn`): a title, and a cell for each row.
public struct TableColumn<RowValue: Identifiable, Sort: SortComparator, Content: View, Label: View>: TableColumnContent {
    public typealias TableRowValue = RowValue
    public typealias TableColumnSortComparator = Sort

    let label: Label
    let content: (RowValue) -> Content

    public var _columns: [_AnyTableColumn<RowValue>] {
        let content = self.content
        return [_AnyTableColumn(title: AnyView(label), cell: { AnyView(content($0)) })]
    }
}

extension TableColumn where Sort == Never, Label == Text {
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: @escaping (RowValue) -> Content) {
        self.init(label: Text(titleKey), content: content)
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: @escaping (RowValue) -> Content) {
        self.init(label: Text(title), content: content)
    }
}

extension TableColumn where Content == Text, Sort == Never, Label == Text {
    public init(_ titleKey: LocalizedStringKey, value: KeyPath<RowValue, String>) {
        self.init(label: Text(titleKey), content: { Text(verbatim: $0[keyPath: value]) })
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, value: KeyPath<RowValue, String>) {
        self.init(label: Text(title), content: { Text(verbatim: $0[keyPath: value]) })
    }
}

/// Rows of values in columns (SwiftUI's `Table`):
///
///     Table(people, selection: $selected) {
///         TableColumn("Name", value: \.name)
///         TableColumn("Age") { Text("\($0.age)") }
///     }
///
/// Headless, a list: the header row (`tableHeader`) with the columns' titles, then a row per
/// element with its cells; with a selection, tapping a row (or ``ViewHost/select(_:)``) selects it.
public nonisolated struct Table<Value, Rows: TableRowContent, Columns: TableColumnContent>: View
where Value == Rows.TableRowValue, Rows.TableRowValue == Columns.TableRowValue {
    let rows: Rows
    let columns: Columns
    var single: Binding<Value.ID?>?
    var multiple: Binding<Set<Value.ID>>?

    @MainActor public var body: some View {
        let columns = self.columns._columns
        let rows = self.rows._rowValues
        let header = HStack {
            ForEach(columns.indices, id: \.self) { columns[$0].title }
        }
        .modifier(_StyleModifier(key: "tableHeader", value: ""))
        let cells = ForEach(rows) { row in
            HStack {
                ForEach(columns.indices, id: \.self) { columns[$0].cell(row) }
            }
        }
        if let multiple {
            List(selection: multiple) { header; cells }
        } else if let single {
            List(selection: single) { header; cells }
        } else {
            List { header; cells }
        }
    }
}

extension Table {
    public init<Data: RandomAccessCollection>(_ data: Data, @TableColumnBuilder<Value, Never> columns: () -> Columns)
    where Rows == TableForEachContent<Data>, Columns.TableRowValue == Data.Element {
        rows = TableForEachContent(data: data)
        self.columns = columns()
    }

    public init<Data: RandomAccessCollection>(
        _ data: Data, selection: Binding<Value.ID?>, @TableColumnBuilder<Value, Never> columns: () -> Columns
    ) where Rows == TableForEachContent<Data>, Columns.TableRowValue == Data.Element {
        self.init(data, columns: columns)
        single = selection
    }

    public init<Data: RandomAccessCollection>(
        _ data: Data, selection: Binding<Set<Value.ID>>, @TableColumnBuilder<Value, Never> columns: () -> Columns
    ) where Rows == TableForEachContent<Data>, Columns.TableRowValue == Data.Element {
        self.init(data, columns: columns)
        multiple = selection
    }
}
