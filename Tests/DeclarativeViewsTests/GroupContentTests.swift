import DeclarativeViews
import Foundation
import Testing

/// `Group` around scenes, commands and toolbar content, as apps write it to apply one modifier
/// to several or to get past a builder block's limit: the group shows what it contains.
@MainActor @Suite struct GroupContentTests {
    struct GroupedApp: App {
        var body: some Scene {
            Group {
                WindowGroup { Text("Main window") }
                WindowGroup { Text("Second window") }
            }
            .commands {
                Group {
                    CommandMenu("Tools") {
                        Button("Sharpen") {}
                    }
                    CommandGroup(after: .newItem) {
                        Button("New Sketch") {}
                    }
                }
            }
        }
    }

    @Test func aGroupOfScenesShowsEveryWindowAndAGroupOfCommandsEveryCommand() throws {
        let host = ViewHost(app: GroupedApp(), scheduler: ManualUpdateScheduler())
        host.update()
        #expect(host.renderedText.contains("Main window"))
        #expect(host.renderedText.contains("Second window"))
        #expect(host.buttonLabels.contains("Sharpen"))
        #expect(host.buttonLabels.contains("New Sketch"))
    }

    @Test func aGroupOfToolbarItemsShowsEachItemAndItsButtonsRun() throws {
        let log = Recorder()
        struct Screen: View {
            let log: Recorder
            var body: some View {
                Text("Document")
                    .toolbar {
                        Group {
                            ToolbarItem(placement: .primaryAction) { Button("Save") { log.record("save") } }
                            ToolbarItem(placement: .cancellationAction) { Button("Close") {} }
                        }
                    }
                    .toolbar(id: "editor") {
                        Group {
                            ToolbarItem(id: "bold", placement: .secondaryAction) { Button("Bold") {} }
                        }
                    }
            }
        }
        let (host, _) = mount(Screen(log: log))
        #expect(host.buttonLabels.contains("Save") && host.buttonLabels.contains("Close"))
        #expect(host.buttonLabels.contains("Bold"))
        try host.tap("Save")
        #expect(log.take() == ["save"])
    }

    struct Person: Identifiable {
        let id: Int
        let name: String
        let city: String
    }

    @Test func aGroupOfTableRowsOrColumnsShowsItsContentsInTheTable() {
        let ada = Person(id: 1, name: "Ada", city: "London")
        let alan = Person(id: 2, name: "Alan", city: "Wilmslow")
        let table = Table(of: Person.self) {
            Group {
                TableColumn("Name", value: \Person.name)
                TableColumn("City", value: \Person.city)
            }
        } rows: {
            Group {
                TableRow(ada)
                TableRow(alan)
            }
        }
        let (host, _) = mount(table)
        let list = host.renderTree.first { (node: RenderNode) in node.kind == .list }
        let lines = list?.children.map { (node: RenderNode) in node.text } ?? []
        #expect(lines == ["Name City", "Ada London", "Alan Wilmslow"])
    }

    @Test func aGroupOfRotorEntriesListsItsEntriesInTheRotor() {
        let view = Text("Index").accessibilityRotor("Chapters") {
            AccessibilityRotorEntry("Intro", id: 1)
            Group {
                AccessibilityRotorEntry("Middle", id: 2)
                AccessibilityRotorEntry("End", id: 3)
            }
        }
        let (host, _) = mount(view)
        #expect(host.renderTree.first?.attributes["accessibilityRotor"] == "Chapters: Intro, Middle, End")
    }
}
