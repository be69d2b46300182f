import AttrGraph
import Foundation

/// Nothing: no render nodes.
public nonisolated struct EmptyView: View, Equatable, Sendable {
    public init() {}

    public var body: Never { _primitiveBody(Self.self) }

    public static func _makeView(view: _GraphValue<Self>, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(render: RenderParts())
    }
}

/// Flexible space that stretches along the axis of the stack it is in.
public nonisolated struct Spacer: View, Equatable, Sendable {
    public var minLength: CGFloat?

    public init(minLength: CGFloat? = nil) {
        self.minLength = minLength
    }

    public var body: Never { _primitiveBody(Self.self) }

    public static func _makeView(view: _GraphValue<Self>, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(render: Attribute(LeafRender(source: view)))
    }
}

extension Spacer: RenderKindProviding {
    var _renderKind: RenderNode.Kind { .spacer(minLength: minLength.map(Double.init)) }
}

/// A line separating views.
public nonisolated struct Divider: View, Equatable, Sendable {
    public init() {}

    public var body: Never { _primitiveBody(Self.self) }

    public static func _makeView(view: _GraphValue<Self>, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(render: Attribute(LeafRender(source: view)))
    }
}

extension Divider: RenderKindProviding {
    var _renderKind: RenderNode.Kind { .divider }
}

/// A render rule for a view with no content: one node of the kind it says.
struct LeafRender<Source: RenderKindProviding>: StatefulRule {
    typealias Value = [DisplayNode]
    let source: _GraphValue<Source>

    mutating func updateValue() {
        emit(source.value._renderKind)
    }
}

/// Views grouped without drawing anything: modifiers applied to a group apply to each view.
/// Scenes, commands and toolbar content group the same way (``Group/init(content:)-(()->Content)``
/// with their builders): the group is its content.
public nonisolated struct Group<Content> {
    public var content: Content
}

extension Group: View where Content: View {
    public init(@ViewBuilder content: () -> Content) {
        self.content = content()
    }

    public var body: Never { _primitiveBody(Self.self) }

    public static func _makeView(view: _GraphValue<Self>, inputs: _ViewInputs) -> _ViewOutputs {
        Content._makeDebuggableView(view: view.member(Content.self, at: 0, \.content), inputs: inputs)
    }
}
