/// One frame of a graph's update stack, as hosts and tools see it.
public struct UpdateStackEntry: Sendable, Hashable, CustomStringConvertible {
    public var attribute: AnyAttribute
    /// The rule's body type (`IndirectAttribute` for aliases).
    public var bodyType: String
    public var valueType: String

    public init(attribute: AnyAttribute, bodyType: String, valueType: String) {
        self.attribute = attribute
        self.bodyType = bodyType
        self.valueType = valueType
    }

    /// `attribute 12 (Body -> Value)`, as cycle reports name attributes.
    public var description: String {
        "attribute \(attribute.rawValue) (\(bodyType) -> \(valueType))"
    }
}

extension Graph {
    /// The attributes being updated, innermost first (empty when no update is running).
    /// Call it on the graph's thread, e.g. from a rule or a host callback.
    public var updateStack: [UpdateStackEntry] {
        let engine = storage.engine
        return engine.stackFrames().map { engine.stackEntry($0.frame.node) }
    }

    /// From *another* thread (a watchdog): the attribute whose rule is running now, and the
    /// attribute at the bottom of the update stack (the update it is part of), or `nil`s when the
    /// graph is not evaluating a rule.
    ///
    /// The graph's thread keeps running meanwhile, so the answer may already be out of date;
    /// it reads only word-sized fields and storage the engine never frees while the graph
    /// lives, so it cannot crash. Keep the `Graph` alive while calling it.
    package func racyRunningAttribute() -> (running: UpdateStackEntry?, root: UpdateStackEntry?) {
        let engine = storage.engine
        let state = engine.state
        let current = state.pointee.current
        let running = current == 0 ? nil : engine.racyEntry(current)
        var root: UpdateStackEntry?
        if state.pointee.frames.count > 0 {
            root = engine.racyEntry(state.pointee.frames.base[0].node)
        }
        return (running, root)
    }
}

extension _Engine {
    func stackEntry(_ index: UInt32) -> UpdateStackEntry {
        let record = type(node(index))
        if record.pointee.isIndirect {
            return UpdateStackEntry(attribute: attribute(index), bodyType: "IndirectAttribute", valueType: "")
        }
        return UpdateStackEntry(
            attribute: attribute(index), bodyType: _shortTypeName(record.pointee.bodyType),
            valueType: _shortTypeName(record.pointee.valueType))
    }

    /// ``stackEntry(_:)`` with every read checked against bounds read first, for other threads.
    func racyEntry(_ index: UInt32) -> UpdateStackEntry? {
        guard index != 0, index < state.pointee.highWater else { return nil }
        let pageIndex = Int(index >> _GraphState.pageShift)
        guard pageIndex < state.pointee.pageCapacity, let page = state.pointee.pages[pageIndex] else { return nil }
        let typeIndex = Int((page + Int(index & _GraphState.pageMask)).pointee.typeIndex)
        guard typeIndex < state.pointee.types.count else { return nil }
        let record = state.pointee.types.base[typeIndex]
        return UpdateStackEntry(
            attribute: attribute(index), bodyType: record.isIndirect ? "IndirectAttribute" : _shortTypeName(record.bodyType),
            valueType: record.isIndirect ? "" : _shortTypeName(record.valueType))
    }
}
