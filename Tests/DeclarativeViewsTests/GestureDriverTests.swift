import DeclarativeViews
import Foundation
import Testing

/// Gestures performed by the driver: drags, pinches, rotations, taps at a point, long presses,
/// with the values SwiftUI's gestures report, `@GestureState` updating and resetting, and
/// composed gestures competing as they do in SwiftUI.
@MainActor
@Suite struct GestureDriverTests {
    struct DraggableCard: View {
        @GestureState private var dragging = CGSize.zero
        @State private var position = CGSize.zero
        @State var log: [String] = []

        var body: some View {
            VStack {
                Text("Card")
                    .offset(x: position.width + dragging.width, y: position.height + dragging.height)
                    .gesture(
                        DragGesture(minimumDistance: 5)
                            .updating($dragging) { value, state, _ in state = value.translation }
                            .onChanged { value in log.append("changed \(Int(value.translation.width))") }
                            .onEnded { value in
                                position.width += value.translation.width
                                position.height += value.translation.height
                                log.append("ended at \(Int(value.location.x)),\(Int(value.location.y)) from \(Int(value.startLocation.x))")
                            })
                Text("moving \(Int(dragging.width)) placed \(Int(position.width)),\(Int(position.height))")
                Text("log \(log.joined(separator: "; "))")
            }
        }
    }

    @Test func aDragRunsOnChangedAtEachStepAndOnEndedWithTheLastValue() throws {
        let (host, scheduler) = mount(DraggableCard())
        try host.drag("Card", from: CGPoint(x: 10, y: 10), to: CGPoint(x: 40, y: 70))
        scheduler.flush()
        #expect(host.renderedText.contains("log changed 10; changed 20; changed 30; ended at 40,70 from 10"))
        #expect(host.renderedText.contains("moving 0 placed 30,60"), "the gesture state was reset when the drag ended")
    }

    @Test func gestureStateFollowsTheDragWhileItLasts() throws {
        struct Probe: View {
            @GestureState private var offset: CGFloat = 0
            @State private var seen: [Int] = []
            var body: some View {
                VStack {
                    Text("Knob").gesture(DragGesture().updating($offset) { value, state, _ in state = value.translation.width })
                        .onChange(of: offset) { _, new in seen.append(Int(new)) }
                    Text("seen \(seen.map(String.init).joined(separator: ","))")
                }
            }
        }
        let (host, scheduler) = mount(Probe())
        try host.drag("Knob", by: CGSize(width: 90, height: 0), steps: 3)
        scheduler.flush()
        #expect(host.renderedText.contains("seen 30,60,0"), "30 and 60 during the drag, back to 0 at its end")
    }

    @Test func aDragShorterThanTheMinimumDistanceIsNotPerformed() throws {
        let (host, _) = mount(DraggableCard())
        #expect(throws: ViewHostError.self) { try host.drag("Card", by: CGSize(width: 2, height: 0)) }
        #expect(throws: ViewHostError.self) { try host.drag("placed nowhere", by: CGSize(width: 50, height: 0)) }
    }

    struct Photo: View {
        @State private var scale: CGFloat = 1
        @State private var angle = Angle.zero
        @State private var tapped = CGPoint.zero
        @State private var legacy = ""

        var body: some View {
            VStack {
                Text("Photo")
                    .gesture(MagnifyGesture().onEnded { scale = $0.magnification })
                    .simultaneousGesture(RotateGesture().onEnded { angle = $0.rotation })
                    .onTapGesture { location in tapped = location }
                Text("Old")
                    .gesture(MagnificationGesture().onChanged { legacy += "m\($0) " })
                    .simultaneousGesture(RotationGesture().onEnded { legacy += "r\(Int($0.degrees))" })
                Text("scale \(scale) angle \(Int(angle.degrees)) tap \(Int(tapped.x)),\(Int(tapped.y))")
                Text("legacy \(legacy)")
            }
        }
    }

    @Test func pinchRotateAndSpatialTapReportTheirValues() throws {
        let (host, scheduler) = mount(Photo())
        try host.magnify("Photo", by: 2)
        try host.rotate("Photo", by: .degrees(90))
        try host.tap("Photo", at: CGPoint(x: 3, y: 4))
        scheduler.flush()
        #expect(host.renderedText.contains("scale 2.0 angle 90 tap 3,4"))
        try host.magnify("Old", by: 1.5, steps: 2)
        try host.rotate("Old", by: .degrees(-45))
        scheduler.flush()
        #expect(host.renderedText.contains("legacy m1.25 m1.5 r-45"))
    }

