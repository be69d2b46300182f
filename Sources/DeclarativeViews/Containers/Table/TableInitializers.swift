import Foundation

// The forms of `Table` beyond a collection and its columns (Table.swift): rows given by a row
// builder (`Table(of:columns:rows:)`), a tree (`Table(_:children:columns:)`), and column
// customization.

extension Table {
    /// The table with its selection, sort order and column customization set.
    fileprivate func with(
        single: Binding<Value.ID?>? = nil, multiple: Binding<Set<Value.ID>>? = nil, sort: _TableSortOrder? = nil,
        customization: Binding<TableColumnCustomization<Value>>? = nil
    ) -> Table {
        var copy = self
        copy.single = single
        copy.multiple = multiple
        copy.sort = sort
        copy.customization = customization
        return copy
    }
}

// MARK: - Rows from a row builder

extension Table {
    /// A table whose rows `rows` lists: `TableRow`s, `ForEach`es and `Section`s of them,
    /// disclosure rows.
    public init(
        of valueType: Value.Type, @TableColumnBuilder<Value, Never> columns: () -> Columns, @TableRowBuilder<Value> rows: () -> Rows
    ) {
        self.init(rows: rows(), columns: columns())
    }

    public init(
        of valueType: Value.Type, columnCustomization: Binding<TableColumnCustomization<Value>>,
        @TableColumnBuilder<Value, Never> columns: () -> Columns, @TableRowBuilder<Value> rows: () -> Rows
    ) {
        self = Table(rows: rows(), columns: columns()).with(customization: columnCustomization)
    }

    public init(
        of valueType: Value.Type, selection: Binding<Value.ID?>,
        @TableColumnBuilder<Value, Never> columns: () -> Columns, @TableRowBuilder<Value> rows: () -> Rows
    ) {
        self = Table(rows: rows(), columns: columns()).with(single: selection)
    }

    public init(
        of valueType: Value.Type, selection: Binding<Set<Value.ID>>,
        @TableColumnBuilder<Value, Never> columns: () -> Columns, @TableRowBuilder<Value> rows: () -> Rows
    ) {
        self = Table(rows: rows(), columns: columns()).with(multiple: selection)
    }

    public init(
        of valueType: Value.Type, selection: Binding<Value.ID?>, columnCustomization: Binding<TableColumnCustomization<Value>>,
        @TableColumnBuilder<Value, Never> columns: () -> Columns, @TableRowBuilder<Value> rows: () -> Rows
    ) {
        self = Table(rows: rows(), columns: columns()).with(single: selection, customization: columnCustomization)
    }

    public init(
        of valueType: Value.Type, selection: Binding<Set<Value.ID>>, columnCustomization: Binding<TableColumnCustomization<Value>>,
        @TableColumnBuilder<Value, Never> columns: () -> Columns, @TableRowBuilder<Value> rows: () -> Rows
    ) {
        self = Table(rows: rows(), columns: columns()).with(multiple: selection, customization: columnCustomization)
    }
}

extension Table {
    /// A sortable table whose rows `rows` lists (tapping a sortable column's title changes
    /// `sortOrder`).
    public init<Sort: SortComparator>(
        of valueType: Value.Type, sortOrder: Binding<[Sort]>,
        @TableColumnBuilder<Value, Sort> columns: () -> Columns, @TableRowBuilder<Value> rows: () -> Rows
    ) where Columns.TableRowValue == Sort.Compared {
        self = Table(rows: rows(), columns: columns()).with(sort: _TableSortOrder(sortOrder))
    }

    public init<Sort: SortComparator>(
        sortOrder: Binding<[Sort]>, @TableColumnBuilder<Value, Sort> columns: () -> Columns, @TableRowBuilder<Value> rows: () -> Rows
    ) where Columns.TableRowValue == Sort.Compared {
        self = Table(rows: rows(), columns: columns()).with(sort: _TableSortOrder(sortOrder))
    }

    public init<Sort: SortComparator>(
        of valueType: Value.Type = Value.self, sortOrder: Binding<[Sort]>, columnCustomization: Binding<TableColumnCustomization<Value>>,
        @TableColumnBuilder<Value, Sort> columns: () -> Columns, @TableRowBuilder<Value> rows: () -> Rows
    ) where Columns.TableRowValue == Sort.Compared {
        self = Table(rows: rows(), columns: columns()).with(sort: _TableSortOrder(sortOrder), customization: columnCustomization)
    }

    public init<Sort: SortComparator>(
        of valueType: Value.Type, selection: Binding<Value.ID?>, sortOrder: Binding<[Sort]>,
        @TableColumnBuilder<Value, Sort> columns: () -> Columns, @TableRowBuilder<Value> rows: () -> Rows
    ) where Columns.TableRowValue == Sort.Compared {
        self = Table(rows: rows(), columns: columns()).with(single: selection, sort: _TableSortOrder(sortOrder))
    }

