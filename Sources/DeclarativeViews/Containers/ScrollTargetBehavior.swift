import Foundation

// Where a scroll comes to rest. When a scroll gesture ends, the scroll view proposes a target —
// the rectangle of content it would show — and the scroll view's `.scrollTargetBehavior(_:)`
// may move it: paging snaps it to whole pages, view alignment to the edges of the views of the
// `.scrollTargetLayout()`. Headless nothing scrolls, so the behaviors are plain arithmetic for
// a test to call, and the modifiers are recorded on the render tree.

/// Where a scroll view is going to come to rest (SwiftUI's `ScrollTarget`): the rectangle of its
/// content it will show, and the point of that rectangle the scroll is anchored to.
public struct ScrollTarget {
    /// The content rectangle the scroll view will show.
    public var rect: CGRect
    /// Where in `rect` the target is anchored, if anywhere.
    public var anchor: UnitPoint?

    package init(rect: CGRect, anchor: UnitPoint? = nil) {
        self.rect = rect
        self.anchor = anchor
    }
}

/// What a ``ScrollTargetBehavior`` sees when it updates a target (SwiftUI's
/// `ScrollTargetBehaviorContext`): where the scroll began, how fast it is going, the sizes of the
/// content and of the scroll view, the axes it scrolls along, and the environment
/// (`context.layoutDirection`).
@dynamicMemberLookup
public struct ScrollTargetBehaviorContext {
    /// The target the scroll view had when the scroll gesture began.
    public var originalTarget: ScrollTarget { _originalTarget }
    /// The velocity of the scroll, in points per second (positive: towards the content's end).
    public var velocity: CGVector { _velocity }
    /// The size of the scroll view's content.
    public var contentSize: CGSize { _contentSize }
    /// The size of the scroll view.
    public var containerSize: CGSize { _containerSize }
    /// The axes the scroll view scrolls along.
    public var axes: Axis.Set { _axes }

    let _originalTarget: ScrollTarget
    let _velocity: CGVector
    let _contentSize: CGSize
    let _containerSize: CGSize
    let _axes: Axis.Set
    let environment: EnvironmentValues
    /// The frames of the views of the scroll view's `.scrollTargetLayout()`, in content
    /// coordinates (what ``ViewAlignedScrollTargetBehavior`` aligns to).
    let targetFrames: [CGRect]

    package init(
        originalTarget: ScrollTarget, velocity: CGVector = CGVector(dx: 0, dy: 0), contentSize: CGSize,
        containerSize: CGSize, axes: Axis.Set = .vertical, targetFrames: [CGRect] = [],
        environment: EnvironmentValues = EnvironmentValues()
    ) {
        _originalTarget = originalTarget
        _velocity = velocity
        _contentSize = contentSize
        _containerSize = containerSize
        _axes = axes
        self.targetFrames = targetFrames
        self.environment = environment
    }

    /// A value of the scroll view's environment.
    public subscript<T>(dynamicMember keyPath: KeyPath<EnvironmentValues, T>) -> T {
        environment[keyPath: keyPath]
    }
}

/// How a scroll view chooses where a scroll comes to rest (SwiftUI's `ScrollTargetBehavior`):
/// `updateTarget(_:context:)` moves the target the scroll view proposes.
public protocol ScrollTargetBehavior {
    typealias TargetContext = ScrollTargetBehaviorContext
    /// Moves `target` where the scroll should end.
    func updateTarget(_ target: inout ScrollTarget, context: Self.TargetContext)
}

extension ScrollTarget {
    /// The target's origin along `axis`.
    fileprivate func origin(_ axis: Axis) -> CGFloat { axis == .horizontal ? rect.origin.x : rect.origin.y }

    fileprivate mutating func setOrigin(_ value: CGFloat, _ axis: Axis) {
        if axis == .horizontal { rect.origin.x = value } else { rect.origin.y = value }
    }
}

extension ScrollTargetBehaviorContext {
    /// The scrolled axes, horizontal first.
    fileprivate var scrolledAxes: [Axis] {
        [Axis.horizontal, .vertical].filter { axes.contains($0 == .horizontal ? .horizontal : .vertical) }
    }

    fileprivate func length(_ size: CGSize, _ axis: Axis) -> CGFloat { axis == .horizontal ? size.width : size.height }
    fileprivate func speed(_ axis: Axis) -> CGFloat { axis == .horizontal ? velocity.dx : velocity.dy }

