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
    /// A box whose frame is its parent's is drawn once. Nodes without a frame (not laid out)
    /// are left out. The drawing is cropped to what was drawn.
    public static func boxDrawing(of nodes: [RenderNode], size: CGSize) -> String {
        var canvas = Canvas(
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
private struct Canvas {
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
                if cells == 2 { put(Canvas.covered, x + 1, row(frame.minY) + offset) }
                x += cells
            }
        }
    }

    /// Marks the cell a wide character's second half covers.
    static let covered: Character = "\u{0}"

    /// The drawing cropped to what was drawn (trailing spaces and blank margins removed).
    var rendered: String {
        var lines = cells.map { line -> String in
            var text = String(line.filter { $0 != Canvas.covered })
            while text.last == " " { text.removeLast() }
            return text
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        let margin = lines.filter { !$0.isEmpty }.map { $0.prefix(while: { $0 == " " }).count }.min() ?? 0
        return lines.map { String($0.dropFirst(margin)) }.joined(separator: "\n")
    }
}
