import DeclarativeViews
import Foundation
import Testing

/// A recipe book: recipes loaded by an `async` service in `.task` (a `ProgressView` meanwhile),
/// shown in a `LazyVGrid` sized with a `GeometryReader`, filtered by `.searchable` and a
/// category `Picker` in the toolbar, pushed by value with `navigationDestination(for:)`, with a
/// detail that scales servings with a `Stepper`, favourites kept in `@AppStorage`, and an
/// `.onChange(of:)` that resets the scroll position with a `ScrollViewReader`.
enum RecipeBookFixture {
    struct Recipe: Identifiable, Hashable, Codable {
        let id: Int
        var name: String
        var cuisine: String
        var minutes: Int
        var servings: Int
        var ingredients: [Ingredient]
    }

    struct Ingredient: Hashable, Codable {
        var name: String
        var grams: Double
    }

    /// Stands in for a network service: answers after a suspension.
    struct RecipeService {
        var fail = false

        func fetchRecipes() async throws -> [Recipe] {
            try await Task.sleep(nanoseconds: 2_000_000)
            if fail { throw URLError(.notConnectedToInternet) }
            return [
                Recipe(id: 1, name: "Pancakes", cuisine: "American", minutes: 20, servings: 2,
                       ingredients: [Ingredient(name: "Flour", grams: 200), Ingredient(name: "Milk", grams: 300)]),
                Recipe(id: 2, name: "Carbonara", cuisine: "Italian", minutes: 25, servings: 2,
                       ingredients: [Ingredient(name: "Spaghetti", grams: 200), Ingredient(name: "Guanciale", grams: 100)]),
                Recipe(id: 3, name: "Risotto", cuisine: "Italian", minutes: 40, servings: 4,
                       ingredients: [Ingredient(name: "Rice", grams: 320)]),
                Recipe(id: 4, name: "Pad Thai", cuisine: "Thai", minutes: 30, servings: 2,
                       ingredients: [Ingredient(name: "Noodles", grams: 250)]),
            ]
        }
    }

    @MainActor final class RecipeViewModel: ObservableObject {
        enum LoadState: Equatable { case idle, loading, loaded, failed(String) }

        @Published private(set) var recipes: [Recipe] = []
        @Published private(set) var state = LoadState.idle
        let service: RecipeService

        init(service: RecipeService) {
            self.service = service
        }

        func load() async {
            state = .loading
            do {
                recipes = try await service.fetchRecipes()
                state = .loaded
            } catch {
                state = .failed(error.localizedDescription)
            }
        }
    }

    struct RecipeBookApp: App {
        var service = RecipeService()

        var body: some Scene {
            WindowGroup {
                RecipeGridView(viewModel: RecipeViewModel(service: service))
            }
        }
    }

    struct RecipeGridView: View {
        @StateObject var viewModel: RecipeViewModel
        @State private var searchText = ""
        @State private var cuisine = "All"
        @State private var path: [Recipe] = []
        @AppStorage("favoriteRecipes") private var favoriteIDs = ""

        init(viewModel: @autoclosure @escaping () -> RecipeViewModel) {
            _viewModel = StateObject(wrappedValue: viewModel())
        }

        private var cuisines: [String] {
            ["All"] + Set(viewModel.recipes.map(\.cuisine)).sorted()
        }

        private var filtered: [Recipe] {
            viewModel.recipes.filter { recipe in
                (cuisine == "All" || recipe.cuisine == cuisine)
                    && (searchText.isEmpty || recipe.name.localizedStandardContains(searchText)
                        || recipe.ingredients.contains { $0.name.localizedStandardContains(searchText) })
            }
        }

        var body: some View {
            NavigationStack(path: $path) {
                content
                    .navigationTitle("Recipes")
                    .navigationDestination(for: Recipe.self) { recipe in
                        RecipeDetailView(recipe: recipe, favoriteIDs: $favoriteIDs)
                    }
                    .searchable(text: $searchText, placement: .navigationBarDrawer(displayMode: .always),
                                prompt: "Recipes or ingredients")
                    .toolbar {
                        ToolbarItem(placement: .topBarTrailing) {
                            Picker("Cuisine", selection: $cuisine) {
                                ForEach(cuisines, id: \.self) { Text($0) }
                            }
                            .pickerStyle(.menu)
                        }
                    }
            }
            .task {
                if viewModel.state == .idle { await viewModel.load() }
            }
        }

        @ViewBuilder private var content: some View {
            switch viewModel.state {
            case .idle, .loading:
                ProgressView("Loading recipes…")
            case .failed(let message):
                ContentUnavailableView {
                    Label("Couldn't Load Recipes", systemImage: "wifi.exclamationmark")
                } description: {
                    Text(message)
                } actions: {
                    Button("Try Again") {
                        Task { await viewModel.load() }
                    }
                }
            case .loaded:
                if filtered.isEmpty {
                    ContentUnavailableView.search
                } else {
                    grid
                }
            }
        }

