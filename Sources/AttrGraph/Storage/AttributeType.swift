/// The functions the engine needs for one attribute body type, reached through an existential
/// metatype: a call costs a witness-table jump, with no closure context to retain.
protocol _AttributeVTable {
    static var bodyType: Any.Type { get }
    static var valueType: Any.Type { get }
    /// Runs the attribute's rule; the rule writes its output through ``_Engine/setOutput(_:_:)``.
    static func update(_ engine: _Engine, node: UInt32, body: UnsafeMutableRawPointer)
    /// Writes the rule type's `initialValue` (AG's `_updateDefault`); `false` when it has none.
    static func writeInitialValue(_ engine: _Engine, node: UInt32) -> Bool
    static func destroyBody(_ body: UnsafeMutableRawPointer)
    static func destroyValue(_ value: UnsafeMutableRawPointer)
    static func describeBody(_ body: UnsafeRawPointer) -> String
    static func describeValue(_ value: UnsafeRawPointer) -> String
    /// For observer nodes: reads the observed value and calls the callback (user code).
    static func notify(_ engine: _Engine, node: UInt32)
}

extension _AttributeVTable {
    static func writeInitialValue(_ engine: _Engine, node: UInt32) -> Bool { false }
    static func notify(_ engine: _Engine, node: UInt32) {}
}

/// Compares two values of one type for the equality cut-off.
protocol _ValueComparator {
    static func equal(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool
}

enum _EquatableComparator<Value: Equatable>: _ValueComparator {
    @inline(__always)
    static func equal(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool {
        lhs.assumingMemoryBound(to: Value.self).pointee == rhs.assumingMemoryBound(to: Value.self).pointee
    }
}

/// How a type's old and new values are compared when a rule writes its output.
enum _CompareKind: UInt8 {
    /// `==` (the value type is `Equatable`).
    case equatable
    /// Byte-wise (the value type is trivially copyable and not `Equatable`).
    case bitwise
    /// Always treated as changed.
    case never
}

/// One entry of a graph's attribute-type table (trivially copyable: metatypes and integers).
struct _AttributeTypeRecord {
    var vtable: any _AttributeVTable.Type
    var comparator: (any _ValueComparator.Type)?
    var compareKind: _CompareKind
    var flags: _AttributeType.Flags
    var valueSize: Int
    var valueOffset: Int
    var blockSize: Int
    var blockAlignment: Int
    var isIndirect: Bool

    var bodyType: Any.Type { vtable.bodyType }
    var valueType: Any.Type { vtable.valueType }

    /// AG's type-table `size`: body size plus value size.
    var combinedSize: Int

    static func make<Body, Value>(
        vtable: any _AttributeVTable.Type, body: Body.Type, value: Value.Type,
        mode: ComparisonMode, flags: _AttributeType.Flags
    ) -> _AttributeTypeRecord {
        let valueOffset =
            (MemoryLayout<Body>.size + MemoryLayout<Value>.alignment - 1) / MemoryLayout<Value>.alignment
            * MemoryLayout<Value>.alignment
        let (kind, comparator) = comparison(for: Value.self, mode: mode)
        return _AttributeTypeRecord(
            vtable: vtable, comparator: comparator, compareKind: kind, flags: flags,
            valueSize: MemoryLayout<Value>.size, valueOffset: valueOffset,
            blockSize: max(valueOffset + MemoryLayout<Value>.size, 1),
            blockAlignment: max(MemoryLayout<Body>.alignment, MemoryLayout<Value>.alignment),
            isIndirect: false,
            combinedSize: MemoryLayout<Body>.size + MemoryLayout<Value>.size)
    }

    /// Equatable first (`==`), then bitwise for trivially-copyable types, else "always changed".
    /// ``ComparisonMode/bitwise`` skips `==`; the other modes behave as the default.
    private static func comparison<Value>(
        for type: Value.Type, mode: ComparisonMode
    ) -> (_CompareKind, (any _ValueComparator.Type)?) {
        if mode != .bitwise, let equatable = Value.self as? any Equatable.Type {
            func open<T: Equatable>(_: T.Type) -> any _ValueComparator.Type { _EquatableComparator<T>.self }
            return (.equatable, open(equatable))
        }
        if _isPOD(Value.self) {
            return (.bitwise, nil)
        }
        return (.never, nil)
    }

    @inline(__always)
    func valuesEqual(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool {
        switch compareKind {
        case .equatable:
            return comparator.unsafelyUnwrapped.equal(lhs, rhs)
        case .bitwise:
            return _bytesEqual(lhs, rhs, count: valueSize)
        case .never:
            return false
        }
    }
}

@inline(__always)
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

/// A readable, module-free name for a type (`AView`, `Map<Int, String>`).
func _shortTypeName(_ type: Any.Type) -> String {
    _typeName(type, qualified: false)
}

// MARK: - Vtables for the attribute kinds

/// Describes a body for graph descriptions: its `description` when it has one, else its type name.
@inline(never)
func _describe<Body>(body: UnsafeRawPointer, as _: Body.Type) -> String {
    let value = body.assumingMemoryBound(to: Body.self).pointee
    if let described = value as? any CustomStringConvertible {
        return described.description
    }
    return _shortTypeName(Body.self)
}

enum _RuleVTable<R: Rule>: _AttributeVTable {
    static var bodyType: Any.Type { R.self }
    static var valueType: Any.Type { R.Value.self }

