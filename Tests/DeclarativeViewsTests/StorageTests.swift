import DeclarativeViews
import Foundation
import Testing

/// `@AppStorage` over a `UserDefaults` of the test's own, and `@SceneStorage` in the host's scene.
@MainActor @Suite struct StorageTests {
    /// A store no other test shares, emptied when the test ends.
    final class Store {
        let name = "attrgraph.storage.\(UUID().uuidString)"
        let defaults: UserDefaults
        init() { defaults = UserDefaults(suiteName: name)! }
        deinit { defaults.removePersistentDomain(forName: name) }
    }

    enum Theme: String { case light, dark }
    enum Level: Int { case low = 1, high = 2 }

    struct Settings: View {
        @AppStorage("sounds") var sounds = true
        @AppStorage("count") var count = 0
        @AppStorage("volume") var volume = 0.5
        @AppStorage("name") var name = "Anonymous"
        @AppStorage("theme") var theme = Theme.light
        @AppStorage("level") var level = Level.low
        var body: some View {
            VStack {
                Toggle("Sounds", isOn: $sounds)
                Text("count \(count) volume \(volume) name \(name) theme \(theme.rawValue) level \(level.rawValue)")
                Button("More") { count += 1 }
                Button("Dark") { theme = .dark }
                Button("High") { level = .high }
                TextField("Name", text: $name)
            }
        }
    }

    struct Badge: View {
        @AppStorage("count") var count = 0
        var body: some View { Text("badge \(count)") }
    }

    @Test func theInitialValueShowsUntilSomethingIsStoredAndWritesGoToTheStore() throws {
        let store = Store()
        let (host, _) = mount(VStack { Settings(); Badge() }.defaultAppStorage(store.defaults))
        #expect(host.renderedText.contains(#"Text "count 0 volume 0.5 name Anonymous theme light level 1""#))
        #expect(store.defaults.object(forKey: "count") == nil, "the initial value is not written")
        try host.tap("More")
        try host.tap("Dark")
        try host.tap("High")
        try host.toggle("Sounds")
        try host.type("Ada", into: "Name")
        host.update()
        #expect(host.renderedText.contains(#"Text "count 1 volume 0.5 name Ada theme dark level 2""#))
        #expect(host.renderedText.contains(#"Text "badge 1""#), "another view reading the key updates")
        #expect(store.defaults.integer(forKey: "count") == 1)
        #expect(store.defaults.string(forKey: "theme") == "dark")
        #expect(store.defaults.integer(forKey: "level") == 2)
        #expect(store.defaults.bool(forKey: "sounds") == false)
        #expect(store.defaults.string(forKey: "name") == "Ada")
    }

