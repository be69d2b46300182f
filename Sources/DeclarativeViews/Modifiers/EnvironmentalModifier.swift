import AttrGraph

/// A modifier that becomes another one once it sees the environment (SwiftUI's
/// `EnvironmentalModifier`):
///
///     struct Emphasis: EnvironmentalModifier {
///         func resolve(in environment: EnvironmentValues) -> Highlight {
///             Highlight(strong: environment.colorScheme == .dark)
///         }
///     }
///
/// `resolve(in:)` runs again whenever the environment of the modified view changes (or the
/// modifier's value does), and the modifier it returns is applied to the content.
public protocol EnvironmentalModifier: ViewModifier where Body == Never {
    associatedtype ResolvedModifier: ViewModifier
    /// The modifier to apply in `environment`.
    func resolve(in environment: EnvironmentValues) -> ResolvedModifier
}

extension EnvironmentalModifier {
    public func body(content: Content) -> Never {
        fatalError("DeclarativeViews: \(Self.self) is an environmental modifier; its body is never called.")
    }

    public nonisolated static func _makeView(
        modifier: _GraphValue<Self>, inputs: _ViewInputs, body: @escaping (_ViewInputs) -> _ViewOutputs
    ) -> _ViewOutputs {
        let resolved = Attribute(vtableRule: ResolvedEnvironmentalModifier(modifier: modifier, environment: inputs.environment))
        return ResolvedModifier._makeView(modifier: _GraphValue(resolved), inputs: inputs, body: body)
    }
}

/// The modifier an environmental modifier resolves to in its environment.
struct ResolvedEnvironmentalModifier<Modifier: EnvironmentalModifier>: Rule {
    let modifier: _GraphValue<Modifier>
    let environment: Attribute<EnvironmentValues>

    var value: Modifier.ResolvedModifier {
        let environment = self.environment.value
        return _callOnMainActor(modifier.value) { $0.resolve(in: environment) }
    }
}
