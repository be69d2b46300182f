import DeclarativeViews
import Foundation
import Testing

/// The iOS 13 `Alert` / `ActionSheet` values, popovers and inspectors, and the presentation
/// options: the driver sees and taps legacy dialogs' buttons as it does modern ones'.
@MainActor @Suite struct PresentationBreadthTests {
    struct Upload: View {
        @State private var failed = false
        @State private var log: [String] = []
        var body: some View {
            VStack {
                Button("Upload") { failed = true }
                Text("log \(log.joined(separator: ","))")
            }
            .alert(isPresented: $failed) {
                Alert(
                    title: Text("Upload failed"), message: Text("Try again later."),
                    primaryButton: .destructive(Text("Discard")) { log.append("discarded") },
                    secondaryButton: .cancel())
            }
        }
    }

    @Test func aLegacyAlertShowsItsTitleMessageAndButtonsAndAnyButtonClosesIt() throws {
        let (host, scheduler) = mount(Upload())
        #expect(!host.renderedText.contains("Upload failed"), "the alert is not built until presented")
        try host.tap("Upload")
        scheduler.flush()
        let text = host.renderedText
        #expect(text.contains("[presentation=alert Upload failed]"))
        #expect(text.contains("Try again later."))
        #expect(host.buttonLabels.suffix(2) == ["Discard", "Cancel"])
        try host.tap("Discard")
        scheduler.flush()
        #expect(host.renderedText.contains("log discarded"))
        #expect(!host.renderedText.contains("Upload failed"), "the alert closed")
    }

    @Test func aLegacyAlertWithoutButtonsHasAnOKButton() throws {
        struct Notice: View {
            @State var showing = true
            var body: some View {
                Text("showing \(showing)")
                    .alert(isPresented: $showing) { Alert(title: Text("Saved")) }
            }
        }
        let (host, scheduler) = mount(Notice())
        #expect(host.renderedText.contains("[presentation=alert Saved]"))
        try host.tap("OK")
        scheduler.flush()
        #expect(host.renderedText.contains("showing false"))
    }

    struct Failure: Identifiable {
        let id: Int
        let reason: String
    }

    struct Jobs: View {
        @State private var failure: Failure?
        @State private var choice: Failure?
        @State private var picked = "none"
        var body: some View {
            VStack {
                Button("Fail 3") { failure = Failure(id: 3, reason: "disk full") }
                Button("Choose") { choice = Failure(id: 4, reason: "share") }
                Button("Options") { picked = "asking" }
                Text("picked \(picked)")
            }
            .alert(item: $failure) { failure in
                Alert(title: Text("Job \(failure.id) failed"), message: Text(failure.reason),
                      dismissButton: .default(Text("Retry")) { picked = "retry \(failure.id)" })
            }
            .actionSheet(item: $choice) { choice in
                ActionSheet(title: Text("Item \(choice.id)"), buttons: [.default(Text("Copy")), .cancel()])
            }
            .actionSheet(isPresented: Binding(get: { picked == "asking" }, set: { if !$0 { picked = "closed" } })) {
                ActionSheet(
                    title: Text("Sort by"), message: Text("Choose an order"),
                    buttons: [.default(Text("Name")) { picked = "name" }, .cancel(Text("Never mind"))])
            }
        }
    }

    @Test func legacyAlertsAndActionSheetsForAnItemShowWhileItIsSetAndClearIt() throws {
        let (host, scheduler) = mount(Jobs())
        try host.tap("Fail 3")
        scheduler.flush()
        #expect(host.renderedText.contains("[presentation=alert Job 3 failed]"))
        #expect(host.renderedText.contains("disk full"))
        try host.tap("Retry")
        scheduler.flush()
        #expect(host.renderedText.contains("picked retry 3"))
        #expect(!host.renderedText.contains("Job 3 failed"), "closing it cleared the item")

        try host.tap("Choose")
        scheduler.flush()
        #expect(host.renderedText.contains("[presentation=actionSheet Item 4]"))
        try host.dismiss()
        scheduler.flush()
        #expect(!host.renderedText.contains("Item 4"))

        try host.tap("Options")
        scheduler.flush()
        #expect(host.renderedText.contains("[presentation=actionSheet Sort by]"))
        #expect(host.renderedText.contains("Choose an order"))
        try host.tap("Name")
        scheduler.flush()
        #expect(host.renderedText.contains("picked name"), "the button's action ran before the sheet closed")
        #expect(!host.renderedText.contains("Sort by"))
    }

