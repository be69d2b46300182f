import Foundation

/// A damped spring (SwiftUI's `Spring`): described by its perceptual duration and bounce, by its
/// response and damping ratio, or by its physical mass, stiffness and damping — each form giving
/// the others. It computes where a value driven by it is at a time (`value(target:…time:)`), how
/// fast it moves, and how long it takes to settle; ``Animation/spring(_:blendDuration:)`` animates
/// with one.
///
/// The motion is the closed-form solution of `m·x'' + c·x' + k·(x − target) = 0` starting at zero
/// (or `fromValue`) with the initial velocity given.
public struct Spring: Hashable, Sendable {
    /// The time of one undamped oscillation, in seconds.
    public let response: Double
    /// 1: critically damped; below 1 it overshoots; above 1 it creeps.
    public let dampingRatio: Double
    public let mass: Double

    private init(response: Double, dampingRatio: Double, mass: Double) {
        self.response = max(response, 1e-6)
        self.dampingRatio = max(dampingRatio, 0)
        self.mass = mass
    }

    /// A spring that takes about `duration` seconds and overshoots by `bounce` (0: none, up to 1;
    /// below 0 it is overdamped).
    public init(duration: TimeInterval = 0.5, bounce: Double = 0.0) {
        self.init(response: duration, dampingRatio: bounce < 0 ? 1 / (1 + bounce) : 1 - bounce, mass: 1)
    }

    public init(response: Double, dampingRatio: Double) {
        self.init(response: response, dampingRatio: dampingRatio, mass: 1)
    }

    /// A spring of physical parameters; its damping ratio stays at most 1 unless `allowOverDamping`.
    public init(mass: Double = 1.0, stiffness: Double, damping: Double, allowOverDamping: Bool = false) {
        let ratio = damping / (2 * (stiffness * mass).squareRoot())
        self.init(response: 2 * .pi * (mass / stiffness).squareRoot(),
                  dampingRatio: allowOverDamping ? ratio : min(ratio, 1), mass: mass)
    }

    /// A spring that settles within `epsilon` of its target in `settlingDuration` seconds.
    public init(settlingDuration: TimeInterval, dampingRatio: Double, epsilon: Double = 0.001) {
        // The envelope e^(−ζω₀t) falls to ε at t = −ln ε / (ζω₀).
        let ratio = max(dampingRatio, 1e-6)
        self.init(response: 2 * .pi * ratio * settlingDuration / -log(epsilon), dampingRatio: dampingRatio, mass: 1)
    }

    /// The perceptual duration (the response).
    public var duration: TimeInterval { response }
    /// How much it overshoots: 1 − damping ratio, or 1/ratio − 1 when overdamped.
    public var bounce: Double {
        let bounce = dampingRatio <= 1 ? 1 - dampingRatio : 1 / dampingRatio - 1
        // Rounded to 12 places: `Spring(bounce: 0.15).bounce` is 0.15, not 0.15000000000000002.
        return (bounce * 1e12).rounded() / 1e12
    }
    public var stiffness: Double { angularFrequency * angularFrequency * mass }
    public var damping: Double { 2 * dampingRatio * angularFrequency * mass }
    /// How long it takes to come within 0.1 % of its target from rest.
    public var settlingDuration: TimeInterval {
        settlingDuration(target: 1.0, initialVelocity: 0.0, epsilon: 0.001)
    }

    /// `Spring(duration: 0.5, bounce: 0.3)`, as an animation's description spells it.
    var _description: String { "Spring(duration: \(_number(duration)), bounce: \(_number(bounce)))" }

    private var angularFrequency: Double { 2 * .pi / response }

    public static var smooth: Spring { Spring(duration: 0.5, bounce: 0) }
    public static var snappy: Spring { Spring(duration: 0.5, bounce: 0.15) }
    public static var bouncy: Spring { Spring(duration: 0.5, bounce: 0.3) }

    public static func smooth(duration: TimeInterval = 0.5, extraBounce: Double = 0.0) -> Spring {
        Spring(duration: duration, bounce: extraBounce)
    }

    public static func snappy(duration: TimeInterval = 0.5, extraBounce: Double = 0.0) -> Spring {
        Spring(duration: duration, bounce: 0.15 + extraBounce)
    }

    public static func bouncy(duration: TimeInterval = 0.5, extraBounce: Double = 0.0) -> Spring {
        Spring(duration: duration, bounce: 0.3 + extraBounce)
    }

    // MARK: Motion