    public init<Sort: SortComparator>(
        of valueType: Value.Type, selection: Binding<Set<Value.ID>>, sortOrder: Binding<[Sort]>,
        @TableColumnBuilder<Value, Sort> columns: () -> Columns, @TableRowBuilder<Value> rows: () -> Rows
    ) where Columns.TableRowValue == Sort.Compared {
        self = Table(rows: rows(), columns: columns()).with(multiple: selection, sort: _TableSortOrder(sortOrder))
    }

    public init<Sort: SortComparator>(
        selection: Binding<Value.ID?>, sortOrder: Binding<[Sort]>,
        @TableColumnBuilder<Value, Sort> columns: () -> Columns, @TableRowBuilder<Value> rows: () -> Rows
    ) where Columns.TableRowValue == Sort.Compared {
        self = Table(rows: rows(), columns: columns()).with(single: selection, sort: _TableSortOrder(sortOrder))
    }

    public init<Sort: SortComparator>(
        selection: Binding<Set<Value.ID>>, sortOrder: Binding<[Sort]>,
        @TableColumnBuilder<Value, Sort> columns: () -> Columns, @TableRowBuilder<Value> rows: () -> Rows
    ) where Columns.TableRowValue == Sort.Compared {
        self = Table(rows: rows(), columns: columns()).with(multiple: selection, sort: _TableSortOrder(sortOrder))
    }

    public init<Sort: SortComparator>(
        of valueType: Value.Type = Value.self, selection: Binding<Value.ID?>, sortOrder: Binding<[Sort]>,
        columnCustomization: Binding<TableColumnCustomization<Value>>,
        @TableColumnBuilder<Value, Sort> columns: () -> Columns, @TableRowBuilder<Value> rows: () -> Rows
    ) where Columns.TableRowValue == Sort.Compared {
        self = Table(rows: rows(), columns: columns())
            .with(single: selection, sort: _TableSortOrder(sortOrder), customization: columnCustomization)
    }

    public init<Sort: SortComparator>(
        of valueType: Value.Type = Value.self, selection: Binding<Set<Value.ID>>, sortOrder: Binding<[Sort]>,
        columnCustomization: Binding<TableColumnCustomization<Value>>,
        @TableColumnBuilder<Value, Sort> columns: () -> Columns, @TableRowBuilder<Value> rows: () -> Rows
    ) where Columns.TableRowValue == Sort.Compared {
        self = Table(rows: rows(), columns: columns())
            .with(multiple: selection, sort: _TableSortOrder(sortOrder), customization: columnCustomization)
    }
}

// MARK: - A collection, with column customization

extension Table {
    /// A table of `data` whose columns `columnCustomization` may hide.
    public init<Data: RandomAccessCollection>(
        _ data: Data, columnCustomization: Binding<TableColumnCustomization<Value>>,
        @TableColumnBuilder<Value, Never> columns: () -> Columns
    ) where Rows == TableForEachContent<Data>, Columns.TableRowValue == Data.Element {
        self = Table(rows: TableForEachContent(data: data), columns: columns()).with(customization: columnCustomization)
    }

    public init<Data: RandomAccessCollection>(
        _ data: Data, selection: Binding<Value.ID?>, columnCustomization: Binding<TableColumnCustomization<Value>>,
        @TableColumnBuilder<Value, Never> columns: () -> Columns
    ) where Rows == TableForEachContent<Data>, Columns.TableRowValue == Data.Element {
        self = Table(rows: TableForEachContent(data: data), columns: columns())
            .with(single: selection, customization: columnCustomization)
    }

    public init<Data: RandomAccessCollection>(
        _ data: Data, selection: Binding<Set<Value.ID>>, columnCustomization: Binding<TableColumnCustomization<Value>>,
        @TableColumnBuilder<Value, Never> columns: () -> Columns
    ) where Rows == TableForEachContent<Data>, Columns.TableRowValue == Data.Element {
        self = Table(rows: TableForEachContent(data: data), columns: columns())
            .with(multiple: selection, customization: columnCustomization)
    }

    public init<Data: RandomAccessCollection, Sort: SortComparator>(
        _ data: Data, sortOrder: Binding<[Sort]>, columnCustomization: Binding<TableColumnCustomization<Value>>,
        @TableColumnBuilder<Value, Sort> columns: () -> Columns
    ) where Rows == TableForEachContent<Data>, Columns.TableRowValue == Data.Element, Data.Element == Sort.Compared {
        self = Table(rows: TableForEachContent(data: data), columns: columns())
            .with(sort: _TableSortOrder(sortOrder), customization: columnCustomization)
    }

