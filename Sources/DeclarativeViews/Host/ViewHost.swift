import AttrGraph
import CoreFoundation
import Foundation
import RunLoopBridge

/// Mounts a view (or an ``App``'s scenes) on a ``Graph`` and keeps its render tree up to date.
///
///     let host = ViewHost(Counter())                       // updates on this thread's run loop
///     RunLoopSpinner.spin(for: 0.05)                         // …or host.update() to flush now
///     print(host.renderedText)                             // Button "Count: 0"
///     try host.tap("Count: 0")
///     host.update()
///     print(host.renderedText)                             // Button "Count: 1"
///
/// Every view's `body` is a rule of the host's graph. State writes mark the graph, which the
/// scheduler (a ``RunLoopUpdateCoalescer`` on the current run loop unless you pass one, e.g. a
/// ``ManualUpdateScheduler`` in tests) flushes: each flush runs the host's update cycle —
/// bodies, layout, preferences, geometry, actions (``UpdatePhase``) — and goes round again
/// while the later phases changed state.
@MainActor
public final class ViewHost {
    package let core: _HostCore
    private var rootInput: AnyAttribute
    private let rootType: Any.Type
    private var rootRender: Attribute<[DisplayNode]>!
    /// The render list last reported to `onRender`.
    private var reported: [DisplayNode]?
    /// The input last typed into (it has the focus unless a `.focused` binding says otherwise).
    var typedInto: String?
    /// The input being edited: typed into and not yet submitted (told when editing ends).
    var editing: TextInput?

    /// The URLs the system was asked to open, in order: a tapped ``Link``'s, or those given to
    /// `@Environment(\.openURL)` that no handler took (``OpenURLAction``). Headless nothing opens.
    public var openedURLs: [URL] { core.openedURLs }

    /// Called after a flush that changed the render tree (the headless runner prints it).
    public var onRender: ((ViewHost) -> Void)?

    /// The default window size: 80 × 30 text cells (see ``TextMetrics``).
    public static let defaultWindowSize = CGSize(width: 640, height: 480)

    /// Mounts `root`. Without a `scheduler`, updates are coalesced on the current thread's run
    /// loop at `.beforeWaiting` (as on the main thread of an app).
    public convenience init<Root: View>(
        _ root: Root, scheduler: (any UpdateScheduler)? = nil, environment: EnvironmentValues = EnvironmentValues(),
        windowSize: CGSize = ViewHost.defaultWindowSize
    ) {
        self.init(rootType: Root.self, scheduler: scheduler, environment: environment, windowSize: windowSize) { inputs in
            let input = Attribute(value: root)
            return (input.identifier, Root._makeDebuggableView(view: _GraphValue(input), inputs: inputs))
        }
    }

    init(rootType: Any.Type, scheduler: (any UpdateScheduler)?, environment: EnvironmentValues,
         windowSize: CGSize, mount: (_ViewInputs) -> (AnyAttribute, _ViewOutputs)) {
        let graph = Graph()
        let ownsScheduler = scheduler == nil
        let scheduler = scheduler ?? RunLoopUpdateCoalescer(runLoop: CFRunLoopGetCurrent())
        core = _HostCore(graph: graph, scheduler: scheduler, windowSize: windowSize)
        core.ownsScheduler = ownsScheduler
        self.rootType = rootType
        rootInput = .nil
        // The root fragment first: a flush updates the root before the containers' fragments
        // (which mounting the views adds), as the outermost hosting controller comes first.
        let rootFragment = scheduler.addFragment("root") { [weak self] in
            MainActor.preconditionIsolated("DeclarativeViews: a ViewHost updates on the main actor.")
            self?.updateRoot()
        }
        let core = self.core
        let (input, render) = core.rootSubgraph.apply { () -> (AnyAttribute, Attribute<[DisplayNode]>) in
            var environment = environment
            environment._systemOpenURL = { [weak core] url in core?.openedURLs.append(url) }
            environment._sceneWindows = core.sceneWindows
            environment._focusCenter = core.focusCenter
            let inputs = _ViewInputs(host: core, environment: Attribute(value: environment))
            core.rootEnvironment = inputs.environment
            let (input, outputs) = mount(inputs)
            return (input, outputs.render.single(core))
        }
        rootInput = input
        rootRender = render
        core.rootFragment = rootFragment
        scheduler.attach(graph, fragment: rootFragment)
        let flushObserver = scheduler.addFlushObserver { [weak self] in
            self?.flushEnded()
        }
        let handle = core.handle
        let turnObserver = scheduler.addTurnObserver {
            guard let host = handle.host else { return }
            host.feedback.endTurn()
            host.cycle.endTurn()
        }
        core.registrations = (rootFragment, flushObserver, turnObserver)
        scheduler.setNeedsUpdate(rootFragment)
    }

