/// How to compare two values of one type in one ``ComparisonMode``: the type's layout descriptor
/// (``_LayoutDescriptor``, AttributeGraph's rules) compiled into byte ranges and comparators,
/// once per type and mode, cached for the process.
///
/// Used by `compareValues`, by the engine's equality cut-off (each attribute type keeps its
/// layout) and by DeclarativeViews' view comparison: one definition of "the same value", and the
/// descriptor ``prefetchCompareValues(type:options:priority:)`` returns is where it comes from.
package final class _ComparisonLayout: @unchecked Sendable {
    // @unchecked: immutable after init; shared by every thread.
    enum Kind {
        /// The first `count` bytes decide (plain data with no padding, references, metatypes).
        case bytes(Int)
        /// `==`, or a type's own ``_ComparisonOverride``.
        case comparator(any ValueComparator.Type)
        /// Stored properties or tuple elements, one by one.
        case fields([Step])
        case enumeration(EnumComparison)
        /// The dynamic types, then the values (`Any`, `any P`).
        case existential(any TypeOps.Type, ComparisonMode)
    }

    enum Step {
        case bytes(offset: Int, count: Int)
        case layout(offset: Int, _ComparisonLayout)
    }

    let kind: Kind
    /// The number of bytes the layout covers (the type's size).
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

    /// The layout of `type` in `mode` (its descriptor built synchronously if needed; compiling
    /// never holds the cache's lock, since it asks for the layouts of other types).
    package static func of(_ type: Any.Type, mode: ComparisonMode) -> _ComparisonLayout {
        ifReady(type, mode: mode, synchronously: true).unsafelyUnwrapped
    }

    /// The layout of `type` in `mode`, or `nil` while its descriptor waits for a background
    /// build (``AGEnvironment/asyncLayouts``, a request that is not `synchronously`).
    static func ifReady(_ type: Any.Type, mode: ComparisonMode, synchronously: Bool) -> _ComparisonLayout? {
        let key = Key(type: ObjectIdentifier(type), mode: mode)
        if let layout = cache.withLock({ $0[key] }) { return layout }
        let fetched = _LayoutDescriptorCache.shared.fetch(type, mode: mode, synchronously: synchronously)
        guard fetched.isReady else { return nil }
        let layout = ComparisonLayoutCompiler(mode: mode).compile(fetched.descriptor, size: _typeOps(type).size)
        return cache.withLock { cache in
            if let existing = cache[key] { return existing }
            cache[key] = layout
            return layout
        }
    }
}

/// Turns a layout descriptor into a ``_ComparisonLayout``: byte ranges merge, `==` on the
/// standard library's integers and `Bool` is their bytes, `Double`, `Float` and `String` get
/// non-generic comparators, other `equals` instructions the type's `==` (or its
/// ``_ComparisonOverride``), enums an ``EnumComparison``, closure contexts and heap references
/// their identity.
private struct ComparisonLayoutCompiler {
    typealias Reader = _LayoutDescriptor.Reader

    let mode: ComparisonMode

    func compile(_ descriptor: UnsafePointer<UInt8>?, size: Int) -> _ComparisonLayout {
        // No layout, or a trivial one: the bytes.
        guard let descriptor, descriptor != _LayoutDescriptor.trivial else {
            return _ComparisonLayout(kind: .bytes(size), size: size)
        }
        var reader = Reader(descriptor)
        return compileRun(&reader, until: nil).layout(size: size)
    }

    /// Compiles instructions from the reader's position (offsets from 0 there) up to `limit`,
    /// or to the descriptor's end.
    private func compileRun(_ reader: inout Reader, until limit: UnsafePointer<UInt8>?) -> Steps {
        var steps = Steps()
        var offset = 0
        while reader.position != limit {
            switch reader.next() {
            case .end:
                return steps
            case .read(let count):
                steps.addBytes(at: offset, count: count)
                offset += count
            case .skip(let count):
                offset += count
            case .equals(let type, let witnessTable):
                let layout = comparatorLayout(type, witnessTable: witnessTable)
                steps.add(layout, at: offset)
                offset += layout.size
            case .existential(let type):
                let ops = _typeOps(type)
                steps.add(_ComparisonLayout(kind: .existential(ops, mode), size: ops.size), at: offset)
                offset += ops.size
            case .heapReference, .captureReference:
                // By identity (a closure: its function pointer, read before, and its context).
                steps.addBytes(at: offset, count: SwiftABI.wordSize)
                offset += SwiftABI.wordSize
            case .nested(let nested, let size):
                steps.add(compile(nested, size: size), at: offset)
                offset += size
            case .enumStart(let tag, let type):
                let layout = compileEnum(&reader, type: type, firstTag: tag)
                steps.add(layout, at: offset)
                offset += layout.size
            case .indirect, .enumContinue, .enumEnd:
                _Misuse.fail("AttrGraph: a layout descriptor has an enum instruction outside an enum.")
            }
        }
        return steps
    }

