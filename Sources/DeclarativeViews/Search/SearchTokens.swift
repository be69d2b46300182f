import Foundation

// Search tokens: `.searchable(text:tokens:…)` keeps a collection of tokens beside the text — the
// tokens show before the field (a row marked `searchTokens`, each as its `token` view draws it).
// A suggestion made with `.searchCompletion(token)`, or one of `suggestedTokens:` (shown as
// suggestions while searching), adds its token when tapped.

/// The tokens of a search, type-erased for its field.
struct SearchTokens {
    /// The views of the tokens, in order.
    let views: @MainActor () -> [AnyView]
    /// Adds a token; `false` if it is not of the tokens' type.
    let add: (Any) -> Bool
    /// The suggested tokens, as an accessory of the field.
    var suggestions: SearchAccessory?

    @MainActor
    init<C: RandomAccessCollection & RangeReplaceableCollection>(
        tokens: Binding<C>, views: @escaping @MainActor () -> [AnyView]
    ) {
        self.views = views
        add = { token in
            guard let token = token as? C.Element else { return false }
            tokens.wrappedValue.append(token)
            return true
        }
    }

    /// Tokens drawn by `token` from each one.
    @MainActor
    init<C: RandomAccessCollection & RangeReplaceableCollection, T: View>(
        tokens: Binding<C>, token: @escaping (C.Element) -> T
    ) where C.Element: Identifiable {
        self.init(tokens: tokens) { tokens.wrappedValue.map { AnyView(token($0)) } }
    }

    /// Tokens drawn by `token` from a binding to each one (editable tokens).
    @MainActor
    init<C: RandomAccessCollection & RangeReplaceableCollection, T: View>(
        editableTokens tokens: Binding<C>, token: @escaping (Binding<C.Element>) -> T
    ) where C.Element: Identifiable {
        self.init(tokens: tokens) {
            let collection = tokens.wrappedValue
            return collection.indices.map { index in
                let current = collection[index]
                let element = Binding<C.Element>(
                    get: {
                        let now = tokens.wrappedValue
                        return now.indices.contains(index) ? now[index] : current
                    },
                    set: { value in
                        guard tokens.wrappedValue.indices.contains(index) else { return }
                        tokens.wrappedValue.replaceSubrange(index...index, with: CollectionOfOne(value))
                    })
                return AnyView(token(element))
            }
        }
    }

    /// Tokens with `suggested` ones shown as suggestions while searching, each adding itself.
    @MainActor
    init<C: RandomAccessCollection & RangeReplaceableCollection, T: View>(
        tokens: Binding<C>, suggestedTokens suggested: Binding<C>, token: @escaping (C.Element) -> T
    ) where C.Element: Identifiable {
        self.init(tokens: tokens, token: token)
        suggestions = SearchAccessory { state in
            let candidates = suggested.wrappedValue
            guard state.isSearching, !candidates.isEmpty, !state.hiddenSuggestions.contains(.content) else { return nil }
            let rows = candidates.map { AnyView(token($0).searchCompletion($0)) }
            return AnyView(VStack(alignment: .leading, spacing: 0) { ForEach(0..<rows.count) { rows[$0] } }
                .environment(\._searchSuggestionsPlacement, .content)
                .modifier(_StyleModifier(key: "searchSuggestions", value: "")))
        }
    }
}

extension View {
    /// The search modifier with tokens; `prompt` is its text (`nil`: "Search").
    func _searchable(
        text: Binding<String>, tokens: SearchTokens, isPresented: Binding<Bool>?, placement: SearchFieldPlacement,
        prompt: String?
    ) -> ModifiedContent<Self, _SearchableModifier> {
        modifier(_SearchableModifier(
            text: text, prompt: prompt ?? "Search", placement: placement, isPresented: isPresented, tokens: tokens))
    }

    // MARK: tokens

    public func searchable<C: RandomAccessCollection & RangeReplaceableCollection, T: View>(
        text: Binding<String>, tokens: Binding<C>, placement: SearchFieldPlacement = .automatic, prompt: Text? = nil,
        @ViewBuilder token: @escaping (C.Element) -> T
    ) -> some View where C.Element: Identifiable {
        _searchable(text: text, tokens: SearchTokens(tokens: tokens, token: token), isPresented: nil,
                    placement: placement, prompt: prompt?.content)
    }

    public func searchable<C: RandomAccessCollection & RangeReplaceableCollection, T: View>(
        text: Binding<String>, tokens: Binding<C>, placement: SearchFieldPlacement = .automatic,
        prompt: LocalizedStringKey, @ViewBuilder token: @escaping (C.Element) -> T
    ) -> some View where C.Element: Identifiable {
        searchable(text: text, tokens: tokens, placement: placement, prompt: Text(prompt), token: token)
    }

