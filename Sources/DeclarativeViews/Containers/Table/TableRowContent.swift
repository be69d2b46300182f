import Foundation

// A table's rows as a value, headless: every kind of table row content (a `TableRow`, a
// `ForEach` or a `Section` of rows, a `DisclosureTableRow`, an outline, rows with a context
// menu…) lists the rows it shows as `_TableRowItem`s, which the table lays out under its
// header: a row of cells per value, a header row per section, a disclosure per row with
// children.

/// Rows of a ``Table`` (SwiftUI's `TableRowContent`): the built-in kinds list their rows; a type
/// of your own describes its rows with a body of other row content.
///
///     struct PersonRow: TableRowContent {
///         let person: Person
///         var tableRowBody: some TableRowContent<Person> {
///             TableRow(person).contextMenu { Button("Remove") { … } }
///         }
///     }
public protocol TableRowContent<TableRowValue> {
    /// The type of value the rows show.
    associatedtype TableRowValue: Identifiable = TableRowBody.TableRowValue
    /// The type of the content's body.
    associatedtype TableRowBody: TableRowContent
    /// The rows this content is made of (built-in kinds: `Never`, never read).
    @TableRowBuilder<TableRowValue> var tableRowBody: TableRowBody { get }
    /// The rows, in order (public for technical reasons: the table reads them through the
    /// protocol).
    var _tableRows: [_TableRowItem<TableRowValue>] { get }
}

extension TableRowContent where TableRowBody.TableRowValue == TableRowValue {
    /// A row content of your own shows its body's rows.
    public var _tableRows: [_TableRowItem<TableRowValue>] { tableRowBody._tableRows }
}

extension Never: TableRowContent {
    public typealias TableRowValue = Never
    public var tableRowBody: Never { return fatalError("Never has no table rows") }
    public var _tableRows: [_TableRowItem<Never>] { [] }
}

/// The body of a built-in kind of row content, which lists its rows itself. (Its callers
/// `return` it: a body without `return` would go through the row builder.)
func _primitiveTableRowBody<Content>(_ type: Content.Type) -> Never {
    fatalError("\(Content.self) is a built-in table row content: it has no tableRowBody to read")
}

/// One row of a table, as its row content lists it: a value's row (with its children, when it is
/// a disclosure row) or a section's header; with what decorates it (context menus, hover
/// actions).
public struct _TableRowItem<Value: Identifiable> {
    enum Kind {
        /// The row of a value: a cell per column.
        case value(Value)
        /// A section's header, across the columns.
        case header(AnyView)
    }

    var kind: Kind
    /// A disclosure row's children (`nil`: not a disclosure row).
    var children: [_TableRowItem]?
    /// Whether a disclosure row or a collapsible section is expanded (`nil` on a disclosure
    /// row: it keeps its own state).
    var isExpanded: Binding<Bool>?
    /// The row's modifiers, innermost first.
    var decorations: [any _TableRowContentModifier] = []

    init(_ kind: Kind, children: [_TableRowItem]? = nil, isExpanded: Binding<Bool>? = nil) {
        self.kind = kind
        self.children = children
        self.isExpanded = isExpanded
    }
}

// MARK: - Built-in kinds of rows

/// The row of one value (SwiftUI's `TableRow`): a cell per column.
///
///     Table(of: Person.self) { TableColumn("Name", value: \.name) } rows: {
///         TableRow(boss)
///         ForEach(team) { TableRow($0) }
///     }
public struct TableRow<Value: Identifiable>: TableRowContent {
    public typealias TableRowValue = Value
    let value: Value

    public init(_ value: Value) {
        self.value = value
    }

    public var tableRowBody: Never { return _primitiveTableRowBody(Self.self) }
    public var _tableRows: [_TableRowItem<Value>] { [_TableRowItem(.value(value))] }
}

/// No rows (SwiftUI's `EmptyTableRowContent`): an empty row builder, a section's missing header
/// or footer.
public struct EmptyTableRowContent<Value: Identifiable>: TableRowContent {
    public typealias TableRowValue = Value

    init() {}

    public var tableRowBody: Never { return _primitiveTableRowBody(Self.self) }
    public var _tableRows: [_TableRowItem<Value>] { [] }
}

/// Several row contents in sequence, as a ``TableRowBuilder`` block makes them (SwiftUI's
/// `TupleTableRowContent`): `T` is the tuple of their types.
public struct TupleTableRowContent<Value: Identifiable, T>: TableRowContent {
    public typealias TableRowValue = Value
    public var value: T
    let rows: [_TableRowItem<Value>]

    init(value: T, rows: [_TableRowItem<Value>]) {
        self.value = value
        self.rows = rows
    }

    public var tableRowBody: Never { return _primitiveTableRowBody(Self.self) }
    public var _tableRows: [_TableRowItem<Value>] { rows }
}

/// A section's header row (SwiftUI's `TableHeaderRowContent`): its view across the columns.
public struct TableHeaderRowContent<Value: Identifiable, Content: View>: TableRowContent {
    public typealias TableRowValue = Value
    let content: Content

