import DeclarativeViews
import Foundation
import Testing

/// Navigation stacks, headless: links push screens, only the top one is rendered (under a Back
/// button), pushed screens and the root keep their state, and `back` / `dismiss` pop.
@MainActor @Suite struct NavigationTests {
    struct Fruit: Hashable, Identifiable {
        let name: String
        var id: String { name }
    }

    struct Counter: View {
        let title: String
        @State private var count = 0
        var body: some View {
            Button("\(title) \(count)") { count += 1 }
        }
    }

    struct Catalog: View {
        let fruits = [Fruit(name: "Apple"), Fruit(name: "Pear")]
        var body: some View {
            NavigationStack {
                VStack {
                    Counter(title: "root")
                    ForEach(fruits) { fruit in
                        NavigationLink(fruit.name, value: fruit)
                    }
                    NavigationLink("About") { Text("AttrGraph demo") }
                }
                .navigationTitle("Fruits")
                .navigationDestination(for: Fruit.self) { fruit in
                    FruitDetail(fruit: fruit)
                }
            }
        }
    }

    struct FruitDetail: View {
        let fruit: Fruit
        @Environment(\.dismiss) private var dismiss
        var body: some View {
            VStack {
                Text("Detail of \(fruit.name)")
                Counter(title: fruit.name)
                Button("Close") { dismiss() }
            }
            .navigationTitle(fruit.name)
        }
    }

    @Test func aValueLinkPushesItsDestinationAndBackReturnsToTheRootWithItsState() throws {
        let (host, scheduler) = mount(Catalog())
        #expect(host.renderedText.contains("NavigationStack \"Fruits\""))
        #expect(!host.buttonLabels.contains("Back"), "no back button on the root")
        try host.tap("root 0")
        scheduler.flush()
        try host.tap("Pear")
        scheduler.flush()
        var text = host.renderedText
        #expect(text.contains("NavigationStack \"Pear\""), "the top screen titles the stack")
        #expect(text.contains("Text \"Detail of Pear\""))
        #expect(!text.contains("root 1"), "only the top screen is rendered")
        #expect(host.buttonLabels == ["Back", "Pear 0", "Close"], "the root's buttons cannot be tapped")
        try host.tap("Pear 0")
        scheduler.flush()
        try host.back()
        scheduler.flush()
        text = host.renderedText
        #expect(text.contains("NavigationStack \"Fruits\""))
        #expect(text.contains("Button \"root 1\""), "the root kept its state while covered")
        #expect(throws: ViewHostError.nothingToGoBackFrom) { try host.back() }
    }

    @Test func aDestinationLinkPushesItsViewAndDismissPopsTheScreen() throws {
        let (host, scheduler) = mount(Catalog())
        try host.tap("About")
        scheduler.flush()
        #expect(host.renderedText.contains("Text \"AttrGraph demo\""))
        try host.back()
        scheduler.flush()
        try host.tap("Apple")
        scheduler.flush()
        try host.tap("Close")  // @Environment(\.dismiss) in a pushed screen pops it
        scheduler.flush()
        #expect(host.renderedText.contains("NavigationStack \"Fruits\""))
    }

    struct PathStack: View {
        @Binding var path: [Int]
        var body: some View {
            NavigationStack(path: $path) {
                Text("Numbers")
                    .navigationDestination(for: Int.self) { number in
                        VStack {
                            Text("Number \(number)")
                            NavigationLink("Next", value: number + 1)
                        }
                    }
            }
        }
    }

    struct PathOwner: View {
        @State var path: [Int]
        var body: some View {
            VStack {
                Text("depth \(path.count)")
                Button("Pop to root") { path.removeAll() }
                PathStack(path: $path)
            }
        }
    }

    @Test func aTypedPathDrivesTheStackBothWays() throws {
        let (host, scheduler) = mount(PathOwner(path: [1]))
        #expect(host.renderedText.contains("Text \"Number 1\""), "a path set up front shows its last value")
        try host.tap("Next")
        scheduler.flush()
        try host.tap("Next")
        scheduler.flush()
        #expect(host.renderedText.contains("Text \"depth 3\""), "links append to the caller's path")
        #expect(host.renderedText.contains("Text \"Number 3\""))
        try host.back()
        scheduler.flush()
        #expect(host.renderedText.contains("Text \"depth 2\""))
        try host.tap("Pop to root")
        scheduler.flush()
        #expect(host.renderedText.contains("Text \"Numbers\""))
    }

