import Foundation

/// The subviews of a ``Layout`` container (SwiftUI's `LayoutSubviews`): one per view its content
/// makes, in order. A collection of ``LayoutSubview``; slicing one (`subviews[1...]`) keeps the
/// indices, and `subviews[[2, 0]]` makes a collection of the chosen subviews.
///
/// Subviews are proxies: they measure and place views through the layout pass that called the
/// layout, and are only meaningful during it.
public struct LayoutSubviews: RandomAccessCollection, Equatable, @unchecked Sendable {
    // `@unchecked Sendable`: the context is used on the thread that runs layout only (as
    // SwiftUI's subviews, which are values of its main-thread layout).
    let context: LayoutContext
    /// The positions in `context.nodes` of the subviews, in order.
    let members: [Int]
    public let startIndex: Int

    init(context: LayoutContext) {
        self.context = context
        members = Array(context.nodes.indices)
        startIndex = 0
    }

    private init(context: LayoutContext, members: [Int], startIndex: Int) {
        self.context = context
        self.members = members
        self.startIndex = startIndex
    }

    public var endIndex: Int { startIndex + members.count }

    /// The layout direction: left to right, headless (nothing lays out right to left).
    public var layoutDirection = LayoutDirection.leftToRight

    public subscript(index: Int) -> LayoutSubview {
        LayoutSubview(context: context, index: members[index - startIndex])
    }

    public subscript(bounds: Range<Int>) -> LayoutSubviews {
        LayoutSubviews(
            context: context, members: Array(members[(bounds.lowerBound - startIndex)..<(bounds.upperBound - startIndex)]),
            startIndex: bounds.lowerBound)
    }

    /// The subviews at `indices`, in that order, as a new collection (indexed from 0):
    /// `subviews[[2, 0]]`. A range (`subviews[1...]`, which is a sequence of indices too) is a
    /// slice, which keeps the indices.
    public subscript<S: Sequence>(indices: S) -> LayoutSubviews where S.Element == Int {
        if let range = indices as? any RangeExpression<Int> { return self[range.relative(to: self)] }
        return LayoutSubviews(context: context, members: indices.map { members[$0 - startIndex] }, startIndex: 0)
    }

    public static func == (lhs: LayoutSubviews, rhs: LayoutSubviews) -> Bool {
        lhs.context === rhs.context && lhs.members == rhs.members && lhs.startIndex == rhs.startIndex
    }
}

/// The direction text and layouts run in (SwiftUI's `LayoutDirection`). Headless, always
/// ``leftToRight``.
public enum LayoutDirection: Hashable, CaseIterable, Sendable {
    case leftToRight, rightToLeft
}

/// One subview of a ``Layout`` container (SwiftUI's `LayoutSubview`): ask it for its size,
/// read its layout values, and place it.
public struct LayoutSubview: Equatable, @unchecked Sendable {
    let context: LayoutContext
    /// The subview's position among the container's children.
    let index: Int

    private var node: DisplayNode { context.nodes[index] }

    /// The size the subview chooses for `proposal`.
    public func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        context.engine.size(of: node, proposal: proposal)
    }

    /// The subview's size for `proposal`, with its alignment guides: `d[guide]` is where the
    /// subview sets the guide (``View/alignmentGuide(_:computeValue:)-(HorizontalAlignment,_)``,
    /// a text's baselines, its content's guides), else the guide's default value.
    public func dimensions(in proposal: ProposedViewSize) -> ViewDimensions {
        context.engine.dimensions(of: node, size: sizeThatFits(proposal))
    }

    /// Where `key` falls in the subview at `size` (without making its dimensions when it sets
    /// no guide and `key` is a standard one).
    func guideValue(_ key: AlignmentKey, size: CGSize) -> CGFloat {
        context.engine.guideValue(key, of: node, size: size)
    }

    /// Puts the subview's `anchor` point at `position` (in the coordinates of the bounds
    /// ``Layout/placeSubviews(in:proposal:subviews:cache:)`` was given), at the size it chooses
    /// for `proposal`. Only calls made while the container places its subviews count; the last
    /// call for a subview wins.
    public func place(at position: CGPoint, anchor: UnitPoint = .topLeading, proposal: ProposedViewSize) {
        guard context.placements != nil else { return }
        let size = sizeThatFits(proposal)
        let origin = CGPoint(x: position.x - anchor.x * size.width, y: position.y - anchor.y * size.height)
        context.placements?[index] = ChildPlacement(frame: CGRect(origin: origin, size: size), proposal: proposal)
    }

    /// Leaves the subview out of the container's frame: it gets no frame and a user cannot reach
    /// it (the views ``ViewThatFits`` does not show).
    func hide() {
        guard context.placements != nil else { return }
        context.placements?[index] = ChildPlacement(frame: .null, proposal: .zero)
    }

    /// The offset along `key`'s axis that puts the subview (at `size`) in a box of `box`'s size
    /// with its guide where the box's default value of the guide is.
    func alignedOffset(_ size: CGSize, in box: CGSize, on key: AlignmentKey) -> CGFloat {
        if let fraction = key.fraction, !node.hasAlignmentGuides {
            return LayoutEngine.offset(size[key.axis], in: box[key.axis], fraction)
        }
        return context.engine.alignedOffset(of: node, size: size, in: box, on: key, anchor: nil)
    }

    /// The space the subview prefers around it.
    public var spacing: ViewSpacing {
        if case .spacer = node.kind { return .zero }
        return ViewSpacing()
    }

    /// The subview's ``View/layoutPriority(_:)`` (0 unless set).
    public var priority: Double { node.layoutPriority }

    /// The subview's value for `key` (``View/layoutValue(key:value:)``), or the key's default.
    public subscript<K: LayoutValueKey>(key: K.Type) -> K.Value {
        node.layoutValue(K.self) ?? K.defaultValue
    }

    public static func == (lhs: LayoutSubview, rhs: LayoutSubview) -> Bool {
        lhs.context === rhs.context && lhs.index == rhs.index
    }
}

/// What a container's subviews measure and place through: the layout engine, the container's
/// children, and while the container places them, where each went.
final class LayoutContext {
    let engine: LayoutEngine
    let nodes: [DisplayNode]
    /// During placement, the placement of each child (`nil` until placed); otherwise `nil`.
    var placements: [ChildPlacement?]?

    init(engine: LayoutEngine, nodes: [DisplayNode]) {
        self.engine = engine
        self.nodes = nodes
    }
}
