import DeclarativeViews
import Foundation
import Testing

/// Alerts and confirmation dialogs in their other forms: a `Text` or string title, presenting
/// data, an error; and a full-screen cover for an item.
@MainActor @Suite struct DialogFormsTests {
    struct Photo: Identifiable, Equatable {
        let id: Int
        let name: String
    }

    struct SaveFailed: LocalizedError {
        var errorDescription: String? { "Could not save" }
        var recoverySuggestion: String? { "Check the disk." }
    }

    struct Gallery: View {
        @State var deleting: Photo?
        @State var askingDelete = false
        @State var sharing: Photo?
        @State var askingShare = false
        @State var error: SaveFailed?
        @State var showingError = false
        @State var opened: Photo?
        @State var log: [String] = []
        let title = "Rename"
        @State var renaming = false

        var body: some View {
            VStack {
                Text("log \(log.joined(separator: ","))")
                Button("Remove Beach") { deleting = Photo(id: 1, name: "Beach"); askingDelete = true }
                Button("Share Hill") { sharing = Photo(id: 2, name: "Hill"); askingShare = true }
                Button("Save") { error = SaveFailed(); showingError = true }
                Button("Open Lake") { opened = Photo(id: 3, name: "Lake") }
                Button("Rename…") { renaming = true }
            }
            .alert(Text("Delete photo?"), isPresented: $askingDelete, presenting: deleting) { photo in
                Button("Delete \(photo.name)", role: .destructive) { log.append("deleted \(photo.name)") }
            } message: { photo in
                Text("\(photo.name) goes for good.")
            }
            .confirmationDialog("Share", isPresented: $askingShare, titleVisibility: .visible, presenting: sharing) { photo in
                Button("Mail \(photo.name)") { log.append("mailed \(photo.name)") }
            }
            .alert(isPresented: $showingError, error: error) { error in
                Button("OK") { log.append("ok") }
            } message: { error in
                Text(error.recoverySuggestion ?? "")
            }
            .alert(title, isPresented: $renaming) {
                Button("Done") { log.append("renamed") }
            }
            .fullScreenCover(item: $opened) { photo in
                Text("Viewing \(photo.name)")
            }
        }
    }

    @Test func anAlertPresentingDataBuildsItsButtonsAndMessageFromIt() throws {
        let (host, _) = mount(Gallery())
        try host.tap("Remove Beach")
        host.update()
        #expect(host.renderedText.contains("presentation=alert Delete photo?"))
        #expect(host.renderedText.contains(#"Text "Beach goes for good.""#))
        try host.tap("Delete Beach")
        host.update()
        #expect(host.renderedText.contains(#"Text "log deleted Beach""#))
        #expect(!host.renderedText.contains("presentation=alert"), "a button closes the alert")
    }

    @Test func aConfirmationDialogPresentingDataAndAnErrorAlert() throws {
        let (host, _) = mount(Gallery())
        try host.tap("Share Hill")
        host.update()
        #expect(host.renderedText.contains("presentation=confirmationDialog Share"))
        try host.tap("Mail Hill")
        host.update()
        #expect(host.renderedText.contains(#"Text "log mailed Hill""#))
        try host.tap("Save")
        host.update()
        #expect(host.renderedText.contains("presentation=alert Could not save"))
        #expect(host.renderedText.contains(#"Text "Check the disk.""#))
        try host.tap("OK")
        try host.tap("Rename…")
        host.update()
        #expect(host.renderedText.contains("presentation=alert Rename"), "a title in a String variable")
        try host.tap("Done")
        host.update()
        #expect(host.renderedText.contains(#"Text "log mailed Hill,ok,renamed""#))
    }

    @Test func aFullScreenCoverForAnItemClosesByClearingIt() throws {
        let (host, _) = mount(Gallery())
        try host.tap("Open Lake")
        host.update()
        #expect(host.renderedText.contains("presentation=fullScreenCover"))
        #expect(host.renderedText.contains(#"Text "Viewing Lake""#))
        try host.dismiss()
        host.update()
        #expect(!host.renderedText.contains("Viewing Lake"))
    }

    @Test func withoutDataAPresentingAlertStaysClosed() throws {
        struct Empty: View {
            @State var asking = true
            var body: some View {
                Text("screen").alert("Delete?", isPresented: $asking, presenting: Optional<Int>.none) { _ in
                    Button("Delete") {}
                }
            }
        }
        let (host, _) = mount(Empty())
        #expect(!host.renderedText.contains("presentation=alert"))
    }
}
