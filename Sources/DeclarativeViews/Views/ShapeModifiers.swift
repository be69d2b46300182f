import Foundation

// Shapes made from shapes (SwiftUI's `OffsetShape`, `RotatedShape`, `ScaledShape` and the shape
// `trim(from:to:)` returns): each evaluates its shape's path in the same rect and moves, turns,
// scales or cuts it. Their nodes are named after the shape and what was done to it
// (`Circle trim(0, 0.5)`).

/// A shape moved by an offset (SwiftUI's `OffsetShape`).
public nonisolated struct OffsetShape<Content: Shape>: Shape {
    public var shape: Content
    public var offset: CGSize

    public init(shape: Content, offset: CGSize) {
        self.shape = shape
        self.offset = offset
    }

    public func path(in rect: CGRect) -> Path {
        shape.path(in: rect).offsetBy(dx: offset.width, dy: offset.height)
    }

    public var _shapeDescription: String {
        "\(shape._shapeDescription) offset(\(_number(Double(offset.width))), \(_number(Double(offset.height))))"
    }
}

/// A shape turned about an anchor of its rect (SwiftUI's `RotatedShape`); a positive angle turns
/// clockwise on screen.
public nonisolated struct RotatedShape<Content: Shape>: Shape {
    public var shape: Content
    public var angle: Angle
    public var anchor: UnitPoint

    public init(shape: Content, angle: Angle, anchor: UnitPoint = .center) {
        self.shape = shape
        self.angle = angle
        self.anchor = anchor
    }

    public func path(in rect: CGRect) -> Path {
        let pivot = anchor.point(in: rect)
        let (cosine, sine) = (CGFloat(cos(angle.radians)), CGFloat(sin(angle.radians)))
        return shape.path(in: rect).mapPoints { point in
            let (dx, dy) = (point.x - pivot.x, point.y - pivot.y)
            return CGPoint(x: pivot.x + dx * cosine - dy * sine, y: pivot.y + dx * sine + dy * cosine)
        }
    }

    public var _shapeDescription: String { "\(shape._shapeDescription) rotation(\(_number(angle.degrees))°)" }
}

/// A shape scaled about an anchor of its rect (SwiftUI's `ScaledShape`).
public nonisolated struct ScaledShape<Content: Shape>: Shape {
    public var shape: Content
    public var scale: CGSize
    public var anchor: UnitPoint

    public init(shape: Content, scale: CGSize, anchor: UnitPoint = .center) {
        self.shape = shape
        self.scale = scale
        self.anchor = anchor
    }

    public func path(in rect: CGRect) -> Path {
        let pivot = anchor.point(in: rect)
        return shape.path(in: rect).mapPoints { point in
            CGPoint(x: pivot.x + (point.x - pivot.x) * scale.width, y: pivot.y + (point.y - pivot.y) * scale.height)
        }
    }

    public var _shapeDescription: String {
        "\(shape._shapeDescription) scale(\(_number(Double(scale.width))), \(_number(Double(scale.height))))"
    }
}

/// The part of a shape's outline between two fractions of its length (what `trim(from:to:)`
/// returns; see ``Path/trimmedPath(from:to:)``).
public nonisolated struct _TrimmedShape<Content: Shape>: Shape {
    var shape: Content
    var from: CGFloat
    var to: CGFloat

    public func path(in rect: CGRect) -> Path {
        shape.path(in: rect).trimmedPath(from: from, to: to)
    }

    public var _shapeDescription: String {
        "\(shape._shapeDescription) trim(\(_number(Double(from))), \(_number(Double(to))))"
    }
}

extension Shape {
    /// The shape moved by `offset`.
    public nonisolated func offset(_ offset: CGSize) -> OffsetShape<Self> { OffsetShape(shape: self, offset: offset) }

    /// The shape moved by `offset`.
    public nonisolated func offset(_ offset: CGPoint) -> OffsetShape<Self> {
        OffsetShape(shape: self, offset: CGSize(width: offset.x, height: offset.y))
    }

    /// The shape moved by `x`, `y`.
    public nonisolated func offset(x: CGFloat = 0, y: CGFloat = 0) -> OffsetShape<Self> {
        OffsetShape(shape: self, offset: CGSize(width: x, height: y))
    }

    /// The shape turned by `angle` about `anchor`.
    public nonisolated func rotation(_ angle: Angle, anchor: UnitPoint = .center) -> RotatedShape<Self> {
        RotatedShape(shape: self, angle: angle, anchor: anchor)
    }

    /// The shape scaled by `scale` about `anchor`.
    public nonisolated func scale(_ scale: CGFloat, anchor: UnitPoint = .center) -> ScaledShape<Self> {
        ScaledShape(shape: self, scale: CGSize(width: scale, height: scale), anchor: anchor)
    }

    /// The shape scaled by `x` and `y` about `anchor`.
    public nonisolated func scale(x: CGFloat = 1, y: CGFloat = 1, anchor: UnitPoint = .center) -> ScaledShape<Self> {
        ScaledShape(shape: self, scale: CGSize(width: x, height: y), anchor: anchor)
    }

    /// The part of the outline from `startFraction` to `endFraction` of its length.
    public nonisolated func trim(from startFraction: CGFloat = 0, to endFraction: CGFloat = 1) -> some Shape {
        _TrimmedShape(shape: self, from: startFraction, to: endFraction)
    }
}

extension OffsetShape: InsettableShape where Content: InsettableShape {
    /// The inset shape, moved as this one is.
    public func inset(by amount: CGFloat) -> OffsetShape<Content.InsetShape> {
        OffsetShape<Content.InsetShape>(shape: shape.inset(by: amount), offset: offset)
    }
}

extension RotatedShape: InsettableShape where Content: InsettableShape {
    /// The inset shape, turned as this one is.
    public func inset(by amount: CGFloat) -> RotatedShape<Content.InsetShape> {
        RotatedShape<Content.InsetShape>(shape: shape.inset(by: amount), angle: angle, anchor: anchor)
    }
}
