import Foundation

// The boolean operations on paths (SwiftUI's `union`, `intersection`, `subtracting`,
// `symmetricDifference`, `normalized`, and the line forms `lineIntersection` / `lineSubtraction`),
// computed on polygons: curves are first flattened into ``Path/curvePieces`` straight pieces each
// (a quarter circle of radius 100 then strays at most 0.054 points from the true arc), so results
// are exact for straight-edged paths and within that tolerance for curves. Results are made of
// straight lines only.
//
// The method: every edge of both paths is cut where it meets any other; each piece is kept when
// the filled region of the result differs on its two sides (tested just beside its middle with
// ``Path/contains(_:eoFill:)``), turned so that the region is on the same side of every piece;
// the pieces are then joined end to end into closed subpaths. So the result fills the right
// region under both the non-zero and the even-odd rule, holes included; pieces shared by the two
// paths are kept once.

extension Path {
    /// The region either path fills.
    public func union(_ other: Path, eoFill: Bool = false) -> Path {
        Self.combining(self, other, eoFill: eoFill) { $0 || $1 }
    }

    /// The region both paths fill.
    public func intersection(_ other: Path, eoFill: Bool = false) -> Path {
        Self.combining(self, other, eoFill: eoFill) { $0 && $1 }
    }

    /// The region this path fills and `other` does not.
    public func subtracting(_ other: Path, eoFill: Bool = false) -> Path {
        Self.combining(self, other, eoFill: eoFill) { $0 && !$1 }
    }

    /// The region exactly one of the paths fills.
    public func symmetricDifference(_ other: Path, eoFill: Bool = false) -> Path {
        Self.combining(self, other, eoFill: eoFill) { $0 != $1 }
    }

    /// The region the path fills, as subpaths that neither overlap nor cross themselves (so it
    /// fills the same under either rule).
    public func normalized(eoFill: Bool = true) -> Path {
        Self.combining(self, Path(), eoFill: eoFill) { inside, _ in inside }
    }

    /// The parts of this path's lines inside the region `other` fills (open subpaths).
    public func lineIntersection(_ other: Path, eoFill: Bool = false) -> Path {
        lines(keptWhere: true, in: other, eoFill: eoFill)
    }

    /// The parts of this path's lines outside the region `other` fills (open subpaths).
    public func lineSubtraction(_ other: Path, eoFill: Bool = false) -> Path {
        lines(keptWhere: false, in: other, eoFill: eoFill)
    }

    // MARK: Regions

    /// A straight piece of an edge.
    private struct Segment {
        var start: CGPoint
        var end: CGPoint
    }

    /// Every edge of every subpath, each subpath closed (as a fill closes it).
    private var closedEdges: [Segment] {
        polylines.flatMap { polyline -> [Segment] in
            let points = polyline.points
            return points.indices.map { Segment(start: points[$0], end: points[($0 + 1) % points.count]) }
        }
    }

    private static func combining(_ a: Path, _ b: Path, eoFill: Bool, _ rule: (Bool, Bool) -> Bool) -> Path {
        let edges = a.closedEdges + b.closedEdges
        let pieces = split(edges, at: edges)
        let scale = max(1, pieces.reduce(0) { max($0, abs($1.start.x), abs($1.start.y), abs($1.end.x), abs($1.end.y)) })
        let offset = scale * 1e-7
        var boundary: [Segment] = []
        var seen = Set<EdgeKey>()
        for piece in pieces {
            let (dx, dy) = (piece.end.x - piece.start.x, piece.end.y - piece.start.y)
            let length = (dx * dx + dy * dy).squareRoot()
            guard length > scale * 1e-12 else { continue }
            let middle = CGPoint(x: (piece.start.x + piece.end.x) / 2, y: (piece.start.y + piece.end.y) / 2)
            let normal = CGPoint(x: -dy / length * offset, y: dx / length * offset)
            let left = CGPoint(x: middle.x + normal.x, y: middle.y + normal.y)
            let right = CGPoint(x: middle.x - normal.x, y: middle.y - normal.y)
            let insideLeft = rule(a.contains(left, eoFill: eoFill), b.contains(left, eoFill: eoFill))
            let insideRight = rule(a.contains(right, eoFill: eoFill), b.contains(right, eoFill: eoFill))
            guard insideLeft != insideRight else { continue }
            let edge = insideLeft ? piece : Segment(start: piece.end, end: piece.start)
            if seen.insert(EdgeKey(edge)).inserted { boundary.append(edge) }
        }
        return loops(boundary)
    }

