import AttrGraph
import Observation

/// The windows of a host's scenes: which window scenes there are (``WindowGroup``, ``Window``,
/// ``Settings``) and which windows of each are open. A scene's windows are shown in the render
/// tree, each a `Window` node; ``OpenWindowAction`` adds one, ``DismissWindowAction`` removes
/// one. Observable, so the scenes' views show the change at the next update.
@Observable
final class SceneWindows {
    /// A window scene, as registered when the host mounts it.
    struct SceneRecord {
        /// `WindowGroup(id:)`'s or `Window`'s id.
        let id: String?
        /// The type of value a `WindowGroup(for:)` presents.
        let valueType: Any.Type?
        /// A `Window` or `Settings`: one window at most.
        let isSingle: Bool
    }

    /// One open window of a scene: the value it presents, if any (a `WindowGroup(for:)`'s
    /// binding reads and writes it).
    @Observable
    final class OpenedWindow: Identifiable {
        /// The scene the window belongs to (its index in ``scenes``).
        let scene: Int
        var value: AnyHashable?

        init(scene: Int, value: AnyHashable?) {
            self.scene = scene
            self.value = value
        }
    }

    @ObservationIgnored private var scenes: [SceneRecord] = []
    /// Whether a scene that only opens at launch when it is the app's first scene has been
    /// preceded by another.
    @ObservationIgnored private var launchClaimed = false
    /// The open windows, oldest first.
    @ObservationIgnored private var open: [OpenedWindow] = []
    /// Bumped when a window opens or closes after its scene's registration: what the scenes'
    /// views observe. (Registering opens launch windows without it: the scene's view is made
    /// after its registration, and other scenes' views must not update for it.)
    private var revision = 0

    /// The open windows, oldest first (observed).
    var windows: [OpenedWindow] {
        _ = revision
        return open
    }

    /// Registers a scene; it opens a window now when `opensAtLaunch` says so given whether it is
    /// the app's first scene. Returns the scene's number.
    func register(_ record: SceneRecord, opensAtLaunch: (_ isFirst: Bool) -> Bool, launchValue: AnyHashable? = nil) -> Int {
        let number = scenes.count
        scenes.append(record)
        let isFirst = !launchClaimed
        launchClaimed = true
        if opensAtLaunch(isFirst) { open.append(OpenedWindow(scene: number, value: launchValue)) }
        return number
    }

    /// The open windows of scene `number`.
    func windows(of number: Int) -> [OpenedWindow] {
        windows.filter { $0.scene == number }
    }

    /// Opens a window of the scene `id` names, or of the first scene presenting values of
    /// `value`'s type, presenting `value`. A single-window scene's window, or a window already
    /// presenting `value`, is not opened twice. Returns whether a scene matched.
    @discardableResult
    func open(id: String?, value: AnyHashable?, valueType: Any.Type?) -> Bool {
        guard let scene = scenes.indices.first(where: { matches(scenes[$0], id: id, valueType: valueType) }) else {
            return false
        }
        let shown = windows(of: scene)
        if scenes[scene].isSingle, !shown.isEmpty { return true }
        if value != nil, shown.contains(where: { $0.value == value }) { return true }
        open.append(OpenedWindow(scene: scene, value: value))
        revision += 1
        return true
    }

    /// Closes `window`.
    func close(_ window: OpenedWindow) {
        open.removeAll { $0 === window }
        revision += 1
    }

    /// Closes the windows of the scene `id` names (or of any scene presenting `value`'s type)
    /// that present `value` (any value when `nil`).
    func close(id: String?, value: AnyHashable?, valueType: Any.Type?) {
        open.removeAll { window in
            matches(scenes[window.scene], id: id, valueType: valueType) && (value == nil || window.value == value)
        }
        revision += 1
    }

    private func matches(_ scene: SceneRecord, id: String?, valueType: Any.Type?) -> Bool {
        if let id, scene.id != id { return false }
        if let valueType, scene.valueType.map({ $0 == valueType }) != true { return false }
        return id != nil || valueType != nil
    }
}

struct SceneWindowsKey: EnvironmentKey {
    static var defaultValue: SceneWindows? { nil }
}

struct SceneWindowKey: EnvironmentKey {
    static var defaultValue: SceneWindows.OpenedWindow? { nil }
}

extension EnvironmentValues {
    /// The host's windows (set by the host).
    var _sceneWindows: SceneWindows? {
        get { self[SceneWindowsKey.self] }
        set { self[SceneWindowsKey.self] = newValue }
    }

    /// The window the view is in (`nil` outside a scene's window).
    var _sceneWindow: SceneWindows.OpenedWindow? {
        get { self[SceneWindowKey.self] }
        set { self[SceneWindowKey.self] = newValue }
    }

    /// Opens windows of the app's scenes (``OpenWindowAction``).
    public var openWindow: OpenWindowAction { OpenWindowAction(windows: _sceneWindows) }

    /// Closes windows of the app's scenes (``DismissWindowAction``).
    public var dismissWindow: DismissWindowAction { DismissWindowAction(windows: _sceneWindows, current: _sceneWindow) }

    /// Whether the app can show several windows at once: `true`, a headless host shows every
    /// window it opens.
    public var supportsMultipleWindows: Bool { true }
}

