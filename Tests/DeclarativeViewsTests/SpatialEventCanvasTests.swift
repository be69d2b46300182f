import DeclarativeViews
import Foundation
import Testing

/// A drawing canvas built on `SpatialEventGesture`: the driver's drag is one touch, whose events —
/// active while it moves, ended when it lifts — the canvas turns into a stroke; the events carry
/// locations in the gesture's coordinate space, the touch's kind and the modifier keys held.
@MainActor
@Suite struct SpatialEventCanvasTests {
    final class Log {
        var events: [String] = []
    }

    struct Sketchpad: View {
        let log: Log
        var space: any CoordinateSpaceProtocol = .local
        @State private var strokes: [[CGPoint]] = []
        @State private var current: [CGPoint] = []

        var body: some View {
            VStack {
                Text("Canvas")
                    .frame(width: 200, height: 100)
                    .gesture(SpatialEventGesture(coordinateSpace: space) { events in
                        for event in events {
                            log.events.append("\(event.phase) \(Int(event.location.x)),\(Int(event.location.y))")
                            switch event.phase {
                            case .active:
                                current.append(event.location)
                            case .ended:
                                strokes.append(current + [event.location])
                                current = []
                            case .cancelled:
                                current = []
                            }
                        }
                    })
                Text("strokes \(strokes.count), last \(strokes.last?.count ?? 0) points, drawing \(current.count)")
            }
        }
    }

    @Test func draggingAcrossTheCanvasRecordsOneStrokeOfActiveEventsEndedWhereTheTouchLifts() throws {
        let log = Log()
        let (host, scheduler) = mount(Sketchpad(log: log))
        try host.drag("Canvas", from: CGPoint(x: 0, y: 0), to: CGPoint(x: 30, y: 60), steps: 3)
        scheduler.flush()
        // Down where the drag starts, two moves, lifted at its end.
        #expect(log.events == ["active 0,0", "active 10,20", "active 20,40", "ended 30,60"])
        #expect(host.renderedText.contains("strokes 1, last 4 points, drawing 0"))
        try host.drag("Canvas", from: CGPoint(x: 5, y: 5), to: CGPoint(x: 5, y: 25), steps: 2)
        scheduler.flush()
        #expect(host.renderedText.contains("strokes 2, last 3 points, drawing 0"))
    }

    @Test func aTapIsATouchThatGoesDownAndLiftsAtTheSamePlace() throws {
        let log = Log()
        let (host, scheduler) = mount(Sketchpad(log: log))
        try host.tap("Canvas", at: CGPoint(x: 12, y: 7))
        scheduler.flush()
        #expect(log.events == ["active 12,7", "ended 12,7"])
        #expect(host.renderedText.contains("strokes 1, last 2 points"))
        #expect(throws: ViewHostError.self) { try host.magnify("Canvas", by: 2) }
    }

    @Test func eventsAreLocatedInTheGesturesCoordinateSpace() throws {
        let log = Log()
        let (host, _) = mount(Sketchpad(log: log, space: .global).padding(30))
        let text = try #require(try host.inspect().find(text: "Canvas").frame())
        #expect(text.minX >= 30)
        try host.drag("Canvas", from: CGPoint(x: 1, y: 2), to: CGPoint(x: 11, y: 2), steps: 1)
        #expect(log.events == [
            "active \(Int(text.minX + 1)),\(Int(text.minY + 2))", "ended \(Int(text.minX + 11)),\(Int(text.minY + 2))",
        ])
    }

    @Test func eachEventHasTheTouchsIdentityKindTimeAndModifierKeys() throws {
        var moments: [SpatialEventCollection] = []
        let gesture = SpatialEventGesture { moments.append($0) }
        #expect(gesture.coordinateSpace == .local)
        let (host, _) = mount(Text("Pad").frame(width: 80, height: 80).gesture(gesture.internalBody))
        try host.holdingModifiers(.option) {
            try host.drag("Pad", from: CGPoint(x: 0, y: 0), to: CGPoint(x: 20, y: 0), steps: 2)
        }
        #expect(moments.count == 3)
        let events = moments.flatMap { Array($0) }
        #expect(Set(events.map(\.id)).count == 1, "one touch")
        #expect(events.allSatisfy { $0.kind == .touch && $0.modifierKeys == .option && $0.inputDevicePose == nil })
        #expect(events.map(\.timestamp) == events.map(\.timestamp).sorted())
        #expect(events.map(\.phase) == [.active, .active, .ended])
        let moment = try #require(moments.last)
        #expect(moment.count == 1)
        let index = moment.startIndex
        #expect(moment.index(after: index) == moment.endIndex && index < moment.endIndex)
        #expect(moment[index].location == CGPoint(x: 20, y: 0))
        #expect(moment[moment[index].id]?.phase == .ended)
        var iterator = moment.makeIterator()
        #expect(iterator.next()?.location.x == 20)
        #expect(iterator.next()?.id == nil)
        // A pencil's pose, as an app reads it.
        var pencil = moment[index]
        pencil.inputDevicePose = SpatialEventCollection.Event.InputDevicePose(altitude: .degrees(60), azimuth: .degrees(90))
        #expect(pencil.inputDevicePose?.altitude == .degrees(60) && pencil.inputDevicePose?.azimuth == .degrees(90))
        #expect([SpatialEventCollection.Event.Kind.pointer, .pencil, .touch].count == 3)
        #expect(SpatialEventCollection.Event.Phase.cancelled != .active)
    }
}
