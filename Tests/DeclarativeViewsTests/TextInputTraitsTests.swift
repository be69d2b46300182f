import DeclarativeViews
import Foundation
import Testing

/// Keyboard and text-input traits, and the styles every tutorial constructs by name: accepted
/// with SwiftUI's signatures and recorded on the render tree, where tests read them.
@MainActor @Suite struct TextInputTraitsTests {
    struct SignUp: View {
        @State var email = ""
        @State var code = ""
        @State var choice = 1
        var body: some View {
            Form {
                Section(header: Text("Account").font(.headline)) {
                    TextField("Email", text: $email)
                        .keyboardType(.emailAddress)
                        .textContentType(.emailAddress)
                        .textInputAutocapitalization(.never)
                        .autocorrectionDisabled()
                        .textFieldStyle(RoundedBorderTextFieldStyle())
                    TextField("Code", text: $code)
                        .keyboardType(.numberPad)
                        .autocapitalization(.none)
                        .disableAutocorrection(true)
                        .monospacedDigit()
                }
                .headerProminence(.increased)
                Picker("Plan", selection: $choice) {
                    Text("Free").tag(1)
                    Text("Pro").tag(2)
                }
                .pickerStyle(SegmentedPickerStyle())
                Image(systemName: "star").imageScale(.large)
                Button("Join") {}.buttonStyle(BorderedProminentButtonStyle())
            }
            .listStyle(InsetGroupedListStyle())
        }
    }

    @Test func traitsAndNamedStylesAreRecordedWhereTestsReadThem() throws {
        let (host, _) = mount(SignUp())
        let tree = host.renderedText
        for recorded in [
            "keyboardType=emailAddress", "textContentType=emailAddress", "textInputAutocapitalization=never",
            "autocorrectionDisabled=true", "textFieldStyle=roundedBorder", "keyboardType=numberPad",
            "autocapitalization=none", "monospacedDigit", "headerProminence=increased", "pickerStyle=segmented",
            "imageScale=large", "listStyle=insetGrouped",
        ] {
            #expect(tree.contains(recorded), "\(recorded) in \(tree)")
        }
        try host.inspect().find(textField: "Code").setInput("0042")
        #expect(try host.inspect().find(textField: "Code").input() == "0042")
        #expect(Font.body.monospacedDigit().description.hasSuffix("monospacedDigit"))
    }
}

extension TextInputTraitsTests {
    struct Checkout: View {
        @State var card = ""
        @State var zip = ""
        var body: some View {
            Form {
                TextField("Card", text: $card).textContentType(.creditCardNumber)
                TextField("ZIP", text: $zip).keyboardType(.asciiCapableNumberPad)
            }
            .keyboardType(.numberPad)
            .submitLabel(.done)
        }
    }

    @Test func aFieldReadsTheTraitsSetOnItOrAroundIt() throws {
        let (host, _) = mount(Checkout())
        let screen = try host.inspect()
        let card = try screen.find(textField: "Card")
        #expect(card.keyboardType() == .numberPad, "set on the form around it")
        #expect(card.textContentType() == .creditCardNumber)
        #expect(card.submitLabel() == "done")
        let zip = try screen.find(textField: "ZIP")
        #expect(zip.keyboardType() == .asciiCapableNumberPad, "the nearest setting wins")
        #expect(zip.textContentType() == nil)
    }
}
