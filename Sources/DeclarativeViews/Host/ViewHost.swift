import AttrGraph
import CoreFoundation
import Foundation
import RunLoopBridge

/// Mounts a view (or an ``App``'s scenes) on a ``Graph`` and keeps its render tree up to date.
///
///     let host = ViewHost(Counter())                       // updates on this thread's run loop
///     RunLoopSpinner.spin(for: 0.05)                         // …or host.update() to flush now
///     print(host.renderedText)                             // Button "Count: 0"
///     try host.tap("Count: 0")
///     host.update()
///     print(host.renderedText)                             // Button "Count: 1"
///
/// Every view's `body` is a rule of the host's graph. State writes mark the graph, which asks
/// the scheduler (a ``RunLoopUpdateCoalescer`` on the current run loop unless you pass one,
/// e.g. a ``ManualUpdateScheduler`` in tests) for a flush; the flush updates the root and the
/// container fragments, then runs the actions views queued (`onAppear`, `onChange`, `.task`).
@MainActor
public final class ViewHost {
    let core: _HostCore
    private var rootInput: AnyAttribute
    private let rootType: Any.Type
    private var rootRender: Attribute<[DisplayNode]>!
    private var windowInput: Attribute<CGSize>!
    private var layoutRoot: Attribute<LayoutResult>!
    /// The last layout pass.
    private var laidOut: LayoutResult?
    /// The render list after the last root update, and the one last reported to `onRender`.
    private var rendered: [DisplayNode] = []
    private var reported: [DisplayNode]?
    /// The input last typed into (it has the focus unless a `.focused` binding says otherwise).
    private var typedInto: String?

    /// Called after a flush that changed the render tree (the headless runner prints it).
    public var onRender: ((ViewHost) -> Void)?

    /// The default window size: 80 × 30 text cells (see ``TextMetrics``).
    public static let defaultWindowSize = CGSize(width: 640, height: 480)

    /// Mounts `root`. Without a `scheduler`, updates are coalesced on the current thread's run
    /// loop at `.beforeWaiting` (as on the main thread of an app).
    public convenience init<Root: View>(
        _ root: Root, scheduler: (any UpdateScheduler)? = nil, environment: EnvironmentValues = EnvironmentValues(),
        windowSize: CGSize = ViewHost.defaultWindowSize
    ) {
        self.init(rootType: Root.self, scheduler: scheduler, environment: environment, windowSize: windowSize) { inputs in
            let input = Attribute(value: root)
            return (input.identifier, Root._makeDebuggableView(view: _GraphValue(input), inputs: inputs))
        }
    }

    init(rootType: Any.Type, scheduler: (any UpdateScheduler)?, environment: EnvironmentValues,
         windowSize: CGSize, mount: (_ViewInputs) -> (AnyAttribute, _ViewOutputs)) {
        let graph = Graph()
        let ownsScheduler = scheduler == nil
        let scheduler = scheduler ?? RunLoopUpdateCoalescer(runLoop: CFRunLoopGetCurrent())
        core = _HostCore(graph: graph, scheduler: scheduler)
        core.ownsScheduler = ownsScheduler
        self.rootType = rootType
        rootInput = .nil
        // The root fragment first: a flush updates the root before the containers' fragments
        // (which mounting the views adds), as the outermost hosting controller comes first.
        let rootFragment = scheduler.addFragment("root") { [weak self] in
            MainActor.preconditionIsolated("DeclarativeViews: a ViewHost updates on the main actor.")
            self?.updateRoot()
        }
        let core = self.core
        let (input, render) = core.rootSubgraph.apply { () -> (AnyAttribute, Attribute<[DisplayNode]>) in
            let inputs = _ViewInputs(host: core, environment: Attribute(value: environment))
            let (input, outputs) = mount(inputs)
            return (input, outputs.render.single(core))
        }
        rootInput = input
        rootRender = render
        (windowInput, layoutRoot) = core.rootSubgraph.apply {
            let window = Attribute(value: windowSize)
            return (window, Attribute(LayoutRoot(render: render, window: window, engine: core.layoutEngine)))
        }
        scheduler.attach(graph, fragment: rootFragment)
        let flushObserver = scheduler.addFlushObserver { [weak self] in
            self?.flushEnded()
        }
        let handle = core.handle
        let turnObserver = scheduler.addTurnObserver {
            handle.host?.feedback.endTurn()
        }
        core.registrations = (rootFragment, flushObserver, turnObserver)
        scheduler.setNeedsUpdate(rootFragment)
    }