    /// An exact point, for finding pieces and joints (points cut from two edges are the same value).
    private struct PointKey: Hashable {
        let x: UInt64, y: UInt64
        init(_ point: CGPoint) {
            // +0 and -0 are one point.
            (x, y) = (Double(point.x + 0).bitPattern, Double(point.y + 0).bitPattern)
        }
    }

    private struct EdgeKey: Hashable {
        let start: PointKey, end: PointKey
        init(_ segment: Segment) { (start, end) = (PointKey(segment.start), PointKey(segment.end)) }
    }

    /// `edges` cut wherever they cross or touch one of `cutters` (crossings, and cutters' ends that
    /// lie on them), in order along each edge.
    private static func split(_ edges: [Segment], at cutters: [Segment]) -> [Segment] {
        var pieces: [Segment] = []
        for edge in edges {
            var cuts: [(t: CGFloat, point: CGPoint)] = []
            let d = CGPoint(x: edge.end.x - edge.start.x, y: edge.end.y - edge.start.y)
            let lengthSquared = d.x * d.x + d.y * d.y
            guard lengthSquared > 0 else { continue }
            for cutter in cutters {
                let e = CGPoint(x: cutter.end.x - cutter.start.x, y: cutter.end.y - cutter.start.y)
                let denominator = d.x * e.y - d.y * e.x
                let w = CGPoint(x: cutter.start.x - edge.start.x, y: cutter.start.y - edge.start.y)
                if abs(denominator) > 1e-12 * lengthSquared {
                    let t = (w.x * e.y - w.y * e.x) / denominator
                    let u = (w.x * d.y - w.y * d.x) / denominator
                    if t > 0, t < 1, u >= 0, u <= 1 {
                        // The cutter's end itself when the crossing is there, so both edges share it.
                        let point = u == 0 ? cutter.start : u == 1 ? cutter.end
                            : CGPoint(x: edge.start.x + d.x * t, y: edge.start.y + d.y * t)
                        cuts.append((t, point))
                    }
                }
                for end in [cutter.start, cutter.end] {
                    let t = ((end.x - edge.start.x) * d.x + (end.y - edge.start.y) * d.y) / lengthSquared
                    guard t > 0, t < 1 else { continue }
                    let along = CGPoint(x: edge.start.x + d.x * t, y: edge.start.y + d.y * t)
                    if distance(along, end) <= 1e-9 * max(1, lengthSquared.squareRoot()) { cuts.append((t, end)) }
                }
            }
            cuts.sort { $0.t < $1.t }
            var start = edge.start
            for cut in cuts where PointKey(cut.point) != PointKey(start) {
                pieces.append(Segment(start: start, end: cut.point))
                start = cut.point
            }
            if PointKey(start) != PointKey(edge.end) { pieces.append(Segment(start: start, end: edge.end)) }
        }
        return pieces
    }

    /// Directed pieces joined end to end into closed subpaths, points in line merged.
    private static func loops(_ edges: [Segment]) -> Path {
        var outgoing: [PointKey: [Int]] = [:]
        for (index, edge) in edges.enumerated() { outgoing[PointKey(edge.start), default: []].append(index) }
        var used = [Bool](repeating: false, count: edges.count)
        var result = Path()
        for first in edges.indices where !used[first] {
            var points = [edges[first].start]
            var current = first
            used[first] = true
            let home = PointKey(edges[first].start)
            while true {
                let end = edges[current].end
                if PointKey(end) == home { break }
                points.append(end)
                guard let next = outgoing[PointKey(end)]?.first(where: { !used[$0] }) else { break }
                used[next] = true
                current = next
            }
            let simplified = withoutPointsInLine(points)
            guard simplified.count > 2 else { continue }
            result.addLines(simplified)
            result.closeSubpath()
        }
        return result
    }

    /// A closed polygon's points without those in line with their neighbours.
    private static func withoutPointsInLine(_ points: [CGPoint]) -> [CGPoint] {
        var points = points
        var index = 0
        var unchanged = 0
        while points.count > 2 && unchanged < points.count {
            let previous = points[(index + points.count - 1) % points.count]
            let point = points[index % points.count]
            let next = points[(index + 1) % points.count]
            let cross = (point.x - previous.x) * (next.y - point.y) - (point.y - previous.y) * (next.x - point.x)
            let scale = max(distance(previous, point) * distance(point, next), 1e-300)
            let forward = (point.x - previous.x) * (next.x - point.x) + (point.y - previous.y) * (next.y - point.y) >= 0
            if abs(cross) <= 1e-12 * scale && forward {
                points.remove(at: index % points.count)
                unchanged = 0
            } else {
                index = (index + 1) % points.count
                unchanged += 1
            }
        }
        return points
    }

