import DeclarativeViews
import Foundation
import Testing

/// The keyboard side of text input: the environment values the input modifiers set, a submit
/// scope that keeps a form's return key to itself, and the UIKit and AppKit spellings of traits.
@MainActor @Suite struct KeyboardEnvironmentTests {
    /// Shows the keyboard environment it sees.
    struct Keyboard: View {
        @Environment(\.autocorrectionDisabled) var autocorrectionDisabled
        @Environment(\.disableAutocorrection) var disableAutocorrection
        @Environment(\.scrollDismissesKeyboardMode) var scrollDismissesKeyboardMode
        @Environment(\.keyboardShortcut) var keyboardShortcut

        var body: some View {
            Text(verbatim: "autocorrection off \(autocorrectionDisabled) \(disableAutocorrection.map { "\($0)" } ?? "nil")"
                + " scroll \(scrollDismissesKeyboardMode) shortcut \(keyboardShortcut?.description ?? "none")")
        }
    }

    @Test func aFieldReadsTheKeyboardSettingsItsAncestorsSet() throws {
        let (host, _) = mount(VStack {
            Keyboard()
            Keyboard().autocorrectionDisabled().scrollDismissesKeyboard(.interactively).keyboardShortcut(.defaultAction)
            Keyboard().disableAutocorrection(false).keyboardShortcut("s", modifiers: [.command, .shift])
            Keyboard().autocorrectionDisabled(false).disableAutocorrection(true)
        })
        let screen = try host.inspect()
        _ = try screen.find(text: "autocorrection off false nil scroll automatic shortcut none")
        _ = try screen.find(text: "autocorrection off true true scroll interactively shortcut \(KeyboardShortcut.defaultAction)")
        _ = try screen.find(text: "autocorrection off false false scroll automatic shortcut \(KeyboardShortcut("s", modifiers: [.command, .shift]))")
        _ = try screen.find(text: "autocorrection off false false scroll automatic shortcut none")
    }

    struct Compose: View {
        @State var log: [String] = []
        @State var title = ""
        @State var note = ""
        var body: some View {
            VStack {
                TextField("Title", text: $title)
                VStack {
                    TextField("Note", text: $note)
                }
                .onSubmit { log.append("note") }
                .submitScope()
                VStack {
                    TextField("Tag", text: .constant(""))
                }
                .submitScope(false)
                Text(verbatim: "submitted \(log.joined(separator: ","))")
            }
            .onSubmit { log.append("form") }
        }
    }

    @Test func submittingAFieldInsideASubmitScopeDoesNotSubmitTheFormAround() throws {
        let (host, scheduler) = mount(Compose())
        try host.submit("Note")
        scheduler.flush()
        _ = try host.inspect().find(text: "submitted note")
        try host.submit("Title")
        scheduler.flush()
        _ = try host.inspect().find(text: "submitted note,form")
        try host.submit("Tag")
        scheduler.flush()
        _ = try host.inspect().find(text: "submitted note,form,form")
    }

    @Test func uiKitAndAppKitSpellingsOfTraitsAreRecordedAsSwiftUIs() throws {
        #expect(TextInputAutocapitalization(.none)?.description == "never")
        #expect(TextInputAutocapitalization(.words)?.description == "words")
        #expect(TextInputAutocapitalization(.sentences)?.description == "sentences")
        #expect(TextInputAutocapitalization(.allCharacters)?.description == "characters")
        let (host, _) = mount(List {
            TextField("User", text: .constant("")).textContentType(NSTextContentType.username)
            TextField("Secret", text: .constant("")).textContentType(NSTextContentType?.none)
            Text("Apple").typeSelectEquivalent("apple")
            Text("Banana").typeSelectEquivalent(Text("banana"))
            Text("Cherry").typeSelectEquivalent(nil)
            Text("Date").typeSelectEquivalent(String("date"))
        })
        let screen = try host.inspect()
        #expect(try screen.find(textField: "User").textContentType() == .username)
        #expect(try screen.find(textField: "Secret").attribute("textContentType") == "none")
        #expect(try screen.find(text: "Apple").attribute("typeSelectEquivalent") == "apple")
        #expect(try screen.find(text: "Banana").attribute("typeSelectEquivalent") == "banana")
        #expect(try screen.find(text: "Cherry").attribute("typeSelectEquivalent") == "none")
        #expect(try screen.find(text: "Date").attribute("typeSelectEquivalent") == "date")
        #expect(NSTextContentType.password.rawValue == "password" && NSTextContentType.oneTimeCode != .username)
    }
}
