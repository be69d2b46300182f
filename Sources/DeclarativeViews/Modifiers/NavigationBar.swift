import Foundation

// The navigation bar, headless: a screen's title titles its stack (`NavigationStack "Title"` in the
// text rendering; ``InspectedView/navigationTitle()``), bar items are toolbar items (tappable
// buttons in a row above the content, their nodes carrying `placement=`), and how the bar looks
// (display mode, hidden, back button hidden) is recorded.

extension View {
    /// The title of the navigation stack this view is the top screen of.
    public func navigationTitle(_ title: Text) -> ModifiedContent<Self, _NavigationTitleModifier> {
        modifier(_NavigationTitleModifier(title: title.content))
    }

    public func navigationTitle(_ titleKey: LocalizedStringKey) -> ModifiedContent<Self, _NavigationTitleModifier> {
        modifier(_NavigationTitleModifier(title: Text(titleKey).content))
    }

    @_disfavoredOverload
    public func navigationTitle<S: StringProtocol>(_ title: S) -> ModifiedContent<Self, _NavigationTitleModifier> {
        modifier(_NavigationTitleModifier(title: String(title)))
    }

    /// A title the user can rename (on iPadOS and macOS): headless, the binding's value titles the stack.
    public func navigationTitle(_ title: Binding<String>) -> ModifiedContent<Self, _NavigationTitleModifier> {
        modifier(_NavigationTitleModifier(title: title.wrappedValue))
    }

    /// The older form of ``navigationTitle(_:)-(Text)`` (SwiftUI's `navigationBarTitle`).
    public func navigationBarTitle(_ title: Text) -> ModifiedContent<Self, _NavigationTitleModifier> {
        navigationTitle(title)
    }

    public func navigationBarTitle(_ titleKey: LocalizedStringKey) -> ModifiedContent<Self, _NavigationTitleModifier> {
        navigationTitle(titleKey)
    }

    @_disfavoredOverload
    public func navigationBarTitle<S: StringProtocol>(_ title: S) -> ModifiedContent<Self, _NavigationTitleModifier> {
        navigationTitle(title)
    }

    /// A title and how it is shown (large or inline): the title titles the stack, the mode is recorded.
    public func navigationBarTitle(_ title: Text, displayMode: NavigationBarItem.TitleDisplayMode) -> some View {
        navigationTitle(title).navigationBarTitleDisplayMode(displayMode)
    }

    public func navigationBarTitle(_ titleKey: LocalizedStringKey, displayMode: NavigationBarItem.TitleDisplayMode)
        -> some View
    {
        navigationTitle(titleKey).navigationBarTitleDisplayMode(displayMode)
    }

    @_disfavoredOverload
    public func navigationBarTitle<S: StringProtocol>(_ title: S, displayMode: NavigationBarItem.TitleDisplayMode)
        -> some View
    {
        navigationTitle(title).navigationBarTitleDisplayMode(displayMode)
    }

    /// Large or inline title (SwiftUI's `navigationBarTitleDisplayMode`): recorded.
    public func navigationBarTitleDisplayMode(_ mode: NavigationBarItem.TitleDisplayMode)
        -> ModifiedContent<Self, _StyleModifier>
    {
        modifier(_StyleModifier(key: "navigationBarTitleDisplayMode", value: "\(mode)"))
    }

    /// Hides the back button of the screen (SwiftUI's `navigationBarBackButtonHidden`): recorded.
    public func navigationBarBackButtonHidden(_ hidesBackButton: Bool = true) -> ModifiedContent<Self, _StyleModifier> {
        modifier(_StyleModifier(key: "navigationBarBackButtonHidden", value: hidesBackButton ? "" : "false"))
    }

    /// Hides the navigation bar (SwiftUI's `navigationBarHidden`): recorded.
    public func navigationBarHidden(_ hidden: Bool) -> ModifiedContent<Self, _StyleModifier> {
        modifier(_StyleModifier(key: "navigationBarHidden", value: hidden ? "" : "false"))
    }

    /// Items at the leading and trailing ends of the bar (the older form of `.toolbar`): toolbar items
    /// whose buttons can be tapped.
    public func navigationBarItems<L: View, T: View>(leading: L, trailing: T) -> some View {
        toolbar {
            ToolbarItem(placement: .navigationBarLeading) { leading }
            ToolbarItem(placement: .navigationBarTrailing) { trailing }
        }
    }

    public func navigationBarItems<L: View>(leading: L) -> some View {
        toolbar { ToolbarItem(placement: .navigationBarLeading) { leading } }
    }

    public func navigationBarItems<T: View>(trailing: T) -> some View {
        toolbar { ToolbarItem(placement: .navigationBarTrailing) { trailing } }
    }

    /// A subtitle under the title (macOS): recorded.
    public func navigationSubtitle(_ subtitle: Text) -> ModifiedContent<Self, _StyleModifier> {
        modifier(_StyleModifier(key: "navigationSubtitle", value: subtitle.content))
    }

    public func navigationSubtitle(_ subtitleKey: LocalizedStringKey) -> ModifiedContent<Self, _StyleModifier> {
        navigationSubtitle(Text(subtitleKey))
    }

    @_disfavoredOverload
    public func navigationSubtitle<S: StringProtocol>(_ subtitle: S) -> ModifiedContent<Self, _StyleModifier> {
        navigationSubtitle(Text(subtitle))
    }

    /// The width of a split view's column (recorded as `columnWidth=`).
    public func navigationSplitViewColumnWidth(_ width: CGFloat) -> ModifiedContent<Self, _StyleModifier> {
        modifier(_StyleModifier(key: "columnWidth", value: _number(Double(width))))
    }

    public func navigationSplitViewColumnWidth(min: CGFloat? = nil, ideal: CGFloat, max: CGFloat? = nil)
        -> ModifiedContent<Self, _StyleModifier>
    {
        let bounds = [min.map { "min \(_number(Double($0)))" }, "ideal \(_number(Double(ideal)))",
                      max.map { "max \(_number(Double($0)))" }].compactMap { $0 }
        return modifier(_StyleModifier(key: "columnWidth", value: bounds.joined(separator: " ")))
    }
}

/// SwiftUI's `NavigationBarItem`, for its title display modes.
public enum NavigationBarItem: Sendable {
    public enum TitleDisplayMode: Hashable, Sendable {
        case automatic, inline, large
    }
}

extension View {
    /// The document the screen shows, for the title menu's share and proxy icon (SwiftUI's
    /// `navigationDocument(_:)`); recorded as `navigationDocument=URL`.
    public func navigationDocument(_ url: URL) -> ModifiedContent<Self, _StyleModifier> {
        modifier(_StyleModifier(key: "navigationDocument", value: url.absoluteString))
    }
}
