import Foundation

// What shows with a search field besides it: suggestions (`.searchSuggestions`) and scopes
// (`.searchScopes`). Given around the `.searchable` modifier, they reach its field through the
// environment and show under it; given inside the searchable content, they show there, above
// that content. Either way they show only while searching (scopes: as their activation says).

/// What decides whether an accessory shows: the search's state where it is drawn.
struct SearchAccessoryState {
    let isSearching: Bool
    let text: String
    /// The suggestion placements `.searchSuggestions(.hidden, for:)` hid.
    let hiddenSuggestions: SearchSuggestionsPlacement.Set
}

/// A view shown with a search field: `view` returns it for a state of the search, or `nil`
/// while it is not shown.
struct SearchAccessory {
    let view: @MainActor (SearchAccessoryState) -> AnyView?
}

/// The search a searchable content is in: its text and tokens, for completions to fill.
struct SearchContext {
    let text: Binding<String>
    let tokens: SearchTokens?

    /// Takes a suggestion: its text replaces the search text; a token is added to the tokens
    /// and the typed text cleared.
    func complete(_ completion: SearchCompletion) {
        switch completion {
        case .text(let value):
            text.wrappedValue = value
        case .token(let token):
            if tokens?.add(token) == true { text.wrappedValue = "" }
        }
    }
}

/// What a suggestion fills in (``View/searchCompletion(_:)``).
enum SearchCompletion {
    case text(String)
    case token(Any)
}

struct SearchAccessoriesKey: EnvironmentKey {
    static var defaultValue: [SearchAccessory] { [] }
}

struct SearchContextKey: EnvironmentKey {
    static var defaultValue: SearchContext? { nil }
}

struct HiddenSearchSuggestionsKey: EnvironmentKey {
    static var defaultValue: SearchSuggestionsPlacement.Set { [] }
}

extension EnvironmentValues {
    /// The accessories given around a `.searchable` modifier, for its field.
    var _searchAccessories: [SearchAccessory] {
        get { self[SearchAccessoriesKey.self] }
        set { self[SearchAccessoriesKey.self] = newValue }
    }

    /// The search of the enclosing `.searchable` view (its content, field and accessories).
    var _searchContext: SearchContext? {
        get { self[SearchContextKey.self] }
        set { self[SearchContextKey.self] = newValue }
    }

    var _hiddenSearchSuggestions: SearchSuggestionsPlacement.Set {
        get { self[HiddenSearchSuggestionsKey.self] }
        set { self[HiddenSearchSuggestionsKey.self] = newValue }
    }
}

/// Gives an accessory to the `.searchable` field around which it was given.
nonisolated struct _SearchAccessoryModifier: EnvironmentModifying {
    let accessory: SearchAccessory

    func modify(_ environment: inout EnvironmentValues) {
        environment._searchAccessories.append(accessory)
    }
}

/// Content with an accessory: inside a searchable content the accessory shows above it (while
/// its state says); around a `.searchable` modifier it goes to the field.
struct SearchAccessoryContainer<Content: View>: View {
    let content: Content
    let accessory: SearchAccessory
    @Environment(\._searchContext) private var context
    @Environment(\.isSearching) private var isSearching
    @Environment(\._hiddenSearchSuggestions) private var hiddenSuggestions

    var body: some View {
        if let context {
            let state = SearchAccessoryState(
                isSearching: isSearching, text: context.text.wrappedValue, hiddenSuggestions: hiddenSuggestions)
            VStack(spacing: 0) {
                if let shown = accessory.view(state) { shown }
                content
            }
        } else {
            content.modifier(_SearchAccessoryModifier(accessory: accessory))
        }
    }
}

// MARK: - Suggestions

/// Where search suggestions show (SwiftUI's `SearchSuggestionsPlacement`): in a menu under the
/// field, or in place of the content. Headless they show under the field, in the content's place:
/// inside a suggestions view `\.searchSuggestionsPlacement` is `.content`.
public struct SearchSuggestionsPlacement: Equatable, Sendable {
    let name: String
    public static var automatic: SearchSuggestionsPlacement { SearchSuggestionsPlacement(name: "automatic") }
    public static var content: SearchSuggestionsPlacement { SearchSuggestionsPlacement(name: "content") }
    public static var menu: SearchSuggestionsPlacement { SearchSuggestionsPlacement(name: "menu") }

    /// Placements, for ``View/searchSuggestions(_:for:)``.
    public struct Set: OptionSet, Sendable {
        public var rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static var menu: Set { Set(rawValue: 1) }
        public static var content: Set { Set(rawValue: 2) }
    }
}

struct SearchSuggestionsPlacementKey: EnvironmentKey {
    static let defaultValue = SearchSuggestionsPlacement.automatic
}

extension EnvironmentValues {
    /// Where the search suggestions around the view are drawn: `.content` inside the
    /// suggestions of a `.searchSuggestions` view (headless they take the content's place),
    /// `.automatic` elsewhere.
    public var searchSuggestionsPlacement: SearchSuggestionsPlacement {
        self[SearchSuggestionsPlacementKey.self]
    }

    var _searchSuggestionsPlacement: SearchSuggestionsPlacement {
        get { self[SearchSuggestionsPlacementKey.self] }
        set { self[SearchSuggestionsPlacementKey.self] = newValue }
    }
}

