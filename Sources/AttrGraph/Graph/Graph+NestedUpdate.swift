/// Nested updates: a host starting a graph update while another update of the same graph is
/// still on the stack (e.g. a run-loop observer firing inside a rule that spins the run loop,
/// as in SwiftUI's nested-update cycles). Marking them lets a cycle report say what started
/// the nested update.
extension Graph {
    /// A nested update opened with ``beginNestedUpdate(reason:)``.
    public struct NestedUpdate: Sendable {
        let index: Int32
        let previous: Int32
        let savedCurrent: UInt32
    }

    /// Marks the start of a nested update. While it is open, reads record no dependency on the
    /// rule that was running, and a cycle inside it is reported as "nested update started by
    /// `reason` while attribute N (`Type`) was updating".
    ///
    /// Outside an update this only records the reason. Pair with ``endNestedUpdate(_:)``.
    public func beginNestedUpdate(reason: String) -> NestedUpdate {
        let storage = self.storage
        let state = storage.state
        let engine = storage.engine
        let previous = state.pointee.activeNestedUpdate
        let outer = engine.isUpdating ? engine.reader.map { engine.attribute($0) } : nil
        storage.nestedUpdates.append(
            _NestedUpdate(
                reason: reason, outerAttribute: outer, parent: previous, frameCount: state.pointee.frames.count))
        state.pointee.episodeHasWork = true
        let index = Int32(storage.nestedUpdates.count - 1)
        state.pointee.activeNestedUpdate = index
        let saved = state.pointee.current
        state.pointee.current = 0
        if AGTrace.isEnabled, storage.activity.traceOptions.load(ordering: .relaxed) != 0 {
            AGTrace.begin(
                "nested update", category: "graph",
                args: ["reason": .string(reason), "during": .string(outer.map { "\($0.rawValue)" } ?? "no update"),
                       "graph": .int(Int(storage.graphID))])
        }
        return NestedUpdate(index: index, previous: previous, savedCurrent: saved)
    }

    /// Ends a nested update started with ``beginNestedUpdate(reason:)``.
    public func endNestedUpdate(_ update: NestedUpdate) {
        let storage = self.storage
        if AGTrace.isEnabled, storage.activity.traceOptions.load(ordering: .relaxed) != 0 {
            AGTrace.end("nested update", category: "graph")
        }
        storage.state.pointee.activeNestedUpdate = update.previous
        storage.state.pointee.current = update.savedCurrent
        if update.previous < 0, !storage.engine.isUpdating {
            storage.nestedUpdates.removeAll()
        }
    }

    /// Runs `body` as a nested update started by `reason` (see ``beginNestedUpdate(reason:)``).
    public func withNestedUpdate<R>(reason: String, _ body: () throws -> R) rethrows -> R {
        let update = beginNestedUpdate(reason: reason)
        defer { endNestedUpdate(update) }
        return try body()
    }

    /// The reason of the innermost open nested update, if any.
    public var currentNestedUpdateReason: String? {
        let index = storage.state.pointee.activeNestedUpdate
        return index >= 0 ? storage.nestedUpdates[Int(index)].reason : nil
    }
}
