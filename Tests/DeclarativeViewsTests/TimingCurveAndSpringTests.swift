import DeclarativeViews
import Foundation
import Testing

/// Timing curves, springs, timelines and phase animators: the math SwiftUI's types expose, and
/// what the views built on them show headless.
@MainActor
@Suite struct TimingCurveAndSpringTests {
    @Test func unitCurvesGoFromZeroToOneAlongTheirShape() {
        #expect(UnitCurve.linear.value(at: 0.3) == 0.3 || abs(UnitCurve.linear.value(at: 0.3) - 0.3) < 1e-9)
        #expect(abs(UnitCurve.easeInOut.value(at: 0.5) - 0.5) < 1e-9, "symmetric")
        #expect(UnitCurve.easeIn.value(at: 0.25) < 0.25 && UnitCurve.easeOut.value(at: 0.25) > 0.25)
        #expect(UnitCurve.easeInEaseOut == UnitCurve.easeInOut)
        #expect(abs(UnitCurve.circularEaseIn.value(at: 0.6) - 0.2) < 1e-9, "1 − √(1 − 0.36)")
        #expect(abs(UnitCurve.circularEaseOut.value(at: 0.4) - 0.8) < 1e-9, "√(1.6 · 0.4)")
        #expect(abs(UnitCurve.circularEaseInOut.value(at: 0.5) - 0.5) < 1e-9)
        #expect(UnitCurve.easeIn.value(at: 2) == 1 && UnitCurve.easeIn.value(at: -1) == 0, "clamped")
        #expect(abs(UnitCurve.linear.velocity(at: 0.5) - 1) < 1e-6)
        #expect(UnitCurve.easeIn.velocity(at: 0.1) < 1 && UnitCurve.easeIn.velocity(at: 0.9) > 1)
        #expect(UnitCurve.circularEaseIn.velocity(at: 0.5) > 0.5)
        let custom = UnitCurve.bezier(startControlPoint: UnitPoint(x: 0.2, y: 0.9), endControlPoint: UnitPoint(x: 0.3, y: 1))
        let x = 0.37
        #expect(abs(custom.inverse.value(at: custom.value(at: x)) - x) < 1e-6, "the inverse undoes the curve")
        #expect(abs(UnitCurve.circularEaseInOut.inverse.value(at: UnitCurve.circularEaseInOut.value(at: x)) - x) < 1e-6)
        #expect(UnitCurve.circularEaseIn.inverse == .circularEaseOut)
        #expect(UnitCurve.circularEaseInOut.inverse.inverse == .circularEaseInOut)
    }

    @Test func springsConvertBetweenTheirParameters() {
        let spring = Spring(duration: 0.5, bounce: 0.3)
        #expect(abs(spring.dampingRatio - 0.7) < 1e-12 && spring.response == 0.5 && spring.duration == 0.5)
        #expect(abs(spring.bounce - 0.3) < 1e-12 && spring.mass == 1)
        #expect(abs(spring.stiffness - pow(2 * .pi / 0.5, 2)) < 1e-9)
        #expect(abs(spring.damping - 2 * 0.7 * (2 * .pi / 0.5)) < 1e-9)
        let physical = Spring(mass: 1, stiffness: spring.stiffness, damping: spring.damping)
        #expect(abs(physical.response - 0.5) < 1e-9 && abs(physical.dampingRatio - 0.7) < 1e-9)
        #expect(Spring(mass: 1, stiffness: 100, damping: 100).dampingRatio == 1, "not overdamped unless allowed")
        #expect(Spring(mass: 1, stiffness: 100, damping: 100, allowOverDamping: true).dampingRatio == 5)
        #expect(Spring(duration: 1, bounce: -0.5).dampingRatio == 2 && abs(Spring(duration: 1, bounce: -0.5).bounce + 0.5) < 1e-12)
        #expect(Spring(response: 0.4, dampingRatio: 0.5).bounce == 0.5)
        #expect(Spring.smooth == Spring(duration: 0.5, bounce: 0) && Spring.snappy.bounce == 0.15 && Spring.bouncy.bounce == 0.3)
        #expect(Spring.bouncy(duration: 1, extraBounce: 0.1).bounce == 0.4 && Spring.snappy(extraBounce: 0.05).bounce == 0.2)
        #expect(Spring.smooth(duration: 2).duration == 2)
        let settling = Spring(settlingDuration: 1, dampingRatio: 0.5)
        #expect(abs(settling.settlingDuration - 1) < 0.15, "settles in about the time asked for")
    }