    @inline(__always)
    static func update(_ engine: _Engine, node: UInt32, body: UnsafeMutableRawPointer) {
        let value = body.assumingMemoryBound(to: R.self).pointee.value
        engine.setOutput(node, value)
    }

    static func writeInitialValue(_ engine: _Engine, node: UInt32) -> Bool {
        guard let initial = R.initialValue else { return false }
        engine.setOutput(node, initial)
        return true
    }

    static func destroyBody(_ body: UnsafeMutableRawPointer) {
        if R._hasDestroySelf { R._destroySelf(body) }
        body.assumingMemoryBound(to: R.self).deinitialize(count: 1)
    }

    static func destroyValue(_ value: UnsafeMutableRawPointer) {
        value.assumingMemoryBound(to: R.Value.self).deinitialize(count: 1)
    }

    static func describeBody(_ body: UnsafeRawPointer) -> String { _describe(body: body, as: R.self) }

    static func describeValue(_ value: UnsafeRawPointer) -> String {
        String(describing: value.assumingMemoryBound(to: R.Value.self).pointee)
    }
}

enum _StatefulRuleVTable<R: StatefulRule>: _AttributeVTable {
    static var bodyType: Any.Type { R.self }
    static var valueType: Any.Type { R.Value.self }

    @inline(__always)
    static func update(_ engine: _Engine, node: UInt32, body: UnsafeMutableRawPointer) {
        body.assumingMemoryBound(to: R.self).pointee.updateValue()
    }

    static func writeInitialValue(_ engine: _Engine, node: UInt32) -> Bool {
        guard let initial = R.initialValue else { return false }
        engine.setOutput(node, initial)
        return true
    }

    static func destroyBody(_ body: UnsafeMutableRawPointer) {
        if R._hasDestroySelf { R._destroySelf(body) }
        body.assumingMemoryBound(to: R.self).deinitialize(count: 1)
    }

    static func destroyValue(_ value: UnsafeMutableRawPointer) {
        value.assumingMemoryBound(to: R.Value.self).deinitialize(count: 1)
    }

    static func describeBody(_ body: UnsafeRawPointer) -> String { _describe(body: body, as: R.self) }

    static func describeValue(_ value: UnsafeRawPointer) -> String {
        String(describing: value.assumingMemoryBound(to: R.Value.self).pointee)
    }
}

enum _ExternalVTable<Value>: _AttributeVTable {
    static var bodyType: Any.Type { External<Value>.self }
    static var valueType: Any.Type { Value.self }

    static func update(_ engine: _Engine, node: UInt32, body: UnsafeMutableRawPointer) {
        // Inputs have no rule: their value is whatever was last set.
    }

    static func destroyBody(_ body: UnsafeMutableRawPointer) {
        body.assumingMemoryBound(to: External<Value>.self).deinitialize(count: 1)
    }

    static func destroyValue(_ value: UnsafeMutableRawPointer) {
        value.assumingMemoryBound(to: Value.self).deinitialize(count: 1)
    }

    static func describeBody(_ body: UnsafeRawPointer) -> String { _shortTypeName(Value.self) }

    static func describeValue(_ value: UnsafeRawPointer) -> String {
        String(describing: value.assumingMemoryBound(to: Value.self).pointee)
    }
}

/// Bodies created with ``Attribute/init(body:value:flags:update:)``: the update function is a
/// closure kept in the graph's type table side storage (slower: one closure call per run).
enum _ClosureBodyVTable<Body: _AttributeBody, Value>: _AttributeVTable {
    static var bodyType: Any.Type { Body.self }
    static var valueType: Any.Type { Value.self }

    static func update(_ engine: _Engine, node: UInt32, body: UnsafeMutableRawPointer) {
        let function = engine.storage.closureUpdate(forType: engine.node(node).pointee.typeIndex)
        function(body, engine.attribute(node))
    }

    static func writeInitialValue(_ engine: _Engine, node: UInt32) -> Bool {
        Body._updateDefault(engine.node(node).pointee.body.unsafelyUnwrapped)
        return engine.node(node).pointee.flags.contains(.valueExists)
    }

    static func destroyBody(_ body: UnsafeMutableRawPointer) {
        if Body._hasDestroySelf { Body._destroySelf(body) }
        body.assumingMemoryBound(to: Body.self).deinitialize(count: 1)
    }

    static func destroyValue(_ value: UnsafeMutableRawPointer) {
        value.assumingMemoryBound(to: Value.self).deinitialize(count: 1)
    }

    static func describeBody(_ body: UnsafeRawPointer) -> String { _describe(body: body, as: Body.self) }

    static func describeValue(_ value: UnsafeRawPointer) -> String {
        String(describing: value.assumingMemoryBound(to: Value.self).pointee)
    }
}

/// Indirect nodes have no rule and no value of their own.
enum _IndirectVTable: _AttributeVTable {
    static var bodyType: Any.Type { _IndirectRecord.self }
    static var valueType: Any.Type { Void.self }
    static func update(_ engine: _Engine, node: UInt32, body: UnsafeMutableRawPointer) {}
    static func destroyBody(_ body: UnsafeMutableRawPointer) {}
    static func destroyValue(_ value: UnsafeMutableRawPointer) {}
    static func describeBody(_ body: UnsafeRawPointer) -> String {
        let record = body.assumingMemoryBound(to: _IndirectRecord.self).pointee
        return "→ \(record.source)" + (record.offset == 0 ? "" : " @\(record.offset)")
    }
    static func describeValue(_ value: UnsafeRawPointer) -> String { "" }
}