    /// Removes every view (running their `onDisappear` actions) and detaches from the
    /// scheduler. The host renders nothing afterwards. (Releasing the host detaches it too, but
    /// without running `onDisappear` actions.)
    public func invalidate() {
        guard !core.isTornDown else { return }
        core.tearDown()
    }

    // MARK: Updating

    /// The graph the views live in.
    public var graph: Graph { core.graph }

    /// The scheduler that runs the host's updates.
    public var scheduler: any UpdateScheduler { core.scheduler }

    /// Runs pending updates now (and the actions they queue) instead of waiting for the
    /// scheduler's next flush.
    public func update() {
        core.scheduler.flush()
    }

    /// Replaces the root view's value; an equal value re-runs no body.
    public func setRootView<Root: View>(_ root: Root) {
        if Root.self != rootType {
            fatalError(
                "DeclarativeViews: setRootView(_:) needs a \(rootType), the type the host was created with, not \(Root.self).")
        }
        Attribute<Root>(identifier: rootInput).value = root
    }

    /// The root fragment's work: the root's part of the bodies phase.
    private func updateRoot() {
        guard !core.isTornDown, let rootRender else { return }
        core.cycle.runBodies {
            let previous = core.cycle.rendered
            core.cycle.rendered = rootRender.value
            core.transactions.rootUpdated(previous: previous, current: core.cycle.rendered)
        }
    }

    /// After the fragments of a flush (the bodies phase): the cycle's later phases. Whatever
    /// they change is updated in another round of the same flush.
    private func flushEnded() {
        guard !core.isTornDown, rootRender != nil else { return }
        core.transactions.roundEnded()
        core.cycle.runLaterPhases(host: core)
        updateFocus()
        if let onRender, reported != rendered {
            reported = rendered
            onRender(self)
        }
    }

    /// The render list after the last bodies phase.
    var rendered: [DisplayNode] { core.cycle.rendered }

    /// Called as each phase of the update cycle starts: `bodies`, `layout`, `preferences`,
    /// `geometry`, `actions`, and again from `bodies` for each further round of a flush (a
    /// phase with nothing to do still starts). For tests and debugging.
    public var phaseObserver: ((UpdatePhase) -> Void)? {
        get { core.cycle.phaseObserver }
        set { core.cycle.phaseObserver = newValue }
    }

    // MARK: Layout

    /// The size the views are laid out in (points; a text cell is 8 × 16).
    public var windowSize: CGSize {
        get { core.cycle.windowSize }
        set {
            guard newValue != core.cycle.windowSize else { return }
            core.cycle.windowSize = newValue
            core.requestRootUpdate()
        }
    }

    /// How much layout work ran since the host was created (or since ``resetLayoutStatistics()``).
    public var layoutStatistics: LayoutStatistics { core.layoutEngine.statistics }

    public func resetLayoutStatistics() {
        core.layoutEngine.statistics = LayoutStatistics()
    }

    /// The layout engine's per-node storage (``LayoutSlots``): the slots display nodes hold now,
    /// and the slots allocated (held or free for the next nodes). For tests of slot recycling.
    package var layoutSlotUsage: (inUse: Int, allocated: Int) {
        (core.layoutEngine.slots.slotsInUse, core.layoutEngine.slots.allocated)
    }

    /// Where ``NodeLayoutHead``'s first size ends and how long a head is, for the test that
    /// checks the layout of the heads the layout storage is arranged for (one 64-byte line each).
    package static var layoutHeadShape: (firstSizeEnd: Int?, stride: Int) {
        (MemoryLayout<NodeLayoutHead>.offset(of: \NodeLayoutHead.firstSize).map { $0 + MemoryLayout<SizeEntry?>.size },
         MemoryLayout<NodeLayoutHead>.stride)
    }

