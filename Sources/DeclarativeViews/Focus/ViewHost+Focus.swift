import Foundation

// The scene's focus, kept by the host after each update: the default focus is given once the
// views are there, and the values the focused views publish are gathered into the scene's store
// (``FocusedValues``) — a reader's body runs again when they change, in the same flush. The
// driver moves the focus to a focusable view with ``ViewHost/focus(_:)``.

extension ViewHost {
    /// Gives the default focus if it is due, and publishes the focused values (once a view reads
    /// them: a screen without focused values costs no walk of its tree after each update).
    func updateFocus() {
        let center = core.focusCenter
        if center.hasDefaultFocusRequests, !center.defaultFocusGiven, !rendered.isEmpty {
            center.defaultFocusGiven = true
            if focusedPath() == nil, let preferred = preferredDefaultFocus() { center.focus(preferred) }
        }
        guard center.hasReaders else { return }
        let focus = focusedPath()
        center.publish(focusedValues(along: focus?.nodes ?? []), focus: focus?.offsets)
    }

    /// The values published now: those of the focused view and the views around it (`path`; the
    /// innermost to publish a key wins), over those published scene-wide.
    func focusedValues(along path: [DisplayNode]) -> FocusedValues {
        var values = FocusedValues()
        _forEachReachableNode(rendered) { node, _ in
            for entry in (node.annotations?.focusedValues ?? []).reversed() where entry.isSceneWide { entry.write(&values) }
        }
        for node in path {
            for entry in (node.annotations?.focusedValues ?? []).reversed() where !entry.isSceneWide { entry.write(&values) }
        }
        return values
    }

    /// The focused node and its ancestors, outermost first, with their offsets among their
    /// siblings: a focusable view that has the focus, a view whose `.focused(…)` binding focuses
    /// it, or else the field last typed into.
    func focusedPath() -> (nodes: [DisplayNode], offsets: [Int])? {
        // One path, grown and shrunk as the search goes down and back up (no copy per node).
        var nodesOnPath: [DisplayNode] = []
        var offsetsOnPath: [Int] = []
        func search(_ nodes: [DisplayNode], _ matches: (DisplayNode) -> Bool) -> Bool {
            for (offset, node) in nodes.enumerated() where !node.isHiddenFromUser {
                nodesOnPath.append(node)
                offsetsOnPath.append(offset)
                if matches(node) || search(node.reachableChildren, matches) { return true }
                nodesOnPath.removeLast()
                offsetsOnPath.removeLast()
            }
            return false
        }
        let byFocus = search(rendered) { node in
            node.annotations?.focusable?.isFocused == true || node.annotations?.focus?.isFocused() == true
        }
        if byFocus { return (nodesOnPath, offsetsOnPath) }
        guard let typedInto else { return nil }
        return search(rendered) { $0.annotations?.textInput?.title == typedInto } ? (nodesOnPath, offsetsOnPath) : nil
    }

    /// The focusable view marked `.prefersDefaultFocus(in:)` (its node, or the first focusable
    /// one inside it).
    private func preferredDefaultFocus() -> FocusableLink? {
        var found: FocusableLink?
        forEachNode { node, _ in
            guard found == nil, node.annotations?.styles["prefersDefaultFocus"] == "" else { return }
            found = node.firstFocusable
        }
        return found
    }

    /// Gives the focus to the focusable view named `element` — by its text, accessibility label
    /// or identifier — as a click on it or the tab key does: `\.isFocused` turns true inside it,
    /// a `.focused(…)` binding around it takes its value, and the view that had the focus loses it
    /// (the changes run at the next flush).
    public func focus(_ element: String) throws {
        for node in accessibilityElements(named: element) {
            guard node.annotations?.focusable != nil || node.annotations?.focus != nil else { continue }
            if let focusable = node.annotations?.focusable {
                core.focusCenter.focus(focusable)
            } else {
                core.focusCenter.blurFocusable()
            }
            node.annotations?.focus?.focus()
            typedInto = nil
            return
        }
        var available: [String] = []
        forEachNode { node, _ in
            if node.annotations?.focusable != nil || node.annotations?.focus != nil { available.append(node.accessibleName) }
        }
        throw ViewHostError.notFocusable(element: element, available: available)
    }

    /// The name (text, or accessibility label) of the view that has the focus, if any; a text
    /// field's is its title (what ``type(_:into:)`` finds it by), not the text it shows.
    public var focusedElement: String? {
        guard let node = focusedPath()?.nodes.last else { return nil }
        return node.annotations?.textInput?.title ?? node.accessibleName
    }
}

extension DisplayNode {
    /// The focus of the node's focusable view, or of the first one inside it.
    var firstFocusable: FocusableLink? {
        if let focusable = annotations?.focusable { return focusable }
        for child in reachableChildren {
            if let found = child.firstFocusable { return found }
        }
        return nil
    }
}
