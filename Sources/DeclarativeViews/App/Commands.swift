import AttrGraph

/// Menu-bar commands of a scene (SwiftUI's `Commands`): menus (``CommandMenu``) and additions to
/// the standard menus (``CommandGroup``), put on a scene with ``Scene/commands(content:)``.
///
///     struct AppCommands: Commands {
///         var body: some Commands {
///             CommandMenu("Deck") {
///                 Button("Shuffle") { deck.shuffle() }
///             }
///         }
///     }
///
/// Headless, the host shows the commands as a menu bar after the scene's windows — a node
/// marked `commands`, one node per menu or group marked `commandMenu=<name>` or
/// `commandGroup=<placement>` — so a test finds a command's button and taps it like any other
/// (``ViewHost/tap(_:)``).
@MainActor @preconcurrency
public protocol Commands {
    associatedtype Body: Commands
    @CommandsBuilder var body: Body { get }

    /// The views the commands show in the headless menu bar (framework-internal): by default,
    /// those of ``body``.
    var _menuContent: AnyView { get }
}

extension Commands {
    /// The body's views, made by a body rule of the commands' own: their dynamic properties
    /// (`@FocusedObject`, `@FocusedValue`, `@AppStorage`, `@Environment`…) are installed before
    /// `body` runs, and a change of what they read runs it again, as a view's body.
    public var _menuContent: AnyView { AnyView(CommandsBodyView(commands: self)) }
}

/// Shows a ``Commands`` value's body in the headless menu bar through a body rule.
nonisolated struct CommandsBodyView<Content: Commands>: View {
    let commands: Content

    var body: Never { _primitiveBody(Self.self) }

    nonisolated static func _makeView(view: _GraphValue<Self>, inputs: _ViewInputs) -> _ViewOutputs {
        let commands = view.member(Content.self, at: 0, \.commands)
        let body = _makeBody(CommandsBodyAccessor<Content>.self, container: commands, inputs: inputs)
        _recordBody(body)
        return AnyView._makeDebuggableView(view: _GraphValue(body), inputs: inputs)
    }
}

enum CommandsBodyAccessor<C: Commands>: BodyAccessor {
    static func body(of commands: C) -> AnyView {
        _callOnMainActor(commands) { $0.body._menuContent }
    }
}

extension Never: Commands {
    public var _menuContent: AnyView {
        fatalError("DeclarativeViews: Never has no commands.")
    }
}

/// Builds commands from the statements of a ``Commands`` body or a `commands { … }` closure
/// (SwiftUI's `CommandsBuilder`). On the main actor, as commands are.
@MainActor @resultBuilder
public enum CommandsBuilder {
    public static func buildExpression<Content: Commands>(_ content: Content) -> Content {
        content
    }

    public static func buildBlock() -> EmptyCommands {
        EmptyCommands()
    }

    public static func buildBlock<Content: Commands>(_ content: Content) -> Content {
        content
    }

    public static func buildBlock<each Content: Commands>(_ content: repeat each Content) -> _TupleCommands<repeat each Content> {
        _TupleCommands(repeat each content)
    }

    public static func buildOptional<Content: Commands>(_ content: Content?) -> _OptionalCommands<Content> {
        _OptionalCommands(content: content)
    }

    public static func buildEither<First: Commands, Second: Commands>(first: First) -> _EitherCommands<First, Second> {
        _EitherCommands(first: first, second: nil)
    }

    public static func buildEither<First: Commands, Second: Commands>(second: Second) -> _EitherCommands<First, Second> {
        _EitherCommands(first: nil, second: second)
    }

    public static func buildLimitedAvailability<Content: Commands>(_ content: Content) -> _OptionalCommands<Content> {
        _OptionalCommands(content: content)
    }
}

/// Commands with no body of their own: they say what they show themselves.
protocol PrimitiveCommands: Commands where Body == Never {}

extension PrimitiveCommands {
    public var body: Never { fatalError("DeclarativeViews: \(Self.self) is primitive; its body is never called.") }
}

