/// Queries and decisions about the running rule's input edges, for layers built on the graph
/// (the view layer's body rules use them to skip work when nothing they care about changed).
extension Graph {
    /// Inside a rule: keeps every input edge the rule had before this run, as if it had read
    /// each one again. For a stateful rule that decides to keep its value without redoing the
    /// computation that read them; without it, the edges it did not read would be dropped.
    package static func keepInputs() {
        guard let state = ThreadLocal.context.pointee.updating, state.pointee.current != 0 else {
            _Misuse.noCurrentAttribute("Graph.keepInputs")
        }
        let inputs = _Engine(state).node(state.pointee.current).inputs
        if state.pointee.readsInOrder {
            // Reads so far matched the recorded order: "read up to the end" covers the rest.
            if Int(state.pointee.cursor) < inputs.count {
                state.pointee.cursor = UInt32(truncatingIfNeeded: inputs.count)
            }
        } else {
            for position in 0..<inputs.count {
                inputs.setFlag(.enabled, at: position)
            }
        }
    }

    /// Inside a rule: whether any input other than `excluded` changed since the rule last ran
    /// (``anyInputsChanged(excluding:)`` without building an array).
    package static func anyInputsChanged(except excluded: AnyAttribute) -> Bool {
        guard let state = ThreadLocal.context.pointee.updating, state.pointee.current != 0 else { return false }
        let inputs = _Engine(state).node(state.pointee.current).inputs
        let excludedIndex = GraphRegistry.index(excluded.rawValue)
        for position in 0..<inputs.count where inputs[position].flags.contains(.changed) {
            if inputs[position].input != excludedIndex { return true }
        }
        return false
    }

    /// Inside a rule: whether the edge from `input` to the running rule is marked changed (the
    /// input changed since the rule last ran). Reads nothing and records no dependency.
    package static func inputChanged(_ input: AnyAttribute) -> Bool {
        guard let state = ThreadLocal.context.pointee.updating, state.pointee.current != 0 else { return false }
        let engine = _Engine(state)
        guard engine.owns(input) else { return false }
        let inputs = engine.node(state.pointee.current).inputs
        let position = inputs.firstIndex(of: GraphRegistry.index(input.rawValue))
        return position >= 0 && inputs[position].flags.contains(.changed)
    }
}

extension AnyAttribute {
    /// The rule running on this thread, when it belongs to a graph that does not share this
    /// attribute's storage: a read of the attribute there would be a dependency the engine
    /// cannot record (refused as a misuse). `nil` when no rule runs, or the running rule may
    /// read it. For layers that connect separate graphs another way (the view layer invalidates
    /// such readers when the value they read is set).
    package var foreignReader: AnyAttribute? {
        guard let updating = ThreadLocal.existingContext?.pointee.updating, updating.pointee.current != 0 else {
            return nil
        }
        let reader = _Engine(updating)
        if reader.owns(self) { return nil }
        return reader.attribute(updating.pointee.current)
    }

    /// The address of the attribute's up-to-date value, read as a dependency of the running
    /// rule (like ``Attribute/value``), for layers that project parts of values by byte offset
    /// without creating offset attributes. With `changed`, also whether the edge from this
    /// attribute to the running rule is marked changed.
    @inline(__always)
    package func _readRawValue(changed: UnsafeMutablePointer<Bool>? = nil) -> UnsafeRawPointer {
        if let changed {
            let (engine, index) = _Engine.resolve(self)
            return engine.readSlow(index, self, changed: changed)
        }
        return _Engine.readValue(self)
    }
}