    @Test func aValueAlreadyStoredIsWhatTheViewShows() {
        let store = Store()
        store.defaults.set(7, forKey: "count")
        store.defaults.set("dark", forKey: "theme")
        store.defaults.set("nonsense", forKey: "level")
        let (host, _) = mount(Settings().defaultAppStorage(store.defaults))
        #expect(host.renderedText.contains(#"Text "count 7 volume 0.5 name Anonymous theme dark level 1""#),
                "a value of another type reads as the initial value")
    }

    @Test func aWriteStraightToUserDefaultsShowsAtTheNextUpdate() {
        let store = Store()
        let (host, _) = mount(Badge().defaultAppStorage(store.defaults))
        #expect(host.renderedText.contains(#"Text "badge 0""#))
        store.defaults.set(5, forKey: "count")
        host.update()
        #expect(host.renderedText.contains(#"Text "badge 5""#))
        store.defaults.setValue(6, forKey: "count")
        host.update()
        #expect(host.renderedText.contains(#"Text "badge 6""#))
        store.defaults.removeObject(forKey: "count")
        host.update()
        #expect(host.renderedText.contains(#"Text "badge 0""#), "a removed key reads as the initial value again")
    }

    @Test func viewsInTwoHostsShareTheKey() throws {
        let store = Store()
        let (first, _) = mount(Settings().defaultAppStorage(store.defaults))
        let (second, _) = mount(Badge().defaultAppStorage(store.defaults))
        try first.tap("More")
        first.update()
        second.update()
        #expect(second.renderedText.contains(#"Text "badge 1""#))
    }

    struct Explicit: View {
        let store: UserDefaults
        @AppStorage var lastOpened: String?
        @AppStorage var site: URL?
        @AppStorage var blob: Data?
        @AppStorage var ratio: Double?
        @AppStorage var flag: Bool?
        @AppStorage var size: Int?
        @AppStorage var mode: Theme?
        @AppStorage var tier: Level?
        @AppStorage var home: URL
        @AppStorage var cache: Data

        init(store: UserDefaults) {
            self.store = store
            _lastOpened = AppStorage("lastOpened", store: store)
            _site = AppStorage("site", store: store)
            _blob = AppStorage("blob", store: store)
            _ratio = AppStorage("ratio", store: store)
            _flag = AppStorage("flag", store: store)
            _size = AppStorage("size", store: store)
            _mode = AppStorage("mode", store: store)
            _tier = AppStorage("tier", store: store)
            _home = AppStorage(wrappedValue: URL(string: "https://example.org")!, "home", store: store)
            _cache = AppStorage(wrappedValue: Data([1]), "cache", store: store)
        }

        var body: some View {
            VStack {
                Text("opened \(lastOpened ?? "never") site \(site?.absoluteString ?? "none") blob \(blob?.count ?? -1)")
                Text("ratio \(ratio ?? -1) flag \(flag.map(String.init) ?? "nil") size \(size ?? -1)")
                Text("mode \(mode?.rawValue ?? "nil") tier \(tier?.rawValue ?? -1) home \(home.host() ?? "") cache \(cache.count)")
                Button("Open") {
                    _size.projectedValue.wrappedValue = 0
                    lastOpened = "today"
                    site = URL(string: "https://swift.org")
                    blob = Data([1, 2, 3])
                    ratio = 1.5
                    flag = true
                    size = 3
                    mode = .dark
                    tier = .high
                    home = URL(string: "https://apple.com")!
                    cache = Data()
                }
                Button("Forget") { lastOpened = nil; flag = nil; mode = nil }
            }
        }
    }

    @Test func optionalFormsStartAsNilAndStoringNilRemovesTheKey() throws {
        let store = Store()
        let (host, _) = mount(Explicit(store: store.defaults))
        #expect(host.renderedText.contains(#"Text "opened never site none blob -1""#))
        #expect(host.renderedText.contains(#"Text "ratio -1.0 flag nil size -1""#))
        #expect(host.renderedText.contains(#"Text "mode nil tier -1 home example.org cache 1""#))
        try host.tap("Open")
        host.update()
        #expect(host.renderedText.contains(#"Text "opened today site https://swift.org blob 3""#))
        #expect(host.renderedText.contains(#"Text "ratio 1.5 flag true size 3""#))
        #expect(host.renderedText.contains(#"Text "mode dark tier 2 home apple.com cache 0""#))
        try host.tap("Forget")
        host.update()
        #expect(host.renderedText.contains(#"Text "opened never site https://swift.org blob 3""#))
        #expect(store.defaults.object(forKey: "lastOpened") == nil)
        #expect(store.defaults.object(forKey: "flag") == nil)
    }

    struct Tabs: View {
        @SceneStorage("tab") var tab = "home"
        @SceneStorage("draft") var draft: String?
        var body: some View {
            VStack {
                Text("tab \(tab) draft \(draft ?? "none")")
                Button("Settings") { tab = "settings" }
                TextField("Draft", text: Binding($draft) ?? .constant(""))
                Button("Write") { draft = "hello" }
                TabLabel()
            }
        }
    }

    struct TabLabel: View {
        @SceneStorage("tab") var tab = "home"
        @SceneStorage var visits: Int
        @SceneStorage var zoom: Double
        @SceneStorage var pinned: Bool
        @SceneStorage var theme: Theme
        @SceneStorage var level: Level
        @SceneStorage var page: URL
        @SceneStorage var state: Data
        @SceneStorage var lastLevel: Level?
        @SceneStorage var lastTheme: Theme?

        init() {
            _visits = SceneStorage(wrappedValue: 1, "visits")
            _zoom = SceneStorage(wrappedValue: 1.5, "zoom")
            _pinned = SceneStorage(wrappedValue: true, "pinned")
            _theme = SceneStorage(wrappedValue: Theme.light, "theme")
            _level = SceneStorage(wrappedValue: Level.low, "level")
            _page = SceneStorage(wrappedValue: URL(string: "https://example.org/a")!, "page")
            _state = SceneStorage(wrappedValue: Data([1, 2]), "state")
            _lastLevel = SceneStorage("lastLevel")
            _lastTheme = SceneStorage("lastTheme")
        }

        var body: some View {
            VStack {
                Text("label \(tab)")
                Text("visits \(visits) zoom \(zoom) pinned \(pinned) theme \(theme.rawValue) level \(level.rawValue)")
                Text("page \(page.lastPathComponent) state \(state.count) last \(lastLevel?.rawValue ?? 0) \(lastTheme?.rawValue ?? "-")")
                Button("Visit") {
                    visits += 1
                    _zoom.projectedValue.wrappedValue = 2
                    pinned.toggle()
                    theme = .dark
                    level = .high
                    page = URL(string: "https://example.org/b")!
                    state = Data()
                    lastLevel = .high
                    lastTheme = .dark
                }
            }
        }
    }

    @Test func sceneStorageIsSharedInTheSceneAndNotBetweenScenes() throws {
        let (host, _) = mount(Tabs())
        let (other, _) = mount(Tabs())
        #expect(host.renderedText.contains(#"Text "tab home draft none""#))
        try host.tap("Settings")
        try host.tap("Write")
        host.update()
        other.update()
        #expect(host.renderedText.contains(#"Text "tab settings draft hello""#))
        #expect(host.renderedText.contains(#"Text "label settings""#), "another view of the scene reads the key")
        #expect(other.renderedText.contains(#"Text "tab home draft none""#), "another scene keeps its own values")
        #expect(host.renderedText.contains(#"Text "visits 1 zoom 1.5 pinned true theme light level 1""#))
        #expect(host.renderedText.contains(#"Text "page a state 2 last 0 -""#))
        try host.tap("Visit")
        host.update()
        #expect(host.renderedText.contains(#"Text "visits 2 zoom 2.0 pinned false theme dark level 2""#))
        #expect(host.renderedText.contains(#"Text "page b state 0 last 2 dark""#))
    }
}
