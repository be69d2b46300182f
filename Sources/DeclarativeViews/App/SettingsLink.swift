import Foundation

/// A button that opens the app's ``Settings`` window (SwiftUI's `SettingsLink`, macOS): tapping
/// it does what the app menu's "Settings…" does (``ViewHost/openSettings()``).
public nonisolated struct SettingsLink<Label: View>: View {
    let label: Label
    @Environment(\.openWindow) private var openWindow

    /// A link labelled with `label`.
    public init(@ViewBuilder label: () -> Label) {
        self.label = label()
    }

    @MainActor public var body: some View {
        let openWindow = self.openWindow
        Button(action: { openWindow(id: Settings<EmptyView>.windowID) }) { label }
    }
}

extension SettingsLink where Label == DefaultSettingsLinkLabel {
    /// A link with the system's label, "Settings…".
    public init() {
        self.init { DefaultSettingsLinkLabel() }
    }
}

/// The label of a ``SettingsLink`` made with `init()` (SwiftUI's `DefaultSettingsLinkLabel`):
/// "Settings…".
public nonisolated struct DefaultSettingsLinkLabel: View {
    @MainActor public var body: some View { Text("Settings…") }
}
