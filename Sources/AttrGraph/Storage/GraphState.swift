#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A type's specialised update function. Boxed: the tables hold the boxes unmanaged, and a rule
/// run calls the function through a guaranteed reference to its box, so that it neither retains
/// nor releases the closure's context (copying a closure out of a table does both, two atomic
/// operations per rule run). Stored in a property, the function keeps its natural calling
/// convention (a bare function in generic storage would go through a reabstraction thunk).
final class FastUpdate {
    let function: _RuleUpdateFunction

    init(function: @escaping _RuleUpdateFunction) {
        self.function = function
    }
}

/// A type's specialised evaluation (its rule's value computed into scratch memory), for rules
/// whose value is not known to be `Equatable` where they are created: the engine compares and
/// stores (see ``_Engine/storeEvaluatedValue``). Boxed as ``FastUpdate`` is.
final class FastEvaluate {
    let function: _RuleEvaluateFunction

    init(function: @escaping _RuleEvaluateFunction) {
        self.function = function
    }
}

/// One frame of an update stack: a node being brought up to date.
struct _Frame {
    var node: UInt32
    /// Inputs already brought up to date (AG's `index=I/J`).
    var inputIndex: UInt32
    var flags: FrameFlags
}

/// What an update episode records about its rule runs: a timeline trace (``AGTrace``), a
/// profile (``Graph/startProfiling(_:)``), events for installed traces (``Graph/addTrace(_:context:)``).
struct _Instrumentation: OptionSet {
    var rawValue: UInt8
    static let trace = _Instrumentation(rawValue: 1)
    static let profile = _Instrumentation(rawValue: 2)
    static let events = _Instrumentation(rawValue: 4)
    /// The consumers of the event stream (``TraceEvent``): the timeline and installed traces.
    static let eventConsumers: _Instrumentation = [.trace, .events]
}

struct FrameFlags: OptionSet {
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
    static let pending = FrameFlags(rawValue: 1)
    /// The frame was cancelled (AG's `C`).
    static let cancelled = FrameFlags(rawValue: 2)
}

/// One update stack (AG opens a new one for every read that must recompute from outside the
/// known inputs: a top-level read, a rule's newly discovered dirty input, a nested update).
struct Segment {
    var firstFrame: Int
    /// Index into ``GraphStorage/nestedUpdates`` of the nested update that opened it, or -1.
    var nestedUpdate: Int32
    var savedCurrent: UInt32
    var savedCursor: UInt32
    var savedThreadUpdating: UnsafeMutablePointer<GraphState>?
    /// The stack address where it began (for ``StackGuard``).
    var stackAddress: UInt
}

/// The graph's counters (see ``Graph/CounterQueryType``).
struct Counters {
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
///
/// Non-copyable: it owns raw memory (the node table, buffers, the slab), freed once, when its owner
/// (``GraphStorage``) deinitialises it.
struct GraphState: ~Copyable {
    var slot: UInt32
    var serial: UInt32
    /// The Swift object that owns this state (for slow paths: type interning, subgraphs, reports).
    /// Unowned and unchecked: the storage allocates this state in its `init` and frees it in its
    /// `deinit`, so the storage is alive whenever the state is.
    unowned(unsafe) var storage: GraphStorage
    /// What the update is doing now, published for other threads (``GraphActivity``). Unowned and
    /// unchecked for the same reason as `storage`, which holds it strongly.
    unowned(unsafe) var activity: GraphActivity
    /// The activity's exclusive-use words, reached without touching the activity object.
    let exclusiveUse: ExclusiveUseWords

    // Node table: reserved address space, so node addresses never move (``NodeTable``).
    var nodeTable: NodeTable
    /// Every index below this has been handed out at least once (index 0 is never used).
    var highWater: UInt32
    /// Head of the free-slot list, linked through `typeIndex` (0 = empty).
    var freeHead: UInt32
    var liveNodes: Int

