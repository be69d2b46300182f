import Foundation

/// A horizontal and a vertical alignment, for `ZStack`, `.frame`, overlays and backgrounds.
public struct Alignment: Sendable, Hashable, CustomStringConvertible {
    public var horizontal: HorizontalAlignment
    public var vertical: VerticalAlignment

    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// Whether both guides are standard ones (leading, centre, trailing; top, centre, bottom),
    /// which the layout places by fractions of the free space.
    var isStandard: Bool { horizontal.fraction != nil && vertical.fraction != nil }

    public static let center = Alignment(horizontal: .center, vertical: .center)
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    public static let top = Alignment(horizontal: .center, vertical: .top)
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)
    public static let centerFirstTextBaseline = Alignment(horizontal: .center, vertical: .firstTextBaseline)
    public static let centerLastTextBaseline = Alignment(horizontal: .center, vertical: .lastTextBaseline)
    public static let leadingFirstTextBaseline = Alignment(horizontal: .leading, vertical: .firstTextBaseline)
    public static let leadingLastTextBaseline = Alignment(horizontal: .leading, vertical: .lastTextBaseline)
    public static let trailingFirstTextBaseline = Alignment(horizontal: .trailing, vertical: .firstTextBaseline)
    public static let trailingLastTextBaseline = Alignment(horizontal: .trailing, vertical: .lastTextBaseline)

    /// `center`, `leading`, `top`, `topLeading`…, and `leadingFirstTextBaseline` for the baselines.
    public var description: String {
        func capitalized(_ name: String) -> String { name.prefix(1).uppercased() + name.dropFirst() }
        switch (horizontal, vertical) {
        case (.center, .center): return "center"
        case (_, .center): return horizontal.description
        case (.center, .top), (.center, .bottom): return vertical.description
        case (_, .top), (_, .bottom): return vertical.description + capitalized(horizontal.description)
        default: return horizontal.description + capitalized(vertical.description)
        }
    }
}
