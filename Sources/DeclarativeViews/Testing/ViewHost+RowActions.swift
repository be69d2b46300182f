import Foundation

// The driver's gestures for actions a view hides until asked (`.swipeActions`, `.contextMenu`):
// a swipe or a long press reveals them; their buttons are then on screen (after the next flush)
// for ``ViewHost/tap(_:)``, and tapping one hides them again.

extension ViewHost {
    /// Swipes the row showing `row` (its text, or one of its texts) from `edge`, as a partial
    /// swipe does: its `.swipeActions(edge:)` buttons show under it at the next flush (swiping
    /// again hides them).
    public func swipe(_ row: String, edge: HorizontalEdge = .trailing) throws {
        let name = edge == .leading ? "leading" : "trailing"
        let action = try revealAction(showing: row, key: "swipeActions", kind: "\(name) swipe actions") {
            $0.hasPrefix(name)
        }
        action.action()
    }

    /// Opens the context menu of the view showing `label` (its text, or one of its texts), as a
    /// long press or a secondary click does: its items show under it at the next flush (opening
    /// it again closes it). In a `List` with `.contextMenu(forSelectionType:menu:primaryAction:)`,
    /// `label` names a row: the menu is given that row's tag, or the whole selection when the
    /// row is selected; `nil` opens the menu for the list's empty area (no items).
    public func openContextMenu(_ label: String?) throws {
        if let label, let action = try? revealAction(showing: label, key: "contextMenu", kind: "a context menu", { _ in true }) {
            action.action()
            return
        }
        let (menu, tags) = try selectionMenu(row: label)
        menu.open(tags)
    }

    /// Runs the primary action of a `.contextMenu(forSelectionType:menu:primaryAction:)` on the
    /// row showing `row` (its tag, or the selection it is in), as a double click does.
    public func performPrimaryAction(_ row: String) throws {
        let (menu, tags) = try selectionMenu(row: row, needsPrimary: true)
        menu.primary?(tags)
    }

    /// The reveal action of the innermost view marked `key` whose content shows `label`.
    private func revealAction(
        showing label: String, key: String, kind: String, _ matches: (String) -> Bool
    ) throws -> ButtonAction {
        var found: ButtonAction?
        var available: [String] = []
        forEachNode { node, _ in
            guard let value = node.annotations?.styles[key], matches(value), let action = node.annotations?.reveal,
                let content = node.children.first
            else { return }
            var texts: [String] = []
            content.collectReachableText(into: &texts)
            available.append(texts.joined(separator: " "))
            if texts.joined(separator: " ") == label || texts.contains(label) { found = action }
        }
        guard let found else { throw ViewHostError.actionsNotFound(view: label, kind: kind, available: available) }
        return found
    }

    /// The selection context menu holding the row showing `row`, and the tags it acts on.
    private func selectionMenu(row: String?, needsPrimary: Bool = false) throws -> (SelectionMenuActions, Set<AnyHashable>) {
        let kind = needsPrimary ? "a primary action" : "a context menu"
        var available: [String] = []
        var found: (SelectionMenuActions, Set<AnyHashable>)?
        forEachNode { node, _ in
            guard found == nil, let menu = node.annotations?.selectionMenu, !needsPrimary || menu.primary != nil,
                let content = node.children.first
            else { return }
            guard let row else {
                found = (menu, [])
                return
            }
            var selected: Set<AnyHashable> = []
            var target: AnyHashable?
            _forEachReachableNode([content]) { candidate, _ in
                guard let tag = candidate.annotations?.tag, menu.accepts(tag) else { return }
                if candidate.annotations?.styles["selected"] != nil { selected.insert(tag) }
                var texts: [String] = []
                candidate.collectReachableText(into: &texts)
                available.append(texts.joined(separator: " "))
                if target == nil, texts.joined(separator: " ") == row || texts.contains(row) { target = tag }
            }
            if let target { found = (menu, selected.contains(target) ? selected : [target]) }
        }
        guard let found else { throw ViewHostError.actionsNotFound(view: row ?? "(empty area)", kind: kind, available: available) }
        return found
    }
}
