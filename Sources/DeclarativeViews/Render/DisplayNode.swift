import AttrGraph

/// A node of the rendered output as the graph computes it: immutable, compared by identity.
///
/// Render rules build a new node only when its content changed; otherwise they keep the old
/// one, so an unchanged subtree is the same objects from update to update (cheap to compare,
/// and where later stages can cache what they computed from it).
final class _DisplayNode: Equatable {
    let kind: RenderNode.Kind
    let children: [_DisplayNode]
    /// A button's action.
    let action: _ButtonAction?
    /// Annotations from modifiers that do not draw anything themselves (`.tag`, `.tabItem`…).
    let annotations: _Annotations?

    init(kind: RenderNode.Kind, children: [_DisplayNode] = [], action: _ButtonAction? = nil,
         annotations: _Annotations? = nil) {
        self.kind = kind
        self.children = children
        self.action = action
        self.annotations = annotations
    }

    static func == (lhs: _DisplayNode, rhs: _DisplayNode) -> Bool { lhs === rhs }

    /// Whether this node already shows exactly this content.
    func shows(_ kind: RenderNode.Kind, children: [_DisplayNode], action: _ButtonAction?) -> Bool {
        self.kind == kind && self.children == children && self.action === action
    }

    /// The same node with `annotations` merged in.
    func annotated(_ update: (inout _Annotations) -> Void) -> _DisplayNode {
        var merged = annotations ?? _Annotations()
        update(&merged)
        return _DisplayNode(kind: kind, children: children, action: action, annotations: merged)
    }

    /// The text of every `Text` in this subtree, in order.
    func collectText(into texts: inout [String]) {
        if case .text(let string) = kind { texts.append(string) }
        for child in children { child.collectText(into: &texts) }
    }

    /// The public value tree.
    var renderNode: RenderNode {
        RenderNode(kind: kind, children: children.map(\.renderNode))
    }
}

/// What modifiers that only describe their content attach to it.
struct _Annotations: Equatable {
    var tag: AnyHashable?
    var tabItem: String?
    var navigationTitle: String?
}

/// A button's action, kept up to date by the button's render rule.
final class _ButtonAction {
    var action: @MainActor () -> Void
    var isEnabled = true

    init(_ action: @escaping @MainActor () -> Void) {
        self.action = action
    }
}

extension StatefulRule where Value == [_DisplayNode] {
    /// Outputs one node, keeping the previous one when it shows the same content.
    func emit(_ kind: RenderNode.Kind, children: [_DisplayNode] = [], action: _ButtonAction? = nil) {
        if hasValue {
            let previous = value
            if previous.count == 1, previous[0].shows(kind, children: children, action: action) { return }
        }
        value = [_DisplayNode(kind: kind, children: children, action: action)]
    }
}

/// A render rule for a view that contains other views: one node of the kind the view says,
/// whose children are its content's nodes.
struct ContainerRender<Source: _RenderKindProviding>: StatefulRule {
    typealias Value = [_DisplayNode]
    let source: _GraphValue<Source>
    let content: _RenderParts

    mutating func updateValue() {
        emit(source.value._renderKind, children: content.read())
    }
}

/// Views (and modifiers) that draw one node around their content.
protocol _RenderKindProviding {
    var _renderKind: RenderNode.Kind { get }
}
