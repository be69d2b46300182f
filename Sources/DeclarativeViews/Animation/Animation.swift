import Foundation

/// How a change is animated (SwiftUI's `Animation`): a timing curve or a spring, with a delay,
/// a speed and repetitions.
///
/// Headless output has no frame clock, so a view's change applies at once. The animation is
/// *recorded* instead — on the transaction of the change (``Transaction``),
/// on the render nodes the change re-rendered (`[animation=…]` in ``ViewHost/renderedText``)
/// and in the host's transition events — and its ``description`` spells it the way it was
/// written, so that tests can compare it:
///
///     Animation.easeInOut(duration: 0.5).delay(1).description
///     // ".easeInOut(duration: 0.5).delay(1)"
///     Animation.spring(response: 0.3, dampingFraction: 0.6).description
///     // ".spring(response: 0.3, dampingFraction: 0.6, blendDuration: 0)"
///
/// Its motion is real all the same: ``animate(value:time:context:)`` says where an animated value
/// is at any time (the curve, spring or ``CustomAnimation`` with the modifiers applied), and
/// ``_AnimationPlayer`` plays changes of a value the way a render loop would, for tests.
///
/// Two animations are equal when they were built the same way.
public struct Animation: Hashable, Sendable, CustomStringConvertible {
    /// The curve or spring, as written (`easeIn(duration: 0.2)`), without the modifiers.
    let name: String
    /// How the value moves in one run, before the modifiers.
    let motion: Motion
    /// How long one run lasts in seconds, before `speed` (a spring's response or duration; the
    /// system default of 0.35 s for `.default` and the named curves).
    let baseDuration: Double
    /// `.delay`, `.speed`, `.repeatCount`, `.repeatForever`, in the order they were applied.
    let modifiers: [Modifier]

    enum Modifier: Hashable, Sendable {
        case delay(Double)
        case speed(Double)
        case repeatCount(Int, autoreverses: Bool)
        case repeatForever(autoreverses: Bool)
        case logicallyComplete(after: Double)
    }

    init(_ name: String, duration: Double, motion: Motion, modifiers: [Modifier] = []) {
        self.name = name
        baseDuration = duration
        self.motion = motion
        self.modifiers = modifiers
    }

    /// `.easeInOut(duration: 0.5).delay(1)`: the animation as it was written.
    public var description: String {
        var text = motion.isCustom ? name : "." + name
        for modifier in modifiers {
            switch modifier {
            case .delay(let delay): text += ".delay(\(_number(delay)))"
            case .speed(let speed): text += ".speed(\(_number(speed)))"
            case .repeatCount(let count, let autoreverses): text += ".repeatCount(\(count), autoreverses: \(autoreverses))"
            case .repeatForever(let autoreverses): text += ".repeatForever(autoreverses: \(autoreverses))"
            case .logicallyComplete(let duration): text += ".logicallyComplete(after: \(_number(duration)))"
            }
        }
        return text
    }

    /// How long the animation would run, in seconds: its delay plus its duration divided by
    /// its speed, times its repetitions (`.infinity` when it repeats forever). An inspection aid
    /// headless; SwiftUI does not expose it.
    public var _totalDuration: Double {
        var delay = 0.0, speed = 1.0, runs = 1.0
        for modifier in modifiers {
            switch modifier {
            case .delay(let value): delay += value
            case .speed(let value): speed *= value
            case .repeatCount(let count, _): runs *= Double(count)
            case .repeatForever: runs = .infinity
            case .logicallyComplete: break
            }
        }
        return delay + baseDuration * runs / speed
    }

    private func adding(_ modifier: Modifier) -> Animation {
        Animation(name, duration: baseDuration, motion: motion, modifiers: modifiers + [modifier])
    }

    // MARK: Curves

    /// The system's default animation (a spring since iOS 17; its motion here is the ease-in-out
    /// curve over 0.35 s it was before, the duration it is recorded with).
    public static let `default` = Animation("default", duration: 0.35, motion: .curve(.easeInOut))
    public static var linear: Animation { Animation("linear", duration: 0.35, motion: .curve(.linear)) }
    public static var easeIn: Animation { Animation("easeIn", duration: 0.35, motion: .curve(.easeIn)) }
    public static var easeOut: Animation { Animation("easeOut", duration: 0.35, motion: .curve(.easeOut)) }
    public static var easeInOut: Animation { Animation("easeInOut", duration: 0.35, motion: .curve(.easeInOut)) }

