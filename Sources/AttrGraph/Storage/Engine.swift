#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The engine's algorithms over one graph state, as a non-mutating view of the state pointer.
///
/// Every field is read and written through `state.pointee` at the point of use: user code (rules,
/// callbacks) may run between two statements and change the state through another `_Engine`,
/// so nothing is cached across calls that can reach user code.
struct _Engine {
    let state: UnsafeMutablePointer<GraphState>

    @inline(__always)
    init(_ state: UnsafeMutablePointer<GraphState>) {
        self.state = state
    }

    var storage: GraphStorage { state.pointee.storage }

    // MARK: Ids and nodes

    /// The id of node `index`, carrying its current seed.
    @inline(__always)
    func attribute(_ index: UInt32) -> AnyAttribute {
        let node = self.node(index)
        return AnyAttribute(
            rawValue: GraphRegistry.rawID(
                slot: state.pointee.slot, index: index, indirect: node.pointee.flags.contains(.indirect)),
            seed: node.pointee.generation)
    }

    /// The id of node `index` without its seed, for descriptions and reports.
    @inline(__always)
    func rawID(_ index: UInt32) -> UInt32 {
        GraphRegistry.rawID(slot: state.pointee.slot, index: index, indirect: node(index).pointee.flags.contains(.indirect))
    }

    @inline(__always)
    func node(_ index: UInt32) -> UnsafeMutablePointer<_Node> {
        state.pointee.nodeTable.base + Int(index)
    }

    @inline(__always)
    func type(_ node: UnsafeMutablePointer<_Node>) -> UnsafeMutablePointer<AttributeTypeRecord> {
        state.pointee.types.pointer(at: Int(node.pointee.typeIndex))
    }

    /// Whether `attribute` belongs to this graph storage.
    @inline(__always)
    func owns(_ attribute: AnyAttribute) -> Bool {
        GraphRegistry.slot(attribute.rawValue) == state.pointee.slot
    }

    /// The engine and node index of `attribute`, trapping with a clear message when the id is
    /// not a live attribute, or is stale (its attribute was destroyed and the slot reused). A
    /// destroyed attribute whose slot was not reused yet is caught here too when the id has a
    /// seed; ids without one (``AnyAttribute/init(rawValue:)``) are caught by the callers'
    /// `.free` checks.
    @inline(__always)
    static func resolve(_ attribute: AnyAttribute) -> (_Engine, UInt32) {
        guard let state = GraphRegistry.state(of: attribute) else {
            _Misuse.unknownAttribute(attribute)
        }
        let index = GraphRegistry.index(attribute.rawValue)
        guard index != 0, index < state.pointee.highWater else {
            _Misuse.unknownAttribute(attribute)
        }
        let engine = _Engine(state)
        let seed = attribute.seed
        if seed != 0, engine.node(index).pointee.generation != seed {
            engine.staleAttribute(attribute, index)
        }
        return (engine, index)
    }

    /// The address of `attribute`'s up-to-date value (``read(_:_:)``) with the id checked as
    /// ``resolve(_:)`` checks it, in one pass over the node: the common case — a live id with its
    /// seed, a clean value, read outside a rule or in the running rule's recorded order — costs
    /// a registry load, two compares and the node's cache line. An id without a seed (rebuilt
    /// from a number with ``AnyAttribute/init(rawValue:)``) may name a slot that now holds another
    /// type: on that path — off the fast one — the value is checked to be of `type` (when given),
    /// in every build.
    @inline(__always)
    static func readValue(_ attribute: AnyAttribute, type: Any.Type? = nil) -> UnsafeRawPointer {
        guard let state = GraphRegistry.state(of: attribute) else { _Misuse.unknownAttribute(attribute) }
        let index = GraphRegistry.index(attribute.rawValue)
        guard index != 0, index < state.pointee.highWater else { _Misuse.unknownAttribute(attribute) }
        let engine = _Engine(state)
        if engine.node(index).pointee.generation == attribute.seed {
            return engine.read(index, attribute)
        }
        return engine.readUnusualID(index, attribute, type: type)
    }

    /// ``readValue(_:type:)`` for an id without a seed (unchecked, ``AnyAttribute/init(rawValue:)``)
    /// or a stale one (named).
    @inline(never)
    func readUnusualID(_ index: UInt32, _ attribute: AnyAttribute, type: Any.Type?) -> UnsafeRawPointer {
        if attribute.seed != 0 { staleAttribute(attribute, index) }
        if let type {
            if node(index).pointee.flags.contains(.free) { _Misuse.destroyedAttribute(attribute) }
            checkValueType(index, attribute, type)
        }
        return read(index, attribute)
    }

