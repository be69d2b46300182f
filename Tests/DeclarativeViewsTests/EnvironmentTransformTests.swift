import DeclarativeViews
import Foundation
import Testing

/// Environment values changed in place (`transformEnvironment`), set through their own modifier
/// (`colorScheme(_:)`), and read where the system provides them (`\.colorSchemeContrast`).
@MainActor @Suite struct EnvironmentTransformTests {
    struct Appearance: View {
        @Environment(\.colorScheme) private var scheme
        @Environment(\.colorSchemeContrast) private var contrast
        @Environment(\.isEnabled) private var isEnabled
        let name: String
        var body: some View {
            Text("\(name): \(scheme), \(contrast), \(isEnabled ? "enabled" : "disabled")")
        }
    }

    struct Screen: View {
        @State private var ready = false
        var body: some View {
            VStack {
                Appearance(name: "plain")
                Appearance(name: "dark").colorScheme(.dark)
                Appearance(name: "gated").transformEnvironment(\.isEnabled) { $0 = $0 && ready }
                VStack {
                    Appearance(name: "inner").transformEnvironment(\.isEnabled) { $0 = $0 || ready }
                }
                .disabled(true)
                Button("Ready") { ready = true }
            }
        }
    }

    @Test func transformEnvironmentChangesWhatTheParentSeesAndColorSchemeSetsTheScheme() throws {
        let (host, scheduler) = mount(Screen())
        #expect(host.renderedText.contains(#"Text "plain: light, standard, enabled""#))
        #expect(host.renderedText.contains(#"Text "dark: dark, standard, enabled""#))
        #expect(host.renderedText.contains(#"Text "gated: light, standard, disabled""#))
        #expect(host.renderedText.contains(#"Text "inner: light, standard, disabled""#), "the parent's value is transformed")
        try host.tap("Ready")
        scheduler.flush()
        #expect(host.renderedText.contains(#"Text "gated: light, standard, enabled""#))
        #expect(host.renderedText.contains(#"Text "inner: light, standard, enabled""#))
        #expect(ColorSchemeContrast.allCases == [.standard, .increased])
    }
}