    struct Mixed: View {
        @State private var path = NavigationPath()
        var body: some View {
            NavigationStack(path: $path) {
                VStack {
                    Text("count \(path.count)")
                    Button("Push word") { path.append("hello") }
                    NavigationLink("Link to nothing", value: 3.5)
                }
                .navigationDestination(for: String.self) { word in Text("Word \(word)") }
            }
        }
    }

    @Test func aNavigationPathHoldsValuesOfAnyTypeAndAnUnregisteredTypeDoesNotPush() throws {
        let (host, scheduler) = mount(Mixed())
        try host.tap("Link to nothing")
        scheduler.flush()
        #expect(host.renderedText.contains("count 0"), "no destination for Double: the link does nothing")
        try host.tap("Push word")
        scheduler.flush()
        #expect(host.renderedText.contains("Text \"Word hello\""))
    }

    @Test func aLinkOutsideAStackIsDisabled() throws {
        let (host, _) = mount(NavigationLink("Orphan") { Text("x") })
        #expect(host.renderedText.contains("Button \"Orphan\" (disabled)"))
        #expect(throws: ViewHostError.buttonDisabled(label: "Orphan")) { try host.tap("Orphan") }
    }

    // MARK: Toolbars, edit mode, row editing

    struct Groceries: View {
        @State private var items = ["Milk", "Eggs", "Bread"]
        var body: some View {
            NavigationStack {
                List {
                    ForEach(items, id: \.self) { item in
                        Text(item)
                    }
                    .onDelete { items.remove(atOffsets: $0) }
                    .onMove { items.move(fromOffsets: $0, toOffset: $1) }
                }
                .navigationTitle("Groceries \(items.count)")
                .navigationBarTitleDisplayMode(.inline)
                .toolbar {
                    ToolbarItem(placement: .navigationBarTrailing) { EditButton() }
                    ToolbarItemGroup(placement: .bottomBar) {
                        Button("Add") { items.append("Item \(items.count + 1)") }
                    }
                }
            }
        }
    }

    @Test func toolbarItemsAreTappableAndRowsAreDeletedAndMovedInEditMode() throws {
        let (host, scheduler) = mount(Groceries())
        var text = host.renderedText
        #expect(text.contains("NavigationStack \"Groceries 3\""), "the title inside the toolbar's stack still titles the stack")
        #expect(text.contains("HStack [toolbar]"))
        #expect(text.contains("Button \"Edit\" [placement=navigationBarTrailing]"))
        #expect(text.contains("Text \"Milk\" [onDelete, onMove]"))
        #expect(text.contains("Button \"Add\" [placement=bottomBar]"))
        #expect(text.contains("List [navigationBarTitleDisplayMode=inline]"))
        try host.tap("Add")
        scheduler.flush()
        try host.swipeDelete("Eggs")
        scheduler.flush()
        text = host.renderedText
        #expect(!text.contains("Eggs"))
        #expect(text.contains("Groceries 3"))
        #expect(throws: ViewHostError.notEditing(row: "Bread")) { try host.move("Bread", to: 0) }
        try host.tap("Edit")
        scheduler.flush()
        #expect(host.buttonLabels.contains("Done"))
        try host.move("Bread", to: 0)
        scheduler.flush()
        let rows = host.renderTree.first?.children.last?.children.last?.children.map(\.text)
        #expect(rows == ["Bread", "Milk", "Item 4"], "rows after the move: \(String(describing: rows))")
        #expect(throws: ViewHostError.rowNotFound(row: "Eggs", kind: "deletable", available: ["Bread", "Milk", "Item 4"])) {
            try host.swipeDelete("Eggs")
        }
    }

    @Test func theScriptDriverGoesBackDismissesAndDeletes() throws {
        let (host, _) = mount(Groceries())
        var output: [String] = []
        try host.run(script: "swipe-delete Milk\ntap Edit\nmove Bread to 0\nprint", output: { output.append($0) })
        #expect(output.last?.contains("Button \"Done\"") == true)
        let (catalog, _) = mount(Catalog())
        output = []
        try catalog.run(script: "tap Apple\nback", output: { output.append($0) })
        #expect(output.first?.contains("Detail of Apple") == true)
        #expect(output.last?.contains("NavigationStack \"Fruits\"") == true)
        #expect(throws: ViewHostScriptError.self) { try catalog.run(script: "back", output: { _ in }) }
        let error = #expect(throws: ViewHostScriptError.self) { try catalog.run(script: "\n dismiss", output: { _ in }) }
        #expect(error?.description
            == "line 2: dismiss: nothing is presented: no sheet, full-screen cover, popover, alert or dialog is on screen")
    }
}
