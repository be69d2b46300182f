import DeclarativeViews
import Foundation
import Testing

/// Menus, disclosure groups and gestures, headless: labels are buttons; tapping shows the
/// content; a menu's buttons close it; tap and long-press gestures can be performed.
@MainActor @Suite struct DisclosureAndGestureTests {
    struct Document: View {
        @State private var log: [String] = []
        var body: some View {
            VStack {
                Menu("Actions") {
                    Button("Duplicate") { log.append("duplicate") }
                    Button("Delete", role: .destructive) { log.append("delete") }
                }
                DisclosureGroup("Details") {
                    Text("Created today")
                }
                Text("Star").gesture(TapGesture().onEnded { log.append("tap") })
                Text("Hold").onLongPressGesture { log.append("hold") }
                Text("Drag").gesture(DragGesture().onChanged { _ in }.onEnded { _ in })
                Text("log \(log.joined(separator: ","))")
            }
        }
    }

    @Test func aMenuOpensAndClosesWhenOneOfItsButtonsIsTapped() throws {
        let (host, scheduler) = mount(Document())
        #expect(host.renderedText.contains("Button \"Actions\" [menu=closed]"))
        #expect(!host.buttonLabels.contains("Duplicate"))
        try host.tap("Actions")
        scheduler.flush()
        #expect(host.renderedText.contains("Button \"Actions\" [menu=open]"))
        try host.tap("Duplicate")
        scheduler.flush()
        #expect(host.renderedText.contains("Text \"log duplicate\""))
        #expect(!host.buttonLabels.contains("Duplicate"), "the menu closed")
    }

    struct SortMenu: View {
        @State private var order = "Date"
        var body: some View {
            VStack {
                Menu("Sort") {
                    Picker("Sort By", selection: $order) {
                        ForEach(["Date", "Name"], id: \.self) { Text($0).tag($0) }
                    }
                }
                Text("sorted by \(order)")
            }
        }
    }

    @Test func choosingAPickerOptionInAMenuSelectsItAndClosesTheMenu() throws {
        let (host, scheduler) = mount(SortMenu())
        try host.tap("Sort")
        scheduler.flush()
        #expect(host.buttonLabels.contains("Name"))
        try host.select("Name")
        scheduler.flush()
        #expect(host.renderedText.contains("sorted by Name"))
        #expect(host.renderedText.contains("Button \"Sort\" [menu=closed]"))
        #expect(!host.buttonLabels.contains("Date"), "the menu closed")
    }

    @Test func aDisclosureGroupShowsItsContentWhenExpanded() throws {
        let (host, scheduler) = mount(Document())
        #expect(!host.renderedText.contains("Created today"))
        try host.tap("Details")
        scheduler.flush()
        #expect(host.renderedText.contains("Button \"Details\" [disclosure=expanded]"))
        #expect(host.renderedText.contains("Text \"Created today\""))
    }

    @Test func tapAndLongPressGesturesArePerformedAndDragsAreRecorded() throws {
        let (host, scheduler) = mount(Document())
        try host.tap("Star")
        try host.tap("Hold")
        scheduler.flush()
        #expect(host.renderedText.contains("Text \"log tap,hold\""))
        #expect(host.renderedText.contains("Button \"Star\" [gesture=tap]"))
        #expect(host.renderedText.contains("Text \"Drag\" [gesture=drag]"))
        #expect(!host.buttonLabels.contains("Drag"))
    }
}
