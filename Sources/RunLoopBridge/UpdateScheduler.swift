import AttrGraph

/// Decides when graph updates run. Hosts (and a graph's needs-update callback) ask for an
/// update any number of times; the scheduler runs the registered update work — the
/// *fragments* — once, later.
///
///     let scheduler = RunLoopUpdateCoalescer()              // or ManualUpdateScheduler() in tests
///     let tabs = scheduler.addFragment("TabView") { tabsRoot.update() }
///     scheduler.setNeedsUpdate(tabs)                          // the tab fragment updates at the next flush
///
/// A fragment is a separately scheduled piece of update work (SwiftUI's hosting controllers:
/// a root or subgraph whose updates are deferred to the next flush). A flush runs the pending
/// fragments in the order they were added, each once.
public protocol UpdateScheduler: AnyObject {
    /// Adds update work; it runs in a flush after ``setNeedsUpdate(_:)`` asked for it.
    func addFragment(_ name: String, update: @escaping () -> Void) -> UpdateFragment
    /// Removes a fragment and releases its update closure.
    func removeFragment(_ fragment: UpdateFragment)
    /// Asks for `fragment` to run in the next flush.
    func setNeedsUpdate(_ fragment: UpdateFragment)
    /// Asks for every fragment to run in the next flush.
    func setNeedsUpdate()
    /// Whether a flush has work to do.
    var hasPendingUpdates: Bool { get }
    /// Makes `graph`'s changes ask this scheduler for a flush of `fragment` (or of every fragment),
    /// through an update handler of its own (``Graph/addUpdateHandler(_:)``: other hosts and the
    /// graph's `onUpdate` callback are not disturbed), and marks the graph's nested updates (see
    /// ``Graph/withNestedUpdate(reason:_:)``). Releasing the fragments removes the handler.
    func attach(_ graph: Graph, fragment: UpdateFragment?)
    /// Runs the pending fragments now; returns whether anything ran.
    @discardableResult
    func flush() -> Bool
    /// Adds a function called at the end of every outermost flush that ran work, outside any
    /// graph update: the place for work that must follow an update (a view host's
    /// `onAppear` actions). Updates it requests run in the same flush. The observer stays until
    /// its ``Registration`` is cancelled or released.
    func addFlushObserver(_ observer: @escaping () -> Void) -> Registration
    /// Adds a function called at the end of every run-loop turn (for a
    /// ``ManualUpdateScheduler``, every ``flush()``): per-turn accounting, such as the view
    /// layer's layout-feedback-loop detector, resets there. The observer stays until its
    /// ``Registration`` is cancelled or released.
    func addTurnObserver(_ observer: @escaping () -> Void) -> Registration
}

/// A registered piece of update work.
public struct UpdateFragment: Hashable, Sendable, CustomStringConvertible {
    let id: Int
    public let name: String

    public var description: String { "fragment \(name)" }
}

/// The fragments and pending requests shared by the schedulers. Single-threaded: the owning
/// scheduler's thread.
final class FragmentQueue {
    private struct Entry {
        var fragment: UpdateFragment
        var update: () -> Void
        var pending: Bool
        /// The round (``FragmentFlusher``'s count) the fragment last ran in: a fragment asked for
        /// again by its own update waits for the next round.
        var lastRound = 0
    }

    private var entries: [Entry] = []
    private var nextID = 1
    /// Graphs whose updates the flushes are part of (to mark nested updates).
    private(set) var graphs: [WeakGraph] = []

    struct WeakGraph {
        weak var graph: Graph?
        /// The graph's update handlers this scheduler added (``Graph/addUpdateHandler(_:)``).
        var handlers: [Registration] = []
        /// Whether this scheduler pinned the graph to its thread (unpinned when it lets go).
        var pinned = false
    }

    var hasPending: Bool { entries.contains { $0.pending } }

    func add(_ name: String, update: @escaping () -> Void) -> UpdateFragment {
        let fragment = UpdateFragment(id: nextID, name: name)
        nextID += 1
        entries.append(Entry(fragment: fragment, update: update, pending: false))
        return fragment
    }

    func remove(_ fragment: UpdateFragment) {
        entries.removeAll { $0.fragment == fragment }
    }