    init(content: Content) {
        self.content = content
    }

    public var tableRowBody: Never { return _primitiveTableRowBody(Self.self) }
    public var _tableRows: [_TableRowItem<Value>] { [_TableRowItem(.header(AnyView(content)))] }
}

/// The branches of an `if`/`else` in a ``TableRowBuilder`` block.
public struct _ConditionalTableRowContent<TrueContent: TableRowContent, FalseContent: TableRowContent>: TableRowContent
where TrueContent.TableRowValue == FalseContent.TableRowValue {
    public typealias TableRowValue = TrueContent.TableRowValue
    let rows: [_TableRowItem<TableRowValue>]

    public var tableRowBody: Never { return _primitiveTableRowBody(Self.self) }
    public var _tableRows: [_TableRowItem<TableRowValue>] { rows }
}

extension Optional: TableRowContent where Wrapped: TableRowContent {
    public typealias TableRowValue = Wrapped.TableRowValue
    public var tableRowBody: Never { return _primitiveTableRowBody(Self.self) }
    public var _tableRows: [_TableRowItem<Wrapped.TableRowValue>] { self?._tableRows ?? [] }
}

/// Collects a table's rows (SwiftUI's `TableRowBuilder`): rows, `ForEach`es and `Section`s of
/// rows, disclosure rows, `if`s.
@resultBuilder
public struct TableRowBuilder<Value: Identifiable> {
    public static func buildExpression<Content: TableRowContent>(_ content: Content) -> Content
    where Content.TableRowValue == Value {
        content
    }

    public static func buildBlock() -> EmptyTableRowContent<Value> {
        EmptyTableRowContent()
    }

    public static func buildBlock<Content: TableRowContent>(_ content: Content) -> Content where Content.TableRowValue == Value {
        content
    }

    // Blocks of 2 to 10 row contents, as SwiftUI's builder takes them (a parameter pack cannot
    // require its elements' row values to be the same type yet).
    public static func buildBlock<C0: TableRowContent, C1: TableRowContent>(_ c0: C0, _ c1: C1)
        -> TupleTableRowContent<Value, (C0, C1)> where C0.TableRowValue == Value, C1.TableRowValue == Value
    {
        TupleTableRowContent(value: (c0, c1), rows: [c0._tableRows, c1._tableRows].flatMap { $0 })
    }

    public static func buildBlock<C0: TableRowContent, C1: TableRowContent, C2: TableRowContent>(_ c0: C0, _ c1: C1, _ c2: C2)
        -> TupleTableRowContent<Value, (C0, C1, C2)> where C0.TableRowValue == Value, C1.TableRowValue == Value, C2.TableRowValue == Value
    {
        TupleTableRowContent(value: (c0, c1, c2), rows: [c0._tableRows, c1._tableRows, c2._tableRows].flatMap { $0 })
    }

    public static func buildBlock<C0: TableRowContent, C1: TableRowContent, C2: TableRowContent, C3: TableRowContent>(_ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3)
        -> TupleTableRowContent<Value, (C0, C1, C2, C3)> where C0.TableRowValue == Value, C1.TableRowValue == Value, C2.TableRowValue == Value, C3.TableRowValue == Value
    {
        TupleTableRowContent(value: (c0, c1, c2, c3), rows: [c0._tableRows, c1._tableRows, c2._tableRows, c3._tableRows].flatMap { $0 })
    }

    public static func buildBlock<C0: TableRowContent, C1: TableRowContent, C2: TableRowContent, C3: TableRowContent, C4: TableRowContent>(_ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3, _ c4: C4)
        -> TupleTableRowContent<Value, (C0, C1, C2, C3, C4)> where C0.TableRowValue == Value, C1.TableRowValue == Value, C2.TableRowValue == Value, C3.TableRowValue == Value, C4.TableRowValue == Value
    {
        TupleTableRowContent(value: (c0, c1, c2, c3, c4), rows: [c0._tableRows, c1._tableRows, c2._tableRows, c3._tableRows, c4._tableRows].flatMap { $0 })
    }

    public static func buildBlock<C0: TableRowContent, C1: TableRowContent, C2: TableRowContent, C3: TableRowContent, C4: TableRowContent, C5: TableRowContent>(_ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3, _ c4: C4, _ c5: C5)
        -> TupleTableRowContent<Value, (C0, C1, C2, C3, C4, C5)> where C0.TableRowValue == Value, C1.TableRowValue == Value, C2.TableRowValue == Value, C3.TableRowValue == Value, C4.TableRowValue == Value, C5.TableRowValue == Value
    {
        TupleTableRowContent(value: (c0, c1, c2, c3, c4, c5), rows: [c0._tableRows, c1._tableRows, c2._tableRows, c3._tableRows, c4._tableRows, c5._tableRows].flatMap { $0 })
    }