    @Test func aPopoverForAnItemAndAnInspectorShowWhilePresented() throws {
        struct Screen: View {
            @State var tip: Failure?
            @State var inspecting = false
            var body: some View {
                VStack {
                    Button("Tip") { tip = Failure(id: 1, reason: "Swipe to delete") }
                    Button("Inspect") { inspecting = true }
                }
                .popover(item: $tip, attachmentAnchor: .point(.top), arrowEdge: .bottom) { tip in
                    Text(tip.reason)
                        .presentationCompactAdaptation(.popover)
                }
                .popover(isPresented: .constant(false), attachmentAnchor: .rect(.bounds)) { Text("never") }
                .inspector(isPresented: $inspecting) {
                    InspectorPane()
                        .inspectorColumnWidth(min: 200, ideal: 250, max: 400)
                }
            }
        }
        struct InspectorPane: View {
            @Environment(\.dismiss) private var dismiss
            var body: some View { Button("Close inspector") { dismiss() } }
        }
        let (host, scheduler) = mount(Screen())
        try host.tap("Tip")
        scheduler.flush()
        #expect(host.renderedText.contains("[presentation=popover]"))
        #expect(host.renderedText.contains("Text \"Swipe to delete\" [presentationCompactAdaptation=popover]"))
        try host.dismiss()
        scheduler.flush()
        #expect(!host.renderedText.contains("Swipe to delete"))
        try host.tap("Inspect")
        scheduler.flush()
        #expect(host.renderedText.contains("[presentation=inspector]"))
        #expect(host.renderedText.contains("inspectorColumnWidth=200 250 400"))
        try host.tap("Close inspector")
        scheduler.flush()
        #expect(!host.renderedText.contains("Close inspector"))
        #expect(!host.renderedText.contains("never"))
    }

    @Test func aSheetThatDisablesInteractiveDismissStaysUntilItsOwnButtonClosesIt() throws {
        struct Form: View {
            @State var editing = true
            var body: some View {
                Text("editing \(editing)")
                    .sheet(isPresented: $editing) {
                        Button("Save") { editing = false }
                            .interactiveDismissDisabled()
                            .presentationDetents([.medium, .custom(BarDetent.self)])
                            .presentationBackgroundInteraction(.enabled(upThrough: .medium))
                            .presentationContentInteraction(.scrolls)
                            .presentationBackground(alignment: .bottom) { Color.blue }
                            .presentationCompactAdaptation(horizontal: .sheet, vertical: .fullScreenCover)
                    }
            }
        }
        let (host, scheduler) = mount(Form())
        #expect(throws: ViewHostError.dismissDisabled(presentation: "sheet")) { try host.dismiss() }
        let text = host.renderedText
        #expect(text.contains("presentationDetents=custom(BarDetent) medium"))
        #expect(text.contains("presentationBackgroundInteraction=enabled(upThrough: medium)"))
        #expect(text.contains("presentationContentInteraction=scrolls"))
        #expect(text.contains("presentationBackground=Color"))
        #expect(text.contains("presentationCompactAdaptation=sheet fullScreenCover"))
        try host.tap("Save")
        scheduler.flush()
        #expect(host.renderedText.contains("editing false"))
    }

    struct BarDetent: CustomPresentationDetent {
        static func height(in context: Context) -> CGFloat? {
            context.maxDetentValue * 0.1 + (context.isPresented ? 0 : 1)
        }
    }

    @Test func dialogOptionsAreRecordedOnTheDialogsContent() throws {
        struct Screen: View {
            @State var asking = true
            @State var suppressed = false
            var body: some View {
                Text("Document")
                    .confirmationDialog("Delete?", isPresented: $asking) {
                        Button("Delete", role: .destructive) {}
                    }
                    .dialogSeverity(.critical)
                    .dialogIcon(Image(systemName: "trash"))
                    .dialogSuppressionToggle(isSuppressed: $suppressed)
            }
        }
        let (host, _) = mount(Screen())
        let text = host.renderedText
        #expect(text.contains("dialogSeverity=critical"))
        #expect(text.contains("dialogIcon=trash"))
        #expect(text.contains("dialogSuppressionToggle=Do not ask again off"))
        #expect(DialogSeverity.standard != DialogSeverity.automatic)
        #expect(DismissBehavior.interactive != DismissBehavior.destructive)
    }
}