    /// An enum's cases, from the first case's instructions to the enum's end.
    private func compileEnum(_ reader: inout Reader, type: Any.Type, firstTag: Int) -> _ComparisonLayout {
        let metadata = Metadata(type)
        let ops = _typeOps(type)
        var cases: [Int: EnumComparison.CaseComparison] = [:]
        var tag = firstTag
        while true {
            let start = reader.position
            let end = start + _LayoutDescriptor.length(start)
            var caseReader = Reader(start)
            if end > start, case .indirect(let payload) = caseReader.next(), caseReader.position == end {
                cases[tag] = .indirect(payload: payload, alignment: _typeOps(payload).alignment)
            } else {
                caseReader = Reader(start)
                let steps = compileRun(&caseReader, until: end)
                cases[tag] = .layout(steps.layout(size: steps.extent))
            }
            reader.position = end
            switch reader.next() {
            case .enumContinue(let next):
                tag = next
            case .enumEnd:
                let payloadCaseCount = metadata.nominalDescriptor.map(SwiftABI.payloadCaseCount(ofEnumDescriptor:)) ?? 0
                // One payload stored in place, its empty cases in its unused bit patterns: the
                // bytes decide when the payload's do (`Optional<AnyObject>`, `Bool?`).
                if payloadCaseCount == 1, cases.count == 1, case .layout(let payload)? = cases[0], payload.isDense,
                    payload.size == ops.size
                {
                    return _ComparisonLayout(kind: .bytes(ops.size), size: ops.size)
                }
                let enumeration = EnumComparison(
                    metadata: metadata, ops: ops, cases: cases, mode: mode, payloadCaseCount: payloadCaseCount)
                return _ComparisonLayout(kind: .enumeration(enumeration), size: ops.size)
            default:
                _Misuse.fail("AttrGraph: a layout descriptor's enum case does not end at a case or the enum's end.")
            }
        }
    }

    /// An `equals` instruction: the type's own comparison (``_ComparisonOverride``), else `==`
    /// through the witness table the descriptor carries.
    private func comparatorLayout(_ type: Any.Type, witnessTable: UnsafeRawPointer) -> _ComparisonLayout {
        let size = _typeOps(type).size
        func make(_ comparator: any ValueComparator.Type) -> _ComparisonLayout {
            _ComparisonLayout(kind: .comparator(comparator), size: size)
        }
        if let custom = type as? any _ComparisonOverride.Type {
            func comparator<T: _ComparisonOverride>(_: T.Type) -> any ValueComparator.Type { OverrideComparator<T>.self }
            return make(comparator(custom))
        }
        // The standard library's scalars: `==` without generic code (which copies both values
        // through their value witnesses to call it).
        if _ComparisonLayout.isBitwiseEquatable(type) { return _ComparisonLayout(kind: .bytes(size), size: size) }
        if type == Double.self { return make(DoubleComparator.self) }
        if type == Float.self { return make(FloatComparator.self) }
        if type == String.self { return make(StringComparator.self) }
        func comparator<T: Equatable>(_: T.Type) -> any ValueComparator.Type { EquatableComparator<T>.self }
        return make(comparator(_equatableType(type, witnessTable: witnessTable)))
    }

    /// Steps at offsets: dense layouts merge into byte ranges.
    struct Steps {
        var steps: [_ComparisonLayout.Step] = []
        /// Where the last step ends.
        var extent = 0

        mutating func addBytes(at offset: Int, count: Int) {
            guard count > 0 else { return }
            extent = max(extent, offset + count)
            if case .bytes(let start, let previous)? = steps.last, start + previous == offset {
                steps[steps.count - 1] = .bytes(offset: start, count: previous + count)
            } else {
                steps.append(.bytes(offset: offset, count: count))
            }
        }

        mutating func add(_ layout: _ComparisonLayout, at offset: Int) {
            if layout.size == 0 { return }
            if layout.isDense {
                addBytes(at: offset, count: layout.size)
            } else {
                extent = max(extent, offset + layout.size)
                steps.append(.layout(offset: offset, layout))
            }
        }

        /// The steps as a layout of `size` bytes: one range or one layout covering it all is that
        /// range or layout itself.
        func layout(size: Int) -> _ComparisonLayout {
            if steps.count == 1 {
                switch steps[0] {
                case .bytes(0, let count) where count == size:
                    return _ComparisonLayout(kind: .bytes(size), size: size)
                case .layout(0, let layout) where layout.size == size:
                    return layout
                default:
                    break
                }
            }
            if steps.isEmpty { return _ComparisonLayout(kind: .bytes(0), size: size) }
            return _ComparisonLayout(kind: .fields(steps), size: size)
        }
    }
}

