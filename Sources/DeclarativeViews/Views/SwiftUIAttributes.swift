import Foundation

// SwiftUI's attributes of an `AttributedString` (`string.foregroundColor = .red`,
// `string[range].font = .title`): the keys, their scope, and the dynamic member lookup that spells
// them as properties. `Text(attributedString)` records them on its node, each under the name of the
// modifier that sets it (`font`, `foregroundColor`, `kerning`…): the value alone when one run covers
// the whole text, else each run's value with its characters (`foregroundColor=red "world"`).

extension AttributeScopes {
    /// The attributes SwiftUI draws text with, and Foundation's.
    public var swiftUI: SwiftUIAttributes.Type { SwiftUIAttributes.self }

    /// SwiftUI's attributes of text (SwiftUI's `AttributeScopes.SwiftUIAttributes`).
    public struct SwiftUIAttributes: AttributeScope {
        /// The font of the characters.
        public enum FontAttribute: AttributedStringKey {
            public typealias Value = Font
            public static let name = "SwiftUI.Font"
        }

        /// The color of the characters.
        public enum ForegroundColorAttribute: AttributedStringKey {
            public typealias Value = Color
            public static let name = "SwiftUI.ForegroundColor"
        }

        /// The color behind the characters.
        public enum BackgroundColorAttribute: AttributedStringKey {
            public typealias Value = Color
            public static let name = "SwiftUI.BackgroundColor"
        }

        /// A line through the characters.
        public enum StrikethroughStyleAttribute: AttributedStringKey {
            public typealias Value = Text.LineStyle
            public static let name = "SwiftUI.StrikethroughStyle"
        }

        /// A line under the characters.
        public enum UnderlineStyleAttribute: AttributedStringKey {
            public typealias Value = Text.LineStyle
            public static let name = "SwiftUI.UnderlineStyle"
        }

        /// Extra space between the characters, as `kerning(_:)` adds it.
        public enum KerningAttribute: CodableAttributedStringKey {
            public typealias Value = CGFloat
            public static let name = "SwiftUI.Kern"
        }

        /// Extra space between the characters, as `tracking(_:)` adds it.
        public enum TrackingAttribute: CodableAttributedStringKey {
            public typealias Value = CGFloat
            public static let name = "SwiftUI.Tracking"
        }

        /// How far the characters are raised above the baseline.
        public enum BaselineOffsetAttribute: CodableAttributedStringKey {
            public typealias Value = CGFloat
            public static let name = "SwiftUI.BaselineOffset"
        }

        public let font: FontAttribute
        public let foregroundColor: ForegroundColorAttribute
        public let backgroundColor: BackgroundColorAttribute
        public let strikethroughStyle: StrikethroughStyleAttribute
        public let underlineStyle: UnderlineStyleAttribute
        public let kern: KerningAttribute
        public let tracking: TrackingAttribute
        public let baselineOffset: BaselineOffsetAttribute
        public let foundation: FoundationAttributes
    }
}

extension AttributeDynamicLookup {
    /// SwiftUI's attributes as properties of an attributed string and its runs
    /// (`string.foregroundColor = .red`).
    public subscript<T: AttributedStringKey>(dynamicMember keyPath: KeyPath<AttributeScopes.SwiftUIAttributes, T>) -> T {
        self[T.self]
    }
}

extension AttributeScopes.SwiftUIAttributes {
    /// The styles `Text(string)` records for the SwiftUI attributes of `string`, in the order of
    /// ``_TextStyle``s (each key once).
    static func styles(of string: AttributedString) -> [_TextStyle] {
        let whole = String(string.characters)
        var styles: [_TextStyle] = []
        /// Records `key` from the runs of one attribute (adjacent characters with the same value
        /// are one run), each value described by `describe`.
        func record<K: AttributedStringKey>(_ key: String, _ attribute: K.Type, _ describe: (K.Value) -> String)
        where K.Value: Sendable {
            let runs = string.runs[attribute].compactMap { value, range in
                value.map { (value: describe($0), characters: String(string[range].characters)) }
            }
            guard !runs.isEmpty else { return }
            if runs.count == 1, runs[0].characters == whole {
                styles.append(_TextStyle(key: key, value: runs[0].value))
            } else {
                styles.append(_TextStyle(key: key, value: runs.map { "\($0.value) \"\($0.characters)\"" }.joined(separator: "; ")))
            }
        }
        record("font", FontAttribute.self, \.description)
        record("foregroundColor", ForegroundColorAttribute.self, \.description)
        record("backgroundColor", BackgroundColorAttribute.self, \.description)
        record("strikethrough", StrikethroughStyleAttribute.self, \.recorded)
        record("underline", UnderlineStyleAttribute.self, \.recorded)
        record("kerning", KerningAttribute.self) { _number(Double($0)) }
        record("tracking", TrackingAttribute.self) { _number(Double($0)) }
        record("baselineOffset", BaselineOffsetAttribute.self) { _number(Double($0)) }
        record("link", AttributeScopes.FoundationAttributes.LinkAttribute.self, \.absoluteString)
        return styles
    }
}
