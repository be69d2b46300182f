import Foundation

// Tables, headless: a list whose first row is the columns' titles (its node carries
// `tableHeader`) and whose other rows are one row per element, a cell per column. With a
// selection, rows select as a selectable `List`'s do (they are tagged with their elements' ids).
// With a sort order, the titles of the columns that have a comparator are buttons: tapping one
// makes its comparator the first of the sort order (tapping the first one reverses it), as
// clicking a column header does; the table's data is sorted by the app (`.onChange(of: sortOrder)`),
// as in SwiftUI. Its rows are a collection's elements, or any table row content (rows, sections,
// disclosure rows, outlines: TableRowContent.swift); its columns may be customized
// (TableColumnCustomization.swift).

/// Columns of a ``Table`` (SwiftUI's `TableColumnContent`): the built-in kinds list their
/// columns; a type of your own describes its columns with a body of other column content.
///
///     struct ContactColumns: TableColumnContent {
///         var tableColumnBody: some TableColumnContent<Person, Never> {
///             TableColumn("Name", value: \.name)
///             TableColumn("Email", value: \.email)
///         }
///     }
public protocol TableColumnContent<TableRowValue, TableColumnSortComparator> {
    /// The type of value the rows show.
    associatedtype TableRowValue: Identifiable = TableColumnBody.TableRowValue
    /// How the columns sort the rows (`Never`: they do not).
    associatedtype TableColumnSortComparator: SortComparator = TableColumnBody.TableColumnSortComparator
    /// The type of the content's body.
    associatedtype TableColumnBody: TableColumnContent
    /// The columns this content is made of (built-in kinds: `Never`, never read).
    @TableColumnBuilder<TableRowValue, TableColumnSortComparator> var tableColumnBody: TableColumnBody { get }
    /// The columns, type-erased (public for technical reasons: the table reads them through the
    /// protocol).
    var _columns: [_AnyTableColumn<TableRowValue>] { get }
}

extension TableColumnContent where TableColumnBody.TableRowValue == TableRowValue {
    /// Column content of your own shows its body's columns.
    public var _columns: [_AnyTableColumn<TableRowValue>] { tableColumnBody._columns }
}

extension Never: TableColumnContent {
    public typealias TableColumnSortComparator = Never
    public var tableColumnBody: Never { return fatalError("Never has no table columns") }
    public var _columns: [_AnyTableColumn<Never>] { [] }
}

/// The body of a built-in kind of column content, which lists its columns itself. (Its callers
/// `return` it: a body without `return` would go through the column builder.)
func _primitiveTableColumnBody<Content>(_ type: Content.Type) -> Never {
    fatalError("\(Content.self) is a built-in table column content: it has no tableColumnBody to read")
}

/// A column, type-erased: its title, how it shows a row's cell, its sort comparator (if it has
/// one) and its width (recorded).
public struct _AnyTableColumn<RowValue> {
    let title: AnyView
    let cell: (RowValue) -> AnyView
    var comparator: (any SortComparator)?
    var width: String?
    /// The id naming the column in the table's ``TableColumnCustomization``.
    var customizationID: String?
    /// Whether the column shows when its customization does not say.
    var defaultVisibility = Visibility.automatic
    /// What the user may not customize.
    var disabledCustomization: TableColumnCustomizationBehavior = []
}

/// Columns side by side (SwiftUI's `TupleTableColumnContent`), as a column builder block makes
/// them. SwiftUI's `value` is a tuple of the block's columns; the builder here makes `value` the
/// columns type-erased (``_TableColumns``), so that a sortable table can take columns that do not sort.
public struct TupleTableColumnContent<RowValue: Identifiable, Sort: SortComparator, T>: TableColumnContent {
    public typealias TableRowValue = RowValue
    public typealias TableColumnSortComparator = Sort

    /// The block's columns.
    public var value: T

    init(value: T) {
        self.value = value
    }

    /// The columns: `value`, which the builder makes an array of them (so that changing it
    /// changes the table).
    public var _columns: [_AnyTableColumn<RowValue>] {
        value as? [_AnyTableColumn<RowValue>] ?? []
    }

    public var tableColumnBody: Never { return _primitiveTableColumnBody(Self.self) }
}

/// A table's columns, as its column builder collects them.
public typealias _TableColumns<RowValue: Identifiable, Sort: SortComparator> =
    TupleTableColumnContent<RowValue, Sort, [_AnyTableColumn<RowValue>]>

