import AttrGraph
import Foundation
import RunLoopBridge

/// What every mounted view shares with its host: the graph, the scheduler, the update cycle
/// (with the work views queue for its later phases), and the body-evaluation counters.
/// Framework-internal (``ViewHost`` is the public face).
public final class _HostCore {
    let graph: Graph
    let rootSubgraph: Subgraph
    let scheduler: any UpdateScheduler
    /// The render list of views that draw nothing.
    private(set) var emptyRender: Attribute<[DisplayNode]>!
    /// Body evaluations per view type (indexed by ``counterSlot(for:)``).
    var bodyCounts: [Int] = []
    private var counterSlots: [ObjectIdentifier: Int] = [:]
    private(set) var counterNames: [String] = []
    /// The phases of an update and what they produced (see ``UpdateCycle``).
    let cycle: UpdateCycle
    /// Where `_printChanges()` and the headless runner's renders go.
    var printSink: (String) -> Void = { print($0) }
    /// Set while the host is being torn down: disappear actions are dropped then.
    private(set) var isTornDown = false
    /// Sizes and places the render tree.
    let layoutEngine = LayoutEngine()
    /// Counts layout passes per view per run-loop turn (seed 000).
    let feedback = LayoutFeedbackDetector(threshold: ViewsEnvironment.layoutFeedbackThreshold)
    /// What the host registered with the scheduler: its root fragment and observers.
    var registrations: (fragment: UpdateFragment, flushObserver: Registration, turnObserver: Registration)?
    /// The fragment that runs the root's part of the bodies phase.
    var rootFragment: UpdateFragment?
    /// Whether the scheduler was made for this host (and goes away with it).
    var ownsScheduler = false
    /// The URLs the system was asked to open (``OpenURLAction``, a ``Link``), in order.
    var openedURLs: [URL] = []
    /// The thread the host's graph is updated on, for change notifications from other threads.
    let graphThread = GraphThread()
    /// What outlives the host and tells whether it is still there (instead of `weak` references
    /// to it, which would slow every retain and release of the host).
    let handle = HostHandle()
    /// The storage properties (`@AppStorage`, `@SceneStorage`) of the host's views, looked at
    /// after each run-loop turn.
    lazy var storageMonitor = StorageMonitor(handle: handle)
    /// The values `@SceneStorage` properties keep: the host shows one scene.
    lazy var sceneStorage = SceneStorageBackend()
    /// The windows of the app's scenes, open and registered (``OpenWindowAction``).
    lazy var sceneWindows = SceneWindows()
    /// The environment the host gives its root (``ViewHost/scenePhase`` changes it).
    var rootEnvironment: Attribute<EnvironmentValues>?
    /// The modifier keys the driver holds while it performs gestures.
    var heldModifiers: EventModifiers = []
    /// The focus of the host's scene: the focusable view that has it, the focused values.
    let focusCenter = FocusCenter()
    /// Delivers the transactions of state writes to the changes they cause, and records them.
    let transactions: TransactionRecorder

    init(graph: Graph, scheduler: any UpdateScheduler, windowSize: CGSize) {
        self.graph = graph
        self.scheduler = scheduler
        cycle = UpdateCycle(windowSize: windowSize)
        rootSubgraph = Subgraph(graph: graph)
        transactions = TransactionRecorder(handle: handle)
        handle.host = self
        emptyRender = rootSubgraph.apply { Attribute(value: []) }
    }

    /// The counter index for a body's container type.
    func counterSlot(for type: Any.Type) -> Int {
        let key = ObjectIdentifier(type)
        if let slot = counterSlots[key] { return slot }
        let slot = bodyCounts.count
        counterSlots[key] = slot
        bodyCounts.append(0)
        counterNames.append(_typeName(type, qualified: false))
        return slot
    }

    func bodyEvaluations(of type: Any.Type) -> Int {
        counterSlots[ObjectIdentifier(type)].map { bodyCounts[$0] } ?? 0
    }

    /// Runs `action` in `phase` of the current update cycle (the actions phase unless said
    /// otherwise), outside any graph update.
    func enqueue(_ action: @escaping () -> Void, in phase: UpdatePhase = .actions) {
        guard !isTornDown else { return }
        cycle.enqueue(action, in: phase)
    }

    /// Asks the scheduler for a flush that runs the whole update cycle.
    func requestRootUpdate() {
        if let rootFragment, !isTornDown { scheduler.setNeedsUpdate(rootFragment) }
    }

    func printLine(_ line: String) {
        printSink(line)
    }

    /// A runtime warning, to the graph's diagnostic sink.
    func diagnostic(_ message: String) {
        (graph.diagnosticSink ?? .default)("DeclarativeViews: \(message)\n")
    }

    deinit {
        handle.host = nil
        // Released without `ViewHost.invalidate()`: detach, and destroy the views without
        // running their actions (they may be main-actor code, and this may not be the main actor).
        if !isTornDown {
            isTornDown = true
            detach()
            rootSubgraph.invalidate()
        }
    }

    /// Invalidates every view (running their `onDisappear` actions), drops what is queued and
    /// detaches from the scheduler.
    func tearDown() {
        guard !isTornDown else { return }
        detach()
        rootSubgraph.invalidate()
        cycle.runActions()
        isTornDown = true
        cycle.dropQueuedWork()
    }

    /// Removes the root fragment and the observers from the scheduler (and stops a scheduler
    /// made for this host).
    private func detach() {
        if let (fragment, flushObserver, turnObserver) = registrations {
            scheduler.removeFragment(fragment)
            flushObserver.cancel()
            turnObserver.cancel()
            registrations = nil
        }
        if ownsScheduler, let coalescer = scheduler as? RunLoopUpdateCoalescer {
            coalescer.invalidate()
        }
    }
}

/// A host, for objects that outlive it and must not keep it alive: `host` is `nil` once the
/// host is being released. One per host; read and cleared on the host's thread. A `weak`
/// reference would do the same, but it moves the host's reference counts to a side table, and
/// then every retain and release of the host (each view's rules hold it) takes the slow path.
final class HostHandle {
    unowned(unsafe) var host: _HostCore?
}