/// Opens a window of one of the app's scenes (SwiftUI's `OpenWindowAction`,
/// `@Environment(\.openWindow)`): `openWindow(id: "inspector")` opens a window of the
/// `WindowGroup` or `Window` with that id; `openWindow(value: note.id)` one of the
/// `WindowGroup(for:)` presenting that type, showing the value (or brings the window already
/// showing it forward: no second one opens). Headless the new window is a `Window` node after the
/// others, shown from the next update; a request no scene matches is reported and ignored.
public struct OpenWindowAction {
    let windows: SceneWindows?

    public func callAsFunction(id: String) {
        open(id: id, value: nil, valueType: nil)
    }

    public func callAsFunction<D: Decodable & Encodable & Hashable>(value: D) {
        open(id: nil, value: AnyHashable(value), valueType: D.self)
    }

    public func callAsFunction<D: Decodable & Encodable & Hashable>(id: String, value: D) {
        open(id: id, value: AnyHashable(value), valueType: D.self)
    }

    private func open(id: String?, value: AnyHashable?, valueType: Any.Type?) {
        guard let windows else {
            DiagnosticSink.default("DeclarativeViews: openWindow: the view is not in an app's scene; no window opens.\n")
            return
        }
        if !windows.open(id: id, value: value, valueType: valueType) {
            let what = id.map { "id \(quoted($0))" } ?? "values of type \(valueType.map { "\($0)" } ?? "?")"
            DiagnosticSink.default("DeclarativeViews: openWindow: no window scene has \(what); no window opens.\n")
        }
    }
}

/// Closes windows (SwiftUI's `DismissWindowAction`, `@Environment(\.dismissWindow)`):
/// `dismissWindow()` the window the view is in, `dismissWindow(id:)` the windows of that scene,
/// `dismissWindow(value:)` those presenting that value.
public struct DismissWindowAction {
    let windows: SceneWindows?
    let current: SceneWindows.OpenedWindow?

    public func callAsFunction() {
        if let current { windows?.close(current) }
    }

    public func callAsFunction(id: String) {
        windows?.close(id: id, value: nil, valueType: nil)
    }

    public func callAsFunction<D: Decodable & Encodable & Hashable>(value: D) {
        windows?.close(id: nil, value: AnyHashable(value), valueType: D.self)
    }

    public func callAsFunction<D: Decodable & Encodable & Hashable>(id: String, value: D) {
        windows?.close(id: id, value: AnyHashable(value), valueType: D.self)
    }
}

// MARK: - Showing a scene's windows

/// A scene's open windows, each a `Window` node around the scene's content, with the window in
/// its environment (for ``DismissWindowAction`` and ``PresentedWindowContent``).
nonisolated struct SceneWindowsView<Content: View>: View {
    let windows: SceneWindows
    let scene: Int
    let title: String?
    let content: Content

    @MainActor var body: some View {
        ForEach(windows.windows(of: scene)) { window in
            SceneWindowNode(content: content, title: title).environment(\._sceneWindow, window)
        }
    }
}

/// One window of a scene: a `Window` node.
nonisolated struct SceneWindowNode<Content: View>: View, RenderKindProviding {
    // The content first: its offset (0) is what `_makeView` projects.
    let content: Content
    let title: String?

    var body: Never { _primitiveBody(Self.self) }

    var _renderKind: RenderNode.Kind { .window(title: title) }

    static func _makeView(view: _GraphValue<Self>, inputs: _ViewInputs) -> _ViewOutputs {
        _makeContainer(view, content: view.member(Content.self, at: 0, \.content), inputs: inputs)
    }
}

/// Makes a window scene's graph: shows its open windows (``SceneWindowsView``) from the scene's
/// value, registering the scene with the host's windows when its value is first read (`record`
/// says what it is, `launchValue` what its launch window presents, if it opens one).
func _makeWindowScene<S: Scene, Content: View>(
    _ scene: _GraphValue<S>, inputs: _ViewInputs, title: @escaping (S) -> String?, content: @escaping (S) -> Content,
    record: @escaping (S) -> (record: SceneWindows.SceneRecord, opensAtLaunch: (_ isFirst: Bool) -> Bool, launchValue: AnyHashable?)
) -> _ViewOutputs {
    let rule = SceneWindowsRule(scene: scene, windows: inputs.host.sceneWindows, title: title, content: content, record: record)
    return SceneWindowsView<Content>._makeDebuggableView(view: _GraphValue(Attribute(rule)), inputs: inputs)
}

/// The ``SceneWindowsView`` of a scene's current value.
private struct SceneWindowsRule<S: Scene, Content: View>: StatefulRule {
    typealias Value = SceneWindowsView<Content>
    let scene: _GraphValue<S>
    let windows: SceneWindows
    let title: (S) -> String?
    let content: (S) -> Content
    let record: (S) -> (record: SceneWindows.SceneRecord, opensAtLaunch: (_ isFirst: Bool) -> Bool, launchValue: AnyHashable?)
    /// The scene's number, once registered.
    var number: Int?

    mutating func updateValue() {
        let scene = scene.value
        let number: Int
        if let registered = self.number {
            number = registered
        } else {
            let (record, opensAtLaunch, launchValue) = self.record(scene)
            number = windows.register(record, opensAtLaunch: opensAtLaunch, launchValue: launchValue)
            self.number = number
        }
        value = SceneWindowsView(windows: windows, scene: number, title: title(scene), content: content(scene))
    }
}
