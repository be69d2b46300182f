import Foundation

/// A 3 × 3 projective transform of the plane (SwiftUI's `ProjectionTransform`), in the row-vector
/// convention: a point (x, y) maps to ((x·m11 + y·m21 + m31) / w, (x·m12 + y·m22 + m32) / w) with
/// w = x·m13 + y·m23 + m33. The identity by default.
public struct ProjectionTransform: Equatable, Sendable {
    public var m11: CGFloat = 1.0, m12: CGFloat = 0.0, m13: CGFloat = 0.0
    public var m21: CGFloat = 0.0, m22: CGFloat = 1.0, m23: CGFloat = 0.0
    public var m31: CGFloat = 0.0, m32: CGFloat = 0.0, m33: CGFloat = 1.0

    /// The identity.
    public init() {}

    /// The affine transform `m` (no perspective): a point (x, y) maps to (x·a + y·c + tx, x·b + y·d + ty).
    public init(_ m: CGAffineTransform) {
        (m11, m12, m13) = (m.a, m.b, 0)
        (m21, m22, m23) = (m.c, m.d, 0)
        (m31, m32, m33) = (m.tx, m.ty, 1)
    }

    init(rows: [[CGFloat]]) {
        (m11, m12, m13) = (rows[0][0], rows[0][1], rows[0][2])
        (m21, m22, m23) = (rows[1][0], rows[1][1], rows[1][2])
        (m31, m32, m33) = (rows[2][0], rows[2][1], rows[2][2])
    }

    private var rows: [[CGFloat]] {
        [[m11, m12, m13], [m21, m22, m23], [m31, m32, m33]]
    }

    /// Whether the transform changes nothing.
    public var isIdentity: Bool { self == ProjectionTransform() }

    /// Whether the transform is affine: no perspective (m13 = m23 = 0, m33 = 1).
    public var isAffine: Bool { m13 == 0 && m23 == 0 && m33 == 1 }

    /// This transform followed by `rhs` (the matrix product self × rhs).
    public func concatenating(_ rhs: ProjectionTransform) -> ProjectionTransform {
        let a = rows, b = rhs.rows
        func entry(_ i: Int, _ j: Int) -> CGFloat {
            var sum: CGFloat = 0
            for k in 0..<3 { sum += a[i][k] * b[k][j] }
            return sum
        }
        return ProjectionTransform(rows: (0..<3).map { i in (0..<3).map { j in entry(i, j) } })
    }

    /// Inverts the transform in place; returns `false` (leaving it unchanged) when it has no
    /// inverse (its determinant is zero).
    public mutating func invert() -> Bool {
        let m = rows
        func cofactor(_ r: Int, _ c: Int) -> CGFloat {
            let (r1, r2) = ((r + 1) % 3, (r + 2) % 3)
            let (c1, c2) = ((c + 1) % 3, (c + 2) % 3)
            let product: CGFloat = m[r1][c1] * m[r2][c2]
            return product - m[r1][c2] * m[r2][c1]
        }
        let determinant: CGFloat = (0..<3).reduce(0) { $0 + m[0][$1] * cofactor(0, $1) }
        guard determinant != 0, determinant.isFinite else { return false }
        // The inverse is the adjugate (the cofactors transposed) over the determinant.
        let inverse: [[CGFloat]] = (0..<3).map { i in (0..<3).map { j in cofactor(j, i) / determinant } }
        self = ProjectionTransform(rows: inverse)
        return true
    }

    /// The inverse, or the transform itself when it has none.
    public func inverted() -> ProjectionTransform {
        var copy = self
        _ = copy.invert()
        return copy
    }
}

extension CGPoint {
    /// The point mapped by `m` (divided by the projective coordinate).
    public func applying(_ m: ProjectionTransform) -> CGPoint {
        let w: CGFloat = x * m.m13 + y * m.m23 + m.m33
        let mappedX: CGFloat = x * m.m11 + y * m.m21 + m.m31
        let mappedY: CGFloat = x * m.m12 + y * m.m22 + m.m32
        return CGPoint(x: mappedX / w, y: mappedY / w)
    }
}

extension ProjectionTransform: CustomStringConvertible {
    /// The nine entries, row by row.
    public var description: String {
        rows.map { $0.map { _number(Double($0)) }.joined(separator: " ") }.joined(separator: "; ")
    }
}

extension View {
    /// Draws the view transformed by `transform` (recorded: `projectionEffect`, the matrix row by
    /// row). Like every effect it does not change the view's frame.
    public func projectionEffect(_ transform: ProjectionTransform) -> ModifiedContent<Self, _StyleModifier> {
        modifier(_StyleModifier(key: "projectionEffect", value: transform.description))
    }
}
