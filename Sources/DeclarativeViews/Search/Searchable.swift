/// Where a search field goes (SwiftUI's `SearchFieldPlacement`); headless it is recorded only.
public struct SearchFieldPlacement: Sendable {
    let name: String
    public static let automatic = SearchFieldPlacement(name: "automatic")
    public static let toolbar = SearchFieldPlacement(name: "toolbar")
    public static let sidebar = SearchFieldPlacement(name: "sidebar")
    public static let navigationBarDrawer = SearchFieldPlacement(name: "navigationBarDrawer")

    /// In the navigation bar's drawer, shown as `displayMode` says (recorded as
    /// `searchable=navigationBarDrawer(always)`).
    public static func navigationBarDrawer(displayMode: NavigationBarDrawerDisplayMode) -> SearchFieldPlacement {
        SearchFieldPlacement(name: "navigationBarDrawer(\(displayMode.name))")
    }

    /// Whether the drawer's search field always shows or hides as the content scrolls (SwiftUI's
    /// `SearchFieldPlacement.NavigationBarDrawerDisplayMode`).
    public struct NavigationBarDrawerDisplayMode: Sendable {
        let name: String
        public static let automatic = NavigationBarDrawerDisplayMode(name: "automatic")
        public static let always = NavigationBarDrawerDisplayMode(name: "always")
    }
}

/// `.searchable(text:placement:prompt:)`: a search field above the content, bound to `text` — the
/// driver types into it by its prompt (`host.type("swift", into: "Search")`). Typing into it
/// starts searching: the content sees `\.isSearching` (and an `isPresented:` binding turns
/// true) until the content calls `\.dismissSearch`, which also clears the text, or the binding
/// is set to false. Submitting it runs the `.onSubmit(of: .search)` actions around it. The field
/// records `searchable=PLACEMENT`, with `,searching` while searching. With tokens, the tokens show
/// before the field (a row marked `searchTokens`); suggestions and scopes given around the
/// modifier (``View/searchSuggestions(_:)``, ``View/searchScopes(_:scopes:)``) show under it.
public nonisolated struct _SearchableModifier: ViewModifier {
    let text: Binding<String>
    let prompt: String
    let placement: SearchFieldPlacement
    let isPresented: Binding<Bool>?
    var tokens: SearchTokens?

    @MainActor public func body(content: Content) -> some View {
        SearchableContainer(
            content: content, text: text, prompt: prompt, placement: placement, isPresented: isPresented, tokens: tokens)
    }
}

/// The search field and the content of a `.searchable` view, with the searching state.
struct SearchableContainer<Content: View>: View {
    let content: Content
    let text: Binding<String>
    let prompt: String
    let placement: SearchFieldPlacement
    let isPresented: Binding<Bool>?
    let tokens: SearchTokens?
    /// Whether the user is searching, when no `isPresented:` binding holds it.
    @State private var searching = false
    /// Suggestions and scopes given around the modifier.
    @Environment(\._searchAccessories) private var accessories
    @Environment(\._hiddenSearchSuggestions) private var hiddenSuggestions

    var body: some View {
        let active = isPresented ?? $searching
        let text = self.text
        let isSearching = active.wrappedValue
        let state = SearchAccessoryState(
            isSearching: isSearching, text: text.wrappedValue, hiddenSuggestions: hiddenSuggestions)
        let shown = (accessories + (tokens?.suggestions.map { [$0] } ?? [])).compactMap { $0.view(state) }
        let context = SearchContext(text: text, tokens: tokens)
        VStack(spacing: 0) {
            if let tokens {
                let views = tokens.views()
                HStack { ForEach(0..<views.count) { views[$0] } }.modifier(_StyleModifier(key: "searchTokens", value: ""))
            }
            TextField(prompt, text: text)
                .modifier(_StyleModifier(key: "searchable", value: placement.name + (isSearching ? ",searching" : "")))
                .environment(\._searchField, SearchFieldRole { if !active.wrappedValue { active.wrappedValue = true } })
            ForEach(0..<shown.count) { shown[$0] }
            content
                .environment(\._isSearching, isSearching)
                .environment(\._dismissSearch, DismissSearchAction {
                    text.wrappedValue = ""
                    active.wrappedValue = false
                })
        }
        .environment(\._searchContext, context)
        .environment(\._searchAccessories, [])
    }
}

/// Marks the text field of a `.searchable` view: typing into it calls `begin` (searching starts),
/// and submitting it runs the `.search` submit actions.
struct SearchFieldRole {
    let begin: () -> Void
}

struct SearchFieldKey: EnvironmentKey {
    static var defaultValue: SearchFieldRole? { nil }
}

/// Ends the current search (SwiftUI's `DismissSearchAction`, `@Environment(\.dismissSearch)`):
/// clears the search text and stops searching. Outside a `.searchable` view it does nothing.
public struct DismissSearchAction {
    let action: () -> Void

    public func callAsFunction() {
        action()
    }
}

struct IsSearchingKey: EnvironmentKey {
    static let defaultValue = false
}

