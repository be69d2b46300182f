/// One attribute's record in the node table: 64 bytes, stored in pages, addressed by index.
///
/// The low byte of ``flags`` uses AttributeGraph's value-state bits (so ``ValueState`` is a
/// direct view of it); the high byte holds AttrGraph's own bookkeeping.
struct _Node {
    var flags: _NodeFlags
    /// How many update frames are currently updating this node (AG's `count`).
    var updateCount: UInt8
    /// The user-visible ``AnyAttribute/Flags`` (subgraph flags).
    var subgraphFlags: UInt8
    var typeIndex: UInt32
    /// Index of the owning subgraph in the graph's subgraph table.
    var subgraph: UInt32
    /// Bumped each time the slot is freed, so weak references can tell a reused slot apart.
    var generation: UInt32
    /// The body block (body at offset 0, value at the type's value offset); `nil` for a free slot.
    var body: UnsafeMutableRawPointer?
    /// Where the value lives (inside the body block); `nil` for indirect nodes and free slots.
    var value: UnsafeMutableRawPointer?
    var inputs: _EdgeList<_InputEdge>
    var outputs: _EdgeList<AnyAttribute>
}

/// Node state bits. The low byte matches AttributeGraph's `AGValueState`.
struct _NodeFlags: OptionSet {
    var rawValue: UInt16

    // Concrete set operations: the generic `OptionSet` defaults are unspecialized (and slow) in
    // debug builds, and these flags are tested on every node visit.
    @inline(__always) init(rawValue: UInt16) { self.rawValue = rawValue }
    @inline(__always) func contains(_ member: Self) -> Bool { rawValue & member.rawValue == member.rawValue }
    @inline(__always) @discardableResult
    mutating func insert(_ member: Self) -> (inserted: Bool, memberAfterInsert: Self) {
        let inserted = rawValue & member.rawValue != member.rawValue
        rawValue |= member.rawValue
        return (inserted, member)
    }
    @inline(__always) @discardableResult
    mutating func remove(_ member: Self) -> Self? {
        let removed = rawValue & member.rawValue
        rawValue &= ~member.rawValue
        return removed == 0 ? nil : Self(rawValue: removed)
    }
    @inline(__always) mutating func formUnion(_ other: Self) { rawValue |= other.rawValue }
    @inline(__always) func union(_ other: Self) -> Self { Self(rawValue: rawValue | other.rawValue) }

    // AttributeGraph's value-state bits.
    static let dirty = _NodeFlags(rawValue: 1 << 0)
    static let pending = _NodeFlags(rawValue: 1 << 1)
    static let updating = _NodeFlags(rawValue: 1 << 2)  // derived from `updateCount`, never stored
    static let valueExists = _NodeFlags(rawValue: 1 << 3)
    static let mainThread = _NodeFlags(rawValue: 1 << 4)
    static let selfModified = _NodeFlags(rawValue: 1 << 7)

    // Bits 5 and 6 are AttributeGraph's main-ref / requires-main-thread bits, which AttrGraph
    // does not use; it keeps two bits of bookkeeping there and masks them out of ``ValueState``.
    /// The node's rule is running now.
    static let running = _NodeFlags(rawValue: 1 << 5)
    /// Marked dirty again while its rule was running (through a cycle): stays dirty afterwards.
    static let redirtied = _NodeFlags(rawValue: 1 << 6)
    /// The value-state bits that are AttributeGraph's (``ValueState``).
    static let valueStateMask: UInt16 = 0x9F

    // AttrGraph bookkeeping.
    /// An indirect (alias / offset) node: its body is an ``_IndirectRecord``.
    static let indirect = _NodeFlags(rawValue: 1 << 8)
    /// An input attribute (``External``): it has no rule and is never dirty.
    static let external = _NodeFlags(rawValue: 1 << 9)
    /// An observer node: when it becomes dirty it is queued for the next ``Graph/update()``.
    static let observer = _NodeFlags(rawValue: 1 << 10)
    /// One of its input edges is marked changed (saves scanning inputs to decide whether to re-run).
    static let inputsChanged = _NodeFlags(rawValue: 1 << 11)
    /// Being evaluated re-entrantly because of a cycle; re-entering it again is fatal.
    static let cyclic = _NodeFlags(rawValue: 1 << 12)
    /// Its subgraph was invalidated; destruction is deferred until the current update ends.
    static let invalidated = _NodeFlags(rawValue: 1 << 13)
    /// The slot is free (on the free list).
    static let free = _NodeFlags(rawValue: 1 << 14)
    /// A cycle through this node was already reported in the current update (once per episode).
    static let cycleReported = _NodeFlags(rawValue: 1 << 15)

    /// Bits meaning "must be brought up to date before its value can be used".
    static let needsUpdate: _NodeFlags = [.dirty, .pending]
}

/// An input edge, stored in the consumer's input list (8 bytes).
struct _InputEdge {
    var attribute: AnyAttribute
    var flags: _EdgeFlags
}

