import DeclarativeViews
import Foundation
import Testing

/// Lists that edit their bound data by themselves (`editActions:`), rows that cannot be deleted,
/// moved or selected, more selectable-list forms, sortable tables, and the list options.
@MainActor @Suite struct ListBreadthTests {
    struct Task: Identifiable {
        let id: Int
        var title: String
        var done = false
    }

    struct Tasks: View {
        @State var tasks = [Task(id: 1, title: "Write"), Task(id: 2, title: "Test"), Task(id: 3, title: "Ship")]
        var body: some View {
            VStack {
                List($tasks, editActions: .all) { $task in
                    Toggle(task.title, isOn: $task.done)
                }
                Text("tasks " + tasks.map { "\($0.title)\($0.done ? "✓" : "")" }.joined(separator: " "))
            }
        }
    }

    @Test func aListWithEditActionsDeletesAndMovesItsBoundRowsByItself() throws {
        let (host, scheduler) = mount(Tasks())
        #expect(host.renderedText.contains("[onDelete, onMove"))
        try host.toggle("Test")
        scheduler.flush()
        #expect(host.renderedText.contains("tasks Write Test✓ Ship"), "each row edits its element through its binding")
        try host.move("Ship", to: 0)
        scheduler.flush()
        #expect(host.renderedText.contains("tasks Ship Write Test✓"))
        try host.swipeDelete("Write")
        scheduler.flush()
        #expect(host.renderedText.contains("tasks Ship Test✓"))
    }

    @Test func editActionsOfAForEachAllowOnlyWhatTheyName() throws {
        struct Names: View {
            @State var names = ["Ada", "Alan", "Grace"].map { Task(id: $0.count, title: $0) }
            var body: some View {
                List {
                    ForEach($names, editActions: .delete) { $name in
                        Text(name.title)
                    }
                }
                Text("names \(names.map(\.title).joined(separator: ","))")
            }
        }
        let (host, scheduler) = mount(Names())
        #expect(throws: ViewHostError.self) { try host.move("Ada", to: 2) }
        try host.swipeDelete("Alan")
        scheduler.flush()
        #expect(host.renderedText.contains("names Ada,Grace"))
        #expect(EditActions<[Task]>.all == [.delete, .move])
        #expect(EditActions<[Task]>.all.rawValue == 3 && EditActions<[Task]>(rawValue: 2) == .move)
    }

    struct Inbox: View {
        @State var messages = ["Welcome", "Invoice", "Reminder"]
        @State var selected: String?
        var body: some View {
            List(selection: $selected) {
                ForEach(messages, id: \.self) { message in
                    Text(message)
                        .deleteDisabled(message == "Welcome")
                        .moveDisabled(message == "Welcome")
                        .selectionDisabled(message == "Invoice")
                }
                .onDelete { messages.remove(atOffsets: $0) }
                .onMove { messages.move(fromOffsets: $0, toOffset: $1) }
            }
            Text("selected \(selected ?? "none") of \(messages.count)")
        }
    }

    @Test func rowsThatDisableDeletingMovingOrSelectionRefuseIt() throws {
        let (host, scheduler) = mount(Inbox())
        #expect(throws: ViewHostError.self) { try host.swipeDelete("Welcome") }
        #expect(throws: ViewHostError.self) { try host.move("Welcome", to: 3) }
        #expect(throws: ViewHostError.self) { try host.select("Invoice") }
        try host.select("Reminder")
        scheduler.flush()
        #expect(host.renderedText.contains("selected Reminder of 3"))
        try host.swipeDelete("Invoice")
        scheduler.flush()
        #expect(host.renderedText.contains("of 2"))
        let welcome = host.renderTree[0].children[0].children[0]
        #expect(welcome.text == "Welcome" && welcome.attributes["deleteDisabled"] == "" && welcome.attributes["moveDisabled"] == "")
    }

    @Test func moreSelectableListForms() throws {
        struct Forms: View {
            @State var tasks = [Task(id: 1, title: "One"), Task(id: 2, title: "Two")]
            @State var one: Int?
            @State var many: Set<Int> = []
            @State var index: Int?
            @State var fixed = 0
            var body: some View {
                List($tasks, selection: $one) { $task in Text("bound \(task.title)") }
                List($tasks, id: \.title, selection: $many) { $task in Text("keyed \(task.title)") }
                List(0..<2, selection: $index) { Text("row \($0)") }
                List(tasks, selection: $fixed) { task in Text("fixed \(task.title)") }
                List($tasks, id: \.id) { $task in Text("plain \(task.title)") }
                Text("one \(one ?? 0) index \(index ?? -1) fixed \(fixed)")
            }
        }
        let (host, scheduler) = mount(Forms())
        try host.select("bound Two")
        try host.select("row 1")
        try host.select("fixed One")
        scheduler.flush()
        #expect(host.renderedText.contains("one 2 index 1 fixed 1"))
        #expect(host.renderedText.contains("plain One"))
    }

    struct Person: Identifiable {
        let id: Int
        let name: String
        let age: Int
    }

