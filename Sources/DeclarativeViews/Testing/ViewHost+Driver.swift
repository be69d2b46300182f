import Foundation

// The driver: what a user does to the views a host shows — tap, toggle, type, submit, select, go
// back, dismiss, search, pull to refresh, step, swipe, move — by the label on screen (or the
// accessibility label or identifier). Each action runs what the control would run; the updates it
// causes run at the next flush (``ViewHost/update()``, or the scheduler's). The `DV_SCRIPT` steps
// (``ViewHost/run(script:output:settle:)``) and the inspection API (``ViewHost/inspect()``) use
// these. A control that is not on screen, or is disabled, is an error naming what is.

extension ViewHost {
    /// The labels of the buttons on screen, in order.
    public var buttonLabels: [String] {
        var labels: [String] = []
        forEachButton { label, _, _ in labels.append(label) }
        return labels
    }

    /// Taps the first button whose label is `label` — its text, or its accessibility label
    /// (`.accessibilityLabel("Close")` on an icon-only button) — running its action; else the tab
    /// bar item labelled `label` of a `TabView`, selecting its tab as ``select(_:)`` does; else
    /// the first button whose texts without its icons are `label` (`Label("Add", systemImage:
    /// "plus")`), else the first showing `label` among its texts (a list row, tapped on its name).
    public func tap(_ label: String) throws {
        var buttons: [DisplayNode] = []
        var tab: ButtonAction?
        forEachNode { node, _ in
            if case .button = node.kind { buttons.append(node) }
            if tab == nil, case .tab(label?, _) = node.kind, let action = node.action { tab = action }
        }
        let foundNode = buttons.firstBest { $0.buttonMatch(label) }
        if foundNode.map({ $0.buttonMatch(label) != .named }) ?? true, let tab {
            tab.action()
            return
        }
        guard let foundNode, let action = foundNode.action else {
            throw ViewHostError.buttonNotFound(label: label, available: buttonLabels)
        }
        if refusesTouches(foundNode) { throw ViewHostError.hitTestingDisabled(view: label) }
        guard action.isEnabled else {
            throw ViewHostError.buttonDisabled(label: label)
        }
        action.action()
    }

    /// Taps the button marked `.accessibilityIdentifier(identifier)` (or inside a view so marked),
    /// whatever its label says — for tests that should not depend on wording.
    public func tap(accessibilityIdentifier identifier: String) throws {
        var found: (label: String, action: ButtonAction, node: DisplayNode)?
        var identifiers: [String] = []
        forEachNode { node, marks in
            guard case .button(let label, _) = node.kind, let action = node.action else { return }
            identifiers += marks
            if found == nil, marks.contains(identifier) { found = (label, action, node) }
        }
        guard let (label, action, node) = found else {
            throw ViewHostError.identifierNotFound(identifier: identifier, available: identifiers)
        }
        if refusesTouches(node) { throw ViewHostError.hitTestingDisabled(view: label) }
        guard action.isEnabled else { throw ViewHostError.buttonDisabled(label: label) }
        action.action()
    }

    /// Flips the ``Toggle`` labelled `label` (the change runs at the next flush).
    public func toggle(_ label: String) throws {
        var nodes: [DisplayNode] = []
        var toggles: [String] = []
        forEachNode { node, _ in
            guard node.annotations?.styles["toggle"] != nil, case .button(let candidate, _) = node.kind,
                node.action != nil
            else { return }
            toggles.append(candidate)
            nodes.append(node)
        }
        guard let foundNode = nodes.firstBest({ $0.buttonMatch(label) }), let action = foundNode.action else {
            throw ViewHostError.toggleNotFound(label: label, available: toggles)
        }
        if refusesTouches(foundNode) { throw ViewHostError.hitTestingDisabled(view: label) }
        guard action.isEnabled else { throw ViewHostError.buttonDisabled(label: label) }
        action.action()
    }

    /// Replaces the text of the input titled `field` (a ``TextField``, ``SecureField``,
    /// ``TextEditor``, a search field, or the label of a ``Slider``, ``Stepper``, ``DatePicker`` or
    /// ``ColorPicker``) with `text`, as if typed, and focuses it (the change runs at the next flush).
    public func type(_ text: String, into field: String) throws {
        let (node, input) = try textInput(titled: field)
        try enter(text, into: input, node: node)
    }

    /// Types `text` into the focused field (see ``FocusState``).
    public func type(_ text: String) throws {
        try focusedInput().write(text)
    }

    /// Submits the field titled `field`, or the focused one, as the return key does: runs the
    /// `.onSubmit` actions around it (`.onSubmit(of: .search)` ones for a search field).
    public func submit(_ field: String? = nil) throws {
        let input = try field.map { try textInput(titled: $0).input } ?? focusedInput()
        commit(input)
    }

    /// Submits an input: its `onCommit` and the `.onSubmit` actions around it run, then its editing
    /// ends (`onEditingChanged(false)`), as the return key dismisses the keyboard.
    func commit(_ input: TextInput) {
        for action in input.submit { action() }
        if let editing, editing.title == input.title {
            self.editing = nil
            editing.editingChanged?(false)
        }
    }

