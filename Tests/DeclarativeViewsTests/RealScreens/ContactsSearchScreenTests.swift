import DeclarativeViews
import Foundation
import Testing

/// Search, refresh, presentation and environment as a contacts screen writes them: a searchable
/// list filtered as the user types, pull to refresh that loads more, a sheet with a form that
/// dismisses itself through `\.dismiss`, a confirmation dialog before deleting, and a model
/// passed down with `.environmentObject`.
@MainActor @Suite struct ContactsSearchScreenTests {
    @MainActor final class AddressBook: ObservableObject {
        @Published var names = ["Ada Lovelace", "Alan Turing", "Grace Hopper"]
        @Published var reloads = 0

        func reload() async {
            reloads += 1
            names.append("Katherine Johnson")
        }
    }

    struct ContactsScreen: View {
        @EnvironmentObject private var book: AddressBook
        @State private var query = ""
        @State private var adding = false
        @State private var pendingDeletion: String?

        private var shown: [String] {
            query.isEmpty ? book.names : book.names.filter { $0.localizedCaseInsensitiveContains(query) }
        }

        var body: some View {
            NavigationStack {
                List(shown, id: \.self) { name in
                    Text(name)
                        .contextMenu {
                            Button("Delete", role: .destructive) { pendingDeletion = name }
                        }
                }
                .overlay {
                    if shown.isEmpty {
                        ContentUnavailableView.search(text: query)
                    }
                }
                .searchable(text: $query, prompt: "Search contacts")
                .refreshable { await book.reload() }
                .navigationTitle("Contacts")
                .toolbar {
                    Button("Add") { adding = true }
                }
                .sheet(isPresented: $adding) {
                    AddContact()
                }
                .confirmationDialog(
                    "Delete contact?", isPresented: Binding(get: { pendingDeletion != nil }, set: { if !$0 { pendingDeletion = nil } }),
                    titleVisibility: .visible, presenting: pendingDeletion
                ) { name in
                    Button("Delete \(name)", role: .destructive) { book.names.removeAll { $0 == name } }
                }
            }
        }
    }

    struct AddContact: View {
        @EnvironmentObject private var book: AddressBook
        @Environment(\.dismiss) private var dismiss
        @State private var name = ""

        var body: some View {
            NavigationStack {
                Form {
                    TextField("Name", text: $name)
                }
                .navigationTitle("New Contact")
                .toolbar {
                    ToolbarItem(placement: .cancellationAction) { Button("Cancel") { dismiss() } }
                    ToolbarItem(placement: .confirmationAction) {
                        Button("Save") {
                            book.names.append(name)
                            dismiss()
                        }
                        .disabled(name.isEmpty)
                    }
                }
            }
        }
    }

    @Test func searchingFiltersAndAnEmptyResultSaysSo() throws {
        let book = AddressBook()
        let (host, _) = mount(ContactsScreen().environmentObject(book))
        try host.search("gr")
        host.update()
        #expect(host.renderedText.contains("Grace Hopper"))
        #expect(!host.renderedText.contains("Alan Turing"))
        try host.search("zz")
        host.update()
        #expect(host.renderedText.contains("No Results"), "ContentUnavailableView.search shows: \(host.renderedText)")
    }

    @Test func pullingToRefreshLoadsMore() async throws {
        let book = AddressBook()
        let (host, _) = mount(ContactsScreen().environmentObject(book))
        try await host.pullToRefresh()
        host.update()
        #expect(book.reloads == 1)
        #expect(host.renderedText.contains("Katherine Johnson"))
    }

    @Test func addingAContactThroughTheSheetAndDeletingOneAfterConfirming() throws {
        let book = AddressBook()
        let (host, _) = mount(ContactsScreen().environmentObject(book))
        try host.tap("Add")
        host.update()
        #expect(try host.inspect().find(button: "Save").isDisabled())
        try host.type("Edsger Dijkstra", into: "Name")
        host.update()
        try host.tap("Save")
        host.update()
        #expect(!host.renderedText.contains("New Contact"), "Save dismissed the sheet")
        #expect(host.renderedText.contains("Edsger Dijkstra"))

        try host.openContextMenu("Alan Turing")
        host.update()
        try host.tap("Delete")
        host.update()
        #expect(host.renderedText.contains("Delete contact?"))
        try host.tap("Delete Alan Turing")
        host.update()
        #expect(!host.renderedText.contains("Alan Turing"))
        #expect(book.names == ["Ada Lovelace", "Grace Hopper", "Edsger Dijkstra"])
    }
}
