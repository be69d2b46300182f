import DeclarativeViews
import RunLoopBridge
import Testing

struct Card: ViewModifier {
    let title: String
    func body(content: Content) -> some View {
        VStack(alignment: .leading, spacing: 0) {
            Text(title)
            content
        }
        .padding(4)
    }
}

struct ThemeKey: EnvironmentKey {
    static let defaultValue = "light"
}

extension EnvironmentValues {
    var theme: String {
        get { self[ThemeKey.self] }
        set { self[ThemeKey.self] = newValue }
    }
}

struct ThemedLabel: View {
    @Environment(\.theme) private var theme
    let recorder: Recorder
    var body: some View {
        let _ = recorder.record("themed")
        Text("theme \(theme)")
    }
}

struct Plain: View {
    let recorder: Recorder
    var body: some View {
        let _ = recorder.record("plain")
        Text("plain")
    }
}

struct ThemeSwitcher: View {
    @State private var dark = false
    let recorder: Recorder
    var body: some View {
        VStack {
            Button("toggle") { dark.toggle() }
            ThemedLabel(recorder: recorder)
            Plain(recorder: recorder)
        }
        .environment(\.theme, dark ? "dark" : "light")
    }
}

/// A dynamic property of our own, made of a `State`.
struct Counted: DynamicProperty {
    @State var count = 0
    var doubled: Int { count * 2 }
}

struct Person {
    var name: String
    var age: Int
}

struct Profile: View {
    @State private var person = Person(name: "Ada", age: 36)
    private var counted = Counted()
    var body: some View {
        VStack {
            Text("\(person.name), \(person.age); \(counted.doubled)")
            NameEditor(name: $person.name)
            Button("count") { counted.count += 1 }
        }
    }
}

struct NameEditor: View {
    @Binding var name: String
    var body: some View {
        Button("rename \(name)") { name = "Grace" }
    }
}

struct Restarting: View {
    @State private var generation = 0
    @State private var shown = true
    let recorder: Recorder
    var body: some View {
        VStack {
            Button("next") { generation += 1 }
            Button("hide") { shown = false }
            if shown {
                Text("generation \(generation)")
                    .task(id: generation) {
                        recorder.record("task \(generation)")
                    }
            }
        }
    }
}

@MainActor
@Suite struct ModifierAndEnvironmentTests {
    @Test func aCustomViewModifierWrapsItsContent() {
        struct Screen: View {
            var body: some View {
                Text("body").modifier(Card(title: "Title"))
            }
        }
        let (host, _) = mount(Screen())
        #expect(host.renderedText == """
            Padding 4
              VStack alignment=leading spacing=0
                Text "Title"
                Text "body"
            """)
    }

    @Test func anEnvironmentValueReachesTheViewsThatReadItAndOnlyThoseRunAgain() throws {
        let recorder = Recorder()
        let (host, _) = mount(ThemeSwitcher(recorder: recorder))
        #expect(host.renderedText.contains(#"Text "theme light""#))
        #expect(recorder.take() == ["themed", "plain"])
        try host.tap("toggle")
        host.update()
        #expect(host.renderedText.contains(#"Text "theme dark""#))
        #expect(recorder.take() == ["themed"])
    }

    @Test func customDynamicPropertiesAndKeyPathBindings() throws {
        let (host, _) = mount(Profile())
        #expect(host.renderTree.first?.children.first?.kind == .text("Ada, 36; 0"))
        try host.tap("rename Ada")
        host.update()
        #expect(host.renderTree.first?.children.first?.kind == .text("Grace, 36; 0"))
        #expect(host.buttonLabels.contains("rename Grace"))
        try host.tap("count")
        host.update()
        #expect(host.renderTree.first?.children.first?.kind == .text("Grace, 36; 2"))
    }

    @Test func aTaskWithAnIDRestartsWhenTheIDChanges() throws {
        let recorder = Recorder()
        let (host, _) = mount(Restarting(recorder: recorder))
        #expect(recorder.take() == ["task 0"])
        try host.tap("next")
        host.update()
        #expect(recorder.take() == ["task 1"])
        host.update()
        #expect(recorder.take() == [], "nothing changed: no restart")
        try host.tap("hide")
        host.update()
        #expect(!host.renderedText.contains("generation"))
    }
}
