import Foundation

// The forms of `TextField` that edit a value rather than a string: through a format style
// (`value:format:`) or a `Formatter` (`value:formatter:`). The field shows the value formatted;
// what ``ViewHost/type(_:into:)`` enters is the whole text of an edit, parsed as SwiftUI parses it
// when the edit is committed: a value that parses is written to the binding (and shown formatted
// again); text that does not parse leaves the value as it was (a `Binding<Value?>` field sets it
// to `nil`, as empty text does).

extension TextField {
    /// A field that edits `value` through `format`, with a label.
    public init<F: ParseableFormatStyle>(
        value: Binding<F.FormatInput>, format: F, prompt: Text? = nil, @ViewBuilder label: () -> Label
    ) where F.FormatOutput == String {
        self.init(label: label(), title: nil, text: _formatted(value, format), prompt: prompt, isSecure: false, axis: nil)
    }

    /// A field that edits an optional `value` through `format`, with a label: empty text, or
    /// text that does not parse, sets it to `nil`.
    public init<F: ParseableFormatStyle>(
        value: Binding<F.FormatInput?>, format: F, prompt: Text? = nil, @ViewBuilder label: () -> Label
    ) where F.FormatOutput == String {
        self.init(label: label(), title: nil, text: _formatted(value, format), prompt: prompt, isSecure: false, axis: nil)
    }

    /// A field that edits `value` through `formatter`, with a label.
    public init<V>(value: Binding<V>, formatter: Formatter, prompt: Text? = nil, @ViewBuilder label: () -> Label) {
        self.init(label: label(), title: nil, text: _formatted(value, formatter), prompt: prompt, isSecure: false,
                  axis: nil)
    }
}

extension TextField where Label == Text {
    /// A field that edits a value through a format (`TextField("Age", value: $age, format: .number)`).
    public init<F: ParseableFormatStyle>(
        _ titleKey: LocalizedStringKey, value: Binding<F.FormatInput>, format: F, prompt: Text? = nil
    ) where F.FormatOutput == String {
        self.init(titled: Text(titleKey).content, text: _formatted(value, format), prompt: prompt)
    }

    @_disfavoredOverload
    public init<S: StringProtocol, F: ParseableFormatStyle>(
        _ title: S, value: Binding<F.FormatInput>, format: F, prompt: Text? = nil
    ) where F.FormatOutput == String {
        self.init(titled: String(title), text: _formatted(value, format), prompt: prompt)
    }

    /// A field that edits an optional value through a format: empty or unparseable text sets `nil`.
    public init<F: ParseableFormatStyle>(
        _ titleKey: LocalizedStringKey, value: Binding<F.FormatInput?>, format: F, prompt: Text? = nil
    ) where F.FormatOutput == String {
        self.init(titled: Text(titleKey).content, text: _formatted(value, format), prompt: prompt)
    }

    @_disfavoredOverload
    public init<S: StringProtocol, F: ParseableFormatStyle>(
        _ title: S, value: Binding<F.FormatInput?>, format: F, prompt: Text? = nil
    ) where F.FormatOutput == String {
        self.init(titled: String(title), text: _formatted(value, format), prompt: prompt)
    }

    /// A field that edits a value through a `Formatter` (a `NumberFormatter`, a `DateFormatter`).
    public init<V>(_ titleKey: LocalizedStringKey, value: Binding<V>, formatter: Formatter) {
        self.init(titled: Text(titleKey).content, text: _formatted(value, formatter))
    }

    @_disfavoredOverload
    public init<S: StringProtocol, V>(_ title: S, value: Binding<V>, formatter: Formatter) {
        self.init(titled: String(title), text: _formatted(value, formatter))
    }

    public init<V>(_ titleKey: LocalizedStringKey, value: Binding<V>, formatter: Formatter, prompt: Text?) {
        self.init(titled: Text(titleKey).content, text: _formatted(value, formatter), prompt: prompt)
    }

    @_disfavoredOverload
    public init<S: StringProtocol, V>(_ title: S, value: Binding<V>, formatter: Formatter, prompt: Text?) {
        self.init(titled: String(title), text: _formatted(value, formatter), prompt: prompt)
    }

