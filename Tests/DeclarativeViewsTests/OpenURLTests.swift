import DeclarativeViews
import Foundation
import Testing

/// Opening URLs headless: `Link`s and `@Environment(\.openURL)` go through the environment's
/// `OpenURLAction`; what reaches the system is recorded by the host, and a handler a view installs
/// can take a URL over, discard it or send another one to the system.
@MainActor @Suite struct OpenURLTests {
    struct About: View {
        @Environment(\.openURL) private var openURL
        let log: Recorder

        var body: some View {
            VStack {
                Link("Website", destination: URL(string: "https://example.com")!)
                Button("Support") {
                    openURL(URL(string: "mailto:help@example.com")!) { accepted in log.record("support \(accepted)") }
                }
                Button("Help") { openURL(URL(string: "app://help")!) }
            }
        }
    }

    @Test func aTappedLinkIsOpenedByTheSystem() throws {
        let log = Recorder()
        let (host, _) = mount(About(log: log))
        try host.tap("Website")
        try host.tap("Support")
        #expect(host.openedURLs.map(\.absoluteString) == ["https://example.com", "mailto:help@example.com"])
        #expect(log.take() == ["support true"])
    }

    @Test func aHandlerInstalledAboveTakesOverDiscardsOrRedirectsURLs() throws {
        let log = Recorder()
        let handler = OpenURLAction { url in
            switch url.scheme {
            case "app":
                log.record("in-app \(url.host ?? "")")
                return .handled
            case "mailto":
                return .discarded
            default:
                return url.host == "example.com" ? .systemAction(URL(string: "https://example.org")!) : .systemAction
            }
        }
        let (host, _) = mount(About(log: log).environment(\.openURL, handler))
        try host.tap("Help")
        try host.tap("Support")
        try host.tap("Website")
        #expect(log.take() == ["in-app help", "support false"])
        #expect(host.openedURLs.map(\.absoluteString) == ["https://example.org"])
        let result: OpenURLAction.Result = .systemAction
        _ = result
    }
}
