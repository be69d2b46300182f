import AttrGraph
import Foundation

/// A string in `Text("…")` (SwiftUI's `LocalizedStringKey`; there are no localization tables
/// here: the key is the text).
public struct LocalizedStringKey: Equatable, Hashable, Sendable, ExpressibleByStringInterpolation {
    let key: String

    public init(_ value: String) {
        key = value
    }

    public init(stringLiteral value: String) {
        key = value
    }

    public init(stringInterpolation: DefaultStringInterpolation) {
        key = String(stringInterpolation: stringInterpolation)
    }
}

/// A line of text.
///
///     Text("Hello")
///     Text("Count: \(count)")
///     Text(verbatim: name)
public nonisolated struct Text: View, Equatable, Sendable {
    /// The characters shown.
    public let content: String

    public init(_ key: LocalizedStringKey) {
        content = key.key
    }

    public init<S: StringProtocol>(_ content: S) {
        self.content = String(content)
    }

    public init(verbatim content: String) {
        self.content = content
    }

    /// The characters of an attributed string (attributes are not rendered).
    public init(_ attributedContent: AttributedString) {
        content = String(attributedContent.characters)
    }

    /// Two texts shown one after the other.
    public static func + (lhs: Text, rhs: Text) -> Text {
        Text(verbatim: lhs.content + rhs.content)
    }

    public var body: Never { _primitiveBody(Self.self) }

    public static func _makeView(view: _GraphValue<Self>, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(render: Attribute(TextRender(text: view)))
    }
}

struct TextRender: StatefulRule {
    typealias Value = [DisplayNode]
    let text: _GraphValue<Text>

    mutating func updateValue() {
        emit(.text(text.value.content))
    }
}
