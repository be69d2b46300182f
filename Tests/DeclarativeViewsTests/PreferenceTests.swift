import DeclarativeViews
import Foundation
import Testing

/// Preferences flow up as SwiftUI's do: children's values combine in view order with the key's
/// `reduce`, only subtrees that set the key take part, `.preference` replaces what its content set,
/// `.transformPreference` changes it, and readers (`onPreferenceChange`, `overlayPreferenceValue`)
/// follow changes.
@MainActor @Suite struct PreferenceTests {
    struct TitleKey: PreferenceKey {
        static let defaultValue = "untitled"
        static func reduce(value: inout String, nextValue: () -> String) { value = nextValue() }
    }

    struct CountKey: PreferenceKey {
        static let defaultValue = 0
        static func reduce(value: inout Int, nextValue: () -> Int) { value += nextValue() }
    }

    struct NamesKey: PreferenceKey {
        static let defaultValue: [String] = []
        static func reduce(value: inout [String], nextValue: () -> [String]) { value += nextValue() }
    }

    final class Seen {
        var titles: [String] = []
        var counts: [Int] = []
    }

    struct Screen: View {
        let seen: Seen
        @State var rows = ["a", "b"]
        @State var detail = "Detail"
        var body: some View {
            VStack {
                Text("header").preference(key: TitleKey.self, value: "Header")
                ForEach(rows, id: \.self) { row in
                    Text(row).preference(key: CountKey.self, value: 1)
                }
                Text(detail).preference(key: TitleKey.self, value: detail)
                Text("no title here")  // sets nothing: the last title stays the detail's
                Button("add") { rows.append("row \(rows.count)") }
                Button("rename") { detail = "Renamed" }
            }
            .onPreferenceChange(TitleKey.self) { seen.titles.append($0) }
            .onPreferenceChange(CountKey.self) { seen.counts.append($0) }
        }
    }

    @Test func childrenCombineInViewOrderAndReadersSeeTheFirstValueAndEachChange() throws {
        let seen = Seen()
        let (host, _) = mount(Screen(seen: seen))
        #expect(seen.titles == ["Detail"], "the last writer in view order wins; a sibling that sets nothing takes no part")
        #expect(seen.counts == [2])
        try host.tap("add")
        host.update()
        #expect(seen.counts == [2, 3], "a new row's value joins the sum")
        #expect(seen.titles == ["Detail"], "an unchanged value is not reported again")
        try host.tap("rename")
        host.update()
        #expect(seen.titles == ["Detail", "Renamed"])
    }

    struct Replacing: View {
        let seen: Seen
        var body: some View {
            VStack {
                VStack {
                    Text("inner").preference(key: CountKey.self, value: 5)
                    Text("inner too").preference(key: CountKey.self, value: 7)
                }
                .preference(key: CountKey.self, value: 1)  // replaces the 12 its content set
                Text("three").preference(key: CountKey.self, value: 3)
                    .transformPreference(CountKey.self) { $0 *= 10 }  // 3 → 30
                Text("nothing").transformPreference(CountKey.self) { $0 += 100 }  // the default 0 → 100
            }
            .onPreferenceChange(CountKey.self) { seen.counts.append($0) }
        }
    }

    @Test func preferenceReplacesItsContentsValuesAndTransformChangesThem() {
        let seen = Seen()
        _ = mount(Replacing(seen: seen))
        #expect(seen.counts == [131])
    }

    struct Unset: View {
        let seen: Seen
        var body: some View {
            VStack { Text("a"); Text("b") }
                .onPreferenceChange(TitleKey.self) { seen.titles.append($0) }
        }
    }

    @Test func aSubtreeThatSetsNothingReadsTheDefault() {
        let seen = Seen()
        _ = mount(Unset(seen: seen))
        #expect(seen.titles == ["untitled"])
    }

    struct Tags: View {
        @State var names = ["swift", "graphs"]
        var body: some View {
            VStack {
                ForEach(names, id: \.self) { name in
                    Text("#\(name)").preference(key: NamesKey.self, value: [name])
                }
                Button("more") { names.append("layout") }
            }
            .overlayPreferenceValue(NamesKey.self, alignment: .bottom) { names in
                Text("\(names.count) tags: \(names.joined(separator: ", "))")
            }
            .backgroundPreferenceValue(NamesKey.self) { names in
                Text(names.isEmpty ? "none" : "first \(names[0])")
            }
        }
    }

    @Test func overlayAndBackgroundPreferenceValuesAreViewsOfTheValueThatFollowIt() throws {
        let (host, _) = mount(Tags())
        #expect(host.renderedText.contains(#"Text "2 tags: swift, graphs""#), "\(host.renderedText)")
        #expect(host.renderedText.contains(#"Text "first swift""#))
        try host.tap("more")
        host.update()
        #expect(host.renderedText.contains(#"Text "3 tags: swift, graphs, layout""#), "\(host.renderedText)")
    }

    struct Sibling: View {
        var body: some View {
            Text("sibling")
        }
    }

    struct Isolated: View {
        @State var value = 1
        let seen: Seen
        var body: some View {
            VStack {
                Sibling()
                Text("\(value)").preference(key: CountKey.self, value: value)
                Button("next") { value += 1 }
            }
            .onPreferenceChange(CountKey.self) { seen.counts.append($0) }
        }
    }

    @Test func aPreferenceChangeRerunsOnlyWhatReadsIt() throws {
        let seen = Seen()
        let (host, _) = mount(Isolated(seen: seen))
        let siblingBodies = host.bodyEvaluations(of: Sibling.self)
        try host.tap("next")
        host.update()
        #expect(seen.counts == [1, 2])
        #expect(host.bodyEvaluations(of: Sibling.self) == siblingBodies, "the sibling's body did not run again")
    }
}
