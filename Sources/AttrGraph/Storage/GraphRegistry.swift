import Synchronization

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
/// needs the graph objects themselves (archiving every graph) goes through ``storagesOwnedByCurrentThread()``,
/// which holds them weakly under the lock, so a graph being destroyed on another thread is
/// skipped, never touched.
enum _GraphRegistry {
    /// Bits of an attribute id that name the graph slot.
    static let slotBits: UInt32 = 10
    /// Bits of an attribute id that name the node inside its graph.
    static let indexBits: UInt32 = 22
    static let indexMask: UInt32 = (1 << indexBits) - 1
    /// The number of graph storages that can be alive at once (slot 0 is never used).
    static let slotCount = 1 << Int(slotBits)
    /// The largest number of attributes one graph storage can hold at once.
    static let maxNodesPerGraph = Int(indexMask)

    // Written only under `lock`; read lock-free as explained above.
    nonisolated(unsafe) static let table: UnsafeMutablePointer<UnsafeMutablePointer<_GraphState>?> = {
        let table = UnsafeMutablePointer<UnsafeMutablePointer<_GraphState>?>.allocate(capacity: slotCount)
        table.initialize(repeating: nil, count: slotCount)
        return table
    }()

    /// `@unchecked Sendable`: it only lives inside the registry's mutex, and a weak load is atomic
    /// in the Swift runtime (it gives `nil` for an object being destroyed on another thread).
    private struct WeakStorage: @unchecked Sendable {
        weak var storage: GraphStorage?
    }

    /// `@unchecked Sendable`: carries storages owned by the calling thread out of the mutex, to
    /// that same thread.
    private struct OwnStorages: @unchecked Sendable {
        var storages: [GraphStorage]
    }

    private struct Bookkeeping: ~Copyable {
        var nextSlot = 1
        var nextSerial: UInt32 = 1
        /// Slot → its storage, weakly (a weak load of an object being destroyed gives `nil`).
        var storages = [WeakStorage](repeating: WeakStorage(), count: slotCount)
    }

    private static let lock = Mutex(Bookkeeping())

    /// Reserves a slot for `state`. Traps with advice when every slot is in use.
    static func register(_ state: UnsafeMutablePointer<_GraphState>) -> (slot: UInt32, serial: UInt32) {
        lock.withLock { books in
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

    /// Records the object owning the state in `slot` (once it exists).
    static func setStorage(_ storage: GraphStorage, slot: UInt32) {
        lock.withLock { books in books.storages[Int(slot)] = WeakStorage(storage: storage) }
    }

    static func unregister(slot: UInt32) {
        lock.withLock { books in
            table[Int(slot)] = nil
            books.storages[Int(slot)] = WeakStorage()
        }
    }

    /// The engine state of the graph that owns `attribute`, or `nil` when that graph is gone.
    @inline(__always)
    static func state(of attribute: AnyAttribute) -> UnsafeMutablePointer<_GraphState>? {
        table[Int(attribute.rawValue >> indexBits)]
    }

    /// The live graph storages the calling thread owns, in slot order, as strong references taken
    /// under the lock (a storage being destroyed meanwhile is left out).
    static func storagesOwnedByCurrentThread() -> [GraphStorage] {
        let thread = _currentThreadID()
        return lock.withLock { books in
            OwnStorages(storages: books.storages.compactMap { entry in
                entry.storage.flatMap { $0.state.pointee.owner == thread ? $0 : nil }
            })
        }.storages
    }
}
