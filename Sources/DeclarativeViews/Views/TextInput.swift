import Foundation

// Text input, headless: a field shows its text (or its prompt in angle brackets while empty),
// its node carries `textField=TITLE` (`textEditor`, `slider`, `datePicker` for the other
// inputs) and an input that ``ViewHost/type(_:into:)`` writes through, as typing does. Typing
// into a field focuses it; `.focused(…)` bindings see that, and `type TEXT` without a field
// types into the focused one. ``ViewHost/submit(_:)`` runs the `.onSubmit` actions around the
// field, as the return key does.

/// Where typed text goes: a field's binding (or a parser for a value input), and what submitting runs.
final class TextInput {
    /// `textField`, `textEditor`, `slider`, `datePicker`…: the attribute naming the input.
    let kind: String
    let title: String
    /// The input's current value as text (what ``InspectedView/input()`` reads).
    let value: () -> String
    /// Writes typed text; throws ``ViewHostError/invalidInput(field:text:expected:)`` when it is
    /// not a value the input takes.
    let write: (String) throws -> Void
    let submit: [() -> Void]
    /// Whether the input can be typed into (not inside `.disabled(true)`).
    let isEnabled: () -> Bool
    /// Called when the input is typed into (a search field starts searching).
    let focus: (() -> Void)?
    /// Told `true` when editing the input begins and `false` when it ends (a field's
    /// `onEditingChanged`).
    let editingChanged: ((Bool) -> Void)?

    init(kind: String, title: String, submit: [() -> Void] = [], isEnabled: Bool = true, focus: (() -> Void)? = nil,
         editingChanged: ((Bool) -> Void)? = nil, value: @escaping () -> String, write: @escaping (String) throws -> Void) {
        self.kind = kind
        self.title = title
        self.submit = submit
        self.value = value
        self.write = write
        self.isEnabled = { isEnabled }
        self.focus = focus
        self.editingChanged = editingChanged
    }
}

/// Marks an input's node: its kind and title, and its input.
public nonisolated struct _TextInputModifier: PrimitiveViewModifier {
    let input: TextInput
    /// More attributes of the input's node (`secure`, `axis=vertical`).
    var styles: [String: String] = [:]
}

extension _TextInputModifier: Annotating {
    func annotate(_ annotations: inout _Annotations) {
        if annotations.textInput == nil {
            annotations.textInput = input
            annotations.styles[input.kind] = input.title
            for (key, value) in styles where annotations.styles[key] == nil { annotations.styles[key] = value }
        }
    }
}

/// A text input (SwiftUI's `TextField`): shows its text, or while empty its prompt (else its
/// title) in angle brackets (`<Name>`). Its node carries `textField=TITLE` — the title, or the
/// text of its label — by which ``ViewHost/type(_:into:)`` finds it; a field that grows along an
/// axis carries `axis=vertical`.
///
/// Typing into a field begins editing it (`onEditingChanged(true)`); submitting it (the return
/// key, ``ViewHost/submit(_:)``) runs `onCommit`, then the `.onSubmit` actions around it, and ends
/// editing (`onEditingChanged(false)`), as typing into another field does.
public nonisolated struct TextField<Label: View>: View {
    let label: Label
    let title: String?
    let text: Binding<String>
    let prompt: Text?
    let isSecure: Bool
    let axis: Axis?
    var onEditingChanged: ((Bool) -> Void)?
    var onCommit: (() -> Void)?
    @Environment(\._submitActions) private var submitActions
    @Environment(\._searchField) private var searchField
    @Environment(\.isEnabled) private var isEnabled

    /// A field whose title is the text of `label`.
    public init(text: Binding<String>, prompt: Text? = nil, @ViewBuilder label: () -> Label) {
        self.init(label: label(), title: nil, text: text, prompt: prompt, isSecure: false, axis: nil)
    }

    /// A field with a label that grows along `axis` (`.vertical`: several lines).
    public init(text: Binding<String>, prompt: Text? = nil, axis: Axis, @ViewBuilder label: () -> Label) {
        self.init(label: label(), title: nil, text: text, prompt: prompt, isSecure: false, axis: axis)
    }

    init(label: Label, title: String?, text: Binding<String>, prompt: Text?, isSecure: Bool, axis: Axis?,
         onEditingChanged: ((Bool) -> Void)? = nil, onCommit: (() -> Void)? = nil) {
        self.label = label
        self.title = title
        self.text = text
        self.prompt = prompt
        self.isSecure = isSecure
        self.axis = axis
        self.onEditingChanged = onEditingChanged
        self.onCommit = onCommit
    }

    @MainActor public var body: some View {
        let title = self.title ?? _labelTitle(of: label, otherwise: prompt?.content ?? "TextField")
        let value = text.wrappedValue
        let shown = value.isEmpty
            ? "<\(prompt?.content ?? title)>" : (isSecure ? String(repeating: "•", count: value.count) : value)
        let text = self.text
        let submit = (onCommit.map { [$0] } ?? []) + submitActions.actions(for: searchField == nil ? .text : .search)
        var styles: [String: String] = [:]
        if isSecure { styles["secure"] = "" }
        if let axis { styles["axis"] = "\(axis)" }
        return Text(verbatim: shown).modifier(_TextInputModifier(
            input: TextInput(
                kind: "textField", title: title, submit: submit, isEnabled: isEnabled, focus: searchField?.begin,
                editingChanged: onEditingChanged, value: { text.wrappedValue }, write: { text.wrappedValue = $0 }),
            styles: styles))
    }
}

