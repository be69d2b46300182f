/// The functions the engine needs for one attribute body type, reached through an existential
/// metatype: a call costs a witness-table jump, with no closure context to retain.
protocol AttributeVTable {
    static var bodyType: Any.Type { get }
    static var valueType: Any.Type { get }
    /// Runs the attribute's rule; the rule writes its output through ``_Engine/setOutput(_:_:)``.
    static func update(_ engine: _Engine, node: UInt32, body: UnsafeMutableRawPointer)
    /// Writes the rule type's `initialValue` (AG's `_updateDefault`); `false` when it has none.
    static func writeInitialValue(_ engine: _Engine, node: UInt32) -> Bool
    static func destroyBody(_ body: UnsafeMutableRawPointer)
    /// The body type's `_destroySelf` (called before ``destroyBody(_:)`` when the type's flags
    /// have ``_AttributeType/Flags/hasDestroySelf``: the body type says so, or the creator did).
    static func destroySelf(_ body: UnsafeMutableRawPointer)
    /// Whether the body type asks for ``destroySelf(_:)`` (its `_hasDestroySelf`).
    static var hasDestroySelf: Bool { get }
    static func destroyValue(_ value: UnsafeMutableRawPointer)
    static func describeBody(_ body: UnsafeRawPointer) -> String
    static func describeValue(_ value: UnsafeRawPointer) -> String
    /// For observer nodes: reads the observed value and calls the callback (user code).
    static func notify(_ engine: _Engine, node: UInt32)
    /// Calls `visitor` with the body at its type (for bodies that are ``_AttributeBody`` types).
    static func visitBody<Visitor: AttributeBodyVisitor>(_ body: UnsafeRawPointer, _ visitor: inout Visitor)
}

extension AttributeVTable {
    static func destroySelf(_ body: UnsafeMutableRawPointer) {}
    static var hasDestroySelf: Bool { false }
    static func writeInitialValue(_ engine: _Engine, node: UInt32) -> Bool { false }
    static func notify(_ engine: _Engine, node: UInt32) {}
    static func visitBody<Visitor: AttributeBodyVisitor>(_ body: UnsafeRawPointer, _ visitor: inout Visitor) {}
}

/// How a type's old and new values are compared when a rule writes its output (decided once per
/// attribute type from its ``_ComparisonLayout``).
enum CompareKind: UInt8 {
    /// `==`, or the type's own comparison (``comparator``).
    case comparator
    /// The value's bytes, all of them (plain data without padding, references).
    case bitwise
    /// The type's ``_ComparisonLayout`` (fields, enum cases, existentials).
    case layout
    /// Always treated as changed (nodes without values of their own).
    case never
}

/// One entry of a graph's attribute-type table (trivially copyable: metatypes, integers and an
/// unmanaged reference to a layout that lives as long as the process).
struct AttributeTypeRecord {
    var vtable: any AttributeVTable.Type
    var comparator: (any ValueComparator.Type)?
    var layout: Unmanaged<_ComparisonLayout>?
    var compareKind: CompareKind
    /// The comparator is the value type's `==`.
    var comparesWithEqualityOperator = false
    var mode: ComparisonMode
    var flags: _AttributeType.Flags
    var valueSize: Int
    var valueOffset: Int
    var blockSize: Int
    var blockAlignment: Int
    var isIndirect: Bool
    /// The value type is plain data (nothing to destroy) / can be moved with a byte copy: what
    /// storing a value computed into scratch memory needs (``_Engine/storeEvaluatedValue``).
    var valueIsPOD = false
    var valueIsBitwiseTakable = false
    /// The body type is plain data: destroying a node of this type calls nothing for its body
    /// (the vtable's generic `destroyBody` looks up the body's metadata per call).
    var bodyIsPOD = false

    var bodyType: Any.Type { vtable.bodyType }
    var valueType: Any.Type { vtable.valueType }

    /// AG's type-table `size`: body size plus value size.
    var combinedSize: Int

    static func make<Body, Value>(
        vtable: any AttributeVTable.Type, body: Body.Type, value: Value.Type,
        mode: ComparisonMode, flags: _AttributeType.Flags
    ) -> AttributeTypeRecord {
        let valueOffset =
            (MemoryLayout<Body>.size + MemoryLayout<Value>.alignment - 1) / MemoryLayout<Value>.alignment
            * MemoryLayout<Value>.alignment
        // Cached for the process: the unmanaged reference stays valid.
        let layout = _ComparisonLayout.of(Value.self, mode: mode)
        var flags = flags
        if vtable.hasDestroySelf { flags.insert(.hasDestroySelf) }
        var record = AttributeTypeRecord(
            vtable: vtable, comparator: nil, layout: nil, compareKind: .layout, mode: mode, flags: flags,
            valueSize: MemoryLayout<Value>.size, valueOffset: valueOffset,
            blockSize: max(valueOffset + MemoryLayout<Value>.size, 1),
            blockAlignment: max(MemoryLayout<Body>.alignment, MemoryLayout<Value>.alignment),
            isIndirect: false,
            combinedSize: MemoryLayout<Body>.size + MemoryLayout<Value>.size)
        record.valueIsPOD = _isPOD(Value.self)
        record.valueIsBitwiseTakable = _isBitwiseTakable(Value.self)
        record.bodyIsPOD = _isPOD(Body.self)
        switch layout.kind {
        case .comparator(let comparator):
            record.compareKind = .comparator
            record.comparator = comparator
            record.comparesWithEqualityOperator = comparator is any EqualityOperatorComparator.Type
        case .bytes where layout.isDense:
            record.compareKind = .bitwise
            record.comparesWithEqualityOperator = _ComparisonLayout.isBitwiseEquatable(Value.self)
        default:
            record.compareKind = .layout
            record.layout = Unmanaged.passUnretained(layout)
        }
        return record
    }

