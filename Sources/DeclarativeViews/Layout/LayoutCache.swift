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
    /// The stack's size from `sizes` (summed once: placing the stack asks again).
    var size: CGSize
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

/// What the lookups of a layout pass read of a node: the generation its results belong to and
/// the first size it remembers (most nodes are asked one question). Kept apart from the rest of
/// the node's results (``NodeLayoutCache``), 64 bytes each, one cache line (``LayoutSlots``
/// aligns them so), so that a size answered from the cache, or a text sized for the first time,
/// reads and writes one line of the layout's storage: a pass over a tree touches as many lines
/// of heads as it has nodes. (A test checks the stride.)
struct NodeLayoutHead {
    /// The ``LayoutEngine/generation`` the results belong to: results of an earlier generation
    /// are dropped when the node is next laid out, so invalidating every cache is one increment.
    var generation: UInt64 = 0
    /// The node's ``NodeLayoutCache`` (in the same slot of ``LayoutSlots``, which never moves):
    /// found from the line a lookup reads anyway, not through the storage's chunk table.
    let cache: UnsafeMutablePointer<NodeLayoutCache>
    /// The first size computed in this generation (`nil`: none, and none in the cache either).
    var firstSize: SizeEntry?
    /// Whether `cache` may hold results (``markCacheInUse()``): `false` for most nodes (a text
    /// asked one question keeps its answer here), whose reset then reads nothing of the cache.
    private(set) var cacheInUse = false

    init(generation: UInt64, cache: UnsafeMutablePointer<NodeLayoutCache>) {
        self.generation = generation
        self.cache = cache
    }

    /// Drops the results (of an earlier generation) and stamps the head with `generation`,
    /// keeping the cache's buffers for the results that replace them.
    @inline(__always)
    mutating func reset(generation: UInt64) {
        self.generation = generation
        firstSize = nil
        if cacheInUse {
            cache.pointee.reset()
            cacheInUse = false
        }
    }

    /// Notes that results are being stored in `cache`: every store into it comes after this.
    @inline(__always)
    mutating func markCacheInUse() {
        cacheInUse = true
    }

    /// The remembered size for `proposal` and `axis`, looking at `more` (the node's further
    /// sizes) only when the first one is not it.
    @inline(__always)
    func size(for proposal: ProposedViewSize, axis: Axis?, more: UnsafeMutablePointer<NodeLayoutCache>) -> CGSize? {
        guard let first = firstSize else { return nil }
        if first.proposal == proposal, first.axis == axis { return first.size }
        return more.pointee.size(for: proposal, axis: axis)
    }
}

/// A node's layout results but those in its ``NodeLayoutHead``, valid for as
/// long as the node exists (its content never changes) and its layout engine has not been
/// invalidated since they were computed. The engine keeps them, in the node's slot of its
/// ``LayoutSlots``.
struct NodeLayoutCache {
    /// Sizes by proposal (and the axis of the stack the node is in) after the first, at most
    /// ``LayoutEngine/sizeCacheLimit`` entries, the oldest replaced first.
    private var moreSizes: [SizeEntry] = []
    private var nextSize = 0
    /// A stack's last sizing, for its placement.
    var stackSizes: StackSizes?
    /// The children's placement for the last size and proposal.
    var placement: NodePlacement?
    /// The proposal and size the node was last laid out at by a pass (to skip the subtree
    /// when both are the same again). Only nodes with children are laid out, and those keep
    /// results here anyway: kept out of the head, it leaves a head one line.
    var laidOut: (proposal: ProposedViewSize, size: CGSize)?

    func size(for proposal: ProposedViewSize, axis: Axis?) -> CGSize? {
        for entry in moreSizes where entry.proposal == proposal && entry.axis == axis {
            return entry.size
        }
        return nil
    }

    /// Remembers a size after the first (which is in the node's ``NodeLayoutHead``).
    mutating func insert(_ entry: SizeEntry) {
        if moreSizes.count < LayoutEngine.sizeCacheLimit {
            moreSizes.append(entry)
        } else {
            moreSizes[nextSize] = entry
            nextSize = (nextSize + 1) % LayoutEngine.sizeCacheLimit
        }
    }

    /// Empties the cache in place (assigning a new cache would copy the old one out first to
    /// release it), keeping its buffers for the results that replace these.
    mutating func reset() {
        // (Most nodes are asked one question: their first size is in the head, and this is
        // empty. Emptying an empty array still checks its buffer's uniqueness.)
        if !moreSizes.isEmpty { moreSizes.removeAll(keepingCapacity: true) }
        nextSize = 0
        laidOut = nil
        stackSizes?.isCurrent = false
        placement?.isCurrent = false
    }
}