    // Attribute types.
    var types: UnsafeGrowableBuffer<AttributeTypeRecord>
    /// Per type: the rule's update function specialised in the client's module, when it has one
    /// (see ``_RuleUpdateFunction``); each box is retained once here, released in `deinit`.
    var fastUpdates: UnsafeMutablePointer<Unmanaged<FastUpdate>?>
    /// Per type, the specialised evaluation used when there is no ``fastUpdates`` entry
    /// (same capacity, boxes owned the same way).
    var fastEvaluates: UnsafeMutablePointer<Unmanaged<FastEvaluate>?>
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
    var frames: UnsafeGrowableBuffer<_Frame>
    var segments: UnsafeGrowableBuffer<Segment>
    var worklist: UnsafeGrowableBuffer<UInt32>
    var dirtyObservers: UnsafeGrowableBuffer<UInt32>
    var firedObservers: UnsafeGrowableBuffer<UInt32>
    /// Nodes flagged `cyclic` or `cycleReported` in the current update (reset when it ends).
    var cycleNodes: UnsafeGrowableBuffer<UInt32>
    /// Inputs set by a rule that had read them, while it ran (consumer, input): their edges are
    /// marked changed after the run, so that the rule runs again (see ``_Engine/runRule(_:_:)``).
    var changedWhileRunning: UnsafeGrowableBuffer<PendingChange>
    /// The nested update that is open now (index into `GraphStorage.nestedUpdates`), or -1.
    var activeNestedUpdate: Int32
    /// The updating thread's context, for the duration of an update episode.
    var threadContext: UnsafeMutablePointer<ThreadContext>?
    /// Whether the episode took the graph for its thread (``_Engine/enter(_:)``): it leaves it
    /// when it ends.
    var episodeEntered: Bool
    /// ``Graph/cancelUpdate()`` was called in this episode (reset when the next one begins).
    var updateCancelled: Bool
    /// Set when the episode left work for its end: cycle marks, nested updates, deferred
    /// invalidations. Keeps the end of an ordinary episode to a flag test.
    var episodeHasWork: Bool
    /// The body blocks of the observers whose callbacks are running, innermost last (a callback
    /// may update the graph, which calls other observers: ``Graph/flushObservers()``). Callbacks
    /// run on the body in place, so destroying one of these observers meanwhile (it cancels
    /// itself, or its subgraph is invalidated) leaves its body in `deferredNotifyingBodies`, and
    /// the flush destroys it once that callback has returned.
    var notifyingBlocks: UnsafeGrowableBuffer<UnsafeMutableRawPointer>
    var deferredNotifyingBodies: UnsafeGrowableBuffer<_Engine.DetachedBody>
    /// Whether the current update runs on the main thread (decided once per update episode).
    var onMainThread: Bool
    /// What the current update episode records (decided when it starts): ``_Instrumentation``.
    /// Beside ``onMainThread``, which every rule run reads too.
    var instrumentation: _Instrumentation
    /// Whether traces are installed (``Graph/addTrace(_:context:)``): the events outside update
    /// episodes test it (``_Engine/emit(_:)``).
    var traced: Bool {
        didSet { reportsDirtying = traced || watchesCrossContextDirtying }
    }
    /// Whether a context of this storage has an invalidation callback (``Graph/onInvalidation(_:)``):
    /// the push phase then looks for dirtying that crosses contexts.
    var watchesCrossContextDirtying: Bool {
        didSet { reportsDirtying = traced || watchesCrossContextDirtying }
    }
    /// ``traced`` or ``watchesCrossContextDirtying``: the push phase takes its reporting walk.
    var reportsDirtying: Bool
    /// Whether a context asked for its ``Graph/onUpdate(_:)`` callback (``Graph/setNeedsUpdate()``):
    /// the next update outside any other calls it first. Beside the
    /// other flags the update path reads.
    var updateCallbacksRequested: Bool
    /// The input-position index of the rule with the most inputs being recorded.
    var fanIn: FanInIndex

    // Subgraph index → context index, and per-context needs-update flags.
    var subgraphContext: UnsafeGrowableBuffer<UInt32>
    var contextNeedsUpdate: UnsafeGrowableBuffer<Bool>
    /// Per context: whether it has update handlers (``Graph/addUpdateHandler(_:)``).
    var contextHasCallbacks: UnsafeGrowableBuffer<Bool>
    /// Contexts whose needs-update flag was raised and whose callback is still to be called.
    var contextsToNotify: UnsafeGrowableBuffer<UInt32>

