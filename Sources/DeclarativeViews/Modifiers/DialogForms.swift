import Foundation

// The other forms of alerts and confirmation dialogs (a `Text` or string title, data they
// present, an error) and `fullScreenCover(item:)`, on the machinery of `Presentation.swift`.
// Their builders are not escaping, as in SwiftUI: the buttons and the message are built when the
// modifier is, from the data as it is then; the dialog shows while `isPresented` is true and,
// for the presenting forms, while the data is not `nil`.

/// What a dialog's builders made, for `_PresentationModifier`.
public typealias _Dialog<Message: View, Actions: View> = _PresentationModifier<_DialogContent<Message, Actions>?>

extension View {
    /// A dialog (`alert` or `confirmationDialog`) showing `content` while `isPresented` is true and it exists.
    private func dialog<Message: View, Actions: View>(
        _ kind: String, _ title: Text, isPresented: Binding<Bool>, message: Message?, actions: Actions?
    ) -> ModifiedContent<Self, _Dialog<Message, Actions>> {
        let content = actions.map { _DialogContent(title: title, message: message!, actions: $0) }
        let shown = Binding<Bool>(
            get: { isPresented.wrappedValue && content != nil }, set: { isPresented.wrappedValue = $0 })
        return modifier(_PresentationModifier(
            kind: "\(kind) \(title.content)", isPresented: shown, buttonsDismiss: true, onDismiss: nil,
            presented: { content }))
    }

    public func alert<A: View>(
        _ title: Text, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A
    ) -> ModifiedContent<Self, _Dialog<EmptyView, A>> {
        dialog("alert", title, isPresented: isPresented, message: EmptyView(), actions: actions())
    }

    public func alert<A: View, M: View>(
        _ title: Text, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M
    ) -> ModifiedContent<Self, _Dialog<M, A>> {
        dialog("alert", title, isPresented: isPresented, message: message(), actions: actions())
    }

    public func alert<A: View, T>(
        _ title: Text, isPresented: Binding<Bool>, presenting data: T?, @ViewBuilder actions: (T) -> A
    ) -> ModifiedContent<Self, _Dialog<EmptyView, A>> {
        dialog("alert", title, isPresented: isPresented, message: EmptyView(), actions: data.map(actions))
    }

    public func alert<A: View, M: View, T>(
        _ title: Text, isPresented: Binding<Bool>, presenting data: T?, @ViewBuilder actions: (T) -> A,
        @ViewBuilder message: (T) -> M
    ) -> ModifiedContent<Self, _Dialog<M, A>> {
        dialog("alert", title, isPresented: isPresented, message: data.map(message), actions: data.map(actions))
    }

    @_disfavoredOverload
    public func alert<S: StringProtocol, A: View>(
        _ title: S, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A
    ) -> ModifiedContent<Self, _Dialog<EmptyView, A>> {
        dialog("alert", Text(title), isPresented: isPresented, message: EmptyView(), actions: actions())
    }

    @_disfavoredOverload
    public func alert<S: StringProtocol, A: View, M: View>(
        _ title: S, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M
    ) -> ModifiedContent<Self, _Dialog<M, A>> {
        dialog("alert", Text(title), isPresented: isPresented, message: message(), actions: actions())
    }

    @_disfavoredOverload
    public func alert<S: StringProtocol, A: View, T>(
        _ title: S, isPresented: Binding<Bool>, presenting data: T?, @ViewBuilder actions: (T) -> A
    ) -> ModifiedContent<Self, _Dialog<EmptyView, A>> {
        dialog("alert", Text(title), isPresented: isPresented, message: EmptyView(), actions: data.map(actions))
    }

    @_disfavoredOverload
    public func alert<S: StringProtocol, A: View, M: View, T>(
        _ title: S, isPresented: Binding<Bool>, presenting data: T?, @ViewBuilder actions: (T) -> A,
        @ViewBuilder message: (T) -> M
    ) -> ModifiedContent<Self, _Dialog<M, A>> {
        dialog("alert", Text(title), isPresented: isPresented, message: data.map(message), actions: data.map(actions))
    }

    public func alert<A: View, T>(
        _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, presenting data: T?, @ViewBuilder actions: (T) -> A
    ) -> ModifiedContent<Self, _Dialog<EmptyView, A>> {
        dialog("alert", Text(titleKey), isPresented: isPresented, message: EmptyView(), actions: data.map(actions))
    }

    public func alert<A: View, M: View, T>(
        _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, presenting data: T?, @ViewBuilder actions: (T) -> A,
        @ViewBuilder message: (T) -> M
    ) -> ModifiedContent<Self, _Dialog<M, A>> {
        dialog("alert", Text(titleKey), isPresented: isPresented, message: data.map(message), actions: data.map(actions))
    }

    public func confirmationDialog<A: View>(
        _ title: Text, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic, @ViewBuilder actions: () -> A
    ) -> ModifiedContent<Self, _Dialog<EmptyView, A>> {
        dialog("confirmationDialog", title, isPresented: isPresented, message: EmptyView(), actions: actions())
    }

