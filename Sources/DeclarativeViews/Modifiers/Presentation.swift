import Foundation

// Presentations, headless: while presented, the presented content is shown right after the view
// that presents it, in a stack whose node carries `presentation=sheet` (`fullScreenCover`,
// `popover`, `alert TITLE`, `confirmationDialog TITLE`). Inside it, `@Environment(\.dismiss)`
// closes it (the innermost presentation) and `\.isPresented` is true; tapping any button of an
// alert or a confirmation dialog closes it too, as in SwiftUI.

/// What buttons read from the environment: whether they are enabled, and what a tap dismisses.
struct ButtonContext {
    var isEnabled: Bool
    /// Set inside alerts and confirmation dialogs: every button closes them.
    var dismissesPresentation: (@MainActor () -> Void)?
}

struct ButtonDismissKey: EnvironmentKey {
    static var defaultValue: (@MainActor () -> Void)? { nil }
}

extension EnvironmentValues {
    var _buttonContext: ButtonContext {
        ButtonContext(isEnabled: isEnabled, dismissesPresentation: self[ButtonDismissKey.self])
    }

    var _buttonDismiss: (@MainActor () -> Void)? {
        get { self[ButtonDismissKey.self] }
        set { self[ButtonDismissKey.self] = newValue }
    }
}

/// Shows `presented` after the content while `isPresented` is true.
public nonisolated struct _PresentationModifier<Presented: View>: ViewModifier {
    let kind: String
    let isPresented: Binding<Bool>
    let buttonsDismiss: Bool
    let onDismiss: (() -> Void)?
    let presented: () -> Presented

    @MainActor public func body(content: Content) -> some View {
        content
        if isPresented.wrappedValue {
            let isPresented = self.isPresented
            let onDismiss = self.onDismiss
            let close: @MainActor () -> Void = {
                guard isPresented.wrappedValue else { return }
                isPresented.wrappedValue = false
                onDismiss?()
            }
            VStack(alignment: .leading) { presented() }
                .modifier(_StyleModifier(key: "presentation", value: kind))
                .modifier(_DismissMarker(action: ButtonAction(close)))
                .environment(\._dismiss, DismissAction(close))
                .environment(\.isPresented, true)
                .environment(\._buttonDismiss, buttonsDismiss ? close : nil)
        }
    }
}

extension View {
    public func sheet<Content: View>(
        isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content
    ) -> ModifiedContent<Self, _PresentationModifier<Content>> {
        modifier(_PresentationModifier(kind: "sheet", isPresented: isPresented, buttonsDismiss: false, onDismiss: onDismiss, presented: content))
    }

    public func sheet<Item: Identifiable, Content: View>(
        item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
    ) -> ModifiedContent<Self, _PresentationModifier<Content?>> {
        modifier(_PresentationModifier(
            kind: "sheet", isPresented: _presence(of: item), buttonsDismiss: false, onDismiss: onDismiss,
            presented: { item.wrappedValue.map(content) }))
    }

    public func fullScreenCover<Content: View>(
        isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content
    ) -> ModifiedContent<Self, _PresentationModifier<Content>> {
        modifier(_PresentationModifier(
            kind: "fullScreenCover", isPresented: isPresented, buttonsDismiss: false, onDismiss: onDismiss, presented: content))
    }

    /// A popover: headless, shown after the view as a sheet is (`presentation=popover`); where it
    /// points (`attachmentAnchor`, `arrowEdge`) has no effect.
    public func popover<Content: View>(
        isPresented: Binding<Bool>, attachmentAnchor: PopoverAttachmentAnchor = .rect(.bounds), arrowEdge: Edge = .top,
        @ViewBuilder content: @escaping () -> Content
    ) -> ModifiedContent<Self, _PresentationModifier<Content>> {
        modifier(_PresentationModifier(kind: "popover", isPresented: isPresented, buttonsDismiss: false, onDismiss: nil, presented: content))
    }

