
/// The process-wide table that turns the graph part of an attribute id into that graph's engine state.
///
/// An ``AnyAttribute`` is 32 bits: the top ``slotBits`` name a *slot* in this table (one per live
/// graph storage), the low ``indexBits`` name a node inside that storage. Reading an attribute is
/// therefore two loads away from its node, with no dictionary and no reference counting.
///
/// Slots are handed out round-robin so that an id kept after its graph died very rarely meets a
/// new graph in the same slot; the seed every id carries (``AnyAttribute/seed``) tells them apart
/// when it does.
///
/// Concurrency: the table is written under `lock` when a graph is created or destroyed. Readers
/// load one aligned pointer without the lock: a graph's slot is written before any of its ids
/// exist, and ids only reach another thread through the user's own synchronisation. Code that
/// needs the graph objects themselves (archiving every graph) goes through
/// ``forEachGraphHeldForArchiving(_:)``, which holds each graph while it visits it instead of retaining it.
enum GraphRegistry {
    /// An attribute id is AttributeGraph's 32 bits: from the top, the graph slot, the node's
    /// index inside its graph, and in the two low bits the kind — 0 a direct attribute, 1 an
    /// indirect one (an alias), 2 the nil attribute (`rawValue` 2) — which code written for
    /// AttributeGraph reads (`rawValue % 2 == 0` for "direct").
    static let kindBits: UInt32 = 2
    /// Bits of an attribute id that name the graph slot.
    static let slotBits: UInt32 = 9
    /// Bits of an attribute id that name the node inside its graph.
    static let indexBits: UInt32 = 21
    static let indexMask: UInt32 = (1 << indexBits) - 1
    /// The kind bits of an alias's id.
    static let indirectKind: UInt32 = 1

    /// The node index an id names.
    @inline(__always)
    static func index(_ raw: UInt32) -> UInt32 { (raw >> kindBits) & indexMask }

    /// The graph slot an id names.
    @inline(__always)
    static func slot(_ raw: UInt32) -> UInt32 { raw >> (kindBits + indexBits) }

    /// The id of node `index` of slot `slot`, with its kind.
    @inline(__always)
    static func rawID(slot: UInt32, index: UInt32, indirect: Bool) -> UInt32 {
        (slot << indexBits | index) << kindBits | (indirect ? indirectKind : 0)
    }
    /// The number of graph storages that can be alive at once (slot 0 is never used).
    static let slotCount = 1 << Int(slotBits)
    /// The largest number of attributes one graph storage can hold at once: node indices run
    /// from 1 (0 is never used) to this number.
    static let maxNodesPerGraph = Int(indexMask) - 1

    /// The table, allocated by the first registration (under `lock`). A variable with a constant
    /// initial value is initialised statically, so reading it costs one load — no lazy-global
    /// `swift_once` on every attribute read. `@exclusivity(unchecked)`: it is written once,
    /// before any attribute id exists, and every access is one instantaneous load or store.
    @exclusivity(unchecked)
    nonisolated(unsafe) static var tableStorage: UnsafeMutablePointer<UnsafeMutablePointer<GraphState>?>? = nil

    /// The table (only after a graph was registered: ids exist only then).
    @inline(__always)
    static var table: UnsafeMutablePointer<UnsafeMutablePointer<GraphState>?> { tableStorage.unsafelyUnwrapped }

    private struct Bookkeeping: ~Copyable {
        var nextSlot = 1
        var nextSerial: UInt32 = 1
        /// Slots handed out whose graph is not published yet (``reserve()`` … ``publish(_:slot:)``).
        var reserved: Set<Int> = []
    }

    private static let lock = Locked(Bookkeeping())

    /// Reserves a slot for a graph being made. Traps with advice when every slot is in use. The
    /// slot stays empty (readers see no graph there) until ``publish(_:slot:)``.
    static func reserve() -> (slot: UInt32, serial: UInt32) {
        lock.withLock { books in
            if tableStorage == nil {
                let table = UnsafeMutablePointer<UnsafeMutablePointer<GraphState>?>.allocate(capacity: slotCount)
                table.initialize(repeating: nil, count: slotCount)
                tableStorage = table
            }
            for probe in 0..<(slotCount - 1) {
                let slot = (books.nextSlot - 1 + probe) % (slotCount - 1) + 1
                if table[slot] == nil, !books.reserved.contains(slot) {
                    books.reserved.insert(slot)
                    books.nextSlot = slot % (slotCount - 1) + 1
                    let serial = books.nextSerial
                    books.nextSerial &+= 1
                    if books.nextSerial == 0 { books.nextSerial = 1 }
                    return (UInt32(slot), serial)
                }
            }
            _Misuse.fail(
                "AttrGraph: more than \(slotCount - 1) graphs are alive at once. "
                    + "Release graphs you no longer use, or share one with Graph(shared:).")
        }
    }

    /// Puts the initialised `state` in its reserved slot: from now on its ids resolve.
    static func publish(_ state: UnsafeMutablePointer<GraphState>, slot: UInt32) {
        lock.withLock { books in
            books.reserved.remove(Int(slot))
            table[Int(slot)] = state
        }
    }

    static func unregister(slot: UInt32) {
        lock.withLock { _ in table[Int(slot)] = nil }
    }

    /// The engine state of the graph that owns `attribute`, or `nil` when that graph is gone.
    @inline(__always)
    static func state(of attribute: AnyAttribute) -> UnsafeMutablePointer<GraphState>? {
        guard let table = tableStorage else { return nil }
        return table[Int(slot(attribute.rawValue))]
    }

    /// Calls `body` with each live graph this thread could take for reading (``_Engine/enterForArchiving()``),
    /// in slot order, holding each graph only while `body` describes it; graphs another thread is
    /// using at that moment are left out. Holding one graph at a time keeps an archive of many
    /// (large) graphs from stalling every other thread's graph for the whole archive. No graph is
    /// retained beyond its call: one whose last reference goes meanwhile waits in its `deinit`
    /// until its `body` returns (it cannot be torn down while this thread holds it).
    static func forEachGraphHeldForArchiving(_ body: (GraphStorage) -> Void) {
        for slot in 1..<slotCount {
            let held: UnsafeMutablePointer<GraphState>? = lock.withLock { _ in
                guard let table = tableStorage, let state = table[slot], _Engine(state).enterForArchiving() else {
                    return nil
                }
                return state
            }
            guard let held else { continue }
            defer { _Engine(held).leaveAfterArchiving() }
            // The strong reference taken here goes before the graph is left (above).
            { body(held.pointee.storage) }()
        }
    }

    /// Calls `body` with the activity of every live graph storage, under the lock (no storage is
    /// destroyed meanwhile; `body` must not create or release graphs).
    static func forEachActivity(_ body: (GraphActivity) -> Void) {
        lock.withLock { _ in
            guard let table = tableStorage else { return }
            for slot in 1..<slotCount {
                if let state = table[slot] { body(state.pointee.activity) }
            }
        }
    }
}
