import Foundation

// The titled forms of `TextField` and `SecureField` (`Label == Text`): a title as a localized key
// or any string, a prompt shown while the field is empty, an axis to grow along, and the
// `onEditingChanged` / `onCommit` callbacks of SwiftUI's first releases.

extension TextField where Label == Text {
    /// The one form the others call: a field titled `title`.
    init(titled title: String, text: Binding<String>, prompt: Text? = nil, axis: Axis? = nil,
         onEditingChanged: ((Bool) -> Void)? = nil, onCommit: (() -> Void)? = nil) {
        self.init(label: Text(verbatim: title), title: title, text: text, prompt: prompt, isSecure: false, axis: axis,
                  onEditingChanged: onEditingChanged, onCommit: onCommit)
    }

    public init(_ titleKey: LocalizedStringKey, text: Binding<String>) {
        self.init(titled: Text(titleKey).content, text: text)
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, text: Binding<String>) {
        self.init(titled: String(title), text: text)
    }

    /// A field showing `prompt` while it is empty.
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, prompt: Text?) {
        self.init(titled: Text(titleKey).content, text: text, prompt: prompt)
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, prompt: Text?) {
        self.init(titled: String(title), text: text, prompt: prompt)
    }

    /// A field that grows along `axis` (`.vertical`: several lines).
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, axis: Axis) {
        self.init(titled: Text(titleKey).content, text: text, axis: axis)
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, axis: Axis) {
        self.init(titled: String(title), text: text, axis: axis)
    }

    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, prompt: Text?, axis: Axis) {
        self.init(titled: Text(titleKey).content, text: text, prompt: prompt, axis: axis)
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, prompt: Text?, axis: Axis) {
        self.init(titled: String(title), text: text, prompt: prompt, axis: axis)
    }

    /// A field that runs `onCommit` when submitted (before the `.onSubmit` actions around it).
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, onCommit: @escaping () -> Void) {
        self.init(titled: Text(titleKey).content, text: text, onCommit: onCommit)
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, onCommit: @escaping () -> Void) {
        self.init(titled: String(title), text: text, onCommit: onCommit)
    }

    /// A field that tells `onEditingChanged` when editing begins (`true`: typed into) and ends
    /// (`false`: submitted, or another field typed into).
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, onEditingChanged: @escaping (Bool) -> Void) {
        self.init(titled: Text(titleKey).content, text: text, onEditingChanged: onEditingChanged)
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, onEditingChanged: @escaping (Bool) -> Void) {
        self.init(titled: String(title), text: text, onEditingChanged: onEditingChanged)
    }

    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, onEditingChanged: @escaping (Bool) -> Void,
                onCommit: @escaping () -> Void) {
        self.init(titled: Text(titleKey).content, text: text, onEditingChanged: onEditingChanged, onCommit: onCommit)
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, onEditingChanged: @escaping (Bool) -> Void,
                                   onCommit: @escaping () -> Void) {
        self.init(titled: String(title), text: text, onEditingChanged: onEditingChanged, onCommit: onCommit)
    }
}

extension SecureField where Label == Text {
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>) {
        self.init(title: Text(titleKey).content, text: text, prompt: nil)
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, text: Binding<String>) {
        self.init(title: String(title), text: text, prompt: nil)
    }

    /// A secure field showing `prompt` while it is empty.
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, prompt: Text?) {
        self.init(title: Text(titleKey).content, text: text, prompt: prompt)
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, prompt: Text?) {
        self.init(title: String(title), text: text, prompt: prompt)
    }

    /// A secure field that runs `onCommit` when submitted.
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, onCommit: @escaping () -> Void) {
        self.init(title: Text(titleKey).content, text: text, prompt: nil, onCommit: onCommit)
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, onCommit: @escaping () -> Void) {
        self.init(title: String(title), text: text, prompt: nil, onCommit: onCommit)
    }
}