/// Edge flags, with AttributeGraph's bit values.
struct _EdgeFlags: OptionSet {
    var rawValue: UInt8

    // Concrete set operations: the generic `OptionSet` defaults are unspecialized (and slow) in
    // debug builds, and these flags are tested on every node visit.
    @inline(__always) init(rawValue: UInt8) { self.rawValue = rawValue }
    @inline(__always) func contains(_ member: Self) -> Bool { rawValue & member.rawValue == member.rawValue }
    @inline(__always) @discardableResult
    mutating func insert(_ member: Self) -> (inserted: Bool, memberAfterInsert: Self) {
        let inserted = rawValue & member.rawValue != member.rawValue
        rawValue |= member.rawValue
        return (inserted, member)
    }
    @inline(__always) @discardableResult
    mutating func remove(_ member: Self) -> Self? {
        let removed = rawValue & member.rawValue
        rawValue &= ~member.rawValue
        return removed == 0 ? nil : Self(rawValue: removed)
    }
    @inline(__always) mutating func formUnion(_ other: Self) { rawValue |= other.rawValue }
    @inline(__always) func union(_ other: Self) -> Self { Self(rawValue: rawValue | other.rawValue) }
    static let unprefetched = _EdgeFlags(rawValue: 1)
    static let syncMainRef = _EdgeFlags(rawValue: 2)
    /// Added explicitly with `addInput`: never pruned when a run does not read it.
    static let alwaysEnabled = _EdgeFlags(rawValue: 4)
    /// The input's value changed since the consumer last ran.
    static let changed = _EdgeFlags(rawValue: 8)
    /// Read during the consumer's current run (edges without it are pruned after the run).
    static let enabled = _EdgeFlags(rawValue: 16)
}

/// What an indirect node's body block holds.
struct _IndirectRecord {
    /// The attribute it aliases (may itself be indirect).
    var source: AnyAttribute
    /// Byte offset into the source's value (key-path and offset projections).
    var offset: Int32
    /// Size of the projected value, for checks.
    var size: Int32
    /// Brought up to date before the alias is followed (``IndirectAttribute/dependency``).
    var dependency: AnyAttribute
    /// Whether the source may be changed (``IndirectAttribute``) or is fixed (offset projection).
    var isMutable: Bool
}

/// A growable array of edges living in the graph's slab allocator (16 bytes inline in the node).
struct _EdgeList<Element> {
    var base: UnsafeMutablePointer<Element>?
    var count: UInt32
    var capacity: UInt32

    static var empty: _EdgeList { _EdgeList(base: nil, count: 0, capacity: 0) }

    @inline(__always)
    subscript(index: Int) -> Element {
        get { base.unsafelyUnwrapped[index] }
        nonmutating set { base.unsafelyUnwrapped[index] = newValue }
    }

    @inline(__always)
    var buffer: UnsafeMutableBufferPointer<Element> {
        UnsafeMutableBufferPointer(start: base, count: Int(count))
    }

    mutating func append(_ element: Element, allocator: inout _UnsafeSlabAllocator) {
        if count == capacity {
            grow(allocator: &allocator)
        }
        (base.unsafelyUnwrapped + Int(count)).initialize(to: element)
        count += 1
    }

    private mutating func grow(allocator: inout _UnsafeSlabAllocator) {
        let newCapacity = capacity == 0 ? 1 : capacity * 2
        let stride = MemoryLayout<Element>.stride
        let raw = allocator.allocate(
            byteCount: Int(newCapacity) * stride, alignment: MemoryLayout<Element>.alignment)
        let newBase = raw.bindMemory(to: Element.self, capacity: Int(newCapacity))
        if let old = base {
            newBase.moveInitialize(from: old, count: Int(count))
            allocator.deallocate(
                UnsafeMutableRawPointer(old), byteCount: Int(capacity) * stride,
                alignment: MemoryLayout<Element>.alignment)
        }
        base = newBase
        capacity = newCapacity
    }

    /// Removes the element at `index`, keeping order.
    mutating func remove(at index: Int) {
        let base = self.base.unsafelyUnwrapped
        var position = index
        while position + 1 < Int(count) {
            base[position] = base[position + 1]
            position += 1
        }
        count -= 1
    }

    mutating func release(allocator: inout _UnsafeSlabAllocator) {
        if let base {
            allocator.deallocate(
                UnsafeMutableRawPointer(base), byteCount: Int(capacity) * MemoryLayout<Element>.stride,
                alignment: MemoryLayout<Element>.alignment)
        }
        self = .empty
    }
}

extension _EdgeList where Element == AnyAttribute {
    /// Removes the first occurrence of `attribute`, keeping order. O(count).
    mutating func removeFirst(_ attribute: AnyAttribute) {
        guard let base else { return }
        for index in 0..<Int(count) where base[index] == attribute {
            remove(at: index)
            return
        }
    }
}
