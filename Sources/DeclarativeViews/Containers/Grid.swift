import AttrGraph
import Foundation

// Lazy grids, headless: laid out as their eager counterparts — a `LazyVGrid` is a `VStack` of
// `HStack` rows, as many views to a row as it has columns (a `LazyHGrid` an `HStack` of `VStack`
// columns). An adaptive item counts as one column or row. The outer node carries `grid=N columns`.

/// How a grid sizes its columns or rows (SwiftUI's `GridItem`); recorded, and counted.
public struct GridItem: Sendable, Equatable {
    public enum Size: Sendable, Equatable {
        case fixed(CGFloat)
        case flexible(minimum: CGFloat = 10, maximum: CGFloat = .infinity)
        case adaptive(minimum: CGFloat, maximum: CGFloat = .infinity)
    }

    public var size: Size
    public var spacing: CGFloat?
    public var alignment: Alignment?

    public init(_ size: Size = .flexible(), spacing: CGFloat? = nil, alignment: Alignment? = nil) {
        self.size = size
        self.spacing = spacing
        self.alignment = alignment
    }
}

/// A grid that grows vertically (SwiftUI's `LazyVGrid`).
public nonisolated struct LazyVGrid<Content: View>: View {
    public var content: Content
    let columns: [GridItem]
    let alignment: HorizontalAlignment
    let spacing: CGFloat?

    public init(columns: [GridItem], alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
                pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content) {
        self.content = content()
        self.columns = columns
        self.alignment = alignment
        self.spacing = spacing
    }

    public var body: Never { _primitiveBody(Self.self) }

    public static func _makeView(view: _GraphValue<Self>, inputs: _ViewInputs) -> _ViewOutputs {
        _makeGrid(view, content: view.member(Content.self, at: 0, \.content), inputs: inputs)
    }
}

extension LazyVGrid: GridLayout {
    var _lines: Int { columns.count }
    var _outer: RenderNode.Kind { .vstack(alignment: alignment, spacing: spacing.map(Double.init)) }
    var _inner: RenderNode.Kind { .hstack(alignment: .center, spacing: columns.first?.spacing.map(Double.init)) }
    var _name: String { "\(columns.count) columns" }
}

/// A grid that grows horizontally (SwiftUI's `LazyHGrid`).
public nonisolated struct LazyHGrid<Content: View>: View {
    public var content: Content
    let rows: [GridItem]
    let alignment: VerticalAlignment
    let spacing: CGFloat?

    public init(rows: [GridItem], alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
                pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content) {
        self.content = content()
        self.rows = rows
        self.alignment = alignment
        self.spacing = spacing
    }

    public var body: Never { _primitiveBody(Self.self) }

    public static func _makeView(view: _GraphValue<Self>, inputs: _ViewInputs) -> _ViewOutputs {
        _makeGrid(view, content: view.member(Content.self, at: 0, \.content), inputs: inputs)
    }
}

extension LazyHGrid: GridLayout {
    var _lines: Int { rows.count }
    var _outer: RenderNode.Kind { .hstack(alignment: alignment, spacing: spacing.map(Double.init)) }
    var _inner: RenderNode.Kind { .vstack(alignment: .center, spacing: rows.first?.spacing.map(Double.init)) }
    var _name: String { "\(rows.count) rows" }
}

/// Which views stay pinned while a grid scrolls (SwiftUI's `PinnedScrollableViews`); ignored.
public struct PinnedScrollableViews: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let sectionHeaders = PinnedScrollableViews(rawValue: 1)
    public static let sectionFooters = PinnedScrollableViews(rawValue: 2)
}

protocol GridLayout {
    /// Views per row (per column for a horizontal grid).
    var _lines: Int { get }
    var _outer: RenderNode.Kind { get }
    var _inner: RenderNode.Kind { get }
    var _name: String { get }
}

/// The graph of a grid: its content's attributes, then the rule that splits them into lines.
func _makeGrid<Grid: GridLayout, Content: View>(
    _ grid: _GraphValue<Grid>, content: _GraphValue<Content>, inputs: _ViewInputs
) -> _ViewOutputs {
    let content = Content._makeDebuggableView(view: content, inputs: inputs)
    return _ViewOutputs(render: Attribute(GridRender(grid: grid, content: content.render)))
}

/// Splits the content's nodes into rows (columns) of the grid's width.
struct GridRender<Grid: GridLayout>: StatefulRule {
    typealias Value = [DisplayNode]
    let grid: _GraphValue<Grid>
    let content: RenderParts

    mutating func updateValue() {
        let grid = self.grid.value
        let nodes = content.read()
        let perLine = max(1, grid._lines)
        let previous = hasValue ? value.first?.children ?? [] : []
        var lines: [DisplayNode] = []
        var start = 0
        while start < nodes.count {
            let children = Array(nodes[start..<min(start + perLine, nodes.count)])
            let index = lines.count
            lines.append(.reusing(index < previous.count ? previous[index] : nil, kind: grid._inner, children: children))
            start += perLine
        }
        var annotations = _Annotations()
        annotations.styles["grid"] = grid._name
        if hasValue, let old = value.first, old.kind == grid._outer, old.children == lines, old.annotations == annotations {
            return
        }
        value = [DisplayNode(kind: grid._outer, children: lines, annotations: annotations)]
    }
}
