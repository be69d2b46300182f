import DeclarativeViews
import Foundation
import Testing

/// The `@ViewBuilder` label forms of SwiftUI's controls (`Toggle(isOn:label:)`, `Menu(content:label:)`,
/// …) behave as their string forms: the driver finds them by the text their label shows, and what
/// they do is the same.
@MainActor @Suite struct ClosureFormsTests {
    struct Screen: View {
        @State private var log: [String] = []
        @State private var on = false
        @State private var flavour = "vanilla"
        @State private var expanded = false
        @State private var count = 0
        @State private var editing: [Bool] = []
        var body: some View {
            VStack {
                Button(role: .destructive) { log.append("deleted") } label: {
                    Label { Text("Delete all") } icon: { Image(systemName: "trash") }
                }
                Toggle(isOn: $on) { Text("Airplane mode") }
                Menu {
                    Button("Copy") { log.append("copy") }
                } label: {
                    Text("More")
                }
                Picker(selection: $flavour) {
                    Text("Vanilla").tag("vanilla")
                    Text("Mint").tag("mint")
                } label: {
                    Text("Flavour")
                }
                DisclosureGroup(isExpanded: $expanded) {
                    Text("Fine print")
                } label: {
                    Text("Terms")
                }
                DisclosureGroup {
                    Text("Inner content")
                } label: {
                    Text("Notes")
                }
                DeclarativeViews.Stepper(onIncrement: { count += 10 }, onDecrement: { count -= 1 }, onEditingChanged: { began in
                    editing.append(began)
                }) {
                    Text("Count \(count)")
                }
                GroupBox { Text("Unlabelled box") }
                GroupBox { Text("Boxed") } label: { Text("Heading") }
                Text("log \(log.joined(separator: ",")) on=\(on) flavour=\(flavour) expanded=\(expanded)")
                Text("editing \(editing.map { $0 ? "began" : "ended" }.joined(separator: ","))")
            }
        }
    }

    @Test func aButtonWithARoleAndALabelViewRunsItsActionWhenItsLabelIsTapped() throws {
        let (host, scheduler) = mount(Screen())
        #expect(host.renderedText.contains("[trash]"), "the label's icon shows")
        #expect(host.buttonLabels.contains { $0.contains("Delete all") })
        let label = try #require(host.buttonLabels.first { $0.contains("Delete all") })
        try host.tap(label)
        scheduler.flush()
        #expect(host.renderedText.contains("log deleted"))
    }

    @Test func aToggleWithALabelViewFlipsItsBinding() throws {
        let (host, scheduler) = mount(Screen())
        #expect(host.renderedText.contains(#"Button "Airplane mode" [toggle=off]"#))
        try host.toggle("Airplane mode")
        scheduler.flush()
        #expect(host.renderedText.contains(#"Button "Airplane mode" [toggle=on]"#))
        #expect(host.renderedText.contains("on=true"))
    }

    @Test func aMenuWithALabelViewOpensAndItsButtonsRun() throws {
        let (host, scheduler) = mount(Screen())
        #expect(!host.buttonLabels.contains("Copy"))
        try host.tap("More")
        scheduler.flush()
        try host.tap("Copy")
        scheduler.flush()
        #expect(host.renderedText.contains("log copy"))
        #expect(!host.buttonLabels.contains("Copy"), "the menu closed")
    }

    @Test func aPickerWithALabelViewSelectsByTheOptionsText() throws {
        let (host, scheduler) = mount(Screen())
        #expect(host.renderedText.contains("Flavour"))
        try host.select("Mint")
        scheduler.flush()
        #expect(host.renderedText.contains("flavour=mint"))
    }

    @Test func aDisclosureGroupWithABindingShowsItsContentAsTheBindingSays() throws {
        let (host, scheduler) = mount(Screen())
        #expect(!host.renderedText.contains("Fine print"))
        try host.tap("Terms")
        scheduler.flush()
        #expect(host.renderedText.contains(#"Text "Fine print""#))
        #expect(host.renderedText.contains("expanded=true"), "tapping the label wrote the binding")
        try host.tap("Terms")
        scheduler.flush()
        #expect(!host.renderedText.contains("Fine print"))
        #expect(host.renderedText.contains("expanded=false"))
    }

    @Test func aDisclosureGroupWithALabelViewOwnsItsExpansion() throws {
        let (host, scheduler) = mount(Screen())
        #expect(!host.renderedText.contains("Inner content"))
        try host.tap("Notes")
        scheduler.flush()
        #expect(host.renderedText.contains(#"Text "Inner content""#))
    }

    @Test func aStepperWithClosuresRunsThemAndReportsEditing() throws {
        let (host, scheduler) = mount(Screen())
        #expect(host.renderedText.contains("Count 0"))
        try host.tap("+")
        scheduler.flush()
        try host.tap("+")
        scheduler.flush()
        try host.tap("-")
        scheduler.flush()
        #expect(host.renderedText.contains("Count 19"))
        #expect(host.renderedText.contains("editing began,ended,began,ended,began,ended"))
    }

    @Test func groupBoxesShowTheirContentWithOrWithoutALabel() {
        let (host, _) = mount(Screen())
        let text = host.renderedText
        #expect(text.contains(#"Text "Unlabelled box""#))
        #expect(text.contains(#"Text "Heading""#) && text.contains(#"Text "Boxed""#))
    }
}
