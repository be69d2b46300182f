/// One attribute's record in the node table (``NodeTable``): 64 bytes, addressed by index.
///
/// The low byte of ``flags`` uses AttributeGraph's value-state bits (so ``ValueState`` is a
/// direct view of it); the high byte holds AttrGraph's own bookkeeping.
struct _Node {
    var flags: NodeFlags
    /// How many update frames are currently updating this node (AG's `count`).
    var updateCount: UInt8
    /// The user-visible ``AnyAttribute/Flags`` (subgraph flags).
    var subgraphFlags: UInt8
    var typeIndex: UInt32
    /// Index of the owning subgraph in the graph's subgraph table.
    var subgraph: UInt32
    /// This incarnation of the slot: ids carry it (``AnyAttribute/seed``), so an id kept after its
    /// attribute was destroyed is told apart from the attribute that reuses the slot. Never 0.
    var generation: UInt32
    /// The body block (body at offset 0, value at the type's value offset); `nil` for a free slot.
    var body: UnsafeMutableRawPointer?
    /// Where the value lives (inside the body block); `nil` for indirect nodes and free slots.
    var value: UnsafeMutableRawPointer?
    /// Use `node.inputs` (``_Edges``) to read and change it.
    var inputList: EdgeList<InputEdge>
    /// Use `node.outputs` (``_Edges``) to read and change it.
    var outputList: EdgeList<OutputEdge>
}

/// Node state bits. The low byte matches AttributeGraph's `AGValueState`.
struct NodeFlags: OptionSet {
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
    static let dirty = NodeFlags(rawValue: 1 << 0)
    static let pending = NodeFlags(rawValue: 1 << 1)
    static let updating = NodeFlags(rawValue: 1 << 2)  // derived from `updateCount`, never stored
    static let valueExists = NodeFlags(rawValue: 1 << 3)
    static let mainThread = NodeFlags(rawValue: 1 << 4)
    static let selfModified = NodeFlags(rawValue: 1 << 7)

    // Bits 5 and 6 are AttributeGraph's main-ref / requires-main-thread bits, which AttrGraph
    // does not use; it keeps two bits of bookkeeping there and masks them out of ``ValueState``.
    /// The node's rule is running now.
    static let running = NodeFlags(rawValue: 1 << 5)
    /// Marked dirty again while its rule was running (through a cycle): stays dirty afterwards.
    static let redirtied = NodeFlags(rawValue: 1 << 6)
    /// The value-state bits that are AttributeGraph's (``ValueState``).
    static let valueStateMask: UInt16 = 0x9F

    // AttrGraph bookkeeping.
    /// An indirect (alias / offset) node: its body is an ``IndirectRecord``.
    static let indirect = NodeFlags(rawValue: 1 << 8)
    /// An input attribute (``External``): it has no rule and is never dirty.
    static let external = NodeFlags(rawValue: 1 << 9)
    /// An observer node: when it becomes dirty it is queued for the next ``Graph/update()``.
    static let observer = NodeFlags(rawValue: 1 << 10)
    /// One of its input edges is marked changed (saves scanning inputs to decide whether to re-run).
    static let inputsChanged = NodeFlags(rawValue: 1 << 11)
    /// Being evaluated re-entrantly because of a cycle; re-entering it again is fatal.
    static let cyclic = NodeFlags(rawValue: 1 << 12)
    /// Its subgraph was invalidated; destruction is deferred until the current update ends.
    static let invalidated = NodeFlags(rawValue: 1 << 13)
    /// The slot is free (on the free list).
    static let free = NodeFlags(rawValue: 1 << 14)
    /// A cycle through this node was already reported in the current update (once per episode).
    static let cycleReported = NodeFlags(rawValue: 1 << 15)

    /// Bits meaning "must be brought up to date before its value can be used".
    static let needsUpdate: NodeFlags = [.dirty, .pending]
}

/// An input edge, stored in the consumer's input list (8 bytes). Edges never leave their graph
/// storage, so they hold node indices, not ids.
struct InputEdge {
    /// The input's node index.
    var input: UInt32
    var flags: EdgeFlags
}

extension InputEdge {
    /// Offset of `flags` (a constant: a key-path lookup per access costs more than the access).
    @inline(__always) static var flagsOffset: Int { 4 }

    /// Sets `flag` on the edge stored at `edge`, touching only its flags byte.
    @inline(__always)
    static func setFlag(_ flag: EdgeFlags, onEdgeAt edge: UnsafeMutableRawPointer) {
        let flags = edge + flagsOffset
        flags.storeBytes(of: flags.load(as: UInt8.self) | flag.rawValue, as: UInt8.self)
    }
}

