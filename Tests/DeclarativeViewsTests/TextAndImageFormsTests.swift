import DeclarativeViews
import Foundation
import Testing

/// The rest of `Text`'s and `Image`'s forms: timers, formatters, images in text, attributed strings
/// with SwiftUI's attributes, labelled and variable-value images, and the styling recorded for them.
@MainActor @Suite struct TextAndImageFormsTests {
    static let start = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func aPausedTimerShowsTheTimeLeftOrGone() throws {
        let start = Self.start
        let (host, _) = mount(VStack {
            Text(timerInterval: start...start.addingTimeInterval(300), pauseTime: start.addingTimeInterval(75))
            Text(timerInterval: start...start.addingTimeInterval(300), pauseTime: start.addingTimeInterval(75), countsDown: false)
            Text(timerInterval: start...start.addingTimeInterval(7200), pauseTime: start.addingTimeInterval(5))
            Text(timerInterval: start...start.addingTimeInterval(7200), pauseTime: start.addingTimeInterval(5), showsHours: false)
            Text(timerInterval: start...start.addingTimeInterval(60), pauseTime: start.addingTimeInterval(600))
            Text("Ends in \(timerInterval: start...start.addingTimeInterval(90), pauseTime: start)")
        })
        let screen = try host.inspect()
        for shown in ["3:45", "1:15", "1:59:55", "119:55", "0:00", "Ends in 1:30"] {
            _ = try screen.find(text: shown)
        }
    }

    @Test func aRunningTimerCountsFromTheMomentTheBodyRan() throws {
        let now = Date()
        let (host, _) = mount(Text(timerInterval: now.addingTimeInterval(-30)...now.addingTimeInterval(3570), countsDown: false))
        let shown = try host.inspect().find(ViewType.Text.self).string()
        #expect(["0:30", "0:31", "0:32"].contains(shown), "\(shown)")
    }

