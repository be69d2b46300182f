import DeclarativeViews
import Foundation
import Testing

/// Text fields, editors, sliders and date pickers, headless: typing writes through their
/// bindings; `.onSubmit` runs on submit; `@FocusState` follows typing and moves focus.
@MainActor @Suite struct TextInputTests {
    enum Field: Hashable { case user, password }

    struct Login: View {
        @State private var user = ""
        @State private var password = ""
        @State private var log: [String] = []
        @FocusState private var focus: Field?
        var body: some View {
            VStack {
                TextField("User", text: $user)
                    .focused($focus, equals: .user)
                    .onSubmit { focus = .password }
                SecureField("Password", text: $password)
                    .focused($focus, equals: .password)
                    .submitLabel(.go)
                Text("focus \(focus.map { "\($0)" } ?? "none")")
                Text("log \(log.joined(separator: ","))")
            }
            .onSubmit { log.append("submitted \(user)") }
        }
    }

    @Test func typingFocusesAFieldAndSubmitRunsTheActionsAroundIt() throws {
        let (host, scheduler) = mount(Login())
        #expect(throws: ViewHostError.noFocusedField) { try host.type("x") }
        try host.type("ada", into: "User")
        scheduler.flush()
        #expect(host.renderedText.contains("Text \"focus user\""))
        #expect(host.renderedText.contains("Text \"ada\" [focused, textField=User]"))
        try host.submit()
        scheduler.flush()
        #expect(host.renderedText.contains("Text \"focus password\""), "the field's own onSubmit moved the focus")
        #expect(host.renderedText.contains("Text \"log submitted ada\""), "the enclosing onSubmit ran too")
        try host.type("secret")
        scheduler.flush()
        #expect(host.renderedText.contains("Text \"••••••\" [focused, secure, submitLabel=go, textField=Password]"))
    }

    struct Settings: View {
        @State private var volume = 0.5
        @State private var notes = ""
        @State private var due = Date(timeIntervalSince1970: 0)
        var body: some View {
            VStack {
                Slider(value: $volume, in: 0...10, step: 0.5) { Text("Volume") }
                Text("volume \(volume)")
                TextEditor(text: $notes)
                DatePicker("Due", selection: $due, displayedComponents: [.date])
            }
            .environment(\.timeZone, TimeZone(identifier: "UTC")!)
        }
    }

    @Test func slidersAndDatePickersTakeTypedValuesWithinTheirBounds() throws {
        let (host, scheduler) = mount(Settings())
        #expect(host.renderedText.contains("HStack [slider=Volume]"))
        #expect(host.renderedText.contains("Text \"1970-01-01\""))
        try host.type("7.3", into: "Volume")
        scheduler.flush()
        #expect(host.renderedText.contains("Text \"volume 7.5\""), "rounded to the step")
        try host.type("99", into: "Volume")
        scheduler.flush()
        #expect(host.renderedText.contains("Text \"volume 10.0\""), "clamped to the range")
        #expect(throws: ViewHostError.invalidInput(field: "Slider", text: "loud", expected: "a number")) {
            try host.type("loud", into: "Volume")
        }
        try host.type("2026-11-24", into: "Due")
        try host.type("line one\nline two", into: "TextEditor")
        scheduler.flush()
        #expect(host.renderedText.contains("Text \"2026-11-24\""))
        #expect(host.renderedText.contains("Text \"line one\\nline two\" [textEditor=TextEditor]"))
        #expect(throws: ViewHostError.self) { try host.type("24/11/2026", into: "Due") }
    }

    @Test func textFromFormatsAndDateStyles() {
        let price = Text(1234.5, format: .number.precision(.fractionLength(2)).locale(Locale(identifier: "en_US")))
        #expect(price.content == "1,234.50")
        let now = Date()
        let soon = Text(now.addingTimeInterval(2 * 3600 + 3 * 60 + 5), style: .relative).content
        #expect(soon == "2 hours, 3 minutes" || soon == "2 hours, 2 minutes")
        let timer = Text(now.addingTimeInterval(-65), style: .timer).content
        #expect(timer == "1:05" || timer == "1:04")
        #expect(Text(now.addingTimeInterval(-3 * 60), style: .offset).content.hasPrefix("-"))
        let formatter = DateFormatter()
        formatter.dateStyle = .long
        formatter.timeStyle = .none
        #expect(Text(now, style: .date).content == formatter.string(from: now))
    }
}