    @inline(__always)
    func valuesEqual(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool {
        switch compareKind {
        case .comparator:
            return comparator.unsafelyUnwrapped.equal(lhs, rhs)
        case .bitwise:
            return _bytesEqual(lhs, rhs, count: valueSize)
        case .layout:
            return layout.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.equal(lhs, rhs) }
        case .never:
            return false
        }
    }
}

/// A readable, module-free name for a type (`AView`, `Map<Int, String>`).
func _shortTypeName(_ type: Any.Type) -> String {
    _typeName(type, qualified: false)
}

// MARK: - Vtables for the attribute kinds

/// Describes a body for graph descriptions: its `description` when it has one, else its type's
/// full name without module names (`Outer.Inner.Body`), as AttributeGraph names it.
@inline(never)
func _describe<Body>(body: UnsafeRawPointer, as _: Body.Type) -> String {
    let value = body.assumingMemoryBound(to: Body.self).pointee
    if let described = value as? any CustomStringConvertible {
        return described.description
    }
    return _typeDescription(Body.self)
}

enum RuleVTable<R: Rule>: AttributeVTable {
    static func visitBody<Visitor: AttributeBodyVisitor>(_ body: UnsafeRawPointer, _ visitor: inout Visitor) {
        visitor.visit(body: body.assumingMemoryBound(to: R.self))
    }

    static var bodyType: Any.Type { R.self }
    static var valueType: Any.Type { R.Value.self }

    @inline(__always)
    static func update(_ engine: _Engine, node: UInt32, body: UnsafeMutableRawPointer) {
        engine.setOutput(node, _ruleValue(body, R.self))
    }

    static func writeInitialValue(_ engine: _Engine, node: UInt32) -> Bool {
        guard let initial = R.initialValue else { return false }
        engine.setOutput(node, initial)
        return true
    }

    static func destroySelf(_ body: UnsafeMutableRawPointer) { R._destroySelf(body) }
    static var hasDestroySelf: Bool { R._hasDestroySelf }

    static func destroyBody(_ body: UnsafeMutableRawPointer) {
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

enum StatefulRuleVTable<R: StatefulRule>: AttributeVTable {
    static func visitBody<Visitor: AttributeBodyVisitor>(_ body: UnsafeRawPointer, _ visitor: inout Visitor) {
        visitor.visit(body: body.assumingMemoryBound(to: R.self))
    }

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

    static func destroySelf(_ body: UnsafeMutableRawPointer) { R._destroySelf(body) }
    static var hasDestroySelf: Bool { R._hasDestroySelf }

    static func destroyBody(_ body: UnsafeMutableRawPointer) {
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

enum ExternalVTable<Value>: AttributeVTable {
    static func visitBody<Visitor: AttributeBodyVisitor>(_ body: UnsafeRawPointer, _ visitor: inout Visitor) {
        visitor.visit(body: body.assumingMemoryBound(to: External<Value>.self))
    }

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
enum ClosureBodyVTable<Body: _AttributeBody, Value>: AttributeVTable {
    static func visitBody<Visitor: AttributeBodyVisitor>(_ body: UnsafeRawPointer, _ visitor: inout Visitor) {
        visitor.visit(body: body.assumingMemoryBound(to: Body.self))
    }

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

    static func destroySelf(_ body: UnsafeMutableRawPointer) { Body._destroySelf(body) }
    static var hasDestroySelf: Bool { Body._hasDestroySelf }

    static func destroyBody(_ body: UnsafeMutableRawPointer) {
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
enum IndirectVTable: AttributeVTable {
    static var bodyType: Any.Type { IndirectRecord.self }
    static var valueType: Any.Type { Void.self }
    static func update(_ engine: _Engine, node: UInt32, body: UnsafeMutableRawPointer) {}
    static func destroyBody(_ body: UnsafeMutableRawPointer) {}
    static func destroyValue(_ value: UnsafeMutableRawPointer) {}
    static func describeBody(_ body: UnsafeRawPointer) -> String {
        let record = body.assumingMemoryBound(to: IndirectRecord.self).pointee
        return "→ \(record.source)" + (record.offset == 0 ? "" : " @\(record.offset)")
    }
    static func describeValue(_ value: UnsafeRawPointer) -> String { "" }
}
