import AttrGraph

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

    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        TupleView((repeat each content))
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

/// Several views in sequence, as a `ViewBuilder` block makes them: `T` is the tuple of their
/// types, as in SwiftUI (`TupleView<(Text, Button<Text>)>`).
public nonisolated struct TupleView<T>: View {
    public var value: T

    public init(_ value: T) {
        self.value = value
    }

    public var body: Never { _primitiveBody(Self.self) }

    public static func _makeView(view: _GraphValue<Self>, inputs: _ViewInputs) -> _ViewOutputs {
        var parts = RenderParts()
        // `value` is the only stored property: an element's offset in the tuple is its offset
        // in the view.
        let elements = TupleViewElements.of(T.self)
        parts.reserveCapacity(elements.count)
        // The local function reaches the tuple's attribute through these, not through `view`:
        // using `view` there would look up `TupleView<T>`'s metadata once per element.
        let base = view.base
        let start = view.offset
        for element in elements {
            func make<Element: View>(_: Element.Type) {
                let member = _GraphValue<Element>(base: base, offset: start + element.offset)
                parts.append(Element._makeDebuggableView(view: member, inputs: inputs).render)
            }
            make(element.type)
        }
        return _ViewOutputs(render: parts)
    }
}

/// The elements of a ``TupleView``'s tuple type — each one's offset and `View` type — worked
/// out from the type's metadata once per tuple type. (Generic over the tuple type rather than
/// over a parameter pack, ``TupleView`` copies and destroys its value with the tuple type's
/// value witnesses; a pack would look the tuple type up in the runtime's cache at each copy.)
enum TupleViewElements {
    struct Element: @unchecked Sendable {  // @unchecked: a metatype is immutable.
        let offset: Int
        let type: any View.Type
    }

    private static let known = Locked<[ObjectIdentifier: [Element]]>([:])

    static func of(_ tuple: Any.Type) -> [Element] {
        let key = ObjectIdentifier(tuple)
        if let elements = known.withLock({ $0[key] }) { return elements }
        let tupleType = TupleType(tuple)
        let elements = tupleType.indices.map { index -> Element in
            let type = tupleType.type(at: index)
            guard let viewType = type as? any View.Type else {
                fatalError("DeclarativeViews: element \(index) of TupleView<\(tuple)> is \(type), which is not a View.")
            }
            return Element(offset: tupleType.elementOffset(at: index), type: viewType)
        }
        known.withLock { $0[key] = elements }
        return elements
    }
}
