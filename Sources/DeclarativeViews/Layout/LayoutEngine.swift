import Foundation

/// How many layout computations ran (and how many were answered from the caches): the
/// numbers that show a change re-measured only what depended on it.
public struct LayoutStatistics: Sendable, Equatable, CustomStringConvertible {
    /// Sizes computed (a node asked for a size it had not computed for that proposal).
    public var measurements = 0
    /// Sizes answered from a node's cache.
    public var cachedMeasurements = 0
    /// Placements computed (a node positioned its children for a new size or proposal).
    public var placements = 0
    /// Layout passes run.
    public var passes = 0

    public init() {}

    public var description: String {
        "\(passes) passes, \(measurements) measurements (\(cachedMeasurements) cached), \(placements) placements"
    }
}

/// Sizes and places render nodes, SwiftUI-style: a parent proposes a size, the child chooses
/// its own, the parent positions it. Layout is a phase over the render tree's outputs: the
/// engine owns every cache, one per display node in a contiguous ``LayoutSlots`` storage found by
/// the node's slot. Results are cached per node and proposal (seed 004's
/// `shouldMeasureWithSizeRange`): an unchanged node asked with the same proposal answers from
/// its cache, and since unchanged subtrees are the same node objects from update to update,
/// a change re-measures only the changed node, its ancestors, and the siblings whose proposal
/// it changed.
///
/// Two properties of views let a cache answer questions it was not asked before: a node whose
/// height depends only on its width (``DisplayNode/rigidVertically``) is cached by width alone,
/// and one that takes its ideal size whenever it is offered at least its ideal width
/// (``DisplayNode/idealWhenWider``: texts, and stacks of them) answers such offers from its ideal
/// size. A stack placed at the size its sizing chose thus re-measures nothing. The test suite checks
/// the engine against a cache-free model of the same rules on random trees.
final class LayoutEngine {
    // `@exclusivity(unchecked)` on the two counters below: each access is one increment or one
    // append, never held across a call (the measuring code reads and writes them between its
    // recursive calls, not around them), so accesses cannot overlap and the check could never fire.
    @exclusivity(unchecked) var statistics = LayoutStatistics()
    /// When set, every computed (not cached) size is logged: `Text "A" for (400 × nil)`.
    @exclusivity(unchecked) var log: [String]?
    /// Which caches are current: a node's cache (``NodeLayoutHead``) counts only when stamped with this.
    /// 64 bits, so that it never wraps round to an old stamp. (Unchecked exclusivity: read once
    /// per cache lookup, written by one increment in ``invalidateCaches()``.)
    @exclusivity(unchecked) private(set) var generation: UInt64 = 0

    /// Forgets every node's cached sizes and placements (they are dropped as the nodes are next
    /// visited), so that the next pass lays everything out from scratch.
    func invalidateCaches() {
        generation += 1
    }

    /// The size of the window the last pass laid out in: the container `.containerRelativeFrame`
    /// sizes views from.
    var containerSize = CGSize.zero

    /// Every node's layout results, in the slot the node was given when first laid out.
    let slots = LayoutSlots()

    /// `node`'s cache, which ``refreshCache(of:)`` made current (and gave `node` its slot).
    @inline(__always)
    func cache(of node: DisplayNode) -> UnsafeMutablePointer<NodeLayoutCache> {
        head(of: node).pointee.cache
    }

    /// `node`'s cache, to store results in: marked in use first
    /// (``NodeLayoutHead/markCacheInUse()``), so that the next reset empties it. Every store into
    /// a cache goes through here.
    @inline(__always)
    func cacheForStoring(of node: DisplayNode) -> UnsafeMutablePointer<NodeLayoutCache> {
        head(of: node).pointee.markCacheInUse()
        return cache(of: node)
    }

    /// `node`'s generation and first size, on the same terms as ``cache(of:)``.
    @inline(__always)
    func head(of node: DisplayNode) -> UnsafeMutablePointer<NodeLayoutHead> {
        // (Set with the slot: `refreshCache(of:)` gave the node one.)
        node.layoutHead.unsafelyUnwrapped
    }

    /// Makes `node`'s cache current: empty, if it holds an earlier generation's results (or
    /// none yet: the node is given a slot).
    @inline(__always)
    func refreshCache(of node: DisplayNode) {
        if node.layoutSlots !== slots { adopt(node) }
        let stamp = head(of: node)
        if stamp.pointee.generation != generation {
            stamp.pointee.reset(generation: generation)
        }
    }

