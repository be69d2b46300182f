import Combine
import DeclarativeViews
import Foundation
import Testing

/// State and environment forms sample code uses: `@ScaledMetric`, environmental modifiers,
/// `.equatable()`, modifier composition, bindings to collections and their elements, a
/// subscription view, an environment object's bindings, and environment values passed down.
@MainActor @Suite struct StateEnvironmentBreadthTests {
    struct Badge: View {
        @ScaledMetric var size = 17.0
        @ScaledMetric(relativeTo: .caption) var gap = 12.0
        var body: some View { Text("size \(size) gap \(gap)") }
    }

    /// The same metrics, spelled with their initialisers.
    struct ExplicitBadge: View {
        @ScaledMetric(wrappedValue: 17.0) var size
        @ScaledMetric(wrappedValue: 12.0, relativeTo: .caption) var gap
        var body: some View { Text("explicit \(size) \(gap)") }
    }

    /// `@ScaledMetric` scales with `\.dynamicTypeSize` as the text style it is relative to does:
    /// body text is 17 pt at the default size, 23 at xxxLarge, 40 at accessibility3; captions 12,
    /// 18 and 32.
    @Test func aScaledMetricGrowsWithTheTextSizeTheEnvironmentAsksFor() {
        let (host, _) = mount(VStack {
            Badge()
            Badge().environment(\.dynamicTypeSize, .xxxLarge)
            Badge().environment(\.dynamicTypeSize, .accessibility3)
            Badge().environment(\.dynamicTypeSize, .xSmall)
            ExplicitBadge().environment(\.dynamicTypeSize, .xxxLarge)
        })
        let text = host.renderedText
        #expect(text.contains("size 17.0 gap 12.0"))
        #expect(text.contains("size 23.0 gap 18.0"))
        #expect(text.contains("size 40.0 gap 32.0"))
        #expect(text.contains("size 14.0 gap 11.0"))
        #expect(text.contains("explicit 23.0 18.0"))
    }

    struct Highlight: ViewModifier {
        let strong: Bool
        func body(content: Content) -> some View {
            content.badge(strong ? "strong" : "plain")
        }
    }

    struct Emphasis: EnvironmentalModifier {
        func resolve(in environment: EnvironmentValues) -> Highlight {
            Highlight(strong: environment.colorScheme == .dark)
        }
    }

    /// An environmental modifier becomes the modifier `resolve(in:)` returns for the environment
    /// it finds, and again when the environment changes.
    @Test func anEnvironmentalModifierResolvesAgainstTheEnvironmentItIsIn() throws {
        struct Screen: View {
            @State var dark = false
            var body: some View {
                VStack {
                    Text("Title").modifier(Emphasis())
                    Button("Dark") { dark = true }
                }
                .environment(\.colorScheme, dark ? .dark : .light)
            }
        }
        let (host, scheduler) = mount(Screen())
        #expect(host.renderedText.contains("badge=plain"))
        try host.tap("Dark")
        scheduler.flush()
        #expect(host.renderedText.contains("badge=strong"))
        #expect(!host.renderedText.contains("badge=plain"))
    }

    /// Plain old data (compared byte by byte unless wrapped in `.equatable()`); its bodies are
    /// counted per title.
    struct Counted: View, Equatable {
        let title: Int
        let noise: Int
        nonisolated(unsafe) static var bodies: [Int] = []
        nonisolated static func == (lhs: Counted, rhs: Counted) -> Bool { lhs.title == rhs.title }
        var body: some View {
            Counted.bodies.append(title)
            return Text("title \(title)")
        }
    }

    struct Parent: View {
        let equatable: Bool
        let offset: Int
        @State var noise = 0
        @State var title = 0
        var body: some View {
            VStack {
                if equatable {
                    Counted(title: offset + title, noise: noise).equatable()
                } else {
                    Counted(title: offset + title, noise: noise)
                }
                Button("Noise") { noise += 1 }
                Button("Rename") { title = 1 }
            }
        }
    }

