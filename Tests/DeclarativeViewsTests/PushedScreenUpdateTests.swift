import DeclarativeViews
import Foundation
import Testing

/// A screen pushed with `navigationDestination(for:)` stays current: when the state its
/// destination reads changes — through the screen's own binding, or from elsewhere — it shows the
/// new value, as SwiftUI re-evaluates the destination when the view declaring it updates.
@MainActor
@Suite struct PushedScreenUpdateTests {
    struct Item: Identifiable, Hashable {
        var id: Int
        var title: String
    }

    struct Root: View {
        @State var items = [Item(id: 1, title: "Alpha")]
        var body: some View {
            NavigationStack {
                List(items) { item in
                    NavigationLink(item.title, value: item.id)
                }
                .navigationDestination(for: Int.self) { id in
                    if let index = items.firstIndex(where: { $0.id == id }) {
                        Detail(item: $items[index])
                    }
                }
            }
        }
    }

    struct Detail: View {
        @Binding var item: Item
        @State private var draft = ""
        @State private var isEditing = false
        var body: some View {
            VStack {
                Text("title \(item.title)")
                Button("Rename") { item.title = "Beta" }
                Button("Edit") {
                    draft = item.title
                    isEditing = true
                }
            }
            .sheet(isPresented: $isEditing) {
                VStack {
                    TextField("Title", text: $draft)
                    Button("Done") {
                        item.title = draft
                        isEditing = false
                    }
                }
            }
        }
    }

    @Test func aPushedDetailShowsAnEditMadeThroughItsBinding() throws {
        let (host, scheduler) = mount(Root())
        try host.tap("Alpha")
        scheduler.flush()
        #expect(host.renderedText.contains("title Alpha"))
        try host.tap("Rename")
        scheduler.flush()
        #expect(host.renderedText.contains("title Beta"))
    }

    @Test func aPushedDetailShowsAnEditMadeInASheetItPresented() throws {
        let (host, scheduler) = mount(Root())
        try host.tap("Alpha")
        scheduler.flush()
        try host.tap("Edit")
        scheduler.flush()
        try host.type("Gamma", into: "Title")
        scheduler.flush()
        try host.tap("Done")
        scheduler.flush()
        #expect(host.renderedText.contains("title Gamma"))
    }
}
