import Foundation

// Where the focus starts: `.defaultFocus($field, .name)` gives the binding its value when the
// view appears (unless something already has the focus there); `.prefersDefaultFocus(in:)` marks
// the focusable view the host focuses after the scene's first update, when nothing has the
// focus; `\.resetFocus` gives the default focus again. Scopes and sections (`.focusScope`,
// `.focusSection`) only group views for the arrow keys: recorded.

/// When a default focus applies (SwiftUI's `DefaultFocusEvaluationPriority`): when the view
/// appears (`.automatic`), or also over the focus a user gave (`.userInitiated`). Headless both
/// give the focus when the view appears.
public struct DefaultFocusEvaluationPriority: Sendable {
    let overridesFocus: Bool
    public static let automatic = DefaultFocusEvaluationPriority(overridesFocus: false)
    public static let userInitiated = DefaultFocusEvaluationPriority(overridesFocus: true)
}

/// Whether a focus value names no view: `false`, or `nil` (as `FocusState` starts).
private func _namesNoView<V>(_ value: V) -> Bool {
    if let flag = value as? Bool { return !flag }
    let mirror = Mirror(reflecting: value)
    return mirror.displayStyle == .optional && mirror.children.isEmpty
}

/// Gives a focus binding its default value when the content appears.
struct DefaultFocusContainer<Content: View, V: Hashable>: View {
    let content: Content
    let binding: FocusState<V>.Binding
    let value: V
    let priority: DefaultFocusEvaluationPriority

    var body: some View {
        let (binding, value, priority) = (self.binding, self.value, self.priority)
        content.onAppear {
            if priority.overridesFocus || _namesNoView(binding.wrappedValue) { binding.wrappedValue = value }
        }
    }
}

/// Resets the focus to its default (SwiftUI's `ResetFocusAction`, `@Environment(\.resetFocus)`):
/// the focusable view that has the focus loses it, and the host gives it to the view that
/// prefers the default focus at its next update.
public struct ResetFocusAction {
    let center: FocusCenter?

    public func callAsFunction(in namespace: Namespace.ID) {
        guard let center else { return }
        center.blurFocusable()
        center.defaultFocusGiven = false
    }
}

struct IsFocusEffectEnabledKey: EnvironmentKey {
    static let defaultValue = true
}

extension EnvironmentValues {
    /// Resets the focus of the scene to its default.
    public var resetFocus: ResetFocusAction {
        ResetFocusAction(center: _focusCenter)
    }

    /// Whether focused views draw the system's focus effect (off under `.focusEffectDisabled()`).
    public var isFocusEffectEnabled: Bool {
        get { self[IsFocusEffectEnabledKey.self] }
        set { self[IsFocusEffectEnabledKey.self] = newValue }
    }
}

extension View {
    /// Gives `binding` the value `value` when the view appears, unless it already names a view
    /// (SwiftUI's `defaultFocus(_:_:priority:)`; `.userInitiated` gives it anyway).
    public func defaultFocus<V: Hashable>(
        _ binding: FocusState<V>.Binding, _ value: V, priority: DefaultFocusEvaluationPriority = .automatic
    ) -> some View {
        DefaultFocusContainer(content: self, binding: binding, value: value, priority: priority)
    }

    /// Marks the view the host focuses when nothing has the focus in the scene (after its first
    /// update, or a ``ResetFocusAction``): recorded as `prefersDefaultFocus`; the view must be
    /// focusable.
    public func prefersDefaultFocus(_ prefersDefaultFocus: Bool = true, in namespace: Namespace.ID) -> some View {
        modifier(PrefersDefaultFocusModifier(prefers: prefersDefaultFocus))
    }

    /// Groups the focusable views inside for default focus and resets (recorded as `focusScope`).
    public func focusScope(_ namespace: Namespace.ID) -> ModifiedContent<Self, _StyleModifier> {
        modifier(_StyleModifier(key: "focusScope", value: "\(namespace.value)"))
    }

    /// Groups the focusable views inside for the arrow keys (recorded as `focusSection`).
    public func focusSection() -> ModifiedContent<Self, _StyleModifier> {
        modifier(_StyleModifier(key: "focusSection", value: ""))
    }

    /// Turns off the system's focus effect inside (SwiftUI's `focusEffectDisabled(_:)`): recorded
    /// as `focusEffectDisabled`, and `\.isFocusEffectEnabled` is false inside.
    public func focusEffectDisabled(_ disabled: Bool = true) -> some View {
        environment(\.isFocusEffectEnabled, !disabled)
            .modifier(_StyleModifier(key: "focusEffectDisabled", value: disabled ? "" : "false"))
    }
}

/// `.prefersDefaultFocus(in:)`: recorded on the node, and the host told that the scene has a
/// default focus to give (until a view asks, the host looks for none after its updates).
struct PrefersDefaultFocusModifier: ViewModifier {
    let prefers: Bool
    @Environment(\._focusCenter) private var center

    func body(content: Content) -> some View {
        if prefers { center?.hasDefaultFocusRequests = true }
        return content.modifier(_StyleModifier(key: "prefersDefaultFocus", value: prefers ? "" : "false"))
    }
}
