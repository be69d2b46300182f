/// Indirect nodes: aliases of another attribute, either re-pointable (``IndirectAttribute``) or
/// fixed projections at a byte offset (key-path and offset attributes).
///
/// An indirect node has one always-enabled input edge to its source, so the source's changes
/// flow through it to the attributes that read the alias.
extension _Engine {
    func indirectRecord(_ index: UInt32) -> UnsafeMutablePointer<_IndirectRecord>? {
        let node = self.node(index)
        guard node.pointee.flags.contains(.indirect) else { return nil }
        return node.pointee.body.unsafelyUnwrapped.assumingMemoryBound(to: _IndirectRecord.self)
    }

    private func indirectTypeIndex() -> UInt32 {
        typeIndex(for: _IndirectRecord.self) {
            _AttributeTypeRecord(
                vtable: _IndirectVTable.self, comparator: nil, compareKind: .never, flags: [],
                valueSize: 0, valueOffset: 0, blockSize: MemoryLayout<_IndirectRecord>.size,
                blockAlignment: MemoryLayout<_IndirectRecord>.alignment, isIndirect: true,
                combinedSize: MemoryLayout<_IndirectRecord>.size)
        }
    }

    /// Creates an alias of `source` (which must be this graph's). Fixed offset aliases are
    /// shared: asking twice for the same projection returns the same attribute.
    func createIndirect(
        source: AnyAttribute, sourceIndex: UInt32, offset: Int, size: Int, mutable: Bool,
        valueType: Any.Type? = nil
    ) -> AnyAttribute {
        checkThread()
        if !mutable,
            let cached = storage.cachedOffsetAttribute(
                source: sourceIndex, offset: offset, size: size, valueType: valueType, engine: self)
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
        guard subgraph.graph.storage === storage else {
            _Misuse.foreignAttribute(source, graphSlot: state.pointee.slot, use: "an indirect attribute of another graph")
        }
        let record = _IndirectRecord(
            source: source, offset: Int32(offset), size: Int32(size), dependency: .nil, isMutable: mutable)
        let index = createNode(typeIndex: indirectTypeIndex(), subgraph: subgraph, flags: [.indirect]) { block in
            block.initializeMemory(as: _IndirectRecord.self, repeating: record, count: 1)
        }
        addInputEdge(consumer: index, input: source, flags: .alwaysEnabled)
        if !mutable {
            storage.cacheOffsetAttribute(source: sourceIndex, offset: offset, size: size, alias: index, valueType: valueType)
        } else if let valueType {
            storage.setOffsetValueType(index, valueType)
        }
        return attribute(index)
    }

    /// Re-points the alias `index` to `newSource`: readers of the alias see the new source's
    /// value (their edges are marked changed and they become dirty).
    func setIndirectSource(_ index: UInt32, _ newSource: AnyAttribute) {
        checkThread()
        guard let record = indirectRecord(index) else {
            _Misuse.fail("AttrGraph: \(attribute(index)) is not an indirect attribute; its source cannot be set.")
        }
        guard record.pointee.isMutable else {
            _Misuse.fail("AttrGraph: \(attribute(index)) is an offset attribute; its source is fixed.")
        }
        let newIndex = localIndex(of: newSource, use: "the source of indirect attribute \(attribute(index))")
        let oldSource = record.pointee.source
        if oldSource == newSource { return }
        // Re-pointing may not create an alias loop.
        var probe = newIndex
        var hops = 0
        while let probeRecord = indirectRecord(probe) {
            if probe == index {
                _Misuse.fail("AttrGraph: re-pointing \(attribute(index)) to \(newSource) would make it alias itself.")
            }
            probe = probeRecord.pointee.source.rawValue & _GraphRegistry.indexMask
            hops += 1
            if hops > 10_000 { break }
        }
        if probe == index {
            _Misuse.fail("AttrGraph: re-pointing \(attribute(index)) to \(newSource) would make it alias itself.")
        }
        let oldIndex = oldSource.rawValue & _GraphRegistry.indexMask
        if owns(oldSource), !node(oldIndex).pointee.flags.contains(.free) {
            node(oldIndex).outputs.removeFirst(attribute(index))
        }
        removeInputEdge(consumer: index, input: oldSource)
        record.pointee.source = newSource
        addInputEdge(consumer: index, input: newSource, flags: .alwaysEnabled)
        markOutputsChanged(index, fromInput: true)
        notifyContexts()
    }
}

extension GraphStorage {
    func cachedOffsetAttribute(source: UInt32, offset: Int, size: Int, valueType: Any.Type?, engine: _Engine) -> UInt32? {
        let key = _OffsetAliasKey(source: source, offset: offset, size: size, valueType: valueType)
        guard let alias = offsetAliases[key] else { return nil }
        let node = engine.node(alias)
        guard !node.pointee.flags.contains(.free), let record = engine.indirectRecord(alias),
            !record.pointee.isMutable, record.pointee.offset == Int32(offset),
            record.pointee.source.rawValue & _GraphRegistry.indexMask == source
        else {
            offsetAliases[key] = nil
            return nil
        }
        return alias
    }

    func cacheOffsetAttribute(source: UInt32, offset: Int, size: Int, alias: UInt32, valueType: Any.Type?) {
        offsetAliases[_OffsetAliasKey(source: source, offset: offset, size: size, valueType: valueType)] = alias
        if let valueType { offsetValueTypes[alias] = valueType }
    }

    func setOffsetValueType(_ alias: UInt32, _ type: Any.Type) {
        offsetValueTypes[alias] = type
    }

    func offsetValueType(_ alias: UInt32) -> Any.Type? {
        offsetValueTypes[alias]
    }
}

/// Offset aliases are shared per source, offset, size and value type: two members at the same
/// offset (an empty one and the next) are different projections.
struct _OffsetAliasKey: Hashable {
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
}