    /// Types into an input and focuses it (the field a later `type(_:)` without a field goes to).
    /// Editing it begins (`onEditingChanged(true)`) unless it was going on, and editing the field
    /// that was being edited ends.
    func enter(_ text: String, into input: TextInput, node: DisplayNode) throws {
        guard input.isEnabled() else { throw ViewHostError.inputDisabled(field: input.title) }
        if editing?.title != input.title {
            let previous = editing
            editing = input
            previous?.editingChanged?(false)
            input.editingChanged?(true)
        }
        try input.write(text)
        input.focus?()
        core.focusCenter.blurFocusable()
        node.annotations?.focus?.focus()
        typedInto = input.title
    }

    /// The text input titled `field` (or whose accessibility label or identifier is `field`).
    func textInput(titled field: String) throws -> (node: DisplayNode, input: TextInput) {
        var found: (DisplayNode, TextInput)?
        var fields: [String] = []
        forEachNode { node, marks in
            guard let input = node.annotations?.textInput else { return }
            fields.append(input.title)
            if found == nil,
                input.title == field || node.annotations?.styles["accessibilityLabel"] == field || marks.last == field
            {
                found = (node, input)
            }
        }
        guard let found else { throw ViewHostError.textFieldNotFound(field: field, available: fields) }
        return found
    }

    /// The field a `.focused` binding focuses, or else the one last typed into.
    private func focusedInput() throws -> TextInput {
        var focused: TextInput?
        var typed: TextInput?
        forEachNode { node, _ in
            guard let input = node.annotations?.textInput else { return }
            if focused == nil, node.annotations?.focus?.isFocused() == true { focused = input }
            if typed == nil, input.title == typedInto { typed = input }
        }
        guard let found = focused ?? typed else { throw ViewHostError.noFocusedField }
        return found
    }

    /// Selects the tab labelled `label` of a `TabView(selection:)` (its tab needs a `.tag`), or
    /// else the option or row showing `label` of a `Picker` or a selectable `List`.
    public func select(_ label: String) throws {
        var found: ButtonAction?
        var labelled = false
        var tabs: [String] = []
        var options: [String] = []
        var optionNodes: [DisplayNode] = []
        forEachNode { node, _ in
            switch node.kind {
            case .tab(let candidate?, _):
                tabs.append(candidate)
                if !labelled, candidate == label {
                    labelled = true
                    found = node.action
                }
            case .button(let candidate, _) where node.annotations?.tag != nil && node.action != nil:
                options.append(candidate)
                optionNodes.append(node)
            default:
                break
            }
        }
        if !labelled, let option = optionNodes.firstBest({ $0.buttonMatch(label) })?.action {
            guard option.isEnabled else { throw ViewHostError.buttonDisabled(label: label) }
            option.action()
            return
        }
        guard labelled else { throw ViewHostError.tabNotFound(label: label, available: tabs + options) }
        guard let action = found else { throw ViewHostError.tabNotSelectable(label: label) }
        action.action()
    }

    /// Goes back one screen in the innermost navigation stack that has a pushed screen, as its
    /// back button does (the change runs at the next flush).
    public func back() throws {
        var found: ButtonAction?
        forEachNode { node, _ in
            if node.annotations?.styles["navigationBack"] != nil, let action = node.action { found = action }
        }
        guard let action = found else { throw ViewHostError.nothingToGoBackFrom }
        action.action()
    }

    /// Closes the innermost presentation on screen (a sheet, cover, popover, alert or dialog), as
    /// a swipe down or a tap outside does (the change runs at the next flush). A presentation with
    /// `.interactiveDismissDisabled()` stays: only its own buttons close it.
    public func dismiss() throws {
        var found: (action: ButtonAction, kind: String, node: DisplayNode)?
        forEachNode { node, _ in
            if let action = node.annotations?.dismiss {
                found = (action, node.annotations?.styles["presentation"] ?? "presentation", node)
            }
        }
        guard let (action, kind, node) = found else { throw ViewHostError.nothingPresented }
        guard action.isEnabled, !Self.disablesInteractiveDismiss(node) else {
            throw ViewHostError.dismissDisabled(presentation: kind)
        }
        action.action()
    }

    /// Whether `node`'s content says `.interactiveDismissDisabled()`.
    private static func disablesInteractiveDismiss(_ node: DisplayNode) -> Bool {
        if node.annotations?.styles["interactiveDismissDisabled"] == "" { return true }
        return node.children.contains { disablesInteractiveDismiss($0) }
    }

    /// Deletes the row showing `row` (its text, or one of its texts) from a `ForEach` with
    /// `.onDelete`, as swiping it does: the handler gets the row's offset.
    public func swipeDelete(_ row: String) throws {
        let (edit, _) = try editableRow(row, { $0.handlers.delete != nil }, unless: "deleteDisabled", noun: "deletable")
        edit.handlers.delete?(IndexSet(integer: edit.offset))
    }

