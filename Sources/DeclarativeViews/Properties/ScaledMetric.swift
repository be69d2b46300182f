import Foundation

/// A length that grows and shrinks with the text size the environment asks for (SwiftUI's
/// `ScaledMetric`):
///
///     @ScaledMetric var iconSize = 24.0                      // scales like body text
///     @ScaledMetric(relativeTo: .caption) var spacing = 4.0   // scales like captions
///
/// The value is the given one at the default size (`.large`) and, at another ``DynamicTypeSize``
/// (`\.dynamicTypeSize` in the environment), the given one times the ratio of the text style's
/// point size at that size to its point size at `.large` — at `.accessibility3`, body text is
/// 40 pt instead of 17, so 24 becomes 24 × 40 / 17.
@propertyWrapper
public struct ScaledMetric<Value: BinaryFloatingPoint>: DynamicProperty {
    @Environment(\.dynamicTypeSize) private var size
    private let baseValue: Value
    private let textStyle: Font.TextStyle

    /// A metric that scales like body text.
    public init(wrappedValue: Value) {
        self.init(wrappedValue: wrappedValue, relativeTo: .body)
    }

    /// A metric that scales like text of `textStyle`.
    public init(wrappedValue: Value, relativeTo textStyle: Font.TextStyle) {
        baseValue = wrappedValue
        self.textStyle = textStyle
    }

    /// The value scaled for the environment's text size.
    public var wrappedValue: Value {
        baseValue * Value(textStyle._scale(at: size))
    }
}

extension Font.TextStyle {
    /// How much larger text of this style is at `size` than at the default size (`.large`).
    func _scale(at size: DynamicTypeSize) -> Double {
        let points = _pointSizes
        guard let index = DynamicTypeSize.allCases.firstIndex(of: size),
              let large = DynamicTypeSize.allCases.firstIndex(of: .large)
        else { return 1 }
        return points[index] / points[large]
    }

    /// The style's point size at each ``DynamicTypeSize``, smallest first (Apple's iOS type
    /// scale).
    private var _pointSizes: [Double] {
        switch self {
        case .largeTitle: [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60]
        case .title: [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58]
        case .title2: [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56]
        case .title3: [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55]
        case .headline, .body: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
        case .callout: [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51]
        case .subheadline: [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49]
        case .footnote: [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44]
        case .caption: [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]
        case .caption2: [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40]
        }
    }
}

// `EnvironmentValues.dynamicTypeSize`, which a scaled metric reads, is in Modifiers/TextEnvironment.swift.
