import DeclarativeViews
import Foundation
import Testing

/// `.searchable` and `.refreshable` as a user meets them: typing into the search field starts
/// searching (`\.isSearching`, an `isPresented:` binding), `\.dismissSearch` ends it and clears
/// the text, submitting the search field runs only `.onSubmit(of: .search)` actions, and pulling
/// refreshable content runs its action (`\.refresh` reads the same action).
@MainActor @Suite struct SearchAndRefreshTests {
    struct Results: View {
        @Environment(\.isSearching) private var isSearching
        @Environment(\.dismissSearch) private var dismissSearch
        let query: String
        var body: some View {
            VStack {
                Text(isSearching ? "searching for \(query)" : "browsing")
                if isSearching { Button("Cancel") { dismissSearch() } }
            }
        }
    }

    struct Fruits: View {
        @State private var query = ""
        @State private var log: [String] = []
        @State private var note = ""
        var body: some View {
            VStack {
                Results(query: query)
                    .searchable(text: $query, prompt: "Find a fruit")
                    .onSubmit(of: .search) { log.append("search \(query)") }
                TextField("Note", text: $note)
                    .onSubmit { log.append("note \(note)") }
                Text("log \(log.joined(separator: ","))")
            }
        }
    }

    @Test func typingIntoTheSearchFieldStartsSearchingAndDismissSearchEndsItAndClearsTheText() throws {
        let (host, scheduler) = mount(Fruits())
        #expect(host.renderedText.contains(#"Text "browsing""#))
        #expect(host.renderedText.contains("searchable=automatic, textField"), "not searching yet: \(host.renderedText)")
        try host.search("kiwi")
        scheduler.flush()
        #expect(host.renderedText.contains(#"Text "searching for kiwi""#))
        #expect(host.renderedText.contains("searchable=automatic,searching"))
        try host.tap("Cancel")
        scheduler.flush()
        #expect(host.renderedText.contains(#"Text "browsing""#))
        #expect(host.renderedText.contains(#"Text "<Find a fruit>""#), "the search text was cleared")
    }

    @Test func submittingTheSearchFieldRunsOnlySearchActionsAndATextFieldOnlyTextActions() throws {
        let (host, scheduler) = mount(Fruits())
        try host.type("fig", into: "Find a fruit")
        try host.submit("Find a fruit")
        scheduler.flush()
        #expect(host.renderedText.contains("log search fig"))
        try host.type("ripe", into: "Note")
        try host.submit("Note")
        scheduler.flush()
        #expect(host.renderedText.contains("log search fig,note ripe"), "\(host.renderedText)")
    }

    @Test func anIsPresentedBindingFollowsTheSearchAndEndsItWhenSetToFalse() throws {
        struct Screen: View {
            @State private var query = ""
            @State private var presented = false
            var body: some View {
                VStack {
                    Results(query: query)
                        .searchable(text: $query, isPresented: $presented, prompt: Text("Search"))
                    Text("presented \(presented)")
                    Button("Stop") { presented = false }
                }
            }
        }
        let (host, scheduler) = mount(Screen())
        #expect(host.renderedText.contains("presented false"))
        try host.type("plum", into: "Search")
        scheduler.flush()
        #expect(host.renderedText.contains("presented true") && host.renderedText.contains("searching for plum"))
        try host.tap("Stop")
        scheduler.flush()
        #expect(host.renderedText.contains("presented false") && host.renderedText.contains(#"Text "browsing""#))
    }

    @Test func withoutASearchFieldSearchingIsAnErrorThatSaysWhatIsNeeded() {
        let (host, _) = mount(Text("plain"))
        #expect(throws: ViewHostError.noSearchField) { try host.search("x") }
        #expect(ViewHostError.noSearchField.description.contains(".searchable(text:)"))
    }

    /// Counts refreshes; `@unchecked Sendable`: the test reads it only after each refresh ended.
    final class Feed: @unchecked Sendable {
        private(set) var refreshes = 0
        func reload() async {
            try? await Task.sleep(nanoseconds: 1_000_000)
            refreshes += 1
        }
    }

    struct RefreshReader: View {
        @Environment(\.refresh) private var refresh
        var body: some View { Text(refresh == nil ? "no refresh" : "can refresh") }
    }