    public func confirmationDialog<A: View, M: View>(
        _ title: Text, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic, @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M
    ) -> ModifiedContent<Self, _Dialog<M, A>> {
        dialog("confirmationDialog", title, isPresented: isPresented, message: message(), actions: actions())
    }

    public func confirmationDialog<A: View, T>(
        _ title: Text, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic, presenting data: T?, @ViewBuilder actions: (T) -> A
    ) -> ModifiedContent<Self, _Dialog<EmptyView, A>> {
        dialog("confirmationDialog", title, isPresented: isPresented, message: EmptyView(), actions: data.map(actions))
    }

    public func confirmationDialog<A: View, M: View, T>(
        _ title: Text, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic, presenting data: T?, @ViewBuilder actions: (T) -> A,
        @ViewBuilder message: (T) -> M
    ) -> ModifiedContent<Self, _Dialog<M, A>> {
        dialog("confirmationDialog", title, isPresented: isPresented, message: data.map(message), actions: data.map(actions))
    }

    @_disfavoredOverload
    public func confirmationDialog<S: StringProtocol, A: View>(
        _ title: S, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic, @ViewBuilder actions: () -> A
    ) -> ModifiedContent<Self, _Dialog<EmptyView, A>> {
        dialog("confirmationDialog", Text(title), isPresented: isPresented, message: EmptyView(), actions: actions())
    }

    @_disfavoredOverload
    public func confirmationDialog<S: StringProtocol, A: View, M: View>(
        _ title: S, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic, @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M
    ) -> ModifiedContent<Self, _Dialog<M, A>> {
        dialog("confirmationDialog", Text(title), isPresented: isPresented, message: message(), actions: actions())
    }

    @_disfavoredOverload
    public func confirmationDialog<S: StringProtocol, A: View, T>(
        _ title: S, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic, presenting data: T?, @ViewBuilder actions: (T) -> A
    ) -> ModifiedContent<Self, _Dialog<EmptyView, A>> {
        dialog("confirmationDialog", Text(title), isPresented: isPresented, message: EmptyView(), actions: data.map(actions))
    }

    @_disfavoredOverload
    public func confirmationDialog<S: StringProtocol, A: View, M: View, T>(
        _ title: S, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic, presenting data: T?, @ViewBuilder actions: (T) -> A,
        @ViewBuilder message: (T) -> M
    ) -> ModifiedContent<Self, _Dialog<M, A>> {
        dialog("confirmationDialog", Text(title), isPresented: isPresented, message: data.map(message), actions: data.map(actions))
    }

    public func confirmationDialog<A: View, T>(
        _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic, presenting data: T?, @ViewBuilder actions: (T) -> A
    ) -> ModifiedContent<Self, _Dialog<EmptyView, A>> {
        dialog("confirmationDialog", Text(titleKey), isPresented: isPresented, message: EmptyView(), actions: data.map(actions))
    }

    public func confirmationDialog<A: View, M: View, T>(
        _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic, presenting data: T?, @ViewBuilder actions: (T) -> A,
        @ViewBuilder message: (T) -> M
    ) -> ModifiedContent<Self, _Dialog<M, A>> {
        dialog("confirmationDialog", Text(titleKey), isPresented: isPresented, message: data.map(message), actions: data.map(actions))
    }

    /// An alert about `error`, titled with its description, while `isPresented` is true and it is not `nil`.
    public func alert<E: LocalizedError, A: View>(
        isPresented: Binding<Bool>, error: E?, @ViewBuilder actions: () -> A
    ) -> ModifiedContent<Self, _Dialog<EmptyView, A>> {
        dialog(
            "alert", Text(verbatim: error?.errorDescription ?? ""), isPresented: isPresented, message: EmptyView(),
            actions: error == nil ? nil : actions())
    }

    public func alert<E: LocalizedError, A: View, M: View>(
        isPresented: Binding<Bool>, error: E?, @ViewBuilder actions: (E) -> A, @ViewBuilder message: (E) -> M
    ) -> ModifiedContent<Self, _Dialog<M, A>> {
        dialog(
            "alert", Text(verbatim: error?.errorDescription ?? ""), isPresented: isPresented, message: error.map(message),
            actions: error.map(actions))
    }

    /// A full-screen cover showing `content` for the item while it is not `nil`; closing it sets it to `nil`.
    public func fullScreenCover<Item: Identifiable, Content: View>(
        item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
    ) -> ModifiedContent<Self, _PresentationModifier<Content?>> {
        modifier(_PresentationModifier(
            kind: "fullScreenCover",
            isPresented: Binding<Bool>(get: { item.wrappedValue != nil }, set: { if !$0 { item.wrappedValue = nil } }),
            buttonsDismiss: false, onDismiss: onDismiss, presented: { item.wrappedValue.map(content) }))
    }
}