    /// Forgets every cached size and placement, so that the next update lays everything out
    /// from scratch (to measure a full layout, or after changing something layout depends on
    /// that the graph does not track).
    public func invalidateLayout() {
        core.layoutEngine.invalidateCaches()
        core.cycle.invalidateLayout()
        core.requestRootUpdate()
    }

    /// When on, every size computed (not answered from a cache) is logged in ``layoutLog`` as
    /// `Text "A" for (400 × nil)`: which views a change made the layout measure again.
    public var recordsLayoutLog: Bool {
        get { core.layoutEngine.log != nil }
        set { core.layoutEngine.log = newValue ? (core.layoutEngine.log ?? []) : nil }
    }

    /// The measurements logged since ``recordsLayoutLog`` was turned on (or the last
    /// ``takeLayoutLog()``).
    public func takeLayoutLog() -> [String] {
        defer { if core.layoutEngine.log != nil { core.layoutEngine.log = [] } }
        return core.layoutEngine.log ?? []
    }

    /// Layout passes per view per run-loop turn before the layout-feedback-loop detector
    /// reports the view (default `DV_LAYOUT_FEEDBACK_THRESHOLD`, else 100).
    public var layoutFeedbackThreshold: Int {
        get { core.feedback.threshold }
        set { core.feedback.threshold = newValue }
    }

    /// What the layout-feedback-loop detector reported so far (each report is also written to
    /// the graph's diagnostic sink).
    public var layoutFeedbackReports: [LayoutFeedbackReport] { core.feedback.reports }

    // MARK: Reading the output

    /// The render tree's top-level nodes as of the last update, with the frames of the last
    /// layout pass.
    public var renderTree: [RenderNode] {
        if let laidOut = core.cycle.laidOut, laidOut.roots == rendered {
            return core.transactions.annotate(laidOut.renderTree, from: rendered)
        }
        return core.transactions.annotate(rendered.map(\.renderNode), from: rendered)
    }

    /// The indented text rendering of ``renderTree``.
    public var renderedText: String {
        _renderText(renderTree)
    }

    /// The indented text rendering with each node's frame (`@ x,y w×h`, in points).
    public var renderedTextWithFrames: String {
        _renderText(renderTree, frames: true)
    }

    /// The layout drawn as boxes on a character grid, one cell per 8 × 16 points (see
    /// ``RenderNode/boxDrawing(of:size:)``).
    public var boxDrawing: String {
        RenderNode.boxDrawing(of: renderTree, size: windowSize)
    }

    /// The current frame as an SVG document the window's size: texts, shapes with their laid-out
    /// paths, colours, and frames as rectangles (see ``RenderNode/svg(of:size:)``).
    public func svg() -> String {
        RenderNode.svg(of: renderTree, size: windowSize)
    }

    // MARK: Debugging

    /// How many times the body of views of `type` ran since the host was created (or since
    /// ``resetCounters()``).
    public func bodyEvaluations<V>(of type: V.Type) -> Int {
        core.bodyEvaluations(of: type)
    }

    /// Body evaluations per view type name, for the types that ran at least once.
    public var bodyEvaluationCounts: [String: Int] {
        var counts: [String: Int] = [:]
        for (index, name) in core.counterNames.enumerated() where core.bodyCounts[index] > 0 {
            counts[name, default: 0] += core.bodyCounts[index]
        }
        return counts
    }

    public var totalBodyEvaluations: Int {
        core.bodyCounts.reduce(0, +)
    }

    public func resetCounters() {
        for index in core.bodyCounts.indices { core.bodyCounts[index] = 0 }
    }

    /// Where `_printChanges()` lines go (standard output by default).
    public var printSink: (String) -> Void {
        get { core.printSink }
        set { core.printSink = newValue }
    }

    /// Writes the live view graph as an AttrGraph archive (open it with `agdump`); returns its
    /// location in the temporary directory, or `nil` if it could not be written.
    @discardableResult
    public func archiveJSON(name: String? = nil) -> URL? {
        core.graph.archiveJSON(name: name)
    }
}