    @Test func gestureValuesCarryTimeVelocityAndPredictions() throws {
        final class Box { var drag: DragGesture.Value?; var pinch: MagnifyGesture.Value?; var turn: RotateGesture.Value? }
        let box = Box()
        let (host, _) = mount(VStack {
            Text("Target")
                .gesture(DragGesture(minimumDistance: 0, coordinateSpace: .local).onEnded { box.drag = $0 })
                .simultaneousGesture(MagnifyGesture(minimumScaleDelta: 0.1).onEnded { box.pinch = $0 })
                .simultaneousGesture(RotateGesture(minimumAngleDelta: .degrees(5)).onEnded { box.turn = $0 })
        })
        try host.drag("Target", from: CGPoint(x: 0, y: 0), to: CGPoint(x: 30, y: 0), steps: 3)
        let drag = try #require(box.drag)
        #expect(drag.translation == CGSize(width: 30, height: 0))
        #expect(drag.predictedEndTranslation == drag.translation)
        #expect(drag.predictedEndLocation == CGPoint(x: 30, y: 0))
        #expect(drag.velocity.width == 100, "10 points per tenth of a second")
        #expect(drag.time > Date(timeIntervalSinceNow: -60))
        try host.magnify("Target", by: 3, steps: 2)
        let pinch = try #require(box.pinch)
        #expect(pinch.magnification == 3 && pinch.velocity == 10 && pinch.startAnchor == .center)
        #expect(pinch.startLocation == pinch.startLocation && pinch.time <= Date())
        #expect(throws: ViewHostError.self) { try host.rotate("Target", by: .degrees(2)) }
        try host.rotate("Target", by: .degrees(30), steps: 1)
        let turn = try #require(box.turn)
        #expect(abs(turn.rotation.degrees - 30) < 1e-9 && abs(turn.velocity.degrees - 300) < 1e-6)
        #expect(turn.startAnchor == .center && turn.startLocation == turn.startLocation && turn.time <= Date())
        let gestures = [DragGesture().minimumDistance, MagnifyGesture().minimumScaleDelta]
        #expect(gestures == [10, 0.01])
        #expect(RotateGesture().minimumAngleDelta == .degrees(1) && DragGesture().coordinateSpace == .local)
    }

    @Test func composedGesturesReportBothValuesOrTheOneThatWon() throws {
        final class Log { var lines: [String] = [] }
        let log = Log()
        let pinchAndTurn = MagnifyGesture().simultaneously(with: RotateGesture())
        let holdThenDrag = LongPressGesture().sequenced(before: DragGesture())
        let tapOrHold = TapGesture(count: 2).exclusively(before: LongPressGesture())
        let (host, _) = mount(VStack {
            Text("Both").gesture(pinchAndTurn.onEnded { value in
                log.lines.append("both \(value.first?.magnification ?? 0) \(value.second == nil)")
            })
            Text("Sequence").gesture(holdThenDrag.onEnded { value in
                if case .second(let pressed, let drag?) = value { log.lines.append("held \(pressed) dragged \(Int(drag.translation.height))") }
            })
            Text("Either").gesture(tapOrHold.onEnded { value in
                switch value {
                case .first: log.lines.append("double tap")
                case .second(let pressed): log.lines.append("held \(pressed)")
                }
            })
            Text("Mapped").gesture(DragGesture().map { $0.translation.width * 2 }.onEnded { log.lines.append("mapped \(Int($0))") })
            Text("Erased").gesture(AnyGesture(DragGesture().map { _ in "erased" }).onEnded { log.lines.append($0) })
        })
        try host.magnify("Both", by: 2)
        try host.drag("Sequence", by: CGSize(width: 0, height: 25))
        try host.longPress("Either")
        try host.tap("Either")
        try host.drag("Mapped", by: CGSize(width: 20, height: 0))
        try host.drag("Erased", by: CGSize(width: 20, height: 0))
        #expect(log.lines == ["both 2.0 true", "held true dragged 25", "held true", "double tap", "mapped 40", "erased"])
        #expect(pinchAndTurn.first.minimumScaleDelta == 0.01 && pinchAndTurn.second.minimumAngleDelta == .degrees(1))
        #expect(holdThenDrag.first.minimumDuration == 0.5 && holdThenDrag.second.minimumDistance == 10)
        #expect(tapOrHold.first.count == 2 && tapOrHold.second.maximumDistance == 10)
        let pair = SimultaneousGesture(TapGesture(), LongPressGesture())
        let chain = SequenceGesture(TapGesture(), LongPressGesture())
        let either = ExclusiveGesture(TapGesture(), LongPressGesture())
        #expect(pair.second.minimumDuration == chain.second.minimumDuration && either.first.count == 1)
    }

