import Foundation

/// A colour chosen by the user (SwiftUI's `ColorPicker`): its label, then the colour
/// (`Tint blue`), the node carrying `colorPicker=LABEL`. Typing a colour into it by that label
/// (``ViewHost/type(_:into:)``) picks it, writing the binding as the system picker does: a name
/// (`red`, `teal`, any of `Color`'s) or hexadecimal components (`#FF8000`, or `#FF800080` with
/// opacity — which a picker made with `supportsOpacity: false` does not take).
public nonisolated struct ColorPicker<Label: View>: View {
    let label: Label
    let selection: Binding<Color>
    let supportsOpacity: Bool

    public init(selection: Binding<Color>, supportsOpacity: Bool = true, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.selection = selection
        self.supportsOpacity = supportsOpacity
    }

    @MainActor public var body: some View {
        let (selection, supportsOpacity) = (self.selection, self.supportsOpacity)
        let title = _labelTitle(of: label, otherwise: "ColorPicker")
        return HStack {
            label
            Text(verbatim: selection.wrappedValue.description)
        }
        .modifier(_TextInputModifier(input: TextInput(
            kind: "colorPicker", title: title, value: { selection.wrappedValue.description }
        ) { text in
            guard let color = Self.color(text, supportsOpacity: supportsOpacity) else {
                throw ViewHostError.invalidInput(
                    field: title, text: text,
                    expected: supportsOpacity
                        ? "a colour name like red, or #RRGGBB or #RRGGBBAA"
                        : "a colour name like red, or #RRGGBB (this picker takes no opacity)")
            }
            selection.wrappedValue = color
        }))
    }

    /// The colours pickable by name.
    static var named: [String: Color] {
        [
            "red": .red, "orange": .orange, "yellow": .yellow, "green": .green, "mint": .mint, "teal": .teal,
            "cyan": .cyan, "blue": .blue, "indigo": .indigo, "purple": .purple, "pink": .pink, "brown": .brown,
            "gray": .gray, "black": .black, "white": .white, "clear": .clear,
        ]
    }

    /// The colour `text` names, if it names one this picker can pick.
    static func color(_ text: String, supportsOpacity: Bool) -> Color? {
        let text = text.trimmingCharacters(in: .whitespaces)
        if let color = named[text.lowercased()] { return color == .clear && !supportsOpacity ? nil : color }
        guard text.hasPrefix("#") else { return nil }
        let digits = text.dropFirst()
        guard digits.count == 6 || (digits.count == 8 && supportsOpacity), digits.allSatisfy(\.isHexDigit) else {
            return nil
        }
        var components: [Double] = []
        var index = digits.startIndex
        while index < digits.endIndex {
            let next = digits.index(index, offsetBy: 2)
            components.append(Double(UInt8(digits[index..<next], radix: 16) ?? 0) / 255)
            index = next
        }
        return Color(red: components[0], green: components[1], blue: components[2],
                     opacity: components.count == 4 ? components[3] : 1)
    }
}

extension ColorPicker where Label == Text {
    public init(_ titleKey: LocalizedStringKey, selection: Binding<Color>, supportsOpacity: Bool = true) {
        self.init(selection: selection, supportsOpacity: supportsOpacity) { Text(titleKey) }
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, selection: Binding<Color>, supportsOpacity: Bool = true) {
        self.init(selection: selection, supportsOpacity: supportsOpacity) { Text(title) }
    }
}
