import DeclarativeViews
import Foundation
import Testing

/// Navigation and lists as a tutorial app writes them: a recipe browser with a `NavigationStack`
/// over a `List` of sections, value-based links with a `navigationDestination`, a favourite
/// toggle in the detail's toolbar, swipe to delete and a badge. Driven the way a user would.
@MainActor @Suite struct RecipeBrowserScreenTests {
    struct Recipe: Identifiable, Hashable {
        let id: Int
        var name: String
        var course: String
        var minutes: Int
        var isFavorite = false
    }

    @Observable final class Cookbook {
        var recipes: [Recipe] = [
            Recipe(id: 1, name: "Pancakes", course: "Breakfast", minutes: 20),
            Recipe(id: 2, name: "Omelette", course: "Breakfast", minutes: 10),
            Recipe(id: 3, name: "Risotto", course: "Dinner", minutes: 45),
        ]
        var courses: [String] { Array(Set(recipes.map(\.course))).sorted() }
        var favorites: Int { recipes.filter(\.isFavorite).count }

        func toggleFavorite(_ id: Int) {
            guard let index = recipes.firstIndex(where: { $0.id == id }) else { return }
            recipes[index].isFavorite.toggle()
        }
    }

    struct RecipeList: View {
        @State private var cookbook = Cookbook()

        var body: some View {
            NavigationStack {
                List {
                    ForEach(cookbook.courses, id: \.self) { course in
                        Section(course) {
                            ForEach(cookbook.recipes.filter { $0.course == course }) { recipe in
                                NavigationLink(value: recipe.id) {
                                    HStack {
                                        Text(recipe.name)
                                        Spacer()
                                        if recipe.isFavorite {
                                            Image(systemName: "star.fill")
                                                .accessibilityLabel("Favorite")
                                        }
                                    }
                                }
                            }
                            .onDelete { offsets in
                                let shown = cookbook.recipes.filter { $0.course == course }
                                let ids = offsets.map { shown[$0].id }
                                cookbook.recipes.removeAll { ids.contains($0.id) }
                            }
                        }
                    }
                }
                .navigationTitle("Recipes")
                .navigationDestination(for: Int.self) { id in
                    RecipeDetail(cookbook: cookbook, id: id)
                }
                .toolbar {
                    ToolbarItem(placement: .status) {
                        Text("\(cookbook.favorites) favorites")
                    }
                }
            }
        }
    }

    struct RecipeDetail: View {
        let cookbook: Cookbook
        let id: Int

        var body: some View {
            if let recipe = cookbook.recipes.first(where: { $0.id == id }) {
                VStack(alignment: .leading, spacing: 8) {
                    Text(recipe.name).font(.title)
                    Label("\(recipe.minutes) min", systemImage: "clock")
                }
                .navigationTitle(recipe.name)
                .toolbar {
                    Button(recipe.isFavorite ? "Unfavorite" : "Favorite") {
                        cookbook.toggleFavorite(id)
                    }
                }
            } else {
                ContentUnavailableView("Recipe not found", systemImage: "questionmark")
            }
        }
    }

    @Test func browsingFavouritingAndDeletingRecipes() throws {
        let (host, _) = mount(RecipeList())
        let screen = try host.inspect()
        #expect(screen.navigationTitle() == "Recipes")
        #expect(try screen.find(text: "Breakfast").string() == "Breakfast")
        #expect(try screen.find(text: "0 favorites").string() == "0 favorites")

        try host.tap("Risotto")
        host.update()
        let detail = try host.inspect()
        #expect(detail.navigationTitle() == "Risotto")
        #expect(try detail.find(text: "45 min").string() == "45 min")
        try host.tap("Favorite")
        host.update()
        #expect(host.buttonLabels.contains("Unfavorite"), "the toolbar button reads the model again")

        try host.back()
        host.update()
        let list = try host.inspect()
        #expect(list.navigationTitle() == "Recipes")
        #expect(try list.find(text: "1 favorites").string() == "1 favorites")
        #expect(try list.find(viewWithAccessibilityLabel: "Favorite").accessibilityLabel() == "Favorite")

        try host.swipeDelete("Omelette")
        host.update()
        #expect(!host.renderedText.contains("Omelette"))
        #expect(host.renderedText.contains("Pancakes"), "only the swiped row goes")
    }
}
