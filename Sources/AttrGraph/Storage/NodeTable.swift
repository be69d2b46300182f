#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The node table: one contiguous range of address space, reserved for the largest table a graph
/// may have (``GraphRegistry/maxNodesPerGraph`` nodes, 256 MiB of addresses, no memory; less when
/// the address space is limited) and made usable in growing steps as nodes are handed out.
///
/// A node's address is `base + index`: one multiply-add from a base that never changes, where a
/// directory of pages costs a dependent load on every node access of the update walk. Nodes never
/// move (rules hold node pointers across runs that create nodes): the reservation is never
/// remapped. Untouched pages cost nothing, and a page is only backed by memory once a node on it
/// is initialised, so resident memory grows with the nodes as before. Released tables go to a
/// small pool (``NodeTablePool``) for the next graphs.
struct NodeTable: ~Copyable {
    /// Where the nodes are.
    let base: UnsafeMutablePointer<_Node>
    /// How many nodes the reservation holds: room for the largest graph, unless the process's
    /// address space is limited (then the largest reservation that succeeded, down to
    /// ``smallestReservation``).
    let capacity: Int
    /// Nodes below this index are readable and writable.
    private(set) var committed: Int

    /// The first usable step, in nodes (64 KiB); each next step doubles what is usable.
    static let firstCommit = 1024
    /// The smallest reservation tried, in nodes (1 MiB), when larger ones fail.
    static let smallestReservation = 16 * 1024

    init() {
        if let reused = NodeTablePool.take() {
            // A table a released graph left (nodes are initialised as they are handed out).
            base = reused.base
            capacity = reused.capacity
            committed = reused.committed
            return
        }
        #if canImport(Darwin)
        let flags = MAP_PRIVATE | MAP_ANON
        #else
        let flags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE
        #endif
        // The full range first; under an address-space limit (ulimit -v) a quarter as much, and
        // so on: a graph then holds fewer attributes rather than failing to exist.
        var nodes = GraphRegistry.maxNodesPerGraph + 1
        while true {
            let address = mmap(nil, nodes * MemoryLayout<_Node>.stride, PROT_NONE, flags, -1, 0)
            if let address, address != MAP_FAILED {
                base = address.bindMemory(to: _Node.self, capacity: nodes)
                capacity = nodes
                committed = 0
                return
            }
            if nodes <= Self.smallestReservation {
                _Misuse.fail(
                    "AttrGraph: cannot reserve even \((nodes * MemoryLayout<_Node>.stride) >> 20) MiB of address space "
                        + "for a graph's node table (mmap failed, errno \(errno)). Is the process's address space "
                        + "limited (ulimit -v)?")
            }
            nodes /= 4
        }
    }

    /// Makes node `index` usable (its page readable and writable).
    @inline(__always)
    mutating func ensureCommitted(_ index: Int) {
        if index >= committed { grow(to: index + 1) }
    }

    private mutating func grow(to minimum: Int) {
        guard minimum <= capacity else {
            _Misuse.fail(
                "AttrGraph: this graph's node table holds \(capacity - 1) attributes: the process's address space "
                    + "is limited (ulimit -v), so less than the usual \(GraphRegistry.maxNodesPerGraph) could be "
                    + "reserved. Raise the limit, or invalidate subgraphs you no longer need.")
        }
        var target = max(committed * 2, Self.firstCommit)
        while target < minimum { target *= 2 }
        target = min(target, capacity)
        if mprotect(UnsafeMutableRawPointer(base), target * MemoryLayout<_Node>.stride, PROT_READ | PROT_WRITE) != 0 {
            _Misuse.fail(
                "AttrGraph: cannot make room for \(target) attributes in a graph's node table "
                    + "(mprotect failed, errno \(errno)): the system is out of memory.")
        }
        committed = target
    }

    deinit {
        if !NodeTablePool.keep(base: base, capacity: capacity, committed: committed) {
            munmap(UnsafeMutableRawPointer(base), capacity * MemoryLayout<_Node>.stride)
        }
    }
}

/// Tables of released graphs, kept for the next graphs as an allocator keeps freed memory: a
/// new table would otherwise fault in every page it touches again. At most two are kept, each
/// with at most 16 MiB in use (256 Ki nodes); larger ones are returned to the system.
enum NodeTablePool {
    struct Entry: @unchecked Sendable {
        // @unchecked: the address of an idle table, owned by whoever takes it under the lock.
        var base: UnsafeMutablePointer<_Node>
        var capacity: Int
        var committed: Int
    }

    static let limit = 2
    static let largestKept = 256 * 1024

    private static let idle = Locked<[Entry]>([])

    static func take() -> Entry? {
        idle.withLock { $0.popLast() }
    }

    /// Keeps the table for reuse; `false` when the pool is full or the table too large.
    static func keep(base: UnsafeMutablePointer<_Node>, capacity: Int, committed: Int) -> Bool {
        // Only full-size tables: one reserved under an address-space limit would cap the next graph.
        guard committed <= largestKept, capacity == GraphRegistry.maxNodesPerGraph + 1 else { return false }
        return idle.withLock { entries in
            guard entries.count < limit else { return false }
            entries.append(Entry(base: base, capacity: capacity, committed: committed))
            return true
        }
    }
}