    @Test func pullingToRefreshRunsTheActionAndWaitsForIt() async throws {
        let feed = Feed()
        let (host, _) = mount(VStack {
            List {
                Text("Milk")
                RefreshReader()
            }
            .refreshable { await feed.reload() }
            List { Text("Archive") }
                .refreshable { await feed.reload(); await feed.reload() }
            RefreshReader()
        })
        #expect(host.renderedText.contains(#"Text "can refresh""#), "the content reads the action")
        #expect(host.renderedText.contains(#"Text "no refresh""#), "outside the refreshable content it is nil")
        try await host.pullToRefresh()
        #expect(feed.refreshes == 1, "the first refreshable content, and the driver waited for it")
        try await host.pullToRefresh("Archive")
        #expect(feed.refreshes == 3)
        await #expect(throws: ViewHostError.refreshableNotFound(showing: "Eggs", available: ["Milk can refresh", "Archive"])) {
            try await host.pullToRefresh("Eggs")
        }
        let (plain, _) = mount(Text("plain"))
        await #expect(throws: ViewHostError.nothingToRefresh) { try await plain.pullToRefresh() }
    }

    /// A Reload button inside refreshable content, the way apps offer a refresh without a pull:
    /// it calls the environment's `RefreshAction`, which runs the `.refreshable` action.
    struct ReloadButton: View {
        @Environment(\.refresh) private var refresh: RefreshAction?
        var body: some View {
            Button("Reload") {
                guard let refresh else { return }
                Task { await refresh() }
            }
        }
    }

    @Test func aButtonCallingTheEnvironmentsRefreshActionRunsTheRefreshableAction() async throws {
        let reloads = LockedCount()
        let (host, _) = mount(List { ReloadButton() }.refreshable { reloads.add() })
        try host.tap("Reload")
        let deadline = ContinuousClock.now + .seconds(10)
        while reloads.value == 0, ContinuousClock.now < deadline {
            try await Task.sleep(nanoseconds: 1_000_000)
        }
        #expect(reloads.value == 1, "the RefreshAction ran the list's action once")
    }

    /// A count the refresh task adds to while the test reads it.
    final class LockedCount: Sendable {
        private let lock = NSLock()
        nonisolated(unsafe) private var count = 0
        var value: Int { lock.withLock { count } }
        func add() { lock.withLock { count += 1 } }
    }

    /// The `refresh` step blocks its thread until the action finishes; the action must not need
    /// a thread of the cooperative pool for that, or a pool held by other blocking work starves
    /// it (CI under TSan hit the step's 60-second limit so). Here every pool thread, and a queue
    /// of jobs behind them, waits for the refresh to finish: the step still finishes, and
    /// releases them, before their own 20-second timeout.
    @Test func theRefreshStepFinishesWhileTheCooperativePoolIsBusy() async throws {
        let release = DispatchSemaphore(value: 0)
        let blockers = 64
        let timedOut = LockedCount()
        let tasks = (0..<blockers).map { _ in
            Task.detached {
                if release.wait(timeout: .now() + 20) == .timedOut { timedOut.add() }
            }
        }
        let refreshes = LockedCount()
        let (host, _) = mount(List { Text("Feed") }.refreshable {
            try? await Task.sleep(nanoseconds: 1_000_000)
            refreshes.add()
        })
        let outcome = Result { try host.run(script: "refresh", output: { _ in }) }
        for _ in 0..<blockers { release.signal() }
        for task in tasks { await task.value }
        try outcome.get()
        #expect(refreshes.value == 1)
        #expect(timedOut.value == 0, "the refresh finished while the pool was blocked, and released it")
    }

    @Test func scriptsSearchAndRefresh() throws {
        let feed = Feed()
        struct Screen: View {
            let feed: Feed
            @State private var query = ""
            var body: some View {
                List { Results(query: query) }
                    .searchable(text: $query)
                    .refreshable { await feed.reload() }
            }
        }
        let (host, _) = mount(Screen(feed: feed))
        var outputs: [String] = []
        try host.run(script: "search pear\nrefresh\nrefresh searching for pear", output: { outputs.append($0) })
        #expect(outputs.count == 3)
        #expect(outputs.first?.contains("searching for pear") == true)
        #expect(feed.refreshes == 2)
        let error = #expect(throws: ViewHostScriptError.self) { try host.run(script: "refresh Eggs", output: { _ in }) }
        #expect(error?.reason.hasPrefix("no refreshable content shows \"Eggs\"") == true)
        let unknown = #expect(throws: ViewHostScriptError.self) { try host.run(script: "search", output: { _ in }) }
        #expect(unknown?.reason.contains("e.g. search Kiwi") == true)
    }
}