    /// Gives `node` a slot in this engine's storage.
    @inline(never)
    private func adopt(_ node: DisplayNode) {
        precondition(node.layoutSlots == nil, "LayoutEngine: a display node is laid out by two layout engines")
        slots.assign(to: node)
    }

    /// The children's placement of `node`'s last layout (in this engine), if it has one that was
    /// not dropped since: what the render tree's frames and geometry delivery read.
    func lastPlacement(of node: DisplayNode) -> NodePlacement? {
        guard node.layoutSlots === slots else { return nil }
        return cache(of: node).pointee.placement?.current
    }

    /// The spacing between stack children when the stack gives none.
    static let defaultSpacing: CGFloat = 8
    /// A `Spacer`'s minimum length when it gives none.
    static let defaultSpacerLength: CGFloat = 8
    /// A `GeometryReader`'s size along a dimension proposed as unspecified.
    static let defaultGeometryReaderLength: CGFloat = 10

    // MARK: Sizing

    /// How many sizes a node remembers (a stack asks each child for a few: its flexibility
    /// at 0 and infinity, then its share).
    static let sizeCacheLimit = 16

    /// The size `node` chooses for `proposal`, inside a stack along `axis` (if any).
    func size(of node: DisplayNode, proposal: ProposedViewSize, axis: Axis? = nil) -> CGSize {
        let key = Self.cacheKey(node, proposal, axis)
        refreshCache(of: node)
        if let size = head(of: node).pointee.size(for: key, axis: axis, more: cache(of: node)) {
            statistics.cachedMeasurements += 1
            return size
        }
        // Offered more width than it ideally takes, such a node takes its ideal size.
        if node.idealWhenWider, let ideal = head(of: node).pointee.size(for: .unspecified, axis: axis, more: cache(of: node)),
           Self.offers(key, atLeast: ideal.width)
        {
            statistics.cachedMeasurements += 1
            return ideal
        }
        statistics.measurements += 1
        log?.append("\(RenderNode(kind: node.kind).headline) for \(key)")
        let size = computeSize(of: node, proposal: key, axis: axis)
        let entry = SizeEntry(proposal: key, axis: axis, size: size)
        if head(of: node).pointee.firstSize == nil {
            head(of: node).pointee.firstSize = entry
        } else {
            cacheForStoring(of: node).pointee.insert(entry)
        }
        return size
    }

    /// Whether `key` offers at least `idealWidth` and no height: a question an
    /// ``DisplayNode/idealWhenWider`` node answers from what it takes when offered nothing.
    @inline(__always)
    private static func offers(_ key: ProposedViewSize, atLeast idealWidth: CGFloat) -> Bool {
        key.height == nil && key.width.map { idealWidth <= $0 } ?? false
    }

    /// Whether a node's length along `axis` does not depend on the length it is offered along
    /// `axis` (a text's height depends only on its width, and so does a stack of texts'): its
    /// flexibility is 0 without asking.
    @inline(__always)
    private static func isRigid(_ node: DisplayNode, along axis: Axis) -> Bool {
        axis == .vertical && node.rigidVertically
    }

    /// The part of a proposal a node's size can depend on: a text's size depends only on the
    /// width it is offered, a spacer's or divider's only on the length along its stack.
    @inline(__always)
    private static func cacheKey(_ node: DisplayNode, _ proposal: ProposedViewSize, _ axis: Axis?) -> ProposedViewSize {
        if node.rigidVertically {
            return ProposedViewSize(width: proposal.width, height: nil)
        }
        switch node.layoutClass {
        case .text:
            return ProposedViewSize(width: proposal.width, height: nil)
        case .spacer:
            guard let axis else { return proposal }
            var key = ProposedViewSize.unspecified
            key[axis] = proposal[axis]
            return key
        case .divider:
            let along = axis?.other ?? .horizontal
            var key = ProposedViewSize.unspecified
            key[along] = proposal[along]
            return key
        case .other:
            return proposal
        }
    }

