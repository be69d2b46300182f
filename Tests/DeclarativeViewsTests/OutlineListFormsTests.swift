import DeclarativeViews
import Foundation
import Testing

/// Hierarchical lists as sidebars write them: `List(_:children:selection:)` selects rows by id
/// and expands parents, `List($tree, children:)` / `OutlineGroup($tree, children:)` give each row
/// a binding into the tree, and sections record whether they collapse.
@MainActor @Suite struct OutlineListFormsTests {
    struct Folder: Identifiable, Hashable {
        let id: Int
        var name: String
        var children: [Folder]?
    }

    static let tree = [
        Folder(id: 1, name: "Inbox", children: [Folder(id: 11, name: "Work"), Folder(id: 12, name: "Home")]),
        Folder(id: 2, name: "Sent"),
    ]

    /// A sidebar selects a folder by its id (single and multiple selection, and with an explicit
    /// id), and its parent expands when its disclosure is tapped.
    @Test func aHierarchicalListSelectsRowsAndExpandsParents() throws {
        struct Sidebar: View {
            @State var single: Int?
            @State var many: Set<Int> = []
            @State var byName: String?
            @State var required = 0
            var body: some View {
                VStack {
                    List(OutlineListFormsTests.tree, children: \.children, selection: $single) { Text("one \($0.name)") }
                    List(OutlineListFormsTests.tree, children: \.children, selection: $many) { Text("many \($0.name)") }
                    List(OutlineListFormsTests.tree, id: \.name, children: \.children, selection: $byName) { Text("name \($0.name)") }
                    List(OutlineListFormsTests.tree, id: \.id, children: \.children, selection: $many) { Text("set \($0.name)") }
                    List(OutlineListFormsTests.tree, children: \.children, selection: $required) { Text("req \($0.name)") }
                    List(OutlineListFormsTests.tree, id: \.id, children: \.children, selection: $required) { Text("idreq \($0.name)") }
                    Text("single \(single ?? 0) many \(many.sorted()) name \(byName ?? "none") required \(required)")
                }
            }
        }
        let (host, scheduler) = mount(Sidebar())
        try host.select("one Sent")
        try host.select("many Sent")
        try host.select("name Sent")
        try host.select("set Inbox")
        try host.select("req Sent")
        scheduler.flush()
        #expect(host.renderedText.contains("single 2 many [1, 2] name Sent required 2"))
        try host.expand("one Inbox")
        scheduler.flush()
        #expect(host.renderedText.contains("one Work"))
        #expect(host.renderedText.contains("single 2"), "expanding does not select")
        try host.collapse("one Inbox")
        scheduler.flush()
        #expect(!host.renderedText.contains("one Work"))
        #expect(throws: ViewHostError.buttonNotFound(label: "one Sent", available: ["one Inbox", "many Inbox", "name Inbox",
            "set Inbox", "req Inbox", "idreq Inbox"])) { try host.expand("one Sent") }
        try host.select("idreq Inbox")
        scheduler.flush()
        #expect(host.renderedText.contains("required 1"))
    }

    /// A list over a bound tree gives each row a binding to its folder: renaming a nested folder
    /// renames it in the tree.
    @Test func aListOfABoundTreeEditsTheTree() throws {
        struct Editor: View {
            @State var tree = OutlineListFormsTests.tree
            @State var selected: Int?
            @State var many: Set<Int> = []
            var body: some View {
                VStack {
                    List($tree, children: \.children) { $folder in
                        HStack {
                            Text("edit \(folder.name)")
                            Button("Rename \(folder.name)") { folder.name += "!" }
                        }
                    }
                    List($tree, id: \.id, children: \.children) { $folder in Text("id \(folder.name)") }
                    List($tree, children: \.children, selection: $selected) { $folder in Text("pick \(folder.name)") }
                    List($tree, children: \.children, selection: $many) { $folder in Text("many \(folder.name)") }
                    List($tree, id: \.id, children: \.children, selection: $selected) { $folder in Text("idpick \(folder.name)") }
                    List($tree, id: \.id, children: \.children, selection: $many) { $folder in Text("idmany \(folder.name)") }
                    Text("names \(tree.flatMap { [$0.name] + ($0.children ?? []).map(\.name) }.joined(separator: ",")) selected \(selected ?? 0) many \(many.sorted())")
                }
            }
        }
        let (host, scheduler) = mount(Editor())
        try host.expand("edit Inbox Rename Inbox")
        scheduler.flush()
        try host.tap("Rename Work")
        scheduler.flush()
        #expect(host.renderedText.contains("names Inbox,Work!,Home,Sent"))
        try host.select("pick Sent")
        try host.select("many Inbox")
        scheduler.flush()
        #expect(host.renderedText.contains("selected 2 many [1]"))
        try host.select("idpick Inbox")
        try host.select("idmany Sent")
        scheduler.flush()
        #expect(host.renderedText.contains("selected 1 many [1, 2]"))
    }

    /// Outline groups over a bound tree or a bound root.
    @Test func anOutlineGroupOfABoundRootEditsIt() throws {
        struct Editor: View {
            @State var root = Folder(id: 0, name: "Root", children: OutlineListFormsTests.tree)
            @State var tree = OutlineListFormsTests.tree
            var body: some View {
                VStack {
                    OutlineGroup($root, children: \.children) { $folder in
                        HStack {
                            Text("root \(folder.name)")
                            Button("Shout \(folder.name)") { folder.name = folder.name.uppercased() }
                        }
                    }
                    OutlineGroup($tree, id: \.id, children: \.children) { $folder in Text("tree \(folder.name)") }
                    OutlineGroup($root, id: \.name, children: \.children) { $folder in Text("named \(folder.name)") }
                    OutlineGroup($tree, children: \.children) { $folder in Text("plain \(folder.name)") }
                    Text("root name \(root.name)")
                    List { Section("Mail") { Text("x") }.collapsible(false) }
                }
            }
        }
        let (host, scheduler) = mount(Editor())
        try host.expand("root Root Shout Root")
        scheduler.flush()
        try host.tap("Shout Inbox")
        scheduler.flush()
        #expect(host.renderedText.contains("root INBOX"))
        #expect(host.renderedText.contains("tree Inbox") && host.renderedText.contains("named Root"))
        #expect(host.renderedText.contains("plain Sent"))
        #expect(host.renderedText.contains("collapsible=false"))
    }
}
