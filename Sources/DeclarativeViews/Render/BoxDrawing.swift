import Foundation

extension RenderNode {
    /// Draws a laid-out render tree on a character grid, one cell per 8 × 16 points (a text
    /// cell of ``TextMetrics``): texts at their positions, buttons in brackets, dividers as
    /// lines, and paddings, frames and containers as boxes drawn just outside their frames.
    /// Stacks only arrange their children and get no box.
    ///
    ///     ┌──────────────────────────┐
    ///     │                          │
    ///     │ Count: 3                 │
    ///     │[Increment]          right│
    ///     │                          │
    ///     └──────────────────────────┘
    ///
    /// A box whose frame is its parent's is drawn once. A shape draws its path instead of a box:
    /// its outline's cells, with `─`, `│`, `╲`, `╱` after the direction that crosses each most, and
    /// corners (`┌` …) where a horizontal and a vertical stretch meet. Nodes without a frame (not
    /// laid out) are left out. The drawing is cropped to what was drawn.
    public static func boxDrawing(of nodes: [RenderNode], size: CGSize) -> String {
        var canvas = CellGrid(
            columns: max(1, Int((size.width / TextMetrics.cellWidth).rounded(.up)) + 2),
            rows: max(1, Int((size.height / TextMetrics.lineHeight).rounded(.up)) + 2))
        var texts: [(RenderNode, CGRect)] = []
        var pending: [(RenderNode, CGRect?)] = nodes.reversed().map { ($0, nil) }
        while let (node, parentFrame) = pending.popLast() {
            if let frame = node.frame {
                switch node.kind {
                case .text:
                    texts.append((node, frame))
                case .spacer, .vstack, .hstack, .zstack, .layout:
                    break
                case .divider:
                    canvas.line(frame)
                case .button:
                    canvas.brackets(frame)
                case .shape where node.path != nil:
                    canvas.outline(node.path!, in: frame)
                default:
                    if frame != parentFrame, frame.width > 0, frame.height > 0 { canvas.box(frame) }
                }
            }
            for child in node.children.reversed() { pending.append((child, node.frame)) }
        }
        for (node, frame) in texts {
            if case .text(let string) = node.kind { canvas.text(string, in: frame) }
        }
        return canvas.rendered
    }
}

