/// Indirect nodes: aliases of another attribute, either re-pointable (``IndirectAttribute``) or
/// fixed projections at a byte offset (key-path and offset attributes).
///
/// An indirect node has one always-enabled input edge to its source, so the source's changes
/// flow through it to the attributes that read the alias.
extension _Engine {
    func indirectRecord(_ index: UInt32) -> UnsafeMutablePointer<IndirectRecord>? {
        let node = self.node(index)
        guard node.pointee.flags.contains(.indirect) else { return nil }
        return node.pointee.body.unsafelyUnwrapped.assumingMemoryBound(to: IndirectRecord.self)
    }

    private func indirectTypeIndex() -> UInt32 {
        typeIndex(for: IndirectRecord.self) {
            AttributeTypeRecord(
                vtable: IndirectVTable.self, comparator: nil, layout: nil, compareKind: .never, mode: .bitwise, flags: [],
                valueSize: 0, valueOffset: 0, blockSize: MemoryLayout<IndirectRecord>.size,
                blockAlignment: MemoryLayout<IndirectRecord>.alignment, isIndirect: true,
                combinedSize: MemoryLayout<IndirectRecord>.size)
        }
    }

    /// Creates an alias of `source` (which must be this graph's). Fixed offset aliases are
    /// shared: asking twice for the same projection returns the same attribute.
    func createIndirect(
        source: AnyAttribute, sourceIndex: UInt32, offset: Int, size: Int, mutable: Bool,
        valueType: Any.Type? = nil
    ) -> AnyAttribute {
        let entered = enter("creating an indirect attribute")
        defer { leave(entered) }
        if !mutable,
            let cached = storage.offsetAliases[
                OffsetAliasKey(source: sourceIndex, offset: offset, size: size, valueType: valueType)],
            !node(cached).pointee.flags.contains(.invalidated)
        {
            return attribute(cached)
        }
        let subgraph: Subgraph
        if mutable {
            guard let current = Subgraph.current ?? storage.subgraph(at: node(sourceIndex).pointee.subgraph) else {
                _Misuse.noSubgraph(creating: IndirectAttribute<Void>.self)
            }
            subgraph = current
        } else {
            guard let owner = storage.subgraph(at: node(sourceIndex).pointee.subgraph) else {
                _Misuse.destroyedAttribute(source)
            }
            subgraph = owner
        }
        guard subgraph.storage === storage else {
            _Misuse.foreignAttribute(source, graphSlot: state.pointee.slot, use: "an indirect attribute of another graph")
        }
        let record = IndirectRecord(
            source: source, offset: Int32(offset), size: Int32(size), dependency: .nil, isMutable: mutable,
            valueType: valueType, initialSource: source)
        let index = createNode(typeIndex: indirectTypeIndex(), subgraph: subgraph, flags: [.indirect]) { block in
            block.initializeMemory(as: IndirectRecord.self, repeating: record, count: 1)
        }
        addInputEdge(consumer: index, input: sourceIndex, flags: .alwaysEnabled)
        if !mutable {
            storage.offsetAliases[OffsetAliasKey(record, sourceIndex: sourceIndex)] = index
        }
        if _slowPath(state.pointee.traced) { traceIndirectCreated(index) }
        return attribute(index)
    }

    /// Re-points the alias `index` to `newSource`: readers of the alias see the new source's
    /// value (their edges are marked changed and they become dirty).
    func setIndirectSource(_ index: UInt32, _ newSource: AnyAttribute) {
        let entered = enter("setting the source of an indirect attribute")
        defer { leave(entered) }
        guard let record = indirectRecord(index) else {
            _Misuse.fail("AttrGraph: \(attribute(index)) is not an indirect attribute; its source cannot be set.")
        }
        guard record.pointee.isMutable else {
            _Misuse.fail("AttrGraph: \(attribute(index)) is an offset attribute; its source is fixed.")
        }
        let newIndex = localIndex(of: newSource, use: "the source of indirect attribute \(attribute(index))")
        if _slowPath(state.pointee.traced) { emit(.indirectNodeSetSource(attribute(index), source: newSource)) }
        let oldSource = record.pointee.source
        if oldSource == newSource { return }
        // Re-pointing may not create an alias loop. Every re-pointing is checked, so the chain from
        // the new source has no loop of its own and ends at a direct attribute: walking it to the
        // end is exact for any length (and costs its length).
        var probe = newIndex
        while probe != index, let probeRecord = indirectRecord(probe) {
            probe = localIndex(of: probeRecord.pointee.source, use: "the source of an indirect attribute")
        }
        if probe == index {
            _Misuse.fail("AttrGraph: re-pointing \(attribute(index)) to \(newSource) would make it alias itself.")
        }
        // Unlink the old source, unless it was destroyed (which removed the edge already).
        let oldIndex = GraphRegistry.index(oldSource.rawValue)
        if node(index).inputs.firstIndex(of: oldIndex) >= 0 {
            node(oldIndex).outputs.removeFirst(index)
            removeInputEdge(consumer: index, input: oldIndex)
        }
        record.pointee.source = newSource
        addInputEdge(consumer: index, input: newIndex, flags: .alwaysEnabled)
        markOutputsChanged(index, fromInput: true)
        notifyContexts()
    }
}