    public init<Data: RandomAccessCollection, Sort: SortComparator>(
        _ data: Data, selection: Binding<Value.ID?>, sortOrder: Binding<[Sort]>,
        columnCustomization: Binding<TableColumnCustomization<Value>>, @TableColumnBuilder<Value, Sort> columns: () -> Columns
    ) where Rows == TableForEachContent<Data>, Columns.TableRowValue == Data.Element, Data.Element == Sort.Compared {
        self = Table(rows: TableForEachContent(data: data), columns: columns())
            .with(single: selection, sort: _TableSortOrder(sortOrder), customization: columnCustomization)
    }

    public init<Data: RandomAccessCollection, Sort: SortComparator>(
        _ data: Data, selection: Binding<Set<Value.ID>>, sortOrder: Binding<[Sort]>,
        columnCustomization: Binding<TableColumnCustomization<Value>>, @TableColumnBuilder<Value, Sort> columns: () -> Columns
    ) where Rows == TableForEachContent<Data>, Columns.TableRowValue == Data.Element, Data.Element == Sort.Compared {
        self = Table(rows: TableForEachContent(data: data), columns: columns())
            .with(multiple: selection, sort: _TableSortOrder(sortOrder), customization: columnCustomization)
    }
}

// MARK: - A tree

extension Table {
    /// A table of a tree: a row per element, each with a disclosure for its children
    /// (``ViewHost/expand(_:)`` with its first cell).
    public init<Data: RandomAccessCollection>(
        _ data: Data, children: KeyPath<Value, Data?>, columnCustomization: Binding<TableColumnCustomization<Value>>? = nil,
        @TableColumnBuilder<Value, Never> columns: () -> Columns
    ) where Rows == TableOutlineGroupContent<Data>, Columns.TableRowValue == Data.Element {
        self = Table(rows: TableOutlineGroupContent(data: data, children: children), columns: columns())
            .with(customization: columnCustomization)
    }

    public init<Data: RandomAccessCollection>(
        _ data: Data, children: KeyPath<Data.Element, Data?>, selection: Binding<Value.ID?>,
        columnCustomization: Binding<TableColumnCustomization<Value>>? = nil, @TableColumnBuilder<Value, Never> columns: () -> Columns
    ) where Rows == TableOutlineGroupContent<Data>, Columns.TableRowValue == Data.Element {
        self = Table(rows: TableOutlineGroupContent(data: data, children: children), columns: columns())
            .with(single: selection, customization: columnCustomization)
    }

    public init<Data: RandomAccessCollection>(
        _ data: Data, children: KeyPath<Data.Element, Data?>, selection: Binding<Set<Value.ID>>,
        columnCustomization: Binding<TableColumnCustomization<Value>>? = nil, @TableColumnBuilder<Value, Never> columns: () -> Columns
    ) where Rows == TableOutlineGroupContent<Data>, Columns.TableRowValue == Data.Element {
        self = Table(rows: TableOutlineGroupContent(data: data, children: children), columns: columns())
            .with(multiple: selection, customization: columnCustomization)
    }

    public init<Data: RandomAccessCollection, Sort: SortComparator>(
        _ data: Data, children: KeyPath<Data.Element, Data?>, sortOrder: Binding<[Sort]>,
        columnCustomization: Binding<TableColumnCustomization<Value>>? = nil, @TableColumnBuilder<Value, Sort> columns: () -> Columns
    ) where Rows == TableOutlineGroupContent<Data>, Columns.TableRowValue == Data.Element, Data.Element == Sort.Compared {
        self = Table(rows: TableOutlineGroupContent(data: data, children: children), columns: columns())
            .with(sort: _TableSortOrder(sortOrder), customization: columnCustomization)
    }

    public init<Data: RandomAccessCollection, Sort: SortComparator>(
        _ data: Data, children: KeyPath<Data.Element, Data?>, selection: Binding<Value.ID?>, sortOrder: Binding<[Sort]>,
        columnCustomization: Binding<TableColumnCustomization<Value>>? = nil, @TableColumnBuilder<Value, Sort> columns: () -> Columns
    ) where Rows == TableOutlineGroupContent<Data>, Columns.TableRowValue == Data.Element, Data.Element == Sort.Compared {
        self = Table(rows: TableOutlineGroupContent(data: data, children: children), columns: columns())
            .with(single: selection, sort: _TableSortOrder(sortOrder), customization: columnCustomization)
    }

    public init<Data: RandomAccessCollection, Sort: SortComparator>(
        _ data: Data, children: KeyPath<Data.Element, Data?>, selection: Binding<Set<Value.ID>>, sortOrder: Binding<[Sort]>,
        columnCustomization: Binding<TableColumnCustomization<Value>>? = nil, @TableColumnBuilder<Value, Sort> columns: () -> Columns
    ) where Rows == TableOutlineGroupContent<Data>, Columns.TableRowValue == Data.Element, Data.Element == Sort.Compared {
        self = Table(rows: TableOutlineGroupContent(data: data, children: children), columns: columns())
            .with(multiple: selection, sort: _TableSortOrder(sortOrder), customization: columnCustomization)
    }
}