    /// `.equatable()` runs the body again only when `==` says the view changed: a field `==`
    /// ignores does not make it run; without it, the plain-data view compares field by field and
    /// the field does.
    @Test func anEquatableViewSkipsItsBodyWhenItsValueIsEqual() throws {
        let (host, scheduler) = mount(Parent(equatable: true, offset: 100))
        #expect(Counted.bodies.filter { $0 >= 100 && $0 < 200 } == [100])
        try host.tap("Noise")
        scheduler.flush()
        #expect(Counted.bodies.filter { $0 >= 100 && $0 < 200 } == [100])
        try host.tap("Rename")
        scheduler.flush()
        #expect(Counted.bodies.filter { $0 >= 100 && $0 < 200 } == [100, 101])
        #expect(host.renderedText.contains("title 101"))

        let (plain, plainScheduler) = mount(Parent(equatable: false, offset: 200))
        try plain.tap("Noise")
        plainScheduler.flush()
        #expect(Counted.bodies.filter { $0 >= 200 } == [200, 200])

        let wrapped = EquatableView(content: Text("x"))
        #expect(wrapped.content == Text("x"))
    }

    /// `EmptyModifier` leaves its content as it is; `a.concat(b)` applies `a` then `b`; a
    /// modifier's `animation(_:)` and `transaction(_:)` apply to the content it modifies.
    @Test func modifiersComposeAndTheEmptyModifierChangesNothing() {
        let (host, _) = mount(VStack {
            Text("same").modifier(EmptyModifier.identity)
            Text("also").modifier(EmptyModifier())
            Text("both").modifier(Highlight(strong: true).concat(_BadgeTwo()))
            Text("animated").modifier(Highlight(strong: false).animation(.easeIn).transaction { $0.disablesAnimations = true })
        })
        let text = host.renderedText
        #expect(text.contains("Text \"same\"\n") || text.contains("Text \"same\""))
        #expect(!text.contains("\"same\" ["))
        #expect(text.contains("\"both\" [badge=strong]") || text.contains("badge=strong"))
        #expect(text.contains("badge=plain"))
    }

    struct _BadgeTwo: ViewModifier {
        func body(content: Content) -> some View { content.padding(2) }
    }

    struct Item: Identifiable, Equatable {
        let id: Int
        var name: String
    }

    /// A binding to an array is a random-access collection of bindings to its elements: writing
    /// through `$items[i]` (or an element of `for item in $items`) writes the array.
    @Test func aBindingToACollectionIsACollectionOfBindings() {
        var storage = [Item(id: 1, name: "a"), Item(id: 2, name: "b"), Item(id: 3, name: "c")]
        let items = Binding(get: { storage }, set: { storage = $0 })
        #expect(items.count == 3)
        #expect(items.startIndex == 0 && items.endIndex == 3)
        #expect(Array(items.indices) == [0, 1, 2])
        #expect(items.index(after: 0) == 1 && items.index(before: 2) == 1)
        var index = 0
        items.formIndex(after: &index)
        #expect(index == 1)
        items.formIndex(before: &index)
        #expect(index == 0)
        items[1].wrappedValue.name = "B"
        for item in items where item.wrappedValue.id == 3 { item.name.wrappedValue = "C" }
        #expect(storage.map(\.name) == ["a", "B", "C"])
        #expect(items.map(\.id) == [1, 2, 3])
        #expect(items.last?.wrappedValue.name == "C")
    }

    /// `Binding(base)` makes an optional or `AnyHashable` binding of a plain one, and a binding's
    /// setter can take the transaction of the write.
    @Test func bindingsAreMadeFromOtherBindings() {
        var count = 1
        let base = Binding(get: { count }, set: { count = $0 })
        let optional = Binding<Int?>(base)
        #expect(optional.wrappedValue == 1)
        optional.wrappedValue = 5
        #expect(count == 5)
        optional.wrappedValue = nil
        #expect(count == 5)
        let hashable = Binding<AnyHashable>(base)
        #expect(hashable.wrappedValue == AnyHashable(5))
        hashable.wrappedValue = AnyHashable(9)
        #expect(count == 9)
        hashable.wrappedValue = AnyHashable("nine")
        #expect(count == 9)

        var seen: [Bool] = []
        let transactional = Binding(get: { count }, set: { (value: Int, transaction: Transaction) in
            count = value
            seen.append(transaction.animation != nil)
        })
        transactional.wrappedValue = 1
        withAnimation(.easeIn) { transactional.wrappedValue = 2 }
        #expect(count == 2)
        #expect(seen == [false, true])
    }

