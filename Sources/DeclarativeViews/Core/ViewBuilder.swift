/// Builds views from the statements of a closure or `body` (SwiftUI's `ViewBuilder`):
/// sequences, `if`/`else`, `if let`, `switch`, optional content and availability checks.
@resultBuilder
public enum ViewBuilder {
    public static func buildExpression<Content: View>(_ content: Content) -> Content {
        content
    }

    public static func buildBlock() -> EmptyView {
        EmptyView()
    }

    public static func buildBlock<Content: View>(_ content: Content) -> Content {
        content
    }

    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<repeat each Content> {
        TupleView(repeat each content)
    }

    /// `if` without `else`: the content, or nothing.
    public static func buildIf<Content: View>(_ content: Content?) -> Content? {
        content
    }

    public static func buildEither<TrueContent: View, FalseContent: View>(
        first: TrueContent
    ) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .trueContent(first))
    }

    public static func buildEither<TrueContent: View, FalseContent: View>(
        second: FalseContent
    ) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .falseContent(second))
    }

    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView {
        AnyView(content)
    }
}

/// Several views in sequence, as a `ViewBuilder` block makes them.
public nonisolated struct TupleView<each Content: View>: View {
    public var value: (repeat each Content)

    public init(_ value: repeat each Content) {
        self.value = (repeat each value)
    }

    public var body: Never { _primitiveBody(Self.self) }

    public static func _makeView(view: _GraphValue<Self>, inputs: _ViewInputs) -> _ViewOutputs {
        // The elements lie in the tuple in order, each at the next offset aligned for its type.
        var parts = _RenderParts()
        var offsets = _FieldOffsets()
        func make<Element: View>(_: Element.Type) {
            let element = view.member(at: offsets.next(Element.self), as: Element.self)
            parts.append(Element._makeDebuggableView(view: element, inputs: inputs).render)
        }
        repeat make((each Content).self)
        return _ViewOutputs(render: parts)
    }
}