    @_disfavoredOverload
    public func searchable<C: RandomAccessCollection & RangeReplaceableCollection, T: View, S: StringProtocol>(
        text: Binding<String>, tokens: Binding<C>, placement: SearchFieldPlacement = .automatic, prompt: S,
        @ViewBuilder token: @escaping (C.Element) -> T
    ) -> some View where C.Element: Identifiable {
        searchable(text: text, tokens: tokens, placement: placement, prompt: Text(prompt), token: token)
    }

    public func searchable<C: RandomAccessCollection & RangeReplaceableCollection, T: View>(
        text: Binding<String>, tokens: Binding<C>, isPresented: Binding<Bool>, placement: SearchFieldPlacement = .automatic,
        prompt: Text? = nil, @ViewBuilder token: @escaping (C.Element) -> T
    ) -> some View where C.Element: Identifiable {
        _searchable(text: text, tokens: SearchTokens(tokens: tokens, token: token), isPresented: isPresented,
                    placement: placement, prompt: prompt?.content)
    }

    public func searchable<C: RandomAccessCollection & RangeReplaceableCollection, T: View>(
        text: Binding<String>, tokens: Binding<C>, isPresented: Binding<Bool>, placement: SearchFieldPlacement = .automatic,
        prompt: LocalizedStringKey, @ViewBuilder token: @escaping (C.Element) -> T
    ) -> some View where C.Element: Identifiable {
        searchable(text: text, tokens: tokens, isPresented: isPresented, placement: placement, prompt: Text(prompt),
                   token: token)
    }

    @_disfavoredOverload
    public func searchable<C: RandomAccessCollection & RangeReplaceableCollection, T: View, S: StringProtocol>(
        text: Binding<String>, tokens: Binding<C>, isPresented: Binding<Bool>, placement: SearchFieldPlacement = .automatic,
        prompt: S, @ViewBuilder token: @escaping (C.Element) -> T
    ) -> some View where C.Element: Identifiable {
        searchable(text: text, tokens: tokens, isPresented: isPresented, placement: placement, prompt: Text(prompt),
                   token: token)
    }

    // MARK: editable tokens

    public func searchable<C: RandomAccessCollection & RangeReplaceableCollection>(
        text: Binding<String>, editableTokens: Binding<C>, placement: SearchFieldPlacement = .automatic,
        prompt: Text? = nil, @ViewBuilder token: @escaping (Binding<C.Element>) -> some View
    ) -> some View where C.Element: Identifiable {
        _searchable(text: text, tokens: SearchTokens(editableTokens: editableTokens, token: token), isPresented: nil,
                    placement: placement, prompt: prompt?.content)
    }

    public func searchable<C: RandomAccessCollection & RangeReplaceableCollection>(
        text: Binding<String>, editableTokens: Binding<C>, placement: SearchFieldPlacement = .automatic,
        prompt: LocalizedStringKey, @ViewBuilder token: @escaping (Binding<C.Element>) -> some View
    ) -> some View where C.Element: Identifiable {
        searchable(text: text, editableTokens: editableTokens, placement: placement, prompt: Text(prompt), token: token)
    }

    @_disfavoredOverload
    public func searchable<C: RandomAccessCollection & RangeReplaceableCollection>(
        text: Binding<String>, editableTokens: Binding<C>, placement: SearchFieldPlacement = .automatic,
        prompt: some StringProtocol, @ViewBuilder token: @escaping (Binding<C.Element>) -> some View
    ) -> some View where C.Element: Identifiable {
        searchable(text: text, editableTokens: editableTokens, placement: placement, prompt: Text(prompt), token: token)
    }

    public func searchable<C: RandomAccessCollection & RangeReplaceableCollection>(
        text: Binding<String>, editableTokens: Binding<C>, isPresented: Binding<Bool>,
        placement: SearchFieldPlacement = .automatic, prompt: Text? = nil,
        @ViewBuilder token: @escaping (Binding<C.Element>) -> some View
    ) -> some View where C.Element: Identifiable {
        _searchable(text: text, tokens: SearchTokens(editableTokens: editableTokens, token: token),
                    isPresented: isPresented, placement: placement, prompt: prompt?.content)
    }

    public func searchable<C: RandomAccessCollection & RangeReplaceableCollection>(
        text: Binding<String>, editableTokens: Binding<C>, isPresented: Binding<Bool>,
        placement: SearchFieldPlacement = .automatic, prompt: LocalizedStringKey,
        @ViewBuilder token: @escaping (Binding<C.Element>) -> some View
    ) -> some View where C.Element: Identifiable {
        searchable(text: text, editableTokens: editableTokens, isPresented: isPresented, placement: placement,
                   prompt: Text(prompt), token: token)
    }

