import DeclarativeViews
import Foundation
import Testing

/// `Table` / `TableColumn`: a header row of column titles, then a row of cells per element;
/// with a selection, rows select as a list's do.
@MainActor
@Suite struct TableTests {
    struct Person: Identifiable {
        let id: Int
        let name: String
        let age: Int
    }

    static let people = [Person(id: 1, name: "Ada", age: 36), Person(id: 2, name: "Alan", age: 41)]

    /// The columns, from a column builder of its own.
    @TableColumnBuilder<Person, Never>
    static func columns() -> some TableColumnContent<Person, Never> {
        TableColumn("Name", value: \.name)
        TableColumn(String("Age")) { Text("\($0.age)") }
    }

    @Test func aTableShowsATitleRowThenACellPerColumnForEachRow() {
        let table: Table<Person, TableForEachContent<[Person]>, _TableColumns<Person, Never>> = Table(Self.people) { Self.columns() }
        let (host, _) = mount(table)
        let list = host.renderTree[0]
        #expect(list.kind == .list)
        #expect(list.children.map(\.text) == ["Name Age", "Ada 36", "Alan 41"])
        #expect(list.children[0].attributes["tableHeader"] == "")
    }

    @Test func aTableWithASelectionSelectsRowsByTheirIds() throws {
        struct Directory: View {
            @State var one: Int?
            @State var many: Set<Int> = []
            var body: some View {
                Table(TableTests.people, selection: $one) {
                    TableColumn("Name") { Text("one \($0.name)") }
                }
                Table(TableTests.people, selection: $many) {
                    TableColumn(String("Name"), value: \.name)
                    TableColumn("Age") { Text("\($0.age)") }
                }
                Text("one \(one.map(String.init) ?? "none") many \(many.sorted())")
            }
        }
        let (host, scheduler) = mount(Directory())
        try host.select("one Alan")
        try host.select("Ada 36")
        scheduler.flush()
        #expect(host.renderedText.contains("Text \"one 2 many [1]\""))
        #expect(host.renderedText.contains("Button \"Ada 36\" [selected]"))
    }
    /// Column content of one's own: its `tableColumnBody` is built like a table's columns, and
    /// the table shows them where the content is used, next to other columns.
    struct PersonColumns: TableColumnContent {
        var tableColumnBody: some TableColumnContent<Person, Never> {
            TableColumn("Name", value: \.name)
            TableColumn("Age") { Text("\($0.age)") }
        }
    }

    @TableColumnBuilder<Person, Never>
    static func block() -> TupleTableColumnContent<Person, Never, [_AnyTableColumn<Person>]> {
        TableColumn("Name", value: \.name)
        TableColumn("Age") { Text("\($0.age)") }
    }

    @Test func columnContentOfOnesOwnShowsItsBodysColumns() {
        let (host, _) = mount(Table(Self.people) {
            TableColumn("Id") { Text("#\($0.id)") }
            PersonColumns()
        })
        #expect(host.renderTree[0].children.map(\.text) == ["Id Name Age", "#1 Ada 36", "#2 Alan 41"])
        // A builder block's result is SwiftUI's `TupleTableColumnContent`; its value is the columns.
        var block = Self.block()
        #expect(block.value.count == 2 && block._columns.count == 2)
        block.value.removeLast()
        #expect(block._columns.count == 1)
        #expect(PersonColumns().tableColumnBody._columns.count == 2)
    }
}
