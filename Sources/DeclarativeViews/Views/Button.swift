import AttrGraph

/// A control that runs an action when tapped (``ViewHost/tap(_:)`` in tests).
///
///     Button("Increment") { count += 1 }
///     Button(action: save) { Text("Save") }
///
/// A ``ButtonStyle`` or ``PrimitiveButtonStyle`` set above it (``View/buttonStyle(_:)``) draws it.
/// A button with no `.buttonStyle` above it is the primitive button itself (no body to run: a
/// button in every row of a list costs no more than its node); under a `.buttonStyle`, it is a
/// view whose body reads the style (``_StyledButton``).
public nonisolated struct Button<Label: View>: View {
    /// The label and the action, laid out as the primitive button they become.
    var primitive: _PrimitiveButton<Label>
    /// What the button does, for its style (``ButtonRole``).
    var role: ButtonRole?

    public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {
        primitive = _PrimitiveButton(label: label(), action: action)
    }

    public var label: Label {
        get { primitive.label }
        set { primitive.label = newValue }
    }

    public var action: @MainActor () -> Void {
        get { primitive.action }
        set { primitive.action = newValue }
    }

    public var body: Never { _primitiveBody(Self.self) }

    public static func _makeView(view: _GraphValue<Self>, inputs: _ViewInputs) -> _ViewOutputs {
        guard inputs.mayHaveButtonStyle else {
            return _PrimitiveButton<Label>._makeView(
                view: view.member(_PrimitiveButton<Label>.self, at: 0, \.primitive), inputs: inputs)
        }
        let styled = Attribute(StyledButtonValue(button: view))
        return _StyledButton<Label>._makeDebuggableView(view: _GraphValue(styled), inputs: inputs)
    }
}

/// A button under a `.buttonStyle`: the style draws it, or (in a style's own body, where the
/// style is cleared) the primitive button does.
public nonisolated struct _StyledButton<Label: View>: View {
    var primitive: _PrimitiveButton<Label>
    var role: ButtonRole?
    @Environment(\._buttonStyle) private var style

    init(primitive: _PrimitiveButton<Label>, role: ButtonRole?) {
        self.primitive = primitive
        self.role = role
    }

    @MainActor public var body: some View {
        if let style {
            style.body(label: primitive.label, role: role, action: primitive.action)
        } else {
            primitive
        }
    }
}

/// A ``Button``'s value as the styled button it is under a `.buttonStyle`.
struct StyledButtonValue<Label: View>: Rule {
    let button: _GraphValue<Button<Label>>

    var value: _StyledButton<Label> {
        let button = button.value
        return _StyledButton(primitive: button.primitive, role: button.role)
    }
}

/// Marks the views under a `.buttonStyle` for their buttons: only there does a button read the
/// style (``Button``'s `_makeView`).
public nonisolated struct _ButtonStyleInput: PrimitiveViewModifier {
    public static func _makeView(
        modifier: _GraphValue<Self>, inputs: _ViewInputs, body: @escaping (_ViewInputs) -> _ViewOutputs
    ) -> _ViewOutputs {
        var inputs = inputs
        inputs.mayHaveButtonStyle = true
        return body(inputs)
    }
}

extension _ButtonStyleBody {
    /// A button drawn by this style: the style's body as the label of a tappable button, or
    /// (a primitive style) the style's body, which triggers the action itself.
    @MainActor func body<Label: View>(label: Label, role: ButtonRole?, action: @escaping @MainActor () -> Void) -> AnyView {
        switch self {
        case .label(let style):
            let configuration = ButtonStyleConfiguration(role: role, label: .init(label), isPressed: false)
            return AnyView(_PrimitiveButton(label: style.make(configuration), action: action))
        case .primitive(let style):
            return style.make(PrimitiveButtonStyleConfiguration(role: role, label: .init(label), action: action))
        }
    }
}

/// The tappable button every button is made of, unstyled: one node of kind `.button`, its label's
/// nodes under it.
public nonisolated struct _PrimitiveButton<Label: View>: View {
    // The label first: its offset (0) is what `_makeView` projects.
    var label: Label
    var action: @MainActor () -> Void

    public var body: Never { _primitiveBody(Self.self) }

    public static func _makeView(view: _GraphValue<Self>, inputs: _ViewInputs) -> _ViewOutputs {
        let label = Label._makeDebuggableView(view: view.member(Label.self, at: 0, \.label), inputs: inputs)
        return _ViewOutputs(
            render: Attribute(
                ButtonRender(button: view, label: label.render, environment: inputs.environment, box: ButtonAction {})))
    }
}

extension Button where Label == Text {
    public init(_ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void) {
        self.init(action: action) { Text(titleKey) }
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) {
        self.init(action: action) { Text(title) }
    }
}

struct ButtonRender<Label: View>: StatefulRule {
    typealias Value = [DisplayNode]
    let button: _GraphValue<_PrimitiveButton<Label>>
    let label: RenderParts
    /// The environment, for whether buttons are enabled here and what a tap also dismisses
    /// (inside an alert). Read directly rather than through an attribute of its own: a button
    /// in every row of a list would otherwise cost one more attribute and rule run per row at
    /// mount, for a cut-off that only spares this rule a run when the environment changes.
    let environment: Attribute<EnvironmentValues>
    /// The action the button's node carries; kept current without making a new node.
    let box: ButtonAction

    mutating func updateValue() {
        let context = environment.value._buttonContext
        let action = button.value.action
        if let dismiss = context.dismissesPresentation {
            box.action = { action(); dismiss() }
        } else {
            box.action = action
        }
        box.isEnabled = context.isEnabled
        let children = label.read()
        let text: String
        if children.count == 1, children[0].children.isEmpty, case .text(let string) = children[0].kind {
            text = string  // the common label, one text: no list of texts to join
        } else {
            var texts: [String] = []
            for child in children { child.collectText(into: &texts) }
            text = texts.count == 1 ? texts[0] : texts.joined(separator: " ")
        }
        emit(.button(label: text, isEnabled: box.isEnabled), children: children, action: box)
    }
}
