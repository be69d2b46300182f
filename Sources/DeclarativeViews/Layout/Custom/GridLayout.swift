import Foundation

/// `Grid`'s layout as a ``Layout`` value (SwiftUI's `GridLayout`): rows of cells in columns
/// as wide as their widest cell. As a container (`GridLayout { GridRow { … } }`, or a ``Grid``)
/// each ``GridRow`` of its content is a row whose views are its cells, one per column; any other
/// view is a row of its own spanning every column.
///
/// Columns and rows share the space as a stack's children do: offered a width, the columns,
/// least flexible first, are each offered an equal share of what the spacing leaves, and a
/// column is as wide as its widest cell for that offer (offered none, as wide as its widest
/// cell's ideal width). A cell that spans columns (``View/gridCellColumns(_:)``, or a view
/// outside a row) is offered the grid's width; if it is wider than its columns, they grow to
/// take it, equally. Rows are then as tall as their tallest cell, offered their columns' width.
/// A cell with ``View/gridCellUnsizedAxes(_:)`` does not count along those axes: it takes the
/// width (height) the other cells give its column (row).
///
/// Each cell is offered its area (its columns' width and its row's height) and placed in it by
/// its ``View/gridCellAnchor(_:)``, else by its column's ``View/gridColumnAlignment(_:)`` and
/// its row's alignment (`GridRow(alignment:)`), else by the grid's alignment.
public struct GridLayout: Layout {
    public var alignment: Alignment
    public var horizontalSpacing: CGFloat?
    public var verticalSpacing: CGFloat?
    /// The rows of the container's subviews, when its content was made of ``GridRow``s (the
    /// container's render rule fills it in); `nil`: each subview is a row.
    var rows: [GridRowSpan]?

    public init(alignment: Alignment = .center, horizontalSpacing: CGFloat? = nil, verticalSpacing: CGFloat? = nil) {
        self.alignment = alignment
        self.horizontalSpacing = horizontalSpacing
        self.verticalSpacing = verticalSpacing
    }

    /// Where each subview is in the grid, worked out once for the subviews.
    public struct Cache {
        /// Each subview's row, first column and number of columns (in subview order).
        var cells: [GridCellPosition] = []
        /// Each row's vertical alignment, if it sets one.
        var rowAlignments: [VerticalAlignment?] = []
        var columnCount = 0
        /// Each column's horizontal alignment, if a cell in it sets one.
        var columnAlignments: [HorizontalAlignment?] = []
    }

