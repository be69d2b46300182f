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

    init(kind: String, title: String, submit: [() -> Void] = [], isEnabled: Bool = true, focus: (() -> Void)? = nil,
         value: @escaping () -> String, write: @escaping (String) throws -> Void) {
        self.kind = kind
        self.title = title
        self.submit = submit
        self.value = value
        self.write = write
        self.isEnabled = { isEnabled }
        self.focus = focus
    }
}

/// Marks an input's node: its kind and title, and its input.
public nonisolated struct _TextInputModifier: PrimitiveViewModifier {
    let input: TextInput
}

extension _TextInputModifier: Annotating {
    func annotate(_ annotations: inout _Annotations) {
        if annotations.textInput == nil {
            annotations.textInput = input
            annotations.styles[input.kind] = input.title
        }
    }
}

/// A text input (SwiftUI's `TextField`): shows its text, or its prompt in angle brackets while
/// empty (`<Name>`).
public nonisolated struct TextField: View {
    let title: String
    let text: Binding<String>
    let isSecure: Bool
    let axis: Axis?
    @Environment(\._submitActions) private var submitActions
    @Environment(\._searchField) private var searchField
    @Environment(\.isEnabled) private var isEnabled

    public init(_ titleKey: LocalizedStringKey, text: Binding<String>) {
        self.init(title: Text(titleKey).content, text: text, isSecure: false, axis: nil)
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, text: Binding<String>) {
        self.init(title: String(title), text: text, isSecure: false, axis: nil)
    }

    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, prompt: Text?) {
        self.init(titleKey, text: text)
    }

    /// A field that grows along `axis` (`.vertical`: several lines).
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, axis: Axis) {
        self.init(title: Text(titleKey).content, text: text, isSecure: false, axis: axis)
    }

    init(title: String, text: Binding<String>, isSecure: Bool, axis: Axis?) {
        self.title = title
        self.text = text
        self.isSecure = isSecure
        self.axis = axis
    }

    @MainActor public var body: some View {
        let value = text.wrappedValue
        let shown = value.isEmpty ? "<\(title)>" : (isSecure ? String(repeating: "•", count: value.count) : value)
        let text = self.text
        Text(verbatim: shown).modifier(_TextInputModifier(input: TextInput(
            kind: "textField", title: title, submit: submitActions.actions(for: searchField == nil ? .text : .search),
            isEnabled: isEnabled, focus: searchField?.begin, value: { text.wrappedValue }, write: { text.wrappedValue = $0 })))
    }
}

/// A text input whose characters are hidden (SwiftUI's `SecureField`): shown as `•`.
public nonisolated struct SecureField: View {
    let field: TextField

    public init(_ titleKey: LocalizedStringKey, text: Binding<String>) {
        field = TextField(title: Text(titleKey).content, text: text, isSecure: true, axis: nil)
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, text: Binding<String>) {
        field = TextField(title: String(title), text: text, isSecure: true, axis: nil)
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

/// Ties a field to a focus binding; a focused field's node carries `focused`.
public nonisolated struct _FocusedModifier: PrimitiveViewModifier {
    let link: FocusLink
    let isFocused: Bool
}

extension _FocusedModifier: Annotating {
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
