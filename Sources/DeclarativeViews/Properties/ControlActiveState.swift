/// Whether a control's window is the key window, an active one, or inactive (SwiftUI's
/// `ControlActiveState`, macOS); headless windows are always `.key`.
public enum ControlActiveState: Equatable, CaseIterable, Sendable {
    case key
    case active
    case inactive
}

struct ControlActiveStateKey: EnvironmentKey {
    static var defaultValue: ControlActiveState { .key }
}

extension EnvironmentValues {
    /// Whether the view's window is the key window (`.key` headless, where every window is).
    public var controlActiveState: ControlActiveState {
        get { self[ControlActiveStateKey.self] }
        set { self[ControlActiveStateKey.self] = newValue }
    }
}
