import Foundation

// Inspection: ViewInspector's vocabulary on a host's render tree, so that tests written with it on
// Apple platforms port as the views do —
//
//     let screen = try host.inspect()
//     try screen.find(button: "Save").tap()
//     #expect(try host.inspect().find(viewWithAccessibilityIdentifier: "total").string() == "Total: 3")
//     #expect(try host.inspect().find(ViewType.Toggle.self).isOn())
//
// `inspect()` brings the host up to date and takes the render tree as it is; a found view is a
// snapshot of its node (inspect again after acting to see the result). Finding searches what a user
// can reach: not hidden views, not the content of unselected tabs.

extension ViewHost {
    /// The screen, up to date (pending updates run first), to find views in and act on.
    public func inspect() throws -> InspectedView {
        update()
        let root = DisplayNode(kind: .window(title: nil), children: rendered)
        return InspectedView(host: self, node: root, identifiers: [], path: [])
    }
}

/// Why a view could not be found, read or acted on.
public struct InspectionError: Error, Equatable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}

/// A view on screen: a node of the render tree, found with `find(…)` from ``ViewHost/inspect()``,
/// with what can be read from it and done to it.
@MainActor
public struct InspectedView {
    let host: ViewHost
    let node: DisplayNode
    /// Accessibility identifiers on this node and its ancestors.
    let identifiers: [String]
    /// The ancestors, outermost first.
    let path: [DisplayNode]

    // MARK: What it is

    /// The node's kind (`.button`, `.text`, `.vstack`…).
    public var kind: RenderNode.Kind { node.kind }

    /// What modifiers recorded on the node (`font`, `accessibilityLabel`, `toggle`…).
    public var attributes: [String: String] { node.annotations?.styles ?? [:] }

    /// The node's subtree as plain values.
    public var renderNode: RenderNode { node.renderNode }

    /// The text rendering of the node's subtree.
    public var renderedText: String { node.renderNode.description }

    /// The views directly inside this one that a user can reach.
    public var children: [InspectedView] {
        node.reachableChildren.filter { !$0.isHiddenFromUser }.map(child)
    }

    /// The view this one is in (nil for the screen).
    public var parent: InspectedView? {
        guard let last = path.last else { return nil }
        return InspectedView(host: host, node: last, identifiers: identifiers, path: Array(path.dropLast()))
    }

    private func child(_ node: DisplayNode) -> InspectedView {
        var marks = identifiers
        if let identifier = node.annotations?.styles["accessibilityIdentifier"] { marks.append(identifier) }
        return InspectedView(host: host, node: node, identifiers: marks, path: path + [self.node])
    }

    // MARK: Finding

    /// Every view under this one (and this one) that a user can reach, depth first.
    func descendants() -> [InspectedView] {
        var result: [InspectedView] = []
        var stack: [InspectedView] = [self]
        while let view = stack.popLast() {
            guard !view.node.isHiddenFromUser else { continue }
            result.append(view)
            stack += view.node.reachableChildren.reversed().map(view.child)
        }
        return result
    }

    /// The first view (depth first) for which `predicate` holds.
    public func find(where predicate: (InspectedView) throws -> Bool) throws -> InspectedView {
        for view in descendants() where try predicate(view) { return view }
        throw InspectionError("no view on screen matches the condition")
    }

    /// Every view for which `predicate` holds, depth first.
    public func findAll(where predicate: (InspectedView) throws -> Bool) rethrows -> [InspectedView] {
        try descendants().filter(predicate)
    }

    /// The first view of a kind: `find(ViewType.Toggle.self)`.
    public func find<T: KnownViewType>(_ type: T.Type) throws -> InspectedView {
        guard let view = descendants().first(where: { $0.is(type) }) else {
            throw InspectionError("no \(Self.name(of: type)) is on screen")
        }
        return view
    }

    /// The first view of a kind that shows `text` (in its subtree) or is named `text`.
    public func find<T: KnownViewType>(_ type: T.Type, containing text: String) throws -> InspectedView {
        let candidates = findAll(type)
        if let view = candidates.first(where: { $0.shows(text) }) { return view }
        throw InspectionError("no \(Self.name(of: type)) containing \(quoted(text)) is on screen"
            + Self.available(candidates.map(\.label)))
    }

    /// Every view of a kind, depth first.
    public func findAll<T: KnownViewType>(_ type: T.Type) -> [InspectedView] {
        descendants().filter { $0.is(type) }
    }

