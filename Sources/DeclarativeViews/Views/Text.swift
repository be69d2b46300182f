import AttrGraph
import Foundation

/// A string in `Text("…")` (SwiftUI's `LocalizedStringKey`; there are no localization tables
/// here: the key is the text). Its literal parts are Markdown, as in SwiftUI: `Text("**Bold**")`
/// shows "Bold"; interpolated values are shown as they are.
public struct LocalizedStringKey: Equatable, Hashable, Sendable, ExpressibleByStringInterpolation {
    /// The text with interpolated values in place.
    let key: String
    /// The text shown: the Markdown of the literal parts resolved, values kept verbatim.
    let visible: String

    public init(_ value: String) {
        key = value
        visible = MarkdownInline.visibleText(value)
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    public init(stringInterpolation: StringInterpolation) {
        key = stringInterpolation.text
        // Values cannot add markup: only the literal parts decide whether there is any.
        guard stringInterpolation.literalsMayContainMarkup else {
            visible = key
            return
        }
        // Values stand in as private-use characters while the Markdown is resolved, so markup in
        // a value is not read and markup around a value (`**\(name)**`) still is.
        var format = ""
        var values: [Character: String] = [:]
        let scalars = key.unicodeScalars
        let utf8 = key.utf8
        var literalStart = utf8.startIndex
        stringInterpolation.valueRanges.forEach { range in
            let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
            let end = utf8.index(start, offsetBy: range.count)
            // Sliced as scalars: a value that starts with a combining mark is not a Character
            // boundary, and Character-view slicing would round it down.
            format += String(scalars[literalStart..<start])
            let marker = Character(Unicode.Scalar(0xF0000 + UInt32(values.count)).unsafelyUnwrapped)
            values[marker] = String(scalars[start..<end])
            format.append(marker)
            literalStart = end
        }
        format += String(scalars[literalStart...])
        var visible = ""
        for character in MarkdownInline.visibleText(format) {
            if let value = values[character] { visible += value } else { visible.append(character) }
        }
        self.visible = visible
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.key == rhs.key && lhs.visible == rhs.visible }
    public func hash(into hasher: inout Hasher) { hasher.combine(key) }

    /// Collects the literal parts and the values of `"…\(value)…"`.
    public struct StringInterpolation: StringInterpolationProtocol {
        /// The whole text, values in place.
        @usableFromInline var text = ""
        /// Where the values are in `text`, to resolve Markdown around them (the literal parts
        /// are what lies between).
        @usableFromInline var valueRanges = _ValueRanges()
        @usableFromInline var literalsMayContainMarkup = false

        public init(literalCapacity: Int, interpolationCount: Int) {
            text.reserveCapacity(literalCapacity + 8 * interpolationCount)
        }

        public mutating func appendLiteral(_ literal: String) {
            guard !literal.isEmpty else { return }
            text += literal
            if !literalsMayContainMarkup, MarkdownInline.mayContainMarkup(literal) { literalsMayContainMarkup = true }
        }

        @usableFromInline
        mutating func appendValue(_ value: String) {
            let start = text.utf8.count
            text += value
            valueRanges.append(start..<text.utf8.count)
        }

        public mutating func appendInterpolation<T>(_ value: T) {
            appendValue(String(describing: value))
        }

        /// Inlinable, so that `Text("Row \(id)")` formats the value where it is known (no
        /// dynamic conformance lookups, as `DefaultStringInterpolation` avoids them).
        @inlinable
        public mutating func appendInterpolation<T: CustomStringConvertible>(_ value: T) {
            appendValue(value.description)
        }

        public mutating func appendInterpolation(_ string: String) {
            appendValue(string)
        }

        /// `Text("\(price, specifier: "%.2f")")`.
        public mutating func appendInterpolation<T: CVarArg>(_ value: T, specifier: String) {
            appendValue(String(format: specifier, value))
        }

        /// `Text("\(date, format: .dateTime)")`, `Text("\(count, format: .number)")`.
        public mutating func appendInterpolation<F: FormatStyle>(_ value: F.FormatInput, format: F)
        where F.FormatOutput == String {
            appendValue(format.format(value))
        }

        /// `Text("Total: \(Text("5").bold())")`.
        public mutating func appendInterpolation(_ text: Text) {
            appendValue(text.content)
        }

        /// `Text("Tap \(Image(systemName: "plus")) to add")`: the image's placeholder, `[plus]`.
        public mutating func appendInterpolation(_ image: Image) {
            appendValue("[\(image.name)]")
        }

        /// A range of dates, as `Text(_:)` of it shows them (`10:00 AM – 11:30 AM`).
        public mutating func appendInterpolation(_ dates: ClosedRange<Date>) {
            appendValue(Text(dates).content)
        }

        /// A date interval, as `Text(_:)` of it shows it.
        public mutating func appendInterpolation(_ interval: DateInterval) {
            appendValue(Text(interval).content)
        }

        /// An attributed string's characters (headless text keeps no attributes).
        public mutating func appendInterpolation(_ attributedString: AttributedString) {
            appendValue(String(attributedString.characters))
        }

        /// `Text("Updated \(date, style: .relative) ago")`: the date as `Text(_:style:)` shows it.
        public mutating func appendInterpolation(_ date: Date, style: Text.DateStyle) {
            appendValue(Text(date, style: style).content)
        }

        /// A timer counting over `timerInterval`, as `Text(timerInterval:…)` shows it.
        public mutating func appendInterpolation(timerInterval: ClosedRange<Date>, pauseTime: Date? = nil,
                                                 countsDown: Bool = true, showsHours: Bool = true) {
            appendValue(Text(timerInterval: timerInterval, pauseTime: pauseTime, countsDown: countsDown, showsHours: showsHours).content)
        }

        /// A value formatted by a Foundation `Formatter` (`\(date, formatter: dateFormatter)`).
        public mutating func appendInterpolation<Subject: ReferenceConvertible>(_ subject: Subject, formatter: Formatter? = nil) {
            appendValue(formatter?.string(for: subject) ?? String(describing: subject))
        }

        /// A value formatted by a Foundation `Formatter`, for the values that are not
        /// `ReferenceConvertible` on Linux (`Date`).
        @_disfavoredOverload
        public mutating func appendInterpolation<Subject>(_ subject: Subject, formatter: Formatter) {
            appendValue(formatter.string(for: subject) ?? String(describing: subject))
        }
    }
}

/// Where the interpolated values of a ``LocalizedStringKey`` are in its text (UTF-8 offsets, in
/// order). The first two are kept inline: a key like `"Row \(id)"`, made in every row's body,
/// then allocates no list.
@usableFromInline
struct _ValueRanges: Sendable {
    @usableFromInline var first: Range<Int>?
    @usableFromInline var second: Range<Int>?
    @usableFromInline var rest: [Range<Int>] = []

