import Foundation

// Expanding and collapsing disclosures — an outline's parent rows, disclosure groups — by their
// label, as a user clicks the disclosure triangle. In a selectable list, tapping a row's label
// selects the row; expanding it goes through its disclosure, as on a device.

extension ViewHost {
    /// Expands the collapsed disclosure labelled `label` (an outline's parent row, a
    /// `DisclosureGroup`, a collapsible section's header).
    public func expand(_ label: String) throws {
        try toggleDisclosure(label, from: "collapsed")
    }

    /// Collapses the expanded disclosure labelled `label`.
    public func collapse(_ label: String) throws {
        try toggleDisclosure(label, from: "expanded")
    }

    /// Taps the disclosure labelled `label` that is in `state`; the error lists the disclosures in
    /// that state when there is none.
    private func toggleDisclosure(_ label: String, from state: String) throws {
        var found: (DisplayNode, ButtonAction)?
        var available: [String] = []
        forEachNode { node, _ in
            guard node.annotations?.styles["disclosure"] == state, case .button(let candidate, _) = node.kind,
                let action = node.action
            else { return }
            available.append(candidate)
            if found == nil, node.isButton(named: label) { found = (node, action) }
        }
        guard let (node, action) = found else { throw ViewHostError.buttonNotFound(label: label, available: available) }
        if refusesTouches(node) { throw ViewHostError.hitTestingDisabled(view: label) }
        guard action.isEnabled else { throw ViewHostError.buttonDisabled(label: label) }
        action.action()
    }
}
