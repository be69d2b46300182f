import DeclarativeViews
import RunLoopBridge
import Testing

// A 1,111-view tree: a root, 10 sections, 100 rows, 1,000 leaves, each recording its body runs.

struct TreeRoot: View {
    let recorder: Recorder
    var title = "tree"
    var body: some View {
        let _ = recorder.record("root")
        VStack {
            Text(title)
            ForEach(0..<10) { section in
                TreeSection(index: section, recorder: recorder)
            }
        }
    }
}

struct TreeSection: View {
    let index: Int
    let recorder: Recorder
    @State private var highlighted = -1
    var body: some View {
        let _ = recorder.record("section \(index)")
        VStack {
            Text(highlighted < 0 ? "section \(index)" : "section \(index), row \(highlighted) highlighted")
            Button("highlight \(index)") { highlighted = 3 }
            ForEach(0..<10) { row in
                // Only the highlighted row gets a different value.
                TreeRow(section: index, index: row, highlighted: row == highlighted, recorder: recorder)
            }
        }
    }
}

struct TreeRow: View {
    let section: Int
    let index: Int
    let highlighted: Bool
    let recorder: Recorder
    var body: some View {
        let _ = recorder.record("row \(section).\(index)")
        HStack {
            if highlighted { Text("*") }
            ForEach(0..<10) { leaf in
                TreeLeaf(id: (section * 10 + index) * 10 + leaf, recorder: recorder)
            }
        }
    }
}

struct TreeLeaf: View {
    let id: Int
    let recorder: Recorder
    @State private var taps = 0
    var body: some View {
        let _ = recorder.record("leaf \(id)")
        Button("leaf \(id): \(taps)") { taps += 1 }
    }
}

// A parent whose state a child reads through a binding.

struct BindingParent: View {
    let recorder: Recorder
    @State private var value = 0
    var body: some View {
        let _ = recorder.record("parent")
        VStack {
            Text("parent sees \(value)")
            BindingChild(value: $value, recorder: recorder)
            BindingBystander(recorder: recorder)
        }
    }
}

struct BindingChild: View {
    @Binding var value: Int
    let recorder: Recorder
    var body: some View {
        let _ = recorder.record("child")
        Button("child sees \(value)") { value += 1 }
    }
}

struct BindingBystander: View {
    let recorder: Recorder
    var body: some View {
        let _ = recorder.record("bystander")
        Text("bystander")
    }
}

// A state the body does not read: writing it re-runs nothing.

struct WriteOnly: View {
    let recorder: Recorder
    @State private var clicks = 0
    var body: some View {
        let _ = recorder.record("write-only")
        Button("click") { clicks += 1 }
    }
}

@MainActor
@Suite struct BodyEvaluationTests {
    @Test func changingOneStateDeepInA1000ViewTreeReRunsOnlyTheBodyThatReadsIt() throws {
        let recorder = Recorder()
        let (host, _) = mount(TreeRoot(recorder: recorder))
        #expect(recorder.take().count == 1 + 10 + 100 + 1_000)
        #expect(host.bodyEvaluations(of: TreeLeaf.self) == 1_000)

        try host.tap("leaf 537: 0")
        host.update()
        #expect(recorder.take() == ["leaf 537"])
        #expect(host.buttonLabels.contains("leaf 537: 1"))

        // Nothing pending: another update runs nothing.
        host.update()
        #expect(recorder.take() == [])
    }

    @Test func aParentsStateReRunsTheParentAndOnlyTheChildrenWhoseInputsReallyChanged() throws {
        let recorder = Recorder()
        let (host, _) = mount(TreeRoot(recorder: recorder))
        recorder.take()
        try host.tap("highlight 4")
        host.update()
        // Section 4 read the state; of its rows only row 4.3 got a different value; the leaves
        // of row 4.3 got equal values.
        #expect(recorder.take() == ["section 4", "row 4.3"])
        let section = host.renderTree.first?.children[5]
        #expect(section?.children.first?.kind == .text("section 4, row 3 highlighted"))
        #expect(section?.children[5].children.first?.kind == .text("*"))
    }

    @Test func aBindingReRunsTheChildThatReadsItAndTheParentThatReadsTheState() throws {
        let recorder = Recorder()
        let (host, _) = mount(BindingParent(recorder: recorder))
        #expect(recorder.take() == ["parent", "child", "bystander"])
        try host.tap("child sees 0")
        host.update()
        #expect(recorder.take() == ["parent", "child"])
        #expect(host.renderedText.contains(#"Text "parent sees 1""#))
        #expect(host.buttonLabels == ["child sees 1"])
    }

    @Test func writingAStateTheBodyDoesNotReadReRunsNothing() throws {
        let recorder = Recorder()
        let (host, _) = mount(WriteOnly(recorder: recorder))
        recorder.take()
        try host.tap("click")
        host.update()
        #expect(recorder.take() == [])
    }