    struct People: View {
        @State var people = [Person(id: 1, name: "Grace", age: 85), Person(id: 2, name: "Ada", age: 36)]
        @State var order = [KeyPathComparator(\Person.name)]
        var body: some View {
            Table(people, sortOrder: $order) {
                TableColumn("Name", value: \.name)
                TableColumn("Age", value: \.age) { Text("\($0.age)") }
                    .width(min: 40, ideal: 60)
                TableColumn("Note") { _ in Text("-") }
                    .width(80)
            }
            .onChange(of: order) { _, order in people.sort(using: order) }
        }
    }

    @Test func tappingASortableColumnsTitleSortsTheTableByIt() throws {
        let (host, scheduler) = mount(People())
        let header = { host.renderTree[0].children[0] }
        #expect(header().children[0].attributes["sorted"] == "ascending")
        #expect(header().children[2].attributes["width"] == "80")
        try host.tap("Age")
        scheduler.flush()
        #expect(host.renderTree[0].children.dropFirst().map(\.text) == ["Ada 36 -", "Grace 85 -"])
        #expect(header().children[1].attributes["sorted"] == "ascending")
        #expect(header().children[1].attributes["width"] == "40 60 -")
        try host.tap("Age")
        scheduler.flush()
        #expect(host.renderTree[0].children.dropFirst().map(\.text) == ["Grace 85 -", "Ada 36 -"])
        #expect(header().children[1].attributes["sorted"] == "descending")
        #expect(throws: ViewHostError.self) { try host.tap("Note") }
    }

    @Test func columnsSortedByTheirOwnComparatorsSortTheTable() throws {
        struct Ages: View {
            @State var people = [Person(id: 1, name: "Grace", age: 85), Person(id: 2, name: "Ada", age: 36)]
            @State var order = [KeyPathComparator(\Person.id)]
            var body: some View {
                Table(people, selection: .constant(Set<Int>()), sortOrder: $order) {
                    TableColumn("Name", value: \.name, comparator: String.StandardComparator.lexical) { Text($0.name) }
                    TableColumn("Oldest", sortUsing: KeyPathComparator(\Person.age, order: .reverse)) { Text("\($0.age)") }
                }
                .onChange(of: order) { _, order in people.sort(using: order) }
            }
        }
        let (host, scheduler) = mount(Ages())
        try host.tap("Oldest")
        scheduler.flush()
        #expect(host.renderTree[0].children.dropFirst().map(\.text) == ["Grace 85", "Ada 36"])
        try host.tap("Name")
        scheduler.flush()
        #expect(host.renderTree[0].children.dropFirst().map(\.text) == ["Ada 36", "Grace 85"])
    }

    @Test func anEditableForEachIsMadeFromItsElementsWithTheirIdsAndPositions() {
        let tasks = Binding.constant([Task(id: 7, title: "A"), Task(id: 9, title: "B")])
        let data = ForEach(tasks, editActions: .all) { $task in Text(task.title) }.data
        #expect(data.map(\.id) == [7, 9])
        #expect(data.startIndex == 0 && data.endIndex == 2)
        #expect(data[data.index(after: data.startIndex)].id == 9 && data[data.index(before: data.endIndex)].id == 9)
        let keyed = ForEach(tasks, id: \.title, editActions: .move) { $task in Text(task.title) }.data
        #expect(keyed[0].id == "A")
    }

    @Test func listOptionsSetTheEnvironmentOrAreRecorded() {
        struct Probe: View {
            @Environment(\.badgeProminence) private var badges
            @Environment(\.defaultMinListRowHeight) private var rowHeight
            @Environment(\.defaultMinListHeaderHeight) private var headerHeight
            @Environment(\.headerProminence) private var prominence
            var body: some View {
                Text("badges \(badges) row \(Int(rowHeight)) header \(headerHeight.map { Int($0) } ?? 0) \(prominence)")
            }
        }
        let view = List {
            Probe()
                .listItemTint(.monochrome)
            Text("Tinted").listItemTint(Color.red)
            Text("Preferred").listItemTint(.preferred(.blue))
        }
        .badgeProminence(.decreased)
        .environment(\.defaultMinListRowHeight, 60)
        .environment(\.defaultMinListHeaderHeight, 30)
        .environment(\.headerProminence, .increased)
        .listSectionSpacing(.compact)
        .alternatingRowBackgrounds()
        .tableColumnHeaders(.hidden)
        let (host, _) = mount(view)
        let text = host.renderedText
        #expect(text.contains("badges decreased row 60 header 30 increased"))
        #expect(text.contains("listItemTint=monochrome"))
        #expect(text.contains("Text \"Tinted\" [listItemTint=fixed(red)"))
        #expect(text.contains("listItemTint=preferred(blue)"))
        #expect(text.contains("listSectionSpacing=compact"))
        #expect(text.contains("alternatingRowBackgrounds=enabled"))
        #expect(text.contains("tableColumnHeaders=hidden"))
        #expect(ListSectionSpacing.custom(12).description == "12" && ListSectionSpacing.default.description == "default")
        #expect(BadgeProminence.standard != .increased && SidebarRowSize.allCases.count == 3)
        #expect(AlternatingRowBackgroundBehavior.automatic != .disabled)
    }
}
