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
    /// Which columns show (`nil`: all of them).
    var columnVisibility: Binding<NavigationSplitViewVisibility>?

    public init(@ViewBuilder sidebar: () -> Sidebar, @ViewBuilder content: () -> Content,
                @ViewBuilder detail: () -> Detail) {
        self.sidebar = sidebar()
        self.content = content()
        self.detail = detail()
        hasContentColumn = true
    }

    public var body: Never { _primitiveBody(Self.self) }

    public static func _makeView(view: _GraphValue<Self>, inputs: _ViewInputs) -> _ViewOutputs {
        var offsets = FieldOffsets()
        let sidebar = view.member(Sidebar.self, at: offsets.next(Sidebar.self), \.sidebar)
        let content = view.member(Content.self, at: offsets.next(Content.self), \.content)
        let detail = view.member(Detail.self, at: offsets.next(Detail.self), \.detail)
        var slots = [
            ("sidebar", HostedSlot(name: "NavigationSplitView.sidebar", inputs: inputs) {
                Sidebar._makeDebuggableView(view: sidebar, inputs: $0)
            }),
        ]
        if Content.self != EmptyView.self {
            slots.append(("content", HostedSlot(name: "NavigationSplitView.content", inputs: inputs) {
                Content._makeDebuggableView(view: content, inputs: $0)
            }))
        }
        slots.append(("detail", HostedSlot(name: "NavigationSplitView.detail", inputs: inputs) {
            Detail._makeDebuggableView(view: detail, inputs: $0)
        }))
        let columns = Attribute(ColumnsRender(columns: slots))
        // Only a split view given a visibility pays for it (and seed 003's graph stays as it was).
        // (Read without making the rule that builds the view depend on its value.)
        guard Graph.withoutUpdate({ view.value.columnVisibility != nil }) else { return _ViewOutputs(render: columns) }
        return _ViewOutputs(render: Attribute(ColumnVisibilityRender(view: view, columns: columns)))
    }
}

/// A split view's columns without the ones its visibility hides (their content stays mounted).
struct ColumnVisibilityRender<Sidebar: View, Content: View, Detail: View>: Rule {
    let view: _GraphValue<NavigationSplitView<Sidebar, Content, Detail>>
    let columns: Attribute<[DisplayNode]>

    var value: [DisplayNode] {
        let nodes = columns.value
        guard let visibility = view.value.columnVisibility?.wrappedValue, let split = nodes.first else { return nodes }
        let shown: Set<String>
        switch visibility.kind {
        case .detailOnly: shown = ["detail"]
        case .doubleColumn: shown = split.children.count > 2 ? ["content", "detail"] : ["sidebar", "detail"]
        case .all, .automatic: return nodes
        }
        let children = split.children.filter { if case .column(let name) = $0.kind { shown.contains(name) } else { true } }
        var annotations = split.annotations ?? _Annotations()
        annotations.styles["columnVisibility"] = "\(visibility.kind)"
        return [DisplayNode(kind: split.kind, children: children, annotations: annotations)]
    }
}

extension NavigationSplitView {
    /// A three-column split view whose visible columns follow `columnVisibility`.
    public init(columnVisibility: Binding<NavigationSplitViewVisibility>, @ViewBuilder sidebar: () -> Sidebar,
                @ViewBuilder content: () -> Content, @ViewBuilder detail: () -> Detail) {
        self.init(sidebar: sidebar, content: content, detail: detail)
        self.columnVisibility = columnVisibility
    }

    public init(columnVisibility: Binding<NavigationSplitViewVisibility>,
                preferredCompactColumn: Binding<NavigationSplitViewColumn>, @ViewBuilder sidebar: () -> Sidebar,
                @ViewBuilder content: () -> Content, @ViewBuilder detail: () -> Detail) {
        self.init(columnVisibility: columnVisibility, sidebar: sidebar, content: content, detail: detail)
    }

    public init(columnVisibility: NavigationSplitViewVisibility,
                preferredCompactColumn: Binding<NavigationSplitViewColumn>, @ViewBuilder sidebar: () -> Sidebar,
                @ViewBuilder content: () -> Content, @ViewBuilder detail: () -> Detail) {
        self.init(columnVisibility: .constant(columnVisibility), sidebar: sidebar, content: content, detail: detail)
    }

