// Seed 003's minimal app, as published — with one change: `NSAttributedString(data:options:
// documentAttributes:)` with `.html` becomes `AttributedString(html:)`, which does what the
// original does on Apple platforms: it pumps the run loop while it converts.
//
//     swift run AGIssueApp                                  # prints the cycle line, keeps running
//     AG_PRINT_CYCLES=2 DV_RUN_SECONDS=1 swift run AGIssueApp   # the full report, then exits 0
//     AG_TRAP_CYCLES=1 swift run AGIssueApp                 # stops at the cycle
import DeclarativeViews

@main
struct AGIssueApp: App {
    var body: some Scene {
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

struct AView: View {
    var body: some View {
        // The seed binds the result to `nsAttributedString` and never uses it; `_` keeps the
        // build free of the unused-value warning.
        if let _ = try? AttributedString(html: Data()) {
            Text("A")
        }
    }
}
