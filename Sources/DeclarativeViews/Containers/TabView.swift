import AttrGraph

/// Tabs, one per view of its content (SwiftUI's `TabView`). The content is hosted in a
/// separately scheduled fragment (see docs/declarative-views.md, "Containers as fragments").
///
///     TabView {
///         Inbox().tabItem { Text("Inbox") }
///         Settings().tabItem { Text("Settings") }
///     }
///
/// With `selection`, the tab whose `.tag(_:)` equals the selection is selected; without it, the
/// tab view keeps its own selection, as SwiftUI's does: the first tab, then the one the user
/// picked (``ViewHost/select(_:)``), kept while the tab view stays on screen.
public nonisolated struct TabView<SelectionValue: Hashable, Content: View>: View {
    public var content: Content
    public var selection: Binding<SelectionValue>?

    public init(selection: Binding<SelectionValue>?, @ViewBuilder content: () -> Content) {
        self.content = content()
        self.selection = selection
    }

    public var body: Never { _primitiveBody(Self.self) }

    public static func _makeView(view: _GraphValue<Self>, inputs: _ViewInputs) -> _ViewOutputs {
        let content = view.member(Content.self, at: 0, \.content)
        let slot = HostedSlot(name: "TabView", inputs: inputs) { inputs in
            Content._makeDebuggableView(view: content, inputs: inputs)
        }
        // The position of the tab picked while there is no selection binding.
        let picked = Attribute(value: 0)
        return _ViewOutputs(render: Attribute(TabViewRender(tabView: view, slot: slot, picked: picked)))
    }
}

extension TabView where SelectionValue == Int {
    public init(@ViewBuilder content: () -> Content) {
        self.init(selection: nil, content: content)
    }
}

struct TabViewRender<SelectionValue: Hashable, Content: View>: StatefulRule {
    typealias Value = [DisplayNode]
    let tabView: _GraphValue<TabView<SelectionValue, Content>>
    let slot: HostedSlot
    /// The position of the tab the user picked, for a tab view without a selection binding.
    let picked: Attribute<Int>
    /// Per tab position: selecting the tab (``ViewHost/select(_:)``), kept across updates.
    var selectActions: [ButtonAction] = []

    mutating func updateValue() {
        let items = slot.read()
        let binding = tabView.value.selection
        let selection = binding.map { AnyHashable($0.wrappedValue) }
        let pickedPosition = binding == nil ? picked.value : 0
        let previous = hasValue ? value.first?.children ?? [] : []
        var tabs: [DisplayNode] = []
        for (position, item) in items.enumerated() {
            let selected = selection.map { $0 == item.annotations?.tag } ?? (position == pickedPosition)
            let kind = RenderNode.Kind.tab(label: item.annotations?.tabItem, selected: selected)
            // A tab can be selected when the TabView has a selection binding and the tab a tag of
            // its type; without a binding, every tab can.
            var action: ButtonAction?
            if let binding, let tag = item.annotations?.tag?.base as? SelectionValue {
                action = selectAction(at: position)
                // Runs on the main actor, where the host taps it.
                let selection = MainActorHop((binding, tag))
                action?.action = { selection.value.0.wrappedValue = selection.value.1 }
            } else if binding == nil {
                action = selectAction(at: position)
                let picked = MainActorHop(self.picked)
                action?.action = { picked.value.value = position }
            }
            let reused = position < previous.count ? previous[position] : nil
            if let reused, reused.shows(kind, children: [item], action: action) {
                tabs.append(reused)
            } else {
                tabs.append(DisplayNode(kind: kind, children: [item], action: action))
            }
        }
        emit(.tabView, children: tabs)
    }

    /// The kept select action of the tab at `position`.
    private mutating func selectAction(at position: Int) -> ButtonAction {
        while selectActions.count <= position { selectActions.append(ButtonAction {}) }
        return selectActions[position]
    }
}

extension View {
    /// The label of this view's tab in a `TabView`.
    public func tabItem<Label: View>(@ViewBuilder _ label: () -> Label) -> ModifiedContent<Self, _TabItemModifier> {
        let text = _staticText(of: label())
        return modifier(_TabItemModifier(label: text))
    }

    /// The value a `TabView(selection:)` selects this view's tab with.
    public func tag<V: Hashable>(_ tag: V) -> ModifiedContent<Self, _TagModifier> {
        modifier(_TagModifier(tag: AnyHashable(tag)))
    }
}

/// The text of simple label content (`Text`, `Label`, a stack of them) without building it.
@MainActor
func _staticText<V: View>(of view: V) -> String {
    _labelText(view) ?? String(describing: V.self)
}

/// Views whose text is known without building them.
protocol StaticTextProviding {
    var _staticText: String { get }
}

public nonisolated struct _TabItemModifier: PrimitiveViewModifier, Equatable {
    let label: String
}

extension _TabItemModifier: Annotating {
    func annotate(_ annotations: inout _Annotations) { annotations.tabItem = label }
}

public nonisolated struct _TagModifier: PrimitiveViewModifier, Equatable {
    let tag: AnyHashable
}

extension _TagModifier: Annotating {
    func annotate(_ annotations: inout _Annotations) { annotations.tag = tag }
}

/// Modifiers that annotate their content's nodes.
protocol Annotating: PrimitiveViewModifier {
    nonisolated func annotate(_ annotations: inout _Annotations)
}

extension Annotating {
    public nonisolated static func _makeView(
        modifier: _GraphValue<Self>, inputs: _ViewInputs, body: @escaping (_ViewInputs) -> _ViewOutputs
    ) -> _ViewOutputs {
        let content = body(inputs)
        return _ViewOutputs(render: Attribute(AnnotateRender(modifier: modifier, content: content.render)))
    }
}

/// Copies the content's nodes with the modifier's annotation (each node of a multi-view
/// content gets it, as modifiers on a `Group` apply to each view).
struct AnnotateRender<Modifier: Annotating>: StatefulRule {
    typealias Value = [DisplayNode]
    let modifier: _GraphValue<Modifier>
    let content: RenderParts
    /// The content nodes the current value was made from.
    var source: [DisplayNode] = []

    mutating func updateValue() {
        let nodes = content.read()
        let modifier = self.modifier.value
        let annotated = nodes.map { node in node.annotated { modifier.annotate(&$0) } }
        if hasValue, nodes == source, zip(value, annotated).allSatisfy({ $0.annotations == $1.annotations }) {
            return
        }
        source = nodes
        value = annotated
    }
}
