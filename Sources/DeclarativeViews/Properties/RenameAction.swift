/// Starts renaming the item a view shows (SwiftUI's `RenameAction`, `@Environment(\.rename)`):
/// a "Rename" menu item or button calls it, and the view that installed it with
/// ``View/renameAction(_:)-(()->Void)`` runs its action — typically focusing a text field.
public struct RenameAction {
    let action: @MainActor () -> Void

    @MainActor public func callAsFunction() {
        action()
    }
}

struct RenameActionKey: EnvironmentKey {
    static var defaultValue: RenameAction? { nil }
}

extension EnvironmentValues {
    /// The rename action of the nearest ``View/renameAction(_:)-(()->Void)`` above the view, if any.
    public var rename: RenameAction? {
        get { self[RenameActionKey.self] }
        set { self[RenameActionKey.self] = newValue }
    }
}

extension View {
    /// Makes `action` the subtree's rename action (``EnvironmentValues/rename``).
    public func renameAction(_ action: @escaping () -> Void)
        -> ModifiedContent<Self, _EnvironmentKeyWritingModifier<RenameAction?>>
    {
        environment(\.rename, RenameAction(action: { action() }))
    }

    /// Makes focusing the field bound to `isFocused` the subtree's rename action.
    public func renameAction(_ isFocused: FocusState<Bool>.Binding)
        -> ModifiedContent<Self, _EnvironmentKeyWritingModifier<RenameAction?>>
    {
        environment(\.rename, RenameAction(action: { isFocused.wrappedValue = true }))
    }
}
