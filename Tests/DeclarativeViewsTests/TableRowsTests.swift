import DeclarativeViews
import Foundation
import Testing

/// Tables whose rows a row builder lists (`Table(of:columns:rows:)`): `TableRow`s, `ForEach`es and
/// `Section`s of rows, disclosure rows and outlines, rows with context menus; and tables whose
/// columns the user customizes.
@MainActor
@Suite struct TableRowsTests {
    struct Person: Identifiable, Hashable {
        let id: Int
        let name: String
        let email: String
    }

    struct Team: Identifiable {
        let id: String
        let members: [Person]
    }

    static let design = Team(id: "Design", members: [Person(id: 1, name: "Ada", email: "ada@example.com")])
    static let build = Team(
        id: "Build", members: [Person(id: 2, name: "Alan", email: "alan@example.com"), Person(id: 3, name: "Grace", email: "grace@example.com")])

    /// The texts of the lines of the screen's `index`th table (the first is its column titles).
    static func lines(_ host: ViewHost, table index: Int = 0) -> [String] {
        tables(in: host.renderTree)[index].children.map(\.text)
    }

    /// The tables (lists) among `nodes`, in order.
    static func tables(in nodes: [RenderNode]) -> [RenderNode] {
        nodes.flatMap { $0.kind == .list ? [$0] : tables(in: $0.children) }
    }

    // MARK: Sections

    struct TeamDirectory: View {
        @State var selected: Person.ID?
        var body: some View {
            VStack {
                Table(of: Person.self, selection: $selected) {
                    TableColumn("Name", value: \.name)
                    TableColumn("Email", value: \.email)
                } rows: {
                    ForEach([TableRowsTests.design, TableRowsTests.build]) { team in
                        Section(team.id) {
                            ForEach(team.members) { TableRow($0) }
                        }
                    }
                }
                Text("selected \(selected.map(String.init) ?? "none")")
            }
        }
    }