    // MARK: Lines

    /// This path's lines cut where they cross `other`'s edges, the pieces whose middle is inside
    /// `other` (or outside) kept, in order, consecutive pieces joined.
    private func lines(keptWhere inside: Bool, in other: Path, eoFill: Bool) -> Path {
        let cutters = other.closedEdges
        var result = Path()
        for polyline in polylines {
            let points = polyline.isClosed ? polyline.points + [polyline.points[0]] : polyline.points
            let edges = points.indices.dropFirst().map { Segment(start: points[$0 - 1], end: points[$0]) }
            var drawing = false
            var allKept = true
            for piece in Self.split(edges, at: cutters) {
                let middle = CGPoint(x: (piece.start.x + piece.end.x) / 2, y: (piece.start.y + piece.end.y) / 2)
                guard other.contains(middle, eoFill: eoFill) == inside else {
                    drawing = false
                    allKept = false
                    continue
                }
                if !drawing { result.move(to: piece.start) }
                result.addLine(to: piece.end)
                drawing = true
            }
            if polyline.isClosed && allKept && drawing { result.closeSubpath() }
        }
        return result
    }
}

/// Two shapes combined by a path operation in the same rect (what `Shape.union(_:eoFill:)` and the
/// other shape forms return), named after both (`circle union rectangle`).
public nonisolated struct _CombinedShape<First: Shape, Second: Shape>: Shape {
    var first: First
    var second: Second
    var operation: Operation
    var eoFill: Bool

    enum Operation: String, Sendable {
        case union, intersection, subtracting, symmetricDifference, lineIntersection, lineSubtraction
    }

    public func path(in rect: CGRect) -> Path {
        let (a, b) = (first.path(in: rect), second.path(in: rect))
        switch operation {
        case .union: return a.union(b, eoFill: eoFill)
        case .intersection: return a.intersection(b, eoFill: eoFill)
        case .subtracting: return a.subtracting(b, eoFill: eoFill)
        case .symmetricDifference: return a.symmetricDifference(b, eoFill: eoFill)
        case .lineIntersection: return a.lineIntersection(b, eoFill: eoFill)
        case .lineSubtraction: return a.lineSubtraction(b, eoFill: eoFill)
        }
    }

    public var _shapeDescription: String { "\(first._shapeDescription) \(operation.rawValue) \(second._shapeDescription)" }
}

extension Shape {
    /// The region this shape or `other` fills, in the same rect.
    public nonisolated func union<T: Shape>(_ other: T, eoFill: Bool = false) -> some Shape {
        _CombinedShape(first: self, second: other, operation: .union, eoFill: eoFill)
    }

    /// The region both shapes fill.
    public nonisolated func intersection<T: Shape>(_ other: T, eoFill: Bool = false) -> some Shape {
        _CombinedShape(first: self, second: other, operation: .intersection, eoFill: eoFill)
    }

    /// The region this shape fills and `other` does not.
    public nonisolated func subtracting<T: Shape>(_ other: T, eoFill: Bool = false) -> some Shape {
        _CombinedShape(first: self, second: other, operation: .subtracting, eoFill: eoFill)
    }

    /// The region exactly one of the shapes fills.
    public nonisolated func symmetricDifference<T: Shape>(_ other: T, eoFill: Bool = false) -> some Shape {
        _CombinedShape(first: self, second: other, operation: .symmetricDifference, eoFill: eoFill)
    }

    /// This shape's outline inside `other`.
    public nonisolated func lineIntersection<T: Shape>(_ other: T, eoFill: Bool = false) -> some Shape {
        _CombinedShape(first: self, second: other, operation: .lineIntersection, eoFill: eoFill)
    }

    /// This shape's outline outside `other`.
    public nonisolated func lineSubtraction<T: Shape>(_ other: T, eoFill: Bool = false) -> some Shape {
        _CombinedShape(first: self, second: other, operation: .lineSubtraction, eoFill: eoFill)
    }
}
