import AttrGraphShims

/// The runtime type of a tuple, for working with tuple values whose element types are only known
/// at run time (AttributeGraph's `AGTupleType`). Any other type counts as a tuple of one element.
///
///     let pair = TupleType([Int.self, String.self])
///     pair.count                  // 2
///     pair.elementOffset(at: 1)   // 8
///
/// Element types and offsets are read from the tuple's runtime metadata (Swift ABI layout).
@frozen
public struct TupleType: Hashable, @unchecked Sendable {
    // @unchecked: metadata records are immutable and live as long as the process.
    public var rawValue: UnsafePointer<_Metadata>

    public init(rawValue: UnsafePointer<_Metadata>) {
        self.rawValue = rawValue
    }

    /// The tuple of `count` element types (one element type is that type itself).
    public init(count: Int, elements: UnsafePointer<Metadata>) {
        precondition(count >= 0 && count <= 0xffff, "AttrGraph: a tuple type has 0…65535 elements, not \(count).")
        if count == 1 {
            rawValue = elements[0].rawValue
            return
        }
        let metadata = elements.withMemoryRebound(to: UnsafeRawPointer.self, capacity: count) {
            ag_tuple_type_metadata(count, $0)
        }
        guard let metadata else {
            _Misuse.fail("AttrGraph: the Swift runtime could not make the tuple type of \(count) elements.")
        }
        rawValue = metadata.assumingMemoryBound(to: _Metadata.self)
    }

    public init(_ types: [any Any.Type]) {
        let elements = types.map(Metadata.init)
        self.init(count: elements.count, elements: elements)
    }

    /// `type` as a tuple type (a non-tuple type is a tuple of one element).
    public init(_ type: any Any.Type) {
        rawValue = Metadata(type).rawValue
    }

    public var type: any Any.Type { Metadata(rawValue: rawValue).type }

    private var isTuple: Bool { SwiftABI.runtimeKind(of: type) == .tuple }

    public var count: Int {
        isTuple ? SwiftABI.tupleCount(UnsafeRawPointer(rawValue)) : 1
    }

    /// The size in bytes of a value of the tuple.
    public var size: Int { _typeOps(type).size }

    public var isEmpty: Bool { count == 0 }

    public var indices: Range<Int> { 0..<count }

    public func elementType(at index: Int) -> Metadata {
        Metadata(element(at: index).type)
    }

    public func type(at index: Int) -> any Any.Type {
        element(at: index).type
    }

    public func elementSize(at index: Int) -> Int {
        _typeOps(element(at: index).type).size
    }

    public func elementOffset(at index: Int) -> Int {
        element(at: index).offset
    }

    /// The offset of element `index`, checking that the element is of `type`.
    public func elementOffset(at index: Int, type: Metadata) -> Int {
        let element = self.element(at: index)
        guard Metadata(element.type) == type else {
            _Misuse.fail(
                "AttrGraph: element \(index) of \(Metadata(rawValue: rawValue)) is \(Metadata(element.type)), not \(type).")
        }
        return element.offset
    }

    public func offset<T>(at index: Int, as type: T.Type) -> Int {
        elementOffset(at: index, type: Metadata(type))
    }

    private func element(at index: Int) -> (type: Any.Type, offset: Int) {
        guard index >= 0 && index < count else {
            _Misuse.fail("AttrGraph: tuple element index \(index) is out of range 0..<\(count) of \(Metadata(rawValue: rawValue)).")
        }
        return isTuple ? SwiftABI.tupleElement(UnsafeRawPointer(rawValue), at: index) : (type, 0)
    }

    /// How ``setElement(in:at:from:options:)`` and ``getElement(in:at:to:options:)`` move a value:
    /// assign over an initialised destination or initialise an uninitialised one; copy the source
    /// or take it (leaving it uninitialised).
    @frozen
    public enum CopyOptions: UInt32, Sendable {
        case assignCopy = 0
        case initCopy = 1
        case assignTake = 2
        case initTake = 3
    }

    /// Stores `*source` as element `index` of the tuple value at `tupleValue`.
    public func setElement<T>(
        in tupleValue: UnsafeMutableRawPointer, at index: Int, from source: UnsafePointer<T>, options: CopyOptions
    ) {
        let destination = (tupleValue + offset(at: index, as: T.self)).assumingMemoryBound(to: T.self)
        _move(from: UnsafeMutablePointer(mutating: source), to: destination, options)
    }

    /// Stores element `index` of the tuple value at `tupleValue` into `*destination`.
    public func getElement<T>(
        in tupleValue: UnsafeMutableRawPointer, at index: Int, to destination: UnsafeMutablePointer<T>,
        options: CopyOptions
    ) {
        let source = (tupleValue + offset(at: index, as: T.self)).assumingMemoryBound(to: T.self)
        _move(from: source, to: destination, options)
    }

    /// Deinitialises the whole tuple value at `value` (its memory stays allocated).
    public func destroy(_ value: UnsafeMutableRawPointer) {
        for index in indices { destroy(value, at: index) }
    }

    /// Deinitialises element `index` of the tuple value at `value`.
    public func destroy(_ value: UnsafeMutableRawPointer, at index: Int) {
        let element = self.element(at: index)
        func deinitialize<E>(_: E.Type) {
            (value + element.offset).assumingMemoryBound(to: E.self).deinitialize(count: 1)
        }
        _openExistential(element.type, do: deinitialize)
    }
}

