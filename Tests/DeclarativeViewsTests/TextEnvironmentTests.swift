import DeclarativeViews
import Foundation
import Testing

/// The environment values of text and images: what `.font(_:)`, `.lineLimit(_:)`, `.redacted(reason:)`,
/// `.dynamicTypeSize(_:)`… set, as a view inside reads them with `@Environment`.
@MainActor @Suite struct TextEnvironmentTests {
    /// Shows the text and image environment it sees, one value a line.
    struct Styling: View {
        @Environment(\.font) var font
        @Environment(\.lineLimit) var lineLimit
        @Environment(\.lineSpacing) var lineSpacing
        @Environment(\.multilineTextAlignment) var alignment
        @Environment(\.truncationMode) var truncationMode
        @Environment(\.minimumScaleFactor) var minimumScaleFactor
        @Environment(\.allowsTightening) var allowsTightening
        @Environment(\.textCase) var textCase
        @Environment(\.imageScale) var imageScale
        @Environment(\.symbolRenderingMode) var symbolRenderingMode
        @Environment(\.symbolVariants) var symbolVariants
        @Environment(\.dynamicTypeSize) var dynamicTypeSize
        @Environment(\.sizeCategory) var sizeCategory
        @Environment(\.legibilityWeight) var legibilityWeight

        var body: some View {
            VStack {
                Text(verbatim: "font \(font?.description ?? "nil")")
                Text(verbatim: "lines \(lineLimit.map(String.init) ?? "nil") spacing \(lineSpacing)")
                Text(verbatim: "alignment \(alignment) truncation \(truncationMode)")
                Text(verbatim: "scale \(minimumScaleFactor) tightening \(allowsTightening)")
                Text(verbatim: "case \(textCase.map { "\($0)" } ?? "nil")")
                Text(verbatim: "image \(imageScale) \(symbolRenderingMode?.description ?? "nil") \(symbolVariants)")
                Text(verbatim: "type \(dynamicTypeSize) \(sizeCategory) \(legibilityWeight.map { "\($0)" } ?? "nil")")
            }
        }
    }

    @Test func aViewWithNoStylingAboveSeesSwiftUIsDefaults() throws {
        let (host, _) = mount(Styling())
        let screen = try host.inspect()
        for line in ["font nil", "lines nil spacing 0.0", "alignment leading truncation tail", "scale 1.0 tightening false",
                     "case nil", "image medium nil none", "type large large nil"] {
            _ = try screen.find(text: line)
        }
    }

    @Test func aViewReadsTheTextStylingItsAncestorsSet() throws {
        let (host, _) = mount(
            Styling()
                .font(.system(.title, design: .rounded, weight: .bold))
                .lineLimit(2)
                .lineSpacing(4)
                .multilineTextAlignment(.center)
                .truncationMode(.middle)
                .minimumScaleFactor(0.5)
                .allowsTightening(true)
                .textCase(.uppercase)
                .imageScale(.large)
                .symbolRenderingMode(.palette)
                .symbolVariant(.circle.fill)
                .dynamicTypeSize(.xxLarge)
                .environment(\.legibilityWeight, .bold)
                .font(.body)
        )
        let screen = try host.inspect()
        for line in ["font title rounded bold", "lines 2 spacing 4.0", "alignment center truncation middle",
                     "scale 0.5 tightening true", "case uppercase", "image large palette circle.fill",
                     "type xxLarge extraExtraLarge bold"] {
            _ = try screen.find(text: line)
        }
        // Still recorded on the nodes, the modifier closest to the view winning.
        #expect(try screen.find(text: "case uppercase").inheritedAttribute("font") == "title rounded bold")
        #expect(try screen.find(text: "case uppercase").inheritedAttribute("symbolVariant") == "circle.fill")
    }

    @Test func lineLimitRangesSetTheirUpperBound() throws {
        let (host, _) = mount(VStack {
            Styling().lineLimit(1...3)
            Styling().lineLimit(...5)
            Styling().lineLimit(2...)
            Styling().lineLimit(4, reservesSpace: true)
        })
        let lines = try host.inspect().findAll(ViewType.Text.self).compactMap { try? $0.string() }.filter { $0.hasPrefix("lines") }
        #expect(lines == ["lines 3 spacing 0.0", "lines 5 spacing 0.0", "lines nil spacing 0.0", "lines 4 spacing 0.0"])
    }

