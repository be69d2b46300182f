import AttrGraph
import Foundation

// Lazy grids, headless: laid out eagerly, with SwiftUI's `GridItem` sizing. A `LazyVGrid` is one
// node whose children are its cells; layout works out its columns from the width it is offered
// (fixed ones, flexible ones sharing what is left, an adaptive one as many columns of at least
// its minimum as fit) and fills them row by row. A `LazyHGrid` does the same with rows.

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

extension LazyVGrid: LazyGridProviding {
    var _layout: RenderNode.LazyGrid {
        RenderNode.LazyGrid(axis: .vertical, items: columns, alignment: Alignment(horizontal: alignment, vertical: .center),
                            spacing: spacing.map(Double.init))
    }
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

extension LazyHGrid: LazyGridProviding {
    var _layout: RenderNode.LazyGrid {
        RenderNode.LazyGrid(axis: .horizontal, items: rows, alignment: Alignment(horizontal: .center, vertical: alignment),
                            spacing: spacing.map(Double.init))
    }
}

/// Which views stay pinned while a lazy stack or grid scrolls (SwiftUI's `PinnedScrollableViews`);
/// recorded on lazy stacks (`pinnedViews=sectionHeaders`), ignored by grids.
public struct PinnedScrollableViews: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let sectionHeaders = PinnedScrollableViews(rawValue: 1)
    public static let sectionFooters = PinnedScrollableViews(rawValue: 2)

    /// The pinned views' names, comma-separated (`sectionHeaders,sectionFooters`).
    var _description: String {
        [(Self.sectionHeaders, "sectionHeaders"), (Self.sectionFooters, "sectionFooters")]
            .filter { contains($0.0) }.map(\.1).joined(separator: ",")
    }
}

protocol LazyGridProviding {
    /// How the grid lays out its cells.
    var _layout: RenderNode.LazyGrid { get }
}

extension RenderNode {
    /// A lazy grid's layout: the axis it grows along (`vertical` for a `LazyVGrid`), its
    /// `GridItem`s (its columns, or its rows), its alignment and the spacing between its rows
    /// (between its columns for a `LazyHGrid`).
    public struct LazyGrid: Equatable, Sendable {
        public var axis: Axis
        public var items: [GridItem]
        public var alignment: Alignment
        public var spacing: Double?

        public init(axis: Axis, items: [GridItem], alignment: Alignment = .center, spacing: Double? = nil) {
            self.axis = axis
            self.items = items
            self.alignment = alignment
            self.spacing = spacing
        }

        /// `LazyVGrid 3 columns`.
        var headline: String {
            let name = axis == .vertical ? "LazyVGrid" : "LazyHGrid"
            let noun = axis == .vertical ? "columns" : "rows"
            return "\(name) \(items.count) \(noun)" + (spacing.map { " spacing=\(number($0))" } ?? "")
        }
    }
}

/// The graph of a grid: its content's attributes, then the rule that makes the grid's node.
func _makeGrid<Grid: LazyGridProviding, Content: View>(
    _ grid: _GraphValue<Grid>, content: _GraphValue<Content>, inputs: _ViewInputs
) -> _ViewOutputs {
    let content = Content._makeDebuggableView(view: content, inputs: inputs)
    return _ViewOutputs(render: Attribute(GridRender(grid: grid, content: content.render)))
}

/// The grid's node: its cells are its children, laid out by ``LayoutEngine/lazyGrid(_:_:proposal:)``.
struct GridRender<Grid: LazyGridProviding>: StatefulRule {
    typealias Value = [DisplayNode]
    let grid: _GraphValue<Grid>
    let content: RenderParts

    mutating func updateValue() {
        let kind = RenderNode.Kind.lazyGrid(grid.value._layout)
        let cells = content.read()
        if hasValue, let old = value.first, old.kind == kind, old.children == cells {
            return
        }
        value = [DisplayNode(kind: kind, children: cells)]
    }
}
