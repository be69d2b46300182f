import AttrGraph

/// The app's settings window (SwiftUI's `Settings`, macOS): closed at launch; the app menu's
/// "Settings…" opens it — headless, ``ViewHost/openSettings()`` — in a `Window "Settings"` node.
public nonisolated struct Settings<Content: View>: Scene {
    // The content first: `_makeScene` reads it through the scene's value.
    let content: Content

    public init(@ViewBuilder content: () -> Content) {
        self.content = content()
    }

    public var body: Never { _primitiveBody(Self.self) }

    /// The id the settings window is registered under.
    static var windowID: String { "DeclarativeViews.Settings" }

    public static func _makeScene(scene: _GraphValue<Self>, inputs: _ViewInputs) -> _ViewOutputs {
        _makeWindowScene(scene, inputs: inputs, title: { _ in "Settings" }, content: { $0.content }) { _ in
            (SceneWindows.SceneRecord(id: windowID, valueType: nil, isSingle: true), { _ in false }, nil)
        }
    }
}

extension ViewHost {
    /// Opens the app's ``Settings`` window, as its app menu's "Settings…" item does (nothing
    /// when the app has no `Settings` scene). It shows from the next update.
    public func openSettings() {
        core.sceneWindows.open(id: Settings<EmptyView>.windowID, value: nil, valueType: nil)
    }

    /// The titles of the windows the host shows, in order (`nil` for an untitled window).
    public var windowTitles: [String?] {
        var titles: [String?] = []
        forEachNode { node, _ in
            if case .window(let title) = node.kind { titles.append(title) }
        }
        return titles
    }
}
