import Foundation

/// A timing curve from (0, 0) to (1, 1) (SwiftUI's `UnitCurve`): how far an animation has gone
/// (`value(at:)`) at each fraction of its time, and how fast (`velocity(at:)`). The named curves
/// are cubic Béziers (`easeIn` is (0.42, 0)–(1, 1)) or circular arcs.
public struct UnitCurve: Hashable, Sendable {
    indirect enum Shape: Hashable, Sendable {
        case bezier(UnitPoint, UnitPoint)
        case circularEaseIn, circularEaseOut, circularEaseInOut
        case inverse(Shape)
    }

    let shape: Shape

    public static func bezier(startControlPoint: UnitPoint, endControlPoint: UnitPoint) -> UnitCurve {
        UnitCurve(shape: .bezier(startControlPoint, endControlPoint))
    }

    public static let linear = bezier(startControlPoint: UnitPoint(x: 0, y: 0), endControlPoint: UnitPoint(x: 1, y: 1))
    public static let easeIn = bezier(startControlPoint: UnitPoint(x: 0.42, y: 0), endControlPoint: UnitPoint(x: 1, y: 1))
    public static let easeOut = bezier(startControlPoint: UnitPoint(x: 0, y: 0), endControlPoint: UnitPoint(x: 0.58, y: 1))
    public static let easeInOut = bezier(
        startControlPoint: UnitPoint(x: 0.42, y: 0), endControlPoint: UnitPoint(x: 0.58, y: 1))
    /// The curve of `.easeInOut` animations before iOS 17 (the same Bézier).
    public static let easeInEaseOut = easeInOut
    public static let circularEaseIn = UnitCurve(shape: .circularEaseIn)
    public static let circularEaseOut = UnitCurve(shape: .circularEaseOut)
    public static let circularEaseInOut = UnitCurve(shape: .circularEaseInOut)

    /// `.easeIn`, `.bezier(…)`, as an animation's description spells it.
    var _description: String {
        switch self {
        case .linear: return ".linear"
        case .easeIn: return ".easeIn"
        case .easeOut: return ".easeOut"
        case .easeInOut: return ".easeInOut"
        case .circularEaseIn: return ".circularEaseIn"
        case .circularEaseOut: return ".circularEaseOut"
        case .circularEaseInOut: return ".circularEaseInOut"
        default:
            if case .bezier(let start, let end) = shape {
                return ".bezier(\(_number(Double(start.x))), \(_number(Double(start.y))), \(_number(Double(end.x))), \(_number(Double(end.y))))"
            }
            return ".inverse"
        }
    }

    /// The curve with its axes swapped: the time at which this curve reaches a value.
    public var inverse: UnitCurve {
        switch shape {
        case .bezier(let start, let end):
            return .bezier(startControlPoint: UnitPoint(x: start.y, y: start.x), endControlPoint: UnitPoint(x: end.y, y: end.x))
        case .circularEaseIn: return .circularEaseOut
        case .circularEaseOut: return .circularEaseIn
        case .inverse(let shape): return UnitCurve(shape: shape)
        case .circularEaseInOut: return UnitCurve(shape: .inverse(shape))
        }
    }

    /// How far the curve has gone at `progress` (0…1, clamped) of its time.
    public func value(at progress: Double) -> Double {
        if progress <= 0 { return 0 }
        if progress >= 1 { return 1 }
        return Self.value(shape, at: progress)
    }

    /// The curve's slope at `progress`: how fast it goes there, relative to a linear curve.
    public func velocity(at progress: Double) -> Double {
        let t = min(1, max(0, progress))
        switch shape {
        case .bezier(let start, let end):
            let s = Self.parameter(forX: t, start.x, end.x)
            let dx = Self.derivative(s, start.x, end.x), dy = Self.derivative(s, start.y, end.y)
            return dx == 0 ? (dy == 0 ? 1 : .infinity) : dy / dx
        default:
            // A central difference, one-sided at the ends.
            let h = 1e-5
            let (a, b) = (max(0, t - h), min(1, t + h))
            return (Self.value(shape, at: b) - Self.value(shape, at: a)) / (b - a)
        }
    }

    private static func value(_ shape: Shape, at t: Double) -> Double {
        switch shape {
        case .bezier(let start, let end):
            return coordinate(parameter(forX: t, start.x, end.x), start.y, end.y)
        case .circularEaseIn:
            return 1 - (1 - t * t).squareRoot()
        case .circularEaseOut:
            return ((2 - t) * t).squareRoot()
        case .circularEaseInOut:
            return t < 0.5 ? 0.5 * (1 - (1 - 4 * t * t).squareRoot()) : 0.5 * ((-(2 * t - 3) * (2 * t - 1)).squareRoot() + 1)
        case .inverse(let shape):
            // The time at which `shape` reaches t: the curves are increasing, so bisect.
            var (low, high) = (0.0, 1.0)
            for _ in 0..<60 {
                let middle = (low + high) / 2
                if value(shape, at: middle) < t { low = middle } else { high = middle }
            }
            return (low + high) / 2
        }
    }

    /// One coordinate of the Bézier from 0 to 1 with control coordinates `c1`, `c2`, at `s`.
    private static func coordinate(_ s: Double, _ c1: Double, _ c2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * c1 + 3 * u * s * s * c2 + s * s * s
    }

    private static func derivative(_ s: Double, _ c1: Double, _ c2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * c1 + 6 * u * s * (c2 - c1) + 3 * s * s * (1 - c2)
    }

    /// The Bézier parameter at which the x coordinate is `x` (bisection: x increases with s).
    private static func parameter(forX x: Double, _ c1: Double, _ c2: Double) -> Double {
        var (low, high) = (0.0, 1.0)
        for _ in 0..<60 {
            let middle = (low + high) / 2
            if coordinate(middle, c1, c2) < x { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }
}
