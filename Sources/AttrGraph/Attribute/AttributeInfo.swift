import Synchronization

/// An attribute type's record as AttributeGraph's C API shows it (`AGAttributeType`): the body
/// and value types, the flags (comparison mode in the low bits), the value's comparison layout
/// and the body's `_AttributeBody` conformance. ``AnyAttribute/info`` points at one.
///
/// A plain C-shaped record of trivial fields, so code written for AttributeGraph can allocate
/// one and fill it field by field (``internAttributeType(ctx:body:makeAttributeType:)``).
/// AttrGraph's engine keeps its own type table; these records describe its entries and live as
/// long as the process (one per body type, value type, flags and comparison mode).
public struct _AttributeType {
    public struct Flags: OptionSet, Sendable, Hashable {
        public var rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        public static let comparisonModeBitwise = Flags([])
        public static let comparisonModeIndirect = Flags(rawValue: 1)
        public static let comparisonModeEquatableUnlessPOD = Flags(rawValue: 2)
        public static let comparisonModeEquatableAlways = Flags(rawValue: 3)
        public static let comparisonModeMask = Flags(rawValue: 3)
        public static let hasDestroySelf = Flags(rawValue: 1 << 2)
        /// Rules of this type run on the main thread in AttributeGraph (bookkeeping only here).
        public static let mainThread = Flags(rawValue: 1 << 3)
        /// An input attribute.
        public static let external = Flags(rawValue: 1 << 4)
        public static let asyncThread = Flags(rawValue: 1 << 5)
    }

    /// The body type.
    public var self_id: Metadata
    /// The value type.
    public var value_id: Metadata
    /// The update function as a closure's thunk and context (empty in AttrGraph's records: the
    /// engine runs rules through the body type's witnesses).
    public var update: _AGClosureStorage
    /// Functions for the type (none are set in AttrGraph's records).
    public var vtable: UnsafePointer<_AttributeVTable>
    public var flags: Flags
    /// Where the body lies from the attribute's node. AttributeGraph stores the body behind a
    /// node header (28 bytes and up); AttrGraph keeps bodies in blocks of their own: 0.
    public var internal_offset: UInt32
    /// The value type's comparison layout in the type's mode (``prefetchCompareValues(type:options:priority:)``).
    public var value_layout: UnsafePointer<UInt8>?
    /// The body type's `_AttributeBody` conformance.
    public var body_conformance: AGBodyConformance
}

/// A closure as a thunk and its context (AttributeGraph's `AGClosureStorage`).
public struct _AGClosureStorage {
    public var thunk: UnsafeRawPointer?
    public var context: UnsafeRawPointer?

    public init(thunk: UnsafeRawPointer? = nil, context: UnsafeRawPointer? = nil) {
        self.thunk = thunk
        self.context = context
    }
}

/// A type's conformance to `_AttributeBody`: its metadata and witness table.
public struct AGBodyConformance {
    public var type_id: Metadata
    public var witness_table: UnsafeRawPointer

    public init(type_id: Metadata, witness_table: UnsafeRawPointer) {
        self.type_id = type_id
        self.witness_table = witness_table
    }
}

/// An attribute type's functions (AttributeGraph's `AGAttributeVTable`). AttrGraph calls only
/// `type_destroy`, for a record interned with ``internAttributeType(ctx:body:makeAttributeType:)``
/// when its graph goes away: its engine reaches a body type through the type's Swift witnesses.
///
/// Differs from AttributeGraph: the functions are Swift closures, not C function pointers (a C
/// function cannot take a pointer to a Swift struct), so a vtable is initialised before its
/// fields are set (`initialize(to: _AttributeVTable())`), not filled in raw memory field by field.
public struct _AttributeVTable {
    public var version: UInt = 0
    public var type_destroy: ((UnsafeMutablePointer<_AttributeType>) -> Void)?
    public var self_destroy: ((UnsafePointer<_AttributeType>, UnsafeMutableRawPointer) -> Void)?
    public var update_default: ((UnsafePointer<_AttributeType>, UnsafeMutableRawPointer) -> Void)?

    public init() {}
}

/// What ``AnyAttribute/info`` returns: the attribute's type record and its body (AttributeGraph's `AGAttributeInfo`).
public struct AGAttributeInfo {
    public var type: UnsafePointer<_AttributeType>
    public var body: UnsafeRawPointer
}

