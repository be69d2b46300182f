import Foundation

// What the layout engine remembers per display node between passes (see `LayoutEngine`).

/// Where a child goes inside its parent: its frame relative to the parent's origin, and the
/// size it was proposed (so that its own subtree can be placed, or skipped when unchanged).
struct ChildPlacement: Equatable {
    var frame: CGRect
    var proposal: ProposedViewSize
}

/// One remembered size.
struct SizeEntry {
    var proposal: ProposedViewSize
    var axis: Axis?
    var size: CGSize
}

/// A stack's children's sizes for one proposal (what sizing computed, reused by placement).
struct StackSizes {
    var proposal: ProposedViewSize
    var sizes: [CGSize]
    /// False once the cache was reset: the sizes are stale, kept only so that the next sizing
    /// overwrites their buffer instead of allocating one (a node's child count never changes).
    var isCurrent = true
}

/// Where a node's children went for one proposal and size.
struct NodePlacement {
    var proposal: ProposedViewSize
    var size: CGSize
    var children: [ChildPlacement]
    /// False once the cache was reset: stale, kept only for its buffer (as ``StackSizes``').
    var isCurrent = true

    /// The placement, if it belongs to the current layout.
    var current: NodePlacement? { isCurrent ? self : nil }
}

/// Sizes by proposal (and the axis of the stack the node is in). The first is stored inline
/// (most nodes are asked one question), the others in an array of at most
/// ``LayoutEngine/sizeCacheLimit`` entries, the oldest replaced first.
struct SizeCache {
    private var first: SizeEntry?
    private var rest: [SizeEntry] = []
    private var nextSlot = 0

    @inline(__always)
    func size(for proposal: ProposedViewSize, axis: Axis?) -> CGSize? {
        if let first, first.proposal == proposal, first.axis == axis { return first.size }
        for entry in rest where entry.proposal == proposal && entry.axis == axis {
            return entry.size
        }
        return nil
    }

    /// Forgets every size, keeping the storage for the next ones.
    mutating func removeAll() {
        first = nil
        rest.removeAll(keepingCapacity: true)
        nextSlot = 0
    }

    mutating func insert(_ entry: SizeEntry) {
        if first == nil {
            first = entry
        } else if rest.count < LayoutEngine.sizeCacheLimit {
            rest.append(entry)
        } else {
            rest[nextSlot] = entry
            nextSlot = (nextSlot + 1) % LayoutEngine.sizeCacheLimit
        }
    }
}

/// A node's layout results, valid for as long as the node exists (its content never changes)
/// and its layout engine has not been invalidated since they were computed.
struct NodeLayoutCache {
    /// The ``LayoutEngine/generation`` the results belong to: results of an earlier generation
    /// are dropped when the node is next laid out, so invalidating every cache is one increment.
    var generation: UInt64 = 0
    var sizes = SizeCache()
    /// A stack's last sizing, for its placement.
    var stackSizes: StackSizes?
    /// The children's placement for the last size and proposal.
    var placement: NodePlacement?
    /// The proposal and size the node was last laid out at by a pass (to skip the subtree
    /// when both are the same again).
    var laidOut: (proposal: ProposedViewSize, size: CGSize)?

    /// Empties the cache for `generation` in place (assigning a new cache would copy the old
    /// one out first to release it), keeping its buffers for the results that replace these.
    mutating func reset(generation: UInt64) {
        sizes.removeAll()
        stackSizes?.isCurrent = false
        placement?.isCurrent = false
        laidOut = nil
        self.generation = generation
    }
}