        private var grid: some View {
            GeometryReader { proxy in
                let columnCount = max(Int(proxy.size.width / 200), 1)
                ScrollViewReader { scroller in
                    ScrollView {
                        Text("\(columnCount) columns").id("top")
                        LazyVGrid(columns: Array(repeating: GridItem(.flexible(), spacing: 12), count: columnCount),
                                  spacing: 12) {
                            ForEach(filtered) { recipe in
                                NavigationLink(value: recipe) {
                                    RecipeCard(recipe: recipe, isFavorite: favoriteIDs.split(separator: ",").contains("\(recipe.id)"))
                                }
                                .buttonStyle(.plain)
                            }
                        }
                        .padding(.horizontal)
                    }
                    .onChange(of: cuisine) { _, _ in
                        withAnimation { scroller.scrollTo("top", anchor: .top) }
                    }
                }
            }
        }
    }

    struct RecipeCard: View {
        let recipe: Recipe
        let isFavorite: Bool

        var body: some View {
            VStack(alignment: .leading, spacing: 4) {
                RoundedRectangle(cornerRadius: 8)
                    .fill(.orange.gradient)
                    .frame(height: 80)
                    .overlay(alignment: .topTrailing) {
                        if isFavorite {
                            Image(systemName: "heart.fill").padding(6)
                        }
                    }
                Text(recipe.name).font(.headline).lineLimit(1)
                Text("\(recipe.cuisine) · \(recipe.minutes) min")
                    .font(.caption)
                    .foregroundStyle(.secondary)
            }
        }
    }

    struct RecipeDetailView: View {
        let recipe: Recipe
        @Binding var favoriteIDs: String
        @State private var servings: Int

        init(recipe: Recipe, favoriteIDs: Binding<String>) {
            self.recipe = recipe
            _favoriteIDs = favoriteIDs
            _servings = State(initialValue: recipe.servings)
        }

        private var isFavorite: Bool {
            favoriteIDs.split(separator: ",").contains("\(recipe.id)")
        }

        var body: some View {
            List {
                Section {
                    Stepper("Servings: \(servings)", value: $servings, in: 1...12)
                }
                Section("Ingredients") {
                    ForEach(recipe.ingredients, id: \.name) { ingredient in
                        LabeledContent(ingredient.name) {
                            Text("\(Int(ingredient.grams * Double(servings) / Double(recipe.servings))) g")
                        }
                    }
                }
            }
            .navigationTitle(recipe.name)
            .toolbar {
                Button {
                    var ids = Set(favoriteIDs.split(separator: ",").map(String.init))
                    if isFavorite { ids.remove("\(recipe.id)") } else { ids.insert("\(recipe.id)") }
                    favoriteIDs = ids.sorted().joined(separator: ",")
                } label: {
                    Label(isFavorite ? "Unfavorite" : "Favorite", systemImage: isFavorite ? "heart.fill" : "heart")
                }
            }
        }
    }
}

@MainActor @Suite(.serialized) struct RecipeBookAppTests {
    typealias Fixture = RecipeBookFixture

    init() {
        UserDefaults.standard.removeObject(forKey: "favoriteRecipes")
    }

    @Test func recipesLoadInTheTaskWhileAProgressViewShowsThenFillTheGrid() async throws {
        let host = launch(Fixture.RecipeBookApp())
        #expect(host.renderedText.contains("Loading recipes…"))
        await settle(host, until: "Carbonara")
        #expect(host.renderedText.contains("Pad Thai"))
        #expect(host.renderedText.contains("Italian · 25 min"))
        #expect(host.renderedText.contains("3 columns"), "640 points wide: three 200-point columns")
        #expect(!host.renderedText.contains("Loading recipes…"))
    }

    @Test func searchingByNameOrIngredientAndPickingACuisineFilterTheGrid() async throws {
        let host = launch(Fixture.RecipeBookApp())
        await settle(host, until: "Carbonara")
        try host.search("rice")
        host.update()
        #expect(host.renderedText.contains("Risotto"))
        #expect(!host.renderedText.contains("Carbonara"))
        try host.search("")
        host.update()
        try host.inspect().find(picker: "Cuisine").select("Italian")
        host.update()
        #expect(host.renderedText.contains("Risotto"))
        #expect(host.renderedText.contains("Carbonara"))
        #expect(!host.renderedText.contains("Pancakes"))
        try host.search("pizza")
        host.update()
        #expect(host.renderedText.contains("No Results"))
    }

    @Test func openingARecipeScalesItsIngredientsAndFavouritingMarksItsCard() async throws {
        let host = launch(Fixture.RecipeBookApp())
        await settle(host, until: "Carbonara")
        try host.tap("Carbonara")
        host.update()
        #expect(host.renderedText.contains("200 g"))
        try host.inspect().find(stepper: "Servings: 2").increment()
        host.update()
        #expect(host.renderedText.contains("300 g"), "three servings of 100 g spaghetti")
        #expect(host.renderedText.contains("150 g"))
        try host.tap("Favorite")
        host.update()
        #expect((try? host.inspect().find(button: "Unfavorite")) != nil, "the toolbar button now unfavourites")
        try host.back()
        host.update()
        #expect(UserDefaults.standard.string(forKey: "favoriteRecipes") == "2")
        #expect(host.renderedText.contains("heart.fill"), "the card shows the heart")
    }

    @Test func aFailedLoadOffersTryAgain() async throws {
        let host = launch(Fixture.RecipeBookApp(service: Fixture.RecipeService(fail: true)))
        await settle(host, until: "Couldn't Load Recipes")
        #expect(host.renderedText.contains("Couldn't Load Recipes"))
        #expect(host.buttonLabels.contains("Try Again"))
    }
}
