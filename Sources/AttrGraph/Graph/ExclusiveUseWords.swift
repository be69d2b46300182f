import AttrGraphShims

/// A graph's exclusive-use words (see `Graph+Exclusivity.swift`): which thread uses the graph
/// now, what it is doing, and the thread the graph is pinned to.
///
/// The words live in raw memory that ``GraphActivity`` allocates and frees, and are read and
/// written with C atomics (``ag_word_load_relaxed(_:)`` and its neighbours). The graph state keeps a
/// copy of the address: entering and leaving a graph then costs one load of the address and the
/// atomic operations, where `Atomic` properties of the activity object cost a retain and a
/// release of that object around each use (measured: about a fifth of a one-rule write and
/// update).
struct ExclusiveUseWords: @unchecked Sendable {
    /// Three words: holder, holder's use, pinned thread.
    private let words: UnsafeMutablePointer<UInt>

    /// Allocates the words, all 0 (no holder, not pinned). Freed with ``deallocate()``.
    static func allocate() -> ExclusiveUseWords {
        let words = UnsafeMutablePointer<UInt>.allocate(capacity: 3)
        words.initialize(repeating: 0, count: 3)
        return ExclusiveUseWords(words: words)
    }

    func deallocate() {
        words.deallocate()
    }

    /// Set in the holder word, beside the thread's identity (an aligned address, so its low bit
    /// is free), while a thread holds the graph only to describe it for an archive. Threads that
    /// find the graph held wait for such a holder instead of calling the use overlapping; the mark
    /// goes in with the same compare-and-exchange that takes the graph, so no thread can see the
    /// archiver without it.
    static let archiverMark: UInt = 1

    /// The thread using the graph now (``ThreadLocal/identity``, with ``archiverMark`` while it
    /// describes the graph), 0 when none.
    @inline(__always)
    var holder: UnsafeMutablePointer<UInt> { words }

    /// What the holder is doing (``GraphUse``), for the message when another thread overlaps.
    @inline(__always)
    var holderUse: UnsafeMutablePointer<UInt> { words + 1 }

    /// The thread the graph is pinned to (``Graph/pin(to:)``), 0 when it is not.
    @inline(__always)
    var pinned: UnsafeMutablePointer<UInt> { words + 2 }

    @inline(__always)
    static func load(_ word: UnsafeMutablePointer<UInt>) -> UInt {
        ag_word_load_relaxed(word)
    }

    @inline(__always)
    static func store(_ word: UnsafeMutablePointer<UInt>, _ value: UInt) {
        ag_word_store_relaxed(word, value)
    }

    /// Takes the graph for `me` if nobody holds it; otherwise returns the holder.
    @inline(__always)
    func takeIfFree(_ me: UInt) -> (taken: Bool, holder: UInt) {
        var expected: UInt = 0
        let taken = ag_word_compare_exchange_acquiring(holder, &expected, me) != 0
        return (taken, expected)
    }

    /// Releases the graph (a releasing store of 0).
    @inline(__always)
    func release() {
        ag_word_store_releasing(holder, 0)
    }
}
