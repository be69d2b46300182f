import Foundation

extension TextField {
    /// A field that edits a value through a format (SwiftUI's `TextField(_:value:format:prompt:)`):
    /// it shows `format.format(value)`, and text typed into it is parsed with the format's parse
    /// strategy — the value changes when the text parses, and stays as it was when it does not.
    public init<F: ParseableFormatStyle>(
        _ titleKey: LocalizedStringKey, value: Binding<F.FormatInput>, format: F, prompt: Text? = nil
    ) where F.FormatOutput == String {
        self.init(title: Text(titleKey).content, text: Self.formatted(value, format), isSecure: false, axis: nil)
    }

    @_disfavoredOverload
    public init<S: StringProtocol, F: ParseableFormatStyle>(
        _ title: S, value: Binding<F.FormatInput>, format: F, prompt: Text? = nil
    ) where F.FormatOutput == String {
        self.init(title: String(title), text: Self.formatted(value, format), isSecure: false, axis: nil)
    }

    /// `value` seen through `format`, as text.
    private static func formatted<F: ParseableFormatStyle>(_ value: Binding<F.FormatInput>, _ format: F) -> Binding<String>
    where F.FormatOutput == String {
        Binding(
            get: { format.format(value.wrappedValue) },
            set: { text in
                if let parsed = try? format.parseStrategy.parse(text) { value.wrappedValue = parsed }
            })
    }
}
