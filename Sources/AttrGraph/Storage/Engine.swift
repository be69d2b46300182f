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
    let state: UnsafeMutablePointer<_GraphState>

    @inline(__always)
    init(_ state: UnsafeMutablePointer<_GraphState>) {
        self.state = state
    }

    var storage: GraphStorage { state.pointee.storage }

    // MARK: Ids and nodes

    @inline(__always)
    func attribute(_ index: UInt32) -> AnyAttribute {
        AnyAttribute(rawValue: state.pointee.slot << _GraphRegistry.indexBits | index)
    }

    @inline(__always)
    func node(_ index: UInt32) -> UnsafeMutablePointer<_Node> {
        state.pointee.pages[Int(index >> _GraphState.pageShift)].unsafelyUnwrapped
            + Int(index & _GraphState.pageMask)
    }

    @inline(__always)
    func type(_ node: UnsafeMutablePointer<_Node>) -> UnsafeMutablePointer<_AttributeTypeRecord> {
        state.pointee.types.pointer(at: Int(node.pointee.typeIndex))
    }

    /// Whether `attribute` belongs to this graph storage.
    @inline(__always)
    func owns(_ attribute: AnyAttribute) -> Bool {
        attribute.rawValue >> _GraphRegistry.indexBits == state.pointee.slot
    }

    /// The engine and node index of `attribute`, trapping with a clear message when the id is
    /// not a live attribute.
    @inline(__always)
    static func resolve(_ attribute: AnyAttribute) -> (_Engine, UInt32) {
        guard let state = _GraphRegistry.state(of: attribute) else {
            _Misuse.unknownAttribute(attribute)
        }
        let index = attribute.rawValue & _GraphRegistry.indexMask
        guard index != 0, index < state.pointee.highWater else {
            _Misuse.unknownAttribute(attribute)
        }
        return (_Engine(state), index)
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

    /// The index of `attribute` in this storage, trapping when it belongs to another graph.
    @inline(__always)
    func localIndex(of attribute: AnyAttribute, use: @autoclosure () -> String) -> UInt32 {
        guard owns(attribute) else {
            _Misuse.foreignAttribute(attribute, graphSlot: state.pointee.slot, use: use())
        }
        let index = attribute.rawValue & _GraphRegistry.indexMask
        guard index != 0, index < state.pointee.highWater else { _Misuse.unknownAttribute(attribute) }
        if node(index).pointee.flags.contains(.free) { _Misuse.destroyedAttribute(attribute) }
        return index
    }

    var isUpdating: Bool { !state.pointee.segments.isEmpty }

    /// Debug check: a graph is single-threaded; using it from another thread while it updates
    /// is a data race, reported instead of corrupting the node table.
    @inline(__always)
    func checkThread() {
        #if DEBUG
        if let owner = state.pointee.updatingThread, !state.pointee.segments.isEmpty,
            pthread_equal(owner, pthread_self()) == 0
        {
            _Misuse.wrongThread()
        }
        #endif
    }

    // MARK: Attribute types

    /// The type-table index for a body type, interning it on first use.
    @inline(__always)
    func typeIndex<Body>(
        for _: Body.Type, make: () -> _AttributeTypeRecord
    ) -> UInt32 {
        let key = ObjectIdentifier(Body.self)
        if state.pointee.lastTypeKey == key {
            return state.pointee.lastTypeIndex
        }
        let bits = UInt(bitPattern: key)
        let slot = Int((bits >> 4) ^ (bits >> 12)) & (_GraphState.typeCacheSize - 1)
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
        guard Int(index) < _GraphRegistry.maxNodesPerGraph else {
            _Misuse.fail(
                "AttrGraph: a graph can hold at most \(_GraphRegistry.maxNodesPerGraph) attributes at once; "
                    + "invalidate subgraphs you no longer need.")
        }
        let page = Int(index >> _GraphState.pageShift)
        if page >= state.pointee.pageCapacity {
            growPageDirectory(to: page + 1)
        }
        if state.pointee.pages[page] == nil {
            // Cache-line aligned, so that each 64-byte node is exactly one line.
            let newPage = UnsafeMutableRawPointer.allocate(
                byteCount: _GraphState.pageSize * MemoryLayout<_Node>.stride, alignment: 64
            ).bindMemory(to: _Node.self, capacity: _GraphState.pageSize)
            state.pointee.pages[page] = newPage
        }
        state.pointee.highWater = index + 1
        // Fresh slots start with generation 0.
        node(index).initialize(
            to: _Node(
                flags: .free, updateCount: 0, subgraphFlags: 0, typeIndex: 0, subgraph: 0, generation: 0,
                body: nil, value: nil, inputList: .empty, outputList: .empty))
        return index
    }

    private func growPageDirectory(to minimum: Int) {
        let oldCapacity = state.pointee.pageCapacity
        var newCapacity = oldCapacity * 2
        while newCapacity < minimum { newCapacity *= 2 }
        let newPages = UnsafeMutablePointer<UnsafeMutablePointer<_Node>?>.allocate(capacity: newCapacity)
        newPages.update(from: state.pointee.pages, count: oldCapacity)
        (newPages + oldCapacity).initialize(repeating: nil, count: newCapacity - oldCapacity)
        state.pointee.retiredPageDirectories.append(state.pointee.pages)
        state.pointee.pages = newPages
        state.pointee.pageCapacity = newCapacity
    }

    /// Creates a node of type `typeIndex` in `subgraph`, with its body block allocated and the
    /// body initialised by `initializeBody`. The value is left uninitialised.
    func createNode(
        typeIndex: UInt32, subgraph: Subgraph, flags: _NodeFlags, listed: Bool = true,
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
        node.pointee.subgraph = subgraph.index
        node.pointee.body = block
        node.pointee.value = record.isIndirect ? nil : block + record.valueOffset
        node.pointee.inputList = .empty
        node.pointee.outputList = .empty
        state.pointee.liveNodes += 1
        state.pointee.counters.createdNodes += 1
        if listed {
            subgraph.nodes.append(index)
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
    /// marked to re-run), the slot is freed. The body block is returned, not destroyed, so
    /// that no user code (deinitialisers) runs while the table is half updated.
    func detachNode(_ index: UInt32, dying: (UInt32) -> Bool) -> DetachedBody {
        let node = self.node(index)
        let id = attribute(index)
        // Unlink inputs: this node leaves each input's output list.
        for edge in node.inputs {
            let input = edge.attribute.rawValue & _GraphRegistry.indexMask
            if owns(edge.attribute), !dying(input), !self.node(input).pointee.flags.contains(.free) {
                self.node(input).outputs.removeFirst(id)
            }
        }
        node.inputs.release(allocator: &state.pointee.pool)
        storage.fanIn.invalidate(index)
        // Unlink outputs: consumers that survive lose the edge and must re-run.
        for output in node.outputs {
            let consumerIndex = output.rawValue & _GraphRegistry.indexMask
            if dying(consumerIndex) { continue }
            let consumer = self.node(consumerIndex)
            if consumer.pointee.flags.contains(.free) { continue }
            removeInputEdge(consumer: consumerIndex, input: id)
            if consumer.pointee.flags.contains(.indirect) {
                storage.indirectSourceDestroyed(engine: self, indirect: consumerIndex)
            } else {
                consumer.pointee.flags.insert([.pending, .inputsChanged])
                markDirty(consumerIndex)
            }
        }
        node.outputs.release(allocator: &state.pointee.pool)

        let detached = DetachedBody(
            block: node.pointee.body.unsafelyUnwrapped, typeIndex: node.pointee.typeIndex,
            valueExists: node.pointee.flags.contains(.valueExists))
        node.pointee.body = nil
        node.pointee.value = nil
        node.pointee.flags = .free
        node.pointee.generation &+= 1
        node.pointee.typeIndex = state.pointee.freeHead
        state.pointee.freeHead = index
        state.pointee.liveNodes -= 1
        return detached
    }

    /// Destroys detached bodies and values (this runs user deinitialisers) and frees the blocks.
    func destroy(_ detached: [DetachedBody]) {
        for body in detached {
            let record = state.pointee.types[Int(body.typeIndex)]
            if body.valueExists, !record.isIndirect {
                record.vtable.destroyValue(body.block + record.valueOffset)
            }
            record.vtable.destroyBody(body.block)
            state.pointee.pool.deallocate(body.block, byteCount: record.blockSize, alignment: record.blockAlignment)
        }
    }

    // MARK: Edges

    /// Adds an input edge `consumer ← input` (and the matching output entry). Returns its index.
    @discardableResult
    func addInputEdge(consumer: UInt32, input: AnyAttribute, flags: _EdgeFlags) -> Int {
        let inputIndex = input.rawValue & _GraphRegistry.indexMask
        node(consumer).inputs.append(
            _InputEdge(attribute: input, flags: flags), allocator: &state.pointee.pool)
        node(inputIndex).outputs.append(attribute(consumer), allocator: &state.pointee.pool)
        let position = Int(node(consumer).inputs.count) - 1
        storage.fanIn.appended(input, at: position, consumer: consumer)
        return position
    }

    /// Removes the edge `consumer ← input` from the consumer's input list only.
    func removeInputEdge(consumer: UInt32, input: AnyAttribute) {
        let node = self.node(consumer)
        for index in 0..<Int(node.inputs.count) where node.inputs[index].attribute == input {
            node.inputs.remove(at: index)
            storage.fanIn.invalidate(consumer)
            return
        }
    }

    /// The index of `input` in `consumer`'s input list, or -1. Large input lists (a rule
    /// reading thousands of attributes, like a list of rows) are searched through an index,
    /// so that recording their reads one by one is not quadratic.
    @inline(__always)
    func findInputEdge(consumer: UInt32, input: AnyAttribute) -> Int {
        let inputs = node(consumer).inputs
        if inputs.count < _FanInIndex.threshold { return inputs.firstIndex(of: input) }
        return storage.fanIn.position(of: input, consumer: consumer, inputs: inputs)
    }

    /// The index of the edge from `input` in `consumer`'s inputs, for marking it changed. A
    /// large list is searched through its index when it has one (its rule is running), else from
    /// the end (inputs are usually changed right after they were read).
    @inline(__always)
    func changedInputEdge(consumer: UInt32, input: AnyAttribute) -> Int {
        let inputs = node(consumer).inputs
        if inputs.count < _FanInIndex.threshold { return inputs.firstIndex(of: input) }
        if let position = storage.fanIn.indexedPosition(of: input, consumer: consumer, count: inputs.count) {
            return position
        }
        var position = inputs.count - 1
        while position >= 0 {
            if inputs[position].attribute == input { return position }
            position -= 1
        }
        return -1
    }
}

/// An index of one consumer's input positions by attribute, kept while that consumer's input
/// list only grows (a rule recording its reads). Any other change to the list invalidates it.
struct _FanInIndex {
    /// Input lists shorter than this are searched linearly.
    static let threshold = 32

    private var consumer: UInt32 = 0
    private var count = 0
    private var positions: [AnyAttribute: Int] = [:]

    /// The position of `input`, building the index for `consumer` if needed.
    mutating func position(of input: AnyAttribute, consumer: UInt32, inputs: _Edges<_InputEdge>) -> Int {
        if self.consumer != consumer || count != inputs.count {
            self.consumer = consumer
            count = inputs.count
            positions.removeAll(keepingCapacity: true)
            positions.reserveCapacity(inputs.count)
            for position in 0..<inputs.count {
                positions[inputs[position].attribute] = position
            }
        }
        return positions[input] ?? -1
    }

    /// The position of `input` if the index is current for `consumer`.
    func indexedPosition(of input: AnyAttribute, consumer: UInt32, count: Int) -> Int? {
        guard self.consumer == consumer, self.count == count else { return nil }
        return positions[input] ?? -1
    }

    /// Keeps the index current when an edge is appended to an indexed list.
    @inline(__always)
    mutating func appended(_ input: AnyAttribute, at position: Int, consumer: UInt32) {
        guard self.consumer == consumer else { return }
        if count == position {
            positions[input] = position
            count += 1
        } else {
            invalidate(consumer)
        }
    }

    mutating func invalidate(_ consumer: UInt32) {
        if self.consumer == consumer {
            self.consumer = 0
            count = 0
            positions.removeAll(keepingCapacity: true)
        }
    }
}
