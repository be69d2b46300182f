import DeclarativeViews
import Foundation
import Testing

/// What tutorial screens reach for next: a searchable list, a number field with a format, a
/// stepper driven by functions, the tint as a style, a refreshable list.
@MainActor @Suite struct SearchAndFormatTests {
    struct Fruits: View {
        @State private var query = ""
        let all = ["Apple", "Banana", "Cherry", "Blueberry"]
        var shown: [String] { query.isEmpty ? all : all.filter { $0.localizedCaseInsensitiveContains(query) } }
        var body: some View {
            NavigationStack {
                List(shown, id: \.self) { Text($0) }
                    .searchable(text: $query, prompt: "Find a fruit")
                    .refreshable {}
            }
        }
    }

    @Test func typingIntoTheSearchFieldFiltersTheList() throws {
        let (host, _) = mount(Fruits())
        #expect(host.renderedText.contains("searchable=automatic"))
        #expect(host.renderedText.contains("refreshable"))
        try host.type("berr", into: "Find a fruit")
        host.update()
        #expect(host.renderedText.contains(#"Text "Blueberry""#))
        #expect(!host.renderedText.contains(#"Text "Apple""#))
    }

    struct Order: View {
        @State var quantity = 2
        @State var clicks = 0
        @State var editing: [Bool] = []
        var body: some View {
            VStack {
                TextField("Quantity", value: $quantity, format: .number)
                Text("quantity \(quantity)").foregroundStyle(.tint)
                DeclarativeViews.Stepper("Clicks \(clicks)", onIncrement: { clicks += 1 }, onDecrement: nil) { editing.append($0) }
                Text("editing \(editing.map(String.init).joined(separator: ","))")
            }
        }
    }

    @Test func aFormattedFieldParsesWhatIsTypedAndKeepsTheValueWhenItCannot() throws {
        let (host, _) = mount(Order())
        #expect(try host.inspect().find(textField: "Quantity").input() == "2")
        try host.type("12", into: "Quantity")
        host.update()
        #expect(host.renderedText.contains(#"Text "quantity 12""#))
        #expect(host.renderedText.contains("foregroundStyle=tint"))
        try host.type("twelve", into: "Quantity")
        host.update()
        #expect(host.renderedText.contains(#"Text "quantity 12""#), "text that does not parse leaves the value")
    }

    @Test func aStepperWithFunctionsStepsAndDisablesTheMissingDirection() throws {
        let (host, _) = mount(Order())
        try host.tap("+")
        host.update()
        #expect(host.renderedText.contains(#"Text "Clicks 1""#))
        #expect(host.renderedText.contains(#"Text "editing true,false""#))
        #expect(throws: ViewHostError.self) { try host.tap("-") }
    }

    struct Deleting: View {
        @State var asking = false
        @State var deleted = false
        var body: some View {
            VStack {
                Text(deleted ? "deleted" : "kept")
                Button("Delete") { asking = true }
            }
            .confirmationDialog("Delete the file?", isPresented: $asking, titleVisibility: .visible) {
                Button("Delete for good", role: .destructive) { deleted = true }
                Button("Cancel", role: .cancel) {}
            } message: {
                Text("This cannot be undone.")
            }
        }
    }

    @Test func aConfirmationDialogShowsItsMessageAndAnyButtonClosesIt() throws {
        let (host, _) = mount(Deleting())
        try host.tap("Delete")
        host.update()
        #expect(host.renderedText.contains(#"Text "This cannot be undone.""#), "\(host.renderedText)")
        try host.tap("Delete for good")
        host.update()
        #expect(host.renderedText.contains(#"Text "deleted""#))
        #expect(!host.renderedText.contains("This cannot be undone."), "the dialog closed")
    }
}
