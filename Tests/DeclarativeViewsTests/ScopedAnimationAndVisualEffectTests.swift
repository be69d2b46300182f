import DeclarativeViews
import Foundation
import Testing

/// The iOS 17 scoped `.animation(_:body:)` and `.transaction(_:body:)`, and `.visualEffect`
/// computed from the view's geometry.
@MainActor @Suite struct ScopedAnimationAndVisualEffectTests {
    struct Lamp: View {
        @State private var isOn = false

        var body: some View {
            VStack {
                Text("Lamp \(isOn)").animation(.easeIn) { $0.opacity(isOn ? 1 : 0.5) }
                Text("Fan \(isOn)").transaction { $0.animation = .linear } body: { $0.bold(isOn) }
                Text("Plain \(isOn)")
                Button("Switch") { isOn.toggle() }
            }
        }
    }

    @Test func aScopedAnimationAnimatesTheChangesOfItsBodyOnly() throws {
        let (host, scheduler) = mount(Lamp())
        try host.tap("Switch")
        scheduler.flush()
        #expect(host.renderedText.contains("Text \"Lamp true\" [animation=.easeIn"))
        #expect(host.renderedText.contains("Text \"Fan true\" [animation=.linear"))
        #expect(host.renderedText.contains("Text \"Plain true\"\n"))
        #expect(try host.inspect().find(text: "Lamp true").inheritedAttribute("opacity") == "1")
    }

    @Test func aVisualEffectIsComputedFromTheViewsLaidOutGeometry() throws {
        let (host, _) = mount(
            Text("Card").frame(width: 100, height: 50)
                .visualEffect { content, proxy in
                    content.offset(y: proxy.size.height / 2).opacity(proxy.frame(in: .global).minY >= 0 ? 1 : 0)
                })
        let card = try host.inspect().find { $0.attribute("visualEffect") != nil }
        #expect(card.attribute("visualEffect") == "offset 0×25; opacity 1")
    }
}