/// Several commands, as a ``CommandsBuilder`` block makes them.
public struct _TupleCommands<each Content: Commands>: PrimitiveCommands {
    let value: (repeat each Content)

    init(_ value: repeat each Content) {
        self.value = (repeat each value)
    }

    public var _menuContent: AnyView {
        var parts: [AnyView] = []
        for part in repeat each value { parts.append(part._menuContent) }
        return AnyView(ForEach(parts.indices, id: \.self) { parts[$0] })
    }
}

/// Commands shown when a condition holds (`if` in a ``CommandsBuilder``).
public struct _OptionalCommands<Content: Commands>: PrimitiveCommands {
    let content: Content?

    public var _menuContent: AnyView {
        content?._menuContent ?? AnyView(EmptyView())
    }
}

/// One of two commands (`if`/`else` in a ``CommandsBuilder``).
public struct _EitherCommands<First: Commands, Second: Commands>: PrimitiveCommands {
    let first: First?
    let second: Second?

    public var _menuContent: AnyView {
        first?._menuContent ?? second?._menuContent ?? AnyView(EmptyView())
    }
}

/// No commands (SwiftUI's `EmptyCommands`).
public struct EmptyCommands: PrimitiveCommands {
    public init() {}

    public var _menuContent: AnyView { AnyView(EmptyView()) }
}

/// A menu of its own in the menu bar (SwiftUI's `CommandMenu`), after the standard menus; its
/// content is the menu's items (buttons, toggles, dividers, submenus).
public struct CommandMenu<Content: View>: PrimitiveCommands {
    let name: String
    let content: Content

    public init(_ name: Text, @ViewBuilder content: () -> Content) {
        self.name = name.content
        self.content = content()
    }

    public init(_ nameKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {
        self.init(Text(nameKey), content: content)
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ name: S, @ViewBuilder content: () -> Content) {
        self.init(Text(name), content: content)
    }

    public var _menuContent: AnyView {
        AnyView(VStack(alignment: .leading) { content }.modifier(_StyleModifier(key: "commandMenu", value: name)))
    }
}

/// Items added to a standard menu, before or after one of its groups or in its place (SwiftUI's
/// `CommandGroup`). The node is marked `commandGroup=<before|after|replacing> <placement>`.
public struct CommandGroup<Content: View>: PrimitiveCommands {
    let position: String
    let placement: CommandGroupPlacement
    let content: Content

    public init(before group: CommandGroupPlacement, @ViewBuilder addition: () -> Content) {
        position = "before"
        placement = group
        content = addition()
    }

    public init(after group: CommandGroupPlacement, @ViewBuilder addition: () -> Content) {
        position = "after"
        placement = group
        content = addition()
    }

    public init(replacing group: CommandGroupPlacement, @ViewBuilder addition: () -> Content) {
        position = "replacing"
        placement = group
        content = addition()
    }

    public var _menuContent: AnyView {
        AnyView(VStack(alignment: .leading) { content }
            .modifier(_StyleModifier(key: "commandGroup", value: "\(position) \(placement.name)")))
    }
}

/// A group of the standard menus that a ``CommandGroup`` goes before, after or in place of
/// (SwiftUI's `CommandGroupPlacement`).
public struct CommandGroupPlacement: Sendable, Hashable {
    /// The group's name, as the render tree shows it.
    let name: String

