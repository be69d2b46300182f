
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
/// ``storagesOwnedByCurrentThread()``, which retains only the calling thread's graphs.
enum _GraphRegistry {
    /// Bits of an attribute id that name the graph slot.
    static let slotBits: UInt32 = 10
    /// Bits of an attribute id that name the node inside its graph.
    static let indexBits: UInt32 = 22
    static let indexMask: UInt32 = (1 << indexBits) - 1
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
    nonisolated(unsafe) static var tableStorage: UnsafeMutablePointer<UnsafeMutablePointer<_GraphState>?>? = nil

    /// The table (only after a graph was registered: ids exist only then).
    @inline(__always)
    static var table: UnsafeMutablePointer<UnsafeMutablePointer<_GraphState>?> { tableStorage.unsafelyUnwrapped }

    /// `@unchecked Sendable`: carries storages owned by the calling thread out of the mutex, to
    /// that same thread.
    private struct OwnStorages: @unchecked Sendable {
        var storages: [GraphStorage]
    }

    private struct Bookkeeping: ~Copyable {
        var nextSlot = 1
        var nextSerial: UInt32 = 1
    }

    private static let lock = Locked(Bookkeeping())

    /// Reserves a slot for `state`. Traps with advice when every slot is in use.
    static func register(_ state: UnsafeMutablePointer<_GraphState>) -> (slot: UInt32, serial: UInt32) {
        lock.withLock { books in
            if tableStorage == nil {
                let table = UnsafeMutablePointer<UnsafeMutablePointer<_GraphState>?>.allocate(capacity: slotCount)
                table.initialize(repeating: nil, count: slotCount)
                tableStorage = table
            }
            for probe in 0..<(slotCount - 1) {
                let slot = (books.nextSlot - 1 + probe) % (slotCount - 1) + 1
                if table[slot] == nil {
                    table[slot] = state
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

    static func unregister(slot: UInt32) {
        lock.withLock { _ in table[Int(slot)] = nil }
    }

    /// The engine state of the graph that owns `attribute`, or `nil` when that graph is gone.
    @inline(__always)
    static func state(of attribute: AnyAttribute) -> UnsafeMutablePointer<_GraphState>? {
        guard let table = tableStorage else { return nil }
        return table[Int(attribute.rawValue >> indexBits)]
    }

    /// The live graph storages the calling thread owns, in slot order, as strong references taken
    /// under the lock (a storage being destroyed meanwhile is left out).
    static func storagesOwnedByCurrentThread() -> [GraphStorage] {
        let thread = _currentThreadID()
        return lock.withLock { _ in
            // Ownership is read from the state, valid while registered (unregistering takes this
            // lock). Only this thread's storages are retained: their last reference can only go
            // on this thread (Graph and Subgraph check it in `deinit`), so none is being destroyed.
            var own: [GraphStorage] = []
            // Before the first graph there is no table (and nothing to own).
            guard let table = tableStorage else { return OwnStorages(storages: own) }
            for slot in 1..<slotCount {
                guard let state = table[slot], state.pointee.owner == thread else { continue }
                own.append(state.pointee.storage)
            }
            return OwnStorages(storages: own)
        }.storages
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
