import Foundation

/// The outline of a 2D shape (SwiftUI's `Path`): subpaths of lines and Bézier curves, built with
/// `move(to:)`, `addLine(to:)`, `addArc(…)` and the rest, in the coordinates of the rect a shape's
/// `path(in:)` is given. A path is a shape too: as a view it draws itself, unscaled, in the
/// frame it is offered.
///
///     Path { path in
///         path.move(to: CGPoint(x: 0, y: 0))
///         path.addLine(to: CGPoint(x: 40, y: 20))
///         path.closeSubpath()
///     }
///
/// As in Core Graphics, arcs, ellipses and rounded corners are stored as cubic Béziers (a quarter
/// turn or less each), so ``forEach(_:)`` only ever reports moves, lines, curves and closes. A
/// segment added where there is no current point (an empty path) starts a subpath at its end
/// point instead. Rounded corners are circular whatever their ``RoundedCornerStyle``.
public nonisolated struct Path: Shape, Equatable, Sendable {
    /// One step of a path.
    public enum Element: Equatable, Sendable {
        case move(to: CGPoint)
        case line(to: CGPoint)
        case quadCurve(to: CGPoint, control: CGPoint)
        case curve(to: CGPoint, control1: CGPoint, control2: CGPoint)
        case closeSubpath
    }

    /// The steps, in order.
    private(set) var elements: [Element] = []
    /// Where the current subpath started (where `closeSubpath()` returns to).
    private var subpathStart: CGPoint?

    /// An empty path.
    public init() {}

    /// A rectangle.
    public init(_ rect: CGRect) {
        addRect(rect)
    }

    /// A rectangle with circular corners of `cornerRadius` (at most half the shorter side).
    public init(roundedRect rect: CGRect, cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
        addRoundedRect(in: rect, cornerSize: CGSize(width: cornerRadius, height: cornerRadius), style: style)
    }

    /// A rectangle with elliptical corners of `cornerSize`.
    public init(roundedRect rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
        addRoundedRect(in: rect, cornerSize: cornerSize, style: style)
    }

    /// A rectangle with a radius per corner.
    public init(roundedRect rect: CGRect, cornerRadii: RectangleCornerRadii, style: RoundedCornerStyle = .continuous) {
        addRoundedRect(in: rect, cornerRadii: cornerRadii, style: style)
    }

    /// The ellipse that fits in `rect`.
    public init(ellipseIn rect: CGRect) {
        addEllipse(in: rect)
    }

    /// The path `callback` builds from an empty one.
    public init(_ callback: (inout Path) -> ()) {
        var path = Path()
        callback(&path)
        self = path
    }

    // MARK: Reading

    /// Whether the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// Where the next segment starts: the last element's end point (the subpath's start after
    /// `closeSubpath()`), `nil` for an empty path.
    public var currentPoint: CGPoint? {
        guard let last = elements.last else { return nil }
        switch last {
        case .move(let point), .line(let point), .quadCurve(let point, _), .curve(let point, _, _): return point
        case .closeSubpath: return subpathStart
        }
    }

    /// Calls `body` with each element in order.
    public func forEach(_ body: (Path.Element) -> Void) {
        elements.forEach(body)
    }

    /// The path itself, whatever the rect: a path is a shape drawn as it is.
    public func path(in _: CGRect) -> Path { self }

    public var _shapeDescription: String { "path" }

    public static func == (lhs: Path, rhs: Path) -> Bool { lhs.elements == rhs.elements }

    // MARK: Building

    /// Starts a new subpath at `point`.
    public mutating func move(to point: CGPoint) {
        elements.append(.move(to: point))
        subpathStart = point
    }

    /// A straight line from the current point to `point`.
    public mutating func addLine(to point: CGPoint) {
        guard currentPoint != nil else { return move(to: point) }
        elements.append(.line(to: point))
    }

    /// A new subpath through `lines`, in order.
    public mutating func addLines(_ lines: [CGPoint]) {
        guard let first = lines.first else { return }
        move(to: first)
        for point in lines.dropFirst() { addLine(to: point) }
    }

    /// A quadratic Bézier curve from the current point to `point`.
    public mutating func addQuadCurve(to point: CGPoint, control: CGPoint) {
        guard currentPoint != nil else { return move(to: point) }
        elements.append(.quadCurve(to: point, control: control))
    }

    /// A cubic Bézier curve from the current point to `point`.
    public mutating func addCurve(to point: CGPoint, control1: CGPoint, control2: CGPoint) {
        guard currentPoint != nil else { return move(to: point) }
        elements.append(.curve(to: point, control1: control1, control2: control2))
    }

    /// Closes the current subpath with a line back to its start.
    public mutating func closeSubpath() {
        guard let last = elements.last, last != .closeSubpath else { return }
        elements.append(.closeSubpath)
    }

    /// A closed subpath around `rect`: from its top-left corner, clockwise on screen.
    public mutating func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        guard transform.isIdentity else { return append(Path(rect).applying(transform), connecting: false) }
        let rect = rect.standardized
        addLines([
            CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
            CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.minX, y: rect.maxY),
        ])
        closeSubpath()
    }

    /// A closed subpath around each of `rects`.
    public mutating func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for rect in rects { addRect(rect, transform: transform) }
    }

    /// A closed rounded rectangle with elliptical corners of `cornerSize` (clamped to half the
    /// rect's width and height).
    public mutating func addRoundedRect(
        in rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .continuous, transform: CGAffineTransform = .identity
    ) {
        guard transform.isIdentity else {
            return append(Path(roundedRect: rect, cornerSize: cornerSize, style: style).applying(transform), connecting: false)
        }
        let corner = CornerSize(cornerSize)
        addRoundedRect(rect.standardized, corners: [corner, corner, corner, corner])
    }

    /// A closed rounded rectangle with a radius per corner.
    public mutating func addRoundedRect(
        in rect: CGRect, cornerRadii: RectangleCornerRadii, style: RoundedCornerStyle = .continuous,
        transform: CGAffineTransform = .identity
    ) {
        guard transform.isIdentity else {
            return append(Path(roundedRect: rect, cornerRadii: cornerRadii, style: style).applying(transform), connecting: false)
        }
        addRoundedRect(rect.standardized, corners: [
            CornerSize(cornerRadii.topLeading), CornerSize(cornerRadii.topTrailing),
            CornerSize(cornerRadii.bottomTrailing), CornerSize(cornerRadii.bottomLeading),
        ])
    }

    private struct CornerSize {
        var width: CGFloat
        var height: CGFloat
        init(_ size: CGSize) { (width, height) = (max(0, size.width), max(0, size.height)) }
        init(_ radius: CGFloat) { (width, height) = (max(0, radius), max(0, radius)) }
    }

    /// Corners top-leading, top-trailing, bottom-trailing, bottom-leading; from the top edge,
    /// clockwise on screen.
    private mutating func addRoundedRect(_ rect: CGRect, corners: [CornerSize]) {
        let corners = corners.map { corner in
            var corner = corner
            corner.width = min(corner.width, rect.width / 2)
            corner.height = min(corner.height, rect.height / 2)
            return corner
        }
        let (tl, tr, br, bl) = (corners[0], corners[1], corners[2], corners[3])
        move(to: CGPoint(x: rect.minX + tl.width, y: rect.minY))
        addLine(to: CGPoint(x: rect.maxX - tr.width, y: rect.minY))
        addCorner(to: CGPoint(x: rect.maxX, y: rect.minY + tr.height), corner: CGPoint(x: rect.maxX, y: rect.minY), tr)
        addLine(to: CGPoint(x: rect.maxX, y: rect.maxY - br.height))
        addCorner(to: CGPoint(x: rect.maxX - br.width, y: rect.maxY), corner: CGPoint(x: rect.maxX, y: rect.maxY), br)
        addLine(to: CGPoint(x: rect.minX + bl.width, y: rect.maxY))
        addCorner(to: CGPoint(x: rect.minX, y: rect.maxY - bl.height), corner: CGPoint(x: rect.minX, y: rect.maxY), bl)
        addLine(to: CGPoint(x: rect.minX, y: rect.minY + tl.height))
        addCorner(to: CGPoint(x: rect.minX + tl.width, y: rect.minY), corner: CGPoint(x: rect.minX, y: rect.minY), tl)
        closeSubpath()
    }

    /// A quarter ellipse from the current point to `end`, bulging towards `corner`.
    private mutating func addCorner(to end: CGPoint, corner: CGPoint, _ size: CornerSize) {
        guard size.width > 0, size.height > 0, let start = currentPoint else { return }
        let k = Path.quarterTurnHandle
        addCurve(
            to: end,
            control1: CGPoint(x: start.x + (corner.x - start.x) * k, y: start.y + (corner.y - start.y) * k),
            control2: CGPoint(x: end.x + (corner.x - end.x) * k, y: end.y + (corner.y - end.y) * k))
    }

    /// The length of a cubic's handle, as a fraction of the radius, that best draws a quarter
    /// circle: 4/3 · tan(π/8).
    static let quarterTurnHandle: CGFloat = 4.0 / 3.0 * CGFloat(tan(Double.pi / 8))

    /// A closed ellipse that fits in `rect`: from the middle of its right edge, clockwise on
    /// screen (angles growing), in four quarter curves.
    public mutating func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        guard transform.isIdentity else { return append(Path(ellipseIn: rect).applying(transform), connecting: false) }
        let rect = rect.standardized
        let center = CGPoint(x: rect.midX, y: rect.midY)
        move(to: CGPoint(x: rect.maxX, y: center.y))
        addArcSegments(center: center, radii: CGSize(width: rect.width / 2, height: rect.height / 2), start: 0, sweep: 2 * .pi)
        closeSubpath()
    }

    /// A circular arc around `center`, from `startAngle` to `endAngle` — growing angles (clockwise
    /// on screen) unless `clockwise`, which is Core Graphics' sense of the word in a y-up space,
    /// as in SwiftUI. A line joins the current point to the arc's start; without one the arc starts
    /// a subpath.
    public mutating func addArc(
        center: CGPoint, radius: CGFloat, startAngle: Angle, endAngle: Angle, clockwise: Bool,
        transform: CGAffineTransform = .identity
    ) {
        guard transform.isIdentity else {
            let arc = Path {
                $0.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
            }
            return append(arc.applying(transform), connecting: true)
        }
        let full = 2 * Double.pi
        var sweep = endAngle.radians - startAngle.radians
        if clockwise {
            if sweep <= -full { sweep = -full } else { while sweep > 0 { sweep -= full } }
        } else {
            if sweep >= full { sweep = full } else { while sweep < 0 { sweep += full } }
        }
        addRelativeArc(center: center, radius: radius, startAngle: startAngle, delta: .radians(sweep))
    }

    /// A circular arc around `center` from `startAngle`, turning by `delta` (positive: clockwise
    /// on screen).
    public mutating func addRelativeArc(
        center: CGPoint, radius: CGFloat, startAngle: Angle, delta: Angle, transform: CGAffineTransform = .identity
    ) {
        guard transform.isIdentity else {
            let arc = Path { $0.addRelativeArc(center: center, radius: radius, startAngle: startAngle, delta: delta) }
            return append(arc.applying(transform), connecting: true)
        }
        let start = CGPoint(
            x: center.x + radius * CGFloat(cos(startAngle.radians)), y: center.y + radius * CGFloat(sin(startAngle.radians)))
        if currentPoint == nil { move(to: start) } else { addLine(to: start) }
        addArcSegments(center: center, radii: CGSize(width: radius, height: radius), start: startAngle.radians, sweep: delta.radians)
    }

    /// Cubic curves along an elliptical arc, each a quarter turn at most, from the current point
    /// (on the arc at `start`).
    private mutating func addArcSegments(center: CGPoint, radii: CGSize, start: Double, sweep: Double) {
        guard sweep != 0, sweep.isFinite, start.isFinite else { return }
        let count = max(1, Int((abs(sweep) / (Double.pi / 2) - 1e-9).rounded(.up)))
        let step = sweep / Double(count)
        let handle = 4.0 / 3.0 * tan(step / 4)
        func point(_ angle: Double) -> CGPoint {
            CGPoint(x: center.x + radii.width * CGFloat(cos(angle)), y: center.y + radii.height * CGFloat(sin(angle)))
        }
        func tangent(_ angle: Double) -> CGPoint {
            CGPoint(x: -radii.width * CGFloat(sin(angle)), y: radii.height * CGFloat(cos(angle)))
        }
        var angle = start
        for index in 0..<count {
            let next = index == count - 1 ? start + sweep : angle + step
            let (from, to) = (point(angle), point(next))
            let (t0, t1) = (tangent(angle), tangent(next))
            let h = CGFloat(handle)
            addCurve(
                to: to,
                control1: CGPoint(x: from.x + t0.x * h, y: from.y + t0.y * h),
                control2: CGPoint(x: to.x - t1.x * h, y: to.y - t1.y * h))
            angle = next
        }
    }

    /// Appends `path`'s elements, mapped by `transform`.
    public mutating func addPath(_ path: Path, transform: CGAffineTransform = .identity) {
        append(transform.isIdentity ? path : path.applying(transform), connecting: false)
    }

    /// Appends `path`'s elements; when `connecting`, its first move becomes a line from the
    /// current point (an arc joined to what came before).
    private mutating func append(_ path: Path, connecting: Bool) {
        for (index, element) in path.elements.enumerated() {
            switch element {
            case .move(let point): if connecting && index == 0 { addLine(to: point) } else { move(to: point) }
            case .closeSubpath: closeSubpath()
            default: elements.append(element)
            }
        }
    }

    /// An arc of `radius` tangent to the line from the current point to `p1` and to the line
    /// from `p1` to `p2` (Core Graphics' `addArc(tangent1End:tangent2End:radius:)`): a line from
    /// the current point to the first tangent point, then the arc to the second. Where the three
    /// points are in line (or the radius is zero), a line to `p1`.
    public mutating func addArc(
        tangent1End p1: CGPoint, tangent2End p2: CGPoint, radius: CGFloat, transform: CGAffineTransform = .identity
    ) {
        guard let p0 = currentPoint else { return move(to: p1.applying(transform)) }
        guard transform.isIdentity else {
            // Built in the untransformed space, from the current point mapped back into it.
            let inverse = transform.inverted()
            var arc = Path()
            arc.move(to: p0.applying(inverse))
            arc.addArc(tangent1End: p1, tangent2End: p2, radius: radius)
            arc.elements.removeFirst()
            arc.subpathStart = nil
            return append(arc.applying(transform), connecting: false)
        }
        let v1 = CGPoint(x: p0.x - p1.x, y: p0.y - p1.y), v2 = CGPoint(x: p2.x - p1.x, y: p2.y - p1.y)
        let (l1, l2) = (Self.distance(p0, p1), Self.distance(p2, p1))
        let cross = v1.x * v2.y - v1.y * v2.x
        guard radius > 0, l1 > 0, l2 > 0, abs(cross) > 1e-12 * l1 * l2 else { return addLine(to: p1) }
        let cosine = min(max((v1.x * v2.x + v1.y * v2.y) / (l1 * l2), -1), 1)
        let half = CGFloat(acos(Double(cosine))) / 2
        let reach = radius / CGFloat(tan(Double(half)))
        let (u1, u2) = (CGPoint(x: v1.x / l1, y: v1.y / l1), CGPoint(x: v2.x / l2, y: v2.y / l2))
        let t1 = CGPoint(x: p1.x + u1.x * reach, y: p1.y + u1.y * reach)
        let t2 = CGPoint(x: p1.x + u2.x * reach, y: p1.y + u2.y * reach)
        let bisector = CGPoint(x: u1.x + u2.x, y: u1.y + u2.y)
        let bisectorLength = Self.distance(.zero, bisector)
        let centreDistance = radius / CGFloat(sin(Double(half)))
        let centre = CGPoint(
            x: p1.x + bisector.x / bisectorLength * centreDistance, y: p1.y + bisector.y / bisectorLength * centreDistance)
        let start = atan2(Double(t1.y - centre.y), Double(t1.x - centre.x))
        var sweep = atan2(Double(t2.y - centre.y), Double(t2.x - centre.x)) - start
        if sweep > .pi { sweep -= 2 * .pi } else if sweep < -.pi { sweep += 2 * .pi }
        addLine(to: t1)
        addArcSegments(center: centre, radii: CGSize(width: radius, height: radius), start: start, sweep: sweep)
    }

    /// The path with every point mapped by `transform`.
    public func applying(_ transform: CGAffineTransform) -> Path {
        transform.isIdentity ? self : mapPoints { $0.applying(transform) }
    }

    /// The path moved by `dx`, `dy`.
    public func offsetBy(dx: CGFloat, dy: CGFloat) -> Path {
        mapPoints { CGPoint(x: $0.x + dx, y: $0.y + dy) }
    }

    /// The path with every point (end and control points) mapped by `transform`: exact for the
    /// affine maps shapes use (offsets, rotations, scales).
    func mapPoints(_ transform: (CGPoint) -> CGPoint) -> Path {
        var result = Path()
        result.elements = elements.map { element in
            switch element {
            case .move(let point): .move(to: transform(point))
            case .line(let point): .line(to: transform(point))
            case .quadCurve(let point, let control): .quadCurve(to: transform(point), control: transform(control))
            case .curve(let point, let control1, let control2):
                .curve(to: transform(point), control1: transform(control1), control2: transform(control2))
            case .closeSubpath: .closeSubpath
            }
        }
        result.subpathStart = subpathStart.map(transform)
        return result
    }
}