extension AnyAttribute {
    /// The attribute's type record and body (AttributeGraph's `AGGraphGetAttributeInfo`). Stops
    /// with a message for an indirect attribute, which has neither.
    public var info: AGAttributeInfo {
        let (engine, index) = _Engine.resolveLive(self)
        let record = engine.type(engine.node(index)).pointee
        if record.isIndirect {
            fatalError("AttrGraph: AnyAttribute.info of \(self), an indirect attribute: it has no type record or body of its own")
        }
        var visitor = ConformanceVisitor()
        visitBody(&visitor)
        let flags = record.flags.subtracting(_AttributeType.Flags.comparisonModeMask)
            .union(_AttributeType.Flags(rawValue: UInt32(record.mode.rawValue)))
        let type = AttributeTypeRecords.record(
            body: record.bodyType, value: record.valueType, flags: flags, mode: record.mode,
            witnessTable: visitor.witnessTable)
        return AGAttributeInfo(type: type, body: _bodyPointer)
    }
}

/// Finds the body type's `_AttributeBody` witness table.
private struct ConformanceVisitor: AttributeBodyVisitor {
    var witnessTable: UnsafeRawPointer?
    mutating func visit<Body: _AttributeBody>(body: UnsafePointer<Body>) {
        witnessTable = unsafeBitCast(Body.self as any _AttributeBody.Type, to: (UnsafeRawPointer, UnsafeRawPointer).self).1
    }
}

/// The `_AttributeType` records ``AnyAttribute/info`` points at, one per body type, value type,
/// flags and mode, made on first use and kept for the life of the process.
enum AttributeTypeRecords {
    private struct Key: Hashable {
        let body: ObjectIdentifier
        let value: ObjectIdentifier
        let flags: UInt32
    }
    nonisolated(unsafe) private static let emptyVTable: UnsafeMutablePointer<_AttributeVTable> = {
        let vtable = UnsafeMutablePointer<_AttributeVTable>.allocate(capacity: 1)
        vtable.initialize(to: _AttributeVTable())
        return vtable
    }()
    /// Addresses of the records (integers: they cross the lock's isolation boundary).
    private static let records = Locked<[Key: UInt]>([:])

    static func record(
        body: Any.Type, value: Any.Type, flags: _AttributeType.Flags, mode: ComparisonMode, witnessTable: UnsafeRawPointer?
    ) -> UnsafePointer<_AttributeType> {
        let key = Key(body: ObjectIdentifier(body), value: ObjectIdentifier(value), flags: flags.rawValue)
        if let address = records.withLock({ $0[key] }) { return UnsafePointer(bitPattern: address).unsafelyUnwrapped }
        // Built outside the lock: the layout may be built now, and that takes the layout cache's lock.
        let layout = prefetchCompareValues(
            type: Metadata(value), options: ComparisonOptions(mode: mode).union(.fetchLayoutsSynchronously), priority: 0)
        let made = UnsafeMutablePointer<_AttributeType>.allocate(capacity: 1)
        made.initialize(
            to: _AttributeType(
                self_id: Metadata(body), value_id: Metadata(value), update: _AGClosureStorage(),
                vtable: UnsafePointer(emptyVTable), flags: flags, internal_offset: 0, value_layout: layout,
                body_conformance: AGBodyConformance(
                    type_id: Metadata(body), witness_table: witnessTable ?? UnsafeRawPointer(emptyVTable))))
        let address = UInt(bitPattern: made)
        let kept = records.withLock { records in
            if let existing = records[key] { return existing }
            records[key] = address
            return address
        }
        if kept != address { made.deallocate() }
        return UnsafePointer(bitPattern: kept).unsafelyUnwrapped
    }
}

/// Registers an attribute type record for `body` in `ctx`'s graph and returns its index
/// (AttributeGraph's `AGGraphInternAttributeType`): the first call for a body type calls
/// `makeAttributeType` and keeps the record (numbered from 1, in the order they came), later
/// calls return the same index without calling it. The graph fills in the record's
/// `internal_offset` and `value_layout` (the value type's layout in the mode of the record's
/// flags), and calls its vtable's `type_destroy` when the graph goes away.
///
/// AttrGraph's engine does not run attributes from such records — it creates attributes from
/// Swift body types (``Attribute/init(body:value:flags:update:)``) — so the index names the
/// record for the code that interned it.
public func internAttributeType(
    ctx: UnownedGraphContext, body: Metadata, makeAttributeType: () -> UnsafePointer<_AttributeType>
) -> UInt32 {
    let storage = ctx.graph.storage
    let key = ObjectIdentifier(body.type)
    if let index = storage.recordIndexByBody[key] { return index }
    let record = UnsafeMutablePointer(mutating: makeAttributeType())
    let mode = ComparisonMode(rawValue: UInt8(record.pointee.flags.rawValue & 3)) ?? .bitwise
    record.pointee.internal_offset = 0
    record.pointee.value_layout = prefetchCompareValues(
        type: record.pointee.value_id, options: ComparisonOptions(mode: mode).union(.fetchLayoutsSynchronously),
        priority: 0)
    storage.internedRecords.append(UnsafePointer(record))
    let index = UInt32(storage.internedRecords.count)
    storage.recordIndexByBody[key] = index
    return index
}
