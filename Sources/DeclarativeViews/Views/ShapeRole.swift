import Foundation

/// What a shape is drawn as (SwiftUI's `ShapeRole`): a shape that says `.stroke` is an outline,
/// `.separator` a separator; recorded on the shape's node as `role=stroke` / `role=separator`.
public enum ShapeRole: Hashable, Sendable {
    case fill, stroke, separator
}

// `LayoutDirectionBehavior` itself is in Layout/LayoutEnvironment.swift.

// The built-in shapes are symmetric, or drawn the same way in either direction.
extension Circle { public var layoutDirectionBehavior: LayoutDirectionBehavior { .fixed } }
extension Ellipse { public var layoutDirectionBehavior: LayoutDirectionBehavior { .fixed } }
extension Capsule { public var layoutDirectionBehavior: LayoutDirectionBehavior { .fixed } }
extension Rectangle { public var layoutDirectionBehavior: LayoutDirectionBehavior { .fixed } }
extension RoundedRectangle {
    public var layoutDirectionBehavior: LayoutDirectionBehavior { .fixed }

    /// The corner size.
    public var animatableData: CGSize.AnimatableData {
        get { cornerSize.animatableData }
        set { cornerSize.animatableData = newValue }
    }
}

// A shape made from a shape is drawn as its shape is, and mirrored as it is.
extension OffsetShape {
    public static var role: ShapeRole { Content.role }
    public var layoutDirectionBehavior: LayoutDirectionBehavior { shape.layoutDirectionBehavior }
}

extension RotatedShape {
    public static var role: ShapeRole { Content.role }
    public var layoutDirectionBehavior: LayoutDirectionBehavior { shape.layoutDirectionBehavior }
}

extension ScaledShape {
    public static var role: ShapeRole { Content.role }
    public var layoutDirectionBehavior: LayoutDirectionBehavior { shape.layoutDirectionBehavior }
}

extension AnyShape {
    /// The wrapped shape's size.
    public func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { _sizeThatFits(proposal) }
}

/// A shape mapped by an affine transform (SwiftUI's `TransformedShape`, what
/// `Shape.transform(_:)` returns): its shape's path in the same rect, every point mapped.
public nonisolated struct TransformedShape<Content: Shape>: Shape {
    public var shape: Content
    public var transform: CGAffineTransform

    public init(shape: Content, transform: CGAffineTransform) {
        self.shape = shape
        self.transform = transform
    }

    public func path(in rect: CGRect) -> Path { shape.path(in: rect).applying(transform) }

    public static var role: ShapeRole { Content.role }

    public var layoutDirectionBehavior: LayoutDirectionBehavior { shape.layoutDirectionBehavior }

    public var animatableData: Content.AnimatableData {
        get { shape.animatableData }
        set { shape.animatableData = newValue }
    }

    public var _shapeDescription: String {
        let t = transform
        return "\(shape._shapeDescription) transform(\([t.a, t.b, t.c, t.d, t.tx, t.ty].map { _number(Double($0)) }.joined(separator: ", ")))"
    }
}

extension Shape {
    /// The shape with every point mapped by `transform`.
    public nonisolated func transform(_ transform: CGAffineTransform) -> TransformedShape<Self> {
        TransformedShape(shape: self, transform: transform)
    }
}
