import AttrGraph

/// `.environment(\.key, value)`: the subtree sees `value` for `key`.
public nonisolated struct _EnvironmentKeyWritingModifier<Value>: _PrimitiveViewModifier {
    let keyPath: WritableKeyPath<EnvironmentValues, Value>
    let value: Value

    public static func _makeView(
        modifier: _GraphValue<Self>, inputs: _ViewInputs, body: @escaping (_ViewInputs) -> _ViewOutputs
    ) -> _ViewOutputs {
        var inputs = inputs
        inputs.environment = Attribute(EnvironmentWriter(parent: inputs.environment, modifier: modifier))
        return body(inputs)
    }

    struct EnvironmentWriter: Rule {
        let parent: Attribute<EnvironmentValues>
        let modifier: _GraphValue<_EnvironmentKeyWritingModifier<Value>>

        var value: EnvironmentValues {
            var environment = parent.value
            let modifier = self.modifier.value
            environment[keyPath: modifier.keyPath] = modifier.value
            return environment
        }
    }
}

/// `.disabled(true)`: buttons in the subtree cannot be tapped.
public nonisolated struct _DisabledModifier: _PrimitiveViewModifier, Equatable {
    let disabled: Bool

    public static func _makeView(
        modifier: _GraphValue<Self>, inputs: _ViewInputs, body: @escaping (_ViewInputs) -> _ViewOutputs
    ) -> _ViewOutputs {
        var inputs = inputs
        inputs.environment = Attribute(Writer(parent: inputs.environment, modifier: modifier))
        return body(inputs)
    }

    struct Writer: Rule {
        let parent: Attribute<EnvironmentValues>
        let modifier: _GraphValue<_DisabledModifier>

        var value: EnvironmentValues {
            var environment = parent.value
            if modifier.value.disabled { environment.isEnabled = false }
            return environment
        }
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
