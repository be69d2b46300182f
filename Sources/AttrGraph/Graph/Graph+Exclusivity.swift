import AttrGraphShims

/// Exclusive use: as in AttributeGraph, any thread may use a graph, one thread at a time.
///
///     let graph = Graph()                       // made on one thread…
///     DispatchQueue.global().async {            // …used on another, once the first is done with it
///         graph.update()
///     }
///
/// Each use — creating attributes or subgraphs, writing values, invalidating, updating, and
/// reading inside a rule (a read that records a dependency) — takes the graph for the calling
/// thread for its duration, nested uses on that thread included. A use that starts while
/// another thread holds the graph is *overlapping* use: it stops the process, in release builds
/// too, with a message naming both threads and what each was doing. Serial use from any number
/// of threads (a serial queue, an actor, Swift Testing hopping threads between awaits) is fine.
///
/// What costs: one atomic compare-and-exchange when a use starts on a graph no thread holds,
/// and a store when it ends; a load and a compare for a use nested in another. The words live
/// in raw memory (``ExclusiveUseWords``): no reference counting on the way.
///
/// Hosts that update a graph on one thread of their own (RunLoopBridge's schedulers,
/// DeclarativeViews' hosts) *pin* it to that thread (``pin(to:)``): any use elsewhere then stops
/// even when it would not overlap — a change the host's next update would race with. AttributeGraph
/// code never pins.
extension _Engine {
    /// Takes the graph for `use` on this thread: `true` when this call took it (the outermost
    /// use, which ``leave(_:)`` releases), `false` when this thread held it already.
    @inline(__always)
    func enter(_ use: StaticString) -> Bool {
        let me = ThreadLocal.identity
        let words = state.pointee.exclusiveUse
        let holder = ExclusiveUseWords.load(words.holder)
        // This thread holds it already, for a use or to describe it (the archiver's mark set).
        if holder | ExclusiveUseWords.archiverMark == me | ExclusiveUseWords.archiverMark { return false }
        // Nobody holds it and it is not pinned: the common case, one compare-and-exchange.
        if _fastPath(holder == 0 && ExclusiveUseWords.load(words.pinned) == 0), words.takeIfFree(me).taken {
            ExclusiveUseWords.store(words.holderUse, GraphUse.pack(use))
            return true
        }
        return take(use, me: me, words)
    }

    @inline(never)
    private func take(_ use: StaticString, me: UInt, _ words: ExclusiveUseWords) -> Bool {
        let pinned = ExclusiveUseWords.load(words.pinned)
        if pinned != 0, pinned != me { _Misuse.pinnedElsewhere(use: "\(use)", pinned: pinned) }
        while true {
            let (taken, holder) = words.takeIfFree(me)
            if taken { break }
            // An archiver describing every graph holds each for a moment: wait for it. The mark is
            // in the holder word itself, which the compare-and-exchange read atomically; the use
            // word is written after the holder word and may still name the previous holder's use.
            if holder & ExclusiveUseWords.archiverMark == 0 {
                overlapping(use, holder: holder, words)
            }
            _yieldThread()
        }
        ExclusiveUseWords.store(words.holderUse, GraphUse.pack(use))
        return true
    }

    /// Ends the use ``enter(_:)`` began (a no-op for a nested use).
    @inline(__always)
    func leave(_ took: Bool) {
        if took { state.pointee.exclusiveUse.release() }
    }

    /// Takes the graph to tear it down (its last reference went) — waiting, as every use does,
    /// for an archiver that holds it for a moment; it is not left again.
    func enterForTeardown() {
        _ = enter("releasing the graph's last reference")
    }

    /// Another thread holds the graph: overlapping use.
    @inline(never)
    private func overlapping(_ use: StaticString, holder: UInt, _ words: ExclusiveUseWords) -> Never {
        _Misuse.overlappingUse(
            use: "\(use)", holder: holder, holderUse: GraphUse.unpack(ExclusiveUseWords.load(words.holderUse)))
    }

    /// Takes the graph for `use` if no thread holds it (then `true`: ``leave(_:)`` it); `false`
    /// when this thread holds it already or another thread does.
    func tryEnter(_ use: StaticString) -> Bool {
        let words = state.pointee.exclusiveUse
        guard words.takeIfFree(ThreadLocal.identity).taken else { return false }
        ExclusiveUseWords.store(words.holderUse, GraphUse.pack(use))
        return true
    }

    /// Whether a thread other than this one holds the graph now.
    var isHeldByAnotherThread: Bool {
        let holder = ExclusiveUseWords.load(state.pointee.exclusiveUse.holder) & ~ExclusiveUseWords.archiverMark
        return holder != 0 && holder != ThreadLocal.identity
    }

    /// Takes the graph to describe it, unless another thread holds it (then `false`). Called
    /// under the graph registry's lock.
    func enterForArchiving() -> Bool {
        let words = state.pointee.exclusiveUse
        let me = ThreadLocal.identity
        if ExclusiveUseWords.load(words.holder) | ExclusiveUseWords.archiverMark == me | ExclusiveUseWords.archiverMark {
            return false
        }
        guard words.takeIfFree(me | ExclusiveUseWords.archiverMark).taken else { return false }
        ExclusiveUseWords.store(words.holderUse, GraphUse.archiving)
        return true
    }

    func leaveAfterArchiving() {
        state.pointee.exclusiveUse.release()
    }

    /// Debug builds: a read outside any rule, from a thread that does not hold the graph while
    /// another does (it would read values being written).
    @inline(__always)
    func checkUnrecordedRead() {
        #if AG_INTERNAL_CHECKS
        let words = state.pointee.exclusiveUse
        let holder = ExclusiveUseWords.load(words.holder)
        if holder != 0, holder != ThreadLocal.identity, holder & ExclusiveUseWords.archiverMark == 0 {
            overlapping("reading an attribute", holder: holder, words)
        }
        #endif
    }
}

extension Graph {
    /// Pins the graph (every context sharing its storage) to `thread`, the one its host updates
    /// it on: from now on any use elsewhere stops with a message, even one that would not
    /// overlap. `nil` unpins. For hosts (RunLoopBridge, DeclarativeViews); not in AttributeGraph.
    package func pin(to thread: PinnedThread?) {
        ExclusiveUseWords.store(storage.activity.exclusiveUse.pinned, thread?.identity ?? 0)
    }

    /// A thread a graph can be pinned to: the calling thread, when made.
    package struct PinnedThread: Sendable {
        let identity: UInt

        package static var current: PinnedThread { PinnedThread(identity: ThreadLocal.identity) }
    }
}

/// What a thread holding a graph is doing, packed into one word for other threads to read: the
/// address and length of a static string (every use names itself with a literal).
enum GraphUse {
    /// The word for "describing the graph for an archive".
    static let archiving = pack("describing the graph for an archive")

    @inline(__always)
    static func pack(_ use: StaticString) -> UInt {
        guard use.hasPointerRepresentation else { return 0 }
        return UInt(bitPattern: use.utf8Start) << 16 | UInt(min(use.utf8CodeUnitCount, 0xFFFF))
    }

    static func unpack(_ word: UInt) -> String {
        guard word != 0, let start = UnsafePointer<UInt8>(bitPattern: word >> 16) else { return "using it" }
        return String(decoding: UnsafeBufferPointer(start: start, count: Int(word & 0xFFFF)), as: UTF8.self)
    }
}
