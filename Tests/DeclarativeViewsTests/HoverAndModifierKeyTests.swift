import DeclarativeViews
import Foundation
import Testing

/// The pointer hovering over views (the driver moves it on and off), gestures limited to held
/// modifier keys, hover effects, spring loading and drop proposals.
@MainActor @Suite struct HoverAndModifierKeyTests {
    final class Log {
        var events: [String] = []
    }

    struct Card: View {
        let log: Log
        @State private var hovering = false

        var body: some View {
            VStack {
                Text(hovering ? "Lifted" : "Resting")
                    .frame(width: 100, height: 40)
                    .onHover { hovering = $0 }
                    .onContinuousHover { phase in
                        switch phase {
                        case .active(let location): log.events.append("local \(Int(location.x)),\(Int(location.y))")
                        case .ended: log.events.append("ended")
                        }
                    }
                    .onContinuousHover(coordinateSpace: .global) { phase in
                        if case .active(let location) = phase { log.events.append("global \(Int(location.x)),\(Int(location.y))") }
                    }
                Text("Plain")
            }
        }
    }

    @Test func hoveringOverAViewRunsItsHoverActionsAndLeavingEndsThem() throws {
        let log = Log()
        let (host, _) = mount(Card(log: log))
        let frame = try #require(try host.inspect().find { $0.renderedText.hasPrefix("Frame width=100") }.frame())
        let text = try #require(try host.inspect().find(text: "Resting").frame())
        try host.hover("Resting", at: CGPoint(x: 2, y: 3))
        // The frame's handlers see the pointer in its coordinates; the text is centred in it.
        let local = CGPoint(x: text.minX - frame.minX + 2, y: text.minY - frame.minY + 3)
        #expect(log.events == [
            "local \(Int(local.x)),\(Int(local.y))", "global \(Int(text.minX + 2)),\(Int(text.minY + 3))",
        ])
        #expect(try host.inspect().find(text: "Lifted").string() == "Lifted")
        log.events.removeAll()
        try host.endHover("Lifted")
        #expect(log.events == ["ended"])
        #expect(try host.inspect().find(text: "Resting").string() == "Resting")
        #expect(throws: ViewHostError.self) { try host.hover("Plain") }
        #expect(HoverPhase.ended != .active(.zero))
    }

    @Test func aGestureLimitedToModifierKeysRunsOnlyWhileTheyAreHeld() throws {
        let log = Log()
        let (host, _) = mount(
            Text("Canvas").frame(width: 200, height: 200)
                .gesture(DragGesture().modifiers(.shift).onEnded { _ in log.events.append("shift drag") }))
        #expect(throws: ViewHostError.self) { try host.drag("Canvas", by: CGSize(width: 30, height: 0)) }
        #expect(log.events.isEmpty)
        try host.holdingModifiers([.shift, .command]) {
            try host.drag("Canvas", by: CGSize(width: 30, height: 0))
        }
        #expect(log.events == ["shift drag"])
    }

    struct HoverSettings: View {
        @Environment(\.isHoverEffectEnabled) private var enabled
        @Environment(\.springLoadingBehavior) private var springLoading

        var body: some View {
            Text("\(enabled ? "effects" : "no effects") \(springLoading == .enabled ? "spring" : "plain")")
        }
    }

    @Test func hoverEffectsAreRecordedAndCanBeTurnedOffForASubtree() throws {
        let (host, _) = mount(VStack {
            Text("Lift").hoverEffect(.lift)
            Text("Off").hoverEffect(.highlight, isEnabled: false)
            Text("Default").defaultHoverEffect(.automatic)
            Text("Edges").defersSystemGestures(on: .bottom)
            HoverSettings()
            HoverSettings().hoverEffectDisabled().springLoadingBehavior(.enabled)
        })
        let screen = try host.inspect()
        #expect(try screen.find(text: "Lift").inheritedAttribute("hoverEffect") == "lift")
        #expect(try screen.find(text: "Off").inheritedAttribute("hoverEffect") == "none")
        #expect(try screen.find(text: "Default").inheritedAttribute("defaultHoverEffect") == "automatic")
        #expect(try screen.find(text: "Edges").inheritedAttribute("defersSystemGestures") != nil)
        #expect(try screen.find(text: "effects plain").string() == "effects plain")
        #expect(try screen.find(text: "no effects spring").string() == "no effects spring")
        #expect(SpringLoadingBehavior.automatic != .disabled)
    }

    @Test func aDropProposalCarriesItsOperation() {
        let proposals = [DropOperation.cancel, .forbidden, .copy, .move].map { DropProposal(operation: $0) }
        #expect(proposals.map(\.operation) == [.cancel, .forbidden, .copy, .move])
    }
}