/// The `Equatable` metatype an `equals` instruction names: the type and the witness table of its
/// conformance, as an existential metatype holds them.
func _equatableType(_ type: Any.Type, witnessTable: UnsafeRawPointer) -> any Equatable.Type {
    unsafeBitCast((type: SwiftABI.address(of: type), witnessTable: witnessTable), to: (any Equatable.Type).self)
}

/// Comparing enum values: the case first, then that case's payload.
final class EnumComparison: @unchecked Sendable {
    // @unchecked: immutable after init.
    enum CaseComparison {
        case layout(_ComparisonLayout)
        /// An `indirect` case: the same box, or boxes holding equal payloads.
        case indirect(payload: Any.Type, alignment: Int)
    }

    let metadata: Metadata
    let ops: any TypeOps.Type
    /// By tag; a case without an entry (`nil`, or past the end) compares by tag alone.
    let cases: [CaseComparison?]
    let mode: ComparisonMode
    /// A single-payload enum keeps its payload's bytes untouched at offset 0 (its other cases use
    /// extra tag bytes or the payload's unused bit patterns), so the payload can be compared in
    /// place; other enums may keep case bits inside the payload and are compared on projected copies.
    let comparesInPlace: Bool

    init(
        metadata: Metadata, ops: any TypeOps.Type, cases: [Int: CaseComparison], mode: ComparisonMode,
        payloadCaseCount: Int
    ) {
        self.metadata = metadata
        self.ops = ops
        var byTag = [CaseComparison?](repeating: nil, count: (cases.keys.max() ?? -1) + 1)
        for (tag, comparison) in cases { byTag[tag] = comparison }
        self.cases = byTag
        self.mode = mode
        if payloadCaseCount == 1, case .layout? = cases[0] {
            comparesInPlace = true
        } else {
            comparesInPlace = false
        }
    }

    func equal(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool {
        let tag = metadata.enumTag(lhs)
        guard tag == metadata.enumTag(rhs) else { return false }
        guard Int(tag) < cases.count, let comparison = cases[Int(tag)] else { return true }
        if comparesInPlace, case .layout(let layout) = comparison {
            return layout.equal(lhs, rhs)
        }
        return ops.withCopies(lhs, rhs) { left, right in
            metadata.projectEnumData(left)
            metadata.projectEnumData(right)
            defer {
                metadata.injectEnumTag(tag: tag, left)
                metadata.injectEnumTag(tag: tag, right)
            }
            switch comparison {
            case .layout(let layout):
                return layout.equal(left, right)
            case .indirect(let payload, let alignment):
                let leftBox = UnsafeRawPointer(left).load(as: UnsafeRawPointer.self)
                let rightBox = UnsafeRawPointer(right).load(as: UnsafeRawPointer.self)
                if leftBox == rightBox { return true }
                return _ComparisonLayout.of(payload, mode: mode).equal(
                    SwiftABI.boxedValue(leftBox, alignment: alignment),
                    SwiftABI.boxedValue(rightBox, alignment: alignment))
            }
        }
    }
}

// MARK: - Comparators

/// Compares two values of one type.
protocol ValueComparator {
    static func equal(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool
}

/// Comparators that are a type's `==`.
protocol EqualityOperatorComparator: ValueComparator {}

enum EquatableComparator<Value: Equatable>: EqualityOperatorComparator {
    @inline(__always)
    static func equal(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool {
        lhs.assumingMemoryBound(to: Value.self).pointee == rhs.assumingMemoryBound(to: Value.self).pointee
    }
}

/// `Double`'s `==` (not its bytes: -0.0 equals 0.0, NaN equals nothing).
enum DoubleComparator: EqualityOperatorComparator {
    static func equal(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool {
        lhs.load(as: Double.self) == rhs.load(as: Double.self)
    }
}

enum FloatComparator: EqualityOperatorComparator {
    static func equal(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool {
        lhs.load(as: Float.self) == rhs.load(as: Float.self)
    }
}

enum StringComparator: EqualityOperatorComparator {
    static func equal(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool {
        lhs.assumingMemoryBound(to: String.self).pointee == rhs.assumingMemoryBound(to: String.self).pointee
    }
}

enum OverrideComparator<Value: _ComparisonOverride>: ValueComparator {
    static func equal(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool {
        Value._isSameValue(lhs.assumingMemoryBound(to: Value.self), rhs.assumingMemoryBound(to: Value.self))
    }
}

extension TypeOpsFor {
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
        withDynamicValues(lhs, rhs) { dynamicType, left, right in
            _ComparisonLayout.of(dynamicType, mode: mode).equal(left, right)
        }
    }

    /// Calls `body` with the dynamic type of two existential values and copies of the values
    /// they hold, when the dynamic types are the same; `false` when they differ.
    static func withDynamicValues(
        _ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer,
        _ body: (Any.Type, UnsafeRawPointer, UnsafeRawPointer) -> Bool
    ) -> Bool {
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
                withUnsafePointer(to: right) { right in body(Dynamic.self, left, right) }
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