    /// "About" in the app menu.
    public static let appInfo = CommandGroupPlacement(name: "appInfo")
    /// "Settings…" in the app menu.
    public static let appSettings = CommandGroupPlacement(name: "appSettings")
    /// "Quit" in the app menu.
    public static let appTermination = CommandGroupPlacement(name: "appTermination")
    /// "Hide", "Hide Others", "Show All" in the app menu.
    public static let appVisibility = CommandGroupPlacement(name: "appVisibility")
    /// The Help menu's items.
    public static let help = CommandGroupPlacement(name: "help")
    /// Import and export in the File menu.
    public static let importExport = CommandGroupPlacement(name: "importExport")
    /// "New" items in the File menu.
    public static let newItem = CommandGroupPlacement(name: "newItem")
    /// Cut, copy, paste in the Edit menu.
    public static let pasteboard = CommandGroupPlacement(name: "pasteboard")
    /// "Print" in the File menu.
    public static let printItem = CommandGroupPlacement(name: "printItem")
    /// "Save" items in the File menu.
    public static let saveItem = CommandGroupPlacement(name: "saveItem")
    /// The sidebar items of the View menu.
    public static let sidebar = CommandGroupPlacement(name: "sidebar")
    /// The window list of a single-window app's Window menu.
    public static let singleWindowList = CommandGroupPlacement(name: "singleWindowList")
    /// "Services" in the app menu.
    public static let systemServices = CommandGroupPlacement(name: "systemServices")
    /// Find, spelling and substitutions in the Edit menu.
    public static let textEditing = CommandGroupPlacement(name: "textEditing")
    /// The Format menu's text items.
    public static let textFormatting = CommandGroupPlacement(name: "textFormatting")
    /// The toolbar items of the View menu.
    public static let toolbar = CommandGroupPlacement(name: "toolbar")
    /// "Undo" and "Redo" in the Edit menu.
    public static let undoRedo = CommandGroupPlacement(name: "undoRedo")
    /// "Bring All to Front" in the Window menu.
    public static let windowArrangement = CommandGroupPlacement(name: "windowArrangement")
    /// The list of windows in the Window menu.
    public static let windowList = CommandGroupPlacement(name: "windowList")
    /// "Minimize" and "Zoom" in the Window menu.
    public static let windowSize = CommandGroupPlacement(name: "windowSize")
}

/// The standard sidebar commands (SwiftUI's `SidebarCommands`: "Toggle Sidebar" in the View
/// menu). Headless there is no sidebar to toggle from a menu; the group is recorded
/// (`commandGroup=standard sidebar`).
public struct SidebarCommands: PrimitiveCommands {
    public init() {}

    public var _menuContent: AnyView { standardGroup("sidebar") }
}

/// The standard toolbar commands (SwiftUI's `ToolbarCommands`: "Show Toolbar", "Customize
/// Toolbar…" in the View menu); recorded (`commandGroup=standard toolbar`).
public struct ToolbarCommands: PrimitiveCommands {
    public init() {}

    public var _menuContent: AnyView { standardGroup("toolbar") }
}

/// The standard text editing commands (SwiftUI's `TextEditingCommands`: find, spelling and
/// grammar, substitutions, transformations and speech in the Edit menu). Headless they act on no
/// text view; the group is recorded (`commandGroup=standard textEditing`).
public struct TextEditingCommands: PrimitiveCommands {
    public init() {}

    public var _menuContent: AnyView { standardGroup("textEditing") }
}

/// The standard text formatting commands (SwiftUI's `TextFormattingCommands`: the Format menu's
/// font, style, alignment and writing-direction items); recorded
/// (`commandGroup=standard textFormatting`).
public struct TextFormattingCommands: PrimitiveCommands {
    public init() {}

    public var _menuContent: AnyView { standardGroup("textFormatting") }
}

/// The node that stands for a group of standard commands: empty, marked with the group's name.
@MainActor
private func standardGroup(_ name: String) -> AnyView {
    AnyView(VStack {}.modifier(_StyleModifier(key: "commandGroup", value: "standard \(name)")))
}

/// The headless menu bar of a scene: its commands' menus, under a node marked `commands`.
struct CommandsMenuBar<Content: Commands>: View {
    let commands: Content
    /// `replacing` for ``Scene/commandsReplaced(content:)``: the standard commands are gone.
    let mode: String

    var body: some View {
        VStack(alignment: .leading) { commands._menuContent }
            .modifier(_StyleModifier(key: "commands", value: mode))
    }
}