    @Test func highPriorityAndSimultaneousGesturesCompeteAsInSwiftUI() throws {
        final class Log { var lines: [String] = [] }
        let log = Log()
        let (host, _) = mount(VStack {
            Text("Inner").gesture(DragGesture().onEnded { _ in log.lines.append("inner") })
        }
        .gesture(DragGesture().onEnded { _ in log.lines.append("outer") }))
        try host.drag("Inner", by: CGSize(width: 30, height: 0))
        #expect(log.lines == ["inner"], "the subview's gesture wins over its container's")

        let (high, _) = mount(VStack {
            Text("Inner").gesture(DragGesture().onEnded { _ in log.lines.append("inner") })
        }
        .highPriorityGesture(DragGesture().onEnded { _ in log.lines.append("high") })
        .simultaneousGesture(DragGesture().onEnded { _ in log.lines.append("alongside") }))
        try high.drag("Inner", by: CGSize(width: 30, height: 0))
        #expect(log.lines == ["inner", "high", "alongside"])

        let (masked, _) = mount(Text("Off").gesture(DragGesture().onEnded { _ in log.lines.append("off") }, including: .none))
        #expect(throws: ViewHostError.self) { try masked.drag("Off", by: CGSize(width: 30, height: 0)) }
        #expect(try masked.inspect().find(text: "Off").attributes["gesture"] == "drag disabled")
        #expect(GestureMask.all == [.gesture, .subviews] && GestureMask(rawValue: 1) == .gesture)
        #expect(GestureMask.subviews.rawValue == 2)
    }

    struct CustomSwipe: Gesture {
        var body: some Gesture<String> {
            DragGesture(minimumDistance: 20).map { $0.translation.width < 0 ? "left" : "right" }
        }
    }

    @Test func aGestureOfYourOwnIsPerformedThroughItsBody() throws {
        final class Log { var lines: [String] = [] }
        let log = Log()
        let (host, _) = mount(Text("Swipe me").gesture(CustomSwipe().onEnded { log.lines.append($0) }))
        try host.drag("Swipe me", by: CGSize(width: -40, height: 0))
        #expect(log.lines == ["left"])
    }

    @Test func longPressFormsReportPressingAroundTheAction() throws {
        struct Holder: View {
            @State var log: [String] = []
            var body: some View {
                VStack {
                    Text("Hold").onLongPressGesture(minimumDuration: 1, maximumDistance: 5) {
                        log.append("held")
                    } onPressingChanged: { pressing in log.append("pressing \(pressing)") }
                    Text("Old").onLongPressGesture(pressing: { log.append("old \($0)") }) { log.append("old held") }
                    Text("Spatial").gesture(SpatialTapGesture(count: 1, coordinateSpace: .global).onEnded {
                        log.append("spatial \(Int($0.location.x))")
                    })
                    Text("log \(log.joined(separator: ", "))")
                }
            }
        }
        let (host, scheduler) = mount(Holder())
        try host.longPress("Hold")
        try host.tap("Old")
        try host.tap("Spatial", at: CGPoint(x: 7, y: 0))
        scheduler.flush()
        #expect(host.renderedText.contains(
            "log pressing true, held, pressing false, old true, old held, old false, spatial 7"))
        let spatial = SpatialTapGesture(count: 2, coordinateSpace: .named("card"))
        #expect(spatial.count == 2 && spatial.coordinateSpace == .named("card"))
    }

    @Test func gestureStateInitialisersAndResetTransactions() throws {
        struct Resetting: View {
            @GestureState(reset: { _, transaction in transaction.animation = .easeOut }) private var pressed: Bool?
            @GestureState(initialValue: 1, resetTransaction: Transaction(animation: .linear)) private var factor: CGFloat
            @GestureState(wrappedValue: 0, resetTransaction: Transaction()) private var count: Int
            @GestureState(initialValue: "idle") private var label: String
            @GestureState(initialValue: 0, reset: { _, _ in }) private var other: Double
            @GestureState private var optional: Int? = nil
            @GestureState(resetTransaction: Transaction()) private var lastly: String?
            var body: some View {
                Text("Zoom \(factor) \(pressed == nil) \(count) \(label) \(other) \(optional == nil) \(lastly == nil)")
                    .gesture(MagnifyGesture().updating($factor) { value, state, _ in state = value.magnification }
                        .updating($pressed) { _, state, _ in state = true })
            }
        }
        let (host, scheduler) = mount(Resetting())
        try host.magnify("Zoom 1.0 true 0 idle 0.0 true true", by: 2)
        scheduler.flush()
        #expect(host.renderedText.contains("Zoom 1.0 true 0 idle 0.0 true true"), "every gesture state reset")
        #expect(host.lastTransaction?.animation != nil, "the reset ran in the transaction its reset set")
    }

    @Test func gestureStateGestureExposesItsParts() {
        let state = GestureState(wrappedValue: 0)
        let gesture = GestureStateGesture(base: TapGesture(count: 3), state: state) { _, value, _ in value += 1 }
        #expect(gesture.base.count == 3 && gesture.state.wrappedValue == 0 && state.projectedValue.wrappedValue == 0)
        let longPress = LongPressGesture(minimumDuration: 2, maximumDistance: 3)
        #expect(longPress.minimumDuration == 2 && longPress.maximumDistance == 3)
        #expect(MagnificationGesture(minimumScaleDelta: 0.2).minimumScaleDelta == 0.2)
        #expect(RotationGesture(minimumAngleDelta: .degrees(3)).minimumAngleDelta == .degrees(3))
    }
}