/// Collects a table's columns (SwiftUI's `TableColumnBuilder`).
@resultBuilder
public struct TableColumnBuilder<RowValue: Identifiable, Sort: SortComparator> {
    /// A column sorted with the table's comparator type.
    public static func buildExpression<Column: TableColumnContent>(_ column: Column) -> [_AnyTableColumn<RowValue>]
    where Column.TableRowValue == RowValue, Column.TableColumnSortComparator == Sort {
        column._columns
    }

    /// A column that does not sort (in a table that may). Disfavoured: where a column could be
    /// either (`TableColumn("Name", value: \.name)`), a sortable table takes the sortable one.
    @_disfavoredOverload
    public static func buildExpression<Column: TableColumnContent>(_ column: Column) -> [_AnyTableColumn<RowValue>]
    where Column.TableRowValue == RowValue, Column.TableColumnSortComparator == Never {
        column._columns
    }

    public static func buildBlock(_ columns: [_AnyTableColumn<RowValue>]...) -> _TableColumns<RowValue, Sort> {
        _TableColumns(value: columns.flatMap { $0 })
    }
}

/// A column of a ``Table`` (SwiftUI's `TableColumn`): a title, and a cell for each row.
public struct TableColumn<RowValue: Identifiable, Sort: SortComparator, Content: View, Label: View>: TableColumnContent {
    public typealias TableRowValue = RowValue
    public typealias TableColumnSortComparator = Sort

    let label: Label
    let content: (RowValue) -> Content
    var comparator: Sort?
    var widthDescription: String?

    init(label: Label, content: @escaping (RowValue) -> Content, comparator: Sort? = nil) {
        self.label = label
        self.content = content
        self.comparator = comparator
    }

    public var tableColumnBody: Never { return _primitiveTableColumnBody(Self.self) }

    public var _columns: [_AnyTableColumn<RowValue>] {
        let content = self.content
        return [_AnyTableColumn(title: AnyView(label), cell: { AnyView(content($0)) }, comparator: comparator, width: widthDescription)]
    }

    /// The column's fixed width (`nil`: the table's choice); recorded on its title (`width=80`).
    public func width(_ width: CGFloat? = nil) -> TableColumn<RowValue, Sort, Content, Label> {
        var copy = self
        copy.widthDescription = width.map { _number(Double($0)) }
        return copy
    }

    /// The column's bounds; recorded on its title (`width=min ideal max`, `-` where unset).
    public func width(min: CGFloat? = nil, ideal: CGFloat? = nil, max: CGFloat? = nil)
        -> TableColumn<RowValue, Sort, Content, Label>
    {
        var copy = self
        let bound = { (value: CGFloat?) in value.map { _number(Double($0)) } ?? "-" }
        copy.widthDescription = "\(bound(min)) \(bound(ideal)) \(bound(max))"
        return copy
    }

    /// The column at the table's width (deprecated in SwiftUI): the column unchanged.
    public func width() -> TableColumn<RowValue, Sort, Content, Label> { self }
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

// MARK: Sortable columns

extension TableColumn where Label == Text {
    /// A sortable column whose cells `content` makes, sorted by `comparator`.
    public init(_ titleKey: LocalizedStringKey, sortUsing comparator: Sort, @ViewBuilder content: @escaping (RowValue) -> Content)
    where RowValue == Sort.Compared {
        self.init(label: Text(titleKey), content: content, comparator: comparator)
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, sortUsing comparator: Sort, @ViewBuilder content: @escaping (RowValue) -> Content)
    where RowValue == Sort.Compared {
        self.init(label: Text(title), content: content, comparator: comparator)
    }

    /// A column sorted by a comparable value of the row.
    public init<V: Comparable>(_ titleKey: LocalizedStringKey, value: KeyPath<RowValue, V> & Sendable, @ViewBuilder content: @escaping (RowValue) -> Content)
    where Sort == KeyPathComparator<RowValue> {
        self.init(label: Text(titleKey), content: content, comparator: KeyPathComparator(value))
    }

    @_disfavoredOverload
    public init<S: StringProtocol, V: Comparable>(_ title: S, value: KeyPath<RowValue, V> & Sendable, @ViewBuilder content: @escaping (RowValue) -> Content)
    where Sort == KeyPathComparator<RowValue> {
        self.init(label: Text(title), content: content, comparator: KeyPathComparator(value))
    }

