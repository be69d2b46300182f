import Foundation

// The driver's accessibility verbs: what a VoiceOver user does to an element — perform one of its
// actions (the actions rotor, a double tap, the magic tap, escape), adjust it (swipe up or down),
// scroll or zoom it, move the accessibility focus to it. An element is named by its accessibility
// label, its accessibility identifier, or a text it shows.

extension ViewHost {
    /// The names of the accessibility actions of the element named `element`: its
    /// `.accessibilityAction(named:)`/`.accessibilityAction(_:)` ones (`default`, `escape`,
    /// `magicTap`… for the kinds), then the buttons of its `.accessibilityActions { … }`.
    public func accessibilityActions(of element: String) -> [String] {
        update()
        var names: [String] = []
        for node in accessibilityElements(named: element) {
            for (name, _) in node.accessibilityActionEntries where !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// Performs the accessibility action `action` of the element named `element`, as VoiceOver's
    /// actions rotor does: a named action (`"Archive"`), or a kind by name (`"default"` — a
    /// button's is its tap —, `"escape"`, `"magicTap"`, `"delete"`, `"showMenu"`). Its updates run
    /// at the next flush.
    public func performAccessibilityAction(_ action: String, on element: String) throws {
        update()
        let nodes = accessibilityElements(named: element)
        for node in nodes {
            if let run = node.accessibilityActionEntries.first(where: { $0.name == action })?.run {
                run()
                return
            }
        }
        if action == AccessibilityActionKind.default.name,
            let button = nodes.lazy.compactMap({ $0.firstButton() }).first, let tap = button.action
        {
            guard tap.isEnabled else { throw ViewHostError.buttonDisabled(label: element) }
            tap.action()
            return
        }
        throw ViewHostError.accessibilityActionNotFound(
            action: action, element: element, available: accessibilityActions(of: element))
    }

    /// Adjusts the element named `element` (`.accessibilityAdjustableAction`), as a VoiceOver swipe
    /// up (`.increment`) or down (`.decrement`) does.
    public func accessibilityAdjust(_ element: String, _ direction: AccessibilityAdjustmentDirection) throws {
        try handler(of: element, action: "adjust", \.adjust)(direction)
    }

    /// Scrolls the element named `element` (`.accessibilityScrollAction`) towards `edge`, as a
    /// three-finger swipe does.
    public func accessibilityScroll(_ element: String, edge: Edge) throws {
        try handler(of: element, action: "scroll", \.scroll)(edge)
    }

    /// Zooms the element named `element` (`.accessibilityZoomAction`) in or out at its centre.
    public func accessibilityZoom(_ element: String, _ direction: AccessibilityZoomGestureAction.Direction) throws {
        try handler(of: element, action: "zoom", \.zoom)(
            AccessibilityZoomGestureAction(direction: direction, location: .center, point: .zero))
    }

    /// Moves the accessibility focus to the element named `element`, as a VoiceOver swipe to it
    /// does: its `.accessibilityFocused` binding takes the element's value.
    public func accessibilityFocus(_ element: String) throws {
        try handler(of: element, action: "focus", \.focus)()
    }

    /// The handler `keyPath` of the element named `element`, or the error naming what it has.
    private func handler<Handler>(of element: String, action: String, _ keyPath: KeyPath<AccessibilityActions, Handler?>)
        throws -> Handler
    {
        update()
        for node in accessibilityElements(named: element) {
            if let handler = node.firstAccessibilityActions(having: keyPath) { return handler }
        }
        throw ViewHostError.accessibilityActionNotFound(
            action: action, element: element, available: accessibilityActions(of: element))
    }

    /// The reachable nodes named `element` (by accessibility label or identifier, or a text they
    /// show), innermost first: the element itself before the containers around it.
    func accessibilityElements(named element: String) -> [DisplayNode] {
        var nodes: [DisplayNode] = []
        forEachNode { node, marks in
            var texts: [String] = []
            node.collectReachableText(into: &texts)
            if node.accessibleName == element || marks.last == element || texts.contains(element) { nodes.append(node) }
        }
        return nodes.reversed()
    }
}

extension DisplayNode {
    /// The accessibility actions in the subtree, by name: the action handlers, then the buttons
    /// laid over the view for `.accessibilityActions` and `.accessibilityRepresentation`.
    var accessibilityActionEntries: [(name: String, run: @MainActor () -> Void)] {
        var entries: [(name: String, run: @MainActor () -> Void)] = []
        collectAccessibilityActions(into: &entries, inActions: false)
        return entries
    }

    private func collectAccessibilityActions(into entries: inout [(name: String, run: @MainActor () -> Void)], inActions: Bool) {
        for (name, run) in annotations?.accessibilityActions?.named ?? [] where !entries.contains(where: { $0.name == name }) {
            entries.append((name, run))
        }
        let hidden = annotations?.styles["hidden"]
        let isActions = inActions || hidden == "accessibilityActions" || hidden == "accessibilityRepresentation"
        if isActions, case .button(let label, _) = kind, let action, action.isEnabled {
            if !entries.contains(where: { $0.name == label }) { entries.append((label, action.action)) }
        }
        for child in children { child.collectAccessibilityActions(into: &entries, inActions: isActions) }
    }

    /// The first handler `keyPath` in the subtree.
    func firstAccessibilityActions<Handler>(having keyPath: KeyPath<AccessibilityActions, Handler?>) -> Handler? {
        if let handler = annotations?.accessibilityActions?[keyPath: keyPath] { return handler }
        for child in children {
            if let handler = child.firstAccessibilityActions(having: keyPath) { return handler }
        }
        return nil
    }

    /// The first button in the reachable subtree.
    func firstButton() -> DisplayNode? {
        if isHiddenFromUser { return nil }
        if case .button = kind, action != nil { return self }
        for child in reachableChildren {
            if let button = child.firstButton() { return button }
        }
        return nil
    }
}
