import DeclarativeViews
import Foundation
import Testing

/// Forms and controls, persistence, focus and keyboard traits as a settings screen writes them:
/// a `Form` of sections with headers and footers, a toggle that reveals more rows, a segmented
/// picker, a stepper, a number field with a format, and `@AppStorage` over the host's own store.
@MainActor @Suite struct SettingsFormScreenTests {
    enum Units: String, CaseIterable, Identifiable {
        case metric, imperial
        var id: Self { self }
    }

    struct SettingsScreen: View {
        @AppStorage("notifications") private var notifications = false
        @AppStorage("units") private var units = Units.metric
        @AppStorage("reminderHour") private var reminderHour = 8
        @State private var dailyGoal = 2000
        @State private var nickname = ""

        var body: some View {
            NavigationStack {
                Form {
                    Section {
                        TextField("Nickname", text: $nickname)
                            .textInputAutocapitalization(.words)
                            .autocorrectionDisabled()
                        TextField("Daily goal", value: $dailyGoal, format: .number)
                            .keyboardType(.numberPad)
                    } header: {
                        Text("Profile")
                    } footer: {
                        Text(nickname.isEmpty ? "Pick a nickname" : "Hello, \(nickname)!")
                    }

                    Section("Units") {
                        Picker("Units", selection: $units) {
                            ForEach(Units.allCases) { unit in
                                Text(unit.rawValue.capitalized).tag(unit)
                            }
                        }
                        .pickerStyle(.segmented)
                    }

                    Section("Reminders") {
                        Toggle("Notifications", isOn: $notifications)
                        if notifications {
                            Stepper("Remind at \(reminderHour):00", value: $reminderHour, in: 6...22)
                        }
                    }

                    Section {
                        Text(summary)
                    }
                }
                .navigationTitle("Settings")
            }
        }

        private var summary: String {
            let goal = units == .metric ? "\(dailyGoal) ml" : "\(dailyGoal / 30) oz"
            return "Goal \(goal)" + (notifications ? ", reminder at \(reminderHour)" : "")
        }
    }

    @Test func changingSettingsUpdatesTheSummaryAndTheStore() throws {
        let store = StorageTests.Store()
        let (host, _) = mount(SettingsScreen().defaultAppStorage(store.defaults))
        #expect(try host.inspect().find(text: "Goal 2000 ml").string() == "Goal 2000 ml")
        #expect(try host.inspect().find(text: "Pick a nickname").string() == "Pick a nickname")
        #expect(!host.renderedText.contains("Remind at"), "the stepper shows only with notifications on")

        try host.type("Ada", into: "Nickname")
        try host.type("2400", into: "Daily goal")
        try host.submit()
        try host.select("Imperial")
        try host.toggle("Notifications")
        host.update()
        let stepper = try host.inspect().find(stepper: "Remind at 8:00")
        try stepper.increment()
        host.update()

        let screen = try host.inspect()
        #expect(try screen.find(text: "Hello, Ada!").string() == "Hello, Ada!")
        #expect(try screen.find(text: "Goal 80 oz, reminder at 9").string() == "Goal 80 oz, reminder at 9")
        #expect(store.defaults.string(forKey: "units") == "imperial")
        #expect(store.defaults.bool(forKey: "notifications"))
        #expect(store.defaults.integer(forKey: "reminderHour") == 9)
        #expect(try screen.find(textField: "Daily goal").attribute("keyboardType") == "numberPad")
    }

    @Test func aValueWrittenToTheStoreElsewhereShowsInTheScreen() throws {
        let store = StorageTests.Store()
        let (host, _) = mount(SettingsScreen().defaultAppStorage(store.defaults))
        store.defaults.set(true, forKey: "notifications")
        store.defaults.set(7, forKey: "reminderHour")
        host.update()
        #expect(host.renderedText.contains("Remind at 7:00"))
    }
}
