import Foundation

/// A button that starts renaming (SwiftUI's `RenameButton`): tapping it calls the environment's
/// ``EnvironmentValues/rename`` action, which a ``View/renameAction(_:)-(()->Void)`` above it
/// installs; it is disabled when there is none.
public nonisolated struct RenameButton<Label: View>: View {
    let label: Label
    @Environment(\.rename) private var rename

    @MainActor public var body: some View {
        let rename = self.rename
        Button(action: { rename?() }) { label }
            .disabled(rename == nil)
    }
}

extension RenameButton where Label == DeclarativeViews.Label<Text, Image> {
    /// A "Rename" button with a pencil.
    public init() {
        label = DeclarativeViews.Label("Rename", systemImage: "pencil")
    }
}