    /// Removes every view (running their `onDisappear` actions) and detaches from the
    /// scheduler. The host renders nothing afterwards. (Releasing the host detaches it too, but
    /// without running `onDisappear` actions.)
    public func invalidate() {
        guard !core.isTornDown else { return }
        core.tearDown()
        rendered = []
        laidOut = nil
    }

    // MARK: Updating

    /// The graph the views live in.
    public var graph: Graph { core.graph }

    /// The scheduler that runs the host's updates.
    public var scheduler: any UpdateScheduler { core.scheduler }

    /// Runs pending updates now (and the actions they queue) instead of waiting for the
    /// scheduler's next flush.
    public func update() {
        core.scheduler.flush()
    }

    /// Replaces the root view's value; an equal value re-runs no body.
    public func setRootView<Root: View>(_ root: Root) {
        if Root.self != rootType {
            fatalError(
                "DeclarativeViews: setRootView(_:) needs a \(rootType), the type the host was created with, not \(Root.self).")
        }
        Attribute<Root>(identifier: rootInput).value = root
    }

    private func updateRoot() {
        guard !core.isTornDown, let rootRender else { return }
        rendered = rootRender.value
    }

    /// After the fragments of a flush: lay out, deliver geometry, run the queued actions.
    /// Whatever they change is updated in another round of the same flush.
    private func flushEnded() {
        guard !core.isTornDown, let layoutRoot else { return }
        let result = layoutRoot.value
        laidOut = result
        result.forEachGeometryNode { node, frame in
            guard let sink = node.annotations?.geometry else { return }
            core.feedback.deliver(GeometryProxy(size: frame.size, globalFrame: frame), to: sink, host: core)
        }
        core.runPendingActions()
        if let onRender, reported != rendered {
            reported = rendered
            onRender(self)
        }
    }

    // MARK: Layout

    /// The size the views are laid out in (points; a text cell is 8 × 16).
    public var windowSize: CGSize {
        get { windowInput.value }
        set { windowInput.value = newValue }
    }

    /// How much layout work ran since the host was created (or since ``resetLayoutStatistics()``).
    public var layoutStatistics: LayoutStatistics { core.layoutEngine.statistics }

    public func resetLayoutStatistics() {
        core.layoutEngine.statistics = LayoutStatistics()
    }

    /// Forgets every cached size and placement, so that the next update lays everything out
    /// from scratch (to measure a full layout, or after changing something layout depends on
    /// that the graph does not track).
    public func invalidateLayout() {
        core.layoutEngine.invalidateCaches()
        layoutRoot?.invalidateValue()
    }

    /// When on, every size computed (not answered from a cache) is logged in ``layoutLog`` as
    /// `Text "A" for (400 × nil)`: which views a change made the layout measure again.
    public var recordsLayoutLog: Bool {
        get { core.layoutEngine.log != nil }
        set { core.layoutEngine.log = newValue ? (core.layoutEngine.log ?? []) : nil }
    }

    /// The measurements logged since ``recordsLayoutLog`` was turned on (or the last
    /// ``takeLayoutLog()``).
    public func takeLayoutLog() -> [String] {
        defer { if core.layoutEngine.log != nil { core.layoutEngine.log = [] } }
        return core.layoutEngine.log ?? []
    }

    /// Layout passes per view per run-loop turn before the layout-feedback-loop detector
    /// reports the view (default `DV_LAYOUT_FEEDBACK_THRESHOLD`, else 100).
    public var layoutFeedbackThreshold: Int {
        get { core.feedback.threshold }
        set { core.feedback.threshold = newValue }
    }

    /// What the layout-feedback-loop detector reported so far (each report is also written to
    /// the graph's diagnostic sink).
    public var layoutFeedbackReports: [LayoutFeedbackReport] { core.feedback.reports }

    // MARK: Reading the output

    /// The render tree's top-level nodes as of the last update, with the frames of the last
    /// layout pass.
    public var renderTree: [RenderNode] {
        if let laidOut, laidOut.roots == rendered {
            return laidOut.renderTree
        }
        return rendered.map(\.renderNode)
    }