    public static func buildBlock<C0: TableRowContent, C1: TableRowContent, C2: TableRowContent, C3: TableRowContent, C4: TableRowContent, C5: TableRowContent, C6: TableRowContent>(_ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3, _ c4: C4, _ c5: C5, _ c6: C6)
        -> TupleTableRowContent<Value, (C0, C1, C2, C3, C4, C5, C6)> where C0.TableRowValue == Value, C1.TableRowValue == Value, C2.TableRowValue == Value, C3.TableRowValue == Value, C4.TableRowValue == Value, C5.TableRowValue == Value, C6.TableRowValue == Value
    {
        TupleTableRowContent(value: (c0, c1, c2, c3, c4, c5, c6), rows: [c0._tableRows, c1._tableRows, c2._tableRows, c3._tableRows, c4._tableRows, c5._tableRows, c6._tableRows].flatMap { $0 })
    }

    public static func buildBlock<C0: TableRowContent, C1: TableRowContent, C2: TableRowContent, C3: TableRowContent, C4: TableRowContent, C5: TableRowContent, C6: TableRowContent, C7: TableRowContent>(_ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3, _ c4: C4, _ c5: C5, _ c6: C6, _ c7: C7)
        -> TupleTableRowContent<Value, (C0, C1, C2, C3, C4, C5, C6, C7)> where C0.TableRowValue == Value, C1.TableRowValue == Value, C2.TableRowValue == Value, C3.TableRowValue == Value, C4.TableRowValue == Value, C5.TableRowValue == Value, C6.TableRowValue == Value, C7.TableRowValue == Value
    {
        TupleTableRowContent(value: (c0, c1, c2, c3, c4, c5, c6, c7), rows: [c0._tableRows, c1._tableRows, c2._tableRows, c3._tableRows, c4._tableRows, c5._tableRows, c6._tableRows, c7._tableRows].flatMap { $0 })
    }

    public static func buildBlock<C0: TableRowContent, C1: TableRowContent, C2: TableRowContent, C3: TableRowContent, C4: TableRowContent, C5: TableRowContent, C6: TableRowContent, C7: TableRowContent, C8: TableRowContent>(_ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3, _ c4: C4, _ c5: C5, _ c6: C6, _ c7: C7, _ c8: C8)
        -> TupleTableRowContent<Value, (C0, C1, C2, C3, C4, C5, C6, C7, C8)> where C0.TableRowValue == Value, C1.TableRowValue == Value, C2.TableRowValue == Value, C3.TableRowValue == Value, C4.TableRowValue == Value, C5.TableRowValue == Value, C6.TableRowValue == Value, C7.TableRowValue == Value, C8.TableRowValue == Value
    {
        TupleTableRowContent(value: (c0, c1, c2, c3, c4, c5, c6, c7, c8), rows: [c0._tableRows, c1._tableRows, c2._tableRows, c3._tableRows, c4._tableRows, c5._tableRows, c6._tableRows, c7._tableRows, c8._tableRows].flatMap { $0 })
    }

    public static func buildBlock<C0: TableRowContent, C1: TableRowContent, C2: TableRowContent, C3: TableRowContent, C4: TableRowContent, C5: TableRowContent, C6: TableRowContent, C7: TableRowContent, C8: TableRowContent, C9: TableRowContent>(_ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3, _ c4: C4, _ c5: C5, _ c6: C6, _ c7: C7, _ c8: C8, _ c9: C9)
        -> TupleTableRowContent<Value, (C0, C1, C2, C3, C4, C5, C6, C7, C8, C9)> where C0.TableRowValue == Value, C1.TableRowValue == Value, C2.TableRowValue == Value, C3.TableRowValue == Value, C4.TableRowValue == Value, C5.TableRowValue == Value, C6.TableRowValue == Value, C7.TableRowValue == Value, C8.TableRowValue == Value, C9.TableRowValue == Value
    {
        TupleTableRowContent(value: (c0, c1, c2, c3, c4, c5, c6, c7, c8, c9), rows: [c0._tableRows, c1._tableRows, c2._tableRows, c3._tableRows, c4._tableRows, c5._tableRows, c6._tableRows, c7._tableRows, c8._tableRows, c9._tableRows].flatMap { $0 })
    }

    /// `if` without `else`: the content, or no rows.
    public static func buildIf<Content: TableRowContent>(_ content: Content?) -> Content? where Content.TableRowValue == Value {
        content
    }

    public static func buildEither<TrueContent: TableRowContent, FalseContent: TableRowContent>(
        first: TrueContent
    ) -> _ConditionalTableRowContent<TrueContent, FalseContent> where TrueContent.TableRowValue == Value {
        _ConditionalTableRowContent(rows: first._tableRows)
    }

    public static func buildEither<TrueContent: TableRowContent, FalseContent: TableRowContent>(
        second: FalseContent
    ) -> _ConditionalTableRowContent<TrueContent, FalseContent> where FalseContent.TableRowValue == Value {
        _ConditionalTableRowContent(rows: second._tableRows)
    }
}