    private func computeSize(of node: DisplayNode, proposal: ProposedViewSize, axis: Axis?) -> CGSize {
        // A one-line ASCII text, counted when its node was made: no string is read (or retained).
        if node.singleLineTextCells != .max,
            let size = TextMetrics.singleLineSize(cells: Int(node.singleLineTextCells), proposedWidth: proposal.width)
        {
            return size
        }
        switch node.kind {
        case .text(let string):
            return TextMetrics.size(of: string, proposedWidth: proposal.width)
        case .vstack(_, let spacing):
            return stack(node, axis: .vertical, spacing: spacing, proposal: proposal).size
        case .hstack(_, let spacing):
            return stack(node, axis: .horizontal, spacing: spacing, proposal: proposal).size
        case .list:
            // A list fills the space it is offered (its rows start at the top, scrolling when
            // they do not fit); offered no height, it is as tall as its rows.
            let content = stack(node, axis: .vertical, spacing: 0, proposal: proposal).size
            let height = proposal.height.flatMap { $0.isFinite ? $0 : nil } ?? content.height
            return CGSize(width: proposal.width ?? content.width, height: height)
        case .zstack(let alignment) where node.alignsOnGuides:
            return alignedOverlay(node.children, proposal: proposal, alignment: alignment).size
        case .zstack, .button:
            return overlay(node.children, proposal: proposal)
        case .spacer(let minLength):
            let minimum = minLength.map { CGFloat($0) } ?? Self.defaultSpacerLength
            guard let axis else {
                return CGSize(width: max(proposal.width ?? 0, 0), height: max(proposal.height ?? 0, 0))
            }
            return CGSize(main: max(proposal[axis] ?? minimum, minimum), cross: 0, axis: axis)
        case .divider:
            let along = axis?.other ?? .horizontal
            return CGSize(main: proposal[along] ?? 0, cross: 1, axis: along)
        case .padding(let insets):
            let content = overlay(node.children, proposal: proposal.inset(by: insets))
            return CGSize(
                width: content.width + insets.leading + insets.trailing,
                height: content.height + insets.top + insets.bottom)
        case .frame(let width, let height, _):
            let inner = ProposedViewSize(
                width: width.map { CGFloat($0) } ?? proposal.width, height: height.map { CGFloat($0) } ?? proposal.height)
            let content = overlay(node.children, proposal: inner)
            return CGSize(width: width.map { CGFloat($0) } ?? content.width, height: height.map { CGFloat($0) } ?? content.height)
        case .geometryReader:
            return CGSize(
                width: proposal.width ?? Self.defaultGeometryReaderLength,
                height: proposal.height ?? Self.defaultGeometryReaderLength)
        case .shape:
            // A shape says (`sizeThatFits(_:)`); colors and gradients, as SwiftUI's shapes: what is
            // offered, 10 points where nothing is.
            if let shape = node.annotations?.shape { return shape.sizeThatFits(proposal) }
            return CGSize(width: proposal.width ?? Self.defaultShapeLength, height: proposal.height ?? Self.defaultShapeLength)
        case .decorated:
            return node.children.first.map { size(of: $0, proposal: proposal) } ?? .zero
        case .flexibleFrame(let frame):
            let inner = Self.flexibleProposal(frame, proposal)
            let content = overlay(node.children, proposal: inner)
            return CGSize(
                width: Self.flexibleLength(content.width, proposed: inner.width, min: frame.minWidth, max: frame.maxWidth),
                height: Self.flexibleLength(content.height, proposed: inner.height, min: frame.minHeight, max: frame.maxHeight))
        case .lazyGrid(let grid):
            return lazyGrid(node, grid, proposal: proposal).size
        case .layout:
            guard let box = node.annotations?.customLayout else { return overlay(node.children, proposal: proposal) }
            return box.sizeThatFits(proposal, subviews: box.subviews(self, node.children))
        case .window, .tabView, .tab, .column, .navigationStack, .navigationSplitView:
            // Containers fill what they are offered.
            let content = overlay(node.children, proposal: proposal)
            return CGSize(width: proposal.width ?? content.width, height: proposal.height ?? content.height)
        }
    }

    /// Children on top of each other, each offered the whole proposal: the largest extent.
    private func overlay(_ children: [DisplayNode], proposal: ProposedViewSize) -> CGSize {
        var result = CGSize.zero
        for child in children {
            let size = self.size(of: child, proposal: proposal)
            result.width = max(result.width, size.width)
            result.height = max(result.height, size.height)
        }
        return result
    }

    /// Children on top of each other, each offered the whole proposal, lined up on `alignment`'s
    /// guides: the length they span together along each axis, and where each goes.
    private func alignedOverlay(_ children: [DisplayNode], proposal: ProposedViewSize, alignment: Alignment)
        -> (size: CGSize, origins: [CGPoint], sizes: [CGSize])
    {
        let sizes = children.map { size(of: $0, proposal: proposal) }
        let across = alignedOffsets(children, sizes: sizes, on: alignment.horizontal.key)
        let down = alignedOffsets(children, sizes: sizes, on: alignment.vertical.key)
        return (
            CGSize(width: across.extent, height: down.extent),
            zip(across.offsets, down.offsets).map { CGPoint(x: $0, y: $1) }, sizes)
    }

