import DeclarativeViews
import Foundation
import Testing

/// `Gauge`, the generic `ProgressView` forms, `ControlGroup` and `LabeledContent`.
@MainActor
@Suite struct ValueDisplayTests {
    @Test func aGaugeShowsItsValuesPlaceBetweenItsBoundsWithItsLabels() {
        let (host, _) = mount(VStack {
            Gauge(value: 30, in: 0...200) {
                Text("Speed")
            } currentValueLabel: {
                Text("30 km/h")
            } minimumValueLabel: {
                Text("0")
            } maximumValueLabel: {
                Text("200")
            }
            Gauge(value: 1.5) { Text("Over") }
            Gauge(value: 0.5) { Text("Half") } currentValueLabel: { Text("50") } markedValueLabels: { Text("mark") }
            Gauge(value: 5.0, in: 0...10) { Text("Mid") } currentValueLabel: { Text("5") }
            Gauge(value: 2.0, in: 0...4, label: { Text("All") }, currentValueLabel: { Text("2") },
                  minimumValueLabel: { Text("lo") }, maximumValueLabel: { Text("hi") }, markedValueLabels: { Text("m") })
        })
        let gauges = host.renderTree[0].children
        #expect(gauges.map(\.text) == [
            "Speed 0 Gauge 15% 200 30 km/h", "Over Gauge 100%", "Half Gauge 50% 50 mark", "Mid Gauge 50% 5",
            "All lo Gauge 50% hi 2 m",
        ])
        #expect(gauges.map { $0.attributes["gauge"] } == ["15%", "100%", "50%", "50%", "50%"], "the value is clamped to the bounds")
    }

    @Test func progressViewsShowTheirLabelsAndFractionAndAreFoundAsProgressViews() throws {
        let progress = Progress(totalUnitCount: 10)
        progress.completedUnitCount = 4
        let past = Date(timeIntervalSinceNow: -120)...Date(timeIntervalSinceNow: -60)
        let (host, _) = mount(VStack {
            ProgressView(value: 3, total: 4) { Text("Upload") } currentValueLabel: { Text("3 of 4") }
            ProgressView { Text("Waiting") }
            ProgressView("Loading")
            ProgressView(String("Fetching"), value: 0.5)
            ProgressView(progress)
            ProgressView(value: 2.0, total: 8.0) { Text("Quarter") }
            ProgressView(timerInterval: past) as ProgressView<EmptyView, DefaultDateProgressLabel>
            ProgressView(timerInterval: past, countsDown: false) { Text("Elapsed") }
            ProgressView()
        })
        let views = host.renderTree[0].children
        #expect(views.map(\.text) == [
            "Upload ProgressView 75% 3 of 4", "Waiting ProgressView", "Loading ProgressView", "Fetching ProgressView 50%",
            "ProgressView 40%", "Quarter ProgressView 25%", "ProgressView 0% 0:00", "Elapsed ProgressView 100% 1:00",
            "ProgressView",
        ])
        #expect(views.map { $0.attributes["progressView"] } == [
            "75%", "indeterminate", "indeterminate", "50%", "40%", "25%", "0%", "100%", "indeterminate",
        ])
        #expect(try host.inspect().findAll(ViewType.ProgressView.self).count == 9)
    }

    @Test func aControlGroupShowsItsControlsInARowUnderItsTitle() throws {
        struct Formatting: View {
            @State var log = "none"
            var body: some View {
                ControlGroup {
                    Button("Bold") { log = "bold" }
                    Button("Italic") { log = "italic" }
                }
                ControlGroup("Align") {
                    Button("Left") { log = "left" }
                } as ControlGroup<LabeledControlGroupContent<Button<Text>, Text>>
                ControlGroup {
                    Button("Up") {}
                } label: {
                    Label("Move", systemImage: "arrow.up")
                }
                Text("log \(log)")
            }
        }
        let (host, scheduler) = mount(Formatting())
        let groups = host.renderTree
        #expect(groups[0].attributes["controlGroup"] == "")
        guard case .hstack = groups[0].kind else {
            Issue.record("a control group is a row: \(groups[0])")
            return
        }
        #expect(groups.prefix(3).map(\.text) == ["Bold Italic", "Align Left", "[arrow.up] Move Up"])
        try host.tap("Italic")
        scheduler.flush()
        #expect(host.renderedText.contains("Text \"log italic\""))
    }

    @Test func labeledContentShowsItsLabelAtTheLeadingEdgeAndItsValueAtTheTrailingOne() {
        let (host, _) = mount(VStack {
            LabeledContent("Version", value: "1.2")
            LabeledContent(String("Build"), value: String("42"))
            LabeledContent("Total", value: 3.5, format: .number)
            LabeledContent(String("Count"), value: 7, format: .number)
            LabeledContent("Owner") { Text("Ada") }
            LabeledContent(String("Team")) { Text("Core") }
            LabeledContent { Text("on") } label: { Text("Sync") }
        }.frame(width: 200))
        let rows = host.renderTree[0].children[0].children
        #expect(rows.map(\.text) == ["Version 1.2", "Build 42", "Total 3.5", "Count 7", "Owner Ada", "Team Core", "Sync on"])
        #expect(rows.allSatisfy { $0.attributes["labeledContent"] == "" })
        let version = rows[0]
        #expect(version.children.first?.frame?.minX == version.frame?.minX)
        #expect(version.children.last?.frame?.maxX == version.frame?.maxX)
        #expect(version.frame?.width == 200)
    }
}
