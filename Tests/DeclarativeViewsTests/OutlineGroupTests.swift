import DeclarativeViews
import Foundation
import Testing

/// `OutlineGroup` and `List(_:children:)`: a tree whose parents are disclosure groups, and the
/// `DisclosureGroup` forms taking a string.
@MainActor
@Suite struct OutlineGroupTests {
    struct File: Identifiable {
        let id: String
        var children: [File]?
    }

    static let tree = [
        File(id: "Docs", children: [File(id: "a.txt"), File(id: "Pics", children: [File(id: "b.png")])]),
        File(id: "readme"),
    ]

    @Test func anOutlineShowsParentsCollapsedAndExpandsThemWhenTapped() throws {
        let (host, scheduler) = mount(List(Self.tree, children: \.children) { Text($0.id) })
        #expect(host.buttonLabels == ["Docs"])
        #expect(host.renderedText.contains("Button \"Docs\" [disclosure=collapsed]"))
        #expect(host.renderedText.contains("Text \"readme\""))
        #expect(!host.renderedText.contains("a.txt"))
        try host.tap("Docs")
        scheduler.flush()
        #expect(host.buttonLabels == ["Docs", "Pics"])
        #expect(host.renderedText.contains("Text \"a.txt\""))
        try host.tap("Pics")
        scheduler.flush()
        #expect(host.renderedText.contains("Text \"b.png\""))
    }

    @Test func outlinesOfARootOrWithAnExplicitIdShowTheSameTree() throws {
        let root = File(id: "Root", children: Self.tree)
        let (host, scheduler) = mount(VStack {
            OutlineGroup(root, children: \.children) { Text("1 " + $0.id) }
            OutlineGroup(Self.tree, id: \.id, children: \.children) { Text("2 " + $0.id) }
            OutlineGroup(root, id: \.id, children: \.children) { Text("3 " + $0.id) }
            OutlineGroup(Self.tree, children: \.children) { Text("4 " + $0.id) }
                as OutlineGroup<[File], String, Text, Text, DisclosureGroup<Text, OutlineSubgroupChildren>>
            List(Self.tree, id: \.id, children: \.children) { Text("5 " + $0.id) }
        })
        #expect(host.buttonLabels == ["1 Root", "2 Docs", "3 Root", "4 Docs", "5 Docs"])
        try host.tap("1 Root")
        scheduler.flush()
        #expect(host.buttonLabels.prefix(2) == ["1 Root", "1 Docs"])
        #expect(host.renderedText.contains("Text \"1 readme\""))
    }

    @Test func disclosureGroupsTakeAStringTitle() throws {
        struct Settings: View {
            @State var advanced = true
            let title = "General"
            var body: some View {
                DisclosureGroup(title) { Text("Name") }
                DisclosureGroup(String("Advanced"), isExpanded: $advanced) { Text("Debug") }
            }
        }
        let (host, scheduler) = mount(Settings())
        #expect(host.renderedText.contains("Text \"Debug\""))
        #expect(!host.renderedText.contains("Text \"Name\""))
        try host.tap("General")
        try host.tap("Advanced")
        scheduler.flush()
        #expect(host.renderedText.contains("Text \"Name\""))
        #expect(!host.renderedText.contains("Text \"Debug\""))
    }
}