    /// The displacement from the target at `time`, as `y0·f + v0·g`: the coefficients of the
    /// initial displacement and velocity, and their derivatives.
    private func coefficients(at time: Double) -> (f: Double, g: Double, df: Double, dg: Double) {
        let w = angularFrequency, z = dampingRatio, t = max(0, time)
        if z < 1 {
            let wd = w * (1 - z * z).squareRoot(), decay = exp(-z * w * t)
            let (c, s) = (cos(wd * t), sin(wd * t))
            let f = decay * (c + z * w / wd * s)
            let g = decay * s / wd
            let df = decay * (-(z * w) * (c + z * w / wd * s) + (-wd * s + z * w * c))
            let dg = decay * (-(z * w) * s / wd + c)
            return (f, g, df, dg)
        } else if z == 1 {
            let decay = exp(-w * t)
            return (decay * (1 + w * t), decay * t, decay * (-w * w * t), decay * (1 - w * t))
        } else {
            let root = (z * z - 1).squareRoot()
            let r1 = -w * (z - root), r2 = -w * (z + root)
            let (e1, e2) = (exp(r1 * t), exp(r2 * t))
            // y0: C2 = −r1·y0/(r2 − r1); v0: C2 = 1/(r2 − r1); C1 = y0 − C2 (resp. −C2).
            let f = (1 + r1 / (r2 - r1)) * e1 - r1 / (r2 - r1) * e2
            let g = -e1 / (r2 - r1) + e2 / (r2 - r1)
            let df = (1 + r1 / (r2 - r1)) * r1 * e1 - r1 / (r2 - r1) * r2 * e2
            let dg = -r1 * e1 / (r2 - r1) + r2 * e2 / (r2 - r1)
            return (f, g, df, dg)
        }
    }

    /// Where a value starting at zero with `initialVelocity` is at `time`, moving to `target`.
    public func value<V: VectorArithmetic>(target: V, initialVelocity: V = .zero, time: TimeInterval) -> V {
        let c = coefficients(at: time)
        return target - target.scaled(by: c.f) + initialVelocity.scaled(by: c.g)
    }

    /// How fast that value moves at `time`.
    public func velocity<V: VectorArithmetic>(target: V, initialVelocity: V = .zero, time: TimeInterval) -> V {
        let c = coefficients(at: time)
        return initialVelocity.scaled(by: c.dg) - target.scaled(by: c.df)
    }

    public func value<V: Animatable>(fromValue: V, toValue: V, initialVelocity: V, time: TimeInterval) -> V {
        var result = fromValue
        result.animatableData = fromValue.animatableData
            + value(target: toValue.animatableData - fromValue.animatableData,
                    initialVelocity: initialVelocity.animatableData, time: time)
        return result
    }

    public func velocity<V: Animatable>(fromValue: V, toValue: V, initialVelocity: V, time: TimeInterval) -> V {
        var result = fromValue
        result.animatableData = velocity(target: toValue.animatableData - fromValue.animatableData,
                                         initialVelocity: initialVelocity.animatableData, time: time)
        return result
    }

    /// The force on a value at `position` moving at `velocity` towards `target`: stiffness times
    /// the distance, less damping times the velocity.
    public func force<V: VectorArithmetic>(target: V, position: V, velocity: V) -> V {
        (target - position).scaled(by: stiffness) - velocity.scaled(by: damping)
    }

    public func force<V: Animatable>(fromValue: V, toValue: V, position: V, velocity: V) -> V {
        var result = fromValue
        result.animatableData = force(target: toValue.animatableData, position: position.animatableData,
                                      velocity: velocity.animatableData)
        return result
    }

    /// Moves `value` and `velocity` on by `deltaTime` towards `target`.
    public func update<V: VectorArithmetic>(value: inout V, velocity: inout V, target: V, deltaTime: TimeInterval) {
        let c = coefficients(at: deltaTime)
        let displacement = value - target
        let newDisplacement = displacement.scaled(by: c.f) + velocity.scaled(by: c.g)
        velocity = displacement.scaled(by: c.df) + velocity.scaled(by: c.dg)
        value = target + newDisplacement
    }

    /// How long a value starting at zero takes to stay within `epsilon` of `target`.
    public func settlingDuration<V: VectorArithmetic>(target: V, initialVelocity: V = .zero, epsilon: Double) -> TimeInterval {
        let scale = max(target.magnitudeSquared.squareRoot(), 1e-12)
        let step = 1.0 / 240, limit = 600.0
        var settled: Double?
        var time = 0.0
        while time < limit {
            let offset = (value(target: target, initialVelocity: initialVelocity, time: time) - target).magnitudeSquared
                .squareRoot()
            if offset / scale <= epsilon {
                if settled == nil { settled = time }
                // Stay settled for one response before believing it.
                if time - settled! >= response { return settled! }
            } else {
                settled = nil
            }
            time += step
        }
        return settled ?? limit
    }

    public func settlingDuration<V: Animatable>(fromValue: V, toValue: V, initialVelocity: V, epsilon: Double)
        -> TimeInterval
    {
        settlingDuration(target: toValue.animatableData - fromValue.animatableData,
                         initialVelocity: initialVelocity.animatableData, epsilon: epsilon)
    }
}
