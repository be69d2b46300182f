#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A type's specialised update function. Wrapped in a struct so that it is stored with its
/// natural calling convention (a bare function in generic storage would go through a
/// reabstraction thunk with a heap context on every call).
struct _FastUpdate {
    let function: _RuleUpdateFunction
}

/// One frame of an update stack: a node being brought up to date.
struct _Frame {
    var node: UInt32
    /// Inputs already brought up to date (AG's `index=I/J`).
    var inputIndex: UInt32
    var flags: _FrameFlags
}

struct _FrameFlags: OptionSet {
    var rawValue: UInt8

    // Concrete set operations: the generic `OptionSet` defaults are unspecialized (and slow) in
    // debug builds, and these flags are tested on every node visit.
    @inline(__always) init(rawValue: UInt8) { self.rawValue = rawValue }
    @inline(__always) func contains(_ member: Self) -> Bool { rawValue & member.rawValue == member.rawValue }
    @inline(__always) @discardableResult
    mutating func insert(_ member: Self) -> (inserted: Bool, memberAfterInsert: Self) {
        let inserted = rawValue & member.rawValue != member.rawValue
        rawValue |= member.rawValue
        return (inserted, member)
    }
    @inline(__always) @discardableResult
    mutating func remove(_ member: Self) -> Self? {
        let removed = rawValue & member.rawValue
        rawValue &= ~member.rawValue
        return removed == 0 ? nil : Self(rawValue: removed)
    }
    @inline(__always) mutating func formUnion(_ other: Self) { rawValue |= other.rawValue }
    @inline(__always) func union(_ other: Self) -> Self { Self(rawValue: rawValue | other.rawValue) }
    /// The node was pending (never computed or invalidated) when pushed.
    static let pending = _FrameFlags(rawValue: 1)
    /// The frame was cancelled (AG's `C`).
    static let cancelled = _FrameFlags(rawValue: 2)
}

/// One update stack (AG opens a new one for every read that must recompute from outside the
/// known inputs: a top-level read, a rule's newly discovered dirty input, a nested update).
struct _Segment {
    var firstFrame: Int
    /// Index into ``GraphStorage/nestedUpdates`` of the nested update that opened it, or -1.
    var nestedUpdate: Int32
    var savedCurrent: UInt32
    var savedCursor: UInt32
    var savedThreadUpdating: UnsafeMutablePointer<_GraphState>?
}

/// The graph's counters (see ``Graph/CounterQueryType``).
struct _Counters {
    var transactions: UInt64 = 0
    var updates: UInt64 = 0
    var changes: UInt64 = 0
    var createdNodes: UInt64 = 0
    var createdSubgraphs: UInt64 = 0
    var mainThreadUpdates: UInt64 = 0
}

/// All mutable engine state of one graph storage. It lives at a fixed address reached through
/// `UnsafeMutablePointer`, so the per-node paths pay neither reference counting nor the dynamic
/// exclusivity checks of class properties. Only ``_Engine`` touches it.
struct _GraphState {
    static let pageShift: UInt32 = 8
    static let pageSize = 1 << Int(pageShift)
    static let pageMask: UInt32 = UInt32(pageSize - 1)

    var slot: UInt32
    var serial: UInt32
    /// The Swift object that owns this state (for slow paths: type interning, subgraphs, reports).
    unowned(unsafe) var storage: GraphStorage

    // Node table: a directory of fixed-size pages, so node addresses never move.
    var pages: UnsafeMutablePointer<UnsafeMutablePointer<_Node>?>
    var pageCapacity: Int
    /// Outgrown page directories, kept until the graph is destroyed (see ``_UnsafeGrowableBuffer``).
    var retiredPageDirectories: [UnsafeMutablePointer<UnsafeMutablePointer<_Node>?>]
    /// Every index below this has been handed out at least once (index 0 is never used).
    var highWater: UInt32
    /// Head of the free-slot list, linked through `typeIndex` (0 = empty).
    var freeHead: UInt32
    var liveNodes: Int

    // Attribute types.
    var types: _UnsafeGrowableBuffer<_AttributeTypeRecord>
    /// Per type: the rule's update function specialised in the client's module, when it has one
    /// (see ``_RuleUpdateFunction``); manually managed (closures are reference counted).
    var fastUpdates: UnsafeMutablePointer<_FastUpdate?>
    var fastUpdateCapacity: Int
    var lastTypeKey: ObjectIdentifier?
    var lastTypeIndex: UInt32
    /// A direct-mapped cache in front of the type dictionary: body type identity → type index
    /// (builders alternate between a few types, which defeats `lastTypeKey`).
    var typeCacheKeys: UnsafeMutablePointer<UInt>
    var typeCacheIndices: UnsafeMutablePointer<UInt32>
    static let typeCacheSize = 256

