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

/// `.transformEnvironment(\.key) { ... }`: the subtree sees the value `transform` makes of its
/// parent's value for `key`.
public nonisolated struct _EnvironmentKeyTransformModifier<Value>: EnvironmentModifying {
    let keyPath: WritableKeyPath<EnvironmentValues, Value>
    let transform: (inout Value) -> Void

    func modify(_ environment: inout EnvironmentValues) {
        transform(&environment[keyPath: keyPath])
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

    /// Changes an environment value for this view and its descendants in place: `transform` gets
    /// the value the parent sees (`.transformEnvironment(\.isEnabled) { $0 = $0 && ready }`).
    public func transformEnvironment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>,
                                        transform: @escaping (inout V) -> Void)
        -> ModifiedContent<Self, _EnvironmentKeyTransformModifier<V>>
    {
        modifier(_EnvironmentKeyTransformModifier(keyPath: keyPath, transform: transform))
    }

    /// Sets the color scheme this view and its descendants see (`\.colorScheme`); the deprecated
    /// spelling of `.environment(\.colorScheme, scheme)`.
    public func colorScheme(_ colorScheme: ColorScheme) -> ModifiedContent<Self, _EnvironmentKeyWritingModifier<ColorScheme>> {
        environment(\.colorScheme, colorScheme)
    }

    /// Disables the buttons in this view when `disabled` is true.
    public func disabled(_ disabled: Bool) -> ModifiedContent<Self, _DisabledModifier> {
        modifier(_DisabledModifier(disabled: disabled))
    }
}
