import Foundation

extension ViewHost {
    /// Presses `key` with `modifiers` held, as a hardware keyboard does: it triggers the enabled
    /// control whose `.keyboardShortcut` it is (the first on screen), or else goes to the
    /// key-press handlers on screen (`.onKeyPress`, `.onMoveCommand`, `.onExitCommand`,
    /// `.onDeleteCommand`), innermost view first, until one handles it. Returns whether anything
    /// did (the changes run at the next flush).
    @discardableResult
    public func press(_ key: KeyEquivalent, modifiers: EventModifiers = []) -> Bool {
        let shortcut = KeyboardShortcut(key, modifiers: modifiers).description
        var triggered: ButtonAction?
        forEachNode { node, _ in
            guard triggered == nil, node.annotations?.styles["keyboardShortcut"] == shortcut else { return }
            triggered = node.firstEnabledAction
        }
        if let triggered {
            triggered.action()
            return true
        }
        let press = KeyPress(key: key, characters: String(key.character), modifiers: modifiers, phase: .down)
        var handlers: [KeyPressHandler] = []
        func collect(_ node: DisplayNode) {
            guard !node.isHiddenFromUser else { return }
            for child in node.reachableChildren { collect(child) }
            handlers += node.annotations?.keyPresses ?? []
        }
        rendered.forEach(collect)
        for handler in handlers where handler.handle(press) == .handled { return true }
        return false
    }
}

extension DisplayNode {
    /// The action of this button, or of the first enabled button inside it.
    fileprivate var firstEnabledAction: ButtonAction? {
        if case .button = kind, let action, action.isEnabled { return action }
        for child in reachableChildren where !child.isHiddenFromUser {
            if let action = child.firstEnabledAction { return action }
        }
        return nil
    }
}
