import Foundation

#if !canImport(CoreGraphics)
    /// An affine transform of the plane (Core Graphics' `CGAffineTransform`, which `import SwiftUI`
    /// brings on Apple platforms and Linux Foundation lacks): a point (x, y) maps to
    /// (a·x + c·y + tx, b·x + d·y + ty). Composition follows Core Graphics: `t1.concatenating(t2)`
    /// applies `t1`, then `t2`; `translatedBy`, `scaledBy` and `rotated(by:)` apply their change
    /// first, then the transform.
    public struct CGAffineTransform: Hashable, Sendable, Codable, CustomStringConvertible {
        public var a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat

        /// The identity.
        public init() {
            self.init(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
        }

        public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
            (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
        }

        public init(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat, _ d: CGFloat, _ tx: CGFloat, _ ty: CGFloat) {
            self.init(a: a, b: b, c: c, d: d, tx: tx, ty: ty)
        }

        /// A move by `tx`, `ty`.
        public init(translationX tx: CGFloat, y ty: CGFloat) {
            self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
        }

        /// A scale by `sx`, `sy` about the origin.
        public init(scaleX sx: CGFloat, y sy: CGFloat) {
            self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
        }

        /// A turn by `angle` radians about the origin (clockwise on screen, where y grows down).
        public init(rotationAngle angle: CGFloat) {
            let (cosine, sine) = (CGFloat(cos(Double(angle))), CGFloat(sin(Double(angle))))
            self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
        }

        public static let identity = CGAffineTransform()

        public var isIdentity: Bool { self == .identity }

        /// This transform, then `other`.
        public func concatenating(_ other: CGAffineTransform) -> CGAffineTransform {
            CGAffineTransform(
                a: a * other.a + b * other.c, b: a * other.b + b * other.d,
                c: c * other.a + d * other.c, d: c * other.b + d * other.d,
                tx: tx * other.a + ty * other.c + other.tx, ty: tx * other.b + ty * other.d + other.ty)
        }

        /// A move by `tx`, `ty`, then this transform.
        public func translatedBy(x tx: CGFloat, y ty: CGFloat) -> CGAffineTransform {
            CGAffineTransform(translationX: tx, y: ty).concatenating(self)
        }

        /// A scale by `sx`, `sy`, then this transform.
        public func scaledBy(x sx: CGFloat, y sy: CGFloat) -> CGAffineTransform {
            CGAffineTransform(scaleX: sx, y: sy).concatenating(self)
        }

        /// A turn by `angle` radians, then this transform.
        public func rotated(by angle: CGFloat) -> CGAffineTransform {
            CGAffineTransform(rotationAngle: angle).concatenating(self)
        }

        /// The transform that undoes this one; this one unchanged when it cannot be undone (its
        /// determinant is zero), as Core Graphics does.
        public func inverted() -> CGAffineTransform {
            let determinant = a * d - b * c
            guard determinant != 0, determinant.isFinite else { return self }
            let (ia, ib, ic, id) = (d / determinant, -b / determinant, -c / determinant, a / determinant)
            return CGAffineTransform(a: ia, b: ib, c: ic, d: id, tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
        }

        public var description: String {
            "CGAffineTransform(a: \(a), b: \(b), c: \(c), d: \(d), tx: \(tx), ty: \(ty))"
        }
    }

    extension CGPoint {
        /// The point mapped by `t`.
        public func applying(_ t: CGAffineTransform) -> CGPoint {
            CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
        }
    }

    extension CGSize {
        /// The size mapped by `t`'s linear part (no translation).
        public func applying(_ t: CGAffineTransform) -> CGSize {
            CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
        }
    }

    extension CGRect {
        /// The smallest rectangle holding the rectangle's four corners mapped by `t`.
        public func applying(_ t: CGAffineTransform) -> CGRect {
            guard !isNull else { return self }
            let corners = [
                CGPoint(x: minX, y: minY), CGPoint(x: maxX, y: minY), CGPoint(x: maxX, y: maxY), CGPoint(x: minX, y: maxY),
            ].map { $0.applying(t) }
            let xs = corners.map(\.x), ys = corners.map(\.y)
            return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
        }
    }
#endif
