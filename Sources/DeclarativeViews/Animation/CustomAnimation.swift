import Foundation

/// An animation of your own (SwiftUI's `CustomAnimation`): given the change to animate (`value`,
/// the distance from where the animation started to its target) and the time since it started,
/// `animate` returns how much of that distance is covered, or `nil` once it is done. Wrap one in
/// ``Animation/init(_:)`` to use it wherever an ``Animation`` goes:
///
///     struct LinearAnimation: CustomAnimation {
///         var duration: TimeInterval
///         func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
///             time < duration ? value.scaled(by: time / duration) : nil
///         }
///     }
///     withAnimation(Animation(LinearAnimation(duration: 1))) { isExpanded = true }
///
/// Headless the host draws no frames, so a view's change applies at once and the animation is
/// recorded (`[animation=LinearAnimation(duration: 1.0)]`); ``_AnimationPlayer`` runs it the way a
/// render loop does — calling `animate` with the time of each frame, with a context whose
/// ``AnimationContext/state`` persists from one call to the next — so a test can check its course.
public protocol CustomAnimation: Hashable {
    /// The part of `value` covered `time` seconds in, or `nil` when the animation is over (the
    /// value is then at its target).
    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V?

    /// How fast the value moves `time` seconds in (`nil`: unknown; a following animation starts
    /// from rest).
    func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V?

    /// Whether this animation, started while `previous` (of the same type) runs, takes it over —
    /// continuing from its state towards the new `value` — instead of running alongside it.
    /// `false` unless implemented: the two run at once and their motions add up.
    func shouldMerge<V: VectorArithmetic>(
        previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>
    ) -> Bool
}

extension CustomAnimation {
    public func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        nil
    }

    public func shouldMerge<V: VectorArithmetic>(
        previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>
    ) -> Bool {
        false
    }
}

/// A custom animation held by an ``Animation`` (equal when the animations are equal).
struct _CustomAnimationBox: Hashable, @unchecked Sendable {
    let animation: any CustomAnimation

    static func == (lhs: _CustomAnimationBox, rhs: _CustomAnimationBox) -> Bool {
        AnyHashable(lhs.animation) == AnyHashable(rhs.animation)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(AnyHashable(animation))
    }
}

/// The animation an ``Animation`` is, as a ``CustomAnimation`` (what ``Animation/base`` returns for
/// the system's curves and springs, and for animations with `.delay`, `.speed` or repetitions).
public struct _SystemAnimation: CustomAnimation {
    let animation: Animation

    public func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        animation.animate(value: value, time: time, context: &context)
    }

    public func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        animation.velocity(value: value, time: time, context: context)
    }

    public func shouldMerge<V: VectorArithmetic>(
        previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>
    ) -> Bool {
        animation.shouldMerge(previous: previous, value: value, time: time, context: &context)
    }
}

extension Animation {
    /// An animation that moves as `base` says. Its description is the custom animation's
    /// (`LinearAnimation(duration: 1.0)`); `.delay`, `.speed` and repetitions apply to it as to
    /// any animation.
    public init<A: CustomAnimation>(_ base: A) {
        self.init("\(base)", duration: 0, motion: .custom(_CustomAnimationBox(animation: base)))
    }

    /// The animation as a ``CustomAnimation``: the one it was made from with ``init(_:)`` when
    /// nothing modifies it, else one that runs this animation.
    public var base: any CustomAnimation {
        if case .custom(let box) = motion, modifiers.isEmpty { return box.animation }
        return _SystemAnimation(animation: self)
    }

    /// The part of `value` covered `time` seconds after the animation started, or `nil` once it
    /// is over: the curve, spring or custom animation, delayed, sped up and repeated as its
    /// modifiers say.
    public func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        AnimationTiming(animation: self).animate(value: value, time: time, context: &context)
    }

    /// How fast the value moves `time` seconds in (`nil`: unknown).
    public func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        AnimationTiming(animation: self).velocity(value: value, time: time, context: context)
    }

    /// Whether this animation takes over `previous`, still running, instead of running alongside
    /// it: the custom animation's answer when this is one without modifiers; `false` for the
    /// system's curves and springs (their motions add up).
    public func shouldMerge<V: VectorArithmetic>(
        previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>
    ) -> Bool {
        guard case .custom(let box) = motion, modifiers.isEmpty else { return false }
        return box.animation.shouldMerge(previous: previous, value: value, time: time, context: &context)
    }
}
