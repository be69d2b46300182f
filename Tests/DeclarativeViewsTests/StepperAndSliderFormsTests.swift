import DeclarativeViews
import Foundation
import Testing

/// Every form of SwiftUI's `Stepper` and the label forms of `Slider`: a title string or a label
/// view, in either order with `onEditingChanged:`, bounded or not, shown through a format; each
/// steps its binding, stops at its bounds and reports editing around a step.
@MainActor @Suite struct StepperAndSliderFormsTests {
    struct Steppers: View {
        @State private var level = 0
        @State private var floors = 0
        @State private var gain = 1.0
        @State private var boost = 0.0
        @State private var ticks = 0
        @State private var editing: [Bool] = []
        var body: some View {
            VStack {
                DeclarativeViews.Stepper(String("Level"), value: $level, in: 0...2, onEditingChanged: { editing.append($0) })
                DeclarativeViews.Stepper("Floors", value: $floors, step: 5, onEditingChanged: { editing.append($0) })
                DeclarativeViews.Stepper("Gain", value: $gain, in: 0...2, step: 0.5, format: .number)
                DeclarativeViews.Stepper(value: $boost, step: 0.25, format: .number) {
                    Text("Boost")
                } onEditingChanged: { editing.append($0) }
                DeclarativeViews.Stepper {
                    Text("Ticks")
                } onIncrement: {
                    ticks += 1
                } onDecrement: {
                    ticks -= 1
                }
                Text("level=\(level) floors=\(floors) gain=\(gain) boost=\(boost) ticks=\(ticks)")
                Text("editing \(editing.map { $0 ? "began" : "ended" }.joined(separator: ","))")
            }
        }
    }

    @Test func aTitledStepperInARangeStopsAtItsBoundAndReportsEachStep() throws {
        let (host, scheduler) = mount(Steppers())
        let stepper = try host.inspect().find(stepper: "Level")
        for _ in 0..<3 { try stepper.increment(); scheduler.flush() }
        #expect(host.renderedText.contains("level=2 "), "the third step stops at the upper bound")
        #expect(host.renderedText.contains("editing began,ended,began,ended,began,ended"))
        try host.inspect().find(stepper: "Level").decrement()
        scheduler.flush()
        #expect(host.renderedText.contains("level=1 "))
    }

    @Test func anUnboundedStepperStepsByItsStepBothWays() throws {
        let (host, scheduler) = mount(Steppers())
        try host.inspect().find(stepper: "Floors").decrement()
        scheduler.flush()
        #expect(host.renderedText.contains("floors=-5 "))
        #expect(host.renderedText.contains("editing began,ended"))
    }

    @Test func aStepperWithAFormatShowsItsValueFormattedAndStepsIt() throws {
        let (host, scheduler) = mount(Steppers())
        #expect(host.renderedText.contains(#"Text "1""#), "Gain shows 1.0 through .number")
        let gain = try host.inspect().find(stepper: "Gain")
        for _ in 0..<4 { try gain.increment(); scheduler.flush() }
        #expect(host.renderedText.contains("gain=2.0 "), "stops at the upper bound")
        try host.inspect().find(stepper: "Boost").increment()
        scheduler.flush()
        #expect(host.renderedText.contains("boost=0.25 "))
        #expect(host.renderedText.contains(#"Text "0.25""#))
        #expect(host.renderedText.contains("editing began,ended"))
    }

    @Test func aStepperWithALabelFirstAndClosuresRunsThem() throws {
        let (host, scheduler) = mount(Steppers())
        let ticks = try host.inspect().find(stepper: "Ticks")
        try ticks.increment()
        scheduler.flush()
        try host.inspect().find(stepper: "Ticks").increment()
        scheduler.flush()
        #expect(host.renderedText.contains("ticks=2"))
    }

    struct Sliders: View {
        @State private var volume = 0.5
        @State private var speed = 2.0
        @State private var editing: [Bool] = []
        var body: some View {
            VStack {
                Slider(value: $volume, in: 0...1) {
                    Text("Volume")
                } minimumValueLabel: {
                    Text("quiet")
                } maximumValueLabel: {
                    Text("loud")
                } onEditingChanged: { editing.append($0) }
                Slider(value: $speed, in: 0...10, step: 2, onEditingChanged: { editing.append($0) },
                       minimumValueLabel: Text("slow"), maximumValueLabel: Text("fast")) {
                    Text("Speed")
                }
                Text("volume=\(volume) speed=\(speed)")
                Text("editing \(editing.map { $0 ? "began" : "ended" }.joined(separator: ","))")
            }
        }
    }

    @Test func aSliderWithValueLabelsShowsThemAroundItsValueAndTakesTypedValues() throws {
        let (host, scheduler) = mount(Sliders())
        #expect(host.renderedText.contains(#"Text "quiet""#))
        #expect(host.renderedText.contains(#"Text "loud""#))
        #expect(host.renderedText.contains(#"Text "slow""#))
        try host.type("0.8", into: "Volume")
        scheduler.flush()
        try host.type("5", into: "Speed")
        scheduler.flush()
        #expect(host.renderedText.contains("volume=0.8 speed=6.0"), "the speed rounds to its step of 2")
        #expect(host.renderedText.contains("editing began,ended,began,ended"))
    }
}