    /// Like ``resolve(_:)`` but also rejects destroyed attributes.
    @inline(__always)
    static func resolveLive(_ attribute: AnyAttribute) -> (_Engine, UInt32) {
        let (engine, index) = resolve(attribute)
        if engine.node(index).pointee.flags.contains(.free) {
            _Misuse.destroyedAttribute(attribute)
        }
        return (engine, index)
    }

    /// `attribute`'s seed does not match its slot: it was destroyed, and maybe replaced.
    @inline(never)
    func staleAttribute(_ attribute: AnyAttribute, _ index: UInt32) -> Never {
        let node = self.node(index)
        if node.pointee.flags.contains(.free) {
            _Misuse.destroyedAttribute(attribute)
        }
        _Misuse.staleAttribute(attribute, replacement: typeSignature(index))
    }

    /// The index of `attribute` in this storage, trapping when it belongs to another graph.
    @inline(__always)
    func localIndex(of attribute: AnyAttribute, use: @autoclosure () -> String) -> UInt32 {
        guard owns(attribute) else {
            _Misuse.foreignAttribute(attribute, graphSlot: state.pointee.slot, use: use())
        }
        let (_, index) = _Engine.resolve(attribute)
        if node(index).pointee.flags.contains(.free) { _Misuse.destroyedAttribute(attribute) }
        return index
    }

    var isUpdating: Bool { !state.pointee.segments.isEmpty }

    // MARK: Attribute types

    /// The type-table index for a body type, interning it on first use.
    @inline(__always)
    func typeIndex<Body>(
        for _: Body.Type, make: () -> AttributeTypeRecord
    ) -> UInt32 {
        let key = ObjectIdentifier(Body.self)
        if state.pointee.lastTypeKey == key {
            return state.pointee.lastTypeIndex
        }
        let bits = UInt(bitPattern: key)
        let slot = Int((bits >> 4) ^ (bits >> 12)) & (GraphState.typeCacheSize - 1)
        let index: UInt32
        if state.pointee.typeCacheKeys[slot] == bits {
            index = state.pointee.typeCacheIndices[slot]
        } else {
            index = storage.internType(key: key, make: make)
            state.pointee.typeCacheKeys[slot] = bits
            state.pointee.typeCacheIndices[slot] = index
        }
        state.pointee.lastTypeKey = key
        state.pointee.lastTypeIndex = index
        return index
    }

    // MARK: Creating and destroying nodes

    /// Takes a free node slot (reusing freed ones first) and returns its index.
    func allocateNodeSlot() -> UInt32 {
        let head = state.pointee.freeHead
        if head != 0 {
            state.pointee.freeHead = node(head).pointee.typeIndex
            return head
        }
        let index = state.pointee.highWater
        guard Int(index) <= GraphRegistry.maxNodesPerGraph else {
            _Misuse.fail(
                "AttrGraph: a graph can hold at most \(GraphRegistry.maxNodesPerGraph) attributes at once; "
                    + "invalidate subgraphs you no longer need.")
        }
        // Page-aligned, so that each 64-byte node is exactly one cache line.
        state.pointee.nodeTable.ensureCommitted(Int(index))
        state.pointee.highWater = index + 1
        // A fresh slot's first generation mixes in the graph's serial, so that ids of a graph that
        // died are not mistaken for ids of a new graph in the same registry slot.
        node(index).initialize(
            to: _Node(
                flags: .free, updateCount: 0, subgraphFlags: 0, typeIndex: 0, subgraph: 0,
                generation: _Node.nextGeneration(state.pointee.serial &* 0x9E37_79B1 &+ index),
                body: nil, value: nil, inputList: .empty, outputList: .empty))
        return index
    }

    /// Creates a node of type `typeIndex` in `subgraph`, with its body block allocated and the
    /// body initialised by `initializeBody`. The value is left uninitialised.
    func createNode(
        typeIndex: UInt32, subgraph: Subgraph, flags: NodeFlags, listed: Bool = true,
        initializeBody: (UnsafeMutableRawPointer) -> Void
    ) -> UInt32 {
        withExtendedLifetime(subgraph) {
            createNode(
                typeIndex: typeIndex, subgraph: Unmanaged.passUnretained(subgraph), flags: flags, listed: listed,
                initializeBody: initializeBody)
        }
    }

