import AttrGraphShims
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The update stacks: frames of nodes being brought up to date, grouped in segments (one per
/// nested "update stack" in AttributeGraph's terms, printed as `frame S.F`).
///
/// Frames live in one contiguous buffer for the whole graph; a segment records where it starts.
/// The innermost segment is the current update stack.
extension _Engine {
    /// Opens an update stack. Pair with ``endSegment()`` (use `defer`).
    ///
    /// The outermost one starts an update episode: it records the thread (kept in the state
    /// for the episode, so nested stacks cost no thread-local lookup).
    @inline(__always)
    func beginSegment() {
        let thread: UnsafeMutablePointer<ThreadContext>
        let here = StackGuard.currentAddress()
        if state.pointee.segments.isEmpty {
            // The episode holds the graph for this thread until it ends (``endSegment()``).
            state.pointee.episodeEntered = enter("updating")
            state.pointee.updateCancelled = false
            thread = ThreadLocal.context
            state.pointee.threadContext = thread
            state.pointee.onMainThread = thread.pointee.isMainThread
            state.pointee.counters.transactions += 1
            // One relaxed load when nothing was asked for; the rest is out of line (inline, the
            // possible call-outs made the activity object be retained around it per update).
            state.pointee.instrumentation = []
            if _slowPath(state.pointee.activity.requested.load(ordering: .relaxed) != 0) {
                beginInstrumentedEpisode()
            }
        } else {
            // Checked here too: another thread reading a dirty attribute while this one updates
            // would otherwise join its update stacks.
            thread = state.pointee.threadContext.unsafelyUnwrapped
            if _slowPath(UnsafeMutableRawPointer(thread) != ag_thread_context()) {
                _ = enter("updating")
            }
            StackGuard.check(
                depth: state.pointee.segments.count, here: here, previous: state.pointee.segments.last.stackAddress,
                outermost: state.pointee.segments[0].stackAddress, thread: thread)
        }
        state.pointee.segments.append(
            Segment(
                firstFrame: state.pointee.frames.count, nestedUpdate: state.pointee.activeNestedUpdate,
                savedCurrent: state.pointee.current, savedCursor: state.pointee.cursor,
                savedThreadUpdating: thread.pointee.updating, stackAddress: here))
        thread.pointee.updating = state
    }

    /// Closes the innermost update stack. When the outermost one closes, the update episode
    /// ends: cycle marks are reset and deferred subgraph invalidations run.
    @inline(__always)
    func endSegment() {
        let segment = state.pointee.segments.removeLast()
        state.pointee.frames.truncate(to: segment.firstFrame)
        state.pointee.current = segment.savedCurrent
        state.pointee.cursor = segment.savedCursor
        state.pointee.threadContext.unsafelyUnwrapped.pointee.updating = segment.savedThreadUpdating
        if state.pointee.segments.isEmpty {
            // Read now: the end-of-episode work below may run episodes of its own.
            let entered = state.pointee.episodeEntered
            if _slowPath(state.pointee.instrumentation.rawValue & _Instrumentation.trace.rawValue != 0) { endTracedEpisode() }
            state.pointee.threadContext = nil
            state.pointee.activity.root.store(0, ordering: .relaxed)
            if state.pointee.episodeHasWork {
                endEpisode()
            }
            #if AG_INTERNAL_CHECKS
            checkInvariantsAfterEpisode()
            #endif
            leave(entered)
        }
    }

    /// The rare end-of-episode work: cycle marks, nested-update records, deferred invalidations
    /// (``GraphState/episodeHasWork`` says whether there is any).
    @inline(never)
    private func endEpisode() {
        state.pointee.episodeHasWork = false
        storage.episodeRecordedCycle = false
        while !state.pointee.cycleNodes.isEmpty {
            let index = state.pointee.cycleNodes.removeLast()
            node(index).pointee.flags.remove([.cyclic, .cycleReported])
        }
        if state.pointee.activeNestedUpdate < 0 {
            storage.nestedUpdates.removeAll()
        }
        storage.runDeferredInvalidations(engine: self)
    }

    /// Pushes a frame for `index`, counting the node as updating.
    @inline(__always)
    func pushFrame(_ index: UInt32) {
        let node = self.node(index)
        node.pointee.updateCount &+= 1
        let pending = node.pointee.flags.contains(.pending)
        state.pointee.frames.append(_Frame(node: index, inputIndex: 0, flags: pending ? .pending : []))
    }

    @inline(__always)
    func popFrame() {
        let frame = state.pointee.frames.removeLast()
        node(frame.node).pointee.updateCount &-= 1
    }

    /// All frames of all segments, innermost first, with their segment number (outermost = 0).
    func stackFrames() -> [(segment: Int, index: Int, frame: _Frame)] {
        var result: [(Int, Int, _Frame)] = []
        let segmentCount = state.pointee.segments.count
        for segmentIndex in stride(from: segmentCount - 1, through: 0, by: -1) {
            let start = state.pointee.segments[segmentIndex].firstFrame
            let end =
                segmentIndex + 1 < segmentCount
                ? state.pointee.segments[segmentIndex + 1].firstFrame : state.pointee.frames.count
            var frameIndex = end - 1
            while frameIndex >= start {
                result.append((segmentIndex, frameIndex - start, state.pointee.frames[frameIndex]))
                frameIndex -= 1
            }
        }
        return result
    }
}
