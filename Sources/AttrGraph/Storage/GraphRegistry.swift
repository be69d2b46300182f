#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The process-wide table that turns the graph part of an attribute id into that graph's engine state.
///
/// An ``AnyAttribute`` is 32 bits: the top ``slotBits`` name a *slot* in this table (one per live
/// graph storage), the low ``indexBits`` name a node inside that storage. Reading an attribute is
/// therefore two loads away from its node, with no dictionary and no reference counting.
///
/// Slots are handed out round-robin so that an id kept after its graph died very rarely meets a
/// new graph in the same slot; ``WeakAttribute`` additionally checks a per-node generation.
///
/// Concurrency: the table is written under `lock` when a graph is created or destroyed. Readers
/// load one aligned pointer without the lock: a graph's slot is written before any of its ids
/// exist, and ids only reach another thread through the user's own synchronisation.
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

    private static let lock = _Lock()
    // Guarded by `lock`.
    nonisolated(unsafe) private static var nextSlot = 1
    nonisolated(unsafe) private static var nextSerial: UInt32 = 1

    /// Reserves a slot for `state`. Traps with advice when every slot is in use.
    static func register(_ state: UnsafeMutablePointer<_GraphState>) -> (slot: UInt32, serial: UInt32) {
        lock.withLock {
            for probe in 0..<(slotCount - 1) {
                let slot = (nextSlot - 1 + probe) % (slotCount - 1) + 1
                if table[slot] == nil {
                    table[slot] = state
                    nextSlot = slot % (slotCount - 1) + 1
                    let serial = nextSerial
                    nextSerial &+= 1
                    return (UInt32(slot), serial)
                }
            }
            _Misuse.fail(
                "AttrGraph: more than \(slotCount - 1) graphs are alive at once. "
                    + "Release graphs you no longer use, or share one with Graph(shared:).")
        }
    }

    static func unregister(slot: UInt32) {
        lock.withLock { table[Int(slot)] = nil }
    }

    /// The engine state of the graph that owns `attribute`, or `nil` when that graph is gone.
    @inline(__always)
    static func state(of attribute: AnyAttribute) -> UnsafeMutablePointer<_GraphState>? {
        table[Int(attribute.rawValue >> indexBits)]
    }

    /// Every live graph state, in slot order. Takes the lock.
    static func allStates() -> [UnsafeMutablePointer<_GraphState>] {
        lock.withLock { (1..<slotCount).compactMap { table[$0] } }
    }
}

/// A small mutex for the few process-wide tables (never on a per-node path).
final class _Lock: @unchecked Sendable {
    // @unchecked: the mutex is only touched through pthread calls, which synchronise themselves.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func withLock<R>(_ body: () throws -> R) rethrows -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
