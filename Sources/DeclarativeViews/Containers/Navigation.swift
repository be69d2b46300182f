import AttrGraph

/// Two or three columns (SwiftUI's `NavigationSplitView`), each hosted in its own separately
/// scheduled fragment.
///
///     NavigationSplitView {
///         Sidebar()
///     } detail: {
///         Text("Pick an item")
///     }
public nonisolated struct NavigationSplitView<Sidebar: View, Content: View, Detail: View>: View {
    public var sidebar: Sidebar
    public var content: Content
    public var detail: Detail
    let hasContentColumn: Bool

    public init(@ViewBuilder sidebar: () -> Sidebar, @ViewBuilder content: () -> Content,
                @ViewBuilder detail: () -> Detail) {
        self.sidebar = sidebar()
        self.content = content()
        self.detail = detail()
        hasContentColumn = true
    }

    public var body: Never { _primitiveBody(Self.self) }

    public static func _makeView(view: _GraphValue<Self>, inputs: _ViewInputs) -> _ViewOutputs {
        var offsets = _FieldOffsets()
        let sidebar = view.member(Sidebar.self, at: offsets.next(Sidebar.self), \.sidebar)
        let content = view.member(Content.self, at: offsets.next(Content.self), \.content)
        let detail = view.member(Detail.self, at: offsets.next(Detail.self), \.detail)
        var slots = [
            ("sidebar", _HostedSlot(name: "NavigationSplitView.sidebar", inputs: inputs) {
                Sidebar._makeDebuggableView(view: sidebar, inputs: $0)
            }),
        ]
        if Content.self != EmptyView.self {
            slots.append(("content", _HostedSlot(name: "NavigationSplitView.content", inputs: inputs) {
                Content._makeDebuggableView(view: content, inputs: $0)
            }))
        }
        slots.append(("detail", _HostedSlot(name: "NavigationSplitView.detail", inputs: inputs) {
            Detail._makeDebuggableView(view: detail, inputs: $0)
        }))
        return _ViewOutputs(render: Attribute(ColumnsRender(columns: slots)))
    }
}

extension NavigationSplitView where Content == EmptyView {
    /// The two-column form: a sidebar and a detail column.
    public init(@ViewBuilder sidebar: () -> Sidebar, @ViewBuilder detail: () -> Detail) {
        self.sidebar = sidebar()
        content = EmptyView()
        self.detail = detail()
        hasContentColumn = false
    }
}

struct ColumnsRender: StatefulRule {
    typealias Value = [DisplayNode]
    let columns: [(name: String, slot: _HostedSlot)]

    mutating func updateValue() {
        let previous = hasValue ? value.first?.children ?? [] : []
        var children: [DisplayNode] = []
        for (position, column) in columns.enumerated() {
            children.append(
                .reusing(position < previous.count ? previous[position] : nil, kind: .column(column.name),
                         children: column.slot.read()))
        }
        emit(.navigationSplitView, children: children)
    }
}

extension View {
    /// The title of the navigation stack this view is the root of.
    public func navigationTitle(_ title: String) -> ModifiedContent<Self, _NavigationTitleModifier> {
        modifier(_NavigationTitleModifier(title: title))
    }
}

public nonisolated struct _NavigationTitleModifier: _PrimitiveViewModifier, Equatable {
    let title: String
}

extension _NavigationTitleModifier: _Annotating {
    func annotate(_ annotations: inout _Annotations) { annotations.navigationTitle = title }
}
