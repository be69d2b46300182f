import Foundation

// Styles whose look has no headless effect, constructible as in SwiftUI and recorded by name on
// the content (`tableStyle=inset`, `indexViewStyle=page background=always`): tables, text editors,
// split views, page indexes, macOS windows and their toolbars, and the macOS-only menu buttons. A
// table, editor or split view looks and behaves the same headless whichever is chosen. The styles
// that have a `makeBody(configuration:)` in SwiftUI have one here (a custom style compiles); the
// built-in ones return the control their configuration stands for, and the controls do not consult
// a custom one.

/// A style's content, opaque as in SwiftUI (the table, editor or split view being styled).
public struct _OpaqueStyleConfiguration {
    let content: _ErasedStylePart
}

// MARK: - Tables

/// How a table looks (SwiftUI's `TableStyle`); recorded by name.
public protocol TableStyle {
    associatedtype Body: View
    typealias Configuration = TableStyleConfiguration
    @MainActor @ViewBuilder func makeBody(configuration: Configuration) -> Body
    /// How the style is recorded (a custom style: its type's name).
    var _name: String { get }
}

extension TableStyle {
    public var _name: String { _typeName(Self.self, qualified: false) }
}

/// What a ``TableStyle`` draws: the table, opaque.
public typealias TableStyleConfiguration = _OpaqueStyleConfiguration

public struct AutomaticTableStyle: TableStyle {
    public init() {}
    public var _name: String { "automatic" }
    public func makeBody(configuration: Configuration) -> some View { configuration.content }
}
public struct InsetTableStyle: TableStyle {
    let alternatesRowBackgrounds: Bool
    public init() { alternatesRowBackgrounds = true }
    public init(alternatesRowBackgrounds: Bool) { self.alternatesRowBackgrounds = alternatesRowBackgrounds }
    public var _name: String { alternatesRowBackgrounds ? "inset" : "inset alternates=false" }
    public func makeBody(configuration: Configuration) -> some View { configuration.content }
}
public struct BorderedTableStyle: TableStyle {
    let alternatesRowBackgrounds: Bool
    public init() { alternatesRowBackgrounds = true }
    public init(alternatesRowBackgrounds: Bool) { self.alternatesRowBackgrounds = alternatesRowBackgrounds }
    public var _name: String { alternatesRowBackgrounds ? "bordered" : "bordered alternates=false" }
    public func makeBody(configuration: Configuration) -> some View { configuration.content }
}

extension TableStyle where Self == AutomaticTableStyle { public static var automatic: Self { Self() } }
extension TableStyle where Self == InsetTableStyle {
    public static var inset: Self { Self() }
    public static func inset(alternatesRowBackgrounds: Bool) -> Self { Self(alternatesRowBackgrounds: alternatesRowBackgrounds) }
}
extension TableStyle where Self == BorderedTableStyle {
    public static var bordered: Self { Self() }
    public static func bordered(alternatesRowBackgrounds: Bool) -> Self {
        Self(alternatesRowBackgrounds: alternatesRowBackgrounds)
    }
}

// MARK: - Text editors

/// How a text editor looks (SwiftUI's `TextEditorStyle`); recorded by name.
public protocol TextEditorStyle {
    associatedtype Body: View
    typealias Configuration = TextEditorStyleConfiguration
    @MainActor @ViewBuilder func makeBody(configuration: Configuration) -> Body
    /// How the style is recorded (a custom style: its type's name).
    var _name: String { get }
}

extension TextEditorStyle {
    public var _name: String { _typeName(Self.self, qualified: false) }
}

/// What a ``TextEditorStyle`` draws: the editor, opaque.
public typealias TextEditorStyleConfiguration = _OpaqueStyleConfiguration

public struct AutomaticTextEditorStyle: TextEditorStyle {
    /// The built-in editor.
    public typealias Body = _ErasedStylePart
    public init() {}
    public var _name: String { "automatic" }
    public func makeBody(configuration: Configuration) -> AutomaticTextEditorStyle.Body { configuration.content }
}
public struct PlainTextEditorStyle: TextEditorStyle {
    public init() {}
    public var _name: String { "plain" }
    public func makeBody(configuration: Configuration) -> some View { configuration.content }
}

extension TextEditorStyle where Self == AutomaticTextEditorStyle { public static var automatic: Self { Self() } }
extension TextEditorStyle where Self == PlainTextEditorStyle { public static var plain: Self { Self() } }

