import AttrGraph

/// The view hierarchy as a recorded subgraph tree (AttributeGraph's tree recording, on with
/// `AG_TREE=1` or `Subgraph.setShouldRecordTree()`): every view the framework builds is an
/// element whose value is the attribute (and offset) holding the view, composite views add their
/// `body` attribute as a keyed value, and the subgraphs of conditional content, `ForEach` items
/// and hosted fragments hang under the element that made them. Descriptions, archives and
/// `agdump` then show the view hierarchy beside the attribute graph. With recording off, this
/// costs one check per view built.
extension View {
    /// ``_makeView(view:inputs:)`` inside a tree element for the view (SwiftUI's name).
    nonisolated static func _makeDebuggableView(view: _GraphValue<Self>, inputs: _ViewInputs) -> _ViewOutputs {
        guard Subgraph.shouldRecordTree else { return _makeView(view: view, inputs: inputs) }
        Subgraph._beginTreeElement(value: view.base, offset: view.offset, type: Self.self, flags: 0)
        defer { Subgraph._endTreeElement(value: view.base) }
        return _makeView(view: view, inputs: inputs)
    }
}

/// Records a composite view's body attribute on the open element.
func _recordBody<Body>(_ body: Attribute<Body>) {
    guard Subgraph.shouldRecordTree else { return }
    Subgraph.addTreeValue(body, forKey: "body", flags: 0)
}
