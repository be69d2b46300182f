import DeclarativeViews
import Foundation
import Testing

/// Sheets, alerts and dialogs, headless: the presented content follows its presenter while it is
/// presented; `dismiss` closes the innermost one; any alert button closes the alert.
@MainActor @Suite struct PresentationTests {
    struct Editor: View {
        @Environment(\.dismiss) private var dismiss
        @Environment(\.isPresented) private var isPresented
        @State private var confirming = false
        var body: some View {
            VStack {
                Text("editor presented: \(isPresented)")
                Button("Done") { dismiss() }
                Button("Discard") { confirming = true }
            }
            .alert("Discard changes?", isPresented: $confirming) {
                Button("Discard", role: .destructive) {}
                Button("Keep", role: .cancel) {}
            } message: {
                Text("They cannot be recovered.")
            }
        }
    }

    struct Notes: View {
        @State private var editing = false
        @State private var dismissals = 0
        var body: some View {
            VStack {
                Text("dismissed \(dismissals)")
                Button("Edit") { editing = true }
            }
            .sheet(isPresented: $editing, onDismiss: { dismissals += 1 }) {
                Editor()
            }
        }
    }

    @Test func aSheetShowsWhilePresentedAndDismissClosesIt() throws {
        let (host, scheduler) = mount(Notes())
        #expect(!host.renderedText.contains("editor"))
        try host.tap("Edit")
        scheduler.flush()
        #expect(host.renderedText.contains("[presentation=sheet]"))
        #expect(host.renderedText.contains("editor presented: true"))
        try host.tap("Done")
        scheduler.flush()
        #expect(!host.renderedText.contains("editor"))
        #expect(host.renderedText.contains("dismissed 1"), "onDismiss ran")
    }

    @Test func alertButtonsCloseTheAlertNotTheSheet() throws {
        let (host, scheduler) = mount(Notes())
        try host.tap("Edit")
        scheduler.flush()
        try host.tap("Discard")
        scheduler.flush()
        var text = host.renderedText
        #expect(text.contains("[presentation=alert Discard changes?]"))
        #expect(text.contains("They cannot be recovered."))
        try host.tap("Keep")
        scheduler.flush()
        text = host.renderedText
        #expect(!text.contains("Discard changes?"), "the alert closed")
        #expect(text.contains("editor presented: true"), "the sheet is still there")
    }

    @Test func theHostDismissesTheInnermostPresentation() throws {
        let (host, scheduler) = mount(Notes())
        #expect(throws: ViewHostError.nothingPresented) { try host.dismiss() }
        try host.tap("Edit")
        scheduler.flush()
        try host.tap("Discard")
        scheduler.flush()
        try host.dismiss()
        scheduler.flush()
        #expect(!host.renderedText.contains("Discard changes?"), "the alert, the innermost, closed first")
        #expect(host.renderedText.contains("editor presented: true"))
        try host.dismiss()
        scheduler.flush()
        #expect(!host.renderedText.contains("editor"))
        #expect(host.renderedText.contains("dismissed 1"), "onDismiss ran for the sheet")
    }

    struct Item: Identifiable {
        let id: Int
    }

    struct Picker: View {
        @State private var selected: Item?
        var body: some View {
            Button("Open 7") { selected = Item(id: 7) }
                .sheet(item: $selected) { item in
                    DismissingText(text: "item \(item.id)")
                }
        }
    }

    struct DismissingText: View {
        let text: String
        @Environment(\.dismiss) private var dismiss
        var body: some View { Button(text) { dismiss() } }
    }

    @Test func aSheetForAnItemShowsWhileTheItemIsSet() throws {
        let (host, scheduler) = mount(Picker())
        try host.tap("Open 7")
        scheduler.flush()
        #expect(host.renderedText.contains("item 7"))
        try host.tap("item 7")
        scheduler.flush()
        #expect(!host.renderedText.contains("item 7"), "dismiss cleared the item")
    }

    @Test func confirmationDialogsAndCovers() throws {
        struct Screen: View {
            @State var asking = false
            @State var covering = false
            @State var choice = "none"
            var body: some View {
                VStack {
                    Text("choice \(choice)")
                    Button("Ask") { asking = true }
                    Button("Cover") { covering = true }
                }
                .confirmationDialog("Pick one", isPresented: $asking) {
                    Button("Red") { choice = "red" }
                }
                .fullScreenCover(isPresented: $covering) { Text("covered") }
            }
        }
        let (host, scheduler) = mount(Screen())
        try host.tap("Ask")
        scheduler.flush()
        #expect(host.renderedText.contains("[presentation=confirmationDialog Pick one]"))
        try host.tap("Red")
        scheduler.flush()
        #expect(host.renderedText.contains("choice red") && !host.renderedText.contains("Pick one"))
        try host.tap("Cover")
        scheduler.flush()
        #expect(host.renderedText.contains("[presentation=fullScreenCover]") && host.renderedText.contains("covered"))
    }
}
