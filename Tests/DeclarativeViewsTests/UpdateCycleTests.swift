import AttrGraph
import DeclarativeViews
import Foundation
import RunLoopBridge
import SeedStory
import Testing

/// One flush of a host is SwiftUI's update cycle: bodies → layout → preferences → geometry →
/// actions, again while the later phases wrote state; work queued by views runs in its phase.
@MainActor @Suite struct UpdateCycleTests {
    struct TitleKey: PreferenceKey {
        static let defaultValue = ""
        static func reduce(value: inout String, nextValue: () -> String) { value = nextValue() }
    }

    /// A screen whose every kind of queued work records itself.
    struct Screen: View {
        let recorder: Recorder
        @State var title = "first"
        var body: some View {
            let _ = recorder.record("body")
            VStack {
                Text(title).preference(key: TitleKey.self, value: title)
                Button("rename") { title = "second" }
            }
            .onPreferenceChange(TitleKey.self) { recorder.record("preference \($0)") }
            .onGeometryChange(for: CGFloat.self, of: { $0.size.width }) { recorder.record("geometry \(Int($0))") }
            .onChange(of: title) { recorder.record("change \(title)") }
            .onAppear { recorder.record("appear") }
        }
    }

    @Test func aFlushRunsThePhasesInSwiftUIsOrderAndQueuedWorkInItsPhase() throws {
        let recorder = Recorder()
        let scheduler = ManualUpdateScheduler()
        let host = ViewHost(Screen(recorder: recorder), scheduler: scheduler)
        host.phaseObserver = { recorder.record("— \($0)") }
        host.update()
        #expect(recorder.take() == [
            "— bodies", "body",
            "— layout",
            "— preferences", "preference first",
            "— geometry", "geometry 48",
            "— actions", "appear",
        ])
        try host.tap("rename")
        host.update()
        #expect(recorder.take() == [
            "— bodies", "body",
            "— layout",
            "— preferences", "preference second",
            "— geometry",  // the same width: no geometry action
            "— actions", "change second",
        ])
        host.update()
        #expect(recorder.take() == [], "nothing pending: no phase runs")
    }

    /// Writes state from its geometry until the text fits (two rounds of the cycle in one flush).
    struct Shrinking: View {
        let recorder: Recorder
        @State var label = "a label far too long for the window"
        var body: some View {
            Text(label)
                .onGeometryChange(for: CGFloat.self, of: { $0.size.width }) { width in
                    if width > 100 { label = "short" }
                }
        }
    }

    @Test func stateWrittenByALaterPhaseRunsAnotherRoundInTheSameFlush() {
        let recorder = Recorder()
        let host = ViewHost(
            Shrinking(recorder: recorder), scheduler: ManualUpdateScheduler(), windowSize: CGSize(width: 400, height: 100))
        host.phaseObserver = { recorder.record("\($0)") }
        host.update()
        let phases = ["bodies", "layout", "preferences", "geometry", "actions"]
        #expect(recorder.take() == phases + phases)
        #expect(host.renderedText == #"Text "short""#)
    }

    @Test func theWindowSizeAndALayoutInvalidationAskForAnUpdateThatReRunsNoBody() {
        let recorder = Recorder()
        let (host, _) = mount(Screen(recorder: recorder))
        recorder.take()
        host.phaseObserver = { recorder.record("— \($0)") }
        host.windowSize = CGSize(width: 200, height: 100)
        host.update()
        #expect(recorder.take() == ["— bodies", "— layout", "— preferences", "— geometry", "— actions"])
        host.resetLayoutStatistics()
        host.invalidateLayout()
        host.update()
        #expect(recorder.take() == ["— bodies", "— layout", "— preferences", "— geometry", "— actions"])
        #expect(host.layoutStatistics.passes == 1)
        #expect(host.layoutStatistics.measurements > 0, "everything was measured again")
    }

    @Test func aContainersHostedContentIsAnEdgeOfTheGraph() throws {
        let scheduler = ManualUpdateScheduler()
        let host = ViewHost(app: AGIssueAppFixed(), scheduler: scheduler)
        host.update()
        let dot = host.graph.graphvizDescription(includeValues: false)
        // The TabView's render rule reads its hosted content's render list (in the content's own
        // graph context): the archive shows the edge instead of an input written by the fragment.
        let nodes = dot.split(separator: "\n").filter { $0.contains("label=") }
        let tabRender = try #require(nodes.first { $0.contains("TabViewRender") }, "\(dot)")
        let tabID = try #require(tabRender.split(separator: "[").first?.trimmingCharacters(in: .whitespaces))
        let columns = try #require(nodes.first { $0.contains("ColumnsRender") }, "the split view's columns: \(dot)")
        let columnsID = try #require(columns.split(separator: "[").first?.trimmingCharacters(in: .whitespaces))
        #expect(dot.contains("\(columnsID) -> \(tabID)"), "\(dot)")
        #expect(!dot.contains("Optional<Array<DisplayNode>>"), "no hosted-content input attribute remains")
    }
}
