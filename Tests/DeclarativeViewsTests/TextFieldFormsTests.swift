import DeclarativeViews
import Foundation
import Testing

/// Every way SwiftUI makes a text field — a title or a label, a prompt, an axis, the old
/// `onEditingChanged` / `onCommit` callbacks, a value through a format style or a `Formatter` —
/// typed into and submitted headless as a user does on a device.
@MainActor @Suite struct TextFieldFormsTests {
    struct Profile: View {
        @State var name = ""
        @State var bio = ""
        @State var city = ""
        @State var pin = ""
        @State var code = ""
        var body: some View {
            Form {
                TextField("Name", text: $name, prompt: Text("Required"))
                TextField(String("Bio"), text: $bio, prompt: Text("About you"), axis: .vertical)
                TextField(text: $city, prompt: Text("Where")) { Text("City") }
                SecureField(String("PIN"), text: $pin, prompt: Text("4 digits"))
                SecureField(text: $code) { Label("Code", systemImage: "lock") }
                Text("name \(name), bio \(bio), city \(city), pin \(pin), code \(code)")
            }
        }
    }

    @Test func aFieldShowsItsPromptWhileEmptyAndIsFoundByItsTitleOrLabel() throws {
        let (host, scheduler) = mount(Profile())
        let tree = host.renderedText
        #expect(tree.contains(#"Text "<Required>" [textField=Name]"#), "the prompt stands in for the empty text")
        #expect(tree.contains(#"Text "<About you>" [axis=vertical, textField=Bio]"#))
        #expect(tree.contains(#"Text "<Where>" [textField=City]"#), "a label's text titles the field")
        #expect(tree.contains(#"Text "<4 digits>" [secure, textField=PIN]"#))
        #expect(tree.contains(#"Text "<Code>" [secure, textField=Code]"#))
        try host.type("Ada", into: "Name")
        try host.type("Mathematician", into: "Bio")
        try host.type("London", into: "City")
        try host.type("1815", into: "PIN")
        try host.type("xyz", into: "Code")
        scheduler.flush()
        #expect(host.renderedText.contains(#"Text "name Ada, bio Mathematician, city London, pin 1815, code xyz""#))
        #expect(host.renderedText.contains(#"Text "••••" [secure, textField=PIN]"#))
        #expect(try host.inspect().find(ViewType.SecureField.self).input() == "1815")
        #expect(try host.inspect().findAll(ViewType.SecureField.self).count == 2)
    }

    struct Chat: View {
        @State var message = ""
        @State var log: [String] = []
        var body: some View {
            VStack {
                TextField("Message", text: $message, onEditingChanged: { log.append("editing \($0)") },
                          onCommit: { log.append("commit \(message)") })
                TextField(String("Subject"), text: .constant(""), onEditingChanged: { log.append("subject \($0)") })
                TextField("To", text: .constant(""), onCommit: { log.append("to committed") })
                SecureField("Key", text: .constant(""), onCommit: { log.append("key committed") })
                Text("log \(log.joined(separator: "; "))")
            }
            .onSubmit { log.append("submitted") }
        }
    }

    @Test func editingBeginsWhenTypedIntoAndEndsOnSubmitOrAnotherField() throws {
        let (host, scheduler) = mount(Chat())
        try host.type("Hi", into: "Message")
        try host.type("Hi there", into: "Message")
        scheduler.flush()
        #expect(host.renderedText.contains(#"Text "log editing true""#), "typing again goes on editing")
        try host.submit("Message")
        scheduler.flush()
        #expect(host.renderedText.contains(#"Text "log editing true; commit Hi there; submitted; editing false""#))
        try host.type("Re", into: "Subject")
        try host.type("Hello", into: "Message")
        scheduler.flush()
        #expect(host.renderedText.contains("submitted; editing false; subject true; subject false; editing true\""),
                "typing into another field ends the editing of the first")
        try host.submit("To")
        try host.submit("Key")
        scheduler.flush()
        #expect(host.renderedText.contains("to committed; submitted; key committed; submitted\""))
    }

    struct Order: View {
        @State var quantity = 1
        @State var tip: Double? = 2.5
        @State var price = 10.0
        @State var count = 3
        @State var day = Date(timeIntervalSince1970: 0)
        @State var committed = 0
        let numbers: NumberFormatter = {
            let formatter = NumberFormatter()
            formatter.numberStyle = .decimal
            formatter.locale = Locale(identifier: "en_US")
            return formatter
        }()
        let days: DateFormatter = {
            let formatter = DateFormatter()
            formatter.dateFormat = "yyyy-MM-dd"
            formatter.timeZone = TimeZone(identifier: "UTC")
            return formatter
        }()
        var body: some View {
            VStack {
                TextField(value: $quantity, format: .number, prompt: Text("How many")) { Text("Quantity") }
                TextField("Tip", value: $tip, format: .number)
                TextField(value: $price, formatter: numbers) { Text("Price") }
                TextField("Count", value: $count, formatter: numbers, onCommit: { committed += 1 })
                TextField(String("Day"), value: $day, formatter: days, prompt: Text("yyyy-mm-dd"))
                Text("quantity \(quantity), tip \(tip.map { "\($0)" } ?? "none"), price \(price), count \(count)")
                Text("day \(day.timeIntervalSince1970), committed \(committed)")
            }
        }
    }

    @Test func aValueFieldParsesWhatIsTypedAndShowsTheValueFormatted() throws {
        let (host, scheduler) = mount(Order())
        let screen = try host.inspect()
        #expect(try screen.find(textField: "Quantity").input() == "1")
        #expect(try screen.find(textField: "Tip").input() == "2.5")
        #expect(try screen.find(textField: "Day").input() == "1970-01-01")
        try host.type("12", into: "Quantity")
        try host.type("1,234.5", into: "Price")
        try host.type("2,000", into: "Count")
        try host.type("2026-11-24", into: "Day")
        scheduler.flush()
        #expect(host.renderedText.contains(#"Text "quantity 12, tip 2.5, price 1234.5, count 2000""#))
        #expect(host.renderedText.contains(#"Text "1,234.5" [textField=Price]"#), "shown through the formatter")
        #expect(host.renderedText.contains(#"Text "day 1795478400.0, committed 0""#))
        try host.type("lots", into: "Quantity")
        try host.type("3.7", into: "Count")
        scheduler.flush()
        #expect(host.renderedText.contains(#"Text "quantity 12, tip 2.5, price 1234.5, count 2000""#),
                "text that does not parse, or is no Int, leaves the value")
        try host.type("", into: "Tip")
        scheduler.flush()
        #expect(host.renderedText.contains("tip none"), "an optional value is nil for empty text")
        #expect(host.renderedText.contains(#"Text "<Tip>" [textField=Tip]"#))
        try host.type("3", into: "Tip")
        try host.submit("Count")
        scheduler.flush()
        #expect(host.renderedText.contains("tip 3.0"))
        #expect(host.renderedText.contains("committed 1"))
        try host.type("much", into: "Tip")
        scheduler.flush()
        #expect(host.renderedText.contains("tip none"), "an optional value is nil for text that does not parse")
    }
}
