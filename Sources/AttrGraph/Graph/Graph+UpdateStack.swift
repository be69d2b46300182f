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
}