    /// The `Text` showing exactly `text`.
    public func find(text: String) throws -> InspectedView {
        let texts = findAll(ViewType.Text.self)
        if let view = texts.first(where: { (try? $0.string()) == text }) { return view }
        throw InspectionError("no text \(quoted(text)) is on screen" + Self.available(texts.compactMap { try? $0.string() }))
    }

    /// The button labelled `label` (its text, or its accessibility label).
    public func find(button label: String) throws -> InspectedView {
        let buttons = findAll(ViewType.Button.self)
        if let view = buttons.firstBest({ $0.node.buttonMatch(label) }) { return view }
        throw InspectionError("no button labelled \(quoted(label)) is on screen" + Self.available(buttons.map(\.label)))
    }

    /// The navigation link labelled `label`.
    public func find(navigationLink label: String) throws -> InspectedView {
        try find(ViewType.NavigationLink.self, named: label)
    }

    /// The link labelled `label`.
    public func find(link label: String) throws -> InspectedView {
        try find(ViewType.Link.self, named: label)
    }

    /// The toggle labelled `label`.
    public func find(toggle label: String) throws -> InspectedView {
        try find(ViewType.Toggle.self, named: label)
    }

    /// The text input titled `title` (a text field, secure field, search field, slider, stepper,
    /// date or color picker).
    public func find(textField title: String) throws -> InspectedView {
        let inputs = descendants().filter { $0.node.annotations?.textInput != nil }
        if let view = inputs.first(where: { $0.node.annotations?.textInput?.title == title || $0.label == title }) {
            return view
        }
        throw InspectionError("no text input titled \(quoted(title)) is on screen"
            + Self.available(inputs.compactMap { $0.node.annotations?.textInput?.title }))
    }

    /// The picker labelled `label`.
    public func find(picker label: String) throws -> InspectedView {
        let pickers = findAll(ViewType.Picker.self)
        if let view = pickers.first(where: { $0.attributes["picker"] == label }) { return view }
        throw InspectionError("no picker labelled \(quoted(label)) is on screen"
            + Self.available(pickers.compactMap { $0.attributes["picker"] }))
    }

    /// The stepper labelled `label`.
    public func find(stepper label: String) throws -> InspectedView {
        let steppers = findAll(ViewType.Stepper.self)
        if let view = steppers.first(where: { $0.children.first?.shows(label) == true || $0.shows(label) }) { return view }
        throw InspectionError("no stepper labelled \(quoted(label)) is on screen"
            + Self.available(steppers.map { $0.children.first?.label ?? "" }))
    }

    /// The image named `name` (a system image's symbol name, or an asset's name).
    public func find(image name: String) throws -> InspectedView {
        let images = findAll(ViewType.Image.self)
        if let view = images.first(where: { $0.attributes["systemImage"] == name || $0.attributes["image"] == name }) {
            return view
        }
        throw InspectionError("no image named \(quoted(name)) is on screen"
            + Self.available(images.compactMap { $0.attributes["systemImage"] ?? $0.attributes["image"] }))
    }

    /// The view marked `.accessibilityIdentifier(identifier)`.
    public func find(viewWithAccessibilityIdentifier identifier: String) throws -> InspectedView {
        let marked = descendants().filter { $0.attributes["accessibilityIdentifier"] != nil }
        if let view = marked.first(where: { $0.attributes["accessibilityIdentifier"] == identifier }) { return view }
        throw InspectionError("no view with accessibility identifier \(quoted(identifier)) is on screen"
            + Self.available(marked.compactMap { $0.attributes["accessibilityIdentifier"] }))
    }

    /// The view whose accessibility label is `label`.
    public func find(viewWithAccessibilityLabel label: String) throws -> InspectedView {
        let labelled = descendants().filter { $0.attributes["accessibilityLabel"] != nil }
        if let view = labelled.first(where: { $0.attributes["accessibilityLabel"] == label }) { return view }
        throw InspectionError("no view with accessibility label \(quoted(label)) is on screen"
            + Self.available(labelled.compactMap { $0.attributes["accessibilityLabel"] }))
    }

    /// The view tagged `tag` (`.tag(_:)`, or a `ForEach` row's id in a picker or selectable list).
    public func find<V: Hashable>(viewWithTag tag: V) throws -> InspectedView {
        let wanted = AnyHashable(tag)
        if let view = descendants().first(where: { $0.node.annotations?.tag == wanted }) { return view }
        throw InspectionError("no view tagged \(tag) is on screen")
    }

