import Foundation

// The area a stroke covers, as a path (SwiftUI's `Path.strokedPath(_:)`), on the flattened path
// (curves in ``Path/curvePieces`` straight pieces): the dashes cut first, then a rectangle along
// each straight piece, the joins between pieces (a wedge for `.bevel`, the miter point within
// the miter limit for `.miter`, else a bevel, a disc for `.round`) and the caps at the ends of open
// subpaths (`.square` extends them by half the width, `.round` adds a disc). Every polygon turns
// the same way, so filled with the non-zero rule (the default) the path covers exactly their
// union; discs are polygons of ``strokeDiscSides`` sides.

extension Path {
    /// The sides of a round join's or cap's disc.
    static let strokeDiscSides = 32

    /// The area a stroke with `style` covers, to fill with the non-zero rule.
    public func strokedPath(_ style: StrokeStyle) -> Path {
        let half = style.lineWidth / 2
        guard half > 0, half.isFinite else { return Path() }
        var result = Path()
        func add(_ polygon: [CGPoint]) {
            guard polygon.count > 2 else { return }
            result.addLines(Self.clockwiseInYUp(polygon))
            result.closeSubpath()
        }
        for line in Self.dashed(polylines, style) {
            let walked = line.isClosed ? line.points + [line.points[0]] : line.points
            // Repeated points make no piece.
            let points = walked.indices.filter { $0 == 0 || walked[$0 - 1] != walked[$0] }.map { walked[$0] }
            guard points.count > 1 else {
                if let point = points.first, style.lineCap == .round { add(Self.disc(point, half)) }
                continue
            }
            var normals: [CGPoint] = []
            for index in points.indices.dropFirst() {
                let (p, q) = (points[index - 1], points[index])
                let length = Self.distance(p, q)
                let n = CGPoint(x: -(q.y - p.y) / length * half, y: (q.x - p.x) / length * half)
                normals.append(n)
                add([
                    CGPoint(x: p.x + n.x, y: p.y + n.y), CGPoint(x: q.x + n.x, y: q.y + n.y),
                    CGPoint(x: q.x - n.x, y: q.y - n.y), CGPoint(x: p.x - n.x, y: p.y - n.y),
                ])
            }
            // Joins: at every inner point, and where a closed subpath meets its start.
            var joints = Array(1..<(points.count - 1)).map { ($0, normals[$0 - 1], normals[$0]) }
            if line.isClosed, normals.count > 1 { joints.append((0, normals[normals.count - 1], normals[0])) }
            for (index, before, after) in joints {
                add(Self.join(at: points[index], before, after, half: half, style: style))
            }
            if !line.isClosed {
                for (point, n, outward) in [
                    (points[0], normals[0], -1 as CGFloat), (points[points.count - 1], normals[normals.count - 1], 1),
                ] {
                    // The direction along the line, away from it, half the width long.
                    let along = CGPoint(x: n.y * outward, y: -n.x * outward)
                    switch style.lineCap {
                    case .round: add(Self.disc(point, half))
                    case .square:
                        add([
                            CGPoint(x: point.x + n.x, y: point.y + n.y),
                            CGPoint(x: point.x + n.x + along.x, y: point.y + n.y + along.y),
                            CGPoint(x: point.x - n.x + along.x, y: point.y - n.y + along.y),
                            CGPoint(x: point.x - n.x, y: point.y - n.y),
                        ])
                    default: break
                    }
                }
            }
        }
        return result
    }