private func _move<T>(
    from source: UnsafeMutablePointer<T>, to destination: UnsafeMutablePointer<T>, _ options: TupleType.CopyOptions
) {
    switch options {
    case .assignCopy: destination.pointee = source.pointee
    case .initCopy: destination.initialize(to: source.pointee)
    case .assignTake: destination.pointee = source.move()
    case .initTake: destination.moveInitialize(from: source, count: 1)
    }
}

/// A tuple value seen through its ``TupleType`` (AttributeGraph's `AGUnsafeTuple`).
@frozen
public struct UnsafeTuple: @unchecked Sendable {
    public var type: TupleType
    public var value: UnsafeRawPointer

    public init(type: TupleType, value: UnsafeRawPointer) {
        self.type = type
        self.value = value
    }

    public var count: Int { type.count }
    public var isEmpty: Bool { type.isEmpty }
    public var indices: Range<Int> { type.indices }

    /// The whole value, as a `T` (which must be the tuple type itself).
    public func address<T>(as expectedType: T.Type = T.self) -> UnsafePointer<T> {
        guard type.type == T.self else {
            _Misuse.fail("AttrGraph: the tuple is \(Metadata(type.type)), not \(Metadata(T.self)).")
        }
        return value.assumingMemoryBound(to: T.self)
    }

    /// Element `index`, which must be a `T`.
    public func address<T>(of index: Int, as elementType: T.Type = T.self) -> UnsafePointer<T> {
        (value + type.offset(at: index, as: T.self)).assumingMemoryBound(to: T.self)
    }

    public subscript<T>() -> T {
        unsafeAddress { address(as: T.self) }
    }

    public subscript<T>(index: Int) -> T {
        unsafeAddress { address(of: index, as: T.self) }
    }
}

/// A mutable tuple value seen through its ``TupleType`` (AttributeGraph's `AGUnsafeMutableTuple`).
@frozen
public struct UnsafeMutableTuple: @unchecked Sendable {
    public var type: TupleType
    public var value: UnsafeMutableRawPointer

    public init(type: TupleType, value: UnsafeMutableRawPointer) {
        self.type = type
        self.value = value
    }

    /// Allocates uninitialised memory for one value of `tupleType`; release it with
    /// ``deallocate(initialized:)``.
    public init(with tupleType: TupleType) {
        let ops = _typeOps(tupleType.type)
        self.init(type: tupleType, value: .allocate(byteCount: max(ops.size, 1), alignment: ops.alignment))
    }

    /// Frees the memory, first deinitialising the value when `initialized`.
    public func deallocate(initialized: Bool) {
        if initialized { deinitialize() }
        value.deallocate()
    }

    public func initialize<T>(at index: Int, to element: T) {
        withUnsafePointer(to: element) { type.setElement(in: value, at: index, from: $0, options: .initCopy) }
    }

    public func deinitialize() { type.destroy(value) }

    public func deinitialize(at index: Int) { type.destroy(value, at: index) }

    public var count: Int { type.count }
    public var isEmpty: Bool { type.isEmpty }
    public var indices: Range<Int> { type.indices }

    public func address<T>(as expectedType: T.Type = T.self) -> UnsafeMutablePointer<T> {
        guard type.type == T.self else {
            _Misuse.fail("AttrGraph: the tuple is \(Metadata(type.type)), not \(Metadata(T.self)).")
        }
        return value.assumingMemoryBound(to: T.self)
    }

    public func address<T>(of index: Int, as elementType: T.Type = T.self) -> UnsafeMutablePointer<T> {
        (value + type.offset(at: index, as: T.self)).assumingMemoryBound(to: T.self)
    }

    public subscript<T>() -> T {
        unsafeAddress { UnsafePointer(address(as: T.self)) }
        nonmutating unsafeMutableAddress { address(as: T.self) }
    }

    public subscript<T>(index: Int) -> T {
        unsafeAddress { UnsafePointer(address(of: index, as: T.self)) }
        nonmutating unsafeMutableAddress { address(of: index, as: T.self) }
    }
}

/// Calls `body` with uninitialised, suitably aligned memory for `count` values of `type`, laid out
/// one after another (on the stack when small). `body` must deinitialise what it initialises; the
/// memory is freed when it returns.
public func withUnsafeTuple(of type: TupleType, count: Int, body: (UnsafeMutableTuple) -> Void) {
    precondition(count >= 0, "AttrGraph: withUnsafeTuple needs a count of at least 0, not \(count).")
    let ops = _typeOps(type.type)
    let stride = max((ops.size + ops.alignment - 1) / ops.alignment * ops.alignment, 1)
    let (byteCount, overflow) = stride.multipliedReportingOverflow(by: max(count, 1))
    precondition(!overflow, "AttrGraph: withUnsafeTuple of \(count) values of \(Metadata(type.type)) overflows.")
    withUnsafeTemporaryAllocation(byteCount: byteCount, alignment: ops.alignment) { buffer in
        body(UnsafeMutableTuple(type: type, value: buffer.baseAddress.unsafelyUnwrapped))
    }
}