    /// ``createNode(typeIndex:subgraph:flags:listed:initializeBody:)`` for a subgraph the caller
    /// keeps alive (`initializeBody` copies a value: it runs no code that could release it).
    func createNode(
        typeIndex: UInt32, subgraph unretained: Unmanaged<Subgraph>, flags: NodeFlags, listed: Bool = true,
        initializeBody: (UnsafeMutableRawPointer) -> Void
    ) -> UInt32 {
        let record = state.pointee.types[Int(typeIndex)]
        let block = state.pointee.pool.allocate(byteCount: record.blockSize, alignment: record.blockAlignment)
        initializeBody(block)
        let index = allocateNodeSlot()
        let node = self.node(index)
        node.pointee.flags = flags
        node.pointee.updateCount = 0
        node.pointee.subgraphFlags = 0
        node.pointee.typeIndex = typeIndex
        node.pointee.subgraph = unretained._withUnsafeGuaranteedRef { $0.slot }
        node.pointee.body = block
        node.pointee.value = record.isIndirect ? nil : block + record.valueOffset
        node.pointee.inputList = .empty
        node.pointee.outputList = .empty
        state.pointee.liveNodes += 1
        state.pointee.counters.createdNodes += 1
        if listed {
            unretained._withUnsafeGuaranteedRef { subgraph in
                // Room for a small subgraph's nodes at once (a list item's view is about ten):
                // growing from one by doubling reallocated the list four times for them.
                if subgraph.nodes.capacity == 0 { subgraph.nodes.reserveCapacity(16) }
                subgraph.nodes.append(index)
                if let tree = subgraph.tree { tree.recordNode(attribute(index)) }
            }
        }
        return index
    }

    /// A body block detached from a destroyed node, destroyed after the table is consistent.
    struct DetachedBody {
        var block: UnsafeMutableRawPointer
        var typeIndex: UInt32
        var valueExists: Bool
    }

    /// Removes `index` from the node table: edges are unlinked (consumers outside `dying` are
    /// marked to re-run), side-table entries are dropped, the slot is freed and its generation
    /// moves on (so ids of the node become stale). The body block is returned, not destroyed, so
    /// that no user code (deinitialisers) runs while the table is half updated.
    func detachNode(_ index: UInt32, dying: (UInt32) -> Bool) -> DetachedBody {
        let node = self.node(index)
        // Unlink inputs: this node leaves each input's output list.
        for edge in node.inputs {
            let input = edge.input
            if !dying(input), !self.node(input).pointee.flags.contains(.free) {
                self.node(input).outputs.removeFirst(index)
            }
        }
        node.inputs.release(allocator: &state.pointee.pool)
        state.pointee.fanIn.invalidate(index)
        // Unlink outputs: consumers that survive lose the edge and must re-run.
        let outputs = node.outputs
        for position in 0..<outputs.count {
            let consumerIndex = outputs.consumer(at: position)
            if dying(consumerIndex) { continue }
            let consumer = self.node(consumerIndex)
            if consumer.pointee.flags.contains(.free) { continue }
            removeInputEdge(consumer: consumerIndex, input: index)
            if let record = indirectRecord(consumerIndex) {
                if GraphRegistry.index(record.pointee.dependency.rawValue) == index, owns(record.pointee.dependency) {
                    // Its dependency went: the alias no longer waits for it.
                    record.pointee.dependency = .nil
                } else {
                    storage.indirectSourceDestroyed(engine: self, indirect: consumerIndex)
                }
            } else {
                consumer.pointee.flags.insert([.pending, .inputsChanged])
                markDirty(consumerIndex)
            }
        }
        node.outputs.release(allocator: &state.pointee.pool)
        if let record = indirectRecord(index), !record.pointee.isMutable {
            storage.forgetOffsetAlias(index, record: record.pointee)
        }

        let detached = DetachedBody(
            block: node.pointee.body.unsafelyUnwrapped, typeIndex: node.pointee.typeIndex,
            valueExists: node.pointee.flags.contains(.valueExists))
        node.pointee.body = nil
        node.pointee.value = nil
        node.pointee.flags = .free
        node.pointee.generation = _Node.nextGeneration(node.pointee.generation)
        node.pointee.typeIndex = state.pointee.freeHead
        state.pointee.freeHead = index
        state.pointee.liveNodes -= 1
        return detached
    }