/// Edge flags, with AttributeGraph's bit values.
struct EdgeFlags: OptionSet {
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
    static let unprefetched = EdgeFlags(rawValue: 1)
    static let syncMainRef = EdgeFlags(rawValue: 2)
    /// Added explicitly with `addInput`: never pruned when a run does not read it.
    static let alwaysEnabled = EdgeFlags(rawValue: 4)
    /// The input's value changed since the consumer last ran.
    static let changed = EdgeFlags(rawValue: 8)
    /// Read during the consumer's current run (edges without it are pruned after the run).
    static let enabled = EdgeFlags(rawValue: 16)
}

/// An output edge, stored in the input's output list (4 bytes): the consumer's node index in
/// the low ``GraphRegistry/indexBits`` bits and, above them, where the consumer's input list
/// had the matching input edge when it was last looked up — a hint, checked before use (input
/// lists are compacted and reordered without updating it), that saves searching the consumer's
/// inputs each time the value changes.
struct OutputEdge {
    var raw: UInt32

    /// No position hint (or a position too large to hold).
    static let noHint = Int(UInt32.max >> GraphRegistry.indexBits)

    @inline(__always)
    init(consumer: UInt32, hint: Int) {
        let hint = hint < Self.noHint ? hint : Self.noHint
        raw = consumer | UInt32(truncatingIfNeeded: hint) << GraphRegistry.indexBits
    }

    @inline(__always) var consumer: UInt32 { raw & GraphRegistry.indexMask }
    @inline(__always) var hint: Int { Int(raw >> GraphRegistry.indexBits) }
}

/// What an indirect node's body block holds.
struct IndirectRecord {
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
    /// The value type the alias presents, when it is known (typed projections and indirect
    /// attributes); `nil` means the source's value type.
    var valueType: Any.Type?
    /// The source it was created with (``IndirectAttribute/resetSource()`` goes back to it).
    var initialSource: AnyAttribute
}

/// Storage of a node's input or output edges (16 bytes inline in the node).
///
/// Most nodes have one input and one or two outputs, so the first 8 bytes of elements are stored
/// *inline* in `storage` (while `capacity` ≤ ``_Edges/inlineCapacity``) and share the node's cache
/// line; larger lists live in the graph's slab allocator and `storage` holds their address.
/// Access it through ``_Edges``.
struct EdgeList<Element> {
    var storage: UInt64
    var count: UInt32
    var capacity: UInt32

    static var empty: EdgeList { EdgeList(storage: 0, count: 0, capacity: 0) }
}

/// A view of one ``EdgeList`` at a fixed address (inside a node in the node table): a random
/// access collection of its edges, with in-place updates. Elements are trivially copyable and
/// accessed with raw loads and stores.
struct _Edges<Element>: RandomAccessCollection {
    let list: UnsafeMutablePointer<EdgeList<Element>>

    @inline(__always)
    init(_ list: UnsafeMutablePointer<EdgeList<Element>>) {
        self.list = list
    }

    /// How many elements fit in the list's own 8 bytes.
    @inline(__always)
    static var inlineCapacity: Int { 8 / MemoryLayout<Element>.stride }

    var startIndex: Int { 0 }
    var endIndex: Int { Int(list.pointee.count) }

    /// Where the elements are: inside the list itself, or on the heap.
    @inline(__always)
    var base: UnsafeMutableRawPointer {
        Int(list.pointee.capacity) <= Self.inlineCapacity
            ? UnsafeMutableRawPointer(list)
            : UnsafeMutableRawPointer(bitPattern: UInt(list.pointee.storage)).unsafelyUnwrapped
    }

    @inline(__always)
    subscript(position: Int) -> Element {
        get { base.load(fromByteOffset: position &* MemoryLayout<Element>.stride, as: Element.self) }
        nonmutating set {
            base.storeBytes(of: newValue, toByteOffset: position &* MemoryLayout<Element>.stride, as: Element.self)
        }
    }

    func append(_ element: Element, allocator: inout UnsafeSlabAllocator) {
        let count = Int(list.pointee.count)
        if count == Int(list.pointee.capacity) {
            if count == 0 {
                list.pointee.capacity = UInt32(Self.inlineCapacity)
            } else {
                grow(allocator: &allocator)
            }
        }
        self[count] = element
        list.pointee.count += 1
    }