    /// SwiftUI's stack algorithm: the spacing is taken off; then the children, least flexible
    /// first, are each offered an equal share of what is left, and what each takes is
    /// subtracted. Flexibility is how much a child's length varies between being offered
    /// nothing and being offered infinity (a `Spacer` is the most flexible).
    ///
    /// When no child expands along the axis and all of them fit at their ideal lengths, they
    /// simply get those (no probing): the common case, and the one where stacks never need to
    /// squeeze anything.
    func stack(_ node: DisplayNode, axis: Axis, spacing: Double?, proposal: ProposedViewSize)
        -> (size: CGSize, sizes: [CGSize])
    {
        let result = unalignedStack(node, axis: axis, spacing: spacing, proposal: proposal)
        guard node.alignsOnGuides, let key = Self.stackAlignment(node) else { return result }
        // Children lined up on a guide span more than the widest of them when their guides are
        // not at the same fraction of their lengths.
        var size = result.size
        size[axis.other] = alignedOffsets(node.children, sizes: result.sizes, on: key).extent
        return (size, result.sizes)
    }

    /// The guide a stack lines its children up on.
    private static func stackAlignment(_ node: DisplayNode) -> AlignmentKey? {
        switch node.kind {
        case .vstack(let alignment, _): alignment.key
        case .hstack(let alignment, _): alignment.key
        default: nil
        }
    }

    /// The stack's size and its children's, with the children's cross lengths aligned by the
    /// standard fractions.
    private func unalignedStack(_ node: DisplayNode, axis: Axis, spacing: Double?, proposal: ProposedViewSize)
        -> (size: CGSize, sizes: [CGSize])
    {
        // (The node's cache is current: sizing reaches here through `size(of:)`, placing through
        // `placement(of:)`.) A stack whose height depends only on its width (one of texts, say)
        // gives its children the same sizes for any height: placing it at the height sizing
        // chose answers from here.
        let key = Self.cacheKey(node, proposal, axis)
        // The sizes for another proposal (or stale ones) are overwritten in place (the memo keeps
        // one). The memo is moved out and back, not copied: a copy retains and releases its array.
        var sizes: [CGSize] = []
        let memo = cache(of: node)
        if var known = memo.pointee.stackSizes.take() {
            // Offered more width than its ideal, such a stack gives every child its ideal size.
            if known.isCurrent,
                known.proposal == key
                    || (node.idealWhenWider && known.proposal == .unspecified && Self.offers(key, atLeast: known.size.width))
            {
                let result = (known.size, known.sizes)
                memo.pointee.stackSizes = consume known
                return result
            }
            swap(&sizes, &known.sizes)
        }
        // A stack expands exactly when a child does; a list fills its width whatever its rows do.
        var expands: Bool? = axis == .horizontal ? node.expandsHorizontally : node.expandsVertically
        if case .list = node.kind { expands = nil }
        let size = stack(
            node.children, axis: axis, spacing: spacing, proposal: proposal, childrenExpand: expands, sizes: &sizes)
        cacheForStoring(of: node).pointee.stackSizes = StackSizes(proposal: key, sizes: sizes, size: size)
        return (size, sizes)
    }

    /// Calls `body` with each of `children` and its index, without retaining each child:
    /// display nodes are immutable, so the array (which the caller's node holds) keeps every
    /// child alive for the whole walk. Retaining and releasing each child was the largest
    /// single cost of sizing a stack of texts.
    @inline(__always)
    static func forEach(_ children: [DisplayNode], _ body: (Int, DisplayNode) -> Void) {
        children.withUnsafeBufferPointer { buffer in
            for index in buffer.indices {
                Unmanaged.passUnretained(buffer[index])._withUnsafeGuaranteedRef { body(index, $0) }
            }
        }
    }

    /// A stack's size from its children's.
    private static func stackSize(_ sizes: [CGSize], axis: Axis, spacing: Double?) -> CGSize {
        guard !sizes.isEmpty else { return .zero }
        let gap = spacing.map { CGFloat($0) } ?? defaultSpacing
        var main = gap * CGFloat(sizes.count - 1)
        var cross: CGFloat = 0
        for size in sizes {
            main += size[axis]
            cross = max(cross, size[axis.other])
        }
        return CGSize(main: main, cross: cross, axis: axis)
    }

    private struct Flexibility {
        var index: Int
        var flex: CGFloat
    }

    /// `childrenExpand`: whether a child expands along `axis` (known per node; worked out here
    /// for a list of children without one).
    func stack(_ children: [DisplayNode], axis: Axis, spacing: Double?, proposal: ProposedViewSize,
               childrenExpand: Bool? = nil) -> (size: CGSize, sizes: [CGSize])
    {
        var sizes: [CGSize] = []
        let size = stack(
            children, axis: axis, spacing: spacing, proposal: proposal, childrenExpand: childrenExpand, sizes: &sizes)
        return (size, sizes)
    }

