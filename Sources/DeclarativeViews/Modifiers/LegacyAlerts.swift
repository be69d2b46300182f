import Foundation

// The alerts and action sheets of iOS 13 (`Alert`, `ActionSheet`, `.alert(isPresented:content:)`,
// `.actionSheet(item:content:)`…), deprecated in SwiftUI but still in much code. Headless they are
// dialogs as the modern ones are (`presentation=alert TITLE`, `presentation=actionSheet TITLE`):
// the title, the message and the buttons follow the presenting view while presented, the driver
// taps the buttons by their labels, and any button runs its action and closes the dialog.
//
// The closure that makes the alert runs only while it is presented (SwiftUI's runs when it
// presents): code that builds it from state valid only then (`Text(error!.message)`) works.

/// An alert as a value (SwiftUI's `Alert`, the iOS 13 form): a title, a message and one or two
/// buttons, for ``View/alert(isPresented:content:)`` or ``View/alert(item:content:)``.
///
///     .alert(isPresented: $showingError) {
///         Alert(title: Text("Upload failed"), message: Text("Try again later."),
///               dismissButton: .default(Text("OK")))
///     }
public struct Alert {
    let title: Text
    let message: Text?
    let buttons: [Button]

    /// An alert with one button (`OK` when `dismissButton` is `nil`).
    public init(title: Text, message: Text? = nil, dismissButton: Button? = nil) {
        self.title = title
        self.message = message
        buttons = [dismissButton ?? .default(Text("OK"))]
    }

    /// An alert with two buttons, `primaryButton` first.
    public init(title: Text, message: Text? = nil, primaryButton: Button, secondaryButton: Button) {
        self.title = title
        self.message = message
        buttons = [primaryButton, secondaryButton]
    }

    /// A button of an alert or an action sheet (SwiftUI's `Alert.Button`): its label, its role
    /// (recorded as a button's is) and what it does, after which the dialog closes.
    public struct Button {
        let label: Text
        let role: ButtonRole?
        let action: (() -> Void)?

        /// A button with the default style.
        public static func `default`(_ label: Text, action: (() -> Void)? = {}) -> Button {
            Button(label: label, role: nil, action: action)
        }

        /// A cancel button labelled `label`.
        public static func cancel(_ label: Text, action: (() -> Void)? = {}) -> Button {
            Button(label: label, role: .cancel, action: action)
        }

        /// A cancel button labelled "Cancel".
        public static func cancel(_ action: (() -> Void)? = {}) -> Button {
            Button(label: Text("Cancel"), role: .cancel, action: action)
        }

        /// A destructive button.
        public static func destructive(_ label: Text, action: (() -> Void)? = {}) -> Button {
            Button(label: label, role: .destructive, action: action)
        }
    }
}

/// An action sheet as a value (SwiftUI's `ActionSheet`, the iOS 13 form of a confirmation
/// dialog): a title, a message and its buttons, for ``View/actionSheet(isPresented:content:)``.
public struct ActionSheet {
    let title: Text
    let message: Text?
    let buttons: [Button]

    public typealias Button = Alert.Button

    public init(title: Text, message: Text? = nil, buttons: [ActionSheet.Button] = [.cancel()]) {
        self.title = title
        self.message = message
        self.buttons = buttons
    }
}

/// What an ``Alert`` or an ``ActionSheet`` shows: its title, its message and its buttons.
public nonisolated struct _LegacyDialogContent: View {
    let title: Text
    let message: Text?
    let buttons: [Alert.Button]

    @MainActor public var body: some View {
        title
        message
        ForEach(buttons.indices, id: \.self) { index in
            let button = buttons[index]
            DeclarativeViews.Button(role: button.role, action: { button.action?() }, label: { button.label })
        }
    }
}

extension View {
    /// A legacy dialog of `kind`, made by `make` while `isPresented` is true.
    private func legacyDialog(
        _ kind: String, isPresented: Binding<Bool>, make: () -> (title: Text, message: Text?, buttons: [Alert.Button])?
    ) -> ModifiedContent<Self, _PresentationModifier<_LegacyDialogContent?>> {
        let parts = isPresented.wrappedValue ? make() : nil
        let content = parts.map { _LegacyDialogContent(title: $0.title, message: $0.message, buttons: $0.buttons) }
        let shown = Binding<Bool>(
            get: { isPresented.wrappedValue && content != nil }, set: { isPresented.wrappedValue = $0 })
        return modifier(_PresentationModifier(
            kind: "\(kind) \(parts?.title.content ?? "")", isPresented: shown, buttonsDismiss: true, onDismiss: nil,
            presented: { content }))
    }

    /// Shows the alert `content` makes while `isPresented` is true; any of its buttons closes it.
    public func alert(isPresented: Binding<Bool>, content: () -> Alert)
        -> ModifiedContent<Self, _PresentationModifier<_LegacyDialogContent?>>
    {
        legacyDialog("alert", isPresented: isPresented) {
            let alert = content()
            return (alert.title, alert.message, alert.buttons)
        }
    }

    /// Shows the alert `content` makes for the item while it is not `nil`; closing it sets it to `nil`.
    public func alert<Item: Identifiable>(item: Binding<Item?>, content: (Item) -> Alert)
        -> ModifiedContent<Self, _PresentationModifier<_LegacyDialogContent?>>
    {
        legacyDialog("alert", isPresented: _itemPresence(item)) {
            item.wrappedValue.map(content).map { ($0.title, $0.message, $0.buttons) }
        }
    }

    /// Shows the action sheet `content` makes while `isPresented` is true; any of its buttons closes it.
    public func actionSheet(isPresented: Binding<Bool>, content: () -> ActionSheet)
        -> ModifiedContent<Self, _PresentationModifier<_LegacyDialogContent?>>
    {
        legacyDialog("actionSheet", isPresented: isPresented) {
            let sheet = content()
            return (sheet.title, sheet.message, sheet.buttons)
        }
    }

    /// Shows the action sheet `content` makes for the item while it is not `nil`; closing it sets it to `nil`.
    public func actionSheet<T: Identifiable>(item: Binding<T?>, content: (T) -> ActionSheet)
        -> ModifiedContent<Self, _PresentationModifier<_LegacyDialogContent?>>
    {
        legacyDialog("actionSheet", isPresented: _itemPresence(item)) {
            item.wrappedValue.map(content).map { ($0.title, $0.message, $0.buttons) }
        }
    }
}

/// `true` while an optional value is set; setting `false` clears it.
func _itemPresence<Wrapped>(_ item: Binding<Wrapped?>) -> Binding<Bool> {
    Binding<Bool>(get: { item.wrappedValue != nil }, set: { if !$0 { item.wrappedValue = nil } })
}
