import DeclarativeViews
import Foundation
import Testing

/// State, environment and styles as a habit tracker writes them: an `@Observable` store in the
/// environment, `@Bindable` rows editing it, a custom `EnvironmentKey`, a custom `ButtonStyle`,
/// `.listStyle(.insetGrouped)`, and `onChange` keeping a streak.
@MainActor @Suite struct HabitTrackerScreenTests {
    @Observable final class Habit: Identifiable {
        let id = UUID()
        var name: String
        var done = false
        init(_ name: String) { self.name = name }
    }

    @Observable final class HabitStore {
        var habits = [Habit("Walk"), Habit("Read"), Habit("Stretch")]
        var completed: Int { habits.filter(\.done).count }
    }

    struct AccentKey: EnvironmentKey {
        static let defaultValue = "blue"
    }

    struct CheckButtonStyle: ButtonStyle {
        func makeBody(configuration: Configuration) -> some View {
            configuration.label
                .padding(6)
                .background(configuration.isPressed ? Color.gray : Color.clear)
                .clipShape(Capsule())
        }
    }

    struct HabitRow: View {
        @Bindable var habit: Habit
        @Environment(\.habitAccent) private var accent

        var body: some View {
            HStack {
                TextField("Name", text: $habit.name)
                Button(habit.done ? "Undo \(habit.name)" : "Done \(habit.name)") { habit.done.toggle() }
                    .buttonStyle(CheckButtonStyle())
                Text(accent)
            }
        }
    }

    struct TrackerScreen: View {
        @Environment(HabitStore.self) private var store
        @State private var streakEvents: [Int] = []

        var body: some View {
            List {
                Section("Today") {
                    ForEach(store.habits) { habit in
                        HabitRow(habit: habit)
                    }
                }
                Section {
                    Text("\(store.completed) of \(store.habits.count) done")
                    Text("changes \(streakEvents.map(String.init).joined(separator: ","))")
                }
            }
            .listStyle(.insetGrouped)
            .environment(\.habitAccent, "green")
            .onChange(of: store.completed) { _, completed in
                streakEvents.append(completed)
            }
        }
    }

    @Test func completingHabitsUpdatesTheSummaryAndOnChangeSeesEachCount() throws {
        let store = HabitStore()
        let (host, _) = mount(TrackerScreen().environment(store))
        #expect(host.renderedText.contains("0 of 3 done"))
        #expect(host.renderedText.contains(#"Text "green""#), "the custom environment key reaches the rows")
        try host.tap("Done Walk")
        host.update()
        try host.tap("Done Read")
        host.update()
        #expect(host.renderedText.contains("2 of 3 done"))
        #expect(host.renderedText.contains("changes 1,2"))
        try host.tap("Undo Walk")
        host.update()
        #expect(host.renderedText.contains("1 of 3 done"))
        #expect(store.habits.map(\.done) == [false, true, false])
    }

    @Test func editingARowThroughItsBindableWritesTheModel() throws {
        let store = HabitStore()
        let (host, _) = mount(TrackerScreen().environment(store))
        try host.inspect().find(textField: "Name").setInput("Swim")
        host.update()
        #expect(store.habits[0].name == "Swim")
        #expect(host.buttonLabels.contains("Done Swim"))
    }
}

extension EnvironmentValues {
    var habitAccent: String {
        get { self[HabitTrackerScreenTests.AccentKey.self] }
        set { self[HabitTrackerScreenTests.AccentKey.self] = newValue }
    }
}
