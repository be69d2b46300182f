import AttrGraph

/// A scene of one window (SwiftUI's `Window`): `Window("Activity", id: "activity") { … }`.
/// Headless, as on macOS, it opens at launch when it is the app's first scene; otherwise
/// `openWindow(id:)` opens it (a second call shows the same window: there is only one).
public nonisolated struct Window<Content: View>: Scene {
    // The content first: `_makeScene` reads it through the scene's value.
    let content: Content
    let title: String
    let id: String

    public init(_ title: Text, id: String, @ViewBuilder content: () -> Content) {
        self.content = content()
        self.title = title.content
        self.id = id
    }

    public init(_ titleKey: LocalizedStringKey, id: String, @ViewBuilder content: () -> Content) {
        self.init(Text(titleKey), id: id, content: content)
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, id: String, @ViewBuilder content: () -> Content) {
        self.init(Text(title), id: id, content: content)
    }

    public var body: Never { _primitiveBody(Self.self) }

    public static func _makeScene(scene: _GraphValue<Self>, inputs: _ViewInputs) -> _ViewOutputs {
        _makeWindowScene(scene, inputs: inputs, title: { $0.title }, content: { $0.content }) { window in
            (SceneWindows.SceneRecord(id: window.id, valueType: nil, isSingle: true), { isFirst in isFirst }, nil)
        }
    }
}
