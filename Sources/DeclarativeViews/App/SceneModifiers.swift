import AttrGraph
import Foundation

/// A scene with a view modifier applied to what it shows (its windows' nodes): how scene
/// modifiers are built. Styling modifiers record on the window nodes; `onChange` runs its action;
/// `commands` adds the headless menu bar.
public nonisolated struct _ModifiedScene<Content: Scene, Modifier: ViewModifier>: Scene {
    var content: Content
    var modifier: Modifier

    public var body: Never { _primitiveBody(Self.self) }

    public static func _makeScene(scene: _GraphValue<Self>, inputs: _ViewInputs) -> _ViewOutputs {
        var offsets = FieldOffsets()
        let content = scene.member(Content.self, at: offsets.next(Content.self), \.content)
        let modifier = scene.member(Modifier.self, at: offsets.next(Modifier.self), \.modifier)
        return Modifier._makeView(modifier: modifier, inputs: inputs) { inputs in
            Content._makeScene(scene: content, inputs: inputs)
        }
    }
}

/// Adds a scene's headless menu bar (its commands' menus, marked `commands`) after what the
/// scene shows.
public struct _CommandsModifier<Menus: Commands>: ViewModifier {
    let commands: Menus
    let mode: String

    public func body(content: Content) -> some View {
        content
        CommandsMenuBar(commands: commands, mode: mode)
    }
}

/// Whether a window can be resized, and within what bounds (SwiftUI's `WindowResizability`);
/// recorded on the window nodes as `windowResizability`.
public struct WindowResizability: Sendable, Hashable {
    let name: String

    /// The platform's default: `contentMinSize` for `Settings` and `Window`, else free.
    public static var automatic: WindowResizability { WindowResizability(name: "automatic") }
    /// No smaller than the content's minimum size.
    public static var contentMinSize: WindowResizability { WindowResizability(name: "contentMinSize") }
    /// Between the content's minimum and maximum sizes.
    public static var contentSize: WindowResizability { WindowResizability(name: "contentSize") }
}

extension Scene {
    /// Applies `modifier` to what the scene shows.
    func _modifier<M: ViewModifier>(_ modifier: M) -> _ModifiedScene<Self, M> {
        _ModifiedScene(content: self, modifier: modifier)
    }

    private func record(_ key: String, _ value: String) -> _ModifiedScene<Self, _StyleModifier> {
        _modifier(_StyleModifier(key: key, value: value))
    }

    /// Adds `content`'s menus and menu items to the menu bar while the scene is active. Headless
    /// they are a `commands` node after the scene's windows, whose buttons the driver taps.
    public func commands<Content: Commands>(@CommandsBuilder content: () -> Content)
        -> _ModifiedScene<Self, _CommandsModifier<Content>>
    {
        _modifier(_CommandsModifier(commands: content(), mode: ""))
    }

    /// Replaces the standard menu-bar commands with `content`'s (`commands=replacing`).
    public func commandsReplaced<Content: Commands>(@CommandsBuilder content: () -> Content)
        -> _ModifiedScene<Self, _CommandsModifier<Content>>
    {
        _modifier(_CommandsModifier(commands: content(), mode: "replacing"))
    }

    /// Removes the standard menu-bar commands (recorded: `commands=removed` on the windows).
    public func commandsRemoved() -> _ModifiedScene<Self, _StyleModifier> {
        record("commands", "removed")
    }

    /// The size a new window of the scene opens at (recorded: `defaultSize=W×H`).
    public func defaultSize(_ size: CGSize) -> _ModifiedScene<Self, _StyleModifier> {
        defaultSize(width: size.width, height: size.height)
    }

    public func defaultSize(width: CGFloat, height: CGFloat) -> _ModifiedScene<Self, _StyleModifier> {
        record("defaultSize", "\(_number(Double(width)))×\(_number(Double(height)))")
    }

    /// Where on screen a new window opens (recorded: `defaultPosition=x,y` in unit coordinates).
    public func defaultPosition(_ position: UnitPoint) -> _ModifiedScene<Self, _StyleModifier> {
        record("defaultPosition", "\(_number(Double(position.x))),\(_number(Double(position.y)))")
    }

    /// How the scene's windows resize (recorded: `windowResizability`).
    public func windowResizability(_ resizability: WindowResizability) -> _ModifiedScene<Self, _StyleModifier> {
        record("windowResizability", resizability.name)
    }

    /// How the scene's windows look (recorded: `windowStyle`).
    public func windowStyle<S: WindowStyle>(_ style: S) -> _ModifiedScene<Self, _StyleModifier> {
        record("windowStyle", style._name)
    }

    /// How the scene's windows' toolbars look (recorded: `windowToolbarStyle`).
    public func windowToolbarStyle<S: WindowToolbarStyle>(_ style: S) -> _ModifiedScene<Self, _StyleModifier> {
        record("windowToolbarStyle", style._name)
    }

    /// The shortcut that opens a window of the scene (recorded: `keyboardShortcut`).
    public func keyboardShortcut(_ shortcut: KeyboardShortcut?) -> _ModifiedScene<Self, _StyleModifier> {
        record("keyboardShortcut", shortcut?.description ?? "none")
    }

    public func keyboardShortcut(
        _ key: KeyEquivalent, modifiers: EventModifiers = .command,
        localization: KeyboardShortcut.Localization = .automatic
    ) -> _ModifiedScene<Self, _StyleModifier> {
        keyboardShortcut(KeyboardShortcut(key, modifiers: modifiers, localization: localization))
    }

    /// The store the scene's `@AppStorage` properties use when they name none.
    public func defaultAppStorage(_ store: UserDefaults)
        -> _ModifiedScene<Self, _EnvironmentKeyWritingModifier<UserDefaults?>>
    {
        _modifier(_EnvironmentKeyWritingModifier(keyPath: \EnvironmentValues.defaultAppStorage, value: store))
    }

    /// Runs `action` with the old and new value after an update in which `value` changed (and
    /// after the first one with `initial: true`) — `.onChange(of: scenePhase) { … }` in an app.
    public func onChange<V: Equatable>(
        of value: V, initial: Bool = false, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void
    ) -> _ModifiedScene<Self, _ValueActionModifier<V>> {
        _modifier(_ValueActionModifier(value: value, initial: initial, action: action))
    }

    public func onChange<V: Equatable>(
        of value: V, initial: Bool = false, _ action: @escaping () -> Void
    ) -> _ModifiedScene<Self, _ValueActionModifier<V>> {
        _modifier(_ValueActionModifier(value: value, initial: initial, action: action))
    }

    /// The older form: the action gets the new value.
    public func onChange<V: Equatable>(
        of value: V, perform action: @escaping (_ newValue: V) -> Void
    ) -> _ModifiedScene<Self, _ValueActionModifier<V>> {
        _modifier(_ValueActionModifier(value: value, perform: action))
    }
}
