import DeclarativeViews
import Foundation
import Testing

/// A search screen as a user meets it: while searching, suggestions show under the field and
/// tapping one completes the search (its text, or a token); scopes are a picker the user selects;
/// tokens show before the field, and editable tokens can be typed into.
@MainActor @Suite struct SearchSuggestionsAndScopesTests {
    enum Scope: Hashable { case all, citrus }

    struct Fruits: View {
        @State private var query = ""
        @State private var scope = Scope.all
        static let all = ["apple", "lemon", "lime", "pear"]
        var results: [String] {
            Self.all.filter { (scope == .all || $0.hasPrefix("l")) && (query.isEmpty || $0.contains(query)) }
        }
        var body: some View {
            NavigationStack {
                VStack {
                    ForEach(results, id: \.self) { Text("fruit \($0)") }
                    Text("scope \(scope)")
                }
            }
            .searchable(text: $query, placement: .navigationBarDrawer(displayMode: .always), prompt: "Fruits")
            .searchSuggestions {
                Text("Apple").searchCompletion("apple")
                Text("Lime").searchCompletion("lime")
            }
            .searchScopes($scope) {
                Text("All").tag(Scope.all)
                Text("Citrus").tag(Scope.citrus)
            }
        }
    }

    @Test func suggestionsShowWhileSearchingAndTappingOneFillsTheSearchText() throws {
        let (host, scheduler) = mount(Fruits())
        #expect(!host.buttonLabels.contains("Apple"), "no suggestions before searching")
        #expect(host.renderedText.contains("searchable=navigationBarDrawer(always)"), "\(host.renderedText)")
        try host.search("l")
        scheduler.flush()
        #expect(host.buttonLabels.contains("Apple") && host.buttonLabels.contains("Lime"), "\(host.buttonLabels)")
        #expect(host.renderedText.contains("searchSuggestions"))
        #expect(host.renderedText.contains("searchCompletion=lime"))
        try host.tap("Lime")
        scheduler.flush()
        #expect(host.renderedText.contains(#"Text "lime""#), "the field shows the completion: \(host.renderedText)")
        #expect(host.renderedText.contains("fruit lime"))
        #expect(!host.renderedText.contains("fruit lemon"))
    }

    @Test func theScopeIsAPickerTheUserSelectsWhileSearching() throws {
        let (host, scheduler) = mount(Fruits())
        #expect(!host.renderedText.contains("searchScopes"), "no scope bar before searching")
        try host.search("")
        scheduler.flush()
        #expect(host.renderedText.contains("searchScopes"), "\(host.renderedText)")
        try host.select("Citrus")
        scheduler.flush()
        #expect(host.renderedText.contains("scope citrus"))
        #expect(host.renderedText.contains("fruit lemon") && !host.renderedText.contains("fruit apple"))
    }

    @Test func scopesActivatedOnTextEntryShowOnceTextIsTyped() throws {
        struct Screen: View {
            @State private var query = ""
            @State private var scope = Scope.all
            @State private var presented = false
            var body: some View {
                Text("scope \(scope)")
                    .searchable(text: $query, isPresented: $presented)
                    .searchScopes($scope, activation: .onTextEntry) {
                        Text("All").tag(Scope.all)
                        Text("Citrus").tag(Scope.citrus)
                    }
            }
        }
        let (host, scheduler) = mount(Screen())
        try host.search("")
        scheduler.flush()
        #expect(!host.renderedText.contains("searchScopes"), "searching, but nothing typed")
        try host.search("x")
        scheduler.flush()
        #expect(host.renderedText.contains("searchScopes"))
        _ = [SearchScopeActivation.automatic, .onSearchPresentation]
    }

    struct Tag: Identifiable, Hashable {
        var id: String
    }

    @Test func tappingASuggestedTokenAddsItBeforeTheFieldAndClearsTheText() throws {
        struct Screen: View {
            @State private var query = ""
            @State private var tokens: [Tag] = []
            @State private var suggested = [Tag(id: "red"), Tag(id: "green")]
            var body: some View {
                Text("tokens \(tokens.map(\.id).joined(separator: ","))")
                    .searchable(text: $query, tokens: $tokens, suggestedTokens: $suggested, prompt: "Colors") { tag in
                        Text("#\(tag.id)")
                    }
            }
        }
        let (host, scheduler) = mount(Screen())
        try host.search("r")
        scheduler.flush()
        #expect(host.buttonLabels.contains("#red"), "\(host.renderedText)")
        try host.tap("#red")
        scheduler.flush()
        #expect(host.renderedText.contains("tokens red"))
        #expect(host.renderedText.contains("searchTokens"))
        #expect(host.renderedText.contains(#"Text "<Colors>""#), "the typed text was cleared: \(host.renderedText)")
    }