    @usableFromInline init() {}

    @usableFromInline mutating func append(_ range: Range<Int>) {
        if first == nil {
            first = range
        } else if second == nil {
            second = range
        } else {
            rest.append(range)
        }
    }

    /// Calls `body` with each range, in order.
    func forEach(_ body: (Range<Int>) -> Void) {
        guard let first else { return }
        body(first)
        guard let second else { return }
        body(second)
        for range in rest { body(range) }
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
    /// Styling applied through `Text`'s own modifiers (`Text("a").bold()`), innermost first;
    /// recorded on the text's node as the `View` modifiers record theirs.
    var _styles: [_TextStyle] = []

    /// The text of `key` (its Markdown resolved). There are no localization tables headless: the
    /// key is the text, whatever `tableName` and `bundle` say.
    public init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil) {
        content = key.visible
    }

    /// A string shown as it is (no Markdown). Disfavoured, as in SwiftUI, so that a literal —
    /// interpolated or not — is a ``LocalizedStringKey``.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ content: S) {
        self.content = String(content)
    }

    public init(verbatim content: String) {
        self.content = content
    }

    /// The characters of an attributed string, its SwiftUI attributes (`font`, `foregroundColor`…)
    /// recorded on the text's node. Disfavoured: a literal is a ``LocalizedStringKey``
    /// (AttributedString is expressible by one too).
    @_disfavoredOverload
    public init(_ attributedContent: AttributedString) {
        content = String(attributedContent.characters)
        _styles = AttributeScopes.SwiftUIAttributes.styles(of: attributedContent)
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
        let text = self.text.value
        guard !text._styles.isEmpty else {
            emit(.text(text.content))
            return
        }
        var annotations = _Annotations()
        for style in text._styles where annotations.styles[style.key] == nil {
            annotations.styles[style.key] = style.value
        }
        let kind = RenderNode.Kind.text(text.content)
        if hasValue, value.count == 1, value[0].kind == kind, value[0].children.isEmpty, value[0].annotations == annotations {
            return
        }
        value = [DisplayNode(kind: kind, annotations: annotations)]
    }
}
