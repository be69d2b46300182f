import DeclarativeViews
import Testing

private struct Greeting: View {
    var name: String
    var body: some View { Text("Hello, \(name)") }
}

// Expanded by the DeclarativeViewsMacros plugin; the bodies are type-checked as view builders.
#Preview("Greeting") {
    Greeting(name: "preview")
}

#Preview(traits: .sizeThatFitsLayout) {
    Greeting(name: "first")
    Greeting(name: "second")
}

@Suite("#Preview and Preview")
@MainActor
struct PreviewMacroTests {
    @Test func aPreviewRendersItsBody() {
        let preview = Preview("Greeting") { Greeting(name: "world") }
        #expect(preview.displayName == "Greeting")
        #expect(preview.renderedText().contains("Hello, world"))
    }

    @Test func aPreviewBodyIsAViewBuilder() {
        let preview = Preview {
            Text("one")
            Text("two")
        }
        #expect(preview.displayName == nil)
        let text = preview.renderedText()
        #expect(text.contains("one") && text.contains("two"))
    }

    @Test func aFixedLayoutTraitSizesTheHost() {
        let wide = Preview(traits: .fixedLayout(width: 40, height: 3)) {
            Text("a line longer than twenty columns")
        }
        let narrow = Preview(traits: .fixedLayout(width: 20, height: 3), .landscapeLeft) {
            Text("a line longer than twenty columns")
        }
        #expect(narrow.traits.count == 2)
        let wideHost = wide.makeHost()
        let narrowHost = narrow.makeHost()
        defer { wideHost.invalidate(); narrowHost.invalidate() }
        #expect(wideHost.renderTree.first?.frame?.width == 40)
        #expect((narrowHost.renderTree.first?.frame?.width ?? 99) <= 20)
    }
}
