import Foundation

// A view that animates through phases (SwiftUI's `PhaseAnimator`, `.phaseAnimator`), headless:
// when its trigger changes, it moves to the next phase with the animation the phase asks for, and
// to the one after when that animation completes — headless, after the update that applied it —
// until it is back at the first phase. The node carries `phase=INDEX`. Without a trigger, SwiftUI
// cycles for as long as the view is shown; with no clock headless, such an animator shows its first
// phase (recorded `phaseAnimator=repeating`).

/// An equatable value of any type, for a trigger.
struct _AnyTrigger: Equatable {
    let value: Any
    let isEqual: (Any) -> Bool

    init<T: Equatable>(_ value: T) {
        self.value = value
        isEqual = { ($0 as? T) == value }
    }

    static func == (lhs: _AnyTrigger, rhs: _AnyTrigger) -> Bool { lhs.isEqual(rhs.value) }
}

/// A view made for each phase in turn (SwiftUI's `PhaseAnimator`).
///
///     PhaseAnimator([1.0, 1.5, 1.0], trigger: likes) { scale in
///         Image(systemName: "heart").scaleEffect(scale)
///     }
public nonisolated struct PhaseAnimator<Phase: Equatable, Content: View>: View {
    let phases: [Phase]
    let trigger: _AnyTrigger?
    let content: (Phase) -> Content
    let animation: (Phase) -> Animation?
    @State private var index = 0

    init(phases: [Phase], trigger: _AnyTrigger?, content: @escaping (Phase) -> Content,
         animation: @escaping (Phase) -> Animation?) {
        self.phases = phases
        self.trigger = trigger
        self.content = content
        self.animation = animation
    }

    /// Moves through `phases` each time `trigger` changes.
    public init(
        _ phases: some Sequence<Phase>, trigger: some Equatable, @ViewBuilder content: @escaping (Phase) -> Content,
        animation: @escaping (Phase) -> Animation? = { _ in .default }
    ) {
        self.phases = Array(phases)
        self.trigger = _AnyTrigger(trigger)
        self.content = content
        self.animation = animation
    }

    /// Cycles through `phases` while shown (headless: shows the first).
    public init(
        _ phases: some Sequence<Phase>, @ViewBuilder content: @escaping (Phase) -> Content,
        animation: @escaping (Phase) -> Animation? = { _ in .default }
    ) {
        self.phases = Array(phases)
        trigger = nil
        self.content = content
        self.animation = animation
    }

    @MainActor public var body: some View {
        if phases.isEmpty {
            fatalError("DeclarativeViews: a PhaseAnimator needs at least one phase.")
        }
        let (phases, animation, index) = (self.phases, self.animation, $index)
        let shown = min(index.wrappedValue, phases.count - 1)
        return content(phases[shown])
            .modifier(_StyleModifier(key: trigger == nil ? "phaseAnimator" : "phase", value: trigger == nil ? "repeating" : "\(shown)"))
            .onChange(of: trigger) {
                Self.advance(index, phases: phases, animation: animation)
            }
    }

    /// Moves to the next phase, then on from there when its animation completes, until the first.
    @MainActor private static func advance(
        _ index: Binding<Int>, phases: [Phase], animation: @escaping (Phase) -> Animation?
    ) {
        let next = (index.wrappedValue + 1) % phases.count
        withAnimation(animation(phases[next])) {
            index.wrappedValue = next
        } completion: {
            if next != 0 { MainActor.assumeIsolated { advance(index, phases: phases, animation: animation) } }
        }
    }
}

/// Builds a body in which ``PlaceholderContentView``s of `Source` stand for the modified view
/// (`.phaseAnimator`'s and `.keyframeAnimator`'s content closures get one).
public nonisolated struct _PlaceholderContentModifier<Source: View, B: View>: ViewModifier {
    let makeBody: @MainActor () -> B

    @MainActor public func body(content: Content) -> B { makeBody() }

    public nonisolated static func _makeView(
        modifier: _GraphValue<Self>, inputs: _ViewInputs, body: @escaping (_ViewInputs) -> _ViewOutputs
    ) -> _ViewOutputs {
        let modifierBody = _makeBody(ModifierBodyAccessor<Self>.self, container: modifier, inputs: inputs)
        _recordBody(modifierBody)
        var inputs = inputs
        inputs.modifierContents.append(ModifierContent(modifier: ObjectIdentifier(Source.self), makeContent: body))
        return B._makeDebuggableView(view: _GraphValue(modifierBody), inputs: inputs)
    }
}

extension View {
    /// Makes this view through `phases` each time `trigger` changes (see ``PhaseAnimator``).
    public func phaseAnimator<Phase: Equatable>(
        _ phases: some Sequence<Phase>, trigger: some Equatable,
        @ViewBuilder content: @escaping (PlaceholderContentView<Self>, Phase) -> some View,
        animation: @escaping (Phase) -> Animation? = { _ in .default }
    ) -> some View {
        let (phases, trigger) = (Array(phases), _AnyTrigger(trigger))
        return modifier(_PlaceholderContentModifier<Self, _>(makeBody: {
            PhaseAnimator(phases: phases, trigger: trigger, content: { content(PlaceholderContentView(), $0) },
                          animation: animation)
        }))
    }

    /// Cycles this view through `phases` while shown (headless: the first).
    public func phaseAnimator<Phase: Equatable>(
        _ phases: some Sequence<Phase>,
        @ViewBuilder content: @escaping (PlaceholderContentView<Self>, Phase) -> some View,
        animation: @escaping (Phase) -> Animation? = { _ in .default }
    ) -> some View {
        let phases = Array(phases)
        return modifier(_PlaceholderContentModifier<Self, _>(makeBody: {
            PhaseAnimator(phases: phases, trigger: nil, content: { content(PlaceholderContentView(), $0) },
                          animation: animation)
        }))
    }
}
