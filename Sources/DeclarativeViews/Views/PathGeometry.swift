import Foundation

// What a path covers: its bounds, whether a point is inside, a part of it by length, and the
// polylines the box drawing and those questions work from. Curves are flattened into a fixed
// number of straight pieces, so every answer is deterministic.

extension Path {
    /// The smallest rectangle that holds every point of the path — curves' extremes, not their
    /// control points (Core Graphics' `boundingBoxOfPath`); `CGRect.null` for an empty path.
    public var boundingRect: CGRect {
        var bounds = Bounds()
        var current = CGPoint.zero
        var start = CGPoint.zero
        for element in elements {
            switch element {
            case .move(let point):
                bounds.add(point)
                (current, start) = (point, point)
            case .line(let point):
                bounds.add(point)
                current = point
            case .quadCurve(let point, let control):
                bounds.add(point)
                for t in Self.extremes(current.x, control.x, point.x) + Self.extremes(current.y, control.y, point.y) {
                    bounds.add(Self.quadPoint(current, control, point, t))
                }
                current = point
            case .curve(let point, let control1, let control2):
                bounds.add(point)
                for t in Self.extremes(current.x, control1.x, control2.x, point.x)
                    + Self.extremes(current.y, control1.y, control2.y, point.y)
                {
                    bounds.add(Self.cubicPoint(current, control1, control2, point, t))
                }
                current = point
            case .closeSubpath:
                current = start
            }
        }
        return bounds.rect
    }

    private struct Bounds {
        var minX = CGFloat.infinity, minY = CGFloat.infinity, maxX = -CGFloat.infinity, maxY = -CGFloat.infinity

        mutating func add(_ point: CGPoint) {
            (minX, minY) = (min(minX, point.x), min(minY, point.y))
            (maxX, maxY) = (max(maxX, point.x), max(maxY, point.y))
        }

