import Foundation

/// `HStack`'s layout as a ``Layout`` value (SwiftUI's `HStackLayout`): as a container it is an
/// `HStack`; in an ``AnyLayout`` it lets a container switch between stacking directions.
public struct HStackLayout: Layout {
    public var alignment: VerticalAlignment
    public var spacing: CGFloat?

    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil) {
        self.alignment = alignment
        self.spacing = spacing
    }

    public static var layoutProperties: LayoutProperties {
        var properties = LayoutProperties()
        properties.stackOrientation = .horizontal
        return properties
    }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        subviews.stackSizes(axis: .horizontal, spacing: spacing, proposal: proposal).size
    }

    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        subviews.placeStacked(axis: .horizontal, spacing: spacing, alignment: alignment.key, in: bounds, proposal: proposal)
    }
}

/// `VStack`'s layout as a ``Layout`` value (SwiftUI's `VStackLayout`).
public struct VStackLayout: Layout {
    public var alignment: HorizontalAlignment
    public var spacing: CGFloat?

    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil) {
        self.alignment = alignment
        self.spacing = spacing
    }

    public static var layoutProperties: LayoutProperties {
        var properties = LayoutProperties()
        properties.stackOrientation = .vertical
        return properties
    }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        subviews.stackSizes(axis: .vertical, spacing: spacing, proposal: proposal).size
    }

    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        subviews.placeStacked(axis: .vertical, spacing: spacing, alignment: alignment.key, in: bounds, proposal: proposal)
    }
}

/// `ZStack`'s layout as a ``Layout`` value (SwiftUI's `ZStackLayout`).
public struct ZStackLayout: Layout {
    public var alignment: Alignment

    public init(alignment: Alignment = .center) {
        self.alignment = alignment
    }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        subviews.overlaidSize(proposal)
    }

    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        subviews.placeOverlaid(in: bounds, alignment: alignment, proposal: proposal)
    }
}

extension HStackLayout: BuiltinLayout {
    var builtinKind: RenderNode.Kind? { .hstack(alignment: alignment, spacing: spacing.map(Double.init)) }
}

extension VStackLayout: BuiltinLayout {
    var builtinKind: RenderNode.Kind? { .vstack(alignment: alignment, spacing: spacing.map(Double.init)) }
}

extension ZStackLayout: BuiltinLayout {
    var builtinKind: RenderNode.Kind? { .zstack(alignment: alignment) }
}

extension LayoutSubviews {
    /// The subviews' nodes, in order.
    private var nodes: [DisplayNode] { members.map { context.nodes[$0] } }

    /// The stack algorithm's size and the subviews' sizes (as the stack views lay out).
    func stackSizes(axis: Axis, spacing: CGFloat?, proposal: ProposedViewSize) -> (size: CGSize, sizes: [CGSize]) {
        context.engine.stack(nodes, axis: axis, spacing: spacing.map(Double.init), proposal: proposal)
    }

    /// The size of the subviews on top of each other, each offered `proposal`: the largest extents.
    func overlaidSize(_ proposal: ProposedViewSize) -> CGSize {
        var result = CGSize.zero
        for subview in self {
            let size = subview.sizeThatFits(proposal)
            result.width = Swift.max(result.width, size.width)
            result.height = Swift.max(result.height, size.height)
        }
        return result
    }

    /// Places each subview in `bounds` at the size it chooses for `proposal`, with its guides of
    /// `alignment` where the bounds' default values of them are.
    func placeOverlaid(in bounds: CGRect, alignment: Alignment, proposal: ProposedViewSize) {
        for subview in self {
            let size = subview.sizeThatFits(proposal)
            subview.place(
                at: CGPoint(
                    x: bounds.minX + subview.alignedOffset(size, in: bounds.size, on: alignment.horizontal.key),
                    y: bounds.minY + subview.alignedOffset(size, in: bounds.size, on: alignment.vertical.key)),
                proposal: proposal)
        }
    }

    /// Places the subviews one after the other along `axis`, as a stack of `bounds`' size, lined
    /// up across it on `alignment`.
    func placeStacked(axis: Axis, spacing: CGFloat?, alignment: AlignmentKey, in bounds: CGRect, proposal: ProposedViewSize) {
        let (_, sizes) = stackSizes(axis: axis, spacing: spacing, proposal: proposal)
        let gap = spacing ?? LayoutEngine.defaultSpacing
        var position = axis == .horizontal ? bounds.minX : bounds.minY
        // Lined up on the guide when a subview sets one or the guide is not a standard one.
        let aligned = alignment.fraction == nil || nodes.contains(where: \.hasAlignmentGuides)
            ? context.engine.alignedOffsets(nodes, sizes: sizes, on: alignment).offsets : nil
        for (index, (subview, size)) in zip(self, sizes).enumerated() {
            let cross = aligned?[index] ?? LayoutEngine.offset(size[axis.other], in: bounds.size[axis.other], alignment.fraction ?? 0)
            let origin = axis == .horizontal
                ? CGPoint(x: position, y: bounds.minY + cross) : CGPoint(x: bounds.minX + cross, y: position)
            subview.place(at: origin, proposal: ProposedViewSize(size))
            position += size[axis] + gap
        }
    }
}