    @Test func aPeopleTableWithASectionPerTeamShowsEachTeamsHeaderThenItsMembersAndSelectsMembers() throws {
        let (host, scheduler) = mount(TeamDirectory())
        #expect(Self.lines(host) == [
            "Name Email", "Design", "Ada ada@example.com", "Build", "Alan alan@example.com", "Grace grace@example.com",
        ])
        #expect(Self.tables(in: host.renderTree)[0].children[1].attributes["tableSectionHeader"] == "")
        try host.select("Grace grace@example.com")
        scheduler.flush()
        #expect(host.renderedText.contains("Text \"selected 3\""))
        #expect(throws: ViewHostError.self) { try host.select("Design") }
    }

    struct Roster: View {
        @State var showsAlumni = false
        @State var teamOpen = true
        var body: some View {
            VStack {
                Table(of: Person.self) {
                    TableColumn("Name", value: \.name)
                } rows: {
                    TableRow(Person(id: 9, name: "Boss", email: "boss@example.com"))
                    Section("Team", isExpanded: $teamOpen) {
                        ForEach(TableRowsTests.build.members)
                    }
                    Section {
                        if showsAlumni {
                            TableRow(Person(id: 10, name: "Alumna", email: ""))
                        }
                    } header: {
                        Text("Alumni")
                    }
                    Section {
                        ForEach(0..<1) { _ in TableRow(Person(id: 11, name: "Intern", email: "")) }
                    }
                }
                Button("Show alumni") { showsAlumni.toggle() }
                Text("team \(teamOpen)")
            }
        }
    }

    @Test func aCollapsibleSectionHidesItsRowsUntilItsHeaderIsExpandedAndConditionalRowsFollowTheirState() throws {
        let (host, scheduler) = mount(Roster())
        #expect(Self.lines(host) == ["Name", "Boss", "Team", "Alan", "Grace", "Alumni", "Intern"])
        try host.collapse("Team")
        scheduler.flush()
        #expect(Self.lines(host) == ["Name", "Boss", "Team", "Alumni", "Intern"])
        #expect(host.renderedText.contains("Text \"team false\""))
        try host.expand("Team")
        try host.tap("Show alumni")
        scheduler.flush()
        #expect(Self.lines(host) == ["Name", "Boss", "Team", "Alan", "Grace", "Alumni", "Alumna", "Intern"])
    }

    // MARK: Disclosure rows and outlines

    struct File: Identifiable {
        let id: String
        var kind = "File"
        var children: [File]?
    }

    struct Browser: View {
        @State var photosOpen = false
        static let documents = File(id: "Documents", kind: "Folder", children: [File(id: "Notes"), File(id: "Taxes")])
        var body: some View {
            VStack {
                Table(of: File.self) {
                    TableColumn("Name", value: \.id)
                    TableColumn("Kind", value: \.kind)
                } rows: {
                    DisclosureTableRow(Self.documents) {
                        ForEach(Self.documents.children ?? []) { TableRow($0) }
                    }
                    DisclosureTableRow(File(id: "Photos", kind: "Folder"), isExpanded: $photosOpen) {
                        TableRow(File(id: "Beach"))
                    }
                }
                Text("photos \(photosOpen)")
            }
        }
    }

    @Test func aFileBrowserShowsAFoldersFilesOnceItsDisclosureRowIsExpanded() throws {
        let (host, scheduler) = mount(Browser())
        #expect(Self.lines(host) == ["Name Kind", "Documents Folder", "Photos Folder"])
        try host.expand("Documents")
        scheduler.flush()
        #expect(Self.lines(host) == ["Name Kind", "Documents Folder", "Notes File", "Taxes File", "Photos Folder"])
        #expect(Self.tables(in: host.renderTree)[0].children[2].attributes["outlineLevel"] == "1")
        try host.expand("Photos")
        scheduler.flush()
        #expect(host.renderedText.contains("Text \"photos true\""))
        #expect(Self.lines(host).contains("Beach File"))
        try host.collapse("Documents")
        scheduler.flush()
        #expect(Self.lines(host) == ["Name Kind", "Documents Folder", "Photos Folder", "Beach File"])
    }

    struct Tree: View {
        @State var selection: Set<File.ID> = []
        static let files = [
            File(id: "Music", kind: "Folder", children: [File(id: "Album", kind: "Folder", children: [File(id: "Song")])]),
            File(id: "Readme"),
        ]
        var body: some View {
            VStack {
                Table(Self.files, children: \.children, selection: $selection) {
                    TableColumn("Name", value: \.id)
                }
                Table(of: File.self) {
                    TableColumn("Name") { Text("outline \($0.id)") }
                } rows: {
                    OutlineGroup(Self.files, children: \.children)
                }
                Text("selection \(selection.sorted().joined(separator: ","))")
            }
        }
    }

    @Test func aHierarchicalTableExpandsEachLevelThroughItsDisclosureAndSelectsNestedRows() throws {
        let (host, scheduler) = mount(Tree())
        #expect(Self.lines(host) == ["Name", "Music", "Readme"])
        try host.expand("Music")
        scheduler.flush()
        try host.expand("Album")
        scheduler.flush()
        #expect(Self.lines(host) == ["Name", "Music", "Album", "Song", "Readme"])
        try host.select("Song")
        scheduler.flush()
        #expect(host.renderedText.contains("Text \"selection Song\""))
        let tree: Table<File, TableOutlineGroupContent<[File]>, _TableColumns<File, Never>> =
            Table(Tree.files, children: \.children) { TableColumn("Name", value: \.id) }
        let (treeHost, treeScheduler) = mount(tree)
        try treeHost.expand("Music")
        treeScheduler.flush()
        #expect(Self.lines(treeHost) == ["Name", "Music", "Album", "Readme"])
        try host.expand("outline Music")
        scheduler.flush()
        #expect(Self.lines(host, table: 1) == ["Name", "outline Music", "outline Album", "outline Readme"])
    }

    // MARK: Row modifiers and row content of your own

    /// A row content type of an app's own, made of other rows.
    struct PersonRow: TableRowContent {
        let person: Person
        let remove: @MainActor @Sendable (Person) -> Void
        var tableRowBody: some TableRowContent<Person> {
            TableRow(person).contextMenu {
                Button("Remove \(person.name)") { remove(person) }
            }
        }
    }

    struct Members: View {
        @State var people = TableRowsTests.build.members
        @State var hovered = "nobody"
        var body: some View {
            VStack {
                Table(of: Person.self) {
                    TableColumn("Name", value: \.name)
                } rows: {
                    ForEach(people) { person in
                        PersonRow(person: person) { gone in people.removeAll { $0.id == gone.id } }
                    }
                    TableRow(Person(id: 7, name: "Guest", email: ""))
                        .contextMenu { Button("Invite") {} } preview: { Text("Guest card") }
                        .onHover { hovered = $0 ? "guest" : "nobody" }
                }
                Text("hovered \(hovered)")
            }
        }
    }

    @Test func aRowContentOfYourOwnShowsTheRowsOfItsBody() throws {
        var removed: [String] = []
        let row = PersonRow(person: TableRowsTests.design.members[0]) { _ in }
        let body = row.tableRowBody
        let (host, scheduler) = mount(Table(of: Person.self) { TableColumn("Name", value: \.name) } rows: {
            body
            PersonRow(person: TableRowsTests.build.members[0]) { removed.append($0.name) }
        })
        #expect(Self.lines(host) == ["Name", "Ada", "Alan"])
        try host.openContextMenu("Alan")
        scheduler.flush()
        try host.tap("Remove Alan")
        #expect(removed == ["Alan"])
    }

    @Test func aRowsContextMenuOpensOnTheRowAndItsItemsActOnIt() throws {
        let (host, scheduler) = mount(Members())
        try host.openContextMenu("Alan")
        scheduler.flush()
        #expect(host.buttonLabels == ["Remove Alan"])
        try host.tap("Remove Alan")
        scheduler.flush()
        #expect(Self.lines(host) == ["Name", "Grace", "Guest"])
        try host.openContextMenu("Guest")
        scheduler.flush()
        #expect(host.renderedText.contains("Text \"Guest card\" [contextMenuPreview]"))
        #expect(host.buttonLabels == ["Invite"])
        try host.hover("Guest")
        scheduler.flush()
        #expect(host.renderedText.contains("Text \"hovered guest\""))
        try host.endHover("Guest")
        scheduler.flush()
        #expect(host.renderedText.contains("Text \"hovered nobody\""))
    }

    // MARK: Sorting rows from a builder

    struct SortedStaff: View {
        @State var order = [KeyPathComparator(\Person.name)]
        @State var selected: Person.ID?
        var body: some View {
            VStack {
                Table(selection: $selected, sortOrder: $order) {
                    TableColumn("Name", value: \.name)
                } rows: {
                    ForEach(TableRowsTests.build.members.sorted(using: order)) { TableRow($0) }
                }
                Table(sortOrder: $order) {
                    TableColumn("Email", value: \.email)
                } rows: {
                    ForEach(TableRowsTests.build.members.sorted(using: order))
                }
                Text("selected \(selected.map(String.init) ?? "none")")
            }
        }
    }

    @Test func tappingASortableTitleOfABuiltTableReversesItsRows() throws {
        let (host, scheduler) = mount(SortedStaff())
        #expect(Self.lines(host) == ["Name", "Alan", "Grace"])
        try host.tap("Name")
        scheduler.flush()
        #expect(Self.lines(host) == ["Name", "Grace", "Alan"])
        #expect(Self.lines(host, table: 1) == ["Email", "grace@example.com", "alan@example.com"])
        try host.select("Alan")
        scheduler.flush()
        #expect(host.renderedText.contains("Text \"selected 2\""))
    }

    // MARK: Column customization

    struct Customizable: View {
        @State var columns = TableColumnCustomization<Person>()
        var body: some View {
            VStack {
                Table(TableRowsTests.build.members, columnCustomization: $columns) {
                    TableColumn("Name", value: \.name)
                        .customizationID("name")
                        .disabledCustomizationBehavior([.visibility, .reorder])
                    TableColumn("Email", value: \.email).customizationID("email")
                    TableColumn("Id") { Text("#\($0.id)") }.customizationID("id").defaultVisibility(.hidden)
                }
                Button("Hide email") { columns[visibility: "email"] = .hidden }
                Button("Show id") { columns[visibility: "id"] = .visible }
            }
        }
    }

    @Test func aCustomizableTablesHiddenColumnDisappearsAndADefaultHiddenOneAppearsWhenShown() throws {
        let (host, scheduler) = mount(Customizable())
        #expect(Self.lines(host) == ["Name Email", "Alan alan@example.com", "Grace grace@example.com"])
        let title = Self.tables(in: host.renderTree)[0].children[0].children[0]
        #expect(title.attributes["customizationID"] == "name")
        #expect(title.attributes["disabledCustomization"] == "reorder visibility")
        try host.tap("Hide email")
        scheduler.flush()
        #expect(Self.lines(host) == ["Name", "Alan", "Grace"])
        try host.tap("Show id")
        scheduler.flush()
        #expect(Self.lines(host) == ["Name Id", "Alan #2", "Grace #3"])
    }

    struct StoredCustomization: View {
        @AppStorage("peopleColumns", store: TableRowsTests.columnStore) var columns = TableColumnCustomization<Person>()
        var body: some View {
            VStack {
                Table(TableRowsTests.build.members, columnCustomization: $columns) {
                    TableColumn("Name", value: \.name).customizationID("name")
                    TableColumn("Email", value: \.email).customizationID("email")
                }
                Button("Hide email") { columns[visibility: "email"] = .hidden }
            }
        }
    }

    nonisolated(unsafe) static let columnStore = UserDefaults(suiteName: "attrgraph.tablerows.\(UUID().uuidString)")!

    @Test func aCustomizationKeptWithAppStorageSurvivesRelaunchAndDamagedDataReadsAsTheDefault() throws {
        let store = Self.columnStore
        store.removeObject(forKey: "peopleColumns")
        let (host, scheduler) = mount(StoredCustomization())
        #expect(Self.lines(host) == ["Name Email", "Alan alan@example.com", "Grace grace@example.com"])
        try host.tap("Hide email")
        scheduler.flush()
        #expect(Self.lines(host) == ["Name", "Alan", "Grace"])
        #expect(store.data(forKey: "peopleColumns") != nil, "kept in the store as JSON")
        // A second launch reads the kept customization.
        let (relaunched, _) = mount(StoredCustomization())
        #expect(Self.lines(relaunched) == ["Name", "Alan", "Grace"])
        // Damaged data in the store is not a crash: the table shows its default columns.
        store.set(Data(#"{"visibilities":{"email":"sideways"}}"#.utf8), forKey: "peopleColumns")
        let (damaged, _) = mount(StoredCustomization())
        #expect(Self.lines(damaged) == ["Name Email", "Alan alan@example.com", "Grace grace@example.com"])
        store.removeObject(forKey: "peopleColumns")
    }

    @Test func aColumnCustomizationRoundTripsThroughJSONAsAppStorageKeepsIt() throws {
        var columns: TableColumnCustomization<Person> = TableColumnCustomization()
        #expect(columns[visibility: "email"] == .automatic)
        columns[visibility: "email"] = .hidden
        columns[visibility: "name"] = .visible
        columns.resetOrder()
        let data = try JSONEncoder().encode(columns)
        let decoded = try JSONDecoder().decode(TableColumnCustomization<Person>.self, from: data)
        #expect(decoded == columns)
        #expect(decoded[visibility: "email"] == .hidden)
        columns[visibility: "email"] = .automatic
        #expect(columns != decoded)
        let damaged = Data(#"{"visibilities":{"email":"sideways"},"order":[]}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(TableColumnCustomization<Person>.self, from: damaged) }
    }

    @Test func customizationBehaviorsCombineAsASet() {
        var behavior: TableColumnCustomizationBehavior = [.resize]
        #expect(behavior.insert(.reorder).inserted)
        #expect(behavior.contains(.reorder) && !behavior.contains(.visibility))
        #expect(behavior.union(.visibility) == .all)
        #expect(TableColumnCustomizationBehavior.all.subtracting(behavior) == .visibility)
        #expect(behavior.remove(.resize) == .resize)
        #expect(TableColumnCustomizationBehavior() == [])
    }

    // MARK: The row builder's types

    @TableRowBuilder<Person>
    static func twoRows() -> TupleTableRowContent<Person, (TableRow<Person>, TableRow<Person>)> {
        TableRow(TableRowsTests.design.members[0])
        TableRow(TableRowsTests.build.members[0])
    }

    @TableRowBuilder<Person>
    static func noRows() -> EmptyTableRowContent<Person> {}

    @Test func aRowBuilderBlockIsATupleOfItsRowsAndAForEachOfRowsKeepsItsData() {
        let (first, second) = Self.twoRows().value
        let (swapped, _) = mount(Table(of: Person.self) { TableColumn("Name", value: \.name) } rows: { second; first })
        #expect(Self.lines(swapped) == ["Name", "Alan", "Ada"])
        let table = Table(of: Person.self) { TableColumn("Name", value: \.name) } rows: {
            Self.twoRows()
            Self.noRows()
        }
        let (host, _) = mount(table)
        #expect(Self.lines(host) == ["Name", "Ada", "Alan"])
        let dynamic = ForEach(TableRowsTests.build.members) { TableRow($0) }
        func count<Rows: DynamicTableRowContent>(_ rows: Rows) -> Int { rows.data.count }
        #expect(count(dynamic) == 2)
        let section: Section<TableHeaderRowContent<Person, Text>, ForEach<[Person], Int, TableRow<Person>>, EmptyTableRowContent<Person>> =
            Section("Team") { dynamic }
        let (sectioned, _) = mount(Table(of: Person.self) { TableColumn("Name", value: \.name) } rows: { section })
        #expect(Self.lines(sectioned) == ["Name", "Team", "Alan", "Grace"])
    }

    // MARK: ForEach of other content

    @Test func aRotorsForEachListsAnEntryPerElement() {
        let people = TableRowsTests.build.members
        let view = Text("Staff")
            .accessibilityRotor("People") {
                ForEach(people) { AccessibilityRotorEntry($0.name, id: $0.id) }
            }
            .accessibilityRotor("Mail") {
                ForEach(people, id: \.email) { AccessibilityRotorEntry($0.email, id: $0.id) }
            }
        let (host, _) = mount(view)
        #expect(host.renderTree[0].attributes["accessibilityRotor"] == "People: Alan, Grace; Mail: alan@example.com, grace@example.com")
    }
}