    /// The stack's size; the children's sizes in `sizes` (reusing its buffer when it has one
    /// entry per child).
    private func stack(_ children: [DisplayNode], axis: Axis, spacing: Double?, proposal: ProposedViewSize,
                       childrenExpand: Bool?, sizes: inout [CGSize]) -> CGSize
    {
        guard !children.isEmpty else {
            sizes = []
            return .zero
        }
        let childrenExpand = childrenExpand
            ?? children.contains { axis == .horizontal ? $0.expandsHorizontally : $0.expandsVertically }
        let gap = spacing.map { CGFloat($0) } ?? Self.defaultSpacing
        let gaps = gap * CGFloat(children.count - 1)
        let cross = proposal[axis.other]
        if sizes.count != children.count {
            sizes = [CGSize](repeating: .zero, count: children.count)
        }
        if let main = proposal[axis], main.isFinite, !childrenExpand {
            var ideal = ProposedViewSize(width: cross, height: cross)
            ideal[axis] = nil
            let total = measureInLine(children, offer: ideal, axis: axis, gaps: gaps, into: &sizes)
            if total.main <= main {
                return CGSize(main: total.main, cross: total.cross, axis: axis)
            }
        }
        if let main = proposal[axis], main.isFinite {
            var flexibility: [Flexibility] = []
            flexibility.reserveCapacity(children.count)
            var smallest = ProposedViewSize(width: cross, height: cross)
            smallest[axis] = 0
            var largest = smallest
            largest[axis] = .infinity
            var sorted = true
            for (index, child) in children.enumerated() {
                let flex = Self.isRigid(child, along: axis)
                    ? 0 : size(of: child, proposal: largest, axis: axis)[axis] - size(of: child, proposal: smallest, axis: axis)[axis]
                if let last = flexibility.last, last.flex > flex { sorted = false }
                flexibility.append(Flexibility(index: index, flex: flex))
            }
            if !sorted {
                flexibility.sort { $0.flex < $1.flex || ($0.flex == $1.flex && $0.index < $1.index) }
            }
            var remaining = max(0, main - gaps)
            if children.contains(where: \.hasLayoutPriority) {
                let priorities = children.map(\.layoutPriority)
                if let first = priorities.first, priorities.contains(where: { $0 != first }) {
                    distribute(
                        children, by: priorities, in: flexibility, axis: axis, cross: cross, smallest: smallest,
                        remaining: remaining, sizes: &sizes)
                    return Self.stackSize(sizes, axis: axis, spacing: spacing)
                }
            }
            var left = CGFloat(children.count)
            for entry in flexibility {
                let index = entry.index
                var offer = ProposedViewSize(width: cross, height: cross)
                offer[axis] = max(0, remaining / left)
                let size = self.size(of: children[index], proposal: offer, axis: axis)
                sizes[index] = size
                remaining -= size[axis]
                left -= 1
            }
        } else {
            var offer = ProposedViewSize(width: cross, height: cross)
            offer[axis] = proposal[axis]
            let total = measureInLine(children, offer: offer, axis: axis, gaps: gaps, into: &sizes)
            return CGSize(main: total.main, cross: total.cross, axis: axis)
        }
        return Self.stackSize(sizes, axis: axis, spacing: spacing)
    }

    /// Offers each of `children` `offer` and writes the sizes they choose into `sizes` (one entry
    /// per child already): their lengths along `axis` summed with `gaps`, and the largest across
    /// it (what ``stackSize(_:axis:spacing:)`` would sum, in the same order, without a second
    /// walk). The sizes are written through the buffer: a subscript assignment per child checked
    /// the array's uniqueness in a call to the runtime.
    @inline(__always)
    private func measureInLine(
        _ children: [DisplayNode], offer: ProposedViewSize, axis: Axis, gaps: CGFloat, into sizes: inout [CGSize]
    ) -> (main: CGFloat, cross: CGFloat) {
        var main = gaps
        var cross: CGFloat = 0
        sizes.withUnsafeMutableBufferPointer { sizes in
            Self.forEach(children) { index, child in
                let size = size(of: child, proposal: offer, axis: axis)
                sizes[index] = size
                main += size[axis]
                cross = max(cross, size[axis.other])
            }
        }
        return (main, cross)
    }

