import AttrGraph
import Foundation

/// Views one above the other.
///
///     VStack(alignment: .leading, spacing: 8) {
///         Text("Title")
///         Text("Subtitle")
///     }
public nonisolated struct VStack<Content: View>: View {
    public var content: Content
    public var alignment: HorizontalAlignment
    public var spacing: CGFloat?

    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    public var body: Never { _primitiveBody(Self.self) }

    public static func _makeView(view: _GraphValue<Self>, inputs: _ViewInputs) -> _ViewOutputs {
        _makeContainer(view, content: view.member(Content.self, at: 0, \.content), inputs: inputs)
    }
}

extension VStack: _RenderKindProviding {
    var _renderKind: RenderNode.Kind { .vstack(alignment: alignment, spacing: spacing.map(Double.init)) }
}

/// Views side by side.
public nonisolated struct HStack<Content: View>: View {
    public var content: Content
    public var alignment: VerticalAlignment
    public var spacing: CGFloat?

    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    public var body: Never { _primitiveBody(Self.self) }

    public static func _makeView(view: _GraphValue<Self>, inputs: _ViewInputs) -> _ViewOutputs {
        _makeContainer(view, content: view.member(Content.self, at: 0, \.content), inputs: inputs)
    }
}

extension HStack: _RenderKindProviding {
    var _renderKind: RenderNode.Kind { .hstack(alignment: alignment, spacing: spacing.map(Double.init)) }
}

/// Views on top of each other, back to front.
public nonisolated struct ZStack<Content: View>: View {
    public var content: Content
    public var alignment: Alignment

    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.content = content()
    }

    public var body: Never { _primitiveBody(Self.self) }

    public static func _makeView(view: _GraphValue<Self>, inputs: _ViewInputs) -> _ViewOutputs {
        _makeContainer(view, content: view.member(Content.self, at: 0, \.content), inputs: inputs)
    }
}

extension ZStack: _RenderKindProviding {
    var _renderKind: RenderNode.Kind { .zstack(alignment: alignment) }
}

/// A vertical list of rows.
///
///     List(items) { item in Text(item.name) }
///     List { Text("One"); Text("Two") }
public nonisolated struct List<Content: View>: View {
    public var content: Content

    public init(@ViewBuilder content: () -> Content) {
        self.content = content()
    }

    public var body: Never { _primitiveBody(Self.self) }

    public static func _makeView(view: _GraphValue<Self>, inputs: _ViewInputs) -> _ViewOutputs {
        _makeContainer(view, content: view.member(Content.self, at: 0, \.content), inputs: inputs)
    }
}

extension List: _RenderKindProviding {
    var _renderKind: RenderNode.Kind { .list }
}

/// The graph of a view that draws one node around its content: the content's attributes, then
/// a render rule for the node.
func _makeContainer<Container: _RenderKindProviding, Content: View>(
    _ container: _GraphValue<Container>, content: _GraphValue<Content>, inputs: _ViewInputs
) -> _ViewOutputs {
    let content = Content._makeDebuggableView(view: content, inputs: inputs)
    return _ViewOutputs(render: Attribute(ContainerRender(source: container, content: content.render)))
}