    /// The column a compact width shows (headless shows every column): recorded by nothing.
    public init(preferredCompactColumn: Binding<NavigationSplitViewColumn>, @ViewBuilder sidebar: () -> Sidebar,
                @ViewBuilder content: () -> Content, @ViewBuilder detail: () -> Detail) {
        self.init(sidebar: sidebar, content: content, detail: detail)
    }
}

extension NavigationSplitView where Content == EmptyView {
    /// A two-column split view whose visible columns follow `columnVisibility`.
    public init(columnVisibility: Binding<NavigationSplitViewVisibility>, @ViewBuilder sidebar: () -> Sidebar,
                @ViewBuilder detail: () -> Detail) {
        self.init(sidebar: sidebar, detail: detail)
        self.columnVisibility = columnVisibility
    }

    public init(columnVisibility: Binding<NavigationSplitViewVisibility>,
                preferredCompactColumn: Binding<NavigationSplitViewColumn>, @ViewBuilder sidebar: () -> Sidebar,
                @ViewBuilder detail: () -> Detail) {
        self.init(columnVisibility: columnVisibility, sidebar: sidebar, detail: detail)
    }

    public init(columnVisibility: NavigationSplitViewVisibility,
                preferredCompactColumn: Binding<NavigationSplitViewColumn>, @ViewBuilder sidebar: () -> Sidebar,
                @ViewBuilder detail: () -> Detail) {
        self.init(columnVisibility: .constant(columnVisibility), sidebar: sidebar, detail: detail)
    }

    public init(preferredCompactColumn: Binding<NavigationSplitViewColumn>, @ViewBuilder sidebar: () -> Sidebar,
                @ViewBuilder detail: () -> Detail) {
        self.init(sidebar: sidebar, detail: detail)
    }
}

/// Which columns of a split view show (SwiftUI's `NavigationSplitViewVisibility`).
public struct NavigationSplitViewVisibility: Equatable, Codable, Sendable {
    enum Kind: String, Codable, Sendable { case detailOnly, doubleColumn, all, automatic }
    let kind: Kind

    /// Only the detail column.
    public static var detailOnly: Self { Self(kind: .detailOnly) }
    /// The detail and the column before it (the content column of a three-column view).
    public static var doubleColumn: Self { Self(kind: .doubleColumn) }
    public static var all: Self { Self(kind: .all) }
    public static var automatic: Self { Self(kind: .automatic) }
}

/// A column of a split view (SwiftUI's `NavigationSplitViewColumn`).
public struct NavigationSplitViewColumn: Hashable, Sendable {
    let name: String
    public static var sidebar: Self { Self(name: "sidebar") }
    public static var content: Self { Self(name: "content") }
    public static var detail: Self { Self(name: "detail") }
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
    let columns: [(name: String, slot: HostedSlot)]

    mutating func updateValue() {
        let previous = hasValue ? value.first?.children ?? [] : []
        var children: [DisplayNode] = []
        for (position, column) in columns.enumerated() {
            let content = column.slot.read()
            var node = DisplayNode.reusing(
                position < previous.count ? previous[position] : nil, kind: .column(column.name), children: content)
            // Each column has its own navigation bar, titled by its content's `navigationTitle`.
            let title = NavigationStackRender.title(in: content)
            if node.annotations?.navigationTitle != title {
                node = DisplayNode(kind: node.kind, children: content, annotations: title.map { title in
                    var annotations = _Annotations()
                    annotations.navigationTitle = title
                    annotations.styles["navigationTitle"] = title
                    return annotations
                })
            }
            children.append(node)
        }
        emit(.navigationSplitView, children: children)
    }
}

public nonisolated struct _NavigationTitleModifier: PrimitiveViewModifier, Equatable {
    let title: String
}

extension _NavigationTitleModifier: Annotating {
    func annotate(_ annotations: inout _Annotations) { annotations.navigationTitle = title }
}
