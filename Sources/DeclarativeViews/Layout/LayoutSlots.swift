import Foundation

/// The layout engine's per-node storage: a ``NodeLayoutHead`` and a ``NodeLayoutCache`` per
/// display node it has laid out, in two contiguous buffers indexed by the node's slot
/// (``DisplayNode/layoutSlot``): the heads (what a pass's lookups read), two 64-byte lines each,
/// and the rest.
///
/// Layout is a phase over the render tree's outputs: display nodes carry no layout state, only
/// the integer that finds theirs here. A node is given a slot the first time the engine sees it;
/// the slot goes back to the free list when the node goes away (its `deinit`), and the next node
/// to need one takes it over with the cache's buffers (their contents are dropped on its first
/// visit, as for a cache of an earlier generation: a returned slot is stamped with a generation
/// the engine never reaches).
///
/// Used on the thread that runs the host's updates, as the rest of the host (render rules
/// release display nodes in graph updates, layout passes read and write the caches after them).
final class LayoutSlots {
    /// The value of ``DisplayNode/layoutSlot`` for a node that has none yet.
    static let none = UInt32.max
    /// The generation stamped on a returned slot: ``LayoutEngine/generation`` counts up from 0
    /// one invalidation at a time and never gets there.
    static let returnedGeneration = UInt64.max

    // `@exclusivity(unchecked)` on the stored properties: each access is one read or one write
    // (an append or removal for `free`) that calls out to nothing that could reach this table
    // again, so accesses cannot overlap; `heads` and `caches` are read on every cache lookup of a layout pass,
    // where the dynamic check would cost more than the lookup.

    /// The heads and the caches, `capacity` allocated and the first `count` initialised.
    @exclusivity(unchecked) private(set) var heads: UnsafeMutablePointer<NodeLayoutHead>
    @exclusivity(unchecked) private(set) var caches: UnsafeMutablePointer<NodeLayoutCache>
    @exclusivity(unchecked) private var capacity: Int
    @exclusivity(unchecked) private var count = 0
    /// Initialised slots no node holds, the most recently returned last.
    @exclusivity(unchecked) private var free: [UInt32] = []

    /// The heads' alignment: two cache lines, so that each head (128 bytes) is a pair of lines.
    private static let headAlignment = 128

    init() {
        capacity = 64
        heads = Self.allocateHeads(capacity)
        caches = .allocate(capacity: capacity)
    }

    deinit {
        heads.deinitialize(count: count)
        UnsafeMutableRawPointer(heads).deallocate()
        caches.deinitialize(count: count)
        caches.deallocate()
    }

    private static func allocateHeads(_ capacity: Int) -> UnsafeMutablePointer<NodeLayoutHead> {
        UnsafeMutableRawPointer.allocate(
            byteCount: capacity * MemoryLayout<NodeLayoutHead>.stride,
            alignment: max(headAlignment, MemoryLayout<NodeLayoutHead>.alignment)
        ).bindMemory(to: NodeLayoutHead.self, capacity: capacity)
    }

    /// How many slots nodes hold now.
    var slotsInUse: Int { count - free.count }
    /// How many slots there are (held, or free for the next nodes).
    var allocated: Int { count }

    /// Gives `node` a slot (a returned one first) and makes this table its owner.
    /// May move the buffer: pointers into it taken before are stale.
    func assign(to node: DisplayNode) {
        let slot: UInt32
        if let reused = free.popLast() {
            slot = reused
        } else {
            if count == capacity { grow() }
            precondition(count < Int(Self.none), "LayoutSlots: more than \(Self.none) display nodes laid out at once")
            (heads + count).initialize(to: NodeLayoutHead(generation: 0))
            (caches + count).initialize(to: NodeLayoutCache())
            slot = UInt32(count)
            count += 1
        }
        node.layoutSlot = slot
        node.layoutSlots = self
    }

    /// Takes back a slot whose node went away. Its cache keeps its buffers for the next node
    /// but is marked out of date.
    func recycle(_ slot: UInt32) {
        heads[Int(slot)].generation = Self.returnedGeneration
        free.append(slot)
    }

    private func grow() {
        let newCapacity = capacity * 2
        let newHeads = Self.allocateHeads(newCapacity)
        newHeads.moveInitialize(from: heads, count: count)
        UnsafeMutableRawPointer(heads).deallocate()
        heads = newHeads
        let newCaches = UnsafeMutablePointer<NodeLayoutCache>.allocate(capacity: newCapacity)
        newCaches.moveInitialize(from: caches, count: count)
        caches.deallocate()
        caches = newCaches
        capacity = newCapacity
    }
}
