/// A per-graph allocator for the small blocks the engine needs by the million: rule bodies with
/// their values, and edge lists.
///
/// Requests up to ``maxSmall`` bytes with alignment ≤ 8 come from size classes 8 bytes apart,
/// carved from chunks and recycled through per-class free lists (the free block stores the link).
/// Larger or more aligned requests go to the system allocator. Everything is released when the
/// allocator is destroyed with its graph.
///
/// Not thread-safe: a graph is used from one thread at a time. Non-copyable: its one owner frees
/// every chunk in `deinit`.
struct UnsafeSlabAllocator: ~Copyable {
    static let granule = 8
    static let maxSmall = 256
    static let classCount = maxSmall / granule
    private static let firstChunkSize = 4 * 1024
    private static let maxChunkSize = 256 * 1024
    /// Bytes at the start of each chunk holding the link to the previous chunk.
    private static let chunkHeader = 16

    private var freeLists: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    private var bump: UnsafeMutableRawPointer?
    private var bumpEnd: UnsafeMutableRawPointer?
    private var lastChunk: UnsafeMutableRawPointer?
    private var nextChunkSize: Int
    /// Bytes currently handed out (small and large), for the memory counters.
    private(set) var bytesInUse: Int = 0
    /// Bytes reserved from the system (chunks plus large blocks).
    private(set) var bytesReserved: Int = 0

    init() {
        freeLists = .allocate(capacity: Self.classCount)
        freeLists.initialize(repeating: nil, count: Self.classCount)
        nextChunkSize = Self.firstChunkSize
    }

    /// Frees every chunk. Large blocks must already have been returned with ``deallocate(_:byteCount:alignment:)``.
    deinit {
        var chunk = lastChunk
        while let current = chunk {
            chunk = current.load(as: UnsafeMutableRawPointer?.self)
            current.deallocate()
        }
        freeLists.deinitialize(count: Self.classCount)
        freeLists.deallocate()
    }

    @inline(__always)
    private static func sizeClass(_ byteCount: Int) -> Int {
        (max(byteCount, 1) + granule - 1) / granule - 1
    }

    @inline(__always)
    static func isSmall(byteCount: Int, alignment: Int) -> Bool {
        byteCount <= maxSmall && alignment <= granule
    }

    mutating func allocate(byteCount: Int, alignment: Int) -> UnsafeMutableRawPointer {
        guard Self.isSmall(byteCount: byteCount, alignment: alignment) else {
            bytesInUse += byteCount
            bytesReserved += byteCount
            return UnsafeMutableRawPointer.allocate(byteCount: max(byteCount, 1), alignment: alignment)
        }
        let index = Self.sizeClass(byteCount)
        let size = (index + 1) * Self.granule
        bytesInUse += size
        if let block = freeLists[index] {
            freeLists[index] = block.load(as: UnsafeMutableRawPointer?.self)
            return block
        }
        if let start = bump, let end = bumpEnd, end - start >= size {
            bump = start + size
            return start
        }
        return allocateFromNewChunk(size)
    }

    @inline(never)
    private mutating func allocateFromNewChunk(_ size: Int) -> UnsafeMutableRawPointer {
        let chunkSize = nextChunkSize
        nextChunkSize = min(nextChunkSize * 2, Self.maxChunkSize)
        let chunk = UnsafeMutableRawPointer.allocate(byteCount: chunkSize, alignment: 16)
        chunk.storeBytes(of: lastChunk, as: UnsafeMutableRawPointer?.self)
        lastChunk = chunk
        bytesReserved += chunkSize
        let start = chunk + Self.chunkHeader
        bump = start + size
        bumpEnd = chunk + chunkSize
        return start
    }

    mutating func deallocate(_ block: UnsafeMutableRawPointer, byteCount: Int, alignment: Int) {
        guard Self.isSmall(byteCount: byteCount, alignment: alignment) else {
            bytesInUse -= byteCount
            bytesReserved -= byteCount
            block.deallocate()
            return
        }
        let index = Self.sizeClass(byteCount)
        bytesInUse -= (index + 1) * Self.granule
        block.storeBytes(of: freeLists[index], as: UnsafeMutableRawPointer?.self)
        freeLists[index] = block
    }
}