    /// The stack algorithm with layout priorities (SwiftUI's): the children are offered space
    /// a priority at a time, highest first; a group is offered what is left less what the
    /// lower-priority children take at their smallest, and within it the least flexible child
    /// first gets an equal share of that, as without priorities.
    private func distribute(
        _ children: [DisplayNode], by priorities: [Double], in flexibility: [Flexibility], axis: Axis,
        cross: CGFloat?, smallest: ProposedViewSize, remaining: CGFloat, sizes: inout [CGSize]
    ) {
        var remaining = remaining
        let minimums = children.map { size(of: $0, proposal: smallest, axis: axis)[axis] }
        for priority in Set(priorities).sorted(by: >) {
            let group = flexibility.filter { priorities[$0.index] == priority }
            let reserved = children.indices.reduce(CGFloat(0)) { total, index in
                priorities[index] < priority ? total + minimums[index] : total
            }
            var available = max(0, remaining - reserved)
            var left = CGFloat(group.count)
            for entry in group {
                var offer = ProposedViewSize(width: cross, height: cross)
                offer[axis] = max(0, available / left)
                let size = self.size(of: children[entry.index], proposal: offer, axis: axis)
                sizes[entry.index] = size
                available -= size[axis]
                remaining -= size[axis]
                left -= 1
            }
        }
    }

    // MARK: Placing

    /// Where `node`'s children go when it is `size` big, having been offered `proposal`.
    /// Called from `layOutSubtree` only, which has made the node's cache current.
    func placement(of node: DisplayNode, proposal: ProposedViewSize, size: CGSize) -> [ChildPlacement] {
        // A placement for another proposal or size (or a stale one) lends its buffer to the new one.
        // (Moved out of the cache and back, not copied, as a stack's sizes are.)
        var buffer: [ChildPlacement] = []
        let memo = cache(of: node)
        if var cached = memo.pointee.placement.take() {
            if cached.isCurrent, cached.proposal == proposal, cached.size == size {
                let children = cached.children
                memo.pointee.placement = consume cached
                return children
            }
            swap(&buffer, &cached.children)
        }
        statistics.placements += 1
        let children = computePlacement(of: node, proposal: proposal, size: size, reusing: &buffer)
        cacheForStoring(of: node).pointee.placement = NodePlacement(proposal: proposal, size: size, children: children)
        return children
    }

    private func computePlacement(
        of node: DisplayNode, proposal: ProposedViewSize, size: CGSize, reusing buffer: inout [ChildPlacement]
    ) -> [ChildPlacement] {
        switch node.kind {
        case .text, .spacer, .divider, .shape:
            return []
        case .decorated(_, let alignment):
            // The content fills the node (it decided its size); the decorations are offered it,
            // and line up on the content's guides.
            guard !node.children.isEmpty else { return [] }
            let bounds = CGRect(origin: .zero, size: size)
            let decorations = placeOverlay(
                Array(node.children.dropFirst()), proposal: ProposedViewSize(size), in: bounds, alignment: alignment,
                guided: node.alignsOnGuides, anchor: node.children.first)
            return [ChildPlacement(frame: bounds, proposal: proposal)] + decorations
        case .flexibleFrame(let frame):
            return placeOverlay(
                node.children, proposal: Self.flexibleProposal(frame, proposal), in: CGRect(origin: .zero, size: size),
                alignment: frame.alignment, guided: node.alignsOnGuides)
        case .vstack(let alignment, let spacing):
            return placeStack(
                node, axis: .vertical, spacing: spacing, alignment: alignment.key, proposal: proposal, size: size,
                into: &buffer)
        case .hstack(let alignment, let spacing):
            return placeStack(
                node, axis: .horizontal, spacing: spacing, alignment: alignment.key, proposal: proposal, size: size,
                into: &buffer)
        case .list:
            return placeStack(node, axis: .vertical, spacing: 0, alignment: nil, proposal: proposal, size: size, into: &buffer)
        case .zstack(let alignment) where node.alignsOnGuides:
            let aligned = alignedOverlay(node.children, proposal: proposal, alignment: alignment)
            return zip(aligned.origins, aligned.sizes).map { ChildPlacement(frame: CGRect(origin: $0, size: $1), proposal: proposal) }
        case .zstack(let alignment):
            return placeOverlay(node.children, proposal: proposal, in: CGRect(origin: .zero, size: size), alignment: alignment)
        case .button, .window, .column, .navigationStack, .tab:
            return placeOverlay(node.children, proposal: proposal, in: CGRect(origin: .zero, size: size), alignment: .center)
        case .padding(let insets):
            let inner = CGRect(
                x: insets.leading, y: insets.top, width: max(0, size.width - insets.leading - insets.trailing),
                height: max(0, size.height - insets.top - insets.bottom))
            return placeOverlay(node.children, proposal: proposal.inset(by: insets), in: inner, alignment: .topLeading)
        case .frame(let width, let height, let alignment):
            let inner = ProposedViewSize(
                width: width.map { CGFloat($0) } ?? proposal.width, height: height.map { CGFloat($0) } ?? proposal.height)
            return placeOverlay(
                node.children, proposal: inner, in: CGRect(origin: .zero, size: size), alignment: alignment,
                guided: node.alignsOnGuides)
        case .geometryReader:
            return placeOverlay(
                node.children, proposal: ProposedViewSize(size), in: CGRect(origin: .zero, size: size), alignment: .topLeading)
        case .tabView:
            // Only the selected tab is laid out; the others have no frame.
            let selected = node.children.firstIndex { if case .tab(_, true) = $0.kind { true } else { false } } ?? 0
            return node.children.indices.map { index in
                index == selected
                    ? ChildPlacement(frame: CGRect(origin: .zero, size: size), proposal: ProposedViewSize(size))
                    : ChildPlacement(frame: .null, proposal: .zero)
            }
        case .navigationSplitView:
            return placeColumns(node.children, size: size)
        case .lazyGrid(let grid):
            return lazyGrid(node, grid, proposal: proposal).placements
        case .layout:
            guard let box = node.annotations?.customLayout else {
                return placeOverlay(node.children, proposal: proposal, in: CGRect(origin: .zero, size: size), alignment: .center)
            }
            return box.placements(of: node.children, size: size, proposal: proposal, engine: self)
        }
    }