    public init<V>(_ titleKey: LocalizedStringKey, value: Binding<V>, formatter: Formatter, onCommit: @escaping () -> Void) {
        self.init(titled: Text(titleKey).content, text: _formatted(value, formatter), onCommit: onCommit)
    }

    @_disfavoredOverload
    public init<S: StringProtocol, V>(_ title: S, value: Binding<V>, formatter: Formatter, onCommit: @escaping () -> Void) {
        self.init(titled: String(title), text: _formatted(value, formatter), onCommit: onCommit)
    }

    public init<V>(
        _ titleKey: LocalizedStringKey, value: Binding<V>, formatter: Formatter, onEditingChanged: @escaping (Bool) -> Void
    ) {
        self.init(titled: Text(titleKey).content, text: _formatted(value, formatter), onEditingChanged: onEditingChanged)
    }

    @_disfavoredOverload
    public init<S: StringProtocol, V>(
        _ title: S, value: Binding<V>, formatter: Formatter, onEditingChanged: @escaping (Bool) -> Void
    ) {
        self.init(titled: String(title), text: _formatted(value, formatter), onEditingChanged: onEditingChanged)
    }

    public init<V>(
        _ titleKey: LocalizedStringKey, value: Binding<V>, formatter: Formatter,
        onEditingChanged: @escaping (Bool) -> Void, onCommit: @escaping () -> Void
    ) {
        self.init(titled: Text(titleKey).content, text: _formatted(value, formatter), onEditingChanged: onEditingChanged,
                  onCommit: onCommit)
    }

    @_disfavoredOverload
    public init<S: StringProtocol, V>(
        _ title: S, value: Binding<V>, formatter: Formatter,
        onEditingChanged: @escaping (Bool) -> Void, onCommit: @escaping () -> Void
    ) {
        self.init(titled: String(title), text: _formatted(value, formatter), onEditingChanged: onEditingChanged,
                  onCommit: onCommit)
    }
}

/// `value` seen through `format`, as text: text that does not parse leaves the value.
private func _formatted<F: ParseableFormatStyle>(_ value: Binding<F.FormatInput>, _ format: F) -> Binding<String>
where F.FormatOutput == String {
    Binding(
        get: { format.format(value.wrappedValue) },
        set: { text in
            if let parsed = try? format.parseStrategy.parse(text) { value.wrappedValue = parsed }
        })
}

/// An optional `value` seen through `format`: `nil` is empty text, and text that is empty or does
/// not parse is `nil`.
private func _formatted<F: ParseableFormatStyle>(_ value: Binding<F.FormatInput?>, _ format: F) -> Binding<String>
where F.FormatOutput == String {
    Binding(
        get: { value.wrappedValue.map(format.format) ?? "" },
        set: { text in
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            value.wrappedValue = trimmed.isEmpty ? nil : try? format.parseStrategy.parse(text)
        })
}

/// `value` seen through `formatter`: its `string(for:)`, and text read back with the parser of a
/// `NumberFormatter` or `DateFormatter` (a `String` value takes the text as it is). Text that does
/// not parse, or parses to another type, leaves the value — as does any text for another
/// `Formatter`, whose parsing (`getObjectValue`) Foundation keeps internal on Linux.
private func _formatted<V>(_ value: Binding<V>, _ formatter: Formatter) -> Binding<String> {
    Binding(
        get: { formatter.string(for: value.wrappedValue) ?? "" },
        set: { text in
            let parsed: Any?
            if let numbers = formatter as? NumberFormatter {
                parsed = numbers.number(from: text).flatMap { _converted($0, to: V.self) }
            } else if let dates = formatter as? DateFormatter {
                parsed = dates.date(from: text)
            } else {
                parsed = text
            }
            if let parsed = parsed as? V { value.wrappedValue = parsed }
        })
}

/// A parsed number as the field's value type, when it is one exactly (`3.7` is no `Int`), as
/// Foundation bridges an `NSNumber`.
private func _converted<V>(_ number: NSNumber, to type: V.Type) -> Any? {
    if let value = (number as Any) as? V { return value }
    switch type {
    case is CGFloat.Type: return CGFloat(number.doubleValue)
    case is Decimal.Type: return number.decimalValue
    default: return nil
    }
}