        var rect: CGRect {
            minX <= maxX ? CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY) : .null
        }
    }

    /// Where (0 < t < 1) a quadratic's coordinate turns.
    private static func extremes(_ p0: CGFloat, _ p1: CGFloat, _ p2: CGFloat) -> [CGFloat] {
        let denominator = p0 - 2 * p1 + p2
        guard denominator != 0 else { return [] }
        let t = (p0 - p1) / denominator
        return t > 0 && t < 1 ? [t] : []
    }

    /// Where (0 < t < 1) a cubic's coordinate turns: the roots of its derivative.
    private static func extremes(_ p0: CGFloat, _ p1: CGFloat, _ p2: CGFloat, _ p3: CGFloat) -> [CGFloat] {
        let a = 3 * (-p0 + 3 * p1 - 3 * p2 + p3)
        let b = 6 * (p0 - 2 * p1 + p2)
        let c = 3 * (p1 - p0)
        var roots: [CGFloat] = []
        if abs(a) < 1e-12 {
            if b != 0 { roots = [-c / b] }
        } else {
            let discriminant = b * b - 4 * a * c
            if discriminant >= 0 {
                let root = discriminant.squareRoot()
                roots = [(-b + root) / (2 * a), (-b - root) / (2 * a)]
            }
        }
        return roots.filter { $0 > 0 && $0 < 1 }
    }

    static func quadPoint(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ t: CGFloat) -> CGPoint {
        let u = 1 - t
        return CGPoint(
            x: u * u * p0.x + 2 * u * t * p1.x + t * t * p2.x,
            y: u * u * p0.y + 2 * u * t * p1.y + t * t * p2.y)
    }

    static func cubicPoint(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint, _ t: CGFloat) -> CGPoint {
        let u = 1 - t
        let (a, b, c, d) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
        return CGPoint(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }

    // MARK: Polylines

    /// One subpath as straight pieces: its points in order, and whether it was closed.
    struct Polyline {
        var points: [CGPoint]
        var isClosed: Bool
    }

    /// How many straight pieces a curve becomes.
    static let curvePieces = 24

    /// The subpaths as polylines, curves cut into ``curvePieces`` pieces.
    var polylines: [Polyline] {
        var result: [Polyline] = []
        var current: Polyline?
        for element in elements {
            switch element {
            case .move(let point):
                if let current, current.points.count > 1 { result.append(current) }
                current = Polyline(points: [point], isClosed: false)
            case .line(let point):
                current?.points.append(point)
            case .quadCurve(let point, let control):
                guard let start = current?.points.last else { break }
                for piece in 1...Self.curvePieces {
                    current?.points.append(Self.quadPoint(start, control, point, CGFloat(piece) / CGFloat(Self.curvePieces)))
                }
            case .curve(let point, let control1, let control2):
                guard let start = current?.points.last else { break }
                for piece in 1...Self.curvePieces {
                    current?.points.append(
                        Self.cubicPoint(start, control1, control2, point, CGFloat(piece) / CGFloat(Self.curvePieces)))
                }
            case .closeSubpath:
                if var closed = current {
                    closed.isClosed = true
                    result.append(closed)
                    // Drawing on after a close starts again where the subpath started.
                    current = Polyline(points: [closed.points[0]], isClosed: false)
                }
            }
        }
        if let current, current.points.count > 1 { result.append(current) }
        return result
    }

    // MARK: Containment

    /// Whether `point` is inside the path filled as SwiftUI fills it: every subpath closed, the
    /// non-zero winding rule (or the even-odd rule when `eoFill`).
    public func contains(_ point: CGPoint, eoFill: Bool = false) -> Bool {
        var winding = 0
        var crossings = 0
        for polyline in polylines where polyline.points.count > 2 {
            let points = polyline.points
            for index in points.indices {
                let a = points[index]
                let b = points[(index + 1) % points.count]
                // A ray from `point` towards +x: count the edges it crosses, and their direction.
                if (a.y <= point.y) != (b.y <= point.y) {
                    let x = a.x + (point.y - a.y) / (b.y - a.y) * (b.x - a.x)
                    if x > point.x {
                        crossings += 1
                        winding += b.y > a.y ? 1 : -1
                    }
                }
            }
        }
        return eoFill ? crossings % 2 == 1 : winding != 0
    }

    // MARK: Trimming

    /// The part of the path between the fractions `from` and `to` of its length (each clamped
    /// to 0…1; empty when `to` is not after `from`). Closed subpaths count their closing line.
    /// The whole path is returned unchanged; a part is made of straight pieces.
    public func trimmedPath(from: CGFloat, to: CGFloat) -> Path {
        let from = min(max(from, 0), 1)
        let to = min(max(to, 0), 1)
        if from <= 0 && to >= 1 { return self }
        guard to > from else { return Path() }
        let lines = polylines.map { polyline in
            polyline.isClosed ? polyline.points + [polyline.points[0]] : polyline.points
        }
        var total: CGFloat = 0
        for points in lines {
            for index in points.indices.dropFirst() { total += Self.distance(points[index - 1], points[index]) }
        }
        guard total > 0 else { return Path() }
        let (start, end) = (from * total, to * total)
        var result = Path()
        var walked: CGFloat = 0
        for points in lines {
            var drawing = false
            for index in points.indices.dropFirst() {
                let (a, b) = (points[index - 1], points[index])
                let length = Self.distance(a, b)
                let (segmentStart, segmentEnd) = (walked, walked + length)
                walked = segmentEnd
                guard length > 0, segmentEnd > start, segmentStart < end else { continue }
                func at(_ distance: CGFloat) -> CGPoint {
                    let t = min(max((distance - segmentStart) / length, 0), 1)
                    return CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
                }
                if !drawing {
                    result.move(to: at(max(start, segmentStart)))
                    drawing = true
                }
                result.addLine(to: at(min(end, segmentEnd)))
            }
        }
        return result
    }

    static func distance(_ a: CGPoint, _ b: CGPoint) -> CGFloat {
        ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
    }
}