    /// A popover showing `content` for the item while it is not `nil`; closing it sets it to `nil`.
    public func popover<Item: Identifiable, Content: View>(
        item: Binding<Item?>, attachmentAnchor: PopoverAttachmentAnchor = .rect(.bounds), arrowEdge: Edge = .top,
        @ViewBuilder content: @escaping (Item) -> Content
    ) -> ModifiedContent<Self, _PresentationModifier<Content?>> {
        modifier(_PresentationModifier(
            kind: "popover", isPresented: _presence(of: item), buttonsDismiss: false, onDismiss: nil,
            presented: { item.wrappedValue.map(content) }))
    }

    /// An inspector (SwiftUI's `inspector(isPresented:content:)`): headless, its content is shown
    /// after the view while `isPresented` is true (`presentation=inspector`), and `dismiss` inside it
    /// closes it.
    public func inspector<V: View>(isPresented: Binding<Bool>, @ViewBuilder content: () -> V)
        -> ModifiedContent<Self, _PresentationModifier<V>>
    {
        let presented = content()
        return modifier(_PresentationModifier(
            kind: "inspector", isPresented: isPresented, buttonsDismiss: false, onDismiss: nil, presented: { presented }))
    }

    /// An alert with its title, its buttons and a message; any button closes it.
    public func alert<Actions: View, Message: View>(
        _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, @ViewBuilder actions: @escaping () -> Actions,
        @ViewBuilder message: @escaping () -> Message
    ) -> ModifiedContent<Self, _PresentationModifier<_DialogContent<Message, Actions>>> {
        let title = Text(titleKey)
        return modifier(_PresentationModifier(
            kind: "alert \(title.content)", isPresented: isPresented, buttonsDismiss: true, onDismiss: nil,
            presented: { _DialogContent(title: title, message: message(), actions: actions()) }))
    }

    /// An alert with its title and buttons; any button closes it.
    public func alert<Actions: View>(
        _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, @ViewBuilder actions: @escaping () -> Actions
    ) -> ModifiedContent<Self, _PresentationModifier<_DialogContent<EmptyView, Actions>>> {
        alert(titleKey, isPresented: isPresented, actions: actions, message: { EmptyView() })
    }

    /// A confirmation dialog (an action sheet); any button closes it.
    public func confirmationDialog<Actions: View>(
        _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
        @ViewBuilder actions: @escaping () -> Actions
    ) -> ModifiedContent<Self, _PresentationModifier<_DialogContent<EmptyView, Actions>>> {
        let title = Text(titleKey)
        return modifier(_PresentationModifier(
            kind: "confirmationDialog \(title.content)", isPresented: isPresented, buttonsDismiss: true, onDismiss: nil,
            presented: { _DialogContent(title: title, message: EmptyView(), actions: actions()) }))
    }

    /// A confirmation dialog with a message under its title; any button closes it.
    public func confirmationDialog<Actions: View, Message: View>(
        _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
        @ViewBuilder actions: @escaping () -> Actions, @ViewBuilder message: @escaping () -> Message
    ) -> ModifiedContent<Self, _PresentationModifier<_DialogContent<Message, Actions>>> {
        let title = Text(titleKey)
        return modifier(_PresentationModifier(
            kind: "confirmationDialog \(title.content)", isPresented: isPresented, buttonsDismiss: true, onDismiss: nil,
            presented: { _DialogContent(title: title, message: message(), actions: actions()) }))
    }
}

/// Marks a presentation's node with what closes it (``ViewHost/dismiss()``).
public nonisolated struct _DismissMarker: PrimitiveViewModifier {
    let action: ButtonAction
}

extension _DismissMarker: Annotating {
    func annotate(_ annotations: inout _Annotations) {
        if annotations.dismiss == nil { annotations.dismiss = action }
    }
}

/// Whether an element is shown (SwiftUI's `Visibility`).
public enum Visibility: Hashable, Sendable, CaseIterable {
    case automatic, visible, hidden
}

/// `true` while an optional value is set; setting `false` clears it.
private func _presence<Wrapped>(of item: Binding<Wrapped?>) -> Binding<Bool> {
    Binding<Bool>(get: { item.wrappedValue != nil }, set: { if !$0 { item.wrappedValue = nil } })
}

/// An alert's or a dialog's title, message and buttons.
public nonisolated struct _DialogContent<Message: View, Actions: View>: View {
    let title: Text
    let message: Message
    let actions: Actions

    @MainActor public var body: some View {
        title
        message
        actions
    }
}
