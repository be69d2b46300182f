import Foundation

extension Animation {
    /// How a value moves in one run of an animation, before its modifiers.
    enum Motion: Hashable, Sendable {
        /// Along a unit curve over the animation's base duration.
        case curve(UnitCurve)
        /// Driven by a spring, until it settles.
        case spring(Spring)
        /// As a ``CustomAnimation`` says.
        case custom(_CustomAnimationBox)

        var isCustom: Bool {
            if case .custom = self { return true }
            return false
        }
    }
}

/// Where an animated value is at a time: an ``Animation``'s motion with its modifiers applied,
/// outermost first (`.easeIn.delay(1).speed(2)` runs twice as fast, delay included).
///
/// * `.delay(d)`: nothing moves for `d` seconds;
/// * `.speed(s)`: time runs `s` times as fast;
/// * `.repeatCount(n)` / `.repeatForever`: the run starts again when it ends — back to front on
///   every other run with `autoreverses` (curves and springs; a custom animation, whose duration
///   is unknown, restarts forwards when it returns `nil`, with a fresh state);
/// * `.logicallyComplete(after: d)`: the context says complete from `d` seconds on.
struct AnimationTiming {
    let animation: Animation

    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        animate(value: value, time: time, context: &context, layers: animation.modifiers[...])
    }

    func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        velocity(value: value, time: time, context: context, layers: animation.modifiers[...])
    }

    // MARK: Position

    private func animate<V: VectorArithmetic>(
        value: V, time: TimeInterval, context: inout AnimationContext<V>, layers: ArraySlice<Animation.Modifier>
    ) -> V? {
        guard let outer = layers.last else { return motion(value: value, time: time, context: &context) }
        let inner = layers.dropLast()
        switch outer {
        case .delay(let delay):
            return time < delay ? .zero : animate(value: value, time: time - delay, context: &context, layers: inner)
        case .speed(let speed):
            return animate(value: value, time: time * speed, context: &context, layers: inner)
        case .logicallyComplete(let after):
            if time >= after { context.isLogicallyComplete = true }
            return animate(value: value, time: time, context: &context, layers: inner)
        case .repeatCount(let count, let autoreverses):
            return repeating(value: value, time: time, runs: count, autoreverses: autoreverses, context: &context, inner)
        case .repeatForever(let autoreverses):
            return repeating(value: value, time: time, runs: nil, autoreverses: autoreverses, context: &context, inner)
        }
    }

    /// `inner` run `runs` times (`nil`: forever).
    private func repeating<V: VectorArithmetic>(
        value: V, time: TimeInterval, runs: Int?, autoreverses: Bool, context: inout AnimationContext<V>,
        _ inner: ArraySlice<Animation.Modifier>
    ) -> V? {
        guard let duration = duration(of: inner) else {
            return restarting(value: value, time: time, runs: runs, context: &context, inner)
        }
        guard let local = runAndLocalTime(time, duration: duration, runs: runs, autoreverses: autoreverses)?.time else {
            return nil
        }
        return animate(value: value, time: local, context: &context, layers: inner) ?? value
    }

    /// Which run `time` falls in and the time within it (reversed on odd runs with
    /// `autoreverses`), or `nil` after the last run.
    private func runAndLocalTime(_ time: TimeInterval, duration: TimeInterval, runs: Int?, autoreverses: Bool)
        -> (run: Int, time: TimeInterval)?
    {
        guard duration > 0, duration.isFinite else { return nil }
        let run = Int((max(time, 0) / duration).rounded(.down))
        if let runs, run >= runs { return nil }
        let local = time - Double(run) * duration
        return (run, autoreverses && run % 2 == 1 ? duration - local : local)
    }

    /// A custom animation repeated: it starts again when it returns `nil`, from a fresh state.
    private func restarting<V: VectorArithmetic>(
        value: V, time: TimeInterval, runs: Int?, context: inout AnimationContext<V>,
        _ inner: ArraySlice<Animation.Modifier>
    ) -> V? {
        var run = context.state[RepeatRunKey.self]
        while true {
            let start = context.state[RepeatStartKey.self]
            if let result = animate(value: value, time: time - start, context: &context, layers: inner) {
                return result
            }
            run += 1
            if let runs, run >= runs { return nil }
            if time - start <= 0 { return nil }  // an animation that ends at once would restart forever
            context.state = AnimationState()
            context.state[RepeatRunKey.self] = run
            context.state[RepeatStartKey.self] = time
        }
    }

    private enum RepeatRunKey: AnimationStateKey { static let defaultValue = 0 }
    private enum RepeatStartKey: AnimationStateKey { static let defaultValue: TimeInterval = 0 }

    /// The time one run of the animation under `layers` takes (`nil` for a custom animation).
    private func duration(of layers: ArraySlice<Animation.Modifier>) -> TimeInterval? {
        var duration: TimeInterval
        switch animation.motion {
        case .curve: duration = animation.baseDuration
        case .spring(let spring): duration = spring.settlingDuration
        case .custom: return nil
        }
        for layer in layers {
            switch layer {
            case .delay(let delay): duration += delay
            case .speed(let speed): duration /= speed
            case .repeatCount(let count, _): duration *= Double(count)
            case .repeatForever: return .infinity
            case .logicallyComplete: break
            }
        }
        return duration
    }

    private func motion<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        switch animation.motion {
        case .curve(let curve):
            let duration = animation.baseDuration
            guard time < duration else { return nil }
            return value.scaled(by: curve.value(at: max(time, 0) / duration))
        case .spring(let spring):
            guard time < spring.settlingDuration else { return nil }
            return spring.value(target: value, time: max(time, 0))
        case .custom(let box):
            return box.animation.animate(value: value, time: time, context: &context)
        }
    }

    // MARK: Velocity

    private func velocity<V: VectorArithmetic>(
        value: V, time: TimeInterval, context: AnimationContext<V>, layers: ArraySlice<Animation.Modifier>
    ) -> V? {
        guard let outer = layers.last else { return motionVelocity(value: value, time: time, context: context) }
        let inner = layers.dropLast()
        switch outer {
        case .delay(let delay):
            return time < delay ? .zero : velocity(value: value, time: time - delay, context: context, layers: inner)
        case .speed(let speed):
            return velocity(value: value, time: time * speed, context: context, layers: inner)?.scaled(by: speed)
        case .logicallyComplete:
            return velocity(value: value, time: time, context: context, layers: inner)
        case .repeatCount(let count, let autoreverses):
            return repeatingVelocity(value: value, time: time, runs: count, autoreverses: autoreverses, context, inner)
        case .repeatForever(let autoreverses):
            return repeatingVelocity(value: value, time: time, runs: nil, autoreverses: autoreverses, context, inner)
        }
    }

    private func repeatingVelocity<V: VectorArithmetic>(
        value: V, time: TimeInterval, runs: Int?, autoreverses: Bool, _ context: AnimationContext<V>,
        _ inner: ArraySlice<Animation.Modifier>
    ) -> V? {
        guard let duration = duration(of: inner) else {
            return velocity(value: value, time: time - context.state[RepeatStartKey.self], context: context, layers: inner)
        }
        guard let (run, local) = runAndLocalTime(time, duration: duration, runs: runs, autoreverses: autoreverses) else {
            return .zero
        }
        let speed = velocity(value: value, time: local, context: context, layers: inner)
        return autoreverses && run % 2 == 1 ? speed.map { .zero - $0 } : speed
    }

    private func motionVelocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        switch animation.motion {
        case .curve(let curve):
            let duration = animation.baseDuration
            guard time < duration, duration > 0 else { return .zero }
            return value.scaled(by: curve.velocity(at: max(time, 0) / duration) / duration)
        case .spring(let spring):
            return spring.velocity(target: value, time: max(time, 0))
        case .custom(let box):
            return box.animation.velocity(value: value, time: time, context: context)
        }
    }
}
