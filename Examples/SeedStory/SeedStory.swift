// Seed 003's app, written once for the example executables, `agdump demo` and the tests.
//
// `AGIssueApp` and `AView` are the seed's minimal app as published — with one change:
// `NSAttributedString(data:options:documentAttributes:)` with `.html` becomes
// `HTMLConversion.attributedString(fromHTML:)`, which does what the original does on Apple
// platforms: it pumps the run loop while it converts. `AGIssueAppFixed` and `HtmlText` are the seed's fix.
import DeclarativeViews

/// Seed 003's app: `TabView` → `NavigationSplitView` → `AView`, whose body converts HTML (and
/// so spins the run loop). With both containers, that makes an AttributeGraph cycle.
public struct AGIssueApp: App {
    public init() {}

    public var body: some Scene {
        WindowGroup {
            TabView {
                NavigationSplitView {
                    AView()
                } detail: {
                    Text("a")
                }
            }
        }
    }
}

/// The view whose body spins the run loop.
public struct AView: View {
    public init() {}

    public var body: some View {
        // The seed binds the result to `nsAttributedString` and never uses it; `_` keeps the
        // build free of the unused-value warning.
        if let _ = try? HTMLConversion.attributedString(fromHTML: Data()) {
            Text("A")
        }
    }
}

/// Seed 003's fix: the body no longer converts HTML. `HtmlText` shows the raw HTML first,
/// converts it in `.task {}` (after the update, outside any graph update) and keeps the result
/// in `@State`, so the run loop is never pumped inside a body and there is no cycle.
public struct AGIssueAppFixed: App {
    public init() {}

    public var body: some Scene {
        WindowGroup {
            TabView {
                NavigationSplitView {
                    HtmlText(rawHtml: "<p>Hello, <b>AttrGraph</b> &amp; friends</p>")
                } detail: {
                    Text("a")
                }
            }
        }
    }
}

public struct HtmlText: View {
    let html: String

    public init(rawHtml: String) {
        self.html = rawHtml
    }

    @State private var attributedString: AttributedString?

    public var body: some View {
        if let attributedString {
            Text(attributedString)
        } else {
            Text(html)
                .task {
                    attributedString = try? HTMLConversion.attributedString(fromHTML: Data(html.utf8))
                }
        }
    }
}