/// The title a control takes from its label: the label's text (a `Text`, a `Label`), else
/// `otherwise`.
@MainActor
func _labelTitle<V: View>(of label: V, otherwise: String) -> String {
    _labelText(label) ?? otherwise
}

/// A text input whose characters are hidden (SwiftUI's `SecureField`): shown as `•`, its node
/// carrying `secure` besides `textField=TITLE`.
public nonisolated struct SecureField<Label: View>: View {
    let field: TextField<Label>

    /// A secure field whose title is the text of `label`.
    public init(text: Binding<String>, prompt: Text? = nil, @ViewBuilder label: () -> Label) {
        field = TextField(label: label(), title: nil, text: text, prompt: prompt, isSecure: true, axis: nil)
    }

    init(title: String, text: Binding<String>, prompt: Text?, onCommit: (() -> Void)? = nil) where Label == Text {
        field = TextField(label: Text(verbatim: title), title: title, text: text, prompt: prompt, isSecure: true,
                          axis: nil, onCommit: onCommit)
    }

    @MainActor public var body: some View { field }
}

/// Multi-line text input (SwiftUI's `TextEditor`): its text, line by line; the node carries
/// `textEditor=TextEditor` (type into it by that name, or by its accessibility identifier's field
/// name given with `.accessibilityLabel`).
public nonisolated struct TextEditor: View {
    let text: Binding<String>
    @Environment(\._submitActions) private var submitActions
    @Environment(\.isEnabled) private var isEnabled

    public init(text: Binding<String>) {
        self.text = text
    }

    @MainActor public var body: some View {
        let text = self.text
        Text(verbatim: text.wrappedValue).modifier(_TextInputModifier(input: TextInput(
            kind: "textEditor", title: "TextEditor", submit: submitActions.actions(for: .text), isEnabled: isEnabled,
            value: { text.wrappedValue }, write: { text.wrappedValue = $0 })))
    }
}

// MARK: - Submitting

/// The `.onSubmit` actions around a field, outermost first, each with what triggers it.
struct SubmitActions {
    var entries: [(triggers: SubmitTriggers, action: () -> Void)] = []

    /// The actions a field submitted by `trigger` runs: `.text` for text fields, `.search` for
    /// a `.searchable` field.
    func actions(for trigger: SubmitTriggers) -> [() -> Void] {
        entries.filter { $0.triggers.contains(trigger) }.map(\.action)
    }
}

struct SubmitActionsKey: EnvironmentKey {
    static var defaultValue: SubmitActions { SubmitActions() }
}

extension EnvironmentValues {
    var _submitActions: SubmitActions {
        get { self[SubmitActionsKey.self] }
        set { self[SubmitActionsKey.self] = newValue }
    }
}

/// What submits (SwiftUI's `SubmitTriggers`): text fields (`.text`, the default of `.onSubmit`)
/// or the search field of `.searchable` (`.search`).
public struct SubmitTriggers: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let text = SubmitTriggers(rawValue: 1)
    public static let search = SubmitTriggers(rawValue: 2)
}

/// `.onSubmit(of:_:)`: the fields inside that `triggers` names run `action` when submitted.
public nonisolated struct _SubmitModifier: EnvironmentModifying {
    let triggers: SubmitTriggers
    let action: () -> Void

    func modify(_ environment: inout EnvironmentValues) {
        environment._submitActions.entries.append((triggers, action))
    }
}

/// `.submitScope(_:)`: when blocking, the fields inside do not run the `.onSubmit` actions
/// around the scope (only those inside it).
public nonisolated struct _SubmitScopeModifier: EnvironmentModifying {
    let isBlocking: Bool

    func modify(_ environment: inout EnvironmentValues) {
        if isBlocking { environment._submitActions = SubmitActions() }
    }
}