    /// The indented text rendering of ``renderTree``.
    public var renderedText: String {
        _renderText(renderTree)
    }

    /// The indented text rendering with each node's frame (`@ x,y w×h`, in points).
    public var renderedTextWithFrames: String {
        _renderText(renderTree, frames: true)
    }

    /// The layout drawn as boxes on a character grid, one cell per 8 × 16 points (see
    /// ``RenderNode/boxDrawing(of:size:)``).
    public var boxDrawing: String {
        RenderNode.boxDrawing(of: renderTree, size: windowSize)
    }

    /// The labels of the buttons on screen, in order.
    public var buttonLabels: [String] {
        var labels: [String] = []
        forEachButton { label, _, _ in labels.append(label) }
        return labels
    }

    /// Taps the first button whose label is `label`, running its action (the updates it
    /// causes run at the next flush, or at ``update()``).
    public func tap(_ label: String) throws {
        var found: _ButtonAction?
        forEachButton { candidate, action, _ in
            if found == nil, candidate == label { found = action }
        }
        guard let action = found else {
            throw ViewHostError.buttonNotFound(label: label, available: buttonLabels)
        }
        guard action.isEnabled else {
            throw ViewHostError.buttonDisabled(label: label)
        }
        action.action()
    }

    /// Taps the button marked `.accessibilityIdentifier(identifier)` (or inside a view so marked),
    /// whatever its label says — for tests that should not depend on wording.
    public func tap(accessibilityIdentifier identifier: String) throws {
        var found: (label: String, action: _ButtonAction)?
        var identifiers: [String] = []
        forEachButton { label, action, marks in
            identifiers += marks
            if found == nil, marks.contains(identifier) { found = (label, action) }
        }
        guard let (label, action) = found else {
            throw ViewHostError.identifierNotFound(identifier: identifier, available: identifiers)
        }
        guard action.isEnabled else { throw ViewHostError.buttonDisabled(label: label) }
        action.action()
    }

    /// Flips the ``Toggle`` labelled `label` (the change runs at the next flush).
    public func toggle(_ label: String) throws {
        var found: _ButtonAction?
        var toggles: [String] = []
        forEachNode { node, _ in
            guard node.annotations?.styles["toggle"] != nil, case .button(let candidate, _) = node.kind,
                let action = node.action
            else { return }
            toggles.append(candidate)
            if found == nil, candidate == label { found = action }
        }
        guard let action = found else { throw ViewHostError.toggleNotFound(label: label, available: toggles) }
        guard action.isEnabled else { throw ViewHostError.buttonDisabled(label: label) }
        action.action()
    }

    /// Replaces the text of the input titled `field` (a ``TextField``, ``SecureField``,
    /// ``TextEditor``, or the label of a ``Slider`` or ``DatePicker``) with `text`, as if typed,
    /// and focuses it (the change runs at the next flush).
    public func type(_ text: String, into field: String) throws {
        var found: (_TextInput, _FocusLink?)?
        var fields: [String] = []
        forEachNode { node, _ in
            guard let input = node.annotations?.textInput else { return }
            fields.append(input.title)
            if found == nil, input.title == field { found = (input, node.annotations?.focus) }
        }
        guard let (input, focus) = found else { throw ViewHostError.textFieldNotFound(field: field, available: fields) }
        try input.write(text)
        focus?.focus()
        typedInto = field
    }

    /// Types `text` into the focused field (see ``FocusState``).
    public func type(_ text: String) throws {
        try focusedInput().write(text)
    }

    /// Submits the field titled `field`, or the focused one, as the return key does: runs the
    /// `.onSubmit` actions around it.
    public func submit(_ field: String? = nil) throws {
        let input: _TextInput
        if let field {
            var found: _TextInput?
            var fields: [String] = []
            forEachNode { node, _ in
                guard let candidate = node.annotations?.textInput else { return }
                fields.append(candidate.title)
                if found == nil, candidate.title == field { found = candidate }
            }
            guard let found else { throw ViewHostError.textFieldNotFound(field: field, available: fields) }
            input = found
        } else {
            input = try focusedInput()
        }
        for action in input.submit { action() }
    }

