/// Attribute observers: callbacks run after an update when an observed attribute changed.
///
///     let observer = total.observe { newTotal in print("total is now", newTotal) }
///     price.value = 12
///     graph.update()          // brings `total` up to date, then prints if it changed
///     observer.cancel()       // releases the callback and everything it captured
///
/// An observer is a node with an always-enabled edge to the observed attribute, living in the
/// observed attribute's subgraph: when that subgraph is invalidated the observer is cancelled
/// and its callback released. The ``Registration`` returned cancels it (releasing the last
/// reference to it too).

extension Attribute {
    /// Calls `callback` with the new value after each ``Graph/update()`` (or
    /// ``Subgraph/update(flags:)``) in which this attribute's value changed. The attribute is
    /// brought up to date now; changes from here on are reported.
    ///
    /// Keep the returned registration: cancelling or releasing it ends the observation.
    @inlinable
    public func observe(_ callback: @escaping (Value) -> Void) -> Registration {
        // Specialised where the value type is known: the engine hands over the value's address,
        // and reading it here needs no value-witness copy.
        _observe { callback($0.assumingMemoryBound(to: Value.self).pointee) }
    }

    @usableFromInline
    func _observe(_ callback: @escaping (UnsafeRawPointer) -> Void) -> Registration {
        let (engine, index) = _Engine.resolveLive(identifier)
        let entered = engine.enter("observe")
        defer { engine.leave(entered) }
        guard let subgraph = engine.storage.subgraph(at: engine.node(index).pointee.subgraph) else {
            _Misuse.destroyedAttribute(identifier)
        }
        updateValue()
        let body = ObserverBody(observed: identifier, callback: callback)
        let typeIndex = engine.typeIndex(for: ObserverBody.self) {
            AttributeTypeRecord.make(
                vtable: ObserverVTable.self, body: ObserverBody.self, value: Void.self, mode: .bitwise, flags: [])
        }
        // Not listed in the subgraph: it is destroyed with the attribute it observes, or when cancelled.
        let node = engine.createNode(
            typeIndex: typeIndex, subgraph: subgraph, flags: [.observer, .valueExists], listed: false
        ) {
            $0.initializeMemory(as: ObserverBody.self, repeating: body, count: 1)
        }
        engine.addInputEdge(consumer: node, input: index, flags: .alwaysEnabled)
        // Still dirty after the update (a rule that set an input it read): so is its observer.
        let (direct, _) = engine.resolveAlias(index)
        if engine.node(direct).pointee.flags.contains(.dirty) {
            engine.node(node).pointee.flags.insert(.dirty)
            engine.state.pointee.dirtyObservers.append(node)
        }
        let observer = AnyWeakAttribute(engine.attribute(node))
        return Registration(isActive: { observer.attribute != nil }) {
            guard let node = observer.attribute else { return }
            let (engine, index) = _Engine.resolve(node)
            engine.destroyObserver(index)
        }
    }
}

/// The body of an observer node: the callback takes the address of the observed value (the
/// typed callback is wrapped where its type is known, ``Attribute/observe(_:)``).
struct ObserverBody: CustomStringConvertible {
    let observed: AnyAttribute
    let callback: (UnsafeRawPointer) -> Void

    var description: String { "observer of \(observed)" }
}

enum ObserverVTable: AttributeVTable {
    static var bodyType: Any.Type { ObserverBody.self }
    static var valueType: Any.Type { Void.self }

    /// Runs when the observed attribute's edge is marked changed: queue the notification.
    static func update(_ engine: _Engine, node: UInt32, body: UnsafeMutableRawPointer) {
        engine.state.pointee.firedObservers.append(node)
    }

    /// Calls the callback with the value the update computed. It reads the value as it is,
    /// without bringing it up to date: if it became dirty again meanwhile, the next update
    /// reports the newer value.
    ///
    /// The callback is called on the body in place (copying it would retain and release the
    /// closure's context per notification); `flushObservers` keeps the body alive meanwhile.
    static func notify(_ engine: _Engine, node: UInt32) {
        let pointer = engine.node(node).pointee.body.unsafelyUnwrapped.assumingMemoryBound(to: ObserverBody.self)
        let observed = pointer.pointee.observed
        guard let value = engine.currentValue(GraphRegistry.index(observed.rawValue)) else { return }
        callInPlace(&pointer.pointee, value)
    }

    @inline(__always)
    private static func callInPlace(_ body: inout ObserverBody, _ value: UnsafeRawPointer) {
        body.callback(value)
    }

    static func destroyBody(_ body: UnsafeMutableRawPointer) {
        body.assumingMemoryBound(to: ObserverBody.self).deinitialize(count: 1)
    }

    static func destroyValue(_ value: UnsafeMutableRawPointer) {}

    static func describeBody(_ body: UnsafeRawPointer) -> String {
        body.assumingMemoryBound(to: ObserverBody.self).pointee.description
    }

    static func describeValue(_ value: UnsafeRawPointer) -> String { "()" }
}

extension _Engine {
    /// The value `index` holds now (following aliases, bringing nothing up to date), if it has one.
    func currentValue(_ index: UInt32) -> UnsafeRawPointer? {
        var index = index
        var offset = 0
        // Alias chains have no loops (re-pointing checks), so this ends.
        while let record = indirectRecord(index) {
            offset += Int(record.pointee.offset)
            guard owns(record.pointee.source) else { return nil }
            index = GraphRegistry.index(record.pointee.source.rawValue)
        }
        let node = self.node(index)
        guard !node.pointee.flags.contains(.free), node.pointee.flags.contains(.valueExists) else { return nil }
        return UnsafeRawPointer(node.pointee.value.unsafelyUnwrapped + offset)
    }

