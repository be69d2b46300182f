/// Whether a scene is in the foreground and interactive (SwiftUI's `ScenePhase`). Ordered:
/// `background < inactive < active`.
public enum ScenePhase: Comparable, Hashable, Sendable {
    /// Not visible.
    case background
    /// Visible but not taking events.
    case inactive
    /// In the foreground, taking events.
    case active
}

struct ScenePhaseKey: EnvironmentKey {
    static let defaultValue = ScenePhase.active
}

extension EnvironmentValues {
    /// The phase of the scene the view is in. A headless app's scenes run in the foreground, so it
    /// reads ``ScenePhase/active`` unless a test sets it (`.environment(\.scenePhase, .background)`),
    /// which is how a test exercises an app's `onChange(of: scenePhase)` save.
    public var scenePhase: ScenePhase {
        get { self[ScenePhaseKey.self] }
        set { self[ScenePhaseKey.self] = newValue }
    }
}

extension ViewHost {
    /// The phase of the host's scenes, as `@Environment(\.scenePhase)` reads it everywhere in
    /// the host (``ScenePhase/active`` unless the host was made with another). Setting it is what
    /// the system does when the app goes to the background or comes back: views and scenes that
    /// read it update at the next flush, and their `onChange(of: scenePhase)` actions run.
    public var scenePhase: ScenePhase {
        get { core.rootEnvironment?.value.scenePhase ?? .active }
        set {
            guard let environment = core.rootEnvironment, environment.value.scenePhase != newValue else { return }
            environment.value.scenePhase = newValue
        }
    }
}
