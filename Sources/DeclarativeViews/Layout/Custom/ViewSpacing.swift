import Foundation

/// The space a view prefers around it, edge by edge (SwiftUI's `ViewSpacing`): what a ``Layout``
/// reads from ``LayoutSubview/spacing`` to decide the gap between two subviews.
///
/// Headless, every view prefers the stacks' default gap (8 points) on each edge, so
/// `subview.spacing.distance(to: next.spacing, along: .horizontal)` is 8; ``zero`` prefers none.
/// The distance between two views is the larger of their preferences on the facing edges.
public struct ViewSpacing: Sendable, Equatable, CustomStringConvertible {
    /// The preferred length on each edge.
    private var edges: EdgeInsets

    /// The spacing of a view with the default preferences.
    public init() {
        let gap = LayoutEngine.defaultSpacing
        edges = EdgeInsets(top: gap, leading: gap, bottom: gap, trailing: gap)
    }

    private init(edges: EdgeInsets) {
        self.edges = edges
    }

    /// No spacing on any edge.
    public static let zero = ViewSpacing(edges: EdgeInsets())

    /// The gap between a view with this spacing and `next`, which follows it along `axis`.
    public func distance(to next: ViewSpacing, along axis: Axis) -> CGFloat {
        axis == .horizontal ? max(edges.trailing, next.edges.leading) : max(edges.bottom, next.edges.top)
    }

    /// Takes, on each of `edges`, the larger of this spacing's preference and `other`'s.
    public mutating func formUnion(_ other: ViewSpacing, edges: Edge.Set = .all) {
        if edges.contains(.top) { self.edges.top = max(self.edges.top, other.edges.top) }
        if edges.contains(.leading) { self.edges.leading = max(self.edges.leading, other.edges.leading) }
        if edges.contains(.bottom) { self.edges.bottom = max(self.edges.bottom, other.edges.bottom) }
        if edges.contains(.trailing) { self.edges.trailing = max(self.edges.trailing, other.edges.trailing) }
    }

    /// This spacing with ``formUnion(_:edges:)`` applied.
    public func union(_ other: ViewSpacing, edges: Edge.Set = .all) -> ViewSpacing {
        var result = self
        result.formUnion(other, edges: edges)
        return result
    }

    public var description: String { "ViewSpacing(\(edges.compactDescription))" }
}

/// What a layout tells its container about itself (SwiftUI's `LayoutProperties`): the axis it
/// stacks its subviews along, if any.
public struct LayoutProperties: Sendable, Equatable {
    /// The axis a stack-like layout arranges its subviews along (`nil`: none).
    public var stackOrientation: Axis?

    public init() {
        stackOrientation = nil
    }
}
