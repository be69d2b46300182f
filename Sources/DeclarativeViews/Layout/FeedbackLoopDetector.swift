import AttrGraph
import Foundation

/// Catches layout feedback loops (seed 000): a view whose geometry, once delivered, changes
/// state that changes its geometry again, forever — CPU at 100 %, and on UIKit no crash
/// report. Like UIKit's `UIViewLayoutFeedbackLoopDebuggingThreshold`, it counts, per view and
/// per run-loop turn, the layout passes that changed what the view's `GeometryReader` or
/// `onGeometryChange` delivers; past the threshold it reports the view once and stops
/// delivering its geometry until the next turn, so the loop settles and the app stays alive.
///
/// Counts reset when RunLoopBridge ends a turn (`UpdateScheduler.addTurnObserver`). The state
/// a report names is what the update cycle's later phases wrote in the turn (``UpdateCycle``).
final class LayoutFeedbackDetector {
    /// Passes per view per turn before the view is reported (`DV_LAYOUT_FEEDBACK_THRESHOLD`).
    var threshold: Int
    /// The current turn (incremented by the scheduler's turn observer).
    private(set) var turn = 0
    /// Reports made so far.
    private(set) var reports: [LayoutFeedbackReport] = []

    /// A state written in a turn: its name, how often, and what.
    struct StateWrites {
        var name: String
        var count = 0
        /// Distinct values in the order they first appeared (at most 4 kept).
        var values: [String] = []
    }

    init(threshold: Int) {
        self.threshold = threshold
    }

    func endTurn() {
        turn += 1
    }

    /// Delivers `proxy` to `sink` unless it is suppressed in this turn; counts the passes that
    /// changed something and reports the view when it goes past the threshold.
    func deliver(_ proxy: GeometryProxy, to sink: GeometrySink, host: _HostCore) {
        if sink.turn != turn {
            sink.turn = turn
            sink.passesThisTurn = 0
            sink.suppressed = false
        }
        guard !sink.suppressed else { return }
        let started = AGTrace.isEnabled ? AGTrace.now() : 0
        let delivered = sink.deliver(proxy, host: host)
        if started != 0 {
            AGTrace.complete(
                "geometry " + sink.name, category: "view", start: started,
                args: ["size": .string("\(proxy.size.width)×\(proxy.size.height)"), "changed": .bool(delivered)])
        }
        guard delivered else { return }
        sink.passesThisTurn += 1
        if sink.passesThisTurn > threshold {
            sink.suppressed = true
            if !sink.reported {
                sink.reported = true
                report(sink, host: host)
            }
        }
    }

    private func report(_ sink: GeometrySink, host: _HostCore) {
        let state = host.cycle.laterPhaseWrites.values.max { $0.count < $1.count }
        let report = LayoutFeedbackReport(
            viewPath: (sink.path.map { $0.description + " > " } ?? "") + sink.name,
            bodyType: sink.path?.bodyTypeName ?? "?", passes: sink.passesThisTurn, threshold: threshold,
            state: state?.name, values: state?.values ?? [])
        reports.append(report)
        if AGTrace.isEnabled {
            AGTrace.instant("layout feedback loop", category: "view", args: ["report": .string(report.description)])
        }
        host.diagnostic(report.description)
    }
}

/// What the layout-feedback-loop detector found (see ``ViewHost/layoutFeedbackReports``).
public struct LayoutFeedbackReport: Sendable, Equatable, CustomStringConvertible {
    /// The view's place in the tree: the composite views from the root, then the geometry
    /// reader or modifier (`Root > Oscillating > onGeometryChange(for: CGFloat)`).
    public var viewPath: String
    /// The view whose body made it.
    public var bodyType: String
    /// Layout passes in the turn that changed its geometry's effect.
    public var passes: Int
    public var threshold: Int
    /// The state written most often in the turn (`Oscillating._wide`), if any.
    public var state: String?
    /// The values that state took, in the order they first appeared.
    public var values: [String]

    public var description: String {
        var text = "layout feedback loop: \(viewPath) (in the body of \(bodyType)) changed its layout "
            + "\(passes) times in one run-loop turn (threshold \(threshold), DV_LAYOUT_FEEDBACK_THRESHOLD)."
        if let state {
            let list = values.count > 1
                ? "alternating between " + values.dropLast().joined(separator: ", ") + " and " + values.last!
                : "set to " + (values.first ?? "?")
            text += " The state that keeps changing is \(state), \(list)."
        }
        text += " Its geometry is no longer delivered in this turn; make the state it sets stop"
            + " depending on the size it produces."
        return text
    }
}
