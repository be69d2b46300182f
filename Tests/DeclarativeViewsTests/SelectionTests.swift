import DeclarativeViews
import Foundation
import Testing

/// Pickers and selectable lists, headless: tagged options (or a ForEach's elements, tagged with
/// their ids) become buttons; the selected ones carry `selected`.
@MainActor @Suite struct SelectionTests {
    enum Flavor: String, CaseIterable, Identifiable {
        case chocolate, vanilla, strawberry
        var id: Self { self }
    }

    struct Order: View {
        @State private var flavor = Flavor.chocolate
        @State private var size = 1
        var body: some View {
            VStack {
                Picker("Flavor", selection: $flavor) {
                    ForEach(Flavor.allCases) { flavor in Text(flavor.rawValue.capitalized) }
                }
                .pickerStyle(.segmented)
                Picker("Size", selection: $size) {
                    Text("Small").tag(1)
                    Text("Large").tag(2)
                    Text("Not an option").tag("other")
                }
                Text("\(flavor.rawValue), size \(size)")
            }
        }
    }

    @Test func pickerOptionsAreButtonsAndTheSelectedOneIsMarked() throws {
        let (host, scheduler) = mount(Order())
        var text = host.renderedText
        #expect(text.contains("HStack [picker=Flavor, pickerStyle=segmented]"))
        #expect(text.contains("Button \"Chocolate\" [selected]"), "a ForEach's elements are tagged with their ids")
        #expect(text.contains("Button \"Vanilla\"\n"))
        #expect(text.contains("HStack [picker=Size, pickerStyle=automatic]"))
        #expect(text.contains("Text \"Not an option\""), "a tag of another type is not an option")
        try host.tap("Vanilla")
        scheduler.flush()
        try host.select("Large")
        scheduler.flush()
        text = host.renderedText
        #expect(text.contains("Text \"vanilla, size 2\""))
        #expect(text.contains("Button \"Vanilla\" [selected]"))
        #expect(throws: ViewHostError.self) { try host.select("Huge") }
    }

    struct Mail: Identifiable {
        let id: Int
        let subject: String
    }

    struct Inbox: View {
        let mails = [Mail(id: 1, subject: "Hello"), Mail(id: 2, subject: "Invoice"), Mail(id: 3, subject: "Lunch")]
        @State private var selected: Int?
        @State private var marked: Set<Int> = []
        var body: some View {
            VStack {
                List(mails, selection: $selected) { mail in Text(mail.subject) }
                Text("selected \(selected.map(String.init) ?? "none")")
                List(selection: $marked) {
                    Section("Today") {
                        ForEach(mails) { mail in Text("mark \(mail.subject)") }
                    }
                }
                Text("marked \(marked.sorted())")
            }
        }
    }

    @Test func listRowsSelectOneOrManyAndSectionsDoNotHideRows() throws {
        let (host, scheduler) = mount(Inbox())
        try host.tap("Invoice")
        scheduler.flush()
        #expect(host.renderedText.contains("Text \"selected 2\""))
        #expect(host.renderedText.contains("Button \"Invoice\" [selected]"))
        try host.select("mark Hello")
        scheduler.flush()
        try host.select("mark Lunch")
        scheduler.flush()
        #expect(host.renderedText.contains("Text \"marked [1, 3]\""))
        try host.select("mark Hello")
        scheduler.flush()
        #expect(host.renderedText.contains("Text \"marked [3]\""), "selecting a selected row of a set deselects it")
    }

    @Test func aListFillsTheSpaceItIsOfferedWithItsRowsAtTheTop() {
        let (host, _) = mount(List { Text("One"); Text("Two") })
        let list = host.renderTree[0]
        #expect(list.frame == CGRect(x: 0, y: 0, width: 640, height: 480))
        #expect(list.children.map { $0.frame?.minY } == [0, 16])
        #expect(list.children.map { $0.frame?.minX } == [0, 0], "rows are leading-aligned")
    }

    struct Task: Identifiable {
        let id: Int
        var title: String
        var done = false
    }

    struct Tasks: View {
        @State private var tasks = [Task(id: 1, title: "Write"), Task(id: 2, title: "Test")]
        var body: some View {
            VStack {
                List($tasks) { $task in
                    Toggle(task.title, isOn: $task.done)
                }
                ForEach($tasks, id: \.id) { $task in
                    TextField("Title \(task.id)", text: $task.title)
                }
                Text("done: \(tasks.filter(\.done).map(\.title).joined(separator: ","))")
            }
        }
    }

    @Test func rowsOverABindingEditTheirElements() throws {
        let (host, scheduler) = mount(Tasks())
        try host.toggle("Test")
        try host.type("Ship", into: "Title 1")
        scheduler.flush()
        let text = host.renderedText
        #expect(text.contains("Text \"done: Test\""))
        #expect(text.contains("Button \"Ship\" [toggle=off]"), "the list's row shows the renamed element")
    }
}
