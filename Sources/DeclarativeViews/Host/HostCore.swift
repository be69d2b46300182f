import AttrGraph
import RunLoopBridge

/// What every mounted view shares with its host: the graph, the scheduler, the queue of
/// actions that run after an update, and the body-evaluation counters. Framework-internal
/// (``ViewHost`` is the public face).
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
    /// Actions that run after the current flush (`onAppear`, `onChange`, tasks…).
    private var pendingActions: [() -> Void] = []
    /// Where `_printChanges()` and the headless runner's renders go.
    var printSink: (String) -> Void = { print($0) }
    /// Set while the host is being torn down: disappear actions are dropped then.
    private(set) var isTornDown = false
    /// Sizes and places the render tree.
    let layoutEngine = LayoutEngine()
    /// Counts layout passes per view per run-loop turn (seed 000).
    let feedback = LayoutFeedbackDetector(threshold: AGEnvironment.layoutFeedbackThreshold)

    init(graph: Graph, scheduler: any UpdateScheduler) {
        self.graph = graph
        self.scheduler = scheduler
        rootSubgraph = Subgraph(graph: graph)
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

    /// Runs `action` after the current flush, outside any graph update.
    func enqueue(_ action: @escaping () -> Void) {
        guard !isTornDown else { return }
        pendingActions.append(action)
    }

    var hasPendingActions: Bool { !pendingActions.isEmpty }

    /// Runs the queued actions (and those they queue) in order.
    func runPendingActions() {
        while !pendingActions.isEmpty {
            let actions = pendingActions
            pendingActions.removeAll()
            for action in actions {
                action()
            }
        }
    }

    func printLine(_ line: String) {
        printSink(line)
    }

    /// A runtime warning, to the graph's diagnostic sink.
    func diagnostic(_ message: String) {
        (graph.diagnosticSink ?? .default)("DeclarativeViews: \(message)\n")
    }

    /// Invalidates every view (running their `onDisappear` actions) and drops what is queued.
    func tearDown() {
        guard !isTornDown else { return }
        rootSubgraph.invalidate()
        runPendingActions()
        isTornDown = true
        pendingActions.removeAll()
    }
}
