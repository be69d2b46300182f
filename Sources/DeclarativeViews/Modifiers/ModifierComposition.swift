import AttrGraph

/// The modifier that changes nothing (SwiftUI's `EmptyModifier`): its content as it is. Useful
/// where a modifier is chosen at run time (`condition ? AnyModifier(…) : EmptyModifier.identity`).
public nonisolated struct EmptyModifier: PrimitiveViewModifier, Equatable, Sendable {
    /// The one empty modifier.
    public static let identity = EmptyModifier()

    public init() {}

    public static func _makeView(
        modifier: _GraphValue<Self>, inputs: _ViewInputs, body: @escaping (_ViewInputs) -> _ViewOutputs
    ) -> _ViewOutputs {
        body(inputs)
    }
}

/// Two modifiers as one (`first.concat(second)`): `view.modifier(first.concat(second))` is
/// `view.modifier(first).modifier(second)` — `first` next to the content, `second` around it.
extension ModifiedContent: ViewModifier where Content: ViewModifier, Modifier: ViewModifier {
    public typealias Body = Never

    public func body(content: _ViewModifier_Content<Self>) -> Never {
        fatalError("DeclarativeViews: a composed modifier's body is never called.")
    }

    public nonisolated static func _makeView(
        modifier: _GraphValue<Self>, inputs: _ViewInputs, body: @escaping (_ViewInputs) -> _ViewOutputs
    ) -> _ViewOutputs {
        var offsets = FieldOffsets()
        let first = modifier.member(Content.self, at: offsets.next(Content.self), \.content)
        let second = modifier.member(Modifier.self, at: offsets.next(Modifier.self), \.modifier)
        return Modifier._makeView(modifier: second, inputs: inputs) { inputs in
            Content._makeView(modifier: first, inputs: inputs, body: body)
        }
    }
}

extension ViewModifier {
    /// This modifier and then `modifier` around it: `view.modifier(a.concat(b))` is
    /// `view.modifier(a).modifier(b)`.
    public func concat<T>(_ modifier: T) -> ModifiedContent<Self, T> {
        ModifiedContent(content: self, modifier: modifier)
    }

    /// This modifier, with the changes of its content animated with `animation`.
    public func animation(_ animation: Animation?) -> ModifiedContent<Self, _ImplicitAnimationModifier> {
        concat(_ImplicitAnimationModifier(animation: animation))
    }

    /// This modifier, with the transaction of its content's changes changed by `transform`.
    public func transaction(_ transform: @escaping (inout Transaction) -> Void) -> ModifiedContent<Self, _TransactionModifier> {
        concat(_TransactionModifier(transform: transform))
    }
}
