import DeclarativeViews
import Foundation
import Testing

/// Keyframe animation — timelines computed at any time, an animator that plays them headless at
/// once — and the animatable modifiers, geometry effects and scroll transitions recorded on views.
@MainActor @Suite struct KeyframesAndEffectsTests {
    private func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

    struct Pose {
        var scale = 1.0
        var offset = 0.0
    }

    @Test func aKeyframeTimelineGivesTheValueAtAnyTime() {
        let timeline = KeyframeTimeline(initialValue: 1.0) {
            LinearKeyframe(3.0, duration: 1)
            MoveKeyframe(10.0)
            LinearKeyframe(0.0, duration: 2, timingCurve: .linear)
        }
        #expect(timeline.duration == 3)
        #expect(close(timeline.value(time: 0), 1))
        #expect(close(timeline.value(time: 0.5), 2))
        // The move jumps at 1 s; the next segment runs from 10 to 0 over two seconds.
        #expect(close(timeline.value(time: 2), 5))
        #expect(timeline.value(time: 3) == 0)
        #expect(close(timeline.value(progress: 0.5), 7.5))
        #expect(timeline.value(time: 99) == 0)
    }

    @Test func tracksAnimateTheirOwnPropertyOfTheValue() {
        let timeline = KeyframeTimeline(initialValue: Pose()) {
            KeyframeTrack(\.scale) {
                LinearKeyframe(2.0, duration: 0.5)
                LinearKeyframe(1.0, duration: 0.5)
            }
            KeyframeTrack(\.offset) {
                CubicKeyframe(30.0, duration: 2)
            }
        }
        #expect(timeline.duration == 2)
        let quarter = timeline.value(time: 0.25)
        #expect(close(quarter.scale, 1.5))
        // A cubic segment with zero end velocities (no neighbours): 3s² − 2s³ of the way; s = 1/8.
        #expect(abs(quarter.offset - 30 * (3.0 / 64 - 2.0 / 512)) < 1e-9)
        #expect(timeline.value(time: 1).scale == 1)
        #expect(close(timeline.value(time: 1).offset, 15))
        #expect(timeline.value(time: 2).offset == 30)
    }

    /// Keyframes of a bounce, reusable across tracks.
    struct Bounce: KeyframeTrackContent {
        let height: Double

        @KeyframeTrackContentBuilder<Double> var body: some KeyframeTrackContent<Double> {
            LinearKeyframe(height, duration: 1)
            LinearKeyframe(0, duration: 1)
        }
    }

    /// Keyframes of a pose, written as a type.
    struct Hop: Keyframes {
        @KeyframesBuilder<Pose> var body: some Keyframes<Pose> {
            KeyframeTrack(\.offset) { Bounce(height: 8) }
        }
    }

    @Test func keyframesWrittenAsTypesAreTheirBodies() {
        let timeline = KeyframeTimeline(initialValue: Pose()) { Hop() }
        #expect(timeline.duration == 2)
        #expect(close(timeline.value(time: 0.5).offset, 4))
        let whole = KeyframeTimeline(initialValue: 0.0) {
            KeyframeTrack { Bounce(height: 2) }
        }
        #expect(close(whole.value(time: 1.5), 1))
    }

    @Test func cubicAndSpringKeyframesFollowTheirCurves() {
        // Given velocities: Hermite with v0 = 4, v1 = 0 over one second from 0 to 1.
        let cubic = KeyframeTimeline(initialValue: 0.0) {
            CubicKeyframe(1.0, duration: 1, startVelocity: 4, endVelocity: 0)
        }
        let s = 0.5
        let expected = (s * s * s - 2 * s * s + s) * 4 + (-2 * s * s * s + 3 * s * s)
        #expect(abs(cubic.value(time: 0.5) - expected) < 1e-9)
        // Between neighbours, the slope at a keyframe is Catmull–Rom's: (next − previous) / time between.
        let smooth = KeyframeTimeline(initialValue: 0.0) {
            CubicKeyframe(10.0, duration: 1)
            CubicKeyframe(20.0, duration: 1)
        }
        #expect(abs(smooth.value(time: 1) - 10) < 1e-9)
        // First segment: v0 = 0 (no keyframe before), v1 = (20 − 0) / 2 = 10; at s = ½, h01·10 + h11·10 = 5 − 1.25.
        #expect(abs(smooth.value(time: 0.5) - 3.75) < 1e-9)
        let spring = Spring(duration: 0.5, bounce: 0)
        let springy = KeyframeTimeline(initialValue: 0.0) {
            SpringKeyframe(1.0, duration: 1, spring: spring)
        }
        #expect(abs(springy.value(time: 0.25) - spring.value(target: 1.0, time: 0.25)) < 1e-9)
        #expect(springy.duration == 1)
        let defaulted = KeyframeTimeline(initialValue: 0.0) { SpringKeyframe(2.0, spring: spring) }
        #expect(defaulted.duration == spring.duration)
    }

    struct Heart: View {
        @State private var likes = 0

        var body: some View {
            VStack {
                KeyframeAnimator(initialValue: Pose(), trigger: likes) { pose in
                    Text("scale \(pose.scale) offset \(pose.offset)")
                } keyframes: { _ in
                    KeyframeTrack(\.scale) {
                        SpringKeyframe(1.5, duration: 0.2)
                        LinearKeyframe(1.2, duration: 0.3)
                    }
                    KeyframeTrack(\.offset) {
                        LinearKeyframe(-20.0, duration: 0.25)
                    }
                }
                Button("Like") { likes += 1 }
            }
        }
    }

