import Foundation

// The environment values of a view's geometry: the direction layouts run in, and the display's
// scale. Headless there is no display: one pixel per point unless a test says otherwise.

struct LayoutDirectionKey: EnvironmentKey {
    static var defaultValue: LayoutDirection { .leftToRight }
}

struct DisplayScaleKey: EnvironmentKey {
    static var defaultValue: CGFloat { 1 }
}

struct LayoutDirectionBehaviorKey: EnvironmentKey {
    static var defaultValue: LayoutDirectionBehavior { .fixed }
}

extension EnvironmentValues {
    /// The direction text and layouts run in (``LayoutDirection/leftToRight`` unless set above
    /// the view: `.environment(\.layoutDirection, .rightToLeft)`).
    public var layoutDirection: LayoutDirection {
        get { self[LayoutDirectionKey.self] }
        set { self[LayoutDirectionKey.self] = newValue }
    }

    /// Pixels per point of the display (1 headless unless set).
    public var displayScale: CGFloat {
        get { self[DisplayScaleKey.self] }
        set { self[DisplayScaleKey.self] = newValue }
    }

    /// The length of one pixel in points: 1 / ``displayScale``.
    public var pixelLength: CGFloat { 1 / displayScale }
}

extension Axis: CustomStringConvertible {
    /// `horizontal` or `vertical`.
    public var description: String { self == .horizontal ? "horizontal" : "vertical" }
}

/// Whether a view mirrors its drawing in a right-to-left layout (SwiftUI's `LayoutDirectionBehavior`).
public enum LayoutDirectionBehavior: Hashable, Sendable {
    /// Never mirrors.
    case fixed
    /// Mirrors when the layout direction is `layoutDirection`.
    case mirrors(in: LayoutDirection)

    /// Mirrors in a right-to-left layout.
    public static var mirrors: LayoutDirectionBehavior { .mirrors(in: .rightToLeft) }

    var name: String {
        switch self {
        case .fixed: "fixed"
        case .mirrors(let direction): direction == .rightToLeft ? "mirrors" : "mirrors in=leftToRight"
        }
    }
}

extension View {
    /// Whether the view mirrors in right-to-left layouts (recorded: `layoutDirectionBehavior`).
    public func layoutDirectionBehavior(_ behavior: LayoutDirectionBehavior) -> ModifiedContent<Self, _StyleModifier> {
        modifier(_StyleModifier(key: "layoutDirectionBehavior", value: behavior.name))
    }

    /// The old spelling of ``ignoresSafeArea(_:edges:)`` for every region (recorded the same way).
    public func edgesIgnoringSafeArea(_ edges: Edge.Set) -> ModifiedContent<Self, _StyleModifier> {
        ignoresSafeArea(.all, edges: edges)
    }
}