    // Evaluation.
    /// The node whose rule is running (0 = none): reads record dependencies on it.
    var current: UInt32
    /// Where in `current`'s input list the next read is expected (reads usually repeat in order).
    var cursor: UInt32
    /// Whether every read of the running rule so far hit its recorded inputs in order.
    var readsInOrder: Bool
    var frames: _UnsafeGrowableBuffer<_Frame>
    var segments: _UnsafeGrowableBuffer<_Segment>
    var worklist: _UnsafeGrowableBuffer<UInt32>
    var dirtyObservers: _UnsafeGrowableBuffer<UInt32>
    var firedObservers: _UnsafeGrowableBuffer<UInt32>
    /// Nodes flagged `cyclic` or `cycleReported` in the current update (reset when it ends).
    var cycleNodes: _UnsafeGrowableBuffer<UInt32>
    /// The nested update that is open now (index into `GraphStorage.nestedUpdates`), or -1.
    var activeNestedUpdate: Int32
    var updatingThread: pthread_t?
    /// The updating thread's context, for the duration of an update episode.
    var threadContext: UnsafeMutablePointer<_ThreadContext>?
    /// Set when the episode left work for its end: cycle marks, nested updates, deferred
    /// invalidations. Keeps the end of an ordinary episode to a flag test.
    var episodeHasWork: Bool
    /// Whether the current update runs on the main thread (decided once per update episode).
    var onMainThread: Bool

    // Subgraph index → context index, and per-context needs-update flags.
    var subgraphContext: _UnsafeGrowableBuffer<UInt32>
    var contextNeedsUpdate: _UnsafeGrowableBuffer<Bool>
    /// Contexts whose needs-update flag was raised and whose callback is still to be called.
    var contextsToNotify: _UnsafeGrowableBuffer<UInt32>

    var counters: _Counters
    var pool: _UnsafeSlabAllocator

    init(storage: GraphStorage) {
        _Node.checkLayout()
        slot = 0
        serial = 0
        self.storage = storage
        pageCapacity = 16
        pages = .allocate(capacity: pageCapacity)
        pages.initialize(repeating: nil, count: pageCapacity)
        highWater = 1
        freeHead = 0
        liveNodes = 0
        types = _UnsafeGrowableBuffer(capacity: 16, keepsOutgrownStorage: true)
        retiredPageDirectories = []
        fastUpdateCapacity = 16
        fastUpdates = .allocate(capacity: 16)
        fastUpdates.initialize(repeating: nil, count: 16)
        lastTypeKey = nil
        lastTypeIndex = 0
        typeCacheKeys = .allocate(capacity: Self.typeCacheSize)
        typeCacheKeys.initialize(repeating: 0, count: Self.typeCacheSize)
        typeCacheIndices = .allocate(capacity: Self.typeCacheSize)
        typeCacheIndices.initialize(repeating: 0, count: Self.typeCacheSize)
        current = 0
        cursor = 0
        readsInOrder = true
        frames = _UnsafeGrowableBuffer(capacity: 64, keepsOutgrownStorage: true)
        segments = _UnsafeGrowableBuffer(capacity: 8)
        worklist = _UnsafeGrowableBuffer(capacity: 64)
        dirtyObservers = _UnsafeGrowableBuffer(capacity: 16)
        firedObservers = _UnsafeGrowableBuffer(capacity: 16)
        cycleNodes = _UnsafeGrowableBuffer(capacity: 4)
        activeNestedUpdate = -1
        updatingThread = nil
        threadContext = nil
        episodeHasWork = false
        onMainThread = false
        subgraphContext = _UnsafeGrowableBuffer(capacity: 8)
        contextNeedsUpdate = _UnsafeGrowableBuffer(capacity: 2)
        contextsToNotify = _UnsafeGrowableBuffer(capacity: 2)
        counters = _Counters()
        pool = _UnsafeSlabAllocator()
    }

    /// Frees the raw buffers. Nodes must already be destroyed.
    mutating func releaseBuffers() {
        for page in 0..<pageCapacity {
            pages[page]?.deallocate()
        }
        pages.deallocate()
        retiredPageDirectories.forEach { $0.deallocate() }
        fastUpdates.deinitialize(count: fastUpdateCapacity)
        fastUpdates.deallocate()
        typeCacheKeys.deallocate()
        typeCacheIndices.deallocate()
        types.release()
        frames.release()
        segments.release()
        worklist.release()
        dirtyObservers.release()
        firedObservers.release()
        cycleNodes.release()
        subgraphContext.release()
        contextNeedsUpdate.release()
        contextsToNotify.release()
        pool.destroy()
    }
}
