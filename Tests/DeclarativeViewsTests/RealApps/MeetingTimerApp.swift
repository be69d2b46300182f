import Combine
import DeclarativeViews
import Foundation
import RunLoopBridge
import Testing

/// A meeting timer in the shape of Apple's Scrumdinger tutorial: scrums in an `ObservableObject`
/// store passed as a binding, a `NavigationStack` pushing a detail by value with
/// `navigationDestination(for:)`, an edit sheet with a slider, stepper and attendee list
/// (`onDelete`), a meeting screen counting down with `Timer.publish` + `onReceive`, a history kept
/// when the meeting ends, and a `fullScreenCover` for a new scrum.
enum MeetingTimerFixture {
    struct Scrum: Identifiable, Codable, Hashable {
        var id = UUID()
        var title: String
        var attendees: [String]
        var lengthInMinutes: Int
        var theme: String = "yellow"
        var history: [History] = []

        var lengthInSeconds: Int { lengthInMinutes * 60 }

        static let empty = Scrum(title: "", attendees: [], lengthInMinutes: 5)
    }

    struct History: Identifiable, Codable, Hashable {
        var id = UUID()
        var date: Date
        var attendees: [String]
        var secondsElapsed: Int
    }

    /// Counts a meeting down: one speaker after another, a tick a second.
    @MainActor final class ScrumTimer: ObservableObject {
        @Published var activeSpeaker = ""
        @Published var secondsElapsed = 0
        @Published var secondsRemaining = 0
        private(set) var speakers: [String] = []
        private var lengthInSeconds = 0
        private var speakerIndex = 0

        var secondsPerSpeaker: Int { speakers.isEmpty ? 0 : lengthInSeconds / speakers.count }
        var isFinished: Bool { secondsRemaining == 0 && secondsElapsed > 0 }

        func reset(lengthInMinutes: Int, attendees: [String]) {
            lengthInSeconds = lengthInMinutes * 60
            speakers = attendees.isEmpty ? ["Speaker 1"] : attendees
            speakerIndex = 0
            secondsElapsed = 0
            secondsRemaining = lengthInSeconds
            activeSpeaker = speakers[0]
        }

        func tick(by seconds: Int = 1) {
            guard secondsRemaining > 0 else { return }
            secondsElapsed += seconds
            secondsRemaining = max(lengthInSeconds - secondsElapsed, 0)
            let index = min(secondsElapsed / max(secondsPerSpeaker, 1), speakers.count - 1)
            if index != speakerIndex {
                speakerIndex = index
                activeSpeaker = speakers[index]
            }
        }

        func skipSpeaker() {
            guard speakerIndex + 1 < speakers.count else { return }
            speakerIndex += 1
            secondsElapsed = speakerIndex * secondsPerSpeaker
            secondsRemaining = lengthInSeconds - secondsElapsed
            activeSpeaker = speakers[speakerIndex]
        }
    }

    @MainActor final class ScrumStore: ObservableObject {
        @Published var scrums: [Scrum] = [
            Scrum(title: "Design", attendees: ["Cathy", "Daisy", "Simon", "Jonathan"], lengthInMinutes: 1),
            Scrum(title: "App Dev", attendees: ["Katie", "Gray", "Euna"], lengthInMinutes: 5, theme: "orange"),
        ]
    }

    struct ScrumdingerApp: App {
        @StateObject private var store = ScrumStore()
        /// How often the meeting clock ticks (a second in the app; tests make it faster).
        nonisolated(unsafe) static var tickInterval: TimeInterval = 1

        var body: some Scene {
            WindowGroup {
                ScrumsView(scrums: $store.scrums)
            }
        }
    }

    struct ScrumsView: View {
        @Binding var scrums: [Scrum]
        @State private var isPresentingNewScrum = false

