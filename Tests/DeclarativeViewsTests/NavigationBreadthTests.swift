import DeclarativeViews
import Foundation
import Testing

/// Navigation as older and newer SwiftUI code writes it: `NavigationView`, every `NavigationLink`
/// form (bound ones push while their binding says so), `navigationDestination(isPresented:)` and
/// `(item:)`, `navigationBarTitle` and bar items, `presentationMode`, split-view column visibility.
@MainActor @Suite struct NavigationBreadthTests {
    struct Contact: Identifiable, Hashable {
        let id: Int
        var name: String
    }

    /// A contacts app as tutorials write it with NavigationView: a list of links, bar items that
    /// add a contact, a detail screen that closes itself through presentationMode.
    struct ContactsApp: View {
        @State private var contacts = [Contact(id: 1, name: "Ada"), Contact(id: 2, name: "Grace")]
        var body: some View {
            NavigationView {
                List {
                    ForEach(contacts) { contact in
                        NavigationLink(destination: ContactDetail(contact: contact)) {
                            Text(contact.name)
                        }
                    }
                }
                .navigationBarTitle("Contacts", displayMode: .inline)
                .navigationBarItems(trailing: Button("Add") {
                    contacts.append(Contact(id: contacts.count + 1, name: "New \(contacts.count + 1)"))
                })
            }
            .navigationViewStyle(.stack)
        }
    }

    struct ContactDetail: View {
        let contact: Contact
        @Environment(\.presentationMode) private var presentationMode
        var body: some View {
            VStack {
                Text("Name: \(contact.name)")
                Button("Done") { presentationMode.wrappedValue.dismiss() }
            }
            .navigationBarTitle(contact.name)
        }
    }

    @Test func aNavigationViewIsAStackWhoseLinksPushAndWhosePresentationModeDismisses() throws {
        let (host, _) = mount(ContactsApp())
        var screen = try host.inspect()
        let stack = try screen.find(ViewType.NavigationStack.self)
        #expect(stack.navigationTitle() == "Contacts")
        #expect(stack.attribute("navigationViewStyle") == "stack")
        #expect(host.renderedText.contains("navigationBarTitleDisplayMode=inline"))

        try screen.find(button: "Add").tap()
        screen = try host.inspect()
        #expect(try screen.find(navigationLink: "New 3").isDisabled() == false)

        try screen.find(navigationLink: "Grace").tap()
        screen = try host.inspect()
        #expect(try screen.find(ViewType.NavigationStack.self).navigationTitle() == "Grace")
        #expect(try screen.find(text: "Name: Grace").string() == "Name: Grace")
        try screen.find(button: "Done").tap()
        screen = try host.inspect()
        #expect(try screen.find(ViewType.NavigationStack.self).navigationTitle() == "Contacts")
        #expect(throws: ViewHostError.nothingToGoBackFrom) { try host.back() }
    }

    struct Bound: View {
        @State var showsSettings = false
        @State var selection: String?
        var body: some View {
            NavigationStack {
                VStack {
                    Text("settings: \(showsSettings ? "shown" : "hidden"), selection: \(selection ?? "none")")
                    NavigationLink("Settings", isActive: $showsSettings) { Text("Settings screen") }
                    NavigationLink("Red", tag: "red", selection: $selection) { Text("Red screen") }
                    NavigationLink(destination: Text("Blue screen"), tag: "blue", selection: $selection) {
                        Text("Blue")
                    }
                    NavigationLink(isActive: $showsSettings) { Text("Settings screen") } label: { Text("Gear") }
                    NavigationLink(tag: "green", selection: $selection) { Text("Green screen") } label: { Text("Green") }
                    NavigationLink(value: 7) { Text("Seven") }
                    Button("Open settings in code") { showsSettings = true }
                    Button("Select blue in code") { selection = "blue" }
                }
            }
        }
    }

