import Combine
import DeclarativeViews
import Foundation
import RunLoopBridge
import Testing

/// A workout logger: workouts saved as JSON in the documents directory by an `@Observable`
/// store (`@Environment(WorkoutStore.self)`, `@Bindable` in the editor), a `NavigationSplitView`
/// of workouts by week with a selection, a live session with a rest timer (`Timer.publish`
/// + `onReceive`), sets added with steppers and removed by swipe, a `DisclosureGroup` of past
/// sets, a progress bar drawn in a `GeometryReader`, a `Menu` with a primary action,
/// `@SceneStorage` for the selected workout kind, and `.onChange(of:initial:)`.
enum WorkoutLoggerFixture {
    enum Kind: String, Codable, CaseIterable, Identifiable {
        case strength = "Strength", cardio = "Cardio"
        var id: Self { self }
    }

    struct ExerciseSet: Identifiable, Codable, Hashable {
        var id = UUID()
        var exercise: String
        var reps: Int
        var weight: Double
    }

    struct Workout: Identifiable, Codable, Hashable {
        var id = UUID()
        var name: String
        var kind: Kind
        var date: Date
        var sets: [ExerciseSet] = []
        var goalSets = 6

        var volume: Double { sets.reduce(0) { $0 + Double($1.reps) * $1.weight } }
    }

    @Observable final class WorkoutStore {
        var workouts: [Workout] = []
        @ObservationIgnored let fileURL: URL

        init(folder: URL) {
            fileURL = folder.appendingPathComponent("workouts.json")
            if let data = try? Data(contentsOf: fileURL),
                let saved = try? JSONDecoder().decode([Workout].self, from: data)
            {
                workouts = saved
            } else {
                workouts = [
                    Workout(name: "Push Day", kind: .strength, date: Date(timeIntervalSince1970: 1_720_000_000),
                            sets: [ExerciseSet(exercise: "Bench", reps: 5, weight: 60)]),
                    Workout(name: "Easy Run", kind: .cardio, date: Date(timeIntervalSince1970: 1_720_100_000)),
                ]
            }
        }

        func save() throws {
            try JSONEncoder().encode(workouts).write(to: fileURL)
        }
    }

    struct WorkoutApp: App {
        /// Where the app saves (the documents directory; tests point it elsewhere).
        @MainActor static var folder = URL.documentsDirectory
        @State private var store = WorkoutStore(folder: WorkoutApp.folder)
        @Environment(\.scenePhase) private var scenePhase

        var body: some Scene {
            WindowGroup {
                RootView()
                    .environment(store)
            }
            .onChange(of: scenePhase) { _, phase in
                if phase != .active { try? store.save() }
            }
        }
    }

    struct RootView: View {
        @Environment(WorkoutStore.self) private var store
        @State private var selection: Workout.ID?
        @SceneStorage("kind") private var kindFilter: String = "All"
        @State private var columnVisibility = NavigationSplitViewVisibility.all

        private var shown: [Workout] {
            store.workouts.filter { kindFilter == "All" || $0.kind.rawValue == kindFilter }
        }

        var body: some View {
            NavigationSplitView(columnVisibility: $columnVisibility) {
                List(selection: $selection) {
                    Picker("Kind", selection: $kindFilter) {
                        Text("All").tag("All")
                        ForEach(Kind.allCases) { Text($0.rawValue).tag($0.rawValue) }
                    }
                    .pickerStyle(.segmented)
                    ForEach(shown) { workout in
                        VStack(alignment: .leading) {
                            Text(workout.name)
                            Text("\(workout.sets.count) sets · \(Int(workout.volume)) kg")
                                .font(.caption)
                        }
                        .tag(workout.id)
                    }
                    .onDelete { offsets in
                        let ids = offsets.map { shown[$0].id }
                        store.workouts.removeAll { ids.contains($0.id) }
                    }
                }
                .navigationTitle("Workouts")
                .toolbar {
                    Menu {
                        Button("Strength") { add(.strength) }
                        Button("Cardio") { add(.cardio) }
                    } label: {
                        Label("New Workout", systemImage: "plus")
                    } primaryAction: {
                        add(.strength)
                    }
                }
            } detail: {
                if let selection, let index = store.workouts.firstIndex(where: { $0.id == selection }) {
                    @Bindable var store = store
                    WorkoutDetail(workout: $store.workouts[index])
                } else {
                    ContentUnavailableView("Pick a Workout", systemImage: "figure.run")
                }
            }
        }

        private func add(_ kind: Kind) {
            let workout = Workout(name: "New \(kind.rawValue)", kind: kind, date: Date(timeIntervalSince1970: 1_720_200_000))
            store.workouts.append(workout)
            selection = workout.id
        }
    }

    struct WorkoutDetail: View {
        @Binding var workout: Workout
        @State private var exercise = "Squat"
        @State private var reps = 8
        @State private var weight = 40.0
        @State private var restRemaining = 0
        @State private var showsHistory = false
        @State private var progressEvents: [String] = []
        nonisolated(unsafe) static var tick: TimeInterval = 1
        private let timer = Timer.publish(every: WorkoutDetail.tick, on: .main, in: .common).autoconnect()