    /// The field a `.focused` binding focuses, or else the one last typed into.
    private func focusedInput() throws -> _TextInput {
        var focused: _TextInput?
        var typed: _TextInput?
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
        var found: _ButtonAction?
        var labelled = false
        var tabs: [String] = []
        var options: [String] = []
        var option: _ButtonAction?
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
                if option == nil, candidate == label { option = node.action }
            default:
                break
            }
        }
        if !labelled, let option {
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
        var found: _ButtonAction?
        forEachNode { node, _ in
            if node.annotations?.styles["navigationBack"] != nil, let action = node.action { found = action }
        }
        guard let action = found else { throw ViewHostError.nothingToGoBackFrom }
        action.action()
    }

    /// Closes the innermost presentation on screen (a sheet, cover, popover, alert or dialog), as
    /// a swipe down or a tap outside does (the change runs at the next flush).
    public func dismiss() throws {
        var found: _ButtonAction?
        forEachNode { node, _ in
            if let action = node.annotations?.dismiss { found = action }
        }
        guard let action = found else { throw ViewHostError.nothingPresented }
        action.action()
    }

    /// Deletes the row showing `row` (its text, or one of its texts) from a `ForEach` with
    /// `.onDelete`, as swiping it does: the handler gets the row's offset.
    public func swipeDelete(_ row: String) throws {
        let (edit, _) = try editableRow(row, { $0.handlers.delete != nil }, noun: "deletable")
        edit.handlers.delete?(IndexSet(integer: edit.offset))
    }

    /// Moves the row showing `row` of a `ForEach` with `.onMove` before the row at `destination`
    /// (`rows.count` moves it to the end), as dragging it in edit mode does.
    public func move(_ row: String, to destination: Int) throws {
        let (edit, label) = try editableRow(row, { $0.handlers.move != nil }, noun: "movable")
        if let mode = edit.handlers.editMode, !mode.wrappedValue.isEditing {
            throw ViewHostError.notEditing(row: label)
        }
        // SwiftUI's .onMove destinations are offsets to insert before: 0 through the row count.
        guard (0...edit.count).contains(destination) else {
            throw ViewHostError.moveOutOfRange(row: label, destination: destination, count: edit.count)
        }
        edit.handlers.move?(IndexSet(integer: edit.offset), destination)
    }

    private func editableRow(_ row: String, _ matches: (_RowEdit) -> Bool, noun: String) throws -> (_RowEdit, String) {
        var found: (_RowEdit, String)?
        var rows: [String] = []
        forEachNode { node, _ in
            guard let edit = node.annotations?.rowEdit, matches(edit) else { return }
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
    private func forEachNode(_ body: (DisplayNode, [String]) -> Void) {
        var stack: [(DisplayNode, [String])] = rendered.reversed().map { ($0, []) }
        while let (node, inherited) = stack.popLast() {
            if node.annotations?.styles["hidden"] != nil { continue }
            var marks = inherited
            if let identifier = node.annotations?.styles["accessibilityIdentifier"] { marks.append(identifier) }
            body(node, marks)
            if case .tab(_, selected: false) = node.kind { continue }
            stack += node.children.reversed().map { ($0, marks) }
        }
    }

    /// Each button with its label, action and the accessibility identifiers on it and its ancestors.
    private func forEachButton(_ body: (String, _ButtonAction, [String]) -> Void) {
        forEachNode { node, marks in
            if case .button(let label, _) = node.kind, let action = node.action { body(label, action, marks) }
        }
    }

    // MARK: Debugging

    /// How many times the body of views of `type` ran since the host was created (or since
    /// ``resetCounters()``).
    public func bodyEvaluations<V>(of type: V.Type) -> Int {
        core.bodyEvaluations(of: type)
    }

    /// Body evaluations per view type name, for the types that ran at least once.
    public var bodyEvaluationCounts: [String: Int] {
        var counts: [String: Int] = [:]
        for (index, name) in core.counterNames.enumerated() where core.bodyCounts[index] > 0 {
            counts[name, default: 0] += core.bodyCounts[index]
        }
        return counts
    }

    public var totalBodyEvaluations: Int {
        core.bodyCounts.reduce(0, +)
    }

    public func resetCounters() {
        for index in core.bodyCounts.indices { core.bodyCounts[index] = 0 }
    }

    /// Where `_printChanges()` lines go (standard output by default).
    public var printSink: (String) -> Void {
        get { core.printSink }
        set { core.printSink = newValue }
    }

    /// Writes the live view graph as an AttrGraph archive (open it with `agdump`); returns its
    /// location in the temporary directory, or `nil` if it could not be written.
    @discardableResult
    public func archiveJSON(name: String? = nil) -> URL? {
        core.graph.archiveJSON(name: name)
    }
}

/// Why a ``ViewHost`` request failed.
public enum ViewHostError: Error, Equatable, CustomStringConvertible {
    case buttonNotFound(label: String, available: [String])
    case buttonDisabled(label: String)
    case identifierNotFound(identifier: String, available: [String])
    case toggleNotFound(label: String, available: [String])
    case textFieldNotFound(field: String, available: [String])
    case tabNotFound(label: String, available: [String])
    case tabNotSelectable(label: String)
    case nothingToGoBackFrom
    case noFocusedField
    case invalidInput(field: String, text: String, expected: String)
    case nothingPresented
    case rowNotFound(row: String, kind: String, available: [String])
    case notEditing(row: String)
    case moveOutOfRange(row: String, destination: Int, count: Int)

    public var description: String {
        switch self {
        case .buttonNotFound(let label, let available):
            let list = available.isEmpty ? "there are no buttons" : "buttons: " + available.map(quoted).joined(separator: ", ")
            return "no button labelled \(quoted(label)) is on screen (\(list)); call update() first if it should have appeared"
        case .buttonDisabled(let label):
            return "button \(quoted(label)) is disabled"
        case .identifierNotFound(let identifier, let available):
            let list = available.isEmpty
                ? "no button carries an accessibility identifier"
                : "identifiers on buttons: " + available.map(quoted).joined(separator: ", ")
            return "no button with accessibility identifier \(quoted(identifier)) is on screen (\(list))"
        case .toggleNotFound(let label, let available):
            let list = available.isEmpty ? "there are no toggles" : "toggles: " + available.map(quoted).joined(separator: ", ")
            return "no toggle labelled \(quoted(label)) is on screen (\(list))"
        case .textFieldNotFound(let field, let available):
            let list = available.isEmpty ? "there are no text inputs" : "text inputs: " + available.map(quoted).joined(separator: ", ")
            return "no text input titled \(quoted(field)) is on screen (\(list))"
        case .tabNotFound(let label, let available):
            let list = available.isEmpty
                ? "there are no labelled tabs, picker options or selectable rows"
                : "tabs, options and rows: " + available.map(quoted).joined(separator: ", ")
            return "no tab, picker option or selectable row labelled \(quoted(label)) is on screen (\(list))"
        case .noFocusedField:
            return "no text field is focused (typing into a field or a .focused(_:) binding focuses one): name one, type TEXT into FIELD"
        case .invalidInput(let field, let text, let expected):
            return "\(quoted(field)) does not take \(quoted(text)): expected \(expected)"
        case .nothingToGoBackFrom:
            return "there is nothing to go back from: no navigation stack on screen has a pushed screen"
        case .nothingPresented:
            return "nothing is presented: no sheet, full-screen cover, popover, alert or dialog is on screen"
        case .rowNotFound(let row, let kind, let available):
            let list = available.isEmpty
                ? "there are no \(kind) rows (a ForEach needs .on\(kind == "deletable" ? "Delete" : "Move"))"
                : "\(kind) rows: " + available.map(quoted).joined(separator: ", ")
            return "no \(kind) row shows \(quoted(row)) (\(list))"
        case .moveOutOfRange(let row, let destination, let count):
            return "row \(quoted(row)) cannot move to \(destination): its list has \(count) row\(count == 1 ? "" : "s"), "
                + "so a destination is 0 (the top) through \(count) (the end)"
        case .notEditing(let row):
            return "row \(quoted(row)) can be moved only in edit mode: tap Edit first"
        case .tabNotSelectable(let label):
            return "tab \(quoted(label)) cannot be selected: its TabView needs a selection binding "
                + "(TabView(selection: $tab)) and the tab a .tag of the binding's type"
        }
    }
}
