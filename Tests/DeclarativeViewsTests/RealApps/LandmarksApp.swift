import DeclarativeViews
import Foundation
import Testing

/// A landmarks browser in the shape of Apple's tutorial: an `@Observable` model data in the
/// environment (`@Environment(ModelData.self)`, `@Bindable` for the favourite button), a
/// `NavigationSplitView` with a list selection, a "Favorites only" toggle and a category `Menu`
/// filter, `AsyncImage` photos, a `contextMenu` on rows, a profile sheet with `@AppStorage`, and
/// a `TabView` with a featured grid.
enum LandmarksFixture {
    struct Landmark: Hashable, Codable, Identifiable {
        var id: Int
        var name: String
        var park: String
        var state: String
        var category: Category
        var isFavorite: Bool
        var imageURL: URL?

        enum Category: String, CaseIterable, Codable, Identifiable {
            case lakes = "Lakes"
            case rivers = "Rivers"
            case mountains = "Mountains"
            var id: String { rawValue }
        }
    }

    @Observable final class ModelData {
        var landmarks: [Landmark] = [
            Landmark(id: 1001, name: "Turtle Rock", park: "Joshua Tree National Park", state: "California",
                     category: .rivers, isFavorite: true, imageURL: URL(string: "https://example.com/turtlerock.jpg")),
            Landmark(id: 1002, name: "Silver Salmon Creek", park: "Lake Clark National Park", state: "Alaska",
                     category: .lakes, isFavorite: false, imageURL: nil),
            Landmark(id: 1003, name: "Chilkoot Trail", park: "Klondike Gold Rush", state: "Alaska",
                     category: .mountains, isFavorite: true, imageURL: nil),
            Landmark(id: 1004, name: "St. Mary Lake", park: "Glacier National Park", state: "Montana",
                     category: .lakes, isFavorite: false, imageURL: nil),
        ]
        var profile = Profile.default

        var categories: [String: [Landmark]] {
            Dictionary(grouping: landmarks, by: { $0.category.rawValue })
        }
    }

    struct Profile {
        var username: String
        var prefersNotifications = true
        var seasonalPhoto = Season.winter
        var goalDate = Date(timeIntervalSince1970: 1_700_000_000)

        static let `default` = Profile(username: "g_kumar")

        enum Season: String, CaseIterable, Identifiable {
            case spring = "🌷", summer = "🌞", autumn = "🍂", winter = "☃️"
            var id: String { rawValue }
        }
    }

    struct LandmarksApp: App {
        @State private var modelData = ModelData()

        var body: some Scene {
            WindowGroup {
                ContentView()
                    .environment(modelData)
            }
        }
    }

    struct ContentView: View {
        enum Tab { case featured, list }
        @State private var selection: Tab = .list

        var body: some View {
            TabView(selection: $selection) {
                CategoryHome()
                    .tabItem { Label("Featured", systemImage: "star") }
                    .tag(Tab.featured)
                LandmarkList()
                    .tabItem { Label("List", systemImage: "list.bullet") }
                    .tag(Tab.list)
            }
        }
    }

    struct LandmarkList: View {
        @Environment(ModelData.self) var modelData
        @State private var showFavoritesOnly = false
        @State private var filter = FilterCategory.all
        @State private var selectedLandmark: Landmark?

        enum FilterCategory: String, CaseIterable, Identifiable {
            case all = "All", lakes = "Lakes", rivers = "Rivers", mountains = "Mountains"
            var id: FilterCategory { self }
        }

        var filteredLandmarks: [Landmark] {
            modelData.landmarks.filter { landmark in
                (!showFavoritesOnly || landmark.isFavorite)
                    && (filter == .all || filter.rawValue == landmark.category.rawValue)
            }
        }

        var title: String {
            let title = filter == .all ? "Landmarks" : filter.rawValue
            return showFavoritesOnly ? "Favorite \(title)" : title
        }