    func removeAll() {
        entries.removeAll()
        for entry in graphs {
            for handler in entry.handlers { handler.cancel() }
            if entry.pinned { entry.graph?.pin(to: nil) }
        }
        graphs.removeAll()
    }

    func setPending(_ fragment: UpdateFragment) {
        if let index = entries.firstIndex(where: { $0.fragment == fragment }) {
            entries[index].pending = true
        }
    }

    func setAllPending() {
        for index in entries.indices { entries[index].pending = true }
    }

    /// Records that this scheduler pinned `graph` to its thread.
    func notePinned(_ graph: Graph) {
        if let index = graphs.firstIndex(where: { $0.graph === graph }) { graphs[index].pinned = true }
    }

    /// Records that `graph`'s update handler `handler` asks this scheduler for flushes.
    func addGraph(_ graph: Graph, handler: Registration) {
        graphs.removeAll { $0.graph == nil }
        if let index = graphs.firstIndex(where: { $0.graph === graph }) {
            graphs[index].handlers.append(handler)
        } else {
            graphs.append(WeakGraph(graph: graph, handlers: [handler]))
        }
    }

    /// Takes the first pending fragment that has not run in `round` (clearing its request and
    /// noting the round) and returns its update work. Fragments are taken one at a time, so a
    /// flush that starts inside another (a nested run loop) sees the ones the outer flush has
    /// not reached yet; one that asked for itself again waits for the next round, so that an
    /// update that always asks for another (a body that changes its own state every run) is
    /// held by the rounds' limit instead of looping inside one round.
    func takeNext(round: Int) -> (UpdateFragment, () -> Void)? {
        guard let index = entries.firstIndex(where: { $0.pending && $0.lastRound != round }) else { return nil }
        entries[index].pending = false
        entries[index].lastRound = round
        return (entries[index].fragment, entries[index].update)
    }

    /// The attached graph that is updating now, if any.
    var updatingGraph: Graph? {
        graphs.lazy.compactMap(\.graph).first { $0.isUpdating }
    }
}

/// Functions registered under ids; called in the order they were added.
final class ObserverList {
    private var entries: [(id: Int, body: () -> Void)] = []
    private var nextID = 1

    /// Adds `body`; the registration removes it.
    func add(_ body: @escaping () -> Void) -> Registration {
        let id = nextID
        nextID += 1
        entries.append((id, body))
        return Registration(isActive: { [weak self] in self?.entries.contains { $0.id == id } ?? false }) {
            [weak self] in
            self?.entries.removeAll { $0.id == id }
        }
    }

    func removeAll() {
        entries.removeAll()
    }

    /// Calls each function (those added meanwhile wait for the next call).
    func callAll() {
        for body in entries.map(\.body) {
            body()
        }
    }
}

/// What a scheduler tells the ``FragmentFlusher`` it owns.
protocol FragmentFlusherOwner: AnyObject {
    /// The thread this scheduler updates its graphs on, if it always updates them on one: an
    /// attached graph is pinned there (``Graph/pin(to:)``), so that a change made on another
    /// thread — which the next flush would race with — stops with a message at once.
    var pinThread: Graph.PinnedThread? { get }
    /// Called when a flush left requests pending after ``FragmentFlusher/maximumRoundsPerFlush`` rounds.
    func flushLimitReached()
}

/// What the schedulers share: fragments, pending requests, attaching graphs and the flush loop.
/// ``RunLoopUpdateCoalescer`` and ``ManualUpdateScheduler`` each own one and differ only in
/// when they call ``runPending()`` and end a turn.
final class FragmentFlusher {
    let queue = FragmentQueue()
    private(set) var flushDepth = 0
    private let nestedReason: String
    private unowned let owner: any FragmentFlusherOwner

    /// Flushes that ran work so far.
    private(set) var flushCount = 0
    /// Flushes that started while an update of an attached graph, or another flush, was running.
    private(set) var nestedFlushCount = 0

    /// How many rounds (fragments, then flush observers) one flush may run before it leaves the
    /// remaining requests to the next flush, so that updates that keep requesting updates
    /// cannot hold the thread forever.
    var maximumRoundsPerFlush = 1_000
    /// Where the scheduler reports a flush that hit ``maximumRoundsPerFlush``; `nil` means
    /// ``DiagnosticSink/default``.
    var diagnosticSink: DiagnosticSink?