    public static func linear(duration: TimeInterval) -> Animation {
        Animation("linear(duration: \(_number(duration)))", duration: duration, motion: .curve(.linear))
    }

    public static func easeIn(duration: TimeInterval) -> Animation {
        Animation("easeIn(duration: \(_number(duration)))", duration: duration, motion: .curve(.easeIn))
    }

    public static func easeOut(duration: TimeInterval) -> Animation {
        Animation("easeOut(duration: \(_number(duration)))", duration: duration, motion: .curve(.easeOut))
    }

    public static func easeInOut(duration: TimeInterval) -> Animation {
        Animation("easeInOut(duration: \(_number(duration)))", duration: duration, motion: .curve(.easeInOut))
    }

    /// A cubic Bézier timing curve through the control points (p1x, p1y) and (p2x, p2y).
    public static func timingCurve(_ p1x: Double, _ p1y: Double, _ p2x: Double, _ p2y: Double,
                                   duration: TimeInterval = 0.35) -> Animation {
        Animation(
            "timingCurve(\(_number(p1x)), \(_number(p1y)), \(_number(p2x)), \(_number(p2y)), duration: \(_number(duration)))",
            duration: duration,
            motion: .curve(.bezier(startControlPoint: UnitPoint(x: p1x, y: p1y), endControlPoint: UnitPoint(x: p2x, y: p2y))))
    }

    // MARK: Springs

