import DeclarativeViews
import Foundation
import Testing

/// What a `Text("… \(value) …")` shows: each kind of interpolated value as SwiftUI formats it,
/// and the text styles of fonts; and which fields `.onSubmit(of:)` listens to.
@MainActor @Suite struct TextInterpolationTests {
    @Test func interpolatedValuesShowAsSwiftUIFormatsThem() {
        let start = Date(timeIntervalSince1970: 0)
        let end = start.addingTimeInterval(90 * 60)
        let styled = AttributedString("bold")
        #expect(Text("Tap \(Image(systemName: "plus")) to add").content == "Tap [plus] to add")
        #expect(Text("Open \(start...end)").content == "Open \(Text(start...end).content)")
        #expect(Text("Meeting \(DateInterval(start: start, end: end))").content == "Meeting \(Text(start...end).content)")
        #expect(Text("\(styled) move").content == "bold move")
        #expect(Text("\(String("plain")) and \(Text("styled").bold())").content == "plain and styled")
        #expect(Text("pi \(3.14159, specifier: "%.2f"), count \(42), ratio \(0.5, format: .percent)").content
            == "pi 3.14, count 42, ratio 50%")
        var interpolation = LocalizedStringKey.StringInterpolation(literalCapacity: 8, interpolationCount: 1)
        interpolation.appendLiteral("built ")
        interpolation.appendInterpolation(7)
        #expect(Text(LocalizedStringKey(stringInterpolation: interpolation)).content == "built 7")
        #expect(Text(LocalizedStringKey(stringLiteral: "literal")).content == "literal")
    }

    @Test func everyTextStyleIsAFontAndScalesACustomFont() {
        let styles: [Font.TextStyle] = [.callout, .caption2, .footnote, .subheadline, .title2, .title3]
        #expect(styles.map { Font.custom("Inter", size: 12, relativeTo: $0).description } == [
            "Inter 12 relativeTo callout", "Inter 12 relativeTo caption2", "Inter 12 relativeTo footnote",
            "Inter 12 relativeTo subheadline", "Inter 12 relativeTo title2", "Inter 12 relativeTo title3",
        ])
    }

    struct Search: View {
        @State var log: [String] = []
        var body: some View {
            VStack {
                TextField("Name", text: .constant(""))
                Text("log \(log.joined(separator: ","))")
            }
            .onSubmit(of: SubmitTriggers(rawValue: SubmitTriggers.search.rawValue)) { log.append("search") }
            .onSubmit(of: [.text]) { log.append("text") }
        }
    }

    @Test func aFieldSubmitsOnlyToTheActionsForItsTrigger() throws {
        let (host, scheduler) = mount(Search())
        try host.submit("Name")
        scheduler.flush()
        #expect(host.renderedText.contains(#"Text "log text""#))
    }
}

extension TextInterpolationTests {
    @Test func howAnImageWouldBeDrawnIsRecordedOnItsPlaceholder() {
        let (host, _) = mount(VStack {
            Image(systemName: "star").renderingMode(.template).interpolation(.none).antialiased(false)
            Image("photo").resizable(capInsets: EdgeInsets(), resizingMode: .tile).renderingMode(nil)
                .symbolRenderingMode(.hierarchical)
            Image(systemName: "heart").renderingMode(.original).interpolation(.high)
        })
        let tree = host.renderedText
        #expect(tree.contains(#"Text "[star]" [antialiased=false, interpolation=none, renderingMode=template, systemImage=star]"#))
        #expect(tree.contains(#"Text "[photo]" [image=photo, renderingMode=default, resizable=tile, symbolRenderingMode=hierarchical]"#))
        #expect(tree.contains(#"Text "[heart]" [interpolation=high, renderingMode=original, systemImage=heart]"#))
        #expect(Image(systemName: "a").renderingMode(.template).renderingMode(.original)
                != Image(systemName: "a").renderingMode(.template))
        let low: Image.Interpolation = .low
        let medium: Image.Interpolation = .medium
        #expect(low != medium && Image.ResizingMode.stretch != .tile)
    }

    @Test func fontVariantsAreRecordedInTheFontsDescription() {
        let font = Font.body.leading(.tight).smallCaps().width(.condensed)
        #expect(font.description == "body leading tight smallCaps width -0.2")
        #expect(Font.title.lowercaseSmallCaps().uppercaseSmallCaps().description == "title lowercaseSmallCaps uppercaseSmallCaps")
        #expect(Font.Leading.loose != .standard)
        #expect([Font.Width.compressed, .expanded, .standard, Font.Width(0.1)].map(\.value) == [-0.3, 0.2, 0, 0.1])
    }
}
