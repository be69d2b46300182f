/// How to compare two values of one type in one ``ComparisonMode``: the rules of
/// ``compareValues(_:_:mode:)``, worked out once per type and mode and cached for the process.
///
/// Used by `compareValues`, by the engine's equality cut-off (each attribute type keeps its
/// layout) and by DeclarativeViews' view comparison: one definition of "the same value".
package final class _ComparisonLayout: @unchecked Sendable {
    // @unchecked: immutable after init; shared by every thread.
    enum Kind {
        /// The first `count` bytes decide (plain data with no padding, references, metatypes).
        case bytes(Int)
        /// `==`, or a type's own ``_ComparisonOverride``.
        case comparator(any _ValueComparator.Type)
        /// Stored properties or tuple elements, one by one.
        case fields([Step])
        case enumeration(_EnumComparison)
        /// The dynamic types, then the values (`Any`, `any P`).
        case existential(any _TypeOps.Type, ComparisonMode)
    }

    enum Step {
        case bytes(offset: Int, count: Int)
        case layout(offset: Int, _ComparisonLayout)
    }

    let kind: Kind
    /// The type's size in bytes.
    let size: Int

    init(kind: Kind, size: Int) {
        self.kind = kind
        self.size = size
    }

    /// Whether `type`'s `==` is exactly the comparison of its bytes (the standard library's
    /// integers and `Bool`), so that its `equatable` modes compare bytes too.
    static func isBitwiseEquatable(_ type: Any.Type) -> Bool {
        type == Int.self || type == UInt.self || type == Bool.self
            || type == Int8.self || type == Int16.self || type == Int32.self || type == Int64.self
            || type == UInt8.self || type == UInt16.self || type == UInt32.self || type == UInt64.self
    }

    /// Whether comparing all `size` bytes is the whole comparison.
    var isDense: Bool {
        if case .bytes(let count) = kind { return count == size }
        return false
    }

    package func equal(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool {
        switch kind {
        case .bytes(let count):
            return _bytesEqual(lhs, rhs, count: count)
        case .comparator(let comparator):
            return comparator.equal(lhs, rhs)
        case .fields(let steps):
            for step in steps {
                switch step {
                case .bytes(let offset, let count):
                    if !_bytesEqual(lhs + offset, rhs + offset, count: count) { return false }
                case .layout(let offset, let layout):
                    if !layout.equal(lhs + offset, rhs + offset) { return false }
                }
            }
            return true
        case .enumeration(let enumeration):
            return enumeration.equal(lhs, rhs)
        case .existential(let ops, let mode):
            return ops.dynamicValuesEqual(lhs, rhs, mode: mode)
        }
    }

    // MARK: Cache

    private struct Key: Hashable {
        var type: ObjectIdentifier
        var mode: ComparisonMode
    }

    private static let cache = Locked<[Key: _ComparisonLayout]>([:])

    /// The layout of `type` in `mode` (built on first use; building never holds the cache's lock,
    /// since it asks for the layouts of field types).
    package static func of(_ type: Any.Type, mode: ComparisonMode) -> _ComparisonLayout {
        let key = Key(type: ObjectIdentifier(type), mode: mode)
        if let layout = cache.withLock({ $0[key] }) { return layout }
        let layout = _ComparisonLayoutBuilder(mode: mode).build(type)
        return cache.withLock { cache in
            if let existing = cache[key] { return existing }
            cache[key] = layout
            return layout
        }
    }
}

/// Works out a type's ``_ComparisonLayout`` from its metadata.
private struct _ComparisonLayoutBuilder {
    let mode: ComparisonMode

    func build(_ type: Any.Type) -> _ComparisonLayout {
        let ops = _typeOps(type)
        let size = ops.size
        func make(_ kind: _ComparisonLayout.Kind) -> _ComparisonLayout { _ComparisonLayout(kind: kind, size: size) }

        if mode != .bitwise, let custom = type as? any _ComparisonOverride.Type {
            func comparator<T: _ComparisonOverride>(_: T.Type) -> any _ValueComparator.Type { _OverrideComparator<T>.self }
            return make(.comparator(comparator(custom)))
        }
        let usesEquatable = ops.isPOD ? mode == .equatableAlways : mode.rawValue >= ComparisonMode.equatableUnlessPOD.rawValue
        if usesEquatable, let equatable = type as? any Equatable.Type {
            // The standard library's scalars: `==` without generic code (which copies both values
            // through their value witnesses to call it).
            if _ComparisonLayout.isBitwiseEquatable(type) { return make(.bytes(size)) }
            if type == Double.self { return make(.comparator(_DoubleComparator.self)) }
            if type == Float.self { return make(.comparator(_FloatComparator.self)) }
            if type == String.self { return make(.comparator(_StringComparator.self)) }
            func comparator<T: Equatable>(_: T.Type) -> any _ValueComparator.Type { _EquatableComparator<T>.self }
            return make(.comparator(comparator(equatable)))
        }
        let metadata = Metadata(type)
        switch _SwiftABI.runtimeKind(of: type) {
        case .struct:
            var fields: [(offset: Int, type: Any.Type)] = []
            let complete = metadata.forEachField(options: []) { _, offset, fieldType in
                fields.append((offset, fieldType))
                return true
            }
            guard complete else { return make(.bytes(size)) }
            return fieldsLayout(fields, size: size)
        case .tuple:
            let tuple = TupleType(type)
            return fieldsLayout(tuple.indices.map { (tuple.elementOffset(at: $0), tuple.type(at: $0)) }, size: size)
        case .enum, .optional:
            return enumLayout(metadata, ops: ops)
        case .existential:
            if mode == .bitwise
                || (mode == .indirect && _SwiftABI.isClassExistential(UnsafeRawPointer(metadata.rawValue)))
            {
                return make(.bytes(size))
            }
            return make(.existential(ops, mode))
        default:
            // Classes, closures, metatypes and the rest: the bytes (references by identity).
            return make(.bytes(size))
        }
    }

    /// Fields at offsets: dense fields merge into byte ranges; a layout with one range covering
    /// the whole value is dense itself.
    private func fieldsLayout(_ fields: [(offset: Int, type: Any.Type)], size: Int) -> _ComparisonLayout {
        var steps: [_ComparisonLayout.Step] = []
        for field in fields {
            let layout = _ComparisonLayout.of(field.type, mode: mode)
            if layout.size == 0 { continue }
            if layout.isDense {
                if case .bytes(let offset, let count)? = steps.last, offset + count == field.offset {
                    steps[steps.count - 1] = .bytes(offset: offset, count: count + layout.size)
                } else {
                    steps.append(.bytes(offset: field.offset, count: layout.size))
                }
            } else {
                steps.append(.layout(offset: field.offset, layout))
            }
        }
        if steps.isEmpty { return _ComparisonLayout(kind: .bytes(0), size: size) }
        if steps.count == 1, case .bytes(0, let count) = steps[0], count == size {
            return _ComparisonLayout(kind: .bytes(size), size: size)
        }
        return _ComparisonLayout(kind: .fields(steps), size: size)
    }

    private func enumLayout(_ metadata: Metadata, ops: any _TypeOps.Type) -> _ComparisonLayout {
        let size = ops.size
        guard metadata.hasEnumWitnesses, let cases = _EnumCases(metadata) else {
            return _ComparisonLayout(kind: .bytes(size), size: size)
        }
        // Without payloads, the bytes are the case.
        if cases.payloadCases.isEmpty { return _ComparisonLayout(kind: .bytes(size), size: size) }
        var payloads: [_EnumComparison.Payload] = []
        for payloadCase in cases.payloadCases {
            // A payload type the runtime cannot name: the bytes are all there is to compare.
            guard let payloadType = payloadCase.type else { return _ComparisonLayout(kind: .bytes(size), size: size) }
            let payloadOps = _typeOps(payloadType)
            payloads.append(
                _EnumComparison.Payload(
                    type: payloadType, isIndirect: payloadCase.isIndirect, alignment: payloadOps.alignment,
                    // Indirect payloads may contain the enum itself: their layout is looked up when needed.
                    layout: payloadCase.isIndirect ? nil : _ComparisonLayout.of(payloadType, mode: mode)))
        }
        // One payload stored in place, its empty cases in its unused bit patterns: the bytes decide
        // when the payload's do (`Optional<AnyObject>`, `Bool?`).
        if payloads.count == 1, let layout = payloads[0].layout, layout.isDense, layout.size == size {
            return _ComparisonLayout(kind: .bytes(size), size: size)
        }
        let enumeration = _EnumComparison(metadata: metadata, ops: ops, payloads: payloads, mode: mode)
        return _ComparisonLayout(kind: .enumeration(enumeration), size: size)
    }
}

/// Comparing enum values: the case first, then that case's payload.
final class _EnumComparison: @unchecked Sendable {
    // @unchecked: immutable after init.
    struct Payload {
        var type: Any.Type
        var isIndirect: Bool
        var alignment: Int
        /// `nil` for indirect payloads (looked up when compared).
        var layout: _ComparisonLayout?
    }

    let metadata: Metadata
    let ops: any _TypeOps.Type
    let payloads: [Payload]
    let mode: ComparisonMode
    /// A single-payload enum keeps its payload's bytes untouched at offset 0 (its other cases use
    /// extra tag bytes or the payload's unused bit patterns), so the payload can be compared in
    /// place; other enums may keep case bits inside the payload and are compared on projected copies.
    let comparesInPlace: Bool

    init(metadata: Metadata, ops: any _TypeOps.Type, payloads: [Payload], mode: ComparisonMode) {
        self.metadata = metadata
        self.ops = ops
        self.payloads = payloads
        self.mode = mode
        comparesInPlace = payloads.count == 1 && !payloads[0].isIndirect
    }

    func equal(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool {
        let tag = metadata.enumTag(lhs)
        guard tag == metadata.enumTag(rhs) else { return false }
        guard Int(tag) < payloads.count else { return true }
        let payload = payloads[Int(tag)]
        if comparesInPlace {
            return payload.layout.unsafelyUnwrapped.equal(lhs, rhs)
        }
        return ops.withCopies(lhs, rhs) { left, right in
            metadata.projectEnumData(left)
            metadata.projectEnumData(right)
            defer {
                metadata.injectEnumTag(tag: tag, left)
                metadata.injectEnumTag(tag: tag, right)
            }
            return payloadsEqual(payload, UnsafeRawPointer(left), UnsafeRawPointer(right))
        }
    }

    private func payloadsEqual(_ payload: Payload, _ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool {
        guard payload.isIndirect else { return payload.layout.unsafelyUnwrapped.equal(lhs, rhs) }
        let leftBox = lhs.load(as: UnsafeRawPointer.self)
        let rightBox = rhs.load(as: UnsafeRawPointer.self)
        // `bitwise` compares the boxes; the other modes what they hold.
        if leftBox == rightBox { return true }
        if mode == .bitwise { return false }
        return _ComparisonLayout.of(payload.type, mode: mode).equal(
            _SwiftABI.boxedValue(leftBox, alignment: payload.alignment),
            _SwiftABI.boxedValue(rightBox, alignment: payload.alignment))
    }
}

// MARK: - Comparators

/// Compares two values of one type.
protocol _ValueComparator {
    static func equal(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool
}

/// Comparators that are a type's `==`.
protocol _EqualityOperatorComparator: _ValueComparator {}

enum _EquatableComparator<Value: Equatable>: _EqualityOperatorComparator {
    @inline(__always)
    static func equal(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool {
        lhs.assumingMemoryBound(to: Value.self).pointee == rhs.assumingMemoryBound(to: Value.self).pointee
    }
}

/// `Double`'s `==` (not its bytes: -0.0 equals 0.0, NaN equals nothing).
enum _DoubleComparator: _EqualityOperatorComparator {
    static func equal(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool {
        lhs.load(as: Double.self) == rhs.load(as: Double.self)
    }
}

enum _FloatComparator: _EqualityOperatorComparator {
    static func equal(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool {
        lhs.load(as: Float.self) == rhs.load(as: Float.self)
    }
}

enum _StringComparator: _EqualityOperatorComparator {
    static func equal(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool {
        lhs.assumingMemoryBound(to: String.self).pointee == rhs.assumingMemoryBound(to: String.self).pointee
    }
}

enum _OverrideComparator<Value: _ComparisonOverride>: _ValueComparator {
    static func equal(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool {
        Value._isSameValue(lhs.assumingMemoryBound(to: Value.self), rhs.assumingMemoryBound(to: Value.self))
    }
}

extension _TypeOpsFor {
    /// Copies of two values (each retains what it holds), for destructive inspection.
    static func withCopies(
        _ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer,
        _ body: (UnsafeMutableRawPointer, UnsafeMutableRawPointer) -> Bool
    ) -> Bool {
        var left = lhs.assumingMemoryBound(to: T.self).pointee
        var right = rhs.assumingMemoryBound(to: T.self).pointee
        return withUnsafeMutablePointer(to: &left) { left in
            withUnsafeMutablePointer(to: &right) { right in body(left, right) }
        }
    }

    /// Two existential values: the same dynamic type, then the same value of it.
    static func dynamicValuesEqual(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, mode: ComparisonMode) -> Bool {
        let left = lhs.assumingMemoryBound(to: T.self).pointee
        let right = rhs.assumingMemoryBound(to: T.self).pointee
        // `left as Any` wraps the existential in another one (T is generic); `type(of:)` of that
        // looks through both levels, and a cast to the dynamic type takes the value out of both.
        let dynamicType: any Any.Type = type(of: left as Any)
        guard ObjectIdentifier(dynamicType) == ObjectIdentifier(type(of: right as Any)) else { return false }
        func compare<Dynamic>(_: Dynamic.Type) -> Bool {
            let left = left as! Dynamic
            let right = right as! Dynamic
            return withUnsafePointer(to: left) { left in
                withUnsafePointer(to: right) { right in
                    _ComparisonLayout.of(Dynamic.self, mode: mode).equal(left, right)
                }
            }
        }
        return _openExistential(dynamicType, do: compare)
    }
}

/// Whether `count` bytes at `lhs` and `rhs` are equal.
@inlinable @inline(__always)
func _bytesEqual(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, count: Int) -> Bool {
    var index = 0
    while index + 8 <= count {
        if lhs.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            != rhs.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        {
            return false
        }
        index += 8
    }
    while index < count {
        if lhs.load(fromByteOffset: index, as: UInt8.self) != rhs.load(fromByteOffset: index, as: UInt8.self) {
            return false
        }
        index += 1
    }
    return true
}