// MARK: - Split views

/// How a split view arranges its columns (SwiftUI's `NavigationSplitViewStyle`); recorded by name.
public protocol NavigationSplitViewStyle {
    associatedtype Body: View
    typealias Configuration = NavigationSplitViewStyleConfiguration
    @MainActor @ViewBuilder func makeBody(configuration: Configuration) -> Body
    /// How the style is recorded (a custom style: its type's name).
    var _name: String { get }
}

extension NavigationSplitViewStyle {
    public var _name: String { _typeName(Self.self, qualified: false) }
}

/// What a ``NavigationSplitViewStyle`` draws: the split view, opaque.
public typealias NavigationSplitViewStyleConfiguration = _OpaqueStyleConfiguration

public struct AutomaticNavigationSplitViewStyle: NavigationSplitViewStyle {
    public init() {}
    public var _name: String { "automatic" }
    public func makeBody(configuration: Configuration) -> some View { configuration.content }
}
public struct BalancedNavigationSplitViewStyle: NavigationSplitViewStyle {
    public init() {}
    public var _name: String { "balanced" }
    public func makeBody(configuration: Configuration) -> some View { configuration.content }
}
public struct ProminentDetailNavigationSplitViewStyle: NavigationSplitViewStyle {
    public init() {}
    public var _name: String { "prominentDetail" }
    public func makeBody(configuration: Configuration) -> some View { configuration.content }
}

extension NavigationSplitViewStyle where Self == AutomaticNavigationSplitViewStyle {
    public static var automatic: Self { Self() }
}
extension NavigationSplitViewStyle where Self == BalancedNavigationSplitViewStyle {
    public static var balanced: Self { Self() }
}
extension NavigationSplitViewStyle where Self == ProminentDetailNavigationSplitViewStyle {
    public static var prominentDetail: Self { Self() }
}

// MARK: - Page indexes

/// How a paged view's index looks (SwiftUI's `IndexViewStyle`); recorded by name.
public protocol IndexViewStyle { var _name: String { get } }

public struct PageIndexViewStyle: IndexViewStyle {
    /// When the index's background shows.
    public struct BackgroundDisplayMode: Sendable {
        let name: String
        public static let automatic = BackgroundDisplayMode(name: "automatic")
        public static let always = BackgroundDisplayMode(name: "always")
        public static let interactive = BackgroundDisplayMode(name: "interactive")
        public static let never = BackgroundDisplayMode(name: "never")
    }

    let backgroundDisplayMode: BackgroundDisplayMode
    public init(backgroundDisplayMode: PageIndexViewStyle.BackgroundDisplayMode = .automatic) {
        self.backgroundDisplayMode = backgroundDisplayMode
    }
    public var _name: String {
        backgroundDisplayMode.name == "automatic" ? "page" : "page background=\(backgroundDisplayMode.name)"
    }
}

extension IndexViewStyle where Self == PageIndexViewStyle {
    public static var page: Self { Self() }
    public static func page(backgroundDisplayMode: PageIndexViewStyle.BackgroundDisplayMode) -> Self {
        Self(backgroundDisplayMode: backgroundDisplayMode)
    }
}

// MARK: - Windows (macOS)

/// How a window's frame looks (SwiftUI's `WindowStyle`, macOS); recorded by name.
public protocol WindowStyle { var _name: String { get } }
public struct DefaultWindowStyle: WindowStyle { public init() {}; public var _name: String { "automatic" } }
public struct HiddenTitleBarWindowStyle: WindowStyle { public init() {}; public var _name: String { "hiddenTitleBar" } }
public struct TitleBarWindowStyle: WindowStyle { public init() {}; public var _name: String { "titleBar" } }

extension WindowStyle where Self == DefaultWindowStyle { public static var automatic: Self { Self() } }
extension WindowStyle where Self == HiddenTitleBarWindowStyle { public static var hiddenTitleBar: Self { Self() } }
extension WindowStyle where Self == TitleBarWindowStyle { public static var titleBar: Self { Self() } }

