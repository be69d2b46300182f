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
        /// Several views' sinks on one node (an `anchorPreference` on a `GeometryReader`, say):
        /// each is delivered the proxy.
        case all([GeometrySink])
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
    /// The named coordinate spaces around the view in the layout pass being delivered (set by
    /// ``LayoutResult/forEachGeometryNode(_:)``), added to the proxy.
    var coordinateSpaces: [NamedFrame] = []

    init(delivery: Delivery, path: ViewPath?, name: String) {
        self.delivery = delivery
        self.path = path
        self.name = name
    }

    /// Delivers `proxy`; returns whether it changed something (a state or input was written,
    /// or an action queued) — a pass that made another pass necessary.
    func deliver(_ proxy: GeometryProxy, host: _HostCore) -> Bool {
        var proxy = proxy
        proxy.namedSpaces = coordinateSpaces
        return deliverResolved(proxy, host: host)
    }

    /// Delivers a proxy that has its named spaces.
    private func deliverResolved(_ proxy: GeometryProxy, host: _HostCore) -> Bool {
        switch delivery {
        case .all(let sinks):
            var changed = false
            for sink in sinks {
                changed = sink.deliverResolved(proxy, host: host) || changed
            }
            return changed
        case .reader(let input):
            return input.setValue(proxy)
        case .observer(let observe):
            return observe(proxy, host)
        }
    }
}

extension _Annotations {
    /// Adds `sink` to the node's geometry sinks (one view's sink, or all of several views').
    mutating func addGeometry(_ sink: GeometrySink) {
        guard let existing = geometry, existing !== sink else {
            geometry = sink
            return
        }
        var sinks: [GeometrySink]
        if case .all(let inner) = existing.delivery { sinks = inner } else { sinks = [existing] }
        sinks.removeAll { $0 === sink }
        sinks.append(sink)
        geometry = GeometrySink(delivery: .all(sinks), path: sink.path, name: sinks.map(\.name).joined(separator: " + "))
    }
}
