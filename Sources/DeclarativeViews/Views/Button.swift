import AttrGraph

/// A control that runs an action when tapped (``ViewHost/tap(_:)`` in tests).
///
///     Button("Increment") { count += 1 }
///     Button(action: save) { Text("Save") }
public nonisolated struct Button<Label: View>: View {
    public var label: Label
    public var action: @MainActor () -> Void

    public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.action = action
    }

    public var body: Never { _primitiveBody(Self.self) }

    public static func _makeView(view: _GraphValue<Self>, inputs: _ViewInputs) -> _ViewOutputs {
        let label = Label._makeDebuggableView(view: view.member(Label.self, at: 0, \.label), inputs: inputs)
        let isEnabled = Attribute(vtableRule: EnvironmentProperty(environment: inputs.environment, keyPath: \._buttonContext))
        return _ViewOutputs(
            render: Attribute(
                ButtonRender(button: view, label: label.render, isEnabled: isEnabled, box: ButtonAction {})))
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
    let button: _GraphValue<Button<Label>>
    let label: RenderParts
    /// Whether buttons are enabled here, and what a tap also dismisses (inside an alert).
    let isEnabled: Attribute<ButtonContext>
    /// The action the button's node carries; kept current without making a new node.
    let box: ButtonAction

    mutating func updateValue() {
        let context = isEnabled.value
        let action = button.value.action
        if let dismiss = context.dismissesPresentation {
            box.action = { action(); dismiss() }
        } else {
            box.action = action
        }
        box.isEnabled = context.isEnabled
        let children = label.read()
        var texts: [String] = []
        for child in children { child.collectText(into: &texts) }
        let text = texts.count == 1 ? texts[0] : texts.joined(separator: " ")
        emit(.button(label: text, isEnabled: box.isEnabled), children: children, action: box)
    }
}