    /// Places a stack's children one after the other along `axis`, lined up across it on
    /// `alignment` (`nil`: at the start, as a list's rows).
    @inline(never)
    private func placeStack(
        _ node: DisplayNode, axis: Axis, spacing: Double?, alignment: AlignmentKey?, proposal: ProposedViewSize,
        size: CGSize, into result: inout [ChildPlacement]
    ) -> [ChildPlacement] {
        let (_, sizes) = stack(node, axis: axis, spacing: spacing, proposal: proposal)
        let gap = spacing.map { CGFloat($0) } ?? Self.defaultSpacing
        result.removeAll(keepingCapacity: true)
        result.reserveCapacity(sizes.count)
        if node.alignsOnGuides, let alignment {
            // Lined up on the children's guides.
            let offsets = alignedOffsets(node.children, sizes: sizes, on: alignment).offsets
            var position: CGFloat = 0
            for (childSize, cross) in zip(sizes, offsets) {
                result.append(Self.stackPlacement(childSize, at: position, cross: cross, axis: axis, proposal: proposal))
                position += childSize[axis] + gap
            }
        } else {
            // The fast path: by the guide's standard fraction of the free cross length, with the
            // axis a constant in each copy of the loop (this function is not inlined, so a
            // parameter axis would cost a branch per child and coordinate).
            let fraction = alignment?.fraction ?? 0
            switch axis {
            case .vertical:
                Self.placeInLine(sizes, axis: .vertical, gap: gap, fraction: fraction, size: size, proposal: proposal, into: &result)
            case .horizontal:
                Self.placeInLine(sizes, axis: .horizontal, gap: gap, fraction: fraction, size: size, proposal: proposal, into: &result)
            }
        }
        return result
    }

    /// Appends the placements of children of `sizes` one after the other along `axis`, `gap`
    /// apart, each at `fraction` of the free length across.
    @inline(__always)
    private static func placeInLine(
        _ sizes: [CGSize], axis: Axis, gap: CGFloat, fraction: CGFloat, size: CGSize, proposal: ProposedViewSize,
        into result: inout [ChildPlacement]
    ) {
        let crossLength = size[axis.other]
        var position: CGFloat = 0
        for childSize in sizes {
            let cross = offset(childSize[axis.other], in: crossLength, fraction)
            result.append(stackPlacement(childSize, at: position, cross: cross, axis: axis, proposal: proposal))
            position += childSize[axis] + gap
        }
    }

    /// Where a stack puts a child of `childSize` that starts `position` along `axis` and
    /// `cross` across it, and what it offers the child.
    @inline(__always)
    private static func stackPlacement(
        _ childSize: CGSize, at position: CGFloat, cross: CGFloat, axis: Axis, proposal: ProposedViewSize
    ) -> ChildPlacement {
        var offer = ProposedViewSize(width: proposal[axis.other], height: proposal[axis.other])
        offer[axis] = childSize[axis]
        let origin = CGPoint(main: position, cross: cross, axis: axis)
        return ChildPlacement(frame: CGRect(origin: origin, size: childSize), proposal: offer)
    }

