/// Where a search field goes (SwiftUI's `SearchFieldPlacement`); headless it is recorded only.
public struct SearchFieldPlacement: Sendable {
    let name: String
    public static let automatic = SearchFieldPlacement(name: "automatic")
    public static let toolbar = SearchFieldPlacement(name: "toolbar")
    public static let sidebar = SearchFieldPlacement(name: "sidebar")
    public static let navigationBarDrawer = SearchFieldPlacement(name: "navigationBarDrawer")
}

/// `.searchable(text:placement:prompt:)`: a search field above the content, bound to `text` — the
/// driver types into it by its prompt (`host.type("swift", into: "Search")`).
public nonisolated struct _SearchableModifier: ViewModifier {
    let text: Binding<String>
    let prompt: String
    let placement: SearchFieldPlacement

    @MainActor public func body(content: Content) -> some View {
        VStack(spacing: 0) {
            TextField(prompt, text: text).modifier(_StyleModifier(key: "searchable", value: placement.name))
            content
        }
    }
}

/// `.refreshable(action:)`: recorded on the content (`refreshable`); headless there is no pull gesture.
public nonisolated struct _RefreshableModifier: PrimitiveViewModifier {
    let action: @Sendable () async -> Void
}

extension _RefreshableModifier: Annotating {
    func annotate(_ annotations: inout _Annotations) {
        if annotations.styles["refreshable"] == nil { annotations.styles["refreshable"] = "" }
    }
}

extension View {
    public func searchable(text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: Text? = nil)
        -> ModifiedContent<Self, _SearchableModifier>
    {
        modifier(_SearchableModifier(text: text, prompt: prompt?.content ?? "Search", placement: placement))
    }

    public func searchable(text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: LocalizedStringKey)
        -> ModifiedContent<Self, _SearchableModifier>
    {
        modifier(_SearchableModifier(text: text, prompt: Text(prompt).content, placement: placement))
    }

    @_disfavoredOverload
    public func searchable<S: StringProtocol>(text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: S)
        -> ModifiedContent<Self, _SearchableModifier>
    {
        modifier(_SearchableModifier(text: text, prompt: String(prompt), placement: placement))
    }

    public func refreshable(action: @escaping @Sendable () async -> Void) -> ModifiedContent<Self, _RefreshableModifier> {
        modifier(_RefreshableModifier(action: action))
    }
}
