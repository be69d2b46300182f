import DeclarativeViews
import Foundation
import Testing

/// `.swipeActions` and `.contextMenu`: hidden until the driver swipes the row or opens the menu,
/// then tappable buttons under it that hide again once tapped.
@MainActor
@Suite struct RowActionsTests {
    struct Mailbox: View {
        @State var mails = ["Hello", "Invoice"]
        @State var log: [String] = []
        var body: some View {
            List {
                ForEach(mails, id: \.self) { mail in
                    Text(mail)
                        .swipeActions {
                            Button("Delete", role: .destructive) { mails.removeAll { $0 == mail } }
                            Button("Flag") { log.append("flag \(mail)") }
                        }
                        .swipeActions(edge: .leading, allowsFullSwipe: false) {
                            Button("Unread") { log.append("unread \(mail)") }
                        }
                }
            }
            Text("log \(log.joined(separator: ", "))")
        }
    }

    @Test func swipingARowRevealsItsActionsForTheEdgeAndTappingOneRunsItAndHidesThem() throws {
        let (host, scheduler) = mount(Mailbox())
        #expect(host.buttonLabels.isEmpty, "swipe actions are hidden until the row is swiped")
        #expect(host.renderedText.contains("[swipeActions=trailing]"))
        #expect(host.renderedText.contains("[swipeActions=leading noFullSwipe]"))

        try host.swipe("Invoice")
        scheduler.flush()
        #expect(host.buttonLabels == ["Delete", "Flag"])
        #expect(host.renderedText.contains("[swipeActions=trailing revealed]"))
        try host.tap("Flag")
        scheduler.flush()
        #expect(host.renderedText.contains("Text \"log flag Invoice\""))
        #expect(host.buttonLabels.isEmpty, "tapping an action hides the actions")

        try host.swipe("Hello", edge: .leading)
        scheduler.flush()
        #expect(host.buttonLabels == ["Unread"])
        try host.tap("Unread")
        scheduler.flush()
        #expect(host.renderedText.contains("Text \"log flag Invoice, unread Hello\""))

        try host.swipe("Invoice")
        scheduler.flush()
        try host.tap("Delete")
        scheduler.flush()
        #expect(!host.renderedText.contains("Text \"Invoice\""))
        #expect(throws: ViewHostError.actionsNotFound(view: "Invoice", kind: "trailing swipe actions", available: ["Hello"])) {
            try host.swipe("Invoice")
        }
    }

    struct Gallery: View {
        @State var log = "none"
        var body: some View {
            VStack {
                Text("Photo").contextMenu {
                    Button("Copy") { log = "copied" }
                    Button("Share") { log = "shared" }
                }
                Text("Album").contextMenu {
                    Button("Rename") { log = "renamed" }
                } preview: {
                    Text("Album preview")
                }
                Text("Old").contextMenu(ContextMenu { Button("Legacy") { log = "legacy" } })
                Text("Plain").contextMenu(nil as ContextMenu<Button<Text>>?)
                Text("log \(log)")
            }
        }
    }

    @Test func openingAContextMenuShowsItsItemsAndPreviewUntilOneIsTapped() throws {
        let (host, scheduler) = mount(Gallery())
        #expect(host.buttonLabels.isEmpty)
        try host.openContextMenu("Photo")
        scheduler.flush()
        #expect(host.buttonLabels == ["Copy", "Share"])
        #expect(host.renderedText.contains("[contextMenu=revealed]"))
        try host.tap("Share")
        scheduler.flush()
        #expect(host.renderedText.contains("Text \"log shared\""))
        #expect(host.buttonLabels.isEmpty)

        try host.openContextMenu("Album")
        scheduler.flush()
        #expect(host.renderedText.contains("Text \"Album preview\" [contextMenuPreview]"))
        #expect(host.buttonLabels == ["Rename"])
        try host.openContextMenu("Album")
        scheduler.flush()
        #expect(host.buttonLabels.isEmpty, "opening an open menu again closes it")

        try host.openContextMenu("Old")
        scheduler.flush()
        try host.tap("Legacy")
        scheduler.flush()
        #expect(host.renderedText.contains("Text \"log legacy\""))
        #expect(throws: ViewHostError.self) { try host.openContextMenu("Plain") }
    }

    struct Mail: Identifiable {
        let id: Int
        let subject: String
    }

    struct Inbox: View {
        let mails = [Mail(id: 1, subject: "Hello"), Mail(id: 2, subject: "Invoice"), Mail(id: 3, subject: "Lunch")]
        @State private var selection: Set<Int> = []
        @State private var log = "none"
        var body: some View {
            VStack {
                List(mails, selection: $selection) { mail in Text(mail.subject) }
                    .contextMenu(forSelectionType: Int.self) { ids in
                        if ids.isEmpty {
                            Button("New Mail") { log = "new" }
                        } else {
                            Button("Delete \(ids.count)") { log = "delete \(ids.sorted())" }
                        }
                    } primaryAction: { ids in
                        log = "open \(ids.sorted())"
                    }
                Text("log \(log)")
            }
        }
    }

    @Test func aSelectionContextMenuActsOnTheRowOrTheSelectionItIsIn() throws {
        let (host, scheduler) = mount(Inbox())
        try host.openContextMenu("Lunch")
        scheduler.flush()
        try host.tap("Delete 1")
        scheduler.flush()
        #expect(host.renderedText.contains("Text \"log delete [3]\""))

        try host.select("Hello")
        scheduler.flush()
        try host.select("Invoice")
        scheduler.flush()
        try host.openContextMenu("Invoice")
        scheduler.flush()
        try host.tap("Delete 2")
        scheduler.flush()
        #expect(host.renderedText.contains("Text \"log delete [1, 2]\""), "a selected row's menu acts on the selection")

        try host.openContextMenu(nil)
        scheduler.flush()
        try host.tap("New Mail")
        scheduler.flush()
        #expect(host.renderedText.contains("Text \"log new\""))

        try host.performPrimaryAction("Lunch")
        scheduler.flush()
        #expect(host.renderedText.contains("Text \"log open [3]\""))
    }
}
