import DeclarativeViews
import Foundation
import Testing

/// Focus, keyboard traits, alerts and accessibility as a login screen writes them: fields that
/// hand focus on with their submit labels, a secure field, a disabled button until both are
/// filled, an alert with a message on a wrong password, and icon buttons named for VoiceOver.
@MainActor @Suite struct LoginScreenTests {
    enum Field: Hashable { case email, password }

    struct LoginScreen: View {
        @State private var email = ""
        @State private var password = ""
        @State private var showingError = false
        @State private var signedIn = false
        @FocusState private var focused: Field?

        var body: some View {
            VStack(spacing: 16) {
                if signedIn {
                    Text("Welcome back")
                        .font(.largeTitle)
                        .accessibilityAddTraits(.isHeader)
                } else {
                    TextField("Email", text: $email)
                        .keyboardType(.emailAddress)
                        .textContentType(.emailAddress)
                        .submitLabel(.next)
                        .focused($focused, equals: .email)
                        .onSubmit { focused = .password }
                    SecureField("Password", text: $password)
                        .submitLabel(.go)
                        .focused($focused, equals: .password)
                        .onSubmit(signIn)
                    Button("Sign In", action: signIn)
                        .buttonStyle(.borderedProminent)
                        .disabled(email.isEmpty || password.isEmpty)
                    Text(focused == .password ? "typing password" : "not in password")
                }
                HStack {
                    Button {
                        email = ""
                        password = ""
                    } label: {
                        Image(systemName: "xmark.circle")
                    }
                    .accessibilityLabel("Clear")
                    .accessibilityIdentifier("clear-button")
                }
            }
            .padding()
            .alert("Sign-in failed", isPresented: $showingError) {
                Button("Try Again", role: .cancel) { password = "" }
            } message: {
                Text("The password for \(email) is wrong.")
            }
        }

        private func signIn() {
            if password == "secret" {
                signedIn = true
            } else {
                showingError = true
            }
        }
    }

    @Test func signingInMovesFocusDisablesTheButtonAndAlertsOnAWrongPassword() throws {
        let (host, _) = mount(LoginScreen())
        #expect(try host.inspect().find(button: "Sign In").isDisabled())
        #expect(try host.inspect().find(textField: "Email").attribute("submitLabel") == "next")

        try host.type("ada@example.com", into: "Email")
        try host.submit()
        host.update()
        #expect(host.renderedText.contains("typing password"), "submitting the email field focuses the password")
        try host.type("wrong")
        try host.submit()
        host.update()
        #expect(host.renderedText.contains("Sign-in failed"))
        #expect(host.renderedText.contains("The password for ada@example.com is wrong."))

        try host.tap("Try Again")
        host.update()
        #expect(!host.renderedText.contains("Sign-in failed"), "the alert's button dismisses it")
        try host.type("secret", into: "Password")
        #expect(try !host.inspect().find(button: "Sign In").isDisabled())
        try host.tap("Sign In")
        host.update()
        #expect(try host.inspect().find(text: "Welcome back").string() == "Welcome back")
    }

    @Test func theIconButtonIsNamedForTheDriverByItsAccessibilityLabelAndIdentifier() throws {
        let (host, _) = mount(LoginScreen())
        try host.type("ada@example.com", into: "Email")
        host.update()
        try host.tap("Clear")
        host.update()
        #expect(try host.inspect().find(textField: "Email").input() == "")
        try host.type("b@example.com", into: "Email")
        try host.tap(accessibilityIdentifier: "clear-button")
        host.update()
        #expect(try host.inspect().find(textField: "Email").input() == "")
    }
}