    /// A column sorted by a value of the row, compared by `comparator`.
    public init<V, C: SortComparator>(
        _ titleKey: LocalizedStringKey, value: KeyPath<RowValue, V> & Sendable, comparator: C, @ViewBuilder content: @escaping (RowValue) -> Content
    ) where V == C.Compared, Sort == KeyPathComparator<RowValue> {
        self.init(label: Text(titleKey), content: content, comparator: KeyPathComparator(value, comparator: comparator))
    }

    @_disfavoredOverload
    public init<S: StringProtocol, V, C: SortComparator>(
        _ title: S, value: KeyPath<RowValue, V> & Sendable, comparator: C, @ViewBuilder content: @escaping (RowValue) -> Content
    ) where V == C.Compared, Sort == KeyPathComparator<RowValue> {
        self.init(label: Text(title), content: content, comparator: KeyPathComparator(value, comparator: comparator))
    }
}

extension TableColumn where Content == Text, Label == Text, Sort == KeyPathComparator<RowValue> {
    /// A column showing a string of the row, sorted by it (`localizedStandard` by default).
    public init(_ titleKey: LocalizedStringKey, value: KeyPath<RowValue, String> & Sendable, comparator: String.StandardComparator = .localizedStandard) {
        self.init(
            label: Text(titleKey), content: { Text(verbatim: $0[keyPath: value]) },
            comparator: KeyPathComparator(value, comparator: comparator))
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, value: KeyPath<RowValue, String> & Sendable, comparator: String.StandardComparator = .localizedStandard) {
        self.init(
            label: Text(title), content: { Text(verbatim: $0[keyPath: value]) },
            comparator: KeyPathComparator(value, comparator: comparator))
    }
}

/// Rows of values in columns (SwiftUI's `Table`):
///
///     Table(people, selection: $selected) {
///         TableColumn("Name", value: \.name)
///         TableColumn("Age") { Text("\($0.age)") }
///     }
///
///     Table(of: Person.self) {
///         TableColumn("Name", value: \.name)
///     } rows: {
///         Section("Design") { ForEach(designers) { TableRow($0) } }
///         DisclosureTableRow(lead) { ForEach(reports) { TableRow($0) } }
///     }
///
/// Headless, a list: the header row (`tableHeader`) with the titles of the columns it shows, then
/// its rows: a row per value with its cells, a section's header row (`tableSectionHeader`), and
/// under a disclosure row (its first cell is its disclosure: ``ViewHost/expand(_:)``) its
/// children while it is expanded. With a selection, tapping a row (or ``ViewHost/select(_:)``)
/// selects it.
public nonisolated struct Table<Value, Rows: TableRowContent, Columns: TableColumnContent>: View
where Value == Rows.TableRowValue, Rows.TableRowValue == Columns.TableRowValue {
    let rows: Rows
    let columns: Columns
    var single: Binding<Value.ID?>?
    var multiple: Binding<Set<Value.ID>>?
    /// The sort order, when the table has one.
    var sort: _TableSortOrder?
    /// Which columns the user hid or showed, when the table has a customization.
    var customization: Binding<TableColumnCustomization<Value>>?
    /// The ids of the disclosure rows without a binding of their own that are expanded.
    @State private var expanded: Set<AnyHashable> = []

    init(rows: Rows, columns: Columns) {
        self.rows = rows
        self.columns = columns
    }

    @MainActor public var body: some View {
        let customization = self.customization?.wrappedValue
        let columns = self.columns._columns.filter { $0.isShown(in: customization) }
        let sort = self.sort
        let header = HStack {
            ForEach(columns.indices, id: \.self) { index in
                // Tagged as a header cell: the `ForEach`'s own tags (0, 1…) would make the titles
                // selectable rows of a table whose row ids are integers.
                _TableColumnTitle(column: columns[index], sort: sort).tag(_TableHeaderCell(index: index))
            }
        }
        .modifier(_StyleModifier(key: "tableHeader", value: ""))
        let lines = _TableLine.lines(of: rows._tableRows, expanded: $expanded)
        let cells = ForEach(lines, id: \.id) { line in
            _TableLineView(line: line, columns: columns)
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
        self.init(rows: TableForEachContent(data: data), columns: columns())
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

// MARK: Sorting

/// The tag of a header cell, which no selection takes.
struct _TableHeaderCell: Hashable {
    let index: Int
}

/// A table's sort order, type-erased: what tapping a column's title does to it.
struct _TableSortOrder {
    /// The direction `comparator` sorts in if it is the first of the sort order.
    let primaryOrder: (any SortComparator) -> SortOrder?
    /// Makes `comparator` the first of the sort order, or reverses it if it is.
    let select: (any SortComparator) -> Void

    init<Sort: SortComparator>(_ binding: Binding<[Sort]>) {
        func unordered(_ comparator: Sort) -> Sort {
            var copy = comparator
            copy.order = .forward
            return copy
        }
        primaryOrder = { column in
            guard let column = column as? Sort, let first = binding.wrappedValue.first, unordered(first) == unordered(column) else {
                return nil
            }
            return first.order
        }
        select = { column in
            guard let column = column as? Sort else { return }
            var order = binding.wrappedValue
            if let first = order.first, unordered(first) == unordered(column) {
                order[0].order = first.order == .forward ? .reverse : .forward
            } else {
                order.removeAll { unordered($0) == unordered(column) }
                order.insert(column, at: 0)
            }
            binding.wrappedValue = order
        }
    }
}

/// A column's title in the header row: a button that sorts by the column when the table has a
/// sort order and the column a comparator (`sortable`, and `sorted=ascending` or `descending` on
/// the first of the sort order), else the title; with its width, if it sets one (`width=80`), its
/// customization id (`customizationID=name`) and what may not be customized
/// (`disabledCustomization=reorder visibility`).
nonisolated struct _TableColumnTitle<RowValue>: View {
    let column: _AnyTableColumn<RowValue>
    let sort: _TableSortOrder?

    @MainActor var body: some View {
        var records: [String: String] = [:]
        records["width"] = column.width
        records["customizationID"] = column.customizationID
        records["disabledCustomization"] = column.disabledCustomizationNames
        return title.modifier(_TableColumnRecords(styles: records))
    }

    @MainActor @ViewBuilder private var title: some View {
        if let sort, let comparator = column.comparator {
            if let order = sort.primaryOrder(comparator) {
                Button { sort.select(comparator) } label: { column.title }
                    .modifier(_StyleModifier(key: "sorted", value: order == .forward ? "ascending" : "descending"))
                    .modifier(_StyleModifier(key: "sortable", value: ""))
            } else {
                Button { sort.select(comparator) } label: { column.title }
                    .modifier(_StyleModifier(key: "sortable", value: ""))
            }
        } else {
            column.title
        }
    }
}

extension Table {
    /// A table sorted as `sortOrder` says (tapping a sortable column's title changes it).
    public init<Data: RandomAccessCollection, Sort: SortComparator>(
        _ data: Data, sortOrder: Binding<[Sort]>, @TableColumnBuilder<Value, Sort> columns: () -> Columns
    ) where Rows == TableForEachContent<Data>, Data.Element == Value, Columns.TableRowValue == Sort.Compared {
        self.init(data, columns: columns)
        sort = _TableSortOrder(sortOrder)
    }

    public init<Data: RandomAccessCollection, Sort: SortComparator>(
        _ data: Data, selection: Binding<Value.ID?>, sortOrder: Binding<[Sort]>,
        @TableColumnBuilder<Value, Sort> columns: () -> Columns
    ) where Rows == TableForEachContent<Data>, Data.Element == Value, Columns.TableRowValue == Sort.Compared {
        self.init(data, columns: columns)
        single = selection
        sort = _TableSortOrder(sortOrder)
    }

    public init<Data: RandomAccessCollection, Sort: SortComparator>(
        _ data: Data, selection: Binding<Set<Value.ID>>, sortOrder: Binding<[Sort]>,
        @TableColumnBuilder<Value, Sort> columns: () -> Columns
    ) where Rows == TableForEachContent<Data>, Data.Element == Value, Columns.TableRowValue == Sort.Compared {
        self.init(data, columns: columns)
        multiple = selection
        sort = _TableSortOrder(sortOrder)
    }
}

/// Records a column's settings on its title.
nonisolated struct _TableColumnRecords: PrimitiveViewModifier, Equatable, Annotating {
    let styles: [String: String]

    func annotate(_ annotations: inout _Annotations) {
        for (key, value) in styles where annotations.styles[key] == nil { annotations.styles[key] = value }
    }
}