    /// Places `children` on top of each other in `bounds`, each at the size it chooses for
    /// `proposal`, aligned by `alignment`'s standard fractions or, `guided`, so that their
    /// guides fall where the box's default values of them do (a frame's), or where `anchor` has
    /// them (the content of a background or overlay).
    private func placeOverlay(_ children: [DisplayNode], proposal: ProposedViewSize, in bounds: CGRect,
                              alignment: Alignment, guided: Bool = false, anchor: DisplayNode? = nil) -> [ChildPlacement] {
        children.map { child in
            let childSize = size(of: child, proposal: proposal)
            let origin = !guided
                ? CGPoint(
                    x: bounds.minX + Self.offset(childSize.width, in: bounds.width, alignment.horizontal.fraction ?? 0),
                    y: bounds.minY + Self.offset(childSize.height, in: bounds.height, alignment.vertical.fraction ?? 0))
                : CGPoint(
                    x: bounds.minX + alignedOffset(
                        of: child, size: childSize, in: bounds.size, on: alignment.horizontal.key, anchor: anchor),
                    y: bounds.minY + alignedOffset(
                        of: child, size: childSize, in: bounds.size, on: alignment.vertical.key, anchor: anchor))
            return ChildPlacement(frame: CGRect(origin: origin, size: childSize), proposal: proposal)
        }
    }

    /// Columns side by side: the sidebar gets a third of the width (at most 320 points), a
    /// content column likewise, the detail column the rest.
    private func placeColumns(_ columns: [DisplayNode], size: CGSize) -> [ChildPlacement] {
        guard !columns.isEmpty else { return [] }
        let side = columns.count > 1 ? min((size.width / CGFloat(columns.count + 1)).rounded(.down), 320) : 0
        var x: CGFloat = 0
        return columns.enumerated().map { index, _ in
            let width = index == columns.count - 1 ? max(0, size.width - x) : side
            defer { x += width }
            let frame = CGRect(x: x, y: 0, width: width, height: size.height)
            return ChildPlacement(frame: frame, proposal: ProposedViewSize(frame.size))
        }
    }

    static let defaultShapeLength: CGFloat = 10

    /// What a flexible frame offers its content: the proposal clamped to its bounds (its ideal
    /// length where nothing is proposed).
    static func flexibleProposal(_ frame: RenderNode.FlexibleFrame, _ proposal: ProposedViewSize) -> ProposedViewSize {
        func clamp(_ proposed: CGFloat?, _ ideal: Double?, _ low: Double?, _ high: Double?) -> CGFloat? {
            guard var length = proposed ?? ideal.map({ CGFloat($0) }) else { return nil }
            if let high { length = min(length, CGFloat(high)) }
            if let low { length = max(length, CGFloat(low)) }
            return length
        }
        return ProposedViewSize(
            width: clamp(proposal.width, frame.idealWidth, frame.minWidth, frame.maxWidth),
            height: clamp(proposal.height, frame.idealHeight, frame.minHeight, frame.maxHeight))
    }

    /// A flexible frame's length along one axis (SwiftUI's rule): with a minimum, at least that
    /// and at most the proposal unless the content is smaller; with a maximum, at most that and
    /// at least the proposal; without either, the content's.
    static func flexibleLength(_ content: CGFloat, proposed: CGFloat?, min low: Double?, max high: Double?) -> CGFloat {
        var length = content
        let proposed = proposed ?? content
        if let low { length = max(CGFloat(low), min(length, proposed)) }
        if let high { length = min(CGFloat(high), max(length, proposed)) }
        return length
    }

    /// The offset that puts a `length` at `fraction` (0 leading, ½ centre, 1 trailing) of
    /// `available`, on whole points.
    static func offset(_ length: CGFloat, in available: CGFloat, _ fraction: CGFloat) -> CGFloat {
        roundedDown((available - length) * fraction)
    }

    /// `value.rounded(.down)`, without calling libm's `floor` (the baseline x86-64 target has no
    /// rounding instruction, and a stack places every child through ``offset(_:in:_:)``): exact
    /// below 2⁵² in magnitude, where a value converts to a whole number and back exactly; the rest,
    /// and NaN, go to the library. Whole numbers come back as they are (−0 stays −0).
    @inline(__always)
    static func roundedDown(_ value: CGFloat) -> CGFloat {
        guard value.magnitude < 0x1p52 else { return value.rounded(.down) }
        let truncated = CGFloat(Int64(value))
        if truncated > value { return truncated - 1 }
        return truncated == value ? value : truncated
    }
}