    /// Destroys detached bodies and values (this runs user deinitialisers) and frees the blocks.
    func destroy(_ detached: [DetachedBody]) {
        for body in detached {
            if _slowPath(!state.pointee.notifyingBlocks.isEmpty),
                state.pointee.notifyingBlocks.elements.contains(body.block)
            {
                // Its callback is running on it: destroyed when the callback returns.
                state.pointee.deferredNotifyingBodies.append(body)
                continue
            }
            let record = state.pointee.types[Int(body.typeIndex)]
            // Plain data has nothing to destroy: no call through the vtable (each is a generic
            // function that looks up its type's metadata).
            if body.valueExists, !record.isIndirect, !record.valueIsPOD {
                record.vtable.destroyValue(body.block + record.valueOffset)
            }
            if record.flags.contains(.hasDestroySelf) { record.vtable.destroySelf(body.block) }
            if !record.bodyIsPOD { record.vtable.destroyBody(body.block) }
            state.pointee.pool.deallocate(body.block, byteCount: record.blockSize, alignment: record.blockAlignment)
        }
    }

    // MARK: Edges

    /// Adds an input edge `consumer ← input` (and the matching output entry). Returns its index.
    @discardableResult
    func addInputEdge(consumer: UInt32, input: UInt32, flags: EdgeFlags) -> Int {
        node(consumer).inputs.append(InputEdge(input: input, flags: flags), allocator: &state.pointee.pool)
        let position = Int(node(consumer).inputs.count) - 1
        node(input).outputs.append(OutputEdge(consumer: consumer, hint: position), allocator: &state.pointee.pool)
        state.pointee.fanIn.appended(input, at: position, consumer: consumer)
        return position
    }

    /// Removes the edge `consumer ← input` from the consumer's input list only.
    func removeInputEdge(consumer: UInt32, input: UInt32) {
        let node = self.node(consumer)
        for index in 0..<Int(node.inputs.count) where node.inputs[index].input == input {
            node.inputs.remove(at: index)
            state.pointee.fanIn.invalidate(consumer)
            return
        }
    }

    /// The index of `input` in `consumer`'s input list, or -1. Large input lists (a rule
    /// reading thousands of attributes, like a list of rows) are searched through an index,
    /// so that recording their reads one by one is not quadratic.
    @inline(__always)
    func findInputEdge(consumer: UInt32, input: UInt32) -> Int {
        let inputs = node(consumer).inputs
        if inputs.count < FanInIndex.threshold { return inputs.firstIndex(of: input) }
        return state.pointee.fanIn.position(of: input, consumer: consumer, inputs: inputs)
    }

    /// The index of the edge from `input` in `consumer`'s inputs, for marking it changed. A
    /// large list is searched through its index when it has one (its rule is running), else from
    /// the end (inputs are usually changed right after they were read).
    @inline(__always)
    func changedInputEdge(consumer: UInt32, input: UInt32) -> Int {
        let inputs = node(consumer).inputs
        if inputs.count < FanInIndex.threshold { return inputs.firstIndex(of: input) }
        if let position = state.pointee.fanIn.indexedPosition(of: input, consumer: consumer, count: inputs.count) {
            return position
        }
        var position = inputs.count - 1
        while position >= 0 {
            if inputs[position].input == input { return position }
            position -= 1
        }
        return -1
    }
}

/// An index of one consumer's input positions by attribute, kept while that consumer's input
/// list only grows (a rule recording its reads). Any other change to the list invalidates it.
struct FanInIndex {
    /// Input lists shorter than this are searched linearly.
    static let threshold = 32

    private var consumer: UInt32 = 0
    private var count = 0
    private var positions: [UInt32: Int] = [:]

    /// The position of `input`, building the index for `consumer` if needed.
    mutating func position(of input: UInt32, consumer: UInt32, inputs: _Edges<InputEdge>) -> Int {
        if self.consumer != consumer || count != inputs.count {
            self.consumer = consumer
            count = inputs.count
            positions.removeAll(keepingCapacity: true)
            positions.reserveCapacity(inputs.count)
            for position in 0..<inputs.count {
                positions[inputs[position].input] = position
            }
        }
        return positions[input] ?? -1
    }

    /// The position of `input` if the index is current for `consumer`.
    func indexedPosition(of input: UInt32, consumer: UInt32, count: Int) -> Int? {
        guard self.consumer == consumer, self.count == count else { return nil }
        return positions[input] ?? -1
    }

    /// Keeps the index current when an edge is appended to an indexed list.
    @inline(__always)
    mutating func appended(_ input: UInt32, at position: Int, consumer: UInt32) {
        guard self.consumer == consumer else { return }
        if count == position {
            positions[input] = position
            count += 1
        } else {
            invalidate(consumer)
        }
    }

    /// The consumer the index is built for, if any.
    var indexedConsumer: UInt32? { consumer == 0 ? nil : consumer }

    mutating func invalidate(_ consumer: UInt32) {
        if self.consumer == consumer {
            self.consumer = 0
            count = 0
            positions.removeAll(keepingCapacity: true)
        }
    }
}
