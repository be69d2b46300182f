import Foundation

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