    @Test func aTokenCompletionInTheSuggestionsAddsTheToken() throws {
        struct Screen: View {
            @State private var query = ""
            @State private var tokens: [Tag] = []
            @State private var presented = false
            var body: some View {
                Text("tokens \(tokens.map(\.id).joined(separator: ","))")
                    .searchable(text: $query, tokens: $tokens, isPresented: $presented, prompt: Text("Tags")) { tag in
                        Text(tag.id)
                    }
                    .searchSuggestions {
                        Text("Blue").searchCompletion(Tag(id: "blue"))
                    }
            }
        }
        let (host, scheduler) = mount(Screen())
        try host.search("b")
        scheduler.flush()
        try host.tap("Blue")
        scheduler.flush()
        #expect(host.renderedText.contains("tokens blue"), "\(host.renderedText)")
    }

    @Test func theTokensShowBeforeTheFieldAndARemovedOneGoes() throws {
        struct Screen: View {
            @State private var query = ""
            @State private var tokens = [Tag(id: "red"), Tag(id: "blue")]
            var body: some View {
                Button("Drop first") { tokens.removeFirst() }
                    .searchable(text: $query, tokens: $tokens, placement: .toolbar, prompt: "Colors") { tag in
                        Text("#\(tag.id)")
                    }
            }
        }
        let (host, scheduler) = mount(Screen())
        let field = try #require(host.renderedText.range(of: #"Text "<Colors>""#))
        let red = try #require(host.renderedText.range(of: ##"Text "#red""##))
        #expect(red.lowerBound < field.lowerBound, "the tokens come before the field: \(host.renderedText)")
        #expect(host.renderedText.contains("searchable=toolbar"))
        try host.tap("Drop first")
        scheduler.flush()
        #expect(!host.renderedText.contains("#red") && host.renderedText.contains("#blue"))
    }

    @Test func anEditableTokenIsAFieldTheUserTypesInto() throws {
        struct Screen: View {
            @State private var query = ""
            @State private var tokens = [Tag(id: "red")]
            var body: some View {
                Text("tokens \(tokens.map(\.id).joined(separator: ","))")
                    .searchable(text: $query, editableTokens: $tokens, prompt: "Colors") { $tag in
                        TextField("Token", text: $tag.id)
                    }
            }
        }
        let (host, scheduler) = mount(Screen())
        try host.type("navy", into: "Token")
        scheduler.flush()
        #expect(host.renderedText.contains("tokens navy"), "\(host.renderedText)")
    }

    @Test func suggestionsInsideTheContentShowThereAndKnowTheirPlacement() throws {
        struct Suggestion: View {
            let name: String
            @Environment(\.searchSuggestionsPlacement) private var placement
            var body: some View {
                Text("\(name) in \(placement == .content ? "content" : placement == .menu ? "menu" : "automatic")")
            }
        }
        struct Screen: View {
            @State private var query = ""
            var body: some View {
                NavigationStack {
                    Text("results for \(query)")
                        .searchSuggestions {
                            Suggestion(name: "Kiwi").searchCompletion("kiwi")
                        }
                }
                .searchable(text: $query, prompt: LocalizedStringKey("Find"))
            }
        }
        let (host, scheduler) = mount(Screen())
        #expect(!host.renderedText.contains("Kiwi"))
        try host.search("k")
        scheduler.flush()
        #expect(host.renderedText.contains("Kiwi in content"), "\(host.renderedText)")
        try host.tap("Kiwi in content")
        scheduler.flush()
        #expect(host.renderedText.contains("results for kiwi"))
        _ = SearchSuggestionsPlacement.automatic
    }

    @Test func hiddenSuggestionsDoNotShowWhileSearching() throws {
        struct Screen: View {
            @State private var query = ""
            var body: some View {
                Text("results")
                    .searchable(text: $query, prompt: "Find") {
                        Text("Plum").searchCompletion("plum")
                    }
                    .searchSuggestions(.hidden, for: .content)
            }
        }
        let (host, scheduler) = mount(Screen())
        try host.search("p")
        scheduler.flush()
        #expect(!host.buttonLabels.contains("Plum"), "\(host.renderedText)")
        #expect(SearchSuggestionsPlacement.Set(rawValue: 3) == [.menu, .content])
        #expect(SearchSuggestionsPlacement.Set.content.rawValue == 2)
    }

    @Test func theFindNavigatorAndItsSwitchesAreRecordedOnTheEditor() {
        struct Screen: View {
            @State private var text = "Lorem ipsum"
            @State private var finding = true
            var body: some View {
                TextEditor(text: $text)
                    .findNavigator(isPresented: $finding)
                    .findDisabled(false)
                    .replaceDisabled()
            }
        }
        let (host, _) = mount(Screen())
        #expect(host.renderedText.contains("findNavigator=presented"), "\(host.renderedText)")
        #expect(host.renderedText.contains("findDisabled=false"))
        #expect(host.renderedText.contains("replaceDisabled"))
    }
}
