/// A button that opens help (SwiftUI's `HelpLink`, the round `?` button): headless, a button
/// labelled "Help" that runs `action` when tapped.
public nonisolated struct HelpLink: View {
    let action: () -> Void

    public init(action: @escaping () -> Void) {
        self.action = action
    }

    @MainActor public var body: some View {
        let action = self.action
        Button("Help") { action() }
    }
}

/// A pull-down menu (SwiftUI's deprecated `MenuButton`, macOS): a ``Menu``.
public nonisolated struct MenuButton<Label: View, Content: View>: View {
    let label: Label
    let content: Content

    public init(label: Label, @ViewBuilder content: () -> Content) {
        self.label = label
        self.content = content()
    }

    @MainActor public var body: some View {
        Menu(content: { content }, label: { label })
    }
}

extension MenuButton where Label == Text {
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {
        self.init(label: Text(titleKey), content: content)
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(label: Text(title), content: content)
    }
}

/// SwiftUI's older name for ``MenuButton`` (deprecated on macOS in favour of it): the same
/// pull-down menu.
public typealias _PullDownButton = MenuButton

/// SwiftUI's `PullDownButton` (macOS, deprecated): a ``MenuButton``.
public typealias PullDownButton = _PullDownButton
