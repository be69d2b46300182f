import Foundation

// How text is set — line limits, alignment, truncation, scaling, spacing, case, decoration — is
// recorded on the nodes of the content (`lineLimit=2`, `multilineTextAlignment=center`…), as the
// other styling is (see `Styling.swift`): headless text measurement does not apply it.

/// How the lines of a multiline text are aligned (SwiftUI's `TextAlignment`).
public enum TextAlignment: Hashable, Sendable, CaseIterable {
    case leading, center, trailing
}

extension Text {
    /// Where a text that does not fit is cut (SwiftUI's `Text.TruncationMode`).
    public enum TruncationMode: Sendable {
        case head, tail, middle
    }

    /// A case a text is shown in (SwiftUI's `Text.Case`).
    public enum Case: Sendable {
        case uppercase, lowercase
    }

    /// How a line under or through a text is drawn (SwiftUI's `Text.LineStyle`).
    public struct LineStyle: Hashable, Sendable {
        public var pattern: Pattern
        public var color: Color?

        public init(pattern: Pattern = .solid, color: Color? = nil) {
            self.pattern = pattern
            self.color = color
        }

        public static let single = LineStyle()

        /// How the line is recorded: its pattern unless solid, then its color (`dash blue`; empty
        /// for a plain line).
        var recorded: String {
            [pattern == .solid ? nil : pattern.description, color?.description].compactMap { $0 }.joined(separator: " ")
        }

        /// A line's dash pattern.
        public struct Pattern: Hashable, Sendable, CustomStringConvertible {
            public let description: String
            public static let solid = Pattern(description: "solid")
            public static let dot = Pattern(description: "dot")
            public static let dash = Pattern(description: "dash")
            public static let dashDot = Pattern(description: "dashDot")
            public static let dashDotDot = Pattern(description: "dashDotDot")
        }
    }
}

/// Why content is shown as a placeholder (SwiftUI's `RedactionReasons`).
public struct RedactionReasons: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let placeholder = RedactionReasons(rawValue: 1 << 0)
    public static let privacy = RedactionReasons(rawValue: 1 << 1)
    public static let invalidated = RedactionReasons(rawValue: 1 << 2)
}

/// A text size the user can choose (SwiftUI's `DynamicTypeSize`).
public enum DynamicTypeSize: Hashable, Comparable, CaseIterable, Sendable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5

    /// Whether it is one of the accessibility sizes.
    public var isAccessibilitySize: Bool { self >= .accessibility1 }

    /// The size itself if `range` holds it, else the size in `range` nearest to it.
    func clamped<R: RangeExpression>(to range: R) -> DynamicTypeSize where R.Bound == DynamicTypeSize {
        guard !range.contains(self) else { return self }
        let sizes = Self.allCases
        let index = sizes.firstIndex(of: self) ?? 0
        return sizes.indices.filter { range.contains(sizes[$0]) }.min { abs($0 - index) < abs($1 - index) }
            .map { sizes[$0] } ?? self
    }
}

/// How an SF Symbol's layers are coloured (SwiftUI's `SymbolRenderingMode`).
public struct SymbolRenderingMode: Sendable, Equatable, CustomStringConvertible {
    public let description: String
    public static let monochrome = SymbolRenderingMode(description: "monochrome")
    public static let multicolor = SymbolRenderingMode(description: "multicolor")
    public static let hierarchical = SymbolRenderingMode(description: "hierarchical")
    public static let palette = SymbolRenderingMode(description: "palette")
}

/// Whether the user can select a text (SwiftUI's `TextSelectability`).
public protocol TextSelectability {
    static var allowsSelection: Bool { get }
}

/// Text the user can select (`.textSelection(.enabled)`).
public struct EnabledTextSelectability: TextSelectability {
    public static var allowsSelection: Bool { true }
}

/// Text the user cannot select (`.textSelection(.disabled)`).
public struct DisabledTextSelectability: TextSelectability {
    public static var allowsSelection: Bool { false }
}

extension TextSelectability where Self == EnabledTextSelectability {
    public static var enabled: EnabledTextSelectability { EnabledTextSelectability() }
}

extension TextSelectability where Self == DisabledTextSelectability {
    public static var disabled: DisabledTextSelectability { DisabledTextSelectability() }
}

extension View {
    private func recorded(_ key: String, _ value: String = "") -> ModifiedContent<Self, _StyleModifier> {
        modifier(_StyleModifier(key: key, value: value))
    }

    /// At most `number` lines (`nil`: no limit), recorded as `lineLimit=N`.
    public func lineLimit(_ number: Int?) -> _RecordedEnvironment<Self, Int?> {
        _recording("lineLimit", number.map(String.init) ?? "none", \.lineLimit, number)
    }

    /// `limit` lines, which are reserved even when the text is shorter when `reservesSpace` is true.
    public func lineLimit(_ limit: Int, reservesSpace: Bool) -> _RecordedEnvironment<Self, Int?> {
        _recording("lineLimit", "\(limit)" + (reservesSpace ? " reserved" : ""), \.lineLimit, limit)
    }

    /// Between `lowerBound` and `upperBound` lines; the environment's `lineLimit` is the upper bound.
    public func lineLimit(_ limit: ClosedRange<Int>) -> _RecordedEnvironment<Self, Int?> {
        _recording("lineLimit", "\(limit.lowerBound)...\(limit.upperBound)", \.lineLimit, limit.upperBound)
    }