    public func makeCache(subviews: Subviews) -> Cache {
        var cache = Cache()
        let rows = rows ?? subviews.indices.map { GridRowSpan(cells: $0..<($0 + 1), alignment: nil, isRow: false) }
        var spanning: [(index: Int, row: Int)] = []
        for (rowIndex, row) in rows.enumerated() {
            cache.rowAlignments.append(row.alignment)
            if !row.isRow {
                for index in row.cells { spanning.append((index, rowIndex)) }
                continue
            }
            var column = 0
            for index in row.cells {
                let span = max(1, subviews[index][GridCellColumnsKey.self])
                cache.cells.append(GridCellPosition(subview: index, row: rowIndex, column: column, span: span))
                column += span
            }
            cache.columnCount = max(cache.columnCount, column)
        }
        cache.columnCount = max(cache.columnCount, spanning.isEmpty ? 0 : 1)
        for (index, row) in spanning {
            cache.cells.append(GridCellPosition(subview: index, row: row, column: 0, span: cache.columnCount))
        }
        cache.cells.sort { $0.subview < $1.subview }
        cache.columnAlignments = Array(repeating: nil, count: cache.columnCount)
        for cell in cache.cells where cell.span == 1 && cache.columnAlignments[cell.column] == nil {
            cache.columnAlignments[cell.column] = subviews[cell.subview][GridColumnAlignmentKey.self]
        }
        return cache
    }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize {
        let tracks = solve(proposal: proposal, subviews: subviews, cache: cache)
        return CGSize(width: tracks.columns.total, height: tracks.rows.total)
    }

    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) {
        let tracks = solve(proposal: ProposedViewSize(bounds.size), subviews: subviews, cache: cache)
        let cells = cache.cells.map { cell in
            let area = CGRect(
                x: bounds.minX + tracks.columns.starts[cell.column], y: bounds.minY + tracks.rows.starts[cell.row],
                width: tracks.columns.length(from: cell.column, count: cell.span), height: tracks.rows.lengths[cell.row])
            return (cell: cell, area: area, size: subviews[cell.subview].sizeThatFits(ProposedViewSize(area.size)))
        }
        // Rows aligned on a text baseline line their cells' baselines up: the row's is the lowest.
        var baselines: [Int: CGFloat] = [:]
        for (cell, _, size) in cells {
            let guide = (cache.rowAlignments[cell.row] ?? alignment.vertical).key
            guard guide.isTextBaseline else { continue }
            baselines[cell.row] = max(baselines[cell.row] ?? 0, subviews[cell.subview].guideValue(guide, size: size))
        }
        for (cell, area, size) in cells {
            let subview = subviews[cell.subview]
            let origin: CGPoint
            if let anchor = subview[GridCellAnchorKey.self] {
                origin = CGPoint(
                    x: area.minX + ((area.width - size.width) * anchor.x).rounded(.down),
                    y: area.minY + ((area.height - size.height) * anchor.y).rounded(.down))
            } else {
                // A cell's guides at its area's (its column's alignment, else the grid's; its row's, else the grid's).
                let across = ((cell.span == 1 ? cache.columnAlignments[cell.column] : nil) ?? alignment.horizontal).key
                let down = (cache.rowAlignments[cell.row] ?? alignment.vertical).key
                let y = baselines[cell.row].map { ($0 - subview.guideValue(down, size: size)).rounded(.down) }
                origin = CGPoint(
                    x: area.minX + subview.alignedOffset(size, in: area.size, on: across),
                    y: area.minY + (y ?? subview.alignedOffset(size, in: area.size, on: down)))
            }
            subview.place(at: origin, proposal: ProposedViewSize(area.size))
        }
    }

    public func spacing(subviews: Subviews, cache: inout Cache) -> ViewSpacing {
        ViewSpacing()
    }

    public func explicitAlignment(
        of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews,
        cache: inout Cache
    ) -> CGFloat? { nil }

    public func explicitAlignment(
        of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews,
        cache: inout Cache
    ) -> CGFloat? { nil }

    // MARK: Solving

    /// The columns' and rows' lengths for `proposal`.
    private func solve(proposal: ProposedViewSize, subviews: Subviews, cache: Cache)
        -> (columns: GridTracks, rows: GridTracks)
    {
        let hGap = horizontalSpacing ?? LayoutEngine.defaultSpacing
        let vGap = verticalSpacing ?? LayoutEngine.defaultSpacing
        let unsized = cache.cells.map { subviews[$0.subview][GridCellUnsizedAxesKey.self] }
        // Columns: the single-column cells that count across.
        var byColumn = [[Int]](repeating: [], count: cache.columnCount)
        for (position, cell) in cache.cells.enumerated() where cell.span == 1 && !unsized[position].contains(.horizontal) {
            byColumn[cell.column].append(cell.subview)
        }
        var widths = Self.share(proposal.width, gap: hGap, tracks: byColumn.map { members in
            { offer in members.reduce(0) { max($0, subviews[$1].sizeThatFits(ProposedViewSize(width: offer, height: nil)).width) } }
        })
        // Spanning cells widen their columns when they do not fit them.
        for (position, cell) in cache.cells.enumerated() where cell.span > 1 && !unsized[position].contains(.horizontal) {
            let range = cell.column..<min(cache.columnCount, cell.column + cell.span)
            let available = widths[range].reduce(0, +) + hGap * CGFloat(range.count - 1)
            let width = subviews[cell.subview].sizeThatFits(ProposedViewSize(width: proposal.width, height: nil)).width
            if width > available {
                let extra = (width - available) / CGFloat(range.count)
                for column in range { widths[column] += extra }
            }
        }
        let columns = GridTracks(lengths: widths, gap: hGap)
        // Rows: the cells that count down, offered their columns' width.
        var byRow = [[(subview: Int, width: CGFloat)]](repeating: [], count: cache.rowAlignments.count)
        for (position, cell) in cache.cells.enumerated() where !unsized[position].contains(.vertical) {
            byRow[cell.row].append((cell.subview, columns.length(from: cell.column, count: cell.span)))
        }
        let heights = Self.share(proposal.height, gap: vGap, tracks: byRow.map { members in
            { offer in members.reduce(0) { max($0, subviews[$1.subview].sizeThatFits(ProposedViewSize(width: $1.width, height: offer)).height) } }
        })
        return (columns, GridTracks(lengths: heights, gap: vGap))
    }

    /// The lengths of tracks sharing `available` (with `gap` between them) as a stack's children
    /// do; `length(offer)` is a track's length when offered `offer`.
    private static func share(_ available: CGFloat?, gap: CGFloat, tracks: [(CGFloat?) -> CGFloat]) -> [CGFloat] {
        guard let available, available.isFinite, !tracks.isEmpty else { return tracks.map { $0(nil) } }
        let ideal = tracks.map { $0(nil) }
        var remaining = max(0, available - gap * CGFloat(tracks.count - 1))
        if ideal.reduce(0, +) <= remaining, tracks.indices.allSatisfy({ tracks[$0](.infinity) <= ideal[$0] }) {
            return ideal
        }
        let order = tracks.indices.sorted { lhs, rhs in
            let left = tracks[lhs](.infinity) - tracks[lhs](0), right = tracks[rhs](.infinity) - tracks[rhs](0)
            return left < right || (left == right && lhs < rhs)
        }
        var lengths = [CGFloat](repeating: 0, count: tracks.count)
        var left = CGFloat(tracks.count)
        for index in order {
            let length = tracks[index](max(0, remaining / left))
            lengths[index] = length
            remaining -= length
            left -= 1
        }
        return lengths
    }
}

/// Where a grid cell is: its row, first column and how many columns it spans.
struct GridCellPosition: Equatable {
    var subview: Int
    var row: Int
    var column: Int
    var span: Int
}

/// One row of a grid's subviews: the range of them it holds, its alignment, and whether it
/// came from a ``GridRow`` (else it is one view spanning every column).
struct GridRowSpan: Equatable {
    var cells: Range<Int>
    var alignment: VerticalAlignment?
    var isRow: Bool
}

/// A grid's columns (or rows): their lengths and where each starts.
private struct GridTracks {
    let lengths: [CGFloat]
    let gap: CGFloat
    let starts: [CGFloat]

    init(lengths: [CGFloat], gap: CGFloat) {
        self.lengths = lengths
        self.gap = gap
        var position: CGFloat = 0
        var starts: [CGFloat] = []
        for length in lengths {
            starts.append(position)
            position += length + gap
        }
        self.starts = starts
    }

    /// The whole length, gaps included.
    var total: CGFloat { lengths.isEmpty ? 0 : lengths.reduce(0, +) + gap * CGFloat(lengths.count - 1) }

    /// The length of `count` tracks from `first`, with the gaps between them.
    func length(from first: Int, count: Int) -> CGFloat {
        let range = first..<min(lengths.count, first + count)
        guard !range.isEmpty else { return 0 }
        return lengths[range].reduce(0, +) + gap * CGFloat(range.count - 1)
    }
}