    @Test func aSpringMovesAValueToItsTargetAndSettles() {
        for spring in [Spring(duration: 0.5, bounce: 0.3), Spring(duration: 0.5), Spring(duration: 0.5, bounce: -0.5)] {
            #expect(abs(spring.value(target: 10.0, time: 0)) < 1e-9, "starts at zero")
            #expect(abs(spring.value(target: 10.0, time: 5) - 10) < 1e-6, "ends at the target")
            #expect(abs(spring.velocity(target: 10.0, time: 0)) < 1e-9, "starts at rest")
            #expect(abs(spring.velocity(target: 0.0, initialVelocity: 3.0, time: 0) - 3) < 1e-9)
            // The velocity is the value's derivative.
            let (t, h) = (0.2, 1e-6)
            let slope = (spring.value(target: 10.0, time: t + h) - spring.value(target: 10.0, time: t - h)) / (2 * h)
            #expect(abs(slope - spring.velocity(target: 10.0, time: t)) < 1e-4)
        }
        let bouncy = Spring(duration: 0.5, bounce: 0.5)
        let peak = stride(from: 0.0, through: 1, by: 0.01).map { bouncy.value(target: 1.0, time: $0) }.max() ?? 0
        #expect(peak > 1.1, "a bouncy spring overshoots")
        var value = 0.0, velocity = 0.0
        for _ in 0..<10 { bouncy.update(value: &value, velocity: &velocity, target: 1.0, deltaTime: 0.02) }
        #expect(abs(value - bouncy.value(target: 1.0, time: 0.2)) < 1e-9, "stepping matches the closed form")
        #expect(abs(velocity - bouncy.velocity(target: 1.0, time: 0.2)) < 1e-9)
        #expect(abs(bouncy.force(target: 1.0, position: 0.0, velocity: 0.0) - bouncy.stiffness) < 1e-9)
        #expect(abs(bouncy.force(target: 0.0, position: 0.0, velocity: 1.0) + bouncy.damping) < 1e-9)
        let duration = bouncy.settlingDuration(target: 1.0, initialVelocity: 0.0, epsilon: 0.01)
        #expect(duration > 0.2 && duration < 2)
        #expect(abs(bouncy.value(target: 1.0, time: duration + 1) - 1) < 0.01)
        let point = bouncy.value(fromValue: CGPoint(x: 0, y: 10), toValue: CGPoint(x: 10, y: 10), initialVelocity: .zero, time: 3)
        #expect(abs(point.x - 10) < 1e-3 && point.y == 10)
        let moving = bouncy.velocity(fromValue: CGPoint.zero, toValue: CGPoint(x: 10, y: 0), initialVelocity: .zero, time: 0.1)
        #expect(moving.x > 0 && moving.y == 0)
        let pull = bouncy.force(fromValue: CGPoint.zero, toValue: CGPoint(x: 1, y: 0), position: .zero, velocity: .zero)
        #expect(abs(pull.x - bouncy.stiffness) < 1e-9)
        #expect(bouncy.settlingDuration(fromValue: CGPoint.zero, toValue: CGPoint(x: 1, y: 0), initialVelocity: .zero,
                                        epsilon: 0.01) == duration)
    }

    @Test func springAndCurveAnimationsAreSpelledAsWritten() {
        #expect(Animation.spring(Spring(duration: 0.4, bounce: 0.2)).description
            == ".spring(Spring(duration: 0.4, bounce: 0.2), blendDuration: 0)")
        #expect(Animation.interpolatingSpring(.bouncy, initialVelocity: 2).description
            == ".interpolatingSpring(Spring(duration: 0.5, bounce: 0.3), initialVelocity: 2)")
        #expect(Animation.timingCurve(.circularEaseIn, duration: 2).description == ".timingCurve(.circularEaseIn, duration: 2)")
        #expect(Animation.easeIn.logicallyComplete(after: 0.1).description == ".easeIn.logicallyComplete(after: 0.1)")
        #expect(Animation.timingCurve(.bezier(startControlPoint: .zero, endControlPoint: .init(x: 0.5, y: 1)), duration: 1)
            .description == ".timingCurve(.bezier(0, 0, 0.5, 1), duration: 1)")
    }

    struct Blur: ViewModifier {
        let radius: Double
        func body(content: Content) -> some View { content.blur(radius: radius) }
    }

    @Test func aModifierTransitionIsRecordedWithBothModifiers() throws {
        struct Toggler: View {
            @State var shown = false
            var body: some View {
                VStack {
                    Button("Show") { withAnimation { shown.toggle() } }
                    if shown {
                        Text("Detail").transition(.modifier(active: Blur(radius: 8), identity: Blur(radius: 0)))
                    }
                }
            }
        }
        let (host, scheduler) = mount(Toggler())
        try host.tap("Show")
        scheduler.flush()
        let event = try #require(host.transitionEvents.last)
        #expect(event.transition.description == ".modifier(active: Blur(radius: 8.0), identity: Blur(radius: 0.0))")
        #expect(event.kind == .insertion)
    }

    @Test func timelineSchedulesListTheirDates() {
        let start = Date(timeIntervalSinceReferenceDate: 1_000)
        var periodic: PeriodicTimelineSchedule.Entries = PeriodicTimelineSchedule(from: start, by: 10).entries(from: start.addingTimeInterval(25), mode: .normal)
        #expect([periodic.next(), periodic.next()] == [start.addingTimeInterval(20), start.addingTimeInterval(30)])
        var minutes: EveryMinuteTimelineSchedule.Entries = EveryMinuteTimelineSchedule().entries(from: Date(timeIntervalSinceReferenceDate: 130), mode: .lowFrequency)
        #expect(minutes.next() == Date(timeIntervalSinceReferenceDate: 120) && minutes.next() == Date(timeIntervalSinceReferenceDate: 180))
        let dates = [start, start.addingTimeInterval(5)]
        #expect(Array(ExplicitTimelineSchedule(dates).entries(from: .distantFuture, mode: .normal)) == dates)
        var frames: AnimationTimelineSchedule.Entries = AnimationTimelineSchedule(minimumInterval: 0.5).entries(from: start, mode: .normal)
        #expect(frames.next() == start && frames.next() == start.addingTimeInterval(0.5))
        var paused = AnimationTimelineSchedule(paused: true).entries(from: start, mode: .normal)
        #expect(paused.next() == start && paused.next() == nil)
        let schedules: [any TimelineSchedule] = [
            .periodic(from: start, by: 1), .everyMinute, .explicit(dates), .animation, .animation(minimumInterval: 1, paused: false),
        ]
        #expect(schedules.count == 5)
        #expect(TimelineScheduleMode.normal != .lowFrequency)
    }

    @Test func aTimelineViewShowsTheLatestEntryOfItsSchedule() throws {
        let past = Date(timeIntervalSince1970: 1_000_000)
        let (host, _) = mount(VStack {
            TimelineView(.explicit([past, past.addingTimeInterval(60), .distantFuture])) { context in
                let _ = context.invalidateTimelineContent()
                Text("at \(Int(context.date.timeIntervalSince1970)) \(context.cadence == .live)")
            }
            TimelineView(.everyMinute) { (context: TimelineViewDefaultContext) in
                Text(context.cadence <= .seconds ? "minute timeline" : "slow")
            }
        })
        #expect(host.renderedText.contains("at 1000060 true"))
        #expect(host.renderedText.contains("minute timeline"))
        let node = try host.inspect().find(text: "at 1000060 true")
        #expect(node.attributes["timeline"] == "")
        #expect(TimelineView<EveryMinuteTimelineSchedule, Text>.Context.Cadence.live < .minutes)
    }

    struct Heart: View {
        let seen: Recorder
        @State var likes = 0
        var body: some View {
            VStack {
                Button("Like") { likes += 1 }
                PhaseAnimator([1.0, 1.5, 2.0] as [Double], trigger: likes) { (scale: Double) in
                    let _ = seen.record("scale \(scale)")
                    Text(verbatim: "heart \(scale)")
                } animation: { scale in scale == 1 ? .easeOut : .spring }
                Text("badge")
                    .phaseAnimator([false, true], trigger: likes) { content, highlighted in
                        let _ = seen.record("highlighted \(highlighted)")
                        content.opacity(highlighted ? 0.5 : 1)
                    }
                PhaseAnimator(["a", "b"]) { phase in Text("loop \(phase)") }
            }
        }
    }

    @Test func aPhaseAnimatorStepsThroughItsPhasesWhenItsTriggerChanges() throws {
        let seen = Recorder()
        let (host, scheduler) = mount(Heart(seen: seen))
        #expect(host.renderedText.contains("heart 1.0"))
        #expect(try host.inspect().find(text: "loop a").attributes["phaseAnimator"] == "repeating")
        #expect(seen.take() == ["scale 1.0", "highlighted false"])
        try host.tap("Like")
        scheduler.flush()
        scheduler.flush()
        #expect(seen.take().filter { $0.hasPrefix("scale") } == ["scale 1.0", "scale 1.5", "scale 2.0", "scale 1.0"],
                "the new trigger, then each phase in turn, each animation completing before the next, back to the first")
        #expect(try host.inspect().find(text: "heart 1.0").attributes["phase"] == "0")
        #expect(try host.inspect().find(text: "badge").attributes["opacity"] == "1")
    }

    @Test func geometryValuesInterpolateThroughTheirAnimatableData() {
        var point = CGPoint(x: 1, y: 2)
        point.animatableData = point.animatableData + CGPoint(x: 10, y: 20).animatableData.scaled(by: 0.5)
        #expect(point == CGPoint(x: 6, y: 12))
        var size = CGSize(width: 4, height: 8)
        size.animatableData.scale(by: 0.25)
        #expect(size == CGSize(width: 1, height: 2))
        var rect = CGRect(x: 0, y: 0, width: 10, height: 10)
        rect.animatableData = rect.animatableData.interpolated(towards: CGRect(x: 10, y: 10, width: 20, height: 30).animatableData, amount: 0.5)
        #expect(rect == CGRect(x: 5, y: 5, width: 15, height: 20))
        var anchor = UnitPoint.topLeading
        anchor.animatableData = UnitPoint.bottomTrailing.animatableData
        #expect(anchor == .bottomTrailing)
        var insets = EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)
        insets.animatableData = insets.animatableData + insets.animatableData
        #expect(insets == EdgeInsets(top: 2, leading: 4, bottom: 6, trailing: 8))
        let moved = Spring.smooth.value(fromValue: CGSize.zero, toValue: CGSize(width: 10, height: 0), initialVelocity: .zero, time: 5)
        #expect(abs(moved.width - 10) < 1e-3)
    }
}