    @Test func anEqualViewValueReRunsNothing() {
        let recorder = Recorder()
        let (host, _) = mount(TreeRoot(recorder: recorder))
        recorder.take()
        let before = host.totalBodyEvaluations
        host.setRootView(TreeRoot(recorder: recorder))
        host.update()
        #expect(recorder.take() == [])
        #expect(host.totalBodyEvaluations == before)
        // A different value re-runs the root, and nothing below: the children it makes are equal.
        host.setRootView(TreeRoot(recorder: recorder, title: "renamed"))
        host.update()
        #expect(recorder.take() == ["root"])
        #expect(host.totalBodyEvaluations == before + 1)
    }
}

// MARK: - Structure changes release what they removed

struct BranchHost: View {
    @State private var showFirst = true
    let probe: WeakBox<Model>
    let recorder: Recorder
    var body: some View {
        VStack {
            Button("switch") { showFirst.toggle() }
            if showFirst {
                StatefulBranch(name: "first", probe: probe, recorder: recorder)
            } else {
                Text("second")
            }
        }
    }
}

struct StatefulBranch: View {
    let name: String
    let probe: WeakBox<Model>
    let recorder: Recorder
    @State private var model = Model("branch")
    var body: some View {
        let _ = probe.set(model)
        Text(name)
            .onAppear { recorder.record("appear \(name)") }
            .onDisappear { recorder.record("disappear \(name)") }
    }
}

struct ItemList: View {
    @State private var items = ["a", "b", "c"]
    let recorder: Recorder
    var body: some View {
        VStack {
            Button("reverse") { items.reverse() }
            Button("drop b") { items.removeAll { $0 == "b" } }
            ForEach(items, id: \.self) { name in
                Counter(name: name, recorder: recorder)
            }
        }
    }
}

struct Counter: View {
    let name: String
    let recorder: Recorder
    @State private var count = 0
    var body: some View {
        Button("\(name) \(count)") { count += 1 }
            .onDisappear { recorder.record("disappear \(name)") }
    }
}

@MainActor
@Suite struct StructureTests {
    @Test func switchingAnIfBranchInvalidatesTheOldBranchAndReleasesItsState() throws {
        let probe = WeakBox<Model>()
        let recorder = Recorder()
        let (host, _) = mount(BranchHost(probe: probe, recorder: recorder))
        #expect(probe.object?.name == "branch")
        #expect(recorder.take() == ["appear first"])
        try host.tap("switch")
        host.update()
        #expect(host.renderedText.contains(#"Text "second""#))
        #expect(recorder.take() == ["disappear first"])
        #expect(probe.object == nil, "the branch's @State model must be released with its subgraph")
        try host.tap("switch")
        host.update()
        #expect(recorder.take() == ["appear first"])
        #expect(probe.object != nil, "a fresh branch gets fresh state")
    }

    @Test func forEachKeepsStateByIdentityAndDropsTheStateOfRemovedElements() throws {
        let recorder = Recorder()
        let (host, _) = mount(ItemList(recorder: recorder))
        try host.tap("b 0")
        host.update()
        try host.tap("b 1")
        host.update()
        #expect(host.buttonLabels == ["reverse", "drop b", "a 0", "b 2", "c 0"])
        try host.tap("reverse")
        host.update()
        #expect(host.buttonLabels == ["reverse", "drop b", "c 0", "b 2", "a 0"])
        try host.tap("drop b")
        host.update()
        #expect(host.buttonLabels == ["reverse", "drop b", "c 0", "a 0"])
        #expect(recorder.take() == ["disappear b"])
    }

    @Test func idChangesRebuildTheContentWithFreshState() throws {
        struct Reset: View {
            @State private var generation = 0
            let recorder: Recorder
            var body: some View {
                VStack {
                    Button("reset") { generation += 1 }
                    Counter(name: "n", recorder: recorder).id(generation)
                }
            }
        }
        let recorder = Recorder()
        let (host, _) = mount(Reset(recorder: recorder))
        try host.tap("n 0")
        host.update()
        #expect(host.buttonLabels == ["reset", "n 1"])
        try host.tap("reset")
        host.update()
        #expect(host.buttonLabels == ["reset", "n 0"])
        #expect(recorder.take() == ["disappear n"])
    }

    @Test func releasingTheHostReleasesItsViewsAndDetachesFromTheScheduler() {
        let probe = WeakBox<Model>()
        let recorder = Recorder()
        let scheduler = ManualUpdateScheduler()
        weak var weakHost: ViewHost?
        do {
            let host = ViewHost(BranchHost(probe: probe, recorder: recorder), scheduler: scheduler)
            weakHost = host
            host.update()
        }
        #expect(weakHost == nil)
        #expect(probe.object == nil, "the views' state went with the host")
        #expect(!scheduler.hasPendingUpdates)
        #expect(!scheduler.flush(), "no fragment of the host is left")
        #expect(recorder.take() == ["appear first"], "no actions run after the host is gone")
    }

    @Test func invalidatingTheHostRunsDisappearActionsAndReleasesEverything() {
        let probe = WeakBox<Model>()
        let recorder = Recorder()
        let (host, scheduler) = mount(BranchHost(probe: probe, recorder: recorder))
        recorder.take()
        host.invalidate()
        #expect(recorder.take() == ["disappear first"])
        #expect(probe.object == nil)
        #expect(host.renderTree.isEmpty)
        #expect(!scheduler.hasPendingUpdates)
    }
}
