import Foundation

// Styles that draw a control (SwiftUI's `ButtonStyle`, `PrimitiveButtonStyle`, `ToggleStyle`,
// `LabelStyle`, `GroupBoxStyle`, `ProgressViewStyle`): a style's `makeBody(configuration:)` is
// given the control's parts (its label, its binding, its action) and returns what the control
// shows. `.buttonStyle(_:)` and the other style modifiers put the style in the environment, for
// the controls under them, and record its name (`toggleStyle=switch`; a custom style by its type
// name). Inside a style's body the style is no longer set, so the control it makes from its
// configuration (`Toggle(configuration)`, `Button(configuration)`) has the built-in look.
//
// Headless, a button is never held down: `ButtonStyleConfiguration.isPressed` is `false`.

/// A control's style, type-erased, as the environment carries it: makes the control's body from
/// its configuration.
struct _StyleBody<Configuration> {
    let make: @MainActor (Configuration) -> AnyView
}

struct _ButtonStyleKey: EnvironmentKey {
    static var defaultValue: _ButtonStyleBody? { nil }
}

struct _ToggleStyleKey: EnvironmentKey {
    static var defaultValue: _StyleBody<ToggleStyleConfiguration>? { nil }
}

struct _LabelStyleKey: EnvironmentKey {
    static var defaultValue: _StyleBody<LabelStyleConfiguration>? { nil }
}

struct _GroupBoxStyleKey: EnvironmentKey {
    static var defaultValue: _StyleBody<GroupBoxStyleConfiguration>? { nil }
}

struct _ProgressViewStyleKey: EnvironmentKey {
    static var defaultValue: _StyleBody<ProgressViewStyleConfiguration>? { nil }
}

/// A button style: one that draws the label of a tappable button (``ButtonStyle``), or one that
/// makes the whole button and decides what triggers it (``PrimitiveButtonStyle``).
enum _ButtonStyleBody {
    case label(_StyleBody<ButtonStyleConfiguration>)
    case primitive(_StyleBody<PrimitiveButtonStyleConfiguration>)
}

extension EnvironmentValues {
    var _buttonStyle: _ButtonStyleBody? {
        get { self[_ButtonStyleKey.self] }
        set { self[_ButtonStyleKey.self] = newValue }
    }

    var _toggleStyle: _StyleBody<ToggleStyleConfiguration>? {
        get { self[_ToggleStyleKey.self] }
        set { self[_ToggleStyleKey.self] = newValue }
    }

    var _labelStyle: _StyleBody<LabelStyleConfiguration>? {
        get { self[_LabelStyleKey.self] }
        set { self[_LabelStyleKey.self] = newValue }
    }

    var _groupBoxStyle: _StyleBody<GroupBoxStyleConfiguration>? {
        get { self[_GroupBoxStyleKey.self] }
        set { self[_GroupBoxStyleKey.self] = newValue }
    }

    var _progressViewStyle: _StyleBody<ProgressViewStyleConfiguration>? {
        get { self[_ProgressViewStyleKey.self] }
        set { self[_ProgressViewStyleKey.self] = newValue }
    }
}

/// A view type-erased for a style's configuration: `configuration.label`.
public nonisolated struct _ErasedStylePart: View {
    let content: AnyView
    /// The view before erasure (a control reads a `Text` label's string from it for its title).
    let original: any View

    init<V: View>(_ view: V) {
        content = AnyView(view)
        original = view
    }

    @MainActor public var body: some View { content }
}

/// The string of a label that is a `Text` (or a view with static text, a `Label`), also when a
/// style's configuration erased it; `nil` for other labels.
func _labelText(_ label: some View) -> String? {
    let view: any View = (label as? _ErasedStylePart)?.original ?? label
    if let text = view as? Text { return text.content }
    if let labelled = view as? any StaticTextProviding { return labelled._staticText }
    return nil
}

// MARK: - Buttons

/// How a button's label looks (SwiftUI's `ButtonStyle`); the button stays tappable as a whole.
///
///     struct Pill: ButtonStyle {
///         func makeBody(configuration: Configuration) -> some View {
///             configuration.label.padding(4).background(configuration.isPressed ? .gray : .blue)
///         }
///     }
public protocol ButtonStyle {
    associatedtype Body: View
    typealias Configuration = ButtonStyleConfiguration
    @MainActor @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

/// What a ``ButtonStyle`` draws: the button's label, whether it is held down, its role.
public struct ButtonStyleConfiguration {
    /// A button's label, type-erased.
    public typealias Label = _ErasedStylePart
    public let role: ButtonRole?
    public let label: ButtonStyleConfiguration.Label
    /// Whether the button is held down (never, headless).
    public let isPressed: Bool
}

/// What a ``PrimitiveButtonStyle`` makes a button of: its label, its role, and its action, which
/// the style runs with ``trigger()`` when it decides the button was used.
public struct PrimitiveButtonStyleConfiguration {
    /// A button's label, type-erased.
    public typealias Label = _ErasedStylePart
    public let role: ButtonRole?
    public let label: PrimitiveButtonStyleConfiguration.Label
    let action: @MainActor () -> Void

