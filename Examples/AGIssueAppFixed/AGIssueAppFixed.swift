// Seed 003's fix: the body no longer converts HTML. `HtmlText` shows the raw HTML first, converts
// it in `.task {}` (after the update, outside any graph update) and keeps the result in
// `@State`, so the run loop is never pumped inside a body and there is no cycle.
//
//     DV_PRINT_RENDER=1 DV_RUN_SECONDS=1 swift run AGIssueAppFixed
import DeclarativeViews

@main
struct AGIssueAppFixed: App {
    var body: some Scene {
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

struct HtmlText: View {
    let html: String
    init(rawHtml: String) {
        self.html = rawHtml
    }

    @State private var attributedString: AttributedString?
    var body: some View {
        if let attributedString {
            Text(attributedString)
        } else {
            Text(html)
                .task {
                    attributedString = try? AttributedString(html: Data(html.utf8))
                }
        }
    }
}
