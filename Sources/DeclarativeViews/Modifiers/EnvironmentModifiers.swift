import AttrGraph

/// Modifiers that change the environment of their content.
protocol EnvironmentModifying: PrimitiveViewModifier {
    nonisolated func modify(_ environment: inout EnvironmentValues)
}

extension EnvironmentModifying {
    public nonisolated static func _makeView(
        modifier: _GraphValue<Self>, inputs: _ViewInputs, body: @escaping (_ViewInputs) -> _ViewOutputs
    ) -> _ViewOutputs {
        var inputs = inputs
        inputs.environment = Attribute(vtableRule: EnvironmentWriter(parent: inputs.environment, modifier: modifier))
        return body(inputs)
    }
}

/// The environment below an environment-changing modifier.
struct EnvironmentWriter<Modifier: EnvironmentModifying>: Rule {
    let parent: Attribute<EnvironmentValues>
    let modifier: _GraphValue<Modifier>

    var value: EnvironmentValues {
        var environment = parent.value
        modifier.value.modify(&environment)
        return environment
    }
}

/// `.environment(\.key, value)`: the subtree sees `value` for `key`.
public nonisolated struct _EnvironmentKeyWritingModifier<Value>: EnvironmentModifying {
    let keyPath: WritableKeyPath<EnvironmentValues, Value>
    let value: Value

    func modify(_ environment: inout EnvironmentValues) {
        environment[keyPath: keyPath] = value
    }
}

/// `.disabled(true)`: buttons in the subtree cannot be tapped.
public nonisolated struct _DisabledModifier: EnvironmentModifying, Equatable {
    let disabled: Bool

    func modify(_ environment: inout EnvironmentValues) {
        if disabled { environment.isEnabled = false }
    }
}

extension View {
    /// Sets an environment value for this view and its descendants.
    public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V)
        -> ModifiedContent<Self, _EnvironmentKeyWritingModifier<V>>
    {
        modifier(_EnvironmentKeyWritingModifier(keyPath: keyPath, value: value))
    }

    /// Disables the buttons in this view when `disabled` is true.
    public func disabled(_ disabled: Bool) -> ModifiedContent<Self, _DisabledModifier> {
        modifier(_DisabledModifier(disabled: disabled))
    }
}