    /// Destroys the body of the observer whose callback just returned, if it was destroyed
    /// during the callback (``GraphState/deferredNotifyingBodies``).
    func destroyDeferredNotifyingBody(_ block: UnsafeMutableRawPointer) {
        let deferred = state.pointee.deferredNotifyingBodies.elements
        guard let position = deferred.firstIndex(where: { $0.block == block }) else { return }
        let body = deferred[position]
        // Order among the deferred bodies does not matter: swap the last one in.
        deferred[position] = deferred[deferred.count - 1]
        state.pointee.deferredNotifyingBodies.removeLastUnchecked()
        destroy([body])
    }

    /// Destroys one observer node (cancellation), releasing its callback.
    func destroyObserver(_ index: UInt32) {
        let entered = enter("cancelling an observer")
        defer { leave(entered) }
        let node = self.node(index)
        guard node.pointee.flags.contains(.observer), !node.pointee.flags.contains(.free),
            !node.pointee.flags.contains(.invalidated)
        else { return }
        node.pointee.flags.insert(.invalidated)
        if storage.mustDeferDestruction {
            storage.deferDestruction(of: [index])
        } else {
            storage.destroyNodes([index])
        }
    }
}

extension Graph {
    /// The host's update: brings every observed attribute that may have changed up to date,
    /// then calls the observers whose attribute really changed, in creation order. Clears
    /// ``needsUpdate``.
    ///
    /// May be called re-entrantly (from inside a rule, e.g. by a run-loop observer); reads it
    /// makes are not dependencies of the running rule. Cost: O(dirty observers + the rules
    /// they need).
    public func update() {
        let engine = storage.engine
        if _slowPath(engine.state.pointee.updateCallbacksRequested), !engine.isUpdating {
            let entered = engine.enter("updating")
            defer { engine.leave(entered) }
            storage.callRequestedUpdateCallbacks()
        }
        clearNeedsUpdate()
        flushObservers()
    }

    func flushObservers() {
        let engine = storage.engine
        let entered = engine.enter("updating")
        defer { engine.leave(entered) }
        let state = engine.state
        let pendingCount = state.pointee.dirtyObservers.count
        if pendingCount == 0 { return }
        let firedStart = state.pointee.firedObservers.count
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: pendingCount) { pending in
            // Take the queued observers; those that become dirty from here on wait for the next update.
            _ = pending.initialize(from: state.pointee.dirtyObservers.elements)
            state.pointee.dirtyObservers.removeAll()
            var pending = pending
            // Usually queued in creation order already (dependents are marked in edge order).
            if !pending.isSortedAscending { pending.sort() }
            // One update episode for all of them; reads here are nobody's dependencies.
            engine.beginSegment()
            state.pointee.current = 0
            for index in pending {
                let node = engine.node(index)
                let flags = node.pointee.flags
                guard flags.contains(.observer), !flags.contains(.free), !flags.contains(.invalidated),
                    flags.rawValue & NodeFlags.needsUpdate.rawValue != 0
                else { continue }
                engine.updateInCurrentSegment(index)
            }
            engine.endSegment()
        }
        // Collect first, then call out: every observer whose attribute changed, in creation order.
        let firedCount = state.pointee.firedObservers.count - firedStart
        if firedCount == 0 { return }
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: firedCount) { fired in
            for position in 0..<firedCount {
                (fired.baseAddress! + position).initialize(to: state.pointee.firedObservers[firedStart + position])
            }
            state.pointee.firedObservers.truncate(to: firedStart)
            var fired = fired
            if !fired.isSortedAscending { fired.sort() }
            for index in fired {
                let node = engine.node(index)
                let flags = node.pointee.flags
                guard flags.contains(.observer), !flags.contains(.free), !flags.contains(.invalidated) else { continue }
                // Traced when the update just run was.
                let traced = state.pointee.instrumentation.contains(.trace) && AGTrace.isEnabled
                let started = traced ? AGTrace.now() : 0
                // The callback runs on the observer's body in place: destroying the observer
                // meanwhile waits until it returns.
                let block = node.pointee.body.unsafelyUnwrapped
                state.pointee.notifyingBlocks.append(block)
                // Only observer bodies carry the observer flag: called directly, not through the vtable.
                ObserverVTable.notify(engine, node: index)
                state.pointee.notifyingBlocks.removeLastUnchecked()
                if !state.pointee.deferredNotifyingBodies.isEmpty {
                    engine.destroyDeferredNotifyingBody(block)
                }
                if traced {
                    AGTrace.complete(
                        "observer", category: "graph", start: started,
                        args: ["observer": .int(Int(engine.attribute(index).rawValue)), "graph": .int(Int(storage.graphID))])
                }
            }
        }
    }
}

extension UnsafeMutableBufferPointer<UInt32> {
    /// Whether the elements are in ascending order (one pass; cheaper than sorting sorted data).
    var isSortedAscending: Bool {
        var position = 1
        while position < count {
            if self[position &- 1] > self[position] { return false }
            position &+= 1
        }
        return true
    }
}