    @_disfavoredOverload
    public func searchable<C: RandomAccessCollection & RangeReplaceableCollection>(
        text: Binding<String>, editableTokens: Binding<C>, isPresented: Binding<Bool>,
        placement: SearchFieldPlacement = .automatic, prompt: some StringProtocol,
        @ViewBuilder token: @escaping (Binding<C.Element>) -> some View
    ) -> some View where C.Element: Identifiable {
        searchable(text: text, editableTokens: editableTokens, isPresented: isPresented, placement: placement,
                   prompt: Text(prompt), token: token)
    }

    // MARK: suggested tokens

    public func searchable<C: RandomAccessCollection & RangeReplaceableCollection, T: View>(
        text: Binding<String>, tokens: Binding<C>, suggestedTokens: Binding<C>, placement: SearchFieldPlacement = .automatic,
        prompt: Text? = nil, @ViewBuilder token: @escaping (C.Element) -> T
    ) -> some View where C: MutableCollection, C.Element: Identifiable {
        _searchable(text: text, tokens: SearchTokens(tokens: tokens, suggestedTokens: suggestedTokens, token: token),
                    isPresented: nil, placement: placement, prompt: prompt?.content)
    }

    public func searchable<C: RandomAccessCollection & RangeReplaceableCollection, T: View>(
        text: Binding<String>, tokens: Binding<C>, suggestedTokens: Binding<C>, placement: SearchFieldPlacement = .automatic,
        prompt: LocalizedStringKey, @ViewBuilder token: @escaping (C.Element) -> T
    ) -> some View where C: MutableCollection, C.Element: Identifiable {
        searchable(text: text, tokens: tokens, suggestedTokens: suggestedTokens, placement: placement,
                   prompt: Text(prompt), token: token)
    }

    @_disfavoredOverload
    public func searchable<C: RandomAccessCollection & RangeReplaceableCollection, T: View, S: StringProtocol>(
        text: Binding<String>, tokens: Binding<C>, suggestedTokens: Binding<C>, placement: SearchFieldPlacement = .automatic,
        prompt: S, @ViewBuilder token: @escaping (C.Element) -> T
    ) -> some View where C: MutableCollection, C.Element: Identifiable {
        searchable(text: text, tokens: tokens, suggestedTokens: suggestedTokens, placement: placement,
                   prompt: Text(prompt), token: token)
    }

    public func searchable<C: RandomAccessCollection & RangeReplaceableCollection, T: View>(
        text: Binding<String>, tokens: Binding<C>, suggestedTokens: Binding<C>, isPresented: Binding<Bool>,
        placement: SearchFieldPlacement = .automatic, prompt: Text? = nil, @ViewBuilder token: @escaping (C.Element) -> T
    ) -> some View where C.Element: Identifiable {
        _searchable(text: text, tokens: SearchTokens(tokens: tokens, suggestedTokens: suggestedTokens, token: token),
                    isPresented: isPresented, placement: placement, prompt: prompt?.content)
    }

    public func searchable<C: RandomAccessCollection & RangeReplaceableCollection, T: View>(
        text: Binding<String>, tokens: Binding<C>, suggestedTokens: Binding<C>, isPresented: Binding<Bool>,
        placement: SearchFieldPlacement = .automatic, prompt: LocalizedStringKey,
        @ViewBuilder token: @escaping (C.Element) -> T
    ) -> some View where C.Element: Identifiable {
        searchable(text: text, tokens: tokens, suggestedTokens: suggestedTokens, isPresented: isPresented,
                   placement: placement, prompt: Text(prompt), token: token)
    }

    @_disfavoredOverload
    public func searchable<C: RandomAccessCollection & RangeReplaceableCollection, T: View, S: StringProtocol>(
        text: Binding<String>, tokens: Binding<C>, suggestedTokens: Binding<C>, isPresented: Binding<Bool>,
        placement: SearchFieldPlacement = .automatic, prompt: S, @ViewBuilder token: @escaping (C.Element) -> T
    ) -> some View where C: MutableCollection, C.Element: Identifiable {
        searchable(text: text, tokens: tokens, suggestedTokens: suggestedTokens, isPresented: isPresented,
                   placement: placement, prompt: Text(prompt), token: token)
    }

    // MARK: suggestions (the older form)

    public func searchable<S: View>(
        text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: Text? = nil,
        @ViewBuilder suggestions: () -> S
    ) -> some View {
        searchable(text: text, placement: placement, prompt: prompt).searchSuggestions(suggestions)
    }

    public func searchable<S: View>(
        text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: LocalizedStringKey,
        @ViewBuilder suggestions: () -> S
    ) -> some View {
        searchable(text: text, placement: placement, prompt: prompt).searchSuggestions(suggestions)
    }

    @_disfavoredOverload
    public func searchable<V: View, S: StringProtocol>(
        text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: S, @ViewBuilder suggestions: () -> V
    ) -> some View {
        searchable(text: text, placement: placement, prompt: prompt).searchSuggestions(suggestions)
    }
}
