import AttrGraph
import DeclarativeViews
import Foundation
import RunLoopBridge
import Testing

/// Mounts `view` in a window of the given size and runs the first update (render and layout).
@MainActor
func layOut<V: View>(_ view: V, width: CGFloat = 400, height: CGFloat = 300) -> ViewHost {
    let host = ViewHost(view, scheduler: ManualUpdateScheduler(), windowSize: CGSize(width: width, height: height))
    host.update()
    return host
}

@MainActor
@Suite struct LayoutTests {
    @Test func textMeasuresInMonospacedCellsAndWraps() {
        #expect(TextMetrics.size(of: "Hello", proposedWidth: nil) == CGSize(width: 40, height: 16))
        #expect(TextMetrics.size(of: "two\nlines", proposedWidth: nil) == CGSize(width: 40, height: 32))
        #expect(TextMetrics.lines(of: "the quick brown fox", width: 80) == ["the quick", "brown fox"])
        #expect(TextMetrics.lines(of: "unbreakable", width: 40) == ["unbre", "akabl", "e"])
        #expect(TextMetrics.size(of: "the quick brown fox", proposedWidth: 80) == CGSize(width: 72, height: 32))
    }

    @Test func aProposalKeepsWhatWasProposedAndComparesAsTwoOptionals() {
        let lengths: [CGFloat?] = [nil, 0, -0.0, 1, 0.5, -3, .infinity, -.infinity, .nan, .greatestFiniteMagnitude,
                                   CGFloat(Double(bitPattern: 0x7FF8_0000_5EED_0001))]
        for width in lengths {
            for height in lengths {
                var proposal = ProposedViewSize(width: width, height: height)
                // nil stays nil, a NaN stays a NaN (never "unspecified"), every other length exactly itself.
                #expect((proposal.width == nil) == (width == nil))
                #expect((proposal.height == nil) == (height == nil))
                #expect(proposal.width?.isNaN ?? false == width?.isNaN ?? false)
                if let width, !width.isNaN { #expect(proposal.width?.bitPattern == width.bitPattern) }
                if let height, !height.isNaN { #expect(proposal.height?.bitPattern == height.bitPattern) }
                let same = width.map { !$0.isNaN } ?? true && height.map { !$0.isNaN } ?? true
                #expect((proposal == ProposedViewSize(width: width, height: height)) == same)
                proposal.width = height
                #expect((proposal.width == nil) == (height == nil))
            }
        }
        #expect(ProposedViewSize(width: 0, height: nil) == ProposedViewSize(width: -0.0, height: nil))
        #expect(ProposedViewSize(width: 0, height: nil).hashValue == ProposedViewSize(width: -0.0, height: nil).hashValue)
        #expect(ProposedViewSize(width: nil, height: 0) != ProposedViewSize(width: 0, height: 0))
        #expect(Set([ProposedViewSize.unspecified, .zero, .infinity, .unspecified]).count == 3)
        #expect(ProposedViewSize.unspecified.description == "(nil × nil)")
    }

    @Test func aVStackCentresItsChildrenWithDefaultSpacing() {
        struct Screen: View {
            var body: some View {
                VStack {
                    Text("Hello")
                    Text("World!")
                }
            }
        }
        #expect(layOut(Screen()).renderedTextWithFrames == """
            VStack  @ 176,130 48×40
              Text "Hello"  @ 180,130 40×16
              Text "World!"  @ 176,154 48×16
            """)
    }

    @Test func stackAlignmentAndSpacing() {
        struct Screen: View {
            var body: some View {
                HStack(alignment: .top, spacing: 0) {
                    VStack(alignment: .leading, spacing: 0) {
                        Text("a")
                        Text("bbb")
                    }
                    VStack(alignment: .trailing, spacing: 4) {
                        Text("c")
                        Text("ddd")
                        Text("e")
                    }
                }
            }
        }
        #expect(layOut(Screen()).renderedTextWithFrames == """
            HStack alignment=top spacing=0  @ 176,122 48×56
              VStack alignment=leading spacing=0  @ 176,122 24×32
                Text "a"  @ 176,122 8×16
                Text "bbb"  @ 176,138 24×16
              VStack alignment=trailing spacing=4  @ 200,122 24×56
                Text "c"  @ 216,122 8×16
                Text "ddd"  @ 200,142 24×16
                Text "e"  @ 216,162 8×16
            """)
    }

    @Test func aSpacerTakesWhatIsLeftAndTwoSpacersShareIt() {
        struct Screen: View {
            var body: some View {
                VStack(spacing: 0) {
                    HStack {
                        Text("A")
                        Spacer()
                        Text("B")
                    }
                    HStack(spacing: 0) {
                        Spacer()
                        Text("mid")
                        Spacer()
                    }
                }
            }
        }
        #expect(layOut(Screen()).renderedTextWithFrames == """
            VStack spacing=0  @ 0,134 400×32
              HStack  @ 0,134 400×16
                Text "A"  @ 0,134 8×16
                Spacer  @ 16,142 368×0
                Text "B"  @ 392,134 8×16
              HStack spacing=0  @ 0,150 400×16
                Spacer  @ 0,158 188×0
                Text "mid"  @ 188,150 24×16
                Spacer  @ 212,158 188×0
            """)
    }

    @Test func paddingAndFrames() {
        struct Screen: View {
            var body: some View {
                VStack(spacing: 0) {
                    Text("Hi").padding(10)
                    Text("Hi").padding(.horizontal, 4)
                    Text("Hi").frame(width: 100, height: 50)
                    Text("Hi").frame(width: 100, alignment: .leading)
                    Text("the quick brown fox").frame(width: 80)
                }
            }
        }
        #expect(layOut(Screen()).renderedTextWithFrames == """
            VStack spacing=0  @ 150,75 100×150
              Padding 10  @ 182,75 36×36
                Text "Hi"  @ 192,85 16×16
              Padding leading=4 trailing=4  @ 188,111 24×16
                Text "Hi"  @ 192,111 16×16
              Frame width=100 height=50  @ 150,127 100×50
                Text "Hi"  @ 192,144 16×16
              Frame width=100 alignment=leading  @ 150,177 100×16
                Text "Hi"  @ 150,177 16×16
              Frame width=80  @ 160,193 80×32
                Text "the quick brown fox"  @ 164,193 72×32
            """)
    }

    @Test func textWrapsWhenItsStackIsNarrow() {
        struct Screen: View {
            var body: some View {
                HStack {
                    Text("a fairly long label that wraps")
                    Text("x")
                }
            }
        }
        // 120 points less 8 of spacing: the less flexible "x" takes 8 of its half, the label the
        // 104 left, in lines of at most 13 characters.
        #expect(layOut(Screen(), width: 120, height: 100).renderedTextWithFrames == """
            HStack  @ 0,26 120×48
              Text "a fairly long label that wraps"  @ 0,26 104×48
              Text "x"  @ 112,42 8×16
            """)
    }

    @Test func anAppFillsItsWindowAndSplitViewColumnsShareIt() {
        struct Split: App {
            var body: some Scene {
                WindowGroup {
                    NavigationSplitView {
                        Text("Sidebar")
                    } detail: {
                        Text("Detail")
                    }
                }
            }
        }
        let host = ViewHost(app: Split(), scheduler: ManualUpdateScheduler(), windowSize: CGSize(width: 480, height: 160))
        host.update()
        #expect(host.renderedTextWithFrames == """
            WindowGroup  @ 0,0 480×160
              NavigationSplitView  @ 0,0 480×160
                sidebar:  @ 0,0 160×160
                  Text "Sidebar"  @ 52,72 56×16
                detail:  @ 160,0 320×160
                  Text "Detail"  @ 296,72 48×16
            """)
    }

    @Test func hiddenTabsAreNotLaidOut() {
        let host = ViewHost(Tabs(), scheduler: ManualUpdateScheduler(), windowSize: CGSize(width: 200, height: 100))
        host.update()
        #expect(host.renderedTextWithFrames == """
            TabView  @ 0,0 200×100
              Tab "Mail"
                Text "Inbox"
              Tab "Gear" (selected)  @ 0,0 200×100
                Text "Settings"  @ 68,42 64×16
            """)
    }

    @Test func resizingTheWindowLaysOutAgain() {
        struct Screen: View {
            var body: some View {
                HStack {
                    Text("A")
                    Spacer()
                    Text("B")
                }
            }
        }
        let host = layOut(Screen(), width: 100, height: 16)
        #expect(host.renderTree.first?.children.last?.frame == CGRect(x: 92, y: 0, width: 8, height: 16))
        host.windowSize = CGSize(width: 200, height: 16)
        host.update()
        #expect(host.renderTree.first?.children.last?.frame == CGRect(x: 192, y: 0, width: 8, height: 16))
    }

    @Test func theLayoutDrawnAsBoxes() {
        struct Screen: View {
            @State private var count = 3
            var body: some View {
                VStack(alignment: .leading, spacing: 0) {
                    Text("Count: \(count)")
                    HStack {
                        Button("Increment") { count += 1 }
                        Spacer()
                        Text("right")
                    }
                }
                .padding(16)
                .frame(width: 240, height: 96)
            }
        }
        let host = layOut(Screen(), width: 240, height: 96)
        // The frame's box (96 points high) around the padding's (64 points, centred in it).
        #expect(host.boxDrawing == """
            ┌──────────────────────────────┐
            ┌──────────────────────────────┐
            │                              │
            │  Count: 3                    │
            │ [Increment]           right  │
            │                              │
            └──────────────────────────────┘
            └──────────────────────────────┘
            """)
    }
}

// MARK: - Incremental layout

struct Dashboard: View {
    @State private var title = "short"
    var body: some View {
        VStack(alignment: .leading) {
            HStack {
                Text("left")
                Spacer()
                Text(title)
            }
            ForEach(0..<20) { index in
                Text("row \(index)")
            }
            Button("rename") { title = "a much longer title" }
        }
    }
}

struct TextColumn: View {
    var body: some View {
        VStack {
            Text("one")
            Text("two")
            Text("three")
        }
    }
}

@MainActor
@Suite struct IncrementalLayoutTests {
    @Test func changingOneTextReMeasuresItsAncestorsAndTheSiblingsItsPlacementMoves() throws {
        let host = layOut(Dashboard())
        host.recordsLayoutLog = true
        host.resetLayoutStatistics()
        try host.tap("rename")
        host.update()
        let measured = Set(host.takeLayoutLog().map { $0.components(separatedBy: " for ").first ?? $0 })
        // The changed text, its stack and the stack above it; the spacer beside it, whose
        // offer the new width changed. Not the other texts, rows or the button.
        #expect(measured == [#"Text "a much longer title""#, "HStack", "VStack alignment=leading", "Spacer"])
        #expect(host.layoutStatistics.passes == 1)
        #expect(host.layoutStatistics.cachedMeasurements > 0)
        #expect(host.renderTree.first?.children.first?.children.last?.frame?.width == 152)
    }

    @Test func anUpdateThatChangesNothingLaysOutNothing() throws {
        let host = layOut(Dashboard())
        host.resetLayoutStatistics()
        host.update()
        #expect(host.layoutStatistics == LayoutStatistics())
    }

    @Test(arguments: [false, true])
    func invalidatingTheLayoutMeasuresEverythingAgainToTheSameFrames(textsOnly: Bool) {
        // A stack of texts alone is sized and placed for the same width: what its caches hold
        // after a pass is exactly what the next pass asks first.
        let host = textsOnly ? layOut(TextColumn()) : layOut(Dashboard())
        let first = host.layoutStatistics
        let frames = host.renderedTextWithFrames
        #expect(first.measurements > 0)
        for _ in 0..<2 {
            host.resetLayoutStatistics()
            host.invalidateLayout()
            host.update()
            // The same work as the first pass (nothing answered from before), the same result.
            #expect(host.layoutStatistics.measurements == first.measurements)
            #expect(host.layoutStatistics.cachedMeasurements == first.cachedMeasurements)
            #expect(host.layoutStatistics.passes == 1)
            #expect(host.renderedTextWithFrames == frames)
        }
        // The caches are current again: an update that changes nothing lays out nothing.
        host.resetLayoutStatistics()
        host.update()
        #expect(host.layoutStatistics == LayoutStatistics())
        // And one that changes the window measures from the new caches, not stale ones.
        host.invalidateLayout()
        host.windowSize = CGSize(width: 500, height: 300)
        host.update()
        let resized = host.renderedTextWithFrames
        let fresh = textsOnly ? layOut(TextColumn(), width: 500, height: 300) : layOut(Dashboard(), width: 500, height: 300)
        #expect(resized == fresh.renderedTextWithFrames)
        #expect(resized != frames)
        host.invalidate()
        fresh.invalidate()
    }
}

// MARK: - Geometry feedback

struct SizeLabel: View {
    var body: some View {
        GeometryReader { proxy in
            Text("\(Int(proxy.size.width))×\(Int(proxy.size.height))")
        }
    }
}

/// A view whose width sets a state that changes its width: the classic feedback loop.
struct Oscillating: View {
    @State private var wide = false
    var body: some View {
        Text(wide ? "a much longer line of text" : "short")
            .onGeometryChange(for: CGFloat.self, of: { $0.size.width }) { width in
                wide = width < 100
            }
    }
}

/// A view that measures itself a few times and settles.
struct Converging: View {
    @State private var width: CGFloat = 0
    var body: some View {
        Text("width \(Int(width))")
            .onGeometryChange(for: CGFloat.self, of: { $0.size.width }) { width = $0 }
    }
}

@MainActor
@Suite struct GeometryFeedbackTests {
    @Test func aGeometryReaderBuildsItsContentFromItsSize() {
        let host = layOut(SizeLabel(), width: 320, height: 200)
        #expect(host.renderedTextWithFrames == """
            GeometryReader  @ 0,0 320×200
              Text "320×200"  @ 0,0 56×16
            """)
        host.windowSize = CGSize(width: 100, height: 40)
        host.update()
        #expect(host.renderTree.first?.children.first?.kind == .text("100×40"))
    }

    @Test func aStateWrittenFromGeometryConvergesWithoutAReport() {
        let capture = DiagnosticSink.Capture()
        let scheduler = ManualUpdateScheduler()
        let host = ViewHost(Converging(), scheduler: scheduler)
        host.graph.diagnosticSink = capture.sink
        host.update()
        // "width 0" is 56 points, "width 56" is 64, "width 64" is 64 again: three passes.
        #expect(host.renderedText == #"Text "width 64""#)
        #expect(host.layoutStatistics.passes == 3)
        #expect(host.layoutFeedbackReports.isEmpty)
        #expect(capture.text == "")
    }

    @Test func aFeedbackLoopIsReportedOnceWithinOneTurnAndStopped() throws {
        let capture = DiagnosticSink.Capture()
        let scheduler = ManualUpdateScheduler()
        let host = ViewHost(Oscillating(), scheduler: scheduler)
        host.graph.diagnosticSink = capture.sink
        #expect(host.layoutFeedbackThreshold == 100)
        host.update()
        #expect(scheduler.turnCount == 1, "detected and stopped within the first turn")
        #expect(!scheduler.hasPendingUpdates, "the loop settled")
        let report = try #require(host.layoutFeedbackReports.first)
        #expect(host.layoutFeedbackReports.count == 1)
        #expect(report.viewPath == "Oscillating > onGeometryChange(for: CGFloat)")
        #expect(report.bodyType == "Oscillating")
        #expect(report.passes == 101)
        #expect(report.state == "Oscillating._wide")
        #expect(report.values == ["true", "false"])
        #expect(capture.text == "DeclarativeViews: \(report)\n")
        #expect(report.description.contains("alternating between true and false"))
        // Bounded work: a pass per delivery, no more.
        #expect(host.layoutStatistics.passes <= 102)
        // Later turns count afresh but report no more.
        host.windowSize = CGSize(width: 500, height: 300)
        host.update()
        #expect(host.layoutFeedbackReports.count == 1)
        #expect(!scheduler.hasPendingUpdates)
    }

    @Test func theThresholdComesFromTheEnvironmentVariable() async {
        await #expect(processExitsWith: .success) {
            setenv("DV_LAYOUT_FEEDBACK_THRESHOLD", "7", 1)
            await MainActor.run {
                let host = ViewHost(Oscillating(), scheduler: ManualUpdateScheduler())
                host.graph.diagnosticSink = .discard
                host.update()
                precondition(host.layoutFeedbackThreshold == 7)
                precondition(host.layoutFeedbackReports.first?.passes == 8)
            }
        }
    }
}