    private func grow(allocator: inout UnsafeSlabAllocator) {
        let oldCapacity = Int(list.pointee.capacity)
        let newCapacity = Swift.max(2 * Self.inlineCapacity, oldCapacity * 2)
        let stride = MemoryLayout<Element>.stride
        let heap = allocator.allocate(byteCount: newCapacity * stride, alignment: 8)
        heap.copyMemory(from: base, byteCount: Int(list.pointee.count) * stride)
        if oldCapacity > Self.inlineCapacity {
            allocator.deallocate(base, byteCount: oldCapacity * stride, alignment: 8)
        }
        list.pointee.storage = UInt64(UInt(bitPattern: heap))
        list.pointee.capacity = UInt32(newCapacity)
    }

    /// Removes the element at `index`, keeping order.
    func remove(at index: Int) {
        var position = index
        while position + 1 < count {
            self[position] = self[position + 1]
            position += 1
        }
        list.pointee.count -= 1
    }

    /// Drops elements past `newCount` (used after compacting in place).
    func truncate(to newCount: Int) {
        list.pointee.count = UInt32(newCount)
    }

    func release(allocator: inout UnsafeSlabAllocator) {
        if Int(list.pointee.capacity) > Self.inlineCapacity {
            allocator.deallocate(
                base, byteCount: Int(list.pointee.capacity) * MemoryLayout<Element>.stride, alignment: 8)
        }
        list.pointee = .empty
    }
}

extension _Edges where Element == InputEdge {
    /// Clears `flag` on the first `count` edges (raw byte operations: the hot path after a run).
    @inline(__always)
    func clearFlag(_ flag: EdgeFlags, upTo count: Int) {
        guard count > 0 else { return }
        let flags = base + InputEdge.flagsOffset
        let mask = ~flag.rawValue
        var position = 0
        while position < count {
            let address = flags + position &* MemoryLayout<InputEdge>.stride
            address.storeBytes(of: address.load(as: UInt8.self) & mask, as: UInt8.self)
            position &+= 1
        }
    }

    /// The position of the edge reading node `input`, or -1. O(count); checks the first edge first.
    @inline(__always)
    func firstIndex(of input: UInt32) -> Int {
        let count = self.count
        let base = self.base
        var position = 0
        while position < count {
            if base.load(fromByteOffset: position &* MemoryLayout<InputEdge>.stride, as: UInt32.self) == input {
                return position
            }
            position &+= 1
        }
        return -1
    }

    /// Sets `flag` on the edge at `position`.
    @inline(__always)
    func setFlag(_ flag: EdgeFlags, at position: Int) {
        InputEdge.setFlag(flag, onEdgeAt: base + position &* MemoryLayout<InputEdge>.stride)
    }
}

extension _Edges where Element == OutputEdge {
    /// The consumer at `position`.
    @inline(__always)
    func consumer(at position: Int) -> UInt32 { self[position].consumer }

    /// The consumers' node indices, in edge order (for slow paths).
    var consumers: [UInt32] { map(\.consumer) }

    /// Removes the first edge to node `consumer`, keeping order. O(count).
    func removeFirst(_ consumer: UInt32) {
        for index in 0..<count where self[index].consumer == consumer {
            remove(at: index)
            return
        }
    }

    /// Whether an edge leads to node `consumer`. O(count).
    func contains(consumer: UInt32) -> Bool {
        contains { $0.consumer == consumer }
    }
}

extension UnsafeMutablePointer where Pointee == _Node {
    /// The node's input edges, in the order its rule read them.
    @inline(__always)
    var inputs: _Edges<InputEdge> {
        _Edges((UnsafeMutableRawPointer(self) + _Node.inputsOffset).assumingMemoryBound(to: EdgeList<InputEdge>.self))
    }

    /// The attributes that read this node (its consumers).
    @inline(__always)
    var outputs: _Edges<OutputEdge> {
        _Edges((UnsafeMutableRawPointer(self) + _Node.outputsOffset).assumingMemoryBound(to: EdgeList<OutputEdge>.self))
    }
}

extension _Node {
    /// The generation after `generation` (never 0, which marks ids without a seed).
    @inline(__always)
    static func nextGeneration(_ generation: UInt32) -> UInt32 {
        let next = generation &+ 1
        return next == 0 ? 1 : next
    }

    /// Field offsets as constants (a key-path lookup per access would cost more than the access);
    /// checked against the real layout when a graph is created.
    @inline(__always) static var inputsOffset: Int { 32 }
    @inline(__always) static var outputsOffset: Int { 48 }

    static func checkLayout() {
        precondition(
            MemoryLayout<_Node>.offset(of: \_Node.inputList) == inputsOffset
                && MemoryLayout<_Node>.offset(of: \_Node.outputList) == outputsOffset
                && MemoryLayout<_Node>.stride == 64
                && MemoryLayout<InputEdge>.offset(of: \InputEdge.flags) == InputEdge.flagsOffset,
            "AttrGraph: unexpected node layout")
    }
}