    /// The polygon filling the outer corner at `point` between a piece with offset `before` and
    /// one with offset `after`.
    private static func join(at point: CGPoint, _ before: CGPoint, _ after: CGPoint, half: CGFloat, style: StrokeStyle)
        -> [CGPoint]
    {
        if style.lineJoin == .round { return disc(point, half) }
        let cross = before.x * after.y - before.y * after.x
        guard abs(cross) > 1e-12 * half * half else { return [] }
        // The outer side is where the offsets point away from the turn.
        let sign: CGFloat = cross > 0 ? -1 : 1
        let a = CGPoint(x: point.x + before.x * sign, y: point.y + before.y * sign)
        let b = CGPoint(x: point.x + after.x * sign, y: point.y + after.y * sign)
        if style.lineJoin == .miter {
            // The miter's tip: along the bisector of the offsets, half / cos(θ/2) from the point.
            let bisector = CGPoint(x: (before.x + after.x) * sign, y: (before.y + after.y) * sign)
            let length = distance(.zero, bisector)
            let cosine = length / (2 * half)
            if cosine > 0, 1 / cosine <= style.miterLimit {
                let reach = half / cosine
                return [point, a, CGPoint(x: point.x + bisector.x / length * reach, y: point.y + bisector.y / length * reach), b]
            }
        }
        return [point, a, b]
    }

    /// A disc of `radius` around `center`, as a polygon.
    private static func disc(_ center: CGPoint, _ radius: CGFloat) -> [CGPoint] {
        (0..<strokeDiscSides).map { index in
            let angle = 2 * Double.pi * Double(index) / Double(strokeDiscSides)
            return CGPoint(x: center.x + radius * CGFloat(cos(angle)), y: center.y + radius * CGFloat(sin(angle)))
        }
    }

    /// `polygon` turning one chosen way (negative signed area), so that the non-zero rule fills
    /// the union of many.
    private static func clockwiseInYUp(_ polygon: [CGPoint]) -> [CGPoint] {
        var area: CGFloat = 0
        for index in polygon.indices {
            let (p, q) = (polygon[index], polygon[(index + 1) % polygon.count])
            area += p.x * q.y - q.x * p.y
        }
        return area > 0 ? polygon.reversed() : polygon
    }

    /// The polylines cut into `style`'s dashes (unchanged without a dash pattern): open pieces,
    /// the pattern running on across subpaths from `dashPhase`.
    private static func dashed(_ lines: [Polyline], _ style: StrokeStyle) -> [Polyline] {
        let pattern = style.dash.map { max($0, 0) }
        let period = pattern.reduce(0, +)
        guard !pattern.isEmpty, period > 0, period.isFinite else { return lines }
        var result: [Polyline] = []
        for line in lines {
            let points = line.isClosed ? line.points + [line.points[0]] : line.points
            // Where in the pattern the subpath starts: each subpath starts at the phase.
            var position = style.dashPhase.truncatingRemainder(dividingBy: period)
            if position < 0 { position += period }
            var index = 0
            while position >= pattern[index] {
                position -= pattern[index]
                index = (index + 1) % pattern.count
            }
            var current: Polyline? = index % 2 == 0 ? Polyline(points: [points[0]], isClosed: false) : nil
            for step in points.indices.dropFirst() {
                let (p, q) = (points[step - 1], points[step])
                let length = distance(p, q)
                var travelled: CGFloat = 0
                while length - travelled > pattern[index] - position {
                    travelled += pattern[index] - position
                    let t = travelled / length
                    let cut = CGPoint(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t)
                    if var dash = current {
                        dash.points.append(cut)
                        result.append(dash)
                        current = nil
                    } else {
                        current = Polyline(points: [cut], isClosed: false)
                    }
                    position = 0
                    index = (index + 1) % pattern.count
                }
                position += length - travelled
                current?.points.append(q)
            }
            if let dash = current, dash.points.count > 1 { result.append(dash) }
        }
        return result
    }
}

/// A path's stroke as a shape (SwiftUI's deprecated `StrokedPath`): the area the stroke covers,
/// whatever the rect (``Path/strokedPath(_:)``).
public nonisolated struct StrokedPath: Shape, Equatable {
    public var path: Path
    public var style: StrokeStyle

    public init(path: Path, style: StrokeStyle) {
        self.path = path
        self.style = style
    }

    public func path(in _: CGRect) -> Path { path.strokedPath(style) }
}