    private func find<T: KnownViewType>(_ type: T.Type, named name: String) throws -> InspectedView {
        let candidates = findAll(type)
        if let view = candidates.first(where: { $0.label == name || $0.node.accessibleName == name }) { return view }
        throw InspectionError("no \(Self.name(of: type)) labelled \(quoted(name)) is on screen"
            + Self.available(candidates.map(\.label)))
    }

    /// Whether this view is of a kind.
    public func `is`<T: KnownViewType>(_ type: T.Type) -> Bool {
        T._matches(node.kind, attributes)
    }

    /// Whether the view's texts include `text`, or it is labelled or named `text`.
    func shows(_ text: String) -> Bool {
        var texts: [String] = []
        node.collectReachableText(into: &texts)
        return texts.contains(text) || texts.joined(separator: " ") == text || label == text
            || node.accessibleName == text
    }

    /// A button's label, or the node's texts.
    var label: String {
        if case .button(let label, _) = node.kind { return label }
        var texts: [String] = []
        node.collectReachableText(into: &texts)
        return texts.joined(separator: " ")
    }

    private static func name<T>(of type: T.Type) -> String {
        String(describing: type).components(separatedBy: ".").last ?? "\(type)"
    }

    private static func available(_ names: [String]) -> String {
        names.isEmpty ? "" : " (on screen: " + names.prefix(20).map(quoted).joined(separator: ", ") + ")"
    }

    // MARK: Reading

    /// The text a `Text` shows; for any other view, its texts joined by spaces.
    public func string() throws -> String {
        if case .text(let string) = node.kind { return string }
        var texts: [String] = []
        node.collectReachableText(into: &texts)
        guard !texts.isEmpty else { throw InspectionError("\(node.renderNode.headline) shows no text") }
        return texts.joined(separator: " ")
    }

    /// Whether the control cannot be used (`.disabled(true)`, or a link or navigation link with
    /// nowhere to go).
    public func isDisabled() -> Bool {
        if case .button(_, let isEnabled) = node.kind { return !isEnabled }
        if let input = node.annotations?.textInput { return !input.isEnabled() }
        if let button = nearestButton() { return !(button.action?.isEnabled ?? true) }
        return false
    }

    /// Whether a toggle is on.
    public func isOn() throws -> Bool {
        guard let state = attributes["toggle"] else { throw InspectionError("\(node.renderNode.headline) is not a toggle") }
        return state == "on"
    }

    /// A picker option's, tab's or selectable row's selection state.
    public func isSelected() -> Bool {
        if case .tab(_, let selected) = node.kind { return selected }
        return attributes["selected"] != nil
    }

    /// A text input's value (a field's text, a slider's number, a date picker's date as shown).
    public func input() throws -> String {
        guard let input = node.annotations?.textInput else {
            throw InspectionError("\(node.renderNode.headline) is not a text input")
        }
        return input.value()
    }

    /// The selected option of a picker (its label), if one is.
    public func selectedOption() throws -> String? {
        guard attributes["picker"] != nil else { throw InspectionError("\(node.renderNode.headline) is not a picker") }
        return findAll(ViewType.Button.self).first(where: { $0.isSelected() })?.label
    }

    /// A recorded attribute (`font`, `foregroundColor`, `lineLimit`…), if the node has it.
    public func attribute(_ name: String) -> String? { attributes[name] }

    /// An attribute recorded on this view or, nearest first, on a view it is in — how traits
    /// set on a container (`.keyboardType(.numberPad)` on a form) reach the fields inside.
    public func inheritedAttribute(_ name: String) -> String? {
        attributes[name] ?? path.reversed().lazy.compactMap { $0.annotations?.styles[name] }.first
    }

    /// The keyboard a text field asks for (`.keyboardType`), set on it or around it.
    public func keyboardType() -> UIKeyboardType? {
        inheritedAttribute("keyboardType").flatMap { name in UIKeyboardType.allCases.first { "\($0)" == name } }
    }

    /// What a text field holds for autofill (`.textContentType`), set on it or around it.
    public func textContentType() -> UITextContentType? {
        inheritedAttribute("textContentType").flatMap { $0 == "none" ? nil : UITextContentType(rawValue: $0) }
    }

    /// How the return key is labelled (`.submitLabel`: `done`, `go`…), set on it or around it.
    public func submitLabel() -> String? { inheritedAttribute("submitLabel") }

