import Foundation

/// A value animated the way a render loop animates an animatable property, for tests: headless
/// the host draws no frames, so a test sets the value with an animation and asks where it is at
/// the times it chooses.
///
///     var player = _AnimationPlayer(0.0)
///     player.set(100, animation: Animation(LinearAnimation(duration: 1)), at: 0)
///     player.value(at: 0.25)   // 25
///     player.value(at: 2)      // 100, and the animation is over
///
/// Semantics (SwiftUI's):
/// * an animation animates the *change* (new value − old value) from the time it starts: at each
///   time the value is the target less what the running animations have not covered yet;
///   `animate(value:time:context:)` is called with the change and the time since the start, and
///   the animation is over once it returns `nil`; its ``AnimationContext/state`` persists between
///   calls;
/// * a change while an animation runs starts another that runs alongside it (their motions add
///   up), unless the new animation is of the same type and its
///   ``CustomAnimation/shouldMerge(previous:value:time:context:)`` returns `true` when asked with
///   the whole change since the running one started, the time it has run and its context: the new
///   animation then takes it over — same start, same state, towards the new target;
/// * a change without an animation stops all of them: the value jumps to its target.
///
/// Times must not go backwards.
public struct _AnimationPlayer<Value: VectorArithmetic> {
    private struct Run {
        var animation: Animation
        /// The change the run animates.
        var change: Value
        var start: TimeInterval
        var context: AnimationContext<Value>
    }

    /// Where the value is going (the last value set).
    public private(set) var target: Value
    private var runs: [Run] = []
    private let environment: EnvironmentValues

    /// A value at rest at `value`; animations see `environment` in their context.
    public init(_ value: Value, environment: EnvironmentValues = EnvironmentValues()) {
        target = value
        self.environment = environment
    }

    /// Whether an animation is still moving the value (as of the last ``value(at:)``).
    public var isAnimating: Bool { !runs.isEmpty }

    /// Whether every running animation counts as logically complete (as of the last ``value(at:)``).
    public var isLogicallyComplete: Bool { runs.allSatisfy(\.context.isLogicallyComplete) }

    /// How many animations move the value at once (as of the last ``value(at:)``).
    public var runningAnimationCount: Int { runs.count }

    /// Sets the value to `newValue` at `time`, animated with `animation` (`nil`: at once).
    public mutating func set(_ newValue: Value, animation: Animation?, at time: TimeInterval) {
        let change = newValue - target
        target = newValue
        guard let animation else {
            runs = []
            return
        }
        if var last = runs.last, type(of: last.animation.base) == type(of: animation.base) {
            let merged = last.change + change
            if animation.shouldMerge(previous: last.animation, value: merged, time: time - last.start, context: &last.context) {
                last.animation = animation
                last.change = merged
                runs[runs.count - 1] = last
                return
            }
        }
        runs.append(Run(animation: animation, change: change, start: time, context: AnimationContext(environment: environment)))
    }

    /// The value at `time`: the target less what the running animations have yet to cover. The
    /// animations that are over are dropped.
    public mutating func value(at time: TimeInterval) -> Value {
        var value = target
        var running: [Run] = []
        for var run in runs {
            guard let covered = run.animation.animate(value: run.change, time: time - run.start, context: &run.context)
            else { continue }
            value -= run.change - covered
            running.append(run)
        }
        runs = running
        return value
    }

    /// How fast the value moves at `time` (the running animations' velocities added up; an
    /// animation that does not know its velocity counts as still).
    public func velocity(at time: TimeInterval) -> Value {
        runs.reduce(.zero) { total, run in
            total + (run.animation.velocity(value: run.change, time: time - run.start, context: run.context) ?? .zero)
        }
    }
}