    /// Moves the row showing `row` of a `ForEach` with `.onMove` before the row at `destination`
    /// (`rows.count` moves it to the end), as dragging it in edit mode does.
    public func move(_ row: String, to destination: Int) throws {
        let (edit, label) = try editableRow(row, { $0.handlers.move != nil }, unless: "moveDisabled", noun: "movable")
        if let mode = edit.handlers.editMode, !mode.wrappedValue.isEditing {
            throw ViewHostError.notEditing(row: label)
        }
        // SwiftUI's .onMove destinations are offsets to insert before: 0 through the row count.
        guard (0...edit.count).contains(destination) else {
            throw ViewHostError.moveOutOfRange(row: label, destination: destination, count: edit.count)
        }
        edit.handlers.move?(IndexSet(integer: edit.offset), destination)
    }

    /// Pulls to refresh the `.refreshable` content on screen — the one showing `text` (one of
    /// its texts), if given, else the first — and waits until its action has finished, as the
    /// refresh control stays until it does. The updates it causes run at the next flush.
    public func pullToRefresh(_ text: String? = nil) async throws {
        try await refreshable(showing: text).action()
    }

    /// The refresh action of the refreshable content showing `text` (the first if `nil`).
    /// Refuses content inside `.scrollDisabled(true)`, which cannot be pulled.
    func refreshable(showing text: String?) throws -> RefreshAction {
        var found: (action: RefreshAction, node: DisplayNode, label: String)?
        var shown: [String] = []
        forEachNode { node, _ in
            guard found == nil, let link = node.annotations?.refresh else { return }
            var texts: [String] = []
            node.collectText(into: &texts)
            let label = texts.joined(separator: " ")
            shown.append(label)
            if text == nil || texts.contains(text!) || label == text {
                found = (link.action, node, label)
            }
        }
        guard let found else {
            guard let text, !shown.isEmpty else { throw ViewHostError.nothingToRefresh }
            throw ViewHostError.refreshableNotFound(showing: text, available: shown)
        }
        if isInside(found.node, where: { $0.annotations?.styles["scrollDisabled"] == "true" }) {
            throw ViewHostError.scrollDisabled(view: text ?? found.label)
        }
        return found.action
    }

    /// Types `text` into the search field of the `.searchable` view on screen (the first), as a
    /// user does: searching starts (`\.isSearching`).
    public func search(_ text: String) throws {
        var field: (DisplayNode, TextInput)?
        forEachNode { node, _ in
            if field == nil, node.annotations?.styles["searchable"] != nil, let input = node.annotations?.textInput {
                field = (node, input)
            }
        }
        guard let (node, input) = field else { throw ViewHostError.noSearchField }
        try enter(text, into: input, node: node)
    }

    /// The row showing `row` whose edit `matches` and that does not carry the `disabled` style.
    private func editableRow(_ row: String, _ matches: (RowEdit) -> Bool, unless disabled: String, noun: String) throws
        -> (RowEdit, String)
    {
        var found: (RowEdit, String)?
        var rows: [String] = []
        forEachNode { node, _ in
            guard let edit = node.annotations?.rowEdit, matches(edit), node.annotations?.styles[disabled] == nil else { return }
            var texts: [String] = []
            node.collectText(into: &texts)
            let label = texts.joined(separator: " ")
            rows.append(label)
            if found == nil, label == row || texts.contains(row) { found = (edit, label) }
        }
        guard let found else { throw ViewHostError.rowNotFound(row: row, kind: noun, available: rows) }
        return found
    }

    /// Every rendered node a user can reach, depth first, with the accessibility identifiers on
    /// its ancestors: not the content of unselected tabs or of `.hidden()` views.
    func forEachNode(_ body: (DisplayNode, [String]) -> Void) {
        _forEachReachableNode(rendered, body)
    }

    /// Whether `target` is inside `.allowsHitTesting(false)` (on it or on one of its ancestors).
    func refusesTouches(_ target: DisplayNode) -> Bool {
        isInside(target) { $0.annotations?.styles["allowsHitTesting"] == "false" }
    }

    /// Whether `target` or one of its ancestors is a node `marked` says yes to.
    func isInside(_ target: DisplayNode, where marked: (DisplayNode) -> Bool) -> Bool {
        func search(_ node: DisplayNode, inside: Bool) -> Bool? {
            let inside = inside || marked(node)
            if node === target { return inside }
            for child in node.children {
                if let answer = search(child, inside: inside) { return answer }
            }
            return nil
        }
        for root in rendered {
            if let answer = search(root, inside: false) { return answer }
        }
        return false
    }

    /// Each button with its label, action and the accessibility identifiers on it and its ancestors.
    func forEachButton(_ body: (String, ButtonAction, [String]) -> Void) {
        forEachNode { node, marks in
            if case .button(let label, _) = node.kind, let action = node.action { body(label, action, marks) }
        }
    }
}