extension _Engine {
    /// Sets the dependency of the alias `index` (the attribute brought up to date before the
    /// alias is followed). As in AttributeGraph, the dependency's dirtiness reaches the alias's
    /// readers: an always-enabled edge links it to the alias (replacing the previous
    /// dependency's), and a dependency that is dirty already makes them dirty now.
    func setIndirectDependency(_ index: UInt32, _ dependency: AnyAttribute) {
        guard let record = indirectRecord(index) else { return }
        let old = record.pointee.dependency
        if old == dependency { return }
        if old != .nil, owns(old) {
            let oldIndex = GraphRegistry.index(old.rawValue)
            if oldIndex != GraphRegistry.index(record.pointee.source.rawValue),
                node(index).inputs.firstIndex(of: oldIndex) >= 0
            {
                node(oldIndex).outputs.removeFirst(index)
                removeInputEdge(consumer: index, input: oldIndex)
            }
        }
        record.pointee.dependency = dependency
        guard dependency != .nil, owns(dependency) else { return }
        let dependencyIndex = localIndex(of: dependency, use: "the dependency of indirect attribute \(attribute(index))")
        guard dependencyIndex != index, indirectRecord(dependencyIndex) == nil,
            node(index).inputs.firstIndex(of: dependencyIndex) < 0
        else { return }
        addInputEdge(consumer: index, input: dependencyIndex, flags: .alwaysEnabled)
        if node(dependencyIndex).pointee.flags.rawValue & NodeFlags.needsUpdate.rawValue != 0 {
            markDirty(index)
            notifyContexts()
        }
    }

    /// Points the alias `index` back at the source it was created with, if that still exists
    /// (AttributeGraph's `AGGraphResetIndirectAttribute`); otherwise it keeps its source.
    func resetIndirectSource(_ index: UInt32) {
        guard let record = indirectRecord(index), record.pointee.isMutable else {
            _Misuse.fail("AttrGraph: \(attribute(index)) is not an indirect attribute; its source cannot be reset.")
        }
        let initial = record.pointee.initialSource
        guard owns(initial) else { return }
        let initialIndex = GraphRegistry.index(initial.rawValue)
        guard initialIndex < state.pointee.highWater,
            !node(initialIndex).pointee.flags.contains(.free),
            initial.seed == 0 || node(initialIndex).pointee.generation == initial.seed
        else { return }
        setIndirectSource(index, initial)
    }
}

extension GraphStorage {
    /// Drops the cache entry of the offset alias `index` (being destroyed).
    func forgetOffsetAlias(_ index: UInt32, record: IndirectRecord) {
        let key = OffsetAliasKey(record, sourceIndex: GraphRegistry.index(record.source.rawValue))
        if offsetAliases[key] == index {
            offsetAliases[key] = nil
        }
    }
}

/// Offset aliases are shared per source, offset, size and value type: two members at the same
/// offset (an empty one and the next) are different projections.
struct OffsetAliasKey: Hashable {
    var source: UInt32
    var offset: Int
    var size: Int
    var valueType: ObjectIdentifier?

    init(source: UInt32, offset: Int, size: Int, valueType: Any.Type?) {
        self.source = source
        self.offset = offset
        self.size = size
        self.valueType = valueType.map(ObjectIdentifier.init)
    }

    init(_ record: IndirectRecord, sourceIndex: UInt32) {
        self.init(source: sourceIndex, offset: Int(record.offset), size: Int(record.size), valueType: record.valueType)
    }
}
