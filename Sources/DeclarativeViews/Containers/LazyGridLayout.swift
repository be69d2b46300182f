import Foundation

/// One track of a lazy grid: a column of a `LazyVGrid`, a row of a `LazyHGrid`.
struct GridTrack: Equatable {
    /// Its length across the grid's growth (a column's width).
    var length: CGFloat
    /// The space between it and the next track.
    var spacing: CGFloat
    /// Where a cell smaller than the track goes in it.
    var alignment: Alignment
}

extension LayoutEngine {
    /// The spacing between a grid's tracks, and between its lines, where none is given.
    static let defaultGridSpacing: CGFloat = 8

    /// A lazy grid's size and its cells' places, SwiftUI's way. Across the grid's growth (the
    /// width, for a `LazyVGrid`) the items become tracks: a fixed item is its size; flexible and
    /// adaptive items share what the fixed ones and the spacing leave, each clamped to its
    /// bounds (the most constrained settled first); an adaptive item then splits its share into
    /// as many tracks of at least its minimum (at most its maximum) as fit. Offered no length
    /// across, a flexible or adaptive item is one track as long as its longest cell (within its
    /// bounds). Cells fill the tracks line by line, each offered its track's length and nothing
    /// along the growth; a line is as long as its longest cell, and lines are `spacing` apart.
    func lazyGrid(_ node: DisplayNode, _ grid: RenderNode.LazyGrid, proposal: ProposedViewSize)
        -> (size: CGSize, placements: [ChildPlacement])
    {
        let across = grid.axis.other
        let cells = node.children
        let tracks = gridTracks(grid, cells: cells, available: proposal[across].flatMap { $0.isFinite ? $0 : nil })
        guard !tracks.isEmpty else { return (.zero, []) }
        let count = tracks.count
        var offers: [ProposedViewSize] = []
        var sizes: [CGSize] = []
        var lines: [CGFloat] = []
        for (index, cell) in cells.enumerated() {
            var offer = ProposedViewSize.unspecified
            offer[across] = tracks[index % count].length
            let size = self.size(of: cell, proposal: offer)
            offers.append(offer)
            sizes.append(size)
            if index % count == 0 { lines.append(0) }
            lines[lines.count - 1] = max(lines[lines.count - 1], size[grid.axis])
        }
        let gap = grid.spacing.map { CGFloat($0) } ?? Self.defaultGridSpacing
        var starts: [CGFloat] = []
        var position: CGFloat = 0
        for track in tracks {
            starts.append(position)
            position += track.length + track.spacing
        }
        let acrossLength = position - tracks[count - 1].spacing
        var lineStart: CGFloat = 0
        var placements: [ChildPlacement] = []
        placements.reserveCapacity(cells.count)
        for (index, size) in sizes.enumerated() {
            let line = index / count
            if index > 0, index % count == 0 { lineStart += lines[line - 1] + gap }
            let track = tracks[index % count]
            let acrossFraction = across == .horizontal ? track.alignment.horizontal.key.nominalFraction : track.alignment.vertical.key.nominalFraction
            let alongFraction = across == .horizontal ? track.alignment.vertical.key.nominalFraction : track.alignment.horizontal.key.nominalFraction
            let origin = CGPoint(
                main: lineStart + Self.offset(size[grid.axis], in: lines[line], alongFraction),
                cross: starts[index % count] + Self.offset(size[across], in: track.length, acrossFraction), axis: grid.axis)
            placements.append(ChildPlacement(frame: CGRect(origin: origin, size: size), proposal: offers[index]))
        }
        let alongLength = lines.reduce(0, +) + gap * CGFloat(max(0, lines.count - 1))
        return (CGSize(main: alongLength, cross: acrossLength, axis: grid.axis), placements)
    }

    /// The grid's tracks for `available` length across (`nil`: none offered).
    func gridTracks(_ grid: RenderNode.LazyGrid, cells: [DisplayNode], available: CGFloat?) -> [GridTrack] {
        let items = grid.items
        guard !items.isEmpty else { return [] }
        let across = grid.axis.other
        let spacings = items.map { $0.spacing ?? Self.defaultGridSpacing }
        let defaultAlignment = grid.axis == .vertical
            ? Alignment(horizontal: grid.alignment.horizontal, vertical: .center)
            : Alignment(horizontal: .center, vertical: grid.alignment.vertical)
        var lengths = [CGFloat](repeating: 0, count: items.count)
        if let available {
            var remaining = available - spacings.dropLast().reduce(0, +)
            var open: [Int] = []
            for (index, item) in items.enumerated() {
                if case .fixed(let length) = item.size {
                    lengths[index] = length
                    remaining -= length
                } else {
                    open.append(index)
                }
            }
            // Flexible and adaptive items share the rest; one whose bounds the share breaks takes
            // its bound, and the others share again.
            while !open.isEmpty {
                let share = max(0, remaining) / CGFloat(open.count)
                let bounds = open.map { Self.bounds(of: items[$0].size) }
                var settled = open.indices.filter { bounds[$0].upper < share }
                if settled.isEmpty { settled = open.indices.filter { bounds[$0].lower > share } }
                if settled.isEmpty {
                    for index in open { lengths[index] = share }
                    break
                }
                for position in settled {
                    let length = bounds[position].upper < share ? bounds[position].upper : bounds[position].lower
                    lengths[open[position]] = length
                    remaining -= length
                }
                let done = Set(settled.map { open[$0] })
                open.removeAll { done.contains($0) }
            }
        } else {
            // Offered nothing across: each item is one track, as long as its longest cell.
            for (index, item) in items.enumerated() {
                if case .fixed(let length) = item.size {
                    lengths[index] = length
                    continue
                }
                var longest: CGFloat = 0
                var cell = index
                while cell < cells.count {
                    longest = max(longest, size(of: cells[cell], proposal: .unspecified)[across])
                    cell += items.count
                }
                let bounds = Self.bounds(of: item.size)
                lengths[index] = min(max(longest, bounds.lower), bounds.upper)
            }
        }
        var tracks: [GridTrack] = []
        for (index, item) in items.enumerated() {
            let alignment = item.alignment ?? defaultAlignment
            if case .adaptive(let minimum, let maximum) = item.size, available != nil {
                let length = lengths[index]
                let spacing = spacings[index]
                let fit = Int(((length + spacing) / (max(minimum, 1) + spacing)).rounded(.down))
                let count = max(1, fit)
                let each = min(max(0, (length - spacing * CGFloat(count - 1)) / CGFloat(count)), maximum)
                for _ in 0..<count {
                    tracks.append(GridTrack(length: each, spacing: spacing, alignment: alignment))
                }
            } else {
                tracks.append(GridTrack(length: lengths[index], spacing: spacings[index], alignment: alignment))
            }
        }
        return tracks
    }

    /// The lengths a flexible or adaptive item may take while the items share the space.
    private static func bounds(of size: GridItem.Size) -> (lower: CGFloat, upper: CGFloat) {
        switch size {
        case .fixed(let length): (length, length)
        case .flexible(let minimum, let maximum): (minimum, max(minimum, maximum))
        case .adaptive(let minimum, _): (minimum, .infinity)
        }
    }
}