    /// The largest offset the content can be scrolled to along `axis`.
    fileprivate func maximumOffset(_ axis: Axis) -> CGFloat {
        max(0, length(contentSize, axis) - length(containerSize, axis))
    }
}

/// Scrolling by whole pages (SwiftUI's `PagingScrollTargetBehavior`, `.scrollTargetBehavior(.paging)`):
/// a page is the scroll view's size. A scroll that ends moving goes one page on from the page it
/// began on, in the direction it moves; one that ends at rest settles on the page nearest its
/// target. The last page ends where the content ends.
public struct PagingScrollTargetBehavior: ScrollTargetBehavior, CustomStringConvertible {
    public init() {}

    public var description: String { "paging" }

    public func updateTarget(_ target: inout ScrollTarget, context: PagingScrollTargetBehavior.TargetContext) {
        for axis in context.scrolledAxes {
            let page = context.length(context.containerSize, axis)
            guard page > 0 else { continue }
            let start = (context.originalTarget.origin(axis) / page).rounded()
            let speed = context.speed(axis)
            let index = speed > 0 ? start + 1 : speed < 0 ? start - 1 : (target.origin(axis) / page).rounded()
            target.setOrigin(min(max(0, index * page), context.maximumOffset(axis)), axis)
        }
    }
}

/// Scrolling that comes to rest with a view of the scroll view's `.scrollTargetLayout()` at its
/// leading (or top) edge (SwiftUI's `ViewAlignedScrollTargetBehavior`, `.viewAligned`): the view
/// whose edge is nearest the proposed target; limited to the view after (or before) the one the
/// scroll began on when the limit behaviour says so (`.always`; `.automatic` limits in compact
/// horizontal size classes, as on a phone).
public struct ViewAlignedScrollTargetBehavior: ScrollTargetBehavior, CustomStringConvertible {
    /// Whether a scroll may move past more than one view (SwiftUI's `LimitBehavior`).
    public struct LimitBehavior: Hashable, Sendable {
        let name: String

        /// Limited in compact horizontal size classes.
        public static var automatic: ViewAlignedScrollTargetBehavior.LimitBehavior { .init(name: "automatic") }
        /// Always limited to one view.
        public static var always: ViewAlignedScrollTargetBehavior.LimitBehavior { .init(name: "always") }
        /// Never limited.
        public static var never: ViewAlignedScrollTargetBehavior.LimitBehavior { .init(name: "never") }
    }

    let limitBehavior: LimitBehavior

    public init(limitBehavior: ViewAlignedScrollTargetBehavior.LimitBehavior = .automatic) {
        self.limitBehavior = limitBehavior
    }

    public var description: String { "viewAligned(\(limitBehavior.name))" }

    public func updateTarget(_ target: inout ScrollTarget, context: ViewAlignedScrollTargetBehavior.TargetContext) {
        let limited = limitBehavior == .always
            || (limitBehavior == .automatic && context.horizontalSizeClass == .compact)
        for axis in context.scrolledAxes {
            let edges = context.targetFrames
                .map { axis == .horizontal ? $0.minX : $0.minY }
                .sorted()
            guard !edges.isEmpty else { continue }
            let proposed = target.origin(axis)
            var index = nearest(to: proposed, in: edges)
            if limited {
                let start = nearest(to: context.originalTarget.origin(axis), in: edges)
                index = min(max(index, start - 1), start + 1)
            }
            target.setOrigin(min(edges[index], context.maximumOffset(axis)), axis)
        }
    }

    /// The index of the edge nearest `offset` (the first of two equally near).
    private func nearest(to offset: CGFloat, in edges: [CGFloat]) -> Int {
        edges.indices.min { abs(edges[$0] - offset) < abs(edges[$1] - offset) } ?? 0
    }
}

extension ScrollTargetBehavior where Self == PagingScrollTargetBehavior {
    /// Scrolling by whole pages.
    public static var paging: PagingScrollTargetBehavior { PagingScrollTargetBehavior() }
}

extension ScrollTargetBehavior where Self == ViewAlignedScrollTargetBehavior {
    /// Scrolling that rests with a view aligned to the scroll view's edge.
    public static var viewAligned: ViewAlignedScrollTargetBehavior { ViewAlignedScrollTargetBehavior() }

    /// The same, limited as `limitBehavior` says.
    public static func viewAligned(limitBehavior: ViewAlignedScrollTargetBehavior.LimitBehavior) -> Self {
        ViewAlignedScrollTargetBehavior(limitBehavior: limitBehavior)
    }
}