/// How the return key is labelled (SwiftUI's `SubmitLabel`): recorded.
public struct SubmitLabel: Sendable, CustomStringConvertible {
    public let description: String
    public static let done = SubmitLabel(description: "done")
    public static let go = SubmitLabel(description: "go")
    public static let send = SubmitLabel(description: "send")
    public static let join = SubmitLabel(description: "join")
    public static let route = SubmitLabel(description: "route")
    public static let search = SubmitLabel(description: "search")
    public static let `return` = SubmitLabel(description: "return")
    public static let next = SubmitLabel(description: "next")
    public static let `continue` = SubmitLabel(description: "continue")
}

extension View {
    /// Runs `action` when a text field inside is submitted (``ViewHost/submit(_:)``).
    public func onSubmit(of triggers: SubmitTriggers = .text, _ action: @escaping () -> Void)
        -> ModifiedContent<Self, _SubmitModifier>
    {
        modifier(_SubmitModifier(triggers: triggers, action: action))
    }

    /// Keeps submitting a field inside from running the `.onSubmit` actions outside (when
    /// `isBlocking`): a form in a sheet does not submit the screen behind it.
    public func submitScope(_ isBlocking: Bool = true) -> ModifiedContent<Self, _SubmitScopeModifier> {
        modifier(_SubmitScopeModifier(isBlocking: isBlocking))
    }

    public func submitLabel(_ submitLabel: SubmitLabel) -> ModifiedContent<Self, _StyleModifier> {
        modifier(_StyleModifier(key: "submitLabel", value: submitLabel.description))
    }
}

// MARK: - Focus

/// Which field has the keyboard focus (SwiftUI's `@FocusState`): `Bool` for one field, or an
/// optional value naming fields with `.focused($field, equals: .name)`. Typing into a field
/// focuses it; setting the value focuses the field it names.
@propertyWrapper
public struct FocusState<Value: Hashable>: DynamicProperty {
    @State private var value: Value

    public init() where Value == Bool {
        _value = State(initialValue: false)
    }

    public init<T: Hashable>() where Value == T? {
        _value = State(initialValue: nil)
    }

    public var wrappedValue: Value {
        get { value }
        nonmutating set { value = newValue }
    }

    public var projectedValue: Binding {
        Binding(binding: $value)
    }

    /// A binding to the focus, for `.focused(_:)` (SwiftUI's `FocusState.Binding`).
    @propertyWrapper
    public struct Binding {
        let binding: DeclarativeViews.Binding<Value>

        public var wrappedValue: Value {
            get { binding.wrappedValue }
            nonmutating set { binding.wrappedValue = newValue }
        }

        public var projectedValue: Binding { self }
    }
}

/// Whether a field is focused, and how to focus it.
final class FocusLink {
    let isFocused: () -> Bool
    let focus: () -> Void

    init(isFocused: @escaping () -> Bool, focus: @escaping () -> Void) {
        self.isFocused = isFocused
        self.focus = focus
    }
}

/// Ties a field (or a focusable view) to a focus binding; a focused field's node carries
/// `focused`, and inside it `\.isFocused` says whether the binding focuses it.
public nonisolated struct _FocusedModifier: ViewModifier {
    let link: FocusLink
    let isFocused: Bool

    @MainActor public func body(content: Content) -> some View {
        content
            .environment(\._focusBindingSaysFocused, isFocused)
            .environment(\._isFocused, isFocused)
            .modifier(_FocusBindingMarker(link: link, isFocused: isFocused))
    }
}

/// Marks the node of a view with a focus binding.
nonisolated struct _FocusBindingMarker: PrimitiveViewModifier {
    let link: FocusLink
    let isFocused: Bool
}

extension _FocusBindingMarker: Annotating {
    func annotate(_ annotations: inout _Annotations) {
        if annotations.focus == nil {
            annotations.focus = link
            if isFocused { annotations.styles["focused"] = "" }
        }
    }
}

extension View {
    /// Focuses the field while `binding` equals `value`; typing into it sets `binding` to `value`.
    public func focused<Value: Hashable>(_ binding: FocusState<Value>.Binding, equals value: Value)
        -> ModifiedContent<Self, _FocusedModifier>
    {
        let link = FocusLink(isFocused: { binding.wrappedValue == value }, focus: { binding.wrappedValue = value })
        return modifier(_FocusedModifier(link: link, isFocused: binding.wrappedValue == value))
    }

    /// Focuses the field while `condition` is true; typing into it sets it.
    public func focused(_ condition: FocusState<Bool>.Binding) -> ModifiedContent<Self, _FocusedModifier> {
        focused(condition, equals: true)
    }
}