    private let flushObservers = ObserverList()
    private let turnObservers = ObserverList()

    /// Run-loop turns that ended so far (see ``addTurnObserver(_:)``).
    private(set) var turnCount = 0
    /// Rounds started so far, in all flushes (nested ones too): names a round for the queue.
    private var roundSerial = 0

    init(nestedReason: String, owner: any FragmentFlusherOwner) {
        self.nestedReason = nestedReason
        self.owner = owner
    }

    func addFragment(_ name: String, update: @escaping () -> Void) -> UpdateFragment {
        queue.add(name, update: update)
    }

    func removeFragment(_ fragment: UpdateFragment) {
        queue.remove(fragment)
    }

    func setNeedsUpdate(_ fragment: UpdateFragment) {
        queue.setPending(fragment)
    }

    func setNeedsUpdate() {
        queue.setAllPending()
    }

    var hasPendingUpdates: Bool { queue.hasPending }

    func attach(_ graph: Graph, fragment: UpdateFragment?) {
        // A handler of its own, so that other hosts of the graph (and its `onUpdate` slot) keep theirs.
        let handler = graph.addUpdateHandler { [weak self, weak graph] in
            // Taking the request clears the graph's flag, so that the next change asks again.
            graph?.clearNeedsUpdate()
            guard let self else { return }
            if let fragment { self.setNeedsUpdate(fragment) } else { self.setNeedsUpdate() }
        }
        queue.addGraph(graph, handler: handler)
        if let thread = owner.pinThread {
            graph.pin(to: thread)
            queue.notePinned(graph)
        }
    }

    func addFlushObserver(_ observer: @escaping () -> Void) -> Registration {
        flushObservers.add(observer)
    }

    func addTurnObserver(_ observer: @escaping () -> Void) -> Registration {
        turnObservers.add(observer)
    }

    /// A run-loop turn ended: tells the turn observers.
    func endTurn() {
        turnCount += 1
        turnObservers.callAll()
    }

    /// Whether an update of an attached graph, or another flush, is running.
    var isInsideUpdate: Bool { flushDepth > 0 || queue.updatingGraph != nil }

    /// Runs the pending fragments, one at a time (requests made meanwhile run too, once per
    /// round: a fragment asked for again after it ran waits for the next round). A fragment
    /// that runs while an attached graph is updating is marked as a nested update of it. An
    /// outermost flush then calls the flush observers, and goes round again while they (or
    /// the fragments) requested more, up to ``maximumRoundsPerFlush``. Returns whether
    /// anything ran.
    @discardableResult
    func runPending() -> Bool {
        guard queue.hasPending else { return false }
        flushCount += 1
        let outermost = !isInsideUpdate
        if !outermost { nestedFlushCount += 1 }
        flushDepth += 1
        let started = AGTrace.isEnabled ? AGTrace.now() : 0
        var rounds = 0
        defer {
            flushDepth -= 1
            if started != 0 {
                AGTrace.complete(
                    outermost ? "flush" : "nested flush", category: "runloop", start: started,
                    args: ["rounds": .int(rounds), "flush": .int(flushCount)])
            }
        }
        repeat {
            rounds += 1
            roundSerial += 1
            let round = roundSerial
            while let (fragment, update) = queue.takeNext(round: round) {
                let started = AGTrace.isEnabled ? AGTrace.now() : 0
                if let graph = queue.updatingGraph {
                    graph.withNestedUpdate(reason: nestedReason, update)
                } else {
                    update()
                }
                if started != 0 {
                    AGTrace.complete("fragment \(fragment.name)", category: "runloop", start: started)
                }
            }
            guard outermost else { break }
            flushObservers.callAll()
        } while queue.hasPending && rounds < maximumRoundsPerFlush
        if outermost && queue.hasPending {
            (diagnosticSink ?? .default)(
                "RunLoopBridge: updates kept requesting more updates for \(rounds) rounds in one flush; "
                    + "the rest waits for the next flush. Look for state that an update, an action or a "
                    + "geometry callback changes every time it runs.\n")
            owner.flushLimitReached()
        }
        return true
    }

    /// Releases every fragment (and what its closure captured) and every observer.
    func releaseFragments() {
        queue.removeAll()
        flushObservers.removeAll()
        turnObservers.removeAll()
    }
}