        var body: some View {
            Form {
                Section {
                    TextField("Name", text: $workout.name)
                    DatePicker("Date", selection: $workout.date)
                    Stepper("Goal: \(workout.goalSets) sets", value: $workout.goalSets, in: 1...20)
                    GeometryReader { proxy in
                        let fraction = min(Double(workout.sets.count) / Double(workout.goalSets), 1)
                        ZStack(alignment: .leading) {
                            Capsule().fill(.quaternary)
                            Capsule().fill(.green).frame(width: proxy.size.width * fraction)
                        }
                        .accessibilityLabel("Progress")
                        .accessibilityValue("\(Int(fraction * 100)) percent")
                    }
                    .frame(height: 8)
                }
                Section("Add Set") {
                    TextField("Exercise", text: $exercise)
                    Stepper("Reps: \(reps)", value: $reps, in: 1...50)
                    Stepper("Weight: \(weight, specifier: "%.1f") kg", value: $weight, in: 0...300, step: 2.5)
                    Button("Log Set") {
                        workout.sets.append(ExerciseSet(exercise: exercise, reps: reps, weight: weight))
                        restRemaining = 3
                    }
                }
                if restRemaining > 0 {
                    Section {
                        Text("Rest: \(restRemaining)s")
                        Button("Skip Rest") { restRemaining = 0 }
                    }
                }
                Section {
                    DisclosureGroup("Sets (\(workout.sets.count))", isExpanded: $showsHistory) {
                        ForEach(workout.sets) { set in
                            Text("\(set.exercise) \(set.reps) × \(set.weight, specifier: "%.1f")")
                        }
                        .onDelete { workout.sets.remove(atOffsets: $0) }
                    }
                }
                Section {
                    Text("Events: \(progressEvents.joined(separator: ","))")
                }
            }
            .navigationTitle(workout.name)
            .onReceive(timer) { _ in
                if restRemaining > 0 { restRemaining -= 1 }
            }
            .onChange(of: workout.sets.count, initial: true) { _, count in
                progressEvents.append("\(count)/\(workout.goalSets)")
            }
        }
    }
}

@MainActor @Suite(.serialized) struct WorkoutLoggerAppTests {
    typealias Fixture = WorkoutLoggerFixture

    /// The app, saving in `folder`.
    private func app(_ folder: URL) -> Fixture.WorkoutApp {
        Fixture.WorkoutApp.folder = folder
        return Fixture.WorkoutApp()
    }

    @Test func selectingAWorkoutShowsItsDetailAndLoggingSetsUpdatesProgressAndTheList() throws {
        let host = launch(app(temporaryDocuments("workout-log")))
        #expect(host.renderedText.contains("Pick a Workout"))
        try host.select("Push Day")
        host.update()
        #expect(host.renderedText.contains("Events: 1/6"), "onChange(initial: true) ran when the detail appeared")
        try host.inspect().find(stepper: "Reps: 8").increment()
        try host.inspect().find(stepper: "Weight: 40.0 kg").increment()
        host.update()
        try host.tap("Log Set")
        host.update()
        #expect(host.renderedText.contains("Rest: 3s"))
        #expect(host.renderedText.contains("2 sets · 682 kg"), "the list row reads the same store")
        #expect(host.renderedText.contains("Events: 1/6,2/6"))
        #expect(try host.inspect().find(viewWithAccessibilityLabel: "Progress").accessibilityValue() == "33 percent")
        try host.expand("Sets (2)")
        host.update()
        #expect(host.renderedText.contains("Squat 9 × 42.5"))
        try host.swipeDelete("Bench 5 × 60.0")
        host.update()
        #expect(host.renderedText.contains("Sets (1)"))
        try host.tap("Skip Rest")
        host.update()
        #expect(!host.renderedText.contains("Rest:"))
    }

    @Test func theRestTimerCountsDownOnTheTimer() throws {
        Fixture.WorkoutDetail.tick = 0.01
        defer { Fixture.WorkoutDetail.tick = 1 }
        let host = launch(app(temporaryDocuments("workout-rest")))
        try host.select("Push Day")
        host.update()
        try host.tap("Log Set")
        host.update()
        #expect(host.renderedText.contains("Rest: 3s"))
        // Ticks a hundredth of a second apart: a busy machine may run two in one turn of the run
        // loop, so the test follows the countdown to its end rather than waiting for one second.
        let ticked = waitForTicks(host) { !$0.renderedText.contains("Rest: 3s") }
        #expect(ticked, "the rest timer ticked")
        let rested = waitForTicks(host) { !$0.renderedText.contains("Rest:") }
        #expect(rested, "the rest timer counted down to the end")
    }

    @Test func theMenusPrimaryActionAddsAStrengthWorkoutAndItsItemsAddOthers() throws {
        let host = launch(app(temporaryDocuments("workout-menu")))
        try host.tap("New Workout")
        host.update()
        #expect(host.renderedText.contains("New Strength"), "a tap runs the primary action")
        try host.longPress("New Workout")
        host.update()
        try host.tap("Cardio")
        host.update()
        #expect(host.renderedText.contains("New Cardio"))
        try host.inspect().find(picker: "Kind").select("Cardio")
        host.update()
        #expect(!host.renderedText.contains("Push Day"))
        #expect(host.renderedText.contains("Easy Run"))
    }

    @Test func goingToTheBackgroundSavesTheWorkoutsForTheNextLaunch() throws {
        let folder = temporaryDocuments("workout-save")
        let host = launch(app(folder))
        try host.select("Easy Run")
        host.update()
        try host.type("Long Run", into: "Name")
        host.update()
        host.scenePhase = .background
        host.update()
        let again = launch(app(folder))
        #expect(again.renderedText.contains("Long Run"))
    }
}