struct DismissSearchKey: EnvironmentKey {
    static var defaultValue: DismissSearchAction { DismissSearchAction {} }
}

/// Refreshes content (SwiftUI's `RefreshAction`, `@Environment(\.refresh)`): what
/// `.refreshable` gave; `await refresh()` runs it.
public struct RefreshAction: Sendable {
    let action: @Sendable () async -> Void

    public func callAsFunction() async {
        await action()
    }
}

struct RefreshKey: EnvironmentKey {
    static var defaultValue: RefreshAction? { nil }
}

extension EnvironmentValues {
    var _searchField: SearchFieldRole? {
        get { self[SearchFieldKey.self] }
        set { self[SearchFieldKey.self] = newValue }
    }

    /// Whether the user is searching in the enclosing `.searchable` view (typed into its field).
    public var isSearching: Bool {
        self[IsSearchingKey.self]
    }

    var _isSearching: Bool {
        get { self[IsSearchingKey.self] }
        set { self[IsSearchingKey.self] = newValue }
    }

    /// Ends the search of the enclosing `.searchable` view.
    public var dismissSearch: DismissSearchAction {
        self[DismissSearchKey.self]
    }

    var _dismissSearch: DismissSearchAction {
        get { self[DismissSearchKey.self] }
        set { self[DismissSearchKey.self] = newValue }
    }

    /// The refresh action of the enclosing `.refreshable` content, if any.
    public var refresh: RefreshAction? {
        self[RefreshKey.self]
    }

    var _refresh: RefreshAction? {
        get { self[RefreshKey.self] }
        set { self[RefreshKey.self] = newValue }
    }
}

/// `.refreshable(action:)`: the content's `\.refresh` runs `action`, and the driver can pull it
/// to refresh (``ViewHost/pullToRefresh(_:)``, the `refresh` script step); recorded as
/// `refreshable` on the content.
public nonisolated struct _RefreshableModifier: ViewModifier {
    let action: @Sendable () async -> Void

    @MainActor public func body(content: Content) -> some View {
        let refresh = RefreshAction(action: action)
        content
            .environment(\._refresh, refresh)
            .modifier(_RefreshMarker(link: RefreshLink(action: refresh)))
    }
}

/// Marks refreshable content for the driver.
nonisolated struct _RefreshMarker: PrimitiveViewModifier {
    let link: RefreshLink
}

/// The refresh action a refreshable node carries (compared by identity, as text inputs are).
nonisolated final class RefreshLink {
    let action: RefreshAction

    init(action: RefreshAction) {
        self.action = action
    }
}

extension _RefreshMarker: Annotating {
    func annotate(_ annotations: inout _Annotations) {
        if annotations.styles["refreshable"] == nil { annotations.styles["refreshable"] = "" }
        if annotations.refresh == nil { annotations.refresh = link }
    }
}

extension View {
    public func searchable(text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: Text? = nil)
        -> ModifiedContent<Self, _SearchableModifier>
    {
        modifier(_SearchableModifier(text: text, prompt: prompt?.content ?? "Search", placement: placement, isPresented: nil))
    }

    public func searchable(text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: LocalizedStringKey)
        -> ModifiedContent<Self, _SearchableModifier>
    {
        modifier(_SearchableModifier(text: text, prompt: Text(prompt).content, placement: placement, isPresented: nil))
    }

    @_disfavoredOverload
    public func searchable<S: StringProtocol>(text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: S)
        -> ModifiedContent<Self, _SearchableModifier>
    {
        modifier(_SearchableModifier(text: text, prompt: String(prompt), placement: placement, isPresented: nil))
    }

    /// A search field whose searching state is `isPresented`: typing sets it, setting it to
    /// false ends the search.
    public func searchable(
        text: Binding<String>, isPresented: Binding<Bool>, placement: SearchFieldPlacement = .automatic, prompt: Text? = nil
    ) -> ModifiedContent<Self, _SearchableModifier> {
        modifier(_SearchableModifier(
            text: text, prompt: prompt?.content ?? "Search", placement: placement, isPresented: isPresented))
    }

    public func searchable(
        text: Binding<String>, isPresented: Binding<Bool>, placement: SearchFieldPlacement = .automatic,
        prompt: LocalizedStringKey
    ) -> ModifiedContent<Self, _SearchableModifier> {
        modifier(_SearchableModifier(
            text: text, prompt: Text(prompt).content, placement: placement, isPresented: isPresented))
    }

    @_disfavoredOverload
    public func searchable<S: StringProtocol>(
        text: Binding<String>, isPresented: Binding<Bool>, placement: SearchFieldPlacement = .automatic, prompt: S
    ) -> ModifiedContent<Self, _SearchableModifier> {
        modifier(_SearchableModifier(text: text, prompt: String(prompt), placement: placement, isPresented: isPresented))
    }

    public func refreshable(action: @escaping @Sendable () async -> Void) -> ModifiedContent<Self, _RefreshableModifier> {
        modifier(_RefreshableModifier(action: action))
    }
}