    @Test func aKeyframeAnimatorShowsTheValueItsKeyframesEndAtWhenTriggered() throws {
        let (host, _) = mount(Heart())
        let start = try host.inspect().find(text: "scale 1.0 offset 0.0")
        #expect(start.inheritedAttribute("keyframes") == "played 0")
        #expect(start.inheritedAttribute("keyframesDuration") == "0.5")
        try host.tap("Like")
        host.update()
        let end = try host.inspect().find(text: "scale 1.2 offset -20.0")
        #expect(end.inheritedAttribute("keyframes") == "played 1")
    }

    @Test func aRepeatingKeyframeAnimatorShowsItsInitialValue() throws {
        let (host, _) = mount(VStack {
            KeyframeAnimator(initialValue: 2.0) { value in
                Text("value \(value)")
            } keyframes: { _ in
                LinearKeyframe(4.0, duration: 1)
            }
            Text("Badge").keyframeAnimator(initialValue: 1.0, repeating: false) { content, value in
                content.opacity(value)
            } keyframes: { _ in
                LinearKeyframe(0.0, duration: 1)
            }
        })
        #expect(try host.inspect().find(text: "value 2.0").inheritedAttribute("keyframes") == "repeating")
        #expect(try host.inspect().find(text: "Badge").inheritedAttribute("keyframes") == "once")
    }

    struct Pulse: View {
        @State private var taps = 0

        var body: some View {
            Button("Pulse \(taps)") { taps += 1 }
                .keyframeAnimator(initialValue: 1.0, trigger: taps) { content, scale in
                    content.scaleEffect(scale)
                } keyframes: { _ in
                    LinearKeyframe(2.0, duration: 0.1)
                    LinearKeyframe(3.0, duration: 0.1)
                }
        }
    }

    @Test func theKeyframeAnimatorModifierAppliesTheFinalValueToTheView() throws {
        let (host, _) = mount(Pulse())
        #expect(try host.inspect().find(button: "Pulse 0").inheritedAttribute("scaleEffect")?.hasPrefix("1×1") == true)
        try host.tap("Pulse 0")
        host.update()
        #expect(try host.inspect().find(button: "Pulse 1").inheritedAttribute("scaleEffect")?.hasPrefix("3×3") == true)
    }

    struct Shake: GeometryEffect {
        var travel: CGFloat

        var animatableData: CGFloat {
            get { travel }
            set { travel = newValue }
        }

        func effectValue(size: CGSize) -> ProjectionTransform {
            var transform = ProjectionTransform()
            transform.m31 = travel
            return transform
        }
    }

    struct Tinted: AnimatableModifier {
        var amount: Double
        var animatableData: Double {
            get { amount }
            set { amount = newValue }
        }

        func body(content: Content) -> some View {
            content.opacity(amount)
        }
    }

    @Test func animatableModifiersApplyAndGeometryEffectsAreRecorded() throws {
        let (host, _) = mount(VStack {
            Text("Wrong").modifier(Shake(travel: 8))
            Text("Ignored").modifier(Shake(travel: 2).ignoredByLayout())
            Text("Dim").modifier(Tinted(amount: 0.5))
        })
        let screen = try host.inspect()
        #expect(try screen.find(text: "Wrong").inheritedAttribute("geometryEffect") == "Shake 1 0 0; 0 1 0; 8 0 1")
        #expect(try screen.find(text: "Ignored").inheritedAttribute("geometryEffect")?.hasSuffix("2 0 1") == true)
        #expect(try screen.find(text: "Dim").inheritedAttribute("opacity") == "0.5")
        var shake = Shake(travel: 1)
        shake.animatableData = 3
        #expect(shake.effectValue(size: .zero).m31 == 3)
    }

    @Test func aScrollTransitionRecordsTheEffectsOfAFullyVisibleView() throws {
        let (host, _) = mount(ScrollView {
            Text("Row")
                .scrollTransition { effect, phase in
                    effect.opacity(phase.isIdentity ? 1 : 0.2).scaleEffect(phase.value == 0 ? 1 : 0.8)
                        .offset(x: 0, y: 2).blur(radius: 1).rotationEffect(.degrees(90)).brightness(0.1)
                        .contrast(1).grayscale(0).saturation(1).hueRotation(.zero)
                        .scaleEffect(x: 1, y: 2).transformEffect(ProjectionTransform())
                        .rotation3D(.degrees(10), axis: (x: 0, y: 1, z: 0))
                }
            Text("Other")
                .scrollTransition(topLeading: .animated, bottomTrailing: .interactive.threshold(.visible(0.9))) { effect, _ in
                    effect.offset(CGSize(width: 1, height: 1)).scaleEffect(CGSize(width: 2, height: 2))
                }
        })
        let row = try host.inspect().find(text: "Row")
        #expect(row.inheritedAttribute("scrollTransition") == "interactive")
        #expect(row.inheritedAttribute("visualEffect")?.hasPrefix("opacity 1; scaleEffect 1×1 anchor=0.5,0.5; offset 0×2") == true)
        #expect(try host.inspect().find(text: "Other").inheritedAttribute("scrollTransition") == "animated interactive")
        #expect(ScrollTransitionPhase.topLeading.value == -1 && ScrollTransitionPhase.bottomTrailing.value == 1)
        #expect(!ScrollTransitionPhase.topLeading.isIdentity)
        let threshold = ScrollTransitionConfiguration.Threshold.hidden.interpolated(towards: .visible, amount: 0.5)
        #expect(threshold == .centered)
        #expect(ScrollTransitionConfiguration.Threshold.visible.inset(by: 4) != .visible)
        _ = ScrollTransitionConfiguration.identity.animation(.easeIn)
        _ = ScrollTransitionConfiguration.animated(.linear)
        _ = ScrollTransitionConfiguration.interactive(timingCurve: .easeIn)
        #expect(EmptyVisualEffect()._effects.isEmpty)
    }
}
