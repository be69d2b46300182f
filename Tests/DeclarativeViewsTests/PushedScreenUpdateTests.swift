import Combine
import DeclarativeViews
import Foundation
import RunLoopBridge
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
            ItemList(items: $items) { Detail(item: $0) }
        }
    }

    /// A stack listing the items, whose links push an item's id; its destination shows `screen`
    /// for a binding to the item.
    struct ItemList<Screen: View>: View {
        @Binding var items: [Item]
        @ViewBuilder let screen: (Binding<Item>) -> Screen
        var body: some View {
            NavigationStack {
                List($items) { $item in
                    NavigationLink(item.title, value: item.id)
                }
                .navigationDestination(for: Int.self) { id in
                    if let index = items.firstIndex(where: { $0.id == id }) {
                        screen($items[index])
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
            ItemList(items: $store.items) { Detail(item: $0) }
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
            ItemList(items: $store.items) { PresentingDetail(item: $0) }
        }
    }

    /// Mounts `root` and taps `buttons` in turn, updating after each tap.
    private func mountAndTap<V: View>(_ root: V, _ buttons: String...) throws -> (ViewHost, ManualUpdateScheduler) {
        let (host, scheduler) = mount(root)
        for button in buttons {
            try host.tap(button)
            scheduler.flush()
        }
        return (host, scheduler)
    }

    /// Mounts `root`, pushes Alpha's detail and renames it Gamma in the sheet the detail presents.
    private func renameInTheSheet<V: View>(_ root: V) throws -> ViewHost {
        let (host, scheduler) = try mountAndTap(root, "Alpha", "Edit")
        try host.type("Gamma", into: "Title")
        scheduler.flush()
        try host.tap("Done")
        scheduler.flush()
        return host
    }

    @Test func aPushedDetailOfAnObservableObjectsItemShowsAnEditMadeThroughItsBinding() throws {
        let (host, scheduler) = try mountAndTap(StoreRoot(), "Alpha", "Rename")
        #expect(host.renderedText.contains("title Beta"))
        try host.back()
        scheduler.flush()
        #expect(try host.inspect().find(button: "Beta").isDisabled() == false)
    }

    @Test func aPushedDetailOfAnObservableObjectsItemShowsAnEditMadeInASheetItPresented() throws {
        let host = try renameInTheSheet(StoreRoot())
        #expect(host.renderedText.contains("title Gamma"))
        #expect(!host.renderedText.contains("title Alpha"))
    }

    @Test func aScreenPushedWithIsPresentedShowsAnEditOfTheStateItReads() throws {
        let (host, scheduler) = try mountAndTap(PresentingRoot(), "Alpha", "More")
        #expect(host.renderedText.contains("more about Alpha"))
        try host.tap("Rename")
        scheduler.flush()
        #expect(host.renderedText.contains("more about Delta"))
    }

    @Test func dismissInAScreenPushedWithIsPresentedPopsItAndTheDetailShowsItsEdit() throws {
        let (host, scheduler) = try mountAndTap(PresentingRoot(), "Alpha", "More", "Finish")
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
        let host = try renameInTheSheet(Root())
        #expect(host.renderedText.contains("title Gamma"))
    }
}