/// A grid of characters; point (x, y) is cell (x / 8 + 1, y / 16 + 1), leaving a margin of one
/// cell for the boxes around views at the window's edge.
private struct CellGrid {
    let columns: Int
    let rows: Int
    var cells: [[Character]]

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
    }

    private func column(_ x: CGFloat) -> Int { Int((x / TextMetrics.cellWidth).rounded(.down)) + 1 }
    private func row(_ y: CGFloat) -> Int { Int((y / TextMetrics.lineHeight).rounded(.down)) + 1 }
    private func lastColumn(_ frame: CGRect) -> Int { Int((frame.maxX / TextMetrics.cellWidth).rounded(.up)) }
    private func lastRow(_ frame: CGRect) -> Int { Int((frame.maxY / TextMetrics.lineHeight).rounded(.up)) }

    mutating func put(_ character: Character, _ column: Int, _ row: Int) {
        guard row >= 0, row < rows, column >= 0, column < columns else { return }
        cells[row][column] = character
    }

    /// A box on the cells just outside `frame`.
    mutating func box(_ frame: CGRect) {
        let left = column(frame.minX) - 1
        let right = lastColumn(frame) + 1
        let top = row(frame.minY) - 1
        let bottom = lastRow(frame) + 1
        guard right > left, bottom > top else { return }
        for x in (left + 1)..<right {
            put("─", x, top)
            put("─", x, bottom)
        }
        for y in (top + 1)..<bottom {
            put("│", left, y)
            put("│", right, y)
        }
        put("┌", left, top)
        put("┐", right, top)
        put("└", left, bottom)
        put("┘", right, bottom)
    }

    /// A path's outline on the cells it crosses, `path` in the coordinates of `frame`'s bounds.
    /// Points on the frame's edges fall in the cells inside it (each point is nudged a hair
    /// towards the frame's centre), so that a rectangle's outline is the frame's outermost cells.
    mutating func outline(_ path: Path, in frame: CGRect) {
        struct Cell: Hashable, Comparable {
            var row: Int, column: Int
            static func < (a: Cell, b: Cell) -> Bool { (a.row, a.column) < (b.row, b.column) }
        }
        // Per cell, how many samples went each way: horizontal, vertical, falling (╲), rising (╱).
        var counts: [Cell: [Int]] = [:]
        let (midX, midY) = (frame.width / 2, frame.height / 2)
        func cell(_ point: CGPoint) -> Cell {
            let x = point.x + (point.x < midX ? 0.01 : point.x > midX ? -0.01 : 0)
            let y = point.y + (point.y < midY ? 0.01 : point.y > midY ? -0.01 : 0)
            return Cell(row: row(y + frame.minY), column: column(x + frame.minX))
        }
        for polyline in path.polylines {
            let points = polyline.isClosed ? polyline.points + [polyline.points[0]] : polyline.points
            for index in points.indices.dropFirst() {
                let (a, b) = (points[index - 1], points[index])
                guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { continue }
                let dx = (b.x - a.x) / TextMetrics.cellWidth
                let dy = (b.y - a.y) / TextMetrics.lineHeight
                let way = abs(dy) <= abs(dx) / 2 ? 0 : abs(dx) <= abs(dy) / 2 ? 1 : (dx * dy > 0 ? 2 : 3)
                // Both ends, and where the segment crosses the middle of each column (one that
                // crosses more columns than rows) or of each row: one cell per column or row, so
                // that a slanted line is one character wide and has no gaps.
                var samples = [a, b]
                let alongColumns = abs(dx) >= abs(dy)
                let (from, to, size) = alongColumns
                    ? (min(a.x, b.x), max(a.x, b.x), TextMetrics.cellWidth) : (min(a.y, b.y), max(a.y, b.y), TextMetrics.lineHeight)
                let first = ((from / size).rounded(.down) + 0.5) * size
                var middle = first
                // (At most as many as the canvas has columns and rows: a segment may run far off it.)
                while middle < to, samples.count < columns + rows + 2 {
                    if middle > from {
                        let t = alongColumns ? (middle - a.x) / (b.x - a.x) : (middle - a.y) / (b.y - a.y)
                        samples.append(CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t))
                    }
                    middle += size
                }
                for sample in samples { counts[cell(sample), default: [0, 0, 0, 0]][way] += 1 }
            }
        }
        for (cell, count) in counts.sorted(by: { $0.key < $1.key }) {
            var character: Character
            if count[0] > 0 && count[1] > 0 {
                let marked = { (row: Int, column: Int) in counts[Cell(row: row, column: column)] != nil }
                let (left, right) = (marked(cell.row, cell.column - 1), marked(cell.row, cell.column + 1))
                let (up, down) = (marked(cell.row - 1, cell.column), marked(cell.row + 1, cell.column))
                switch (left, right, up, down) {
                case (false, true, false, true): character = "┌"
                case (true, false, false, true): character = "┐"
                case (false, true, true, false): character = "└"
                case (true, false, true, false): character = "┘"
                default: character = "•"
                }
            } else {
                let most = count.indices.max { count[$0] < count[$1] } ?? 0
                character = ["─", "│", "╲", "╱"][most]
            }
            put(character, cell.column, cell.row)
        }
    }

    /// `[` and `]` on the cells either side of `frame`'s first line.
    mutating func brackets(_ frame: CGRect) {
        put("[", column(frame.minX) - 1, row(frame.minY))
        put("]", lastColumn(frame) + 1, row(frame.minY))
    }

    /// A divider: a line along the frame's longer side.
    mutating func line(_ frame: CGRect) {
        if frame.width >= frame.height {
            let y = row(frame.minY)
            for x in column(frame.minX)...max(column(frame.minX), lastColumn(frame)) { put("─", x, y) }
        } else {
            let x = column(frame.minX)
            for y in row(frame.minY)...max(row(frame.minY), lastRow(frame)) { put("│", x, y) }
        }
    }

    /// Text wrapped to the frame's width, from its top-left cell.
    mutating func text(_ string: String, in frame: CGRect) {
        let lines = TextMetrics.lines(of: string, width: frame.width)
        for (offset, line) in lines.enumerated() {
            var x = column(frame.minX)
            for character in line {
                let cells = TextMetrics.cells(of: character)
                guard cells > 0 else { continue }
                put(character, x, row(frame.minY) + offset)
                // A wide character covers the next cell too: it is not drawn.
                if cells == 2 { put(CellGrid.covered, x + 1, row(frame.minY) + offset) }
                x += cells
            }
        }
    }

    /// Marks the cell a wide character's second half covers.
    static let covered: Character = "\u{0}"

    /// The drawing cropped to what was drawn (trailing spaces and blank margins removed).
    var rendered: String {
        var lines = cells.map { line -> String in
            var text = String(line.filter { $0 != CellGrid.covered })
            while text.last == " " { text.removeLast() }
            return text
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        let margin = lines.filter { !$0.isEmpty }.map { $0.prefix(while: { $0 == " " }).count }.min() ?? 0
        return lines.map { String($0.dropFirst(margin)) }.joined(separator: "\n")
    }
}