    public static var spring: Animation {
        Animation("spring", duration: 0.5, motion: .spring(Spring(response: 0.5, dampingRatio: 0.825)))
    }
    public static var interactiveSpring: Animation {
        Animation("interactiveSpring", duration: 0.15, motion: .spring(Spring(response: 0.15, dampingRatio: 0.86)))
    }
    public static var interpolatingSpring: Animation {
        Animation("interpolatingSpring", duration: 0.5, motion: .spring(Spring()))
    }
    public static var bouncy: Animation { Animation("bouncy", duration: 0.5, motion: .spring(.bouncy)) }
    public static var smooth: Animation { Animation("smooth", duration: 0.5, motion: .spring(.smooth)) }
    public static var snappy: Animation { Animation("snappy", duration: 0.5, motion: .spring(.snappy)) }

    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: TimeInterval = 0)
        -> Animation
    {
        Animation(
            "spring(response: \(_number(response)), dampingFraction: \(_number(dampingFraction)), "
                + "blendDuration: \(_number(blendDuration)))", duration: response,
            motion: .spring(Spring(response: response, dampingRatio: dampingFraction)))
    }

    /// A spring that settles in about `duration` seconds; `bounce` from 0 (none) towards 1.
    @_disfavoredOverload
    public static func spring(duration: TimeInterval = 0.5, bounce: Double = 0, blendDuration: Double = 0) -> Animation {
        Animation(
            "spring(duration: \(_number(duration)), bounce: \(_number(bounce)), blendDuration: \(_number(blendDuration)))",
            duration: duration, motion: .spring(Spring(duration: duration, bounce: bounce)))
    }

    public static func interactiveSpring(response: Double = 0.15, dampingFraction: Double = 0.86,
                                         blendDuration: TimeInterval = 0.25) -> Animation {
        Animation(
            "interactiveSpring(response: \(_number(response)), dampingFraction: \(_number(dampingFraction)), "
                + "blendDuration: \(_number(blendDuration)))", duration: response,
            motion: .spring(Spring(response: response, dampingRatio: dampingFraction)))
    }

    @_disfavoredOverload
    public static func interactiveSpring(duration: TimeInterval = 0.15, extraBounce: Double = 0,
                                         blendDuration: TimeInterval = 0.25) -> Animation {
        Animation(
            "interactiveSpring(duration: \(_number(duration)), extraBounce: \(_number(extraBounce)), "
                + "blendDuration: \(_number(blendDuration)))", duration: duration,
            // The interactive spring's own bounce is 1 − 0.86.
            motion: .spring(Spring(duration: duration, bounce: 0.14 + extraBounce)))
    }

    /// A spring defined by its physical parameters (its duration is how long it takes to settle).
    public static func interpolatingSpring(mass: Double = 1, stiffness: Double, damping: Double,
                                           initialVelocity: Double = 0) -> Animation {
        // The time a damped spring takes to settle within 0.1 % of its target: ln(1000) / ζω.
        let settling = damping > 0 ? 2 * mass * log(1000) / damping : .infinity
        return Animation(
            "interpolatingSpring(mass: \(_number(mass)), stiffness: \(_number(stiffness)), damping: \(_number(damping)), "
                + "initialVelocity: \(_number(initialVelocity)))", duration: settling,
            motion: .spring(Spring(mass: mass, stiffness: stiffness, damping: damping, allowOverDamping: true)))
    }

    @_disfavoredOverload
    public static func interpolatingSpring(duration: TimeInterval = 0.5, bounce: Double = 0,
                                           initialVelocity: Double = 0) -> Animation {
        Animation(
            "interpolatingSpring(duration: \(_number(duration)), bounce: \(_number(bounce)), "
                + "initialVelocity: \(_number(initialVelocity)))", duration: duration,
            motion: .spring(Spring(duration: duration, bounce: bounce)))
    }

    public static func bouncy(duration: TimeInterval = 0.5, extraBounce: Double = 0) -> Animation {
        Animation("bouncy(duration: \(_number(duration)), extraBounce: \(_number(extraBounce)))", duration: duration,
                  motion: .spring(.bouncy(duration: duration, extraBounce: extraBounce)))
    }

    public static func smooth(duration: TimeInterval = 0.5, extraBounce: Double = 0) -> Animation {
        Animation("smooth(duration: \(_number(duration)), extraBounce: \(_number(extraBounce)))", duration: duration,
                  motion: .spring(.smooth(duration: duration, extraBounce: extraBounce)))
    }

    public static func snappy(duration: TimeInterval = 0.5, extraBounce: Double = 0) -> Animation {
        Animation("snappy(duration: \(_number(duration)), extraBounce: \(_number(extraBounce)))", duration: duration,
                  motion: .spring(.snappy(duration: duration, extraBounce: extraBounce)))
    }

    /// A spring animation with `spring`'s motion.
    public static func spring(_ spring: Spring, blendDuration: TimeInterval = 0.0) -> Animation {
        Animation("spring(\(spring._description), blendDuration: \(_number(blendDuration)))", duration: spring.settlingDuration,
                  motion: .spring(spring))
    }

    /// An interpolating spring animation with `spring`'s motion.
    public static func interpolatingSpring(_ spring: Spring, initialVelocity: Double = 0.0) -> Animation {
        Animation("interpolatingSpring(\(spring._description), initialVelocity: \(_number(initialVelocity)))",
                  duration: spring.settlingDuration, motion: .spring(spring))
    }

    /// An animation over `duration` seconds along `curve`.
    public static func timingCurve(_ curve: UnitCurve, duration: TimeInterval) -> Animation {
        Animation("timingCurve(\(curve._description), duration: \(_number(duration)))", duration: duration,
                  motion: .curve(curve))
    }

    // MARK: Modifiers

    /// Counts as complete (for `.logicallyComplete` completions) after `duration` seconds.
    public func logicallyComplete(after duration: TimeInterval) -> Animation { adding(.logicallyComplete(after: duration)) }

    /// Starts after `delay` seconds.
    public func delay(_ delay: TimeInterval) -> Animation { adding(.delay(delay)) }

    /// Runs `speed` times as fast.
    public func speed(_ speed: Double) -> Animation { adding(.speed(speed)) }

    /// Runs `repeatCount` times, back and forth when `autoreverses`.
    public func repeatCount(_ repeatCount: Int, autoreverses: Bool = true) -> Animation {
        adding(.repeatCount(repeatCount, autoreverses: autoreverses))
    }

    /// Runs again and again, back and forth when `autoreverses`.
    public func repeatForever(autoreverses: Bool = true) -> Animation {
        adding(.repeatForever(autoreverses: autoreverses))
    }
}

extension Animation: CustomDebugStringConvertible {
    public var debugDescription: String { description }
}