/// `.searchSuggestions { … }`: suggestions shown while searching, a column marked
/// `searchSuggestions`. A suggestion with `.searchCompletion(…)` is a button the driver taps by
/// its text: it fills the search text (or adds the token).
public nonisolated struct _SearchSuggestionsModifier<Suggestions: View>: ViewModifier {
    let suggestions: Suggestions

    @MainActor public func body(content: Content) -> some View {
        let suggestions = self.suggestions
        return SearchAccessoryContainer(content: content, accessory: SearchAccessory { state in
            guard state.isSearching, !state.hiddenSuggestions.contains(.content) else { return nil }
            return AnyView(VStack(alignment: .leading, spacing: 0) { suggestions }
                .environment(\._searchSuggestionsPlacement, .content)
                .modifier(_StyleModifier(key: "searchSuggestions", value: "")))
        })
    }
}

/// A suggestion that completes the search: a button showing the suggestion, marked
/// `searchCompletion=TEXT` (the completion's text, or the token's id).
struct SearchCompletionRow<Content: View>: View {
    let content: Content
    let completion: SearchCompletion
    let name: String
    @Environment(\._searchContext) private var context

    var body: some View {
        let context = self.context
        let completion = self.completion
        Button(action: { context?.complete(completion) }) { content }
            .modifier(_StyleModifier(key: "searchCompletion", value: name))
    }
}

extension View {
    /// Suggestions for the search (SwiftUI's `searchSuggestions(_:)`): shown while searching;
    /// those marked `.searchCompletion(…)` complete the search when tapped.
    public func searchSuggestions<S: View>(@ViewBuilder _ suggestions: () -> S)
        -> ModifiedContent<Self, _SearchSuggestionsModifier<S>>
    {
        modifier(_SearchSuggestionsModifier(suggestions: suggestions()))
    }

    /// Hides (`.hidden`) the search suggestions for `placements` (SwiftUI's
    /// `searchSuggestions(_:for:)`); headless suggestions are drawn in the content's place, so
    /// hiding `.content` hides them.
    public func searchSuggestions(_ visibility: Visibility, for placements: SearchSuggestionsPlacement.Set)
        -> some View
    {
        transformEnvironment(\._hiddenSearchSuggestions) { hidden in
            if visibility == .hidden { hidden.formUnion(placements) } else { hidden.subtract(placements) }
        }
    }

    /// Makes the view a suggestion that replaces the search text with `completion` when tapped.
    public func searchCompletion(_ completion: String) -> some View {
        SearchCompletionRow(content: self, completion: .text(completion), name: completion)
    }

    /// Makes the view a suggestion that adds `token` to the search's tokens when tapped.
    public func searchCompletion<T: Identifiable>(_ token: T) -> some View {
        SearchCompletionRow(content: self, completion: .token(token), name: "\(token.id)")
    }
}

// MARK: - Scopes

/// When the scope bar of a search shows (SwiftUI's `SearchScopeActivation`): while searching
/// (`.automatic`, `.onSearchPresentation`) or once text is typed (`.onTextEntry`).
public struct SearchScopeActivation: Sendable {
    let onTextEntryOnly: Bool
    public static var automatic: SearchScopeActivation { SearchScopeActivation(onTextEntryOnly: false) }
    public static var onTextEntry: SearchScopeActivation { SearchScopeActivation(onTextEntryOnly: true) }
    public static var onSearchPresentation: SearchScopeActivation { SearchScopeActivation(onTextEntryOnly: false) }
}

/// `.searchScopes(_:scopes:)`: while searching, a picker of the scopes (a segmented `Picker`
/// marked `searchScopes`) bound to `scope`; the driver selects one by its label.
public nonisolated struct _SearchScopesModifier<V: Hashable, S: View>: ViewModifier {
    let scope: Binding<V>
    let activation: SearchScopeActivation
    let scopes: S

    @MainActor public func body(content: Content) -> some View {
        let (scope, activation, scopes) = (self.scope, self.activation, self.scopes)
        return SearchAccessoryContainer(content: content, accessory: SearchAccessory { state in
            guard state.isSearching, !activation.onTextEntryOnly || !state.text.isEmpty else { return nil }
            return AnyView(Picker("Scope", selection: scope) { scopes }
                .pickerStyle(.segmented)
                .modifier(_StyleModifier(key: "searchScopes", value: "")))
        })
    }
}

extension View {
    /// Scopes for the search (SwiftUI's `searchScopes(_:scopes:)`): a picker shown while
    /// searching, whose options are the `scopes` views' tags.
    public func searchScopes<V: Hashable, S: View>(_ scope: Binding<V>, @ViewBuilder scopes: () -> S)
        -> ModifiedContent<Self, _SearchScopesModifier<V, S>>
    {
        modifier(_SearchScopesModifier(scope: scope, activation: .automatic, scopes: scopes()))
    }

    /// Scopes shown as `activation` says: while searching, or once text is typed.
    public func searchScopes<V: Hashable, S: View>(
        _ scope: Binding<V>, activation: SearchScopeActivation, @ViewBuilder _ scopes: () -> S
    ) -> ModifiedContent<Self, _SearchScopesModifier<V, S>> {
        modifier(_SearchScopesModifier(scope: scope, activation: activation, scopes: scopes()))
    }
}