        var body: some View {
            NavigationStack {
                List($scrums) { $scrum in
                    NavigationLink(value: scrum.id) {
                        CardView(scrum: scrum)
                    }
                    .listRowBackground(Color.yellow)
                }
                .navigationTitle("Daily Scrums")
                .navigationDestination(for: Scrum.ID.self) { id in
                    if let index = scrums.firstIndex(where: { $0.id == id }) {
                        DetailView(scrum: $scrums[index])
                    }
                }
                .toolbar {
                    Button(action: { isPresentingNewScrum = true }) {
                        Image(systemName: "plus")
                    }
                    .accessibilityLabel("New Scrum")
                }
            }
            .fullScreenCover(isPresented: $isPresentingNewScrum) {
                NewScrumSheet(scrums: $scrums, isPresentingNewScrum: $isPresentingNewScrum)
            }
        }
    }

    struct CardView: View {
        let scrum: Scrum

        var body: some View {
            VStack(alignment: .leading) {
                Text(scrum.title)
                    .font(.headline)
                    .accessibilityAddTraits(.isHeader)
                Spacer()
                HStack {
                    Label("\(scrum.attendees.count)", systemImage: "person.3")
                        .accessibilityLabel("\(scrum.attendees.count) attendees")
                    Spacer()
                    Label("\(scrum.lengthInMinutes) min", systemImage: "clock")
                        .labelStyle(.trailingIcon)
                }
                .font(.caption)
            }
            .padding()
        }
    }

    struct NewScrumSheet: View {
        @State private var newScrum = Scrum.empty
        @Binding var scrums: [Scrum]
        @Binding var isPresentingNewScrum: Bool

        var body: some View {
            NavigationStack {
                DetailEditView(scrum: $newScrum)
                    .toolbar {
                        ToolbarItem(placement: .cancellationAction) {
                            Button("Dismiss") { isPresentingNewScrum = false }
                        }
                        ToolbarItem(placement: .confirmationAction) {
                            Button("Add") {
                                scrums.append(newScrum)
                                isPresentingNewScrum = false
                            }
                            .disabled(newScrum.title.isEmpty)
                        }
                    }
            }
        }
    }

    struct DetailView: View {
        @Binding var scrum: Scrum
        @State private var editingScrum = Scrum.empty
        @State private var isPresentingEditView = false
        @State private var isMeeting = false

        var body: some View {
            List {
                Section(header: Text("Meeting Info")) {
                    Button {
                        isMeeting = true
                    } label: {
                        Label("Start Meeting", systemImage: "timer")
                            .font(.headline)
                    }
                    HStack {
                        Label("Length", systemImage: "clock")
                        Spacer()
                        Text("\(scrum.lengthInMinutes) minutes")
                    }
                }
                Section(header: Text("Attendees")) {
                    ForEach(scrum.attendees, id: \.self) { name in
                        Label(name, systemImage: "person")
                    }
                }
                Section(header: Text("History")) {
                    if scrum.history.isEmpty {
                        Label("No meetings yet", systemImage: "calendar.badge.exclamationmark")
                    }
                    ForEach(scrum.history) { history in
                        HStack {
                            Image(systemName: "calendar")
                            Text("\(history.attendees.count) attended, \(history.secondsElapsed) s")
                        }
                    }
                }
            }
            .navigationTitle(scrum.title)
            .toolbar {
                Button("Edit") {
                    isPresentingEditView = true
                    editingScrum = scrum
                }
            }
            .navigationDestination(isPresented: $isMeeting) {
                MeetingView(scrum: $scrum)
            }
            .sheet(isPresented: $isPresentingEditView) {
                NavigationStack {
                    DetailEditView(scrum: $editingScrum)
                        .navigationTitle(scrum.title)
                        .toolbar {
                            ToolbarItem(placement: .cancellationAction) {
                                Button("Cancel") { isPresentingEditView = false }
                            }
                            ToolbarItem(placement: .confirmationAction) {
                                Button("Done") {
                                    isPresentingEditView = false
                                    scrum = editingScrum
                                }
                            }
                        }
                }
            }
        }
    }

    struct DetailEditView: View {
        @Binding var scrum: Scrum
        @State private var newAttendeeName = ""