        var body: some View {
            NavigationSplitView {
                List(selection: $selectedLandmark) {
                    ForEach(filteredLandmarks) { landmark in
                        NavigationLink(value: landmark) {
                            LandmarkRow(landmark: landmark)
                        }
                        .tag(landmark)
                        .contextMenu {
                            Button(landmark.isFavorite ? "Remove Favorite" : "Add Favorite") {
                                if let index = modelData.landmarks.firstIndex(where: { $0.id == landmark.id }) {
                                    modelData.landmarks[index].isFavorite.toggle()
                                }
                            }
                        }
                    }
                }
                .animation(.default, value: filteredLandmarks)
                .navigationTitle(title)
                .frame(minWidth: 300)
                .toolbar {
                    ToolbarItem {
                        Menu {
                            Picker("Category", selection: $filter) {
                                ForEach(FilterCategory.allCases) { category in
                                    Text(category.rawValue).tag(category)
                                }
                            }
                            .pickerStyle(.inline)
                            Toggle(isOn: $showFavoritesOnly) {
                                Label("Favorites only", systemImage: "star.fill")
                            }
                        } label: {
                            Label("Filter", systemImage: "slider.horizontal.3")
                        }
                    }
                }
            } detail: {
                if let selectedLandmark {
                    LandmarkDetail(landmark: selectedLandmark)
                } else {
                    Text("Select a Landmark")
                }
            }
            .onChange(of: filter) { oldValue, newValue in
                if let selectedLandmark, !filteredLandmarks.contains(selectedLandmark) {
                    self.selectedLandmark = nil
                }
            }
        }
    }

    struct LandmarkRow: View {
        var landmark: Landmark

        var body: some View {
            HStack {
                AsyncImage(url: landmark.imageURL) { image in
                    image.resizable()
                } placeholder: {
                    Color.gray
                }
                .frame(width: 50, height: 50)
                .clipShape(RoundedRectangle(cornerRadius: 5))
                VStack(alignment: .leading) {
                    Text(landmark.name).bold()
                    Text(landmark.park).font(.caption).foregroundStyle(.secondary)
                }
                Spacer()
                if landmark.isFavorite {
                    Image(systemName: "star.fill")
                        .foregroundStyle(.yellow)
                        .accessibilityLabel("Favorite")
                }
            }
            .padding(.vertical, 4)
        }
    }

    struct FavoriteButton: View {
        @Binding var isSet: Bool

        var body: some View {
            Button {
                isSet.toggle()
            } label: {
                Label("Toggle Favorite", systemImage: isSet ? "star.fill" : "star")
                    .labelStyle(.iconOnly)
                    .foregroundStyle(isSet ? .yellow : .gray)
            }
            .buttonStyle(.plain)
        }
    }

    struct LandmarkDetail: View {
        @Environment(ModelData.self) var modelData
        var landmark: Landmark

        var landmarkIndex: Int {
            modelData.landmarks.firstIndex(where: { $0.id == landmark.id })!
        }

        var body: some View {
            @Bindable var modelData = modelData
            ScrollView {
                VStack(alignment: .leading) {
                    HStack {
                        Text(landmark.name).font(.title)
                        FavoriteButton(isSet: $modelData.landmarks[landmarkIndex].isFavorite)
                    }
                    HStack {
                        Text(landmark.park)
                        Spacer()
                        Text(landmark.state)
                    }
                    .font(.subheadline)
                    Divider()
                    Text("About \(landmark.name)").font(.title2)
                    Text(modelData.landmarks[landmarkIndex].isFavorite ? "One of your favorites" : "Not a favorite yet")
                }
                .padding()
            }
            .navigationTitle(landmark.name)
            .navigationBarTitleDisplayMode(.inline)
        }
    }

    struct CategoryHome: View {
        @Environment(ModelData.self) var modelData
        @State private var showingProfile = false
        let columns = [GridItem(.adaptive(minimum: 120))]

        var body: some View {
            NavigationStack {
                ScrollView {
                    ForEach(modelData.categories.keys.sorted(), id: \.self) { key in
                        VStack(alignment: .leading) {
                            Text(key).font(.headline)
                            LazyVGrid(columns: columns) {
                                ForEach(modelData.categories[key]!) { landmark in
                                    NavigationLink(landmark.name, value: landmark)
                                }
                            }
                        }
                    }
                }
                .navigationTitle("Featured")
                .navigationDestination(for: Landmark.self) { landmark in
                    LandmarkDetail(landmark: landmark)
                }
                .toolbar {
                    Button {
                        showingProfile.toggle()
                    } label: {
                        Label("User Profile", systemImage: "person.crop.circle")
                    }
                }
                .sheet(isPresented: $showingProfile) {
                    ProfileHost()
                        .environment(modelData)
                }
            }
        }
    }

    struct ProfileHost: View {
        @Environment(\.editMode) var editMode
        @Environment(ModelData.self) var modelData
        @State private var draftProfile = Profile.default

