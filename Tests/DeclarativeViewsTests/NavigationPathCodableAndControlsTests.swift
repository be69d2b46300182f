import DeclarativeViews
import Foundation
import Testing

/// A navigation path saved as JSON and restored (state restoration), and the controls for
/// several values at once and the menu behaviours settings screens use.
@MainActor @Suite struct NavigationPathCodableAndControlsTests {
    struct Recipe: Codable, Hashable {
        let name: String
    }

    /// A path of codable values goes through JSON and comes back equal, its elements of their
    /// own types; a path holding a value that is not codable has no codable representation.
    @Test func aNavigationPathRoundTripsThroughJSON() throws {
        var path = NavigationPath()
        path.append(Recipe(name: "Soup"))
        path.append(42)
        path.append("details")
        let codable = try #require(path.codable)
        let data = try JSONEncoder().encode(codable)
        let restored = NavigationPath(try JSONDecoder().decode(NavigationPath.CodableRepresentation.self, from: data))
        #expect(restored == path)
        #expect(restored.count == 3)

        struct Opaque: Hashable {}
        var mixed = path
        mixed.append(Opaque())
        #expect(mixed.codable == nil)

        let bogus = Data(#"["NoSuchType", "{}"]"#.utf8)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(NavigationPath.CodableRepresentation.self, from: bogus)
        }
    }

    /// A stack restored from saved JSON shows the screens the path names.
    @Test func aNavigationStackRestoresItsScreensFromSavedJSON() throws {
        var saved = NavigationPath()
        saved.append(Recipe(name: "Soup"))
        let data = try JSONEncoder().encode(saved.codable)
        struct Screens: View {
            @State var path: NavigationPath
            var body: some View {
                NavigationStack(path: $path) {
                    Text("Recipes")
                        .navigationDestination(for: Recipe.self) { Text("recipe \($0.name)") }
                }
                .navigationDocument(URL(string: "https://example.com/soup")!)
            }
        }
        let path = NavigationPath(try JSONDecoder().decode(NavigationPath.CodableRepresentation.self, from: data))
        let (host, _) = mount(Screens(path: path))
        #expect(host.renderedText.contains("recipe Soup"))
        #expect(host.renderedText.contains("navigationDocument=https://example.com/soup"))
    }

    struct Light: Identifiable {
        let id: Int
        var isOn: Bool
        var level: Int
    }

    final class Lights {
        var lights = [Light(id: 1, isOn: true, level: 1), Light(id: 2, isOn: false, level: 2)]
    }

    /// One toggle stands for every light: mixed while they differ; tapping turns them all on,
    /// then all off. One picker sets every light's level.
    @Test func aToggleAndAPickerControlSeveralSourcesAtOnce() throws {
        struct Panel: View {
            @State var lights = [Light(id: 1, isOn: true, level: 1), Light(id: 2, isOn: false, level: 2)]
            var body: some View {
                VStack {
                    Toggle("All lights", sources: $lights, isOn: \.isOn)
                    Picker("Level", sources: $lights, selection: \.level) {
                        Text("Dim").tag(1)
                        Text("Bright").tag(3)
                    }
                    Text("on \(lights.map(\.isOn)) levels \(lights.map(\.level))")
                }
            }
        }
        let (host, scheduler) = mount(Panel())
        #expect(host.renderedText.contains("toggle=mixed"))
        try host.toggle("All lights")
        scheduler.flush()
        #expect(host.renderedText.contains("on [true, true]"))
        #expect(host.renderedText.contains("toggle=on"))
        try host.toggle("All lights")
        scheduler.flush()
        #expect(host.renderedText.contains("on [false, false]"))
        try host.select("Bright")
        scheduler.flush()
        #expect(host.renderedText.contains("levels [3, 3]"))

        let title: String = "Every light"
        let (other, _) = mount(VStack {
            Toggle(title, sources: [Binding.constant(true)], isOn: \.self)
            Toggle(sources: [Binding.constant(false)], isOn: \.self) { Text("Custom") }
            Picker(title, sources: [Binding.constant(1)], selection: \.self) { Text("One").tag(1) }
            Picker(sources: [Binding.constant(1)], selection: \.self) { Text("Uno").tag(1) } label: { Text("Pick") }
            Picker(selection: .constant(1), label: Text("Old")) { Text("Eins").tag(1) }
        })
        let text = other.renderedText
        #expect(text.contains("Every light") && text.contains("Custom") && text.contains("Old"))
        #expect(text.contains("\"Uno\" [selected") || text.contains("Uno"))
    }

    /// Help links run their action; a menu button is a menu; menu and button behaviours reach
    /// the environment below and are recorded.
    @Test func helpLinksMenusAndTheirBehaviours() throws {
        struct Reader: View {
            @Environment(\.menuOrder) var order
            @Environment(\.menuIndicatorVisibility) var indicator
            @Environment(\.buttonRepeatBehavior) var repeatBehavior
            @Environment(\.controlSize) var size
            var body: some View { Text("order \(order) indicator \(indicator) repeat \(repeatBehavior) size \(size)") }
        }
        struct Screen: View {
            @State var helped = 0
            var body: some View {
                VStack {
                    HelpLink { helped += 1 }
                    Text("helped \(helped)")
                    MenuButton("Actions") { Button("Copy") {} }
                    MenuButton(label: Text("More")) { Button("Paste") {} }
                    PullDownButton("Older") { Button("Cut") {} }
                    Reader()
                    Reader()
                        .menuOrder(.fixed)
                        .menuIndicator(.hidden)
                        .buttonRepeatBehavior(.enabled)
                        .environment(\.controlSize, .small)
                    Button("Step") {}.menuActionDismissBehavior(.disabled)
                    Picker("Size", selection: .constant(1)) { Text("S").tag(1) }.horizontalRadioGroupLayout()
                }
            }
        }
        let (host, scheduler) = mount(Screen())
        try host.tap("Help")
        scheduler.flush()
        #expect(host.renderedText.contains("helped 1"))
        try host.tap("Actions")
        scheduler.flush()
        #expect(host.renderedText.contains("Copy"))
        #expect(!host.renderedText.contains("Cut"))
        try host.tap("Older")
        scheduler.flush()
        #expect(host.renderedText.contains("Cut"))
        let text = host.renderedText
        #expect(text.contains("order automatic indicator automatic repeat automatic size regular"))
        #expect(text.contains("order fixed indicator hidden repeat enabled size small"))
        for attribute in ["menuOrder=fixed", "menuIndicator=hidden", "buttonRepeatBehavior=enabled",
                          "menuActionDismissBehavior=disabled", "radioGroupLayout=horizontal", "menu=closed"] {
            #expect(text.contains(attribute), "\(attribute)")
        }
        #expect(MenuOrder.priority != .automatic && MenuActionDismissBehavior.enabled != .automatic)
        #expect(ButtonRepeatBehavior.disabled != .enabled)
        let string: String = "Tools"
        _ = MenuButton(string) { Text("x") }
    }
}