        var body: some View {
            Form {
                Section(header: Text("Meeting Info")) {
                    TextField("Title", text: $scrum.title)
                    HStack {
                        Slider(value: Binding(
                            get: { Double(scrum.lengthInMinutes) },
                            set: { scrum.lengthInMinutes = Int($0) }), in: 5...30, step: 1) {
                            Text("Length")
                        }
                        .accessibilityValue("\(scrum.lengthInMinutes) minutes")
                        Spacer()
                        Text("\(scrum.lengthInMinutes) minutes")
                            .accessibilityHidden(true)
                    }
                    Stepper("Length: \(scrum.lengthInMinutes)", value: $scrum.lengthInMinutes, in: 1...60)
                    Picker("Theme", selection: $scrum.theme) {
                        ForEach(["yellow", "orange", "teal"], id: \.self) { theme in
                            Text(theme.capitalized).tag(theme)
                        }
                    }
                }
                Section(header: Text("Attendees")) {
                    ForEach(scrum.attendees, id: \.self) { attendee in
                        Text(attendee)
                    }
                    .onDelete { indices in
                        scrum.attendees.remove(atOffsets: indices)
                    }
                    HStack {
                        TextField("New Attendee", text: $newAttendeeName)
                        Button(action: {
                            withAnimation {
                                scrum.attendees.append(newAttendeeName)
                                newAttendeeName = ""
                            }
                        }) {
                            Image(systemName: "plus.circle.fill")
                                .accessibilityLabel("Add attendee")
                        }
                        .disabled(newAttendeeName.isEmpty)
                    }
                }
            }
        }
    }

    struct MeetingView: View {
        @Binding var scrum: Scrum
        @StateObject private var scrumTimer = ScrumTimer()
        @Environment(\.dismiss) private var dismiss
        private let timer = Timer.publish(every: ScrumdingerApp.tickInterval, on: .main, in: .common).autoconnect()

        var body: some View {
            VStack {
                ProgressView(value: Double(scrumTimer.secondsElapsed), total: Double(max(scrum.lengthInSeconds, 1)))
                HStack {
                    VStack(alignment: .leading) {
                        Text("Seconds Elapsed").font(.caption)
                        Label("\(scrumTimer.secondsElapsed)", systemImage: "hourglass.tophalf.fill")
                    }
                    Spacer()
                    VStack(alignment: .trailing) {
                        Text("Seconds Remaining").font(.caption)
                        Label("\(scrumTimer.secondsRemaining)", systemImage: "hourglass.bottomhalf.fill")
                            .labelStyle(.trailingIcon)
                    }
                }
                Circle().strokeBorder(lineWidth: 24)
                    .overlay {
                        Text("Speaking: \(scrumTimer.activeSpeaker)")
                    }
                HStack {
                    Button("Next Speaker", action: scrumTimer.skipSpeaker)
                    Button("End Meeting") {
                        endMeeting()
                        dismiss()
                    }
                }
            }
            .padding()
            .navigationBarTitleDisplayMode(.inline)
            .onAppear {
                scrumTimer.reset(lengthInMinutes: scrum.lengthInMinutes, attendees: scrum.attendees)
            }
            .onReceive(timer) { _ in
                scrumTimer.tick()
            }
            .onChange(of: scrumTimer.isFinished) { _, finished in
                if finished { endMeeting() }
            }
        }

        private func endMeeting() {
            guard scrum.history.last?.secondsElapsed != scrumTimer.secondsElapsed || scrumTimer.secondsElapsed == 0 else { return }
            let history = History(date: Date(), attendees: scrum.attendees, secondsElapsed: scrumTimer.secondsElapsed)
            scrum.history.insert(history, at: 0)
        }
    }
}

extension LabelStyle where Self == MeetingTimerFixture.TrailingIconLabelStyle {
    static var trailingIcon: Self { Self() }
}

extension MeetingTimerFixture {
    struct TrailingIconLabelStyle: LabelStyle {
        func makeBody(configuration: Configuration) -> some View {
            HStack {
                configuration.title
                configuration.icon
            }
        }
    }
}

