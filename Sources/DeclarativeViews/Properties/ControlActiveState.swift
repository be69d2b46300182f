/// Whether a control's window is the key window, an active one, or inactive (SwiftUI's
/// `ControlActiveState`, macOS); headless windows are always `.key`.
public enum ControlActiveState: Equatable, CaseIterable, Sendable {
    case key
    case active
    case inactive
}
