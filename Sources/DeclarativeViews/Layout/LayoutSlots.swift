import Foundation

/// The layout engine's per-node storage: a ``NodeLayoutHead`` and a ``NodeLayoutCache`` per
/// display node it has laid out, found by the node's slot (``DisplayNode/layoutSlot``): the
/// heads (what a pass's lookups read), one 64-byte line each, and the rest.
///
/// Layout is a phase over the render tree's outputs: display nodes carry no layout state, only
/// the integer that finds theirs here. A node is given a slot the first time the engine sees it;
/// the slot goes back to the free list when the node goes away (its `deinit`), and the next node
/// to need one takes it over with the cache's buffers (their contents are dropped on its first
/// visit, as for a cache of an earlier generation: a returned slot is stamped with a generation
/// the engine never reaches).
///
/// The slots are in chunks of ``chunkLength`` (contiguous arrays of heads and of caches), added
/// as the slots run out and never moved: one buffer grown by doubling cost a mount of 10,000 rows
/// a copy of everything at every doubling and a page fault for each page of the fresh
/// (memory-mapped) buffers, while chunks this size come from the allocator's heap, usually memory
/// the nodes of an earlier tree gave back. A pass finds a node's head through the pointer the
/// node keeps (``DisplayNode/layoutHead``) and its cache through the pointer in the head
/// (``NodeLayoutHead/cache``), without reading the chunk table.
///
/// Used on the thread that runs the host's updates, as the rest of the host (render rules
/// release display nodes in graph updates, layout passes read and write the caches after them).
final class LayoutSlots {
    /// The value of ``DisplayNode/layoutSlot`` for a node that has none yet.
    static let none = UInt32.max
    /// The generation stamped on a returned slot: ``LayoutEngine/generation`` counts up from 0
    /// one invalidation at a time and never gets there.
    static let returnedGeneration = UInt64.max

    /// Slots per chunk (a power of two): 64 KiB of heads, under the allocator's threshold for
    /// mapping fresh memory.
    static let chunkLength = 1 << chunkShift
    private static let chunkShift = 9

    /// One chunk's heads and caches.
    struct Chunk {
        var heads: UnsafeMutablePointer<NodeLayoutHead>
        var caches: UnsafeMutablePointer<NodeLayoutCache>
    }

    // `@exclusivity(unchecked)` on the stored properties: each access is one read or one write
    // (an append or removal for `free`) that calls out to nothing that could reach this table
    // again, so accesses cannot overlap; `chunks` is read on every cache lookup of a layout pass,
    // where the dynamic check would cost more than the lookup.

    /// The chunks, `chunkCapacity` entries allocated and the first `chunkCount` made.
    @exclusivity(unchecked) private var chunks: UnsafeMutablePointer<Chunk>
    @exclusivity(unchecked) private var chunkCapacity = 16
    @exclusivity(unchecked) private var chunkCount = 0
    /// Slots initialised (the first `count` of the chunks').
    @exclusivity(unchecked) private var count = 0
    /// Initialised slots no node holds, the most recently returned last.
    @exclusivity(unchecked) private var free: [UInt32] = []

    /// The heads' alignment: a cache line, so that each head (64 bytes) is one line.
    private static let headAlignment = 64

    init() {
        chunks = .allocate(capacity: chunkCapacity)
    }

    deinit {
        for index in 0..<chunkCount {
            let initialised = min(Self.chunkLength, count - index * Self.chunkLength)
            chunks[index].heads.deinitialize(count: initialised)
            UnsafeMutableRawPointer(chunks[index].heads).deallocate()
            chunks[index].caches.deinitialize(count: initialised)
            chunks[index].caches.deallocate()
        }
        chunks.deallocate()
    }

    /// `slot`'s head. Valid for as long as the slot's node holds it (chunks never move).
    @inline(__always)
    func head(_ slot: UInt32) -> UnsafeMutablePointer<NodeLayoutHead> {
        chunks[Int(slot &>> Self.chunkShift)].heads + Int(slot & UInt32(Self.chunkLength - 1))
    }

    /// `slot`'s cache, on the same terms as ``head(_:)``.
    @inline(__always)
    func cache(_ slot: UInt32) -> UnsafeMutablePointer<NodeLayoutCache> {
        chunks[Int(slot &>> Self.chunkShift)].caches + Int(slot & UInt32(Self.chunkLength - 1))
    }

    /// How many slots nodes hold now.
    var slotsInUse: Int { count - free.count }
    /// How many slots there are (held, or free for the next nodes).
    var allocated: Int { count }

    /// Gives `node` a slot (a returned one first) and makes this table its owner.
    func assign(to node: DisplayNode) {
        let slot: UInt32
        if let reused = free.popLast() {
            slot = reused
        } else {
            precondition(count < Int(Self.none), "LayoutSlots: more than \(Self.none) display nodes laid out at once")
            if count == chunkCount * Self.chunkLength { addChunk() }
            slot = UInt32(count)
            cache(slot).initialize(to: NodeLayoutCache())
            head(slot).initialize(to: NodeLayoutHead(generation: 0, cache: cache(slot)))
            count += 1
        }
        node.layoutSlot = slot
        node.layoutHead = head(slot)
        node.layoutSlots = self
    }

    /// Takes back a slot whose node went away. Its cache keeps its buffers for the next node
    /// but is marked out of date.
    func recycle(_ slot: UInt32) {
        head(slot).pointee.generation = Self.returnedGeneration
        free.append(slot)
    }

    private func addChunk() {
        if chunkCount == chunkCapacity {
            let newChunks = UnsafeMutablePointer<Chunk>.allocate(capacity: chunkCapacity * 2)
            newChunks.moveInitialize(from: chunks, count: chunkCount)
            chunks.deallocate()
            chunks = newChunks
            chunkCapacity *= 2
        }
        let heads = UnsafeMutableRawPointer.allocate(
            byteCount: Self.chunkLength * MemoryLayout<NodeLayoutHead>.stride,
            alignment: max(Self.headAlignment, MemoryLayout<NodeLayoutHead>.alignment)
        ).bindMemory(to: NodeLayoutHead.self, capacity: Self.chunkLength)
        (chunks + chunkCount).initialize(to: Chunk(heads: heads, caches: .allocate(capacity: Self.chunkLength)))
        chunkCount += 1
    }
}

extension DisplayNode {
    /// The children's placement of the node's last layout by the engine that owns its slot, if
    /// that placement was not dropped since (what the driver reads to leave out the views a
    /// custom layout hid).
    var lastPlacement: NodePlacement? {
        guard let layoutSlots else { return nil }
        return layoutSlots.cache(layoutSlot).pointee.placement?.current
    }
}