/// How a window's toolbar looks (SwiftUI's `WindowToolbarStyle`, macOS); recorded by name.
public protocol WindowToolbarStyle { var _name: String { get } }
public struct DefaultWindowToolbarStyle: WindowToolbarStyle { public init() {}; public var _name: String { "automatic" } }
public struct ExpandedWindowToolbarStyle: WindowToolbarStyle { public init() {}; public var _name: String { "expanded" } }
public struct UnifiedWindowToolbarStyle: WindowToolbarStyle {
    let showsTitle: Bool
    public init() { showsTitle = true }
    public init(showsTitle: Bool) { self.showsTitle = showsTitle }
    public var _name: String { showsTitle ? "unified" : "unified title=hidden" }
}
public struct UnifiedCompactWindowToolbarStyle: WindowToolbarStyle {
    let showsTitle: Bool
    public init() { showsTitle = true }
    public init(showsTitle: Bool) { self.showsTitle = showsTitle }
    public var _name: String { showsTitle ? "unifiedCompact" : "unifiedCompact title=hidden" }
}

extension WindowToolbarStyle where Self == DefaultWindowToolbarStyle { public static var automatic: Self { Self() } }
extension WindowToolbarStyle where Self == ExpandedWindowToolbarStyle { public static var expanded: Self { Self() } }
extension WindowToolbarStyle where Self == UnifiedWindowToolbarStyle {
    public static var unified: Self { Self() }
    public static func unified(showsTitle: Bool) -> Self { Self(showsTitle: showsTitle) }
}
extension WindowToolbarStyle where Self == UnifiedCompactWindowToolbarStyle {
    public static var unifiedCompact: Self { Self() }
    public static func unifiedCompact(showsTitle: Bool) -> Self { Self(showsTitle: showsTitle) }
}

// MARK: - Menu buttons (macOS, before `Menu`)

/// How a `MenuButton` looks (SwiftUI's `MenuButtonStyle`, macOS, replaced by ``MenuStyle``);
/// recorded by name.
public protocol MenuButtonStyle { var _name: String { get } }
public struct DefaultMenuButtonStyle: MenuButtonStyle { public init() {}; public var _name: String { "automatic" } }
public struct PullDownMenuButtonStyle: MenuButtonStyle { public init() {}; public var _name: String { "pullDown" } }
public struct BorderlessButtonMenuButtonStyle: MenuButtonStyle {
    public init() {}
    public var _name: String { "borderlessButton" }
}
public struct BorderlessPullDownMenuButtonStyle: MenuButtonStyle {
    public init() {}
    public var _name: String { "borderlessPullDown" }
}

// MARK: - The modifiers

extension View {
    private func recordedStyle(_ key: String, _ name: String) -> ModifiedContent<Self, _StyleModifier> {
        modifier(_StyleModifier(key: key, value: name))
    }

    public func tableStyle<S: TableStyle>(_ style: S) -> ModifiedContent<Self, _StyleModifier> {
        recordedStyle("tableStyle", style._name)
    }

    public func textEditorStyle(_ style: some TextEditorStyle) -> ModifiedContent<Self, _StyleModifier> {
        recordedStyle("textEditorStyle", style._name)
    }

    public func navigationSplitViewStyle<S: NavigationSplitViewStyle>(_ style: S) -> ModifiedContent<Self, _StyleModifier> {
        recordedStyle("navigationSplitViewStyle", style._name)
    }

    public func indexViewStyle<S: IndexViewStyle>(_ style: S) -> ModifiedContent<Self, _StyleModifier> {
        recordedStyle("indexViewStyle", style._name)
    }

    public func presentedWindowStyle<S: WindowStyle>(_ style: S) -> ModifiedContent<Self, _StyleModifier> {
        recordedStyle("presentedWindowStyle", style._name)
    }

    public func presentedWindowToolbarStyle<S: WindowToolbarStyle>(_ style: S) -> ModifiedContent<Self, _StyleModifier> {
        recordedStyle("presentedWindowToolbarStyle", style._name)
    }

    public func menuButtonStyle<S: MenuButtonStyle>(_ style: S) -> ModifiedContent<Self, _StyleModifier> {
        recordedStyle("menuButtonStyle", style._name)
    }

    /// The style of the background of the views under this one (what `.background()` with no
    /// argument and `.backgroundStyle` fills with), recorded.
    public func backgroundStyle<S: ShapeStyle>(_ style: S) -> ModifiedContent<Self, _StyleModifier> {
        recordedStyle("backgroundStyle", style._styleDescription)
    }
}