    /// A row that shows a placeholder while it is redacted, as skeleton-loading code does.
    struct Row: View {
        let name: String
        @Environment(\.redactionReasons) var reasons
        var body: some View {
            if reasons.contains(.placeholder) {
                Text("Loading…")
            } else {
                Text(verbatim: name + (reasons.contains(.privacy) ? " (private)" : ""))
            }
        }
    }

    @Test func aRedactedRowShowsItsPlaceholderAndAnUnredactedOneItsContent() throws {
        let (host, _) = mount(VStack {
            Row(name: "Ada")
            VStack {
                Row(name: "Grace")
                Row(name: "Alan").unredacted()
                Row(name: "Edsger").redacted(reason: .privacy)
            }
            .redacted(reason: .placeholder)
            Row(name: "Barbara").redacted(reason: .privacy)
        })
        let screen = try host.inspect()
        _ = try screen.find(text: "Ada")
        _ = try screen.find(text: "Loading…")
        _ = try screen.find(text: "Alan")
        _ = try screen.find(text: "Barbara (private)")
        #expect(throws: (any Error).self) { try screen.find(text: "Grace") }
        #expect(screen.findAll(ViewType.Text.self).compactMap { try? $0.string() } == ["Ada", "Loading…", "Alan", "Loading…", "Barbara (private)"],
                "privacy added to placeholder keeps the placeholder")
        #expect(try screen.find(text: "Barbara (private)").attribute("redacted") == "privacy")
    }

    @Test func aPreviewThatSetsTheSizeCategorySeesTheSameDynamicTypeSize() throws {
        let (host, _) = mount(VStack {
            Styling().environment(\.sizeCategory, .accessibilityLarge)
            Styling().dynamicTypeSize(...DynamicTypeSize.large).dynamicTypeSize(.xxxLarge)
            Styling().dynamicTypeSize(DynamicTypeSize.medium...DynamicTypeSize.xLarge).dynamicTypeSize(.xSmall)
            Styling().dynamicTypeSize(DynamicTypeSize.small...).dynamicTypeSize(.xLarge)
        })
        let types = try host.inspect().findAll(ViewType.Text.self).compactMap { try? $0.string() }.filter { $0.hasPrefix("type") }
        #expect(types == ["type accessibility2 accessibilityLarge nil", "type large large nil",
                          "type medium medium nil", "type xLarge extraLarge nil"])
        #expect(ContentSizeCategory.allCases.count == 12)
        #expect(ContentSizeCategory.allCases.filter(\.isAccessibilityCategory) == [
            .accessibilityMedium, .accessibilityLarge, .accessibilityExtraLarge, .accessibilityExtraExtraLarge,
            .accessibilityExtraExtraExtraLarge,
        ])
        #expect(!ContentSizeCategory.extraExtraExtraLarge.isAccessibilityCategory)
        #expect([ContentSizeCategory.extraSmall, .small, .medium, .large, .extraLarge, .extraExtraLarge] == Array(ContentSizeCategory.allCases.prefix(6)))
        #expect(LegibilityWeight.regular != .bold)
    }

    @Test func symbolVariantsCombineAndContainTheirParts() {
        #expect(SymbolVariants.circle.fill.description == "circle.fill")
        #expect(SymbolVariants.fill.slash.square.description == "square.slash.fill")
        #expect(SymbolVariants.rectangle.description == "rectangle" && SymbolVariants.none.description == "none")
        #expect(SymbolVariants.circle.fill.contains(.fill) && SymbolVariants.circle.fill.contains(.circle))
        #expect(!SymbolVariants.circle.contains(.fill) && !SymbolVariants.square.contains(.circle))
        #expect(SymbolVariants.slash.contains(.none) && SymbolVariants.slash.slash == .slash)
        #expect(SymbolVariants.none.circle == .circle && SymbolVariants.none.square.rectangle == .rectangle)
    }
}
