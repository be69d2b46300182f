import AttrGraph
import Foundation

/// A step of a host's update cycle (see ``ViewHost/phaseObserver``).
public enum UpdatePhase: Int, CaseIterable, Sendable, CustomStringConvertible {
    /// The graph update: the bodies whose inputs changed run, and the render tree is rebuilt
    /// where they changed it (the root's update, then each hosted container's).
    case bodies
    /// The render tree is sized and placed in the window (only what changed is measured again).
    case layout
    /// `onPreferenceChange` actions, for preference values the bodies changed.
    case preferences
    /// Geometry is delivered: `GeometryReader` sizes and `onGeometryChange` actions.
    case geometry
    /// The actions views queued: `onAppear`, `onDisappear`, `onChange`, `task`.
    case actions

    public var description: String {
        switch self {
        case .bodies: "bodies"
        case .layout: "layout"
        case .preferences: "preferences"
        case .geometry: "geometry"
        case .actions: "actions"
        }
    }
}

/// One run-loop turn of a host, as SwiftUI runs it: the phases of ``UpdatePhase`` in order,
///
///     bodies → layout → preferences → geometry → actions
///
/// and again while the later phases wrote state (a round). The scheduler drives it: a flush runs
/// the *bodies* phase as its fragments (the host's root fragment, then hosted containers'
/// fragments, each a graph update), then this cycle's ``runLaterPhases()`` as its flush
/// observer; it goes round again while the fragments are pending, up to the scheduler's
/// `maximumRoundsPerFlush` (which reports updates that never settle). A view whose geometry keeps
/// changing the state that changes its geometry is caught sooner, per view and per turn, by the
/// ``LayoutFeedbackDetector``, which reads the state the later phases wrote from this cycle.
///
/// "Needs update" has one record, the pending bit of a scheduler fragment: a state write (an
/// input attribute) or a hosted content's change raises its graph context's flag, whose update
/// handler moves the request to that context's fragment at once (the flag is AttributeGraph's
/// trigger, not a second record); the window size and ``ViewHost/invalidateLayout()`` ask for
/// the root fragment. The cycle keeps what each phase produced: the render tree of the last
/// bodies phase and the last layout phase's result.
final class UpdateCycle {
    /// The phase running now, `nil` between flushes.
    private(set) var phase: UpdatePhase?
    /// Called as each phase starts (``ViewHost/phaseObserver``).
    var phaseObserver: ((UpdatePhase) -> Void)?

    /// The render tree as of the last bodies phase.
    var rendered: [DisplayNode] = []
    /// The last layout phase's result.
    private(set) var laidOut: LayoutResult?
    /// The size the views are laid out in.
    var windowSize: CGSize {
        didSet { if windowSize != oldValue { layoutIsStale = true } }
    }
    /// Set when something the graph does not track changed the layout (``ViewHost/invalidateLayout()``).
    private var layoutIsStale = true

    /// Work queued for the later phases, in the order it was queued.
    private var preferenceActions: [() -> Void] = []
    private var geometryActions: [() -> Void] = []
    private var actions: [() -> Void] = []

    /// The state the later phases wrote in this turn (location → name, count, values), which
    /// the layout-feedback-loop detector names in its report.
    private(set) var laterPhaseWrites: [ObjectIdentifier: LayoutFeedbackDetector.StateWrites] = [:]

    init(windowSize: CGSize) {
        self.windowSize = windowSize
    }

    // MARK: Phases

    /// Starts (or continues) the bodies phase: `update` runs a graph update.
    func runBodies(_ update: () -> Void) {
        enter(.bodies)
        update()
    }

    /// After the bodies of a round: layout, preferences, geometry, actions.
    func runLaterPhases(host: _HostCore) {
        enter(.layout)
        let layout = layOut(host: host)
        enter(.preferences)
        run(&preferenceActions)
        enter(.geometry)
        layout.forEachGeometryNode { node, frame in
            guard let sink = node.annotations?.geometry else { return }
            host.feedback.deliver(GeometryProxy(size: frame.size, globalFrame: frame), to: sink, host: host)
        }
        run(&geometryActions)
        enter(.actions)
        runActions()
        phase = nil
    }

    /// Lays out the render tree when it, the window or something the graph does not track
    /// changed since the last layout phase.
    private func layOut(host: _HostCore) -> LayoutResult {
        if !layoutIsStale, let laidOut, laidOut.roots == rendered { return laidOut }
        let engine = host.layoutEngine
        let started = AGTrace.isEnabled ? AGTrace.now() : 0
        let before = engine.statistics
        let result = engine.layOut(rendered, in: windowSize)
        if started != 0 {
            AGTrace.complete(
                "layout", category: "view", start: started,
                args: [
                    "measurements": .int(engine.statistics.measurements - before.measurements),
                    "placements": .int(engine.statistics.placements - before.placements),
                ])
        }
        laidOut = result
        layoutIsStale = false
        return result
    }

    /// Makes the next layout phase lay everything out again.
    func invalidateLayout() {
        layoutIsStale = true
    }

    private func enter(_ next: UpdatePhase) {
        guard phase != next else { return }
        phase = next
        phaseObserver?(next)
    }

    // MARK: Queued work

    /// Queues `action` for `phase` (``UpdatePhase/preferences``, ``UpdatePhase/geometry`` or
    /// ``UpdatePhase/actions``) of the current round, or of the next one when that phase has
    /// passed; it runs outside any graph update.
    func enqueue(_ action: @escaping () -> Void, in phase: UpdatePhase) {
        switch phase {
        case .preferences: preferenceActions.append(action)
        case .geometry: geometryActions.append(action)
        case .bodies, .layout, .actions: actions.append(action)
        }
    }

    /// Runs the queued actions (and those they queue) in order.
    func runActions() {
        run(&actions)
    }

    private func run(_ queue: inout [() -> Void]) {
        while !queue.isEmpty {
            let batch = queue
            queue.removeAll()
            for action in batch { action() }
        }
    }

    /// Drops every queued action (the host is torn down).
    func dropQueuedWork() {
        preferenceActions.removeAll()
        geometryActions.removeAll()
        actions.removeAll()
        rendered = []
        laidOut = nil
    }

    // MARK: State written by the later phases

    /// Notes a state write. Only writes made by the later phases are recorded: they are what
    /// makes the cycle go round again, and what the feedback-loop detector reports.
    @inline(__always)
    func noteStateWrite(location: ObjectIdentifier, name: @autoclosure () -> String, value: @autoclosure () -> String) {
        guard let phase, phase.rawValue >= UpdatePhase.preferences.rawValue else { return }
        var entry = laterPhaseWrites[location] ?? LayoutFeedbackDetector.StateWrites(name: name())
        entry.count += 1
        if entry.values.count < 4 {
            let text = value()
            if !entry.values.contains(text) { entry.values.append(text) }
        }
        laterPhaseWrites[location] = entry
    }

    /// A run-loop turn ended.
    func endTurn() {
        laterPhaseWrites.removeAll(keepingCapacity: true)
    }
}