    @Test func foundationFormattersFormatTextsAndInterpolations() throws {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        let (host, _) = mount(VStack {
            Text(Self.start, formatter: formatter)
            Text("Saved \(Self.start, formatter: formatter)")
            Text("Open \(URL(string: "https://swift.org")!)")
        })
        let screen = try host.inspect()
        _ = try screen.find(text: "2023-11-14 22:13")
        _ = try screen.find(text: "Saved 2023-11-14 22:13")
        _ = try screen.find(text: "Open https://swift.org")
    }

    @Test func aDateInterpolatedWithAStyleShowsAsTextOfItDoes() throws {
        let now = Date()
        let (host, _) = mount(VStack {
            Text("Updated \(now.addingTimeInterval(-7260), style: .relative) ago")
            Text("Due \(now.addingTimeInterval(3 * 86_400 + 30), style: .offset)")
            Text("At \(Self.start, style: .date)")
        })
        let screen = try host.inspect()
        _ = try screen.find(text: "Updated 2 hours, 1 minute ago")
        _ = try screen.find(text: "Due +3 days")
        _ = try screen.find(text: "At \(Text(Self.start, style: .date).content)")
    }

    @Test func aTextFromALocalizationTableShowsItsKey() throws {
        let (host, _) = mount(Text("**Welcome** back", tableName: "Onboarding", bundle: .main, comment: "greeting"))
        _ = try host.inspect().find(text: "Welcome back")
    }

    @Test func anImageInsideATextIsFoundByItsName() throws {
        let (host, _) = mount(VStack {
            Text(Image(systemName: "star.fill")) + Text(" Favorites")
            Text(Image("logo").renderingMode(.template))
        })
        let screen = try host.inspect()
        _ = try screen.find(text: "[star.fill] Favorites")
        #expect(try screen.find(image: "logo").attribute("renderingMode") == "template")
        #expect(try screen.find(image: "logo").string() == "[logo]")
    }

    @Test func labelledAndVariableValueImagesAreFoundByNameAndLabel() throws {
        let (host, _) = mount(VStack {
            Image("avatar", bundle: .main, label: Text("Profile photo"))
            Image(systemName: "speaker.wave.3", variableValue: 0.5)
            Image("meter", variableValue: 0.25)
            Image("gauge", variableValue: 1, label: Text("Fuel"))
            Image(decorative: "flourish", variableValue: nil)
            Image("hdr").allowedDynamicRange(.high)
        })
        let screen = try host.inspect()
        #expect(try screen.find(viewWithAccessibilityLabel: "Profile photo").attribute("image") == "avatar")
        #expect(try screen.find(image: "speaker.wave.3").attribute("variableValue") == "0.5")
        #expect(try screen.find(image: "meter").attribute("variableValue") == "0.25")
        #expect(try screen.find(viewWithAccessibilityLabel: "Fuel").attribute("variableValue") == "1")
        #expect(try screen.find(image: "flourish").attribute("variableValue") == nil)
        #expect(try screen.find(image: "hdr").attribute("allowedDynamicRange") == "high")
        #expect(Image.Orientation.allCases == [.up, .upMirrored, .down, .downMirrored, .left, .leftMirrored, .right, .rightMirrored])
        #expect(Image.Orientation(rawValue: 6) == .down && Image.Orientation.rightMirrored.rawValue == 5)
        #expect(Image.Orientation(rawValue: 8) == nil)
        #expect(Image.DynamicRange.standard != .constrainedHigh)
    }

    @Test func swiftUIAttributesOfAnAttributedStringAreRecordedOnItsText() throws {
        var greeting = AttributedString("Hello world")
        greeting.font = .title
        greeting.swiftUI.kern = 1
        let world = greeting.range(of: "world")!
        greeting[world].foregroundColor = .red
        greeting[world].underlineStyle = .single
        greeting[world].strikethroughStyle = Text.LineStyle(pattern: .dash, color: .blue)
        greeting[world].backgroundColor = .yellow
        greeting[world].tracking = 2
        greeting[world].baselineOffset = 3
        let (host, _) = mount(Text(greeting))
        let text = try host.inspect().find(text: "Hello world")
        #expect(text.attribute("font") == "title")
        #expect(text.attribute("kerning") == "1")
        #expect(text.attribute("foregroundColor") == #"red "world""#)
        #expect(text.attribute("underline") == #" "world""#)
        #expect(text.attribute("strikethrough") == #"dash blue "world""#)
        #expect(text.attribute("backgroundColor") == #"yellow "world""#)
        #expect(text.attribute("tracking") == #"2 "world""#)
        #expect(text.attribute("baselineOffset") == #"3 "world""#)
        #expect(greeting.runs.count == 2)
        #expect(AttributeScopes.SwiftUIAttributes.FontAttribute.name == "SwiftUI.Font")
        #expect([AttributeScopes.SwiftUIAttributes.ForegroundColorAttribute.name, AttributeScopes.SwiftUIAttributes.BackgroundColorAttribute.name,
                 AttributeScopes.SwiftUIAttributes.KerningAttribute.name, AttributeScopes.SwiftUIAttributes.TrackingAttribute.name,
                 AttributeScopes.SwiftUIAttributes.BaselineOffsetAttribute.name, AttributeScopes.SwiftUIAttributes.UnderlineStyleAttribute.name,
                 AttributeScopes.SwiftUIAttributes.StrikethroughStyleAttribute.name].allSatisfy { $0.hasPrefix("SwiftUI.") })
    }

    @Test func textScaleLanguageWidthAndSpeechAreRecordedOnTheText() throws {
        let japanese = Locale.Language(identifier: "ja")
        let (host, _) = mount(VStack {
            Text("Footnote").textScale(.secondary).fontWidth(.condensed).speechAdjustedPitch(0.5)
            Text("Code").speechSpellsOutCharacters().speechAlwaysIncludesPunctuation().speechAnnouncementsQueued(false)
            Text("日本語").typesettingLanguage(japanese).textScale(.default, isEnabled: false)
            Text("Auto").typesettingLanguage(.automatic)
            Text("Mixed").textScale(.secondary).fontWidth(.expanded).monospaced().typesettingLanguage(.explicit(japanese), isEnabled: false)
                .foregroundStyle(.red, .blue).flipsForRightToLeftLayoutDirection(true).invalidatableContent()
                .allowedDynamicRange(nil).symbolEffectsRemoved()
            Text("Palette").foregroundStyle(.red, .green, .blue).typesettingLanguage(japanese).fontWidth(nil)
        })
        let screen = try host.inspect()
        let footnote = try screen.find(text: "Footnote")
        #expect(footnote.attribute("textScale") == "secondary" && footnote.attribute("fontWidth") == "-0.2")
        #expect(footnote.attribute("speechAdjustedPitch") == "0.5")
        let code = try screen.find(text: "Code")
        #expect(code.attribute("speechSpellsOutCharacters") == "" && code.attribute("speechAlwaysIncludesPunctuation") == "")
        #expect(code.attribute("speechAnnouncementsQueued") == "false")
        let japaneseText = try screen.find(text: "日本語")
        #expect(japaneseText.attribute("typesettingLanguage") == "ja" && japaneseText.attribute("textScale") == "default")
        #expect(try screen.find(text: "Auto").attribute("typesettingLanguage") == "automatic")
        let mixed = try screen.find(text: "Mixed")
        #expect(mixed.attributes["textScale"] == "secondary" && mixed.attributes["fontWidth"] == "0.2" && mixed.attributes["monospaced"] == "")
        #expect(mixed.attributes["typesettingLanguage"] == "automatic" && mixed.attributes["foregroundStyle"] == "red, blue")
        #expect(mixed.attributes["flipsForRightToLeftLayoutDirection"] == "" && mixed.attributes["invalidatableContent"] == "")
        #expect(mixed.attributes["allowedDynamicRange"] == "default" && mixed.attributes["symbolEffectsRemoved"] == "")
        let palette = try screen.find(text: "Palette")
        #expect(palette.attributes["foregroundStyle"] == "red, green, blue")
        #expect(palette.attributes["typesettingLanguage"] == "ja" && palette.attributes["fontWidth"] == "default")
        #expect(Text.Scale.default != .secondary)
    }

    struct Bell: View {
        @State var rings = 0
        @State var muted = false
        var body: some View {
            VStack {
                Image(systemName: "bell").symbolEffect(.bounce.up.byLayer, options: .speed(2), value: rings)
                Image(systemName: "wifi").symbolEffect(.variableColor.iterative.reversing, options: .repeating, isActive: !muted)
                Image(systemName: "heart").symbolEffect(.pulse, isActive: muted)
                Image(systemName: "star").symbolEffect(.scale.up, options: .repeat(2).speed(0.5))
                Image(systemName: "sun.max").symbolEffect(.appear.down.wholeSymbol).symbolEffect(.disappear, options: .nonRepeating)
                Button("Ring") { rings += 1 }
                Button("Mute") { muted.toggle() }
            }
        }
    }

    @Test func symbolEffectsAreRecordedWithWhatStartsThem() throws {
        let (host, scheduler) = mount(Bell())
        var screen = try host.inspect()
        #expect(try screen.find(image: "bell").inheritedAttribute("symbolEffect") == "bounce.up.byLayer speed 2 on 0")
        #expect(try screen.find(image: "wifi").inheritedAttribute("symbolEffect") == "variableColor.iterative.reversing repeating")
        #expect(try screen.find(image: "heart").inheritedAttribute("symbolEffect") == "pulse inactive")
        #expect(try screen.find(image: "star").inheritedAttribute("symbolEffect") == "scale.up repeat 2 speed 0.5")
        #expect(try screen.find(image: "sun.max").inheritedAttribute("symbolEffect") == "appear.down.wholeSymbol")
        try host.tap("Ring")
        try host.tap("Mute")
        scheduler.flush()
        screen = try host.inspect()
        #expect(try screen.find(image: "bell").inheritedAttribute("symbolEffect") == "bounce.up.byLayer speed 2 on 1")
        #expect(try screen.find(image: "wifi").inheritedAttribute("symbolEffect") == "variableColor.iterative.reversing repeating inactive")
        #expect(try screen.find(image: "heart").inheritedAttribute("symbolEffect") == "pulse")
        #expect(PulseSymbolEffect.pulse.byLayer != .pulse.wholeSymbol && BounceSymbolEffect.bounce.down != .bounce)
        #expect(VariableColorSymbolEffect.variableColor.cumulative.nonReversing.hideInactiveLayers.dimInactiveLayers._recordedName
            == "variableColor.cumulative.nonReversing.hideInactiveLayers.dimInactiveLayers")
        #expect(ScaleSymbolEffect.scale.down.byLayer.wholeSymbol._recordedName == "scale.down.byLayer.wholeSymbol")
        #expect(AppearSymbolEffect.appear.up.byLayer._recordedName == "appear.up.byLayer")
        #expect(DisappearSymbolEffect.disappear.up.down.byLayer.wholeSymbol._recordedName == "disappear.up.down.byLayer.wholeSymbol")
        #expect(SymbolEffectOptions.repeat(3) != .default && SymbolEffectOptions.repeating.nonRepeating == .nonRepeating)
    }
}