    /// Runs the button's action.
    @MainActor public func trigger() { action() }
}

extension Button where Label == PrimitiveButtonStyleConfiguration.Label {
    /// The built-in button for a primitive style's configuration: tapping it triggers it.
    public init(_ configuration: PrimitiveButtonStyleConfiguration) {
        self.init(role: configuration.role, action: configuration.action) { configuration.label }
    }
}

extension View {
    /// Puts a control's style in the environment for the controls under this view (a `_StyleBody`
    /// that clears the style inside its own body, so the control it makes from its configuration
    /// has the built-in look) and records the style's name as `key=name`.
    func _controlStyle<Configuration, Body: View>(
        _ keyPath: WritableKeyPath<EnvironmentValues, _StyleBody<Configuration>?>, recordedAs key: String,
        name: String, makeBody: @escaping @MainActor (Configuration) -> Body
    ) -> some View {
        environment(keyPath, _StyleBody { configuration in AnyView(makeBody(configuration).environment(keyPath, nil)) })
            .modifier(_StyleModifier(key: key, value: name))
    }

    /// Draws the labels of the buttons under this view with `style`.
    public func buttonStyle<S: ButtonStyle>(_ style: S) -> some View {
        environment(\._buttonStyle, .label(_StyleBody { configuration in
            AnyView(style.makeBody(configuration: configuration).environment(\._buttonStyle, nil))
        }))
        .modifier(_StyleModifier(key: "buttonStyle", value: _typeName(S.self, qualified: false)))
        .modifier(_ButtonStyleInput())
    }

    /// Makes the buttons under this view with `style` (the built-in ones, `.bordered`, `.plain`…,
    /// look the same headless and are recorded by name).
    public func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> some View {
        environment(\._buttonStyle, .primitive(_StyleBody { configuration in
            AnyView(style.makeBody(configuration: configuration).environment(\._buttonStyle, nil))
        }))
        .modifier(_StyleModifier(key: "buttonStyle", value: style._name))
        .modifier(_ButtonStyleInput())
    }
}

// MARK: - Toggles

/// What a ``ToggleStyle`` draws: the toggle's label and its binding.
public struct ToggleStyleConfiguration {
    /// A toggle's label, type-erased.
    public typealias Label = _ErasedStylePart
    public let label: ToggleStyleConfiguration.Label
    /// Whether the toggle is on; setting it (`configuration.isOn.toggle()`) sets the binding.
    @Binding public var isOn: Bool
    /// Whether the toggle stands for several values that differ (never, headless).
    public var isMixed: Bool
}

extension Toggle where ToggleLabel == ToggleStyleConfiguration.Label {
    /// The built-in toggle for a style's configuration.
    public init(_ configuration: ToggleStyleConfiguration) {
        self.init(isOn: configuration.$isOn) { configuration.label }
    }
}

extension View {
    public func toggleStyle<S: ToggleStyle>(_ style: S) -> some View {
        _controlStyle(\._toggleStyle, recordedAs: "toggleStyle", name: style._name) { style.makeBody(configuration: $0) }
    }
}

// MARK: - Labels

/// What a ``LabelStyle`` draws: the label's title and icon.
public struct LabelStyleConfiguration {
    /// A label's title, type-erased.
    public typealias Title = _ErasedStylePart
    /// A label's icon, type-erased.
    public typealias Icon = _ErasedStylePart
    public var title: LabelStyleConfiguration.Title
    public var icon: LabelStyleConfiguration.Icon
}

extension Label where Title == LabelStyleConfiguration.Title, Icon == LabelStyleConfiguration.Icon {
    /// The built-in label (icon, then title) for a style's configuration.
    public init(_ configuration: LabelStyleConfiguration) {
        self.init(title: { configuration.title }, icon: { configuration.icon })
    }
}

extension View {
    public func labelStyle<S: LabelStyle>(_ style: S) -> some View {
        _controlStyle(\._labelStyle, recordedAs: "labelStyle", name: style._name) { style.makeBody(configuration: $0) }
    }
}

// MARK: - Group boxes

/// How a group box looks (SwiftUI's `GroupBoxStyle`).
public protocol GroupBoxStyle {
    associatedtype Body: View
    typealias Configuration = GroupBoxStyleConfiguration
    @MainActor @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

/// What a ``GroupBoxStyle`` draws: the group's label and content.
public struct GroupBoxStyleConfiguration {
    /// A group box's label, type-erased.
    public typealias Label = _ErasedStylePart
    /// A group box's content, type-erased.
    public typealias Content = _ErasedStylePart
    public let label: GroupBoxStyleConfiguration.Label
    public let content: GroupBoxStyleConfiguration.Content
}

/// The built-in group box look: the label above the content, padded.
public struct DefaultGroupBoxStyle: GroupBoxStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { GroupBox(configuration) }
}

extension GroupBoxStyle where Self == DefaultGroupBoxStyle {
    public static var automatic: DefaultGroupBoxStyle { DefaultGroupBoxStyle() }
}

extension GroupBox where GroupLabel == GroupBoxStyleConfiguration.Label, Content == GroupBoxStyleConfiguration.Content {
    /// The built-in group box for a style's configuration.
    public init(_ configuration: GroupBoxStyleConfiguration) {
        self.init(content: { configuration.content }, label: { configuration.label })
    }
}

extension View {
    public func groupBoxStyle<S: GroupBoxStyle>(_ style: S) -> some View {
        _controlStyle(\._groupBoxStyle, recordedAs: "groupBoxStyle", name: _typeName(S.self, qualified: false)) {
            style.makeBody(configuration: $0)
        }
    }
}

// MARK: - Progress views

extension View {
    public func progressViewStyle<S: ProgressViewStyle>(_ style: S) -> some View {
        _controlStyle(\._progressViewStyle, recordedAs: "progressViewStyle", name: style._name) {
            style.makeBody(configuration: $0)
        }
    }
}
