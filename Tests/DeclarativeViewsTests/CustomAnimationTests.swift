import DeclarativeViews
import Foundation
import RunLoopBridge
import Testing

/// Custom animations (iOS 17's `CustomAnimation`): an app's own motion, used wherever an
/// `Animation` goes, run frame by frame with state that persists between frames; and the
/// system's curves and springs through the same `animate(value:time:context:)`.
@MainActor @Suite struct CustomAnimationTests {
    /// The classic example: covers the change at a constant rate over `duration`.
    struct LinearAnimation: CustomAnimation {
        var duration: TimeInterval

        func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
            guard time < duration else { return nil }
            return value.scaled(by: time / duration)
        }

        func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
            value.scaled(by: 1 / duration)
        }
    }

    /// A ball dropped onto the target: it falls, bounces back up with half its speed, and stops
    /// after `bounces` bounces. The position and speed are integrated from frame to frame, so they
    /// live in the animation's state.
    struct BounceAnimation: CustomAnimation {
        var bounces = 3

        enum Fall: AnimationStateKey {
            static let defaultValue = (position: 0.0, speed: 0.0, time: 0.0, bounces: 0)
        }

        func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
            var fall = context.state[Fall.self]
            let gravity = 40.0
            // Steps of at most 1/120 s from the last frame to this one.
            while fall.time < time {
                let step = min(1.0 / 120, time - fall.time)
                fall.speed += gravity * step
                fall.position += fall.speed * step
                fall.time += step
                if fall.position >= 1 {
                    fall.position = 1
                    fall.speed = -fall.speed / 2
                    fall.bounces += 1
                }
            }
            context.state[Fall.self] = fall
            if fall.bounces >= 1 { context.isLogicallyComplete = true }
            return fall.bounces >= bounces ? nil : value.scaled(by: fall.position)
        }

        func shouldMerge<V: VectorArithmetic>(
            previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>
        ) -> Bool {
            true
        }
    }

    @Test func aCustomAnimationMovesTheValueAsItsAnimateSaysAndEndsWhenItReturnsNil() {
        let animation = Animation(LinearAnimation(duration: 2))
        var player = _AnimationPlayer(10.0)
        player.set(30, animation: animation, at: 1)
        #expect(player.value(at: 1) == 10, "nothing covered when it starts")
        #expect(player.value(at: 1.5) == 15)
        #expect(player.value(at: 2) == 20)
        #expect(player.velocity(at: 2) == 10, "20 over 2 seconds")
        #expect(player.isAnimating)
        #expect(player.value(at: 3) == 30, "over: at the target")
        #expect(!player.isAnimating && player.target == 30)
        // The same animation, delayed and sped up by the system's modifiers.
        var delayed = _AnimationPlayer(0.0)
        delayed.set(100, animation: animation.delay(1).speed(2), at: 0)
        #expect(delayed.value(at: 0.4) == 0, "the delay, halved")
        #expect(delayed.value(at: 1) == 50, "half a second of two at double speed")
        #expect(delayed.value(at: 1.5) == 100 && !delayed.isAnimating)
    }

    @Test func aCustomAnimationIsAnAnimationThatDescribesItselfAndGivesItsBaseBack() throws {
        let animation = Animation(LinearAnimation(duration: 1))
        #expect(animation.description == "LinearAnimation(duration: 1.0)")
        #expect(animation.base as? LinearAnimation == LinearAnimation(duration: 1))
        #expect(animation == Animation(LinearAnimation(duration: 1)) && animation != Animation(LinearAnimation(duration: 2)))
        #expect(animation.delay(1).description == "LinearAnimation(duration: 1.0).delay(1)")
        #expect(animation.delay(1).base is LinearAnimation == false, "a modified animation is its own base")
        var context = AnimationStateProbe.context(for: 4.0)
        #expect(animation.delay(1).base.animate(value: 4.0, time: 1.5, context: &context) == 2)
        #expect(Animation.easeIn.base.animate(value: 1.0, time: 1, context: &context) == nil)

        // In an app: withAnimation with a custom animation records it on the views it changes.
        struct Panel: View {
            @State private var isOpen = false
            var body: some View {
                VStack {
                    Text(isOpen ? "Open" : "Closed")
                    Button("Toggle") { withAnimation(Animation(LinearAnimation(duration: 0.5))) { isOpen.toggle() } }
                }
            }
        }
        let (host, scheduler) = mount(Panel())
        try host.tap("Toggle")
        scheduler.flush()
        #expect(host.renderedText.contains(#"Text "Open" [animation=LinearAnimation(duration: 0.5)]"#))
        #expect(host.lastTransaction?.animation?.base as? LinearAnimation == LinearAnimation(duration: 0.5))
    }

    @Test func aCustomAnimationKeepsItsStateBetweenFramesAndSaysWhenItIsLogicallyComplete() {
        var player = _AnimationPlayer(0.0)
        player.set(100, animation: Animation(BounceAnimation()), at: 0)
        var frames: [Double] = []
        var time = 0.0
        while player.isAnimating, time < 10 {
            time += 1.0 / 60
            frames.append(player.value(at: time))
            if frames.count == 12 { #expect(!player.isLogicallyComplete, "still falling") }
        }
        #expect(player.value(at: time) == 100 && !player.isAnimating, "it stops after its third bounce")
        #expect(time > 0.2 && time < 2)
        #expect(frames.max() ?? 0 <= 100 && frames.contains { $0 < 99 && $0 > 0 })
        // It went back up after hitting the target: the state carried the speed from frame to frame.
        #expect(zip(frames, frames.dropFirst()).contains { $1 < $0 - 5 }, "a bounce")
    }

    @Test func aMergingAnimationTakesOverTheRunningOneAndAnotherRunsAlongsideIt() {
        // BounceAnimation merges: one run continues, with its state, towards the new target.
        var merging = _AnimationPlayer(0.0)
        merging.set(100, animation: Animation(BounceAnimation()), at: 0)
        let before = merging.value(at: 0.1)
        merging.set(200, animation: Animation(BounceAnimation()), at: 0.1)
        #expect(merging.runningAnimationCount == 1)
        let after = merging.value(at: 0.1)
        #expect(abs(after - 2 * before) < 1e-9, "the same progress of the whole change (0 → 200)")
        // LinearAnimation does not merge: the two changes run at once and add up.
        var adding = _AnimationPlayer(0.0)
        adding.set(100, animation: Animation(LinearAnimation(duration: 1)), at: 0)
        adding.set(200, animation: Animation(LinearAnimation(duration: 1)), at: 0.5)
        #expect(adding.value(at: 0.5) == 50 && adding.runningAnimationCount == 2)
        #expect(adding.value(at: 1) == 150, "the first done (100), the second half way (+50)")
        #expect(adding.value(at: 1.5) == 200 && !adding.isAnimating)
        // A change without an animation stops them: the value jumps.
        adding.set(300, animation: Animation(LinearAnimation(duration: 1)), at: 2)
        adding.set(0, animation: nil, at: 2.5)
        #expect(adding.value(at: 2.5) == 0 && !adding.isAnimating)
    }

    @Test func theSystemsCurvesAndSpringsAnimateThroughTheSameCalls() {
        var context = AnimationStateProbe.context(for: 1.0)
        let easeIn = Animation.easeIn(duration: 1)
        #expect(easeIn.animate(value: 10.0, time: 0.5, context: &context) == 10 * UnitCurve.easeIn.value(at: 0.5))
        #expect(easeIn.animate(value: 10.0, time: 1, context: &context) == nil)
        let velocity = easeIn.velocity(value: 10.0, time: 0.5, context: context) ?? 0
        #expect(abs(velocity - 10 * UnitCurve.easeIn.velocity(at: 0.5)) < 1e-9)
        #expect(abs((Animation.linear(duration: 2).animate(value: 8.0, time: 0.5, context: &context) ?? 0) - 2) < 1e-9)
        let spring = Spring(duration: 0.5, bounce: 0.3)
        #expect(Animation.spring(spring).animate(value: 1.0, time: 0.2, context: &context) == spring.value(target: 1.0, time: 0.2))
        #expect(Animation.spring(spring).animate(value: 1.0, time: 10, context: &context) == nil, "settled")
        #expect(Animation.bouncy.animate(value: 1.0, time: 0.2, context: &context) == Spring.bouncy.value(target: 1.0, time: 0.2))
        // Repeats go back and forth; logicallyComplete(after:) says so in the context.
        let twice = Animation.linear(duration: 1).repeatCount(2, autoreverses: true)
        #expect(abs((twice.animate(value: 10.0, time: 0.25, context: &context) ?? 0) - 2.5) < 1e-9)
        #expect(abs((twice.animate(value: 10.0, time: 1.25, context: &context) ?? 0) - 7.5) < 1e-9, "on its way back")
        #expect(twice.animate(value: 10.0, time: 2, context: &context) == nil)
        let forever = Animation.linear(duration: 1).repeatForever(autoreverses: false)
        #expect(abs((forever.animate(value: 10.0, time: 7.5, context: &context) ?? 0) - 5) < 1e-9)
        var completion = AnimationStateProbe.context(for: 1.0)
        _ = Animation.linear(duration: 1).logicallyComplete(after: 0.5).animate(value: 1.0, time: 0.4, context: &completion)
        #expect(!completion.isLogicallyComplete)
        _ = Animation.linear(duration: 1).logicallyComplete(after: 0.5).animate(value: 1.0, time: 0.6, context: &completion)
        #expect(completion.isLogicallyComplete)
        // The system's animations do not merge: their motions add up.
        #expect(!Animation.spring.shouldMerge(previous: .spring, value: 1.0, time: 0.1, context: &context))
        // A custom animation repeated starts again, from a fresh state, at the first frame after
        // it ended (its duration is its own affair).
        var repeated = _AnimationPlayer(0.0)
        repeated.set(10, animation: Animation(LinearAnimation(duration: 1)).repeatCount(2), at: 0)
        #expect([0.5, 1, 1.5].map { repeated.value(at: $0) } == [5, 0, 5])
        #expect(repeated.value(at: 2) == 10 && !repeated.isAnimating, "the second run over")
    }

    @Test func theContextCarriesStateByKeyAndTheEnvironment() {
        enum Calls: AnimationStateKey { static let defaultValue = 0 }
        var state: AnimationState<Double> = AnimationState()
        #expect(state[Calls.self] == 0 && Calls.defaultValue == 0)
        state[Calls.self] += 2
        #expect(state[Calls.self] == 2)
        var environment = EnvironmentValues()
        environment.locale = Locale(identifier: "fr_FR")
        var player = _AnimationPlayer(0.0, environment: environment)
        struct LocaleReader: CustomAnimation {
            func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
                context.state[Calls.self] += 1
                let other = context.withState(AnimationState<Double>())
                // Another value's context: the same environment, its own state.
                guard other.environment.locale.identifier == "fr_FR", other.state[Calls.self] == 0 else { return nil }
                return context.state[Calls.self] < 3 ? .zero : nil
            }
        }
        player.set(1, animation: Animation(LocaleReader()), at: 0)
        #expect(player.value(at: 0.1) == 0 && player.value(at: 0.2) == 0, "the environment reached it; calls 1 and 2")
        #expect(player.value(at: 0.3) == 1 && !player.isAnimating, "the third call ended it")
    }
}

/// A context for calling an animation directly, as the player makes them.
enum AnimationStateProbe {
    static func context(for value: Double) -> AnimationContext<Double> {
        var player = _AnimationPlayer(0.0)
        var captured: AnimationContext<Double>?
        struct Capture: CustomAnimation {
            let box: Box
            func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
                box.context = context
                return nil
            }
            static func == (lhs: Capture, rhs: Capture) -> Bool { lhs.box === rhs.box }
            func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(box)) }
        }
        final class Box { var context: Any? }
        let box = Box()
        player.set(value, animation: Animation(Capture(box: box)), at: 0)
        _ = player.value(at: 0)
        captured = box.context as? AnimationContext<Double>
        return captured!
    }
}