        var body: some View {
            VStack(alignment: .leading, spacing: 20) {
                HStack {
                    if editMode?.wrappedValue == .active {
                        Button("Cancel", role: .cancel) {
                            draftProfile = modelData.profile
                            editMode?.animation().wrappedValue = .inactive
                        }
                    }
                    Spacer()
                    EditButton()
                }
                if editMode?.wrappedValue == .inactive {
                    VStack(alignment: .leading) {
                        Text(modelData.profile.username).bold().font(.title)
                        Text("Notifications: \(modelData.profile.prefersNotifications ? "On" : "Off")")
                        Text("Seasonal Photos: \(modelData.profile.seasonalPhoto.rawValue)")
                    }
                } else {
                    List {
                        HStack {
                            Text("Username")
                            Divider()
                            TextField("Username", text: $draftProfile.username)
                        }
                        Toggle(isOn: $draftProfile.prefersNotifications) {
                            Text("Enable Notifications")
                        }
                        Picker("Seasonal Photo", selection: $draftProfile.seasonalPhoto) {
                            ForEach(Profile.Season.allCases) { season in
                                Text(season.rawValue).tag(season)
                            }
                        }
                        .pickerStyle(.segmented)
                        DatePicker("Goal Date", selection: $draftProfile.goalDate, displayedComponents: .date)
                    }
                    .onAppear { draftProfile = modelData.profile }
                    .onDisappear { modelData.profile = draftProfile }
                }
            }
            .padding()
        }
    }
}

@MainActor @Suite struct LandmarksAppTests {
    typealias Fixture = LandmarksFixture

    @Test func theListFiltersByFavoritesAndCategoryFromTheToolbarMenu() throws {
        let host = launch(Fixture.LandmarksApp())
        #expect(host.renderedText.contains("Silver Salmon Creek"))
        #expect(host.renderedText.contains("Select a Landmark"))
        try host.tap("Filter")
        host.update()
        try host.toggle("Favorites only")
        host.update()
        #expect(!visibleText(host).contains("Silver Salmon Creek"))
        #expect(host.renderedText.contains("Turtle Rock"))
        #expect(host.renderedText.contains("Favorite Landmarks"), "the sidebar's navigationTitle")
        try host.tap("Filter")
        host.update()
        try host.inspect().find(picker: "Category").select("Mountains")
        host.update()
        #expect(!visibleText(host).contains("Turtle Rock"))
        #expect(host.renderedText.contains("Chilkoot Trail"))
    }

    @Test func selectingALandmarkShowsItsDetailWhereTheFavoriteButtonWritesTheModel() throws {
        let app = Fixture.LandmarksApp()
        let host = launch(app)
        try host.tap("St. Mary Lake")
        host.update()
        #expect(host.renderedText.contains("About St. Mary Lake"))
        #expect(host.renderedText.contains("Not a favorite yet"))
        try host.tap("Toggle Favorite")
        host.update()
        #expect(host.renderedText.contains("One of your favorites"))
        try host.tap("Filter")
        host.update()
        try host.toggle("Favorites only")
        host.update()
        #expect(host.renderedText.contains("St. Mary Lake"), "now a favourite, the row stays")
        #expect(!visibleText(host).contains("Silver Salmon Creek"))
    }

    @Test func theContextMenuOfARowTogglesItsFavorite() throws {
        let host = launch(Fixture.LandmarksApp())
        try host.openContextMenu("Silver Salmon Creek")
        host.update()
        try host.tap("Add Favorite")
        host.update()
        try host.tap("Filter")
        host.update()
        try host.toggle("Favorites only")
        host.update()
        #expect(host.renderedText.contains("Silver Salmon Creek"))
        #expect(!visibleText(host).contains("St. Mary Lake"))
    }

    @Test func theFeaturedTabGroupsByCategoryPushesDetailsAndEditsTheProfile() throws {
        let host = launch(Fixture.LandmarksApp())
        try host.select("Featured")
        host.update()
        #expect(host.renderedText.contains(#"Text "Lakes""#))
        #expect(host.renderedText.contains(#"Text "Mountains""#))
        try host.tap("Chilkoot Trail")
        host.update()
        #expect(host.renderedText.contains("About Chilkoot Trail"))
        try host.back()
        host.update()
        try host.tap("User Profile")
        host.update()
        #expect(host.renderedText.contains("g_kumar"))
        #expect(host.renderedText.contains("Notifications: On"))
        try host.tap("Edit")
        host.update()
        try host.type("hiker", into: "Username")
        try host.toggle("Enable Notifications")
        host.update()
        try host.tap("Done")
        host.update()
        #expect(host.renderedText.contains("hiker"))
        #expect(host.renderedText.contains("Notifications: Off"))
    }
}
