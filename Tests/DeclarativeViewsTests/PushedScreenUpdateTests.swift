import Combine
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

    /// The items in an `ObservableObject` a `@StateObject` owns, handed down as a binding
    /// (`$store.items`), as apps keep their model.
    @MainActor final class Store: ObservableObject {
        @Published var items = [Item(id: 1, title: "Alpha")]
    }

    struct StoreRoot: View {
        @StateObject private var store = Store()
        var body: some View {
            ItemList(items: $store.items)
        }
    }

    struct ItemList: View {
        @Binding var items: [Item]
        var body: some View {
            NavigationStack {
                List($items) { $item in
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

    /// A detail that pushes a screen with `navigationDestination(isPresented:)`; the screen shows
    /// the item and renames it, or renames it and dismisses itself.
    struct PresentingDetail: View {
        @Binding var item: Item
        @State private var isShowingMore = false
        var body: some View {
            VStack {
                Text("title \(item.title)")
                Button("More") { isShowingMore = true }
            }
            .navigationDestination(isPresented: $isShowingMore) {
                MoreScreen(item: $item)
            }
        }
    }

    struct MoreScreen: View {
        @Binding var item: Item
        @Environment(\.dismiss) private var dismiss
        var body: some View {
            VStack {
                Text("more about \(item.title)")
                Button("Rename") { item.title = "Delta" }
                Button("Finish") {
                    item.title = "Omega"
                    dismiss()
                }
            }
        }
    }

    struct PresentingRoot: View {
        @StateObject private var store = Store()
        var body: some View {
            NavigationStack {
                List($store.items) { $item in
                    NavigationLink(item.title, value: item.id)
                }
                .navigationDestination(for: Int.self) { id in
                    if let index = store.items.firstIndex(where: { $0.id == id }) {
                        PresentingDetail(item: $store.items[index])
                    }
                }
            }
        }
    }

    @Test func aPushedDetailOfAnObservableObjectsItemShowsAnEditMadeThroughItsBinding() throws {
        let (host, scheduler) = mount(StoreRoot())
        try host.tap("Alpha")
        scheduler.flush()
        try host.tap("Rename")
        scheduler.flush()
        #expect(host.renderedText.contains("title Beta"))
        try host.back()
        scheduler.flush()
        #expect(try host.inspect().find(button: "Beta").isDisabled() == false)
    }

    @Test func aPushedDetailOfAnObservableObjectsItemShowsAnEditMadeInASheetItPresented() throws {
        let (host, scheduler) = mount(StoreRoot())
        try host.tap("Alpha")
        scheduler.flush()
        try host.tap("Edit")
        scheduler.flush()
        try host.type("Gamma", into: "Title")
        scheduler.flush()
        try host.tap("Done")
        scheduler.flush()
        #expect(host.renderedText.contains("title Gamma"))
        #expect(!host.renderedText.contains("title Alpha"))
    }

    @Test func aScreenPushedWithIsPresentedShowsAnEditOfTheStateItReads() throws {
        let (host, scheduler) = mount(PresentingRoot())
        try host.tap("Alpha")
        scheduler.flush()
        try host.tap("More")
        scheduler.flush()
        #expect(host.renderedText.contains("more about Alpha"))
        try host.tap("Rename")
        scheduler.flush()
        #expect(host.renderedText.contains("more about Delta"))
    }

    @Test func dismissInAScreenPushedWithIsPresentedPopsItAndTheDetailShowsItsEdit() throws {
        let (host, scheduler) = mount(PresentingRoot())
        try host.tap("Alpha")
        scheduler.flush()
        try host.tap("More")
        scheduler.flush()
        try host.tap("Finish")
        scheduler.flush()
        #expect(!host.renderedText.contains("more about"))
        #expect(host.renderedText.contains("title Omega"))
        try host.tap("More")
        scheduler.flush()
        #expect(host.renderedText.contains("more about Omega"), "the binding was set back: More pushes again")
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