    public func accessibilityLabel() -> String? { attributes["accessibilityLabel"] }
    public func accessibilityHint() -> String? { attributes["accessibilityHint"] }
    public func accessibilityValue() -> String? { attributes["accessibilityValue"] }
    public func accessibilityIdentifier() -> String? { attributes["accessibilityIdentifier"] }

    /// The `.tag(_:)` of the view.
    public func tag() -> AnyHashable? { node.annotations?.tag }

    /// The navigation title: on a navigation stack, the title it shows; on the view titling one,
    /// that title; on any other view (the screen from ``ViewHost/inspect()`` included), the title
    /// of the first navigation stack shown inside it.
    public func navigationTitle() -> String? {
        if case .navigationStack(let title) = node.kind { return title }
        if let title = node.annotations?.navigationTitle { return title }
        for view in descendants().dropFirst() {
            if case .navigationStack(let title) = view.node.kind { return title }
        }
        return nil
    }

    /// Where the view was laid out, in window coordinates, if it was.
    public func frame() -> CGRect? {
        host.frame(of: node)
    }

    // MARK: Acting

    /// Taps the button (or the button this view is in: a label's text, a toggle).
    public func tap() throws {
        guard let button = nearestButton(), let action = button.action else {
            throw InspectionError("\(node.renderNode.headline) is not a button and is in none")
        }
        guard action.isEnabled else { throw InspectionError("\(button.renderNode.headline) is disabled") }
        action.action()
    }

    /// Performs a long press (a view with `.onLongPressGesture` or a long-press gesture is a button
    /// headless).
    public func longPress() throws { try tap() }

    /// Flips a toggle.
    public func toggle() throws {
        guard attributes["toggle"] != nil else { throw InspectionError("\(node.renderNode.headline) is not a toggle") }
        try tap()
    }

    /// Types `text` into a text input (ViewInspector's `setInput`), replacing its text, and focuses it.
    public func setInput(_ text: String) throws {
        guard let input = node.annotations?.textInput else {
            throw InspectionError("\(node.renderNode.headline) is not a text input")
        }
        try host.enter(text, into: input, node: node)
    }

    /// Submits a text input, as the return key does (its `.onSubmit` actions run).
    public func submit() throws {
        guard let input = node.annotations?.textInput else {
            throw InspectionError("\(node.renderNode.headline) is not a text input")
        }
        host.commit(input)
    }

    /// Selects this picker option, tab or selectable row.
    public func select() throws {
        guard let action = node.action, node.annotations?.tag != nil || { if case .tab = node.kind { true } else { false } }()
        else { throw InspectionError("\(node.renderNode.headline) is not a picker option, tab or selectable row") }
        action.action()
    }

    /// Selects the option labelled `option` of this picker (or selectable list).
    public func select(_ option: String) throws {
        let options = findAll(ViewType.Button.self).filter { $0.node.annotations?.tag != nil }
        guard let view = options.firstBest({ $0.node.buttonMatch(option) }) else {
            throw InspectionError("no option \(quoted(option)) here" + Self.available(options.map(\.label)))
        }
        try view.select()
    }

    /// Steps a stepper up.
    public func increment() throws { try step("+") }

    /// Steps a stepper down.
    public func decrement() throws { try step("-") }

    private func step(_ label: String) throws {
        guard attributes["stepper"] != nil else { throw InspectionError("\(node.renderNode.headline) is not a stepper") }
        guard let button = findAll(ViewType.Button.self).first(where: { $0.attributes["stepperButton"] == label })
            ?? findAll(ViewType.Button.self).first(where: { $0.label == label })
        else { throw InspectionError("the stepper has no \(label) button") }
        try button.tap()
    }

    /// The innermost button at or around this view.
    private func nearestButton() -> DisplayNode? {
        if case .button = node.kind { return node }
        return path.last { if case .button = $0.kind { true } else { false } }
    }
}

extension ViewHost {
    /// Where `node` was laid out in the last layout pass, in window coordinates.
    func frame(of node: DisplayNode) -> CGRect? {
        func search(_ tree: RenderNode, _ display: DisplayNode) -> CGRect?? {
            if display === node { return .some(tree.frame) }
            for (child, childDisplay) in zip(tree.children, display.children) {
                if let found = search(child, childDisplay) { return found }
            }
            return nil
        }
        for (tree, display) in zip(renderTree, rendered) {
            if let found = search(tree, display) { return found }
        }
        return nil
    }
}
