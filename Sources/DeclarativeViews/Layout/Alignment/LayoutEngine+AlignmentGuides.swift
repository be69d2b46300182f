import Foundation

/// Alignment guides in layout: where a guide falls in a node (its explicit value, else the
/// guide's default), and the placements that line children up on a guide. Only nodes that
/// ``DisplayNode/alignsOnGuides`` come here; the others align by the standard fractions.
extension LayoutEngine {
    /// `node`'s dimensions at `size`, with its explicit guides.
    func dimensions(of node: DisplayNode, size: CGSize) -> ViewDimensions {
        ViewDimensions(size: size, explicitGuides: ExplicitGuides(engine: self, node: node, size: size, ownGuides: .max))
    }

    /// Where `key` falls in `node` at `size`: its explicit value if it (or its content) sets one,
    /// else the guide's default value.
    func guideValue(_ key: AlignmentKey, of node: DisplayNode, size: CGSize) -> CGFloat {
        if let fraction = key.fraction, !node.hasAlignmentGuides { return size[key.axis] * fraction }
        return dimensions(of: node, size: size)[key]
    }

    /// `node`'s explicit value of `key` at `size`: the outermost of its first `ownGuides`
    /// `.alignmentGuide`s for the guide, else what its content sets (a text its baselines, a
    /// container its children's, merged), else `nil`.
    func explicitGuide(_ key: AlignmentKey, of node: DisplayNode, size: CGSize, ownGuides: Int = .max) -> CGFloat? {
        guard node.hasAlignmentGuides || key.isTextBaseline else { return nil }
        if let guides = node.annotations?.alignmentGuides, !guides.isEmpty,
           let index = guides[..<min(ownGuides, guides.count)].lastIndex(where: { $0.key == key })
        {
            let inner = ExplicitGuides(engine: self, node: node, size: size, ownGuides: index)
            return guides[index].computeValue(ViewDimensions(size: size, explicitGuides: inner))
        }
        return contentGuide(key, of: node, size: size)
    }

    /// The explicit value of `key` that `node`'s content sets.
    private func contentGuide(_ key: AlignmentKey, of node: DisplayNode, size: CGSize) -> CGFloat? {
        switch node.kind {
        case .text:
            guard key.isTextBaseline else { return nil }
            return key.takesLastExplicitValue ? size.height - TextMetrics.descent : TextMetrics.lineHeight - TextMetrics.descent
        case .vstack, .hstack, .zstack, .padding, .frame, .flexibleFrame, .decorated, .button, .layout:
            break
        default:
            return nil
        }
        let placements = placementForGuides(of: node, size: size)
        if case .layout = node.kind, let box = node.annotations?.customLayout,
           let value = box.explicitAlignment(
               key, in: CGRect(origin: .zero, size: size), proposal: ProposedViewSize(size),
               subviews: box.subviews(self, node.children))
        {
            return value
        }
        // A background's or overlay's guides are its content's.
        let count = if case .decorated = node.kind { min(1, node.children.count) } else { node.children.count }
        return key.combineExplicit((0..<count).lazy.map { index -> CGFloat? in
            let frame = placements[index].frame
            guard !frame.isNull, let value = self.explicitGuide(key, of: node.children[index], size: frame.size) else {
                return nil
            }
            return value + (key.axis == .horizontal ? frame.minX : frame.minY)
        })
    }

    /// Where `node`'s children go at `size`: its current placement if it has one at that size,
    /// else one for the proposal of exactly that size.
    private func placementForGuides(of node: DisplayNode, size: CGSize) -> [ChildPlacement] {
        refreshCache(of: node)
        if let cached = cache(of: node).pointee.placement?.current, cached.size == size,
           cached.children.count == node.children.count
        {
            return cached.children
        }
        return placement(of: node, proposal: ProposedViewSize(size), size: size)
    }

    /// Offsets that line `children` (of `sizes`) up on `key`: each child's guide at the largest
    /// of their guide values (the children's leading or top edge is at 0 at least), and the
    /// length they span together along the guide's axis.
    func alignedOffsets(_ children: [DisplayNode], sizes: [CGSize], on key: AlignmentKey) -> (offsets: [CGFloat], extent: CGFloat) {
        let values = zip(children, sizes).map { guideValue(key, of: $0, size: $1) }
        let line = values.max() ?? 0
        var extent: CGFloat = 0
        var offsets: [CGFloat] = []
        offsets.reserveCapacity(values.count)
        for (value, size) in zip(values, sizes) {
            let offset = (line - value).rounded(.down)
            offsets.append(offset)
            extent = max(extent, line - value + size[key.axis])
        }
        return (offsets, extent)
    }

    /// The offset along `key`'s axis that puts `child` (at `size`) in a box of `box`'s size so that
    /// its guide is at the box's: the default value of the guide in the box, or where `anchor`
    /// (the content of a background or overlay) has it.
    func alignedOffset(of child: DisplayNode, size: CGSize, in box: CGSize, on key: AlignmentKey, anchor: DisplayNode?) -> CGFloat {
        let line = anchor.map { guideValue(key, of: $0, size: box) } ?? key.defaultValue(in: ViewDimensions(size: box))
        return (line - guideValue(key, of: child, size: size)).rounded(.down)
    }
}
