import DeclarativeViews
import Foundation
import Testing

/// `Text("…")` with a literal reads Markdown, as in SwiftUI; values and `verbatim:` do not.
@MainActor @Suite struct MarkdownTextTests {
    @Test(arguments: [
        ("**Bold**", "Bold"), ("*italic* and _this_", "italic and this"), ("__strong__", "strong"),
        ("~~gone~~", "gone"), ("`code *here*`", "code *here*"), ("[Apple](https://apple.com) site", "Apple site"),
        ("2 * 3 * 4", "2 * 3 * 4"), ("snake_case_name", "snake_case_name"), ("\\*literal\\*", "*literal*"),
        ("**unclosed", "**unclosed"), ("***both***", "both"), ("plain", "plain"),
    ])
    func literalsShowTheirVisibleText(source: String, shown: String) {
        #expect(Text(LocalizedStringKey(source)).content == shown)
    }

    @Test func interpolatedValuesAreShownAsTheyAre() {
        let name = "*star*"
        #expect(Text("Hello **\(name)**").content == "Hello *star*")
        #expect(Text("\(3) * \(4)").content == "3 * 4")
        #expect(Text(verbatim: "**raw**").content == "**raw**")
        let variable = "**not markdown**"
        #expect(Text(variable).content == "**not markdown**", "a String variable is shown verbatim, as in SwiftUI")
        #expect(Text("\(2.5, specifier: "%.2f") kg").content == "2.50 kg")
        #expect(Text("Total: \(Text("5"))").content == "Total: 5")
    }

    @Test func buttonsAndRenderingsUseTheVisibleText() throws {
        var tapped = false
        let (host, _) = mount(Button("**Save**") { tapped = true })
        try host.tap("Save")
        #expect(tapped)
        #expect(host.renderedText.contains("Button \"Save\""))
    }
}
