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

extension VStack: RenderKindProviding {
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

extension HStack: RenderKindProviding {
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

extension ZStack: RenderKindProviding {
    var _renderKind: RenderNode.Kind { .zstack(alignment: alignment) }
}

/// A vertical list of rows. It fills the space it is offered, its rows from the top.
///
///     List(items) { item in Text(item.name) }
///     List { Text("One"); Text("Two") }
///     List(items, selection: $selected) { item in Text(item.name) }
///
/// With a selection, each row tagged with a value of the selection's type (rows of a `ForEach`
/// are tagged with their ids) is a button that selects it; the selected rows carry `selected`.
public nonisolated struct List<SelectionValue: Hashable, Content: View>: View {
    public var content: Content
    let selection: _Selection?

    public init(selection: Binding<SelectionValue?>?, @ViewBuilder content: () -> Content) {
        self.content = content()
        self.selection = selection.map { _Selection(single: $0) }
    }

    public init(selection: Binding<Set<SelectionValue>>?, @ViewBuilder content: () -> Content) {
        self.content = content()
        self.selection = selection.map { _Selection(set: $0) }
    }

    public var body: Never { _primitiveBody(Self.self) }

    public static func _makeView(view: _GraphValue<Self>, inputs: _ViewInputs) -> _ViewOutputs {
        let content = view.member(Content.self, at: 0, \.content)
        if SelectionValue.self == Never.self {
            return _makeContainer(view, content: content, inputs: inputs)
        }
        var contentInputs = inputs
        contentInputs.tagsElementsWithID = true
        let parts = Content._makeDebuggableView(view: content, inputs: contentInputs)
        return _ViewOutputs(render: Attribute(SelectableRender(source: view, content: parts.render)))
    }
}

extension List where SelectionValue == Never {
    public init(@ViewBuilder content: () -> Content) {
        self.content = content()
        selection = nil
    }
}

extension List: RenderKindProviding {
    var _renderKind: RenderNode.Kind { .list }
}

extension List: SelectionProviding {
    var _selectionContainer: (kind: RenderNode.Kind, styles: [String: String]) {
        (.list, [:])
    }
}

/// The graph of a view that draws one node around its content: the content's attributes, then
/// a render rule for the node.
func _makeContainer<Container: RenderKindProviding, Content: View>(
    _ container: _GraphValue<Container>, content: _GraphValue<Content>, inputs: _ViewInputs
) -> _ViewOutputs {
    let content = Content._makeDebuggableView(view: content, inputs: inputs)
    return _ViewOutputs(render: Attribute(ContainerRender(source: container, content: content.render)))
}
