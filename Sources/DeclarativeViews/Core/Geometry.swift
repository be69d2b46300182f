import Foundation

/// Where views line up across a vertical stack.
public enum HorizontalAlignment: Sendable, Hashable, CustomStringConvertible {
    case leading, center, trailing

    public var description: String {
        switch self {
        case .leading: "leading"
        case .center: "center"
        case .trailing: "trailing"
        }
    }
}

/// Where views line up across a horizontal stack.
public enum VerticalAlignment: Sendable, Hashable, CustomStringConvertible {
    case top, center, bottom

    public var description: String {
        switch self {
        case .top: "top"
        case .center: "center"
        case .bottom: "bottom"
        }
    }
}

/// A horizontal and a vertical alignment, for `ZStack` and `.frame`.
public struct Alignment: Sendable, Hashable, CustomStringConvertible {
    public var horizontal: HorizontalAlignment
    public var vertical: VerticalAlignment

    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    public static let center = Alignment(horizontal: .center, vertical: .center)
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    public static let top = Alignment(horizontal: .center, vertical: .top)
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)

    public var description: String {
        switch (horizontal, vertical) {
        case (.center, .center): "center"
        case (_, .center): horizontal.description
        case (.center, _): vertical.description
        default: vertical.description + horizontal.description.prefix(1).uppercased() + horizontal.description.dropFirst()
        }
    }
}

/// The four edges of a rectangle.
public enum Edge: Int8, Sendable, Hashable, CaseIterable {
    case top, leading, bottom, trailing

    /// A set of edges, for `.padding(.horizontal, 8)`.
    public struct Set: OptionSet, Sendable, Hashable {
        public var rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }

        public init(_ edge: Edge) {
            rawValue = 1 << edge.rawValue
        }

        public static let top = Set(.top)
        public static let leading = Set(.leading)
        public static let bottom = Set(.bottom)
        public static let trailing = Set(.trailing)
        public static let horizontal: Set = [.leading, .trailing]
        public static let vertical: Set = [.top, .bottom]
        public static let all: Set = [.top, .leading, .bottom, .trailing]
    }
}

/// Insets on the four edges.
public struct EdgeInsets: Sendable, Hashable {
    public var top: CGFloat
    public var leading: CGFloat
    public var bottom: CGFloat
    public var trailing: CGFloat

    public init(top: CGFloat = 0, leading: CGFloat = 0, bottom: CGFloat = 0, trailing: CGFloat = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    init(_ edges: Edge.Set, _ length: CGFloat) {
        self.init(
            top: edges.contains(.top) ? length : 0, leading: edges.contains(.leading) ? length : 0,
            bottom: edges.contains(.bottom) ? length : 0, trailing: edges.contains(.trailing) ? length : 0)
    }

    /// `16` when all four are equal, else `top=8 leading=16 …` (zero edges left out).
    var compactDescription: String {
        if top == leading && leading == bottom && bottom == trailing {
            return number(Double(top))
        }
        return [("top", top), ("leading", leading), ("bottom", bottom), ("trailing", trailing)]
            .filter { $0.1 != 0 }
            .map { "\($0.0)=\(number(Double($0.1)))" }
            .joined(separator: " ")
    }
}