    var counters: Counters
    /// Work done since the last ``_Engine/checkInvariants()`` (debug builds check again once it
    /// is as large as the graph, so that the checks cost about as much as the work they check).
    var workSinceInvariantCheck: Int
    var pool: UnsafeSlabAllocator
    /// When the current episode started (``AGTrace/now()``), and the rule runs before it, while
    /// it is traced.
    var episodeStart: UInt64
    var episodeRuleRuns: UInt64

    // Rarely used state, after the fields the update paths read (their offsets stay put).

    /// The depth of update stack opened by ``AnyAttribute/prefetchValue()`` (AttributeGraph's
    /// update with `abortIfCancelled`), 0 outside one: a traced node update at that depth ends
    /// unchanged when the update was cancelled.
    var abortingSegmentDepth: Int
    /// The attribute whose change the reporting push-phase walk is propagating.
    var dirtyOrigin: UInt32

    init(storage: GraphStorage, activity: GraphActivity) {
        _Node.checkLayout()
        slot = 0
        serial = 0
        episodeEntered = false
        updateCancelled = false
        self.storage = storage
        self.activity = activity
        self.exclusiveUse = activity.exclusiveUse
        nodeTable = NodeTable()
        highWater = 1
        freeHead = 0
        liveNodes = 0
        types = UnsafeGrowableBuffer(capacity: 16)
        fastUpdateCapacity = 16
        fastUpdates = .allocate(capacity: 16)
        fastUpdates.initialize(repeating: nil, count: 16)
        fastEvaluates = .allocate(capacity: 16)
        fastEvaluates.initialize(repeating: nil, count: 16)
        lastTypeKey = nil
        lastTypeIndex = 0
        typeCacheKeys = .allocate(capacity: Self.typeCacheSize)
        typeCacheKeys.initialize(repeating: 0, count: Self.typeCacheSize)
        typeCacheIndices = .allocate(capacity: Self.typeCacheSize)
        typeCacheIndices.initialize(repeating: 0, count: Self.typeCacheSize)
        current = 0
        cursor = 0
        readsInOrder = true
        frames = UnsafeGrowableBuffer(capacity: 64)
        segments = UnsafeGrowableBuffer(capacity: 8)
        worklist = UnsafeGrowableBuffer(capacity: 64)
        dirtyObservers = UnsafeGrowableBuffer(capacity: 16)
        firedObservers = UnsafeGrowableBuffer(capacity: 16)
        cycleNodes = UnsafeGrowableBuffer(capacity: 4)
        changedWhileRunning = UnsafeGrowableBuffer(capacity: 2)
        activeNestedUpdate = -1
        threadContext = nil
        episodeHasWork = false
        notifyingBlocks = UnsafeGrowableBuffer(capacity: 2)
        deferredNotifyingBodies = UnsafeGrowableBuffer(capacity: 2)
        onMainThread = false
        instrumentation = []
        traced = false
        watchesCrossContextDirtying = false
        reportsDirtying = false
        dirtyOrigin = 0
        episodeStart = 0
        episodeRuleRuns = 0
        fanIn = FanInIndex()
        subgraphContext = UnsafeGrowableBuffer(capacity: 8)
        contextNeedsUpdate = UnsafeGrowableBuffer(capacity: 2)
        contextHasCallbacks = UnsafeGrowableBuffer(capacity: 2)
        contextsToNotify = UnsafeGrowableBuffer(capacity: 2)
        updateCallbacksRequested = false
        abortingSegmentDepth = 0
        counters = Counters()
        workSinceInvariantCheck = 0
        pool = UnsafeSlabAllocator()
    }

    /// Frees the type side tables; the node table, the buffers and the slab free themselves. Nodes
    /// must already be destroyed.
    deinit {
        for position in 0..<fastUpdateCapacity {
            fastUpdates[position]?.release()
            fastEvaluates[position]?.release()
        }
        fastUpdates.deallocate()
        fastEvaluates.deallocate()
        typeCacheKeys.deallocate()
        typeCacheIndices.deallocate()
    }
}

/// An input set by a rule that had read it, recorded while the rule ran.
struct PendingChange {
    var consumer: UInt32
    var input: UInt32
}
