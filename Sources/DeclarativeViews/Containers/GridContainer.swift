import AttrGraph
import Foundation

/// Views in rows and columns, each column as wide as its widest cell (SwiftUI's `Grid`, the
/// eager grid of iOS 16): each ``GridRow`` of its content is a row, its views the row's cells
/// one per column; any other view is a row of its own across every column.
///
///     Grid(alignment: .leading, horizontalSpacing: 12) {
///         GridRow {
///             Text("Name")
///             Text("Score").gridColumnAlignment(.trailing)
///         }
///         Divider().gridCellUnsizedAxes(.horizontal)
///         ForEach(players) { player in
///             GridRow {
///                 Text(player.name)
///                 Text("\(player.score)")
///             }
///         }
///     }
///
/// Laid out by ``GridLayout`` (which says how columns and rows share the space). On the render
/// tree it is one `Layout Grid` node whose children are the cells, row after row: the rows
/// themselves have no frame, as in SwiftUI.
public nonisolated struct Grid<Content: View>: View {
    let content: Content
    let layout: GridLayout

    public init(
        alignment: Alignment = .center, horizontalSpacing: CGFloat? = nil, verticalSpacing: CGFloat? = nil,
        @ViewBuilder content: () -> Content
    ) {
        self.content = content()
        layout = GridLayout(alignment: alignment, horizontalSpacing: horizontalSpacing, verticalSpacing: verticalSpacing)
    }

    @MainActor public var body: some View {
        layout { content }
    }
}

/// A row of a ``Grid`` (SwiftUI's `GridRow`): its views are the row's cells, one per column
/// (``View/gridCellColumns(_:)`` makes one span more). `alignment` aligns the row's cells
/// vertically in the row, in place of the grid's.
///
/// Outside a grid it lays its views out side by side, as an `HStack` (`HStack [gridRow]` on the
/// render tree).
public nonisolated struct GridRow<Content: View>: View {
    var content: Content
    let alignment: VerticalAlignment?

    public init(alignment: VerticalAlignment? = nil, @ViewBuilder content: () -> Content) {
        self.content = content()
        self.alignment = alignment
    }

    public var body: Never { _primitiveBody(Self.self) }

    public static func _makeView(view: _GraphValue<Self>, inputs: _ViewInputs) -> _ViewOutputs {
        let content = Content._makeDebuggableView(view: view.member(Content.self, at: 0, \.content), inputs: inputs)
        return _ViewOutputs(render: Attribute(GridRowRender(row: view, content: content.render)))
    }
}

/// A grid row's node: an `HStack` of its cells marked `gridRow` (with its alignment, if it has
/// one), which a grid's render rule takes apart into its cells.
struct GridRowRender<Content: View>: StatefulRule {
    typealias Value = [DisplayNode]
    let row: _GraphValue<GridRow<Content>>
    let content: RenderParts

    mutating func updateValue() {
        let alignment = row.value.alignment
        let cells = content.read()
        let kind = RenderNode.Kind.hstack(alignment: alignment ?? .center, spacing: nil)
        let marker = alignment.map { "\($0)" } ?? ""
        if hasValue, value.count == 1, value[0].shows(kind, children: cells, action: nil),
           value[0].annotations?.styles[GridLayout.rowMarker] == marker
        {
            return
        }
        var annotations = _Annotations()
        annotations.styles[GridLayout.rowMarker] = marker
        value = [DisplayNode(kind: kind, children: cells, annotations: annotations)]
    }
}

extension GridLayout {
    /// The style that marks a ``GridRow``'s node (its value: the row's alignment, or empty).
    static let rowMarker = "gridRow"

    /// The cells of a grid whose content made `nodes`, row after row, and the rows: a row's node
    /// gives its children, any other node is a row of one cell.
    static func cells(of nodes: [DisplayNode]) -> (cells: [DisplayNode], rows: [GridRowSpan]) {
        var cells: [DisplayNode] = []
        var rows: [GridRowSpan] = []
        for node in nodes {
            if let marker = node.annotations?.styles[rowMarker], case .hstack(let alignment, _) = node.kind {
                guard !node.children.isEmpty else { continue }
                let start = cells.count
                cells.append(contentsOf: node.children)
                rows.append(GridRowSpan(cells: start..<cells.count, alignment: marker.isEmpty ? nil : alignment, isRow: true))
            } else {
                rows.append(GridRowSpan(cells: cells.count..<(cells.count + 1), alignment: nil, isRow: false))
                cells.append(node)
            }
        }
        return (cells, rows)
    }
}
