import AttrGraph
import Foundation

/// Where a view's geometry goes after a layout pass: a `GeometryReader`'s size input, or an
/// `onGeometryChange` transform and action. One per mounted view, kept across updates.
///
/// It also does the layout-feedback-loop accounting for its view (see ``LayoutFeedbackDetector``):
/// how many passes in this run-loop turn changed what it delivers.
final class GeometrySink {
    enum Delivery {
        /// A `GeometryReader`: the proxy is written to this input (its content reads it).
        case reader(Attribute<GeometryProxy>)
        /// An `onGeometryChange`: returns whether the transformed value changed (and queued
        /// the action).
        case observer((GeometryProxy, _HostCore) -> Bool)
    }

    var delivery: Delivery
    let path: ViewPath?
    /// What kind of view it is, for reports (`GeometryReader`, `onGeometryChange(for: Double)`).
    let name: String
    /// Passes in the current turn that changed what this view delivers.
    var passesThisTurn = 0
    /// The turn `passesThisTurn` counts (the host's turn number).
    var turn = -1
    /// The detector stopped delivering to this view for the rest of `turn`.
    var suppressed = false
    /// Reported once per view.
    var reported = false

    init(delivery: Delivery, path: ViewPath?, name: String) {
        self.delivery = delivery
        self.path = path
        self.name = name
    }

    /// Delivers `proxy`; returns whether it changed something (a state or input was written,
    /// or an action queued) — a pass that made another pass necessary.
    func deliver(_ proxy: GeometryProxy, host: _HostCore) -> Bool {
        switch delivery {
        case .reader(let input):
            return input.setValue(proxy)
        case .observer(let observe):
            return observe(proxy, host)
        }
    }
}