@MainActor @Suite(.serialized) struct MeetingTimerAppTests {
    typealias Fixture = MeetingTimerFixture

    @Test func theListShowsEachScrumsCardAndTappingOnePushesItsDetail() throws {
        let host = launch(Fixture.ScrumdingerApp())
        #expect(host.renderedText.contains(#"Text "Design""#))
        #expect(host.renderedText.contains("5 min"))
        #expect(try host.inspect().find(viewWithAccessibilityLabel: "4 attendees").accessibilityLabel() == "4 attendees")
        try host.tap("App Dev")
        host.update()
        #expect(try host.inspect().find(text: "5 minutes").string() == "5 minutes")
        #expect(host.renderedText.contains("Katie"))
        #expect(host.renderedText.contains("No meetings yet"))
        try host.back()
        host.update()
        #expect(!host.renderedText.contains("Katie"))
    }

    @Test func editingAScrumInTheSheetChangesTheDetailOnlyWhenDone() throws {
        let host = launch(Fixture.ScrumdingerApp())
        try host.tap("Design")
        host.update()
        // The same edits twice: cancelled, then kept.
        for closing in ["Cancel", "Done"] {
            try host.tap("Edit")
            host.update()
            try host.type("Design Review", into: "Title")
            try host.inspect().find(stepper: "Length: 1").increment()
            host.update()
            try host.swipeDelete("Simon")
            host.update()
            try host.type("Zoe", into: "New Attendee")
            host.update()
            try host.tap("Add attendee")
            host.update()
            try host.tap(closing)
            host.update()
            if closing == "Cancel" { #expect(host.renderedText.contains("1 minutes"), "cancel keeps the scrum") }
        }
        // The pushed detail (navigationDestination(for:)) shows the edit the store now has.
        #expect(host.renderedText.contains("2 minutes"))
        #expect(host.renderedText.contains("Zoe"))
        #expect(!host.renderedText.contains("Simon"))
        try host.back()
        host.update()
        #expect(host.renderedText.contains("Design Review"))
    }

    @Test func theMeetingCountsDownOnTheTimerAndEndingItAddsHistory() throws {
        Fixture.ScrumdingerApp.tickInterval = 0.01
        defer { Fixture.ScrumdingerApp.tickInterval = 1 }
        let host = launch(Fixture.ScrumdingerApp())
        try host.tap("Design")
        host.update()
        try host.tap("Start Meeting")
        host.update()
        #expect(host.renderedText.contains("Speaking: Cathy"))
        // The timer is on `RunLoop.main`, as apps schedule it (under `swift test` on Linux, where
        // the main thread is parked in `dispatchMain()`, its ticks reach the main actor through
        // the main queue or the run loop `waitForTicks` runs).
        let ticked = waitForTicks(host, until: "Speaking: Daisy")
        #expect(ticked, "15 ticks pass the first speaker's quarter")
        try host.tap("Next Speaker")
        host.update()
        #expect(host.renderedText.contains(ticked ? "Speaking: Simon" : "Speaking: Daisy"))
        try host.tap("End Meeting")
        host.update()
        // dismiss() pops the screen navigationDestination(isPresented:) pushed; the detail shows the history.
        #expect(!host.renderedText.contains("Speaking:"))
        #expect(host.renderedText.contains("4 attended"))
        #expect(!host.renderedText.contains("No meetings yet"))
    }

    @Test func aNewScrumIsMadeInAFullScreenCoverWhoseAddWaitsForATitle() throws {
        let host = launch(Fixture.ScrumdingerApp())
        try host.tap("New Scrum")
        host.update()
        #expect(try host.inspect().find(button: "Add").isDisabled())
        try host.type("Standup", into: "Title")
        host.update()
        #expect(try !host.inspect().find(button: "Add").isDisabled())
        try host.tap("Add")
        host.update()
        #expect(host.renderedText.contains(#"Text "Standup""#))
        #expect(!host.renderedText.contains("New Attendee"))
    }
}
