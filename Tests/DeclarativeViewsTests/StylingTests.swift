import DeclarativeViews
import Foundation
import Testing

/// Styling headless output cannot draw is recorded on the render tree's nodes, for tests.
@MainActor @Suite struct StylingTests {
    struct Styled: View {
        var body: some View {
            VStack {
                Text("Title").font(.title).bold().foregroundColor(.red)
                Text("Inner wins").font(.caption).font(.body)
                Button("Go") {}
                    .buttonStyle(.borderedProminent)
                    .tint(.green)
                    .accessibilityLabel("Start")
                    .accessibilityIdentifier("go-button")
                Text("Faded").opacity(0.5).foregroundStyle(.secondary).italic()
                Text("Card").padding().cornerRadius(8).clipShape(Capsule()).shadow(radius: 2).hidden()
                Text("Sized").font(.system(size: 17, weight: .semibold)).fontWeight(.heavy)
            }
            .listStyle(.insetGrouped)
        }
    }

    @Test func modifiersRecordTheirAttributes() throws {
        let (host, _) = mount(Styled())
        let tree = host.renderTree
        func node(_ text: String) -> RenderNode? {
            var stack = tree
            while let node = stack.popLast() {
                if case .text(let string) = node.kind, string == text { return node }
                if case .button(let label, _) = node.kind, label == text { return node }
                stack += node.children
            }
            return nil
        }
        #expect(node("Title")?.attributes == ["font": "title", "bold": "", "foregroundColor": "red"])
        #expect(node("Inner wins")?.attributes["font"] == "caption")
        #expect(node("Go")?.attributes == [
            "buttonStyle": "borderedProminent", "tint": "green", "accessibilityLabel": "Start",
            "accessibilityIdentifier": "go-button",
        ])
        #expect(node("Faded")?.attributes == ["opacity": "0.5", "foregroundStyle": "secondary", "italic": ""])
        #expect(node("Sized")?.attributes == ["font": "system(17, semibold)", "fontWeight": "heavy"])
        #expect(tree.first?.attributes["listStyle"] == "insetGrouped")
        // The text rendering lists them after the node, sorted by name.
        #expect(host.renderedText.contains(#"Text "Title" [bold, font=title, foregroundColor=red]"#))
        #expect(host.renderedText.contains("[clipShape=capsule, cornerRadius=8, hidden, shadow=black opacity 0.33 r2 x0 y0]"))
    }

    @Test func stylesChangeNothingElse() {
        let plain = layOut(Text("Same size"))
        let styled = layOut(Text("Same size").font(.largeTitle).bold().shadow(radius: 4))
        #expect(plain.renderTree.first?.frame == styled.renderTree.first?.frame)
    }
}

@MainActor @Suite struct AccessibilityIdentifierTests {
    struct Screen: View {
        @State var count = 0
        var body: some View {
            VStack {
                Button("Add \(count)") { count += 1 }.accessibilityIdentifier("add")
                HStack {
                    Button("Reset") { count = 0 }
                }
                .accessibilityIdentifier("toolbar")
            }
        }
    }

    @Test func buttonsAreTappedByIdentifierWhateverTheirLabel() throws {
        let (host, scheduler) = mount(Screen())
        try host.tap(accessibilityIdentifier: "add")
        scheduler.flush()
        try host.tap(accessibilityIdentifier: "add")
        scheduler.flush()
        #expect(host.renderedText.contains("Add 2"))
        try host.tap(accessibilityIdentifier: "toolbar")  // a button inside the marked view
        scheduler.flush()
        #expect(host.renderedText.contains("Add 0"))
        #expect(throws: ViewHostError.identifierNotFound(identifier: "missing", available: ["add", "toolbar"])) {
            try host.tap(accessibilityIdentifier: "missing")
        }
    }
}
