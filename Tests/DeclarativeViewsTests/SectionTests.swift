import DeclarativeViews
import Foundation
import Testing

/// Every way SwiftUI code writes a `Section`: header and footer as values (SwiftUI's first
/// releases, still in most tutorials) or builders, either alone, and collapsible sections.
@MainActor @Suite struct SectionTests {
    struct Form1: View {
        @State var expanded = true
        var body: some View {
            VStack {
                Section(header: Text("Name"), footer: Text("Required").foregroundColor(.red)) { Text("Ada") }
                Section(header: Text("Only a header")) { Text("a") }
                Section(footer: Text("Only a footer")) { Text("b") }
                Section { Text("c") } footer: { Text("Builder footer") }
                Section("Details", isExpanded: $expanded) { Text("hidden when collapsed") }
                Section(isExpanded: $expanded) { Text("also hidden") } header: { Text("More") }
                Button("collapse") { expanded = false }
            }
        }
    }

    @Test func headersAndFootersInEveryFormAndCollapsingHidesTheContentOnly() throws {
        let (host, _) = mount(Form1())
        let text = host.renderedText
        for expected in ["Name", "Ada", "Required", "Only a header", "a", "Only a footer", "b", "c", "Builder footer",
            "Details", "hidden when collapsed", "More", "also hidden"]
        {
            #expect(text.contains("Text \"\(expected)\""), "\(expected) in \(text)")
        }
        try host.tap("collapse")
        host.update()
        #expect(!host.renderedText.contains("hidden when collapsed"))
        #expect(!host.renderedText.contains("also hidden"))
        #expect(host.renderedText.contains("Text \"Details\"") && host.renderedText.contains("Text \"More\""))
    }
}