    /// A `SubscriptionView` calls its action with what its publisher sends while it is shown.
    @Test func aSubscriptionViewReceivesWhatItsPublisherSends() {
        struct Ticker: View {
            let subject: PassthroughSubject<Int, Never>
            @State var last = 0
            var body: some View {
                SubscriptionView(content: Text("last \(last)"), publisher: subject, action: { last = $0 })
            }
        }
        let subject = PassthroughSubject<Int, Never>()
        let (host, scheduler) = mount(Ticker(subject: subject))
        scheduler.flush()
        subject.send(4)
        scheduler.flush()
        #expect(host.renderedText.contains("last 4"))
        let view = SubscriptionView(content: Text("x"), publisher: subject, action: { _ in })
        #expect(view.content == Text("x"))
        _ = view.publisher
        view.action(1)
        host.invalidate()
    }

    final class Settings: ObservableObject {
        @Published var name = "Ada"
    }

    /// `$settings.name` on an `@EnvironmentObject` is a binding to the object's property.
    @Test func anEnvironmentObjectProjectsBindingsToItsProperties() throws {
        struct Editor: View {
            @EnvironmentObject var settings: Settings
            var body: some View {
                let wrapper: EnvironmentObject<Settings>.Wrapper = $settings
                let binding: Binding<String> = wrapper.name
                VStack {
                    Text("name \(settings.name)")
                    Button("Rename") { binding.wrappedValue = "Grace" }
                }
            }
        }
        let settings = Settings()
        let (host, scheduler) = mount(Editor().environmentObject(settings))
        try host.tap("Rename")
        scheduler.flush()
        #expect(settings.name == "Grace")
        #expect(host.renderedText.contains("name Grace"))
    }

    @Observable final class Library {
        var books = 3
    }

    /// Environment values set above are what views below read: display values, the sidebar row
    /// size, an observable object by its type.
    @Test func environmentValuesReachTheViewsBelow() {
        struct Reader: View {
            @Environment(\.backgroundMaterial) var material
            @Environment(\.backgroundStyle) var style
            @Environment(\.contentTransition) var transition
            @Environment(\.contentTransitionAddsDrawingGroup) var drawingGroup
            @Environment(\.isLuminanceReduced) var dimmed
            @Environment(\.sidebarRowSize) var rowSize
            @Environment(\.self) var environment
            var body: some View {
                let books = environment[Library.self]?.books
                Text("\(material != nil) \(style != nil) \(transition) \(drawingGroup) \(dimmed) \(rowSize) \(books ?? 0)")
            }
        }
        let (host, _) = mount(VStack {
            Reader()
            Reader()
                .environment(\.backgroundMaterial, .thin)
                .environment(\.backgroundStyle, AnyShapeStyle(Color.red))
                .environment(\.contentTransition, .opacity)
                .environment(\.contentTransitionAddsDrawingGroup, true)
                .environment(\.isLuminanceReduced, true)
                .environment(\.sidebarRowSize, .large)
                .environment(Library())
        })
        let text = host.renderedText
        #expect(text.contains("false false .identity false false medium 0"))
        #expect(text.contains("true true .opacity true true large 3"))
        var values = EnvironmentValues()
        values[Library.self] = Library()
        #expect(values[Library.self]?.books == 3)
    }

    /// The first view to prefer a color scheme wins (`PreferredColorSchemeKey`); the control
    /// active states and background prominences are values to compare.
    @Test func preferredColorSchemesReduceToTheFirstPreference() {
        struct Root: View {
            @State var preferred: ColorScheme?
            var body: some View {
                VStack {
                    Text("a")
                    Text("b").preference(key: PreferredColorSchemeKey.self, value: .dark)
                    Text("c").preference(key: PreferredColorSchemeKey.self, value: .light)
                    Text("preferred \(preferred.map { "\($0)" } ?? "none")")
                }
                .onPreferenceChange(PreferredColorSchemeKey.self) { preferred = $0 }
            }
        }
        let (host, scheduler) = mount(Root())
        scheduler.flush()
        host.update()
        #expect(host.renderedText.contains("preferred dark"))
        var value: ColorScheme?
        PreferredColorSchemeKey.reduce(value: &value) { .light }
        #expect(value == .light)
        #expect(ControlActiveState.allCases == [.key, .active, .inactive])
        #expect(BackgroundProminence.standard != BackgroundProminence.increased)
        #expect(PaletteSelectionEffect.automatic != PaletteSelectionEffect.custom)
    }
}