    public func lineLimit(_ limit: PartialRangeFrom<Int>) -> _RecordedEnvironment<Self, Int?> {
        _recording("lineLimit", "\(limit.lowerBound)...", \.lineLimit, nil)
    }

    public func lineLimit(_ limit: PartialRangeThrough<Int>) -> _RecordedEnvironment<Self, Int?> {
        _recording("lineLimit", "...\(limit.upperBound)", \.lineLimit, limit.upperBound)
    }

    public func multilineTextAlignment(_ alignment: TextAlignment) -> _RecordedEnvironment<Self, TextAlignment> {
        _recording("multilineTextAlignment", "\(alignment)", \.multilineTextAlignment, alignment)
    }

    public func truncationMode(_ mode: Text.TruncationMode) -> _RecordedEnvironment<Self, Text.TruncationMode> {
        _recording("truncationMode", "\(mode)", \.truncationMode, mode)
    }

    public func minimumScaleFactor(_ factor: CGFloat) -> _RecordedEnvironment<Self, CGFloat> {
        _recording("minimumScaleFactor", _number(Double(factor)), \.minimumScaleFactor, factor)
    }

    public func allowsTightening(_ flag: Bool) -> _RecordedEnvironment<Self, Bool> {
        _recording("allowsTightening", "\(flag)", \.allowsTightening, flag)
    }

    public func kerning(_ kerning: CGFloat) -> ModifiedContent<Self, _StyleModifier> {
        recorded("kerning", _number(Double(kerning)))
    }

    public func tracking(_ tracking: CGFloat) -> ModifiedContent<Self, _StyleModifier> {
        recorded("tracking", _number(Double(tracking)))
    }

    public func baselineOffset(_ baselineOffset: CGFloat) -> ModifiedContent<Self, _StyleModifier> {
        recorded("baselineOffset", _number(Double(baselineOffset)))
    }

    public func textCase(_ textCase: Text.Case?) -> _RecordedEnvironment<Self, Text.Case?> {
        _recording("textCase", textCase.map { "\($0)" } ?? "none", \.textCase, textCase)
    }

    public func underline(_ isActive: Bool = true, pattern: Text.LineStyle.Pattern = .solid, color: Color? = nil)
        -> ModifiedContent<Self, _StyleModifier>
    {
        recorded("underline", isActive ? Self.line(pattern, color) : "false")
    }

    public func strikethrough(_ isActive: Bool = true, pattern: Text.LineStyle.Pattern = .solid, color: Color? = nil)
        -> ModifiedContent<Self, _StyleModifier>
    {
        recorded("strikethrough", isActive ? Self.line(pattern, color) : "false")
    }

    private static func line(_ pattern: Text.LineStyle.Pattern, _ color: Color?) -> String {
        Text.LineStyle(pattern: pattern, color: color).recorded
    }

    public func fontDesign(_ design: Font.Design?) -> ModifiedContent<Self, _StyleModifier> {
        recorded("fontDesign", design.map { "\($0)" } ?? "default")
    }

    public func textSelection<S: TextSelectability>(_ selectability: S) -> ModifiedContent<Self, _StyleModifier> {
        recorded("textSelection", S.allowsSelection ? "enabled" : "disabled")
    }

    public func privacySensitive(_ sensitive: Bool = true) -> ModifiedContent<Self, _StyleModifier> {
        recorded("privacySensitive", sensitive ? "" : "false")
    }

    /// Shows the content as a placeholder for `reason`, added to the environment's
    /// `redactionReasons` (recorded as `redacted=placeholder`).
    public func redacted(reason: RedactionReasons) -> _RecordedEnvironmentChange<Self, RedactionReasons> {
        var reasons: [String] = []
        if reason.contains(.placeholder) { reasons.append("placeholder") }
        if reason.contains(.privacy) { reasons.append("privacy") }
        if reason.contains(.invalidated) { reasons.append("invalidated") }
        return _recording("redacted", reasons.joined(separator: " "), \.redactionReasons) { $0.formUnion(reason) }
    }

    /// Shows the content as it is inside a redacted view: clears the environment's `redactionReasons`.
    public func unredacted() -> _RecordedEnvironment<Self, RedactionReasons> {
        _recording("unredacted", "", \.redactionReasons, [])
    }

    public func dynamicTypeSize(_ size: DynamicTypeSize) -> _RecordedEnvironment<Self, DynamicTypeSize> {
        _recording("dynamicTypeSize", "\(size)", \.dynamicTypeSize, size)
    }

    /// Keeps the text size inside in `range`: a size outside it becomes the nearest size in it.
    public func dynamicTypeSize<T: RangeExpression>(_ range: T) -> _RecordedEnvironmentChange<Self, DynamicTypeSize>
    where T.Bound == DynamicTypeSize {
        _recording("dynamicTypeSize", "\(range)", \.dynamicTypeSize) { $0 = $0.clamped(to: range) }
    }

    public func symbolRenderingMode(_ mode: SymbolRenderingMode?) -> _RecordedEnvironment<Self, SymbolRenderingMode?> {
        _recording("symbolRenderingMode", mode?.description ?? "default", \.symbolRenderingMode, mode)
    }
}