    @Test func boundLinksPushWhileTheirBindingSaysSoAndGoingBackClearsIt() throws {
        let (host, _) = mount(Bound())
        try host.tap("Settings")
        host.update()
        #expect(host.renderedText.contains("Settings screen"))
        try host.back()
        host.update()
        #expect(host.renderedText.contains("settings: hidden"), "going back sets isActive to false")

        try host.tap("Open settings in code")
        host.update()
        #expect(host.renderedText.contains("Settings screen"), "setting the binding pushes, as a deep link does")
        try host.back()
        host.update()

        try host.tap("Red")
        host.update()
        #expect(host.renderedText.contains("Red screen"))
        try host.back()
        host.update()
        #expect(host.renderedText.contains("selection: none"))
        try host.tap("Green")
        host.update()
        #expect(host.renderedText.contains("Green screen"), "a tag link pushes when its tag is selected")
        try host.back()
        host.update()
        #expect(try host.inspect().find(navigationLink: "Seven").isDisabled() == false)
        try host.tap("Select blue in code")
        host.update()
        #expect(host.renderedText.contains("Blue screen"))
        #expect(!host.renderedText.contains("Red screen"))
    }

    struct Destinations: View {
        @State private var showsHelp = false
        @State private var contact: Contact?
        var body: some View {
            NavigationStack {
                VStack {
                    Button("Help") { showsHelp = true }
                    Button("Show Ada") { contact = Contact(id: 1, name: "Ada") }
                    Text(contact.map { "item: \($0.name)" } ?? "item: none")
                }
                .navigationDestination(isPresented: $showsHelp) { Text("Help screen") }
                .navigationDestination(item: $contact) { contact in Text("Contact \(contact.name)") }
            }
        }
    }

    @Test func destinationsPresentedByABoolOrAnItemArePushedAndPoppedWithIt() throws {
        let (host, _) = mount(Destinations())
        try host.tap("Help")
        host.update()
        #expect(host.renderedText.contains("Help screen"))
        try host.back()
        host.update()
        try host.tap("Show Ada")
        host.update()
        #expect(host.renderedText.contains("Contact Ada"))
        try host.back()
        host.update()
        #expect(host.renderedText.contains("item: none"), "going back clears the item")
    }

    struct Columns: View {
        @State var visibility = NavigationSplitViewVisibility.all
        var body: some View {
            NavigationSplitView(columnVisibility: $visibility, preferredCompactColumn: .constant(.detail)) {
                Button("Hide sidebar") { visibility = .detailOnly }
            } detail: {
                Button("Show all") { visibility = .all }
            }
        }
    }

    @Test func aSplitViewShowsTheColumnsItsVisibilitySays() throws {
        let (host, _) = mount(Columns())
        #expect(host.renderedText.contains("sidebar:"))
        try host.tap("Hide sidebar")
        host.update()
        #expect(!host.renderedText.contains("sidebar:"))
        #expect(host.renderedText.contains("columnVisibility=detailOnly"))
        try host.tap("Show all")
        host.update()
        #expect(host.renderedText.contains("sidebar:"))
    }

    struct TitledColumns: View {
        @State private var favoritesOnly = false
        var body: some View {
            NavigationSplitView {
                List {
                    Toggle("Favorites only", isOn: $favoritesOnly)
                }
                .navigationTitle(favoritesOnly ? "Favorites" : "All Items")
            } detail: {
                Text("Pick an item")
                    .navigationTitle("Detail")
            }
        }
    }

    @Test func eachSplitViewColumnShowsItsNavigationTitle() throws {
        let (host, scheduler) = mount(TitledColumns())
        #expect(host.renderedText.contains("sidebar: [navigationTitle=All Items]"))
        #expect(host.renderedText.contains("detail: [navigationTitle=Detail]"))
        try host.toggle("Favorites only")
        scheduler.flush()
        #expect(host.renderedText.contains("sidebar: [navigationTitle=Favorites]"))
    }
}
