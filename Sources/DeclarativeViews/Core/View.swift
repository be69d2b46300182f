import AttrGraph

/// A piece of user interface, described by value (SwiftUI's `View`).
///
///     struct Greeting: View {
///         let name: String
///         var body: some View {
///             VStack {
///                 Text("Hello, \(name)!")
///                 Spacer()
///             }
///         }
///     }
///
/// A view's ``body`` runs as a graph rule: it runs again only when something it read changed —
/// its own value (compared field by field with the previous one), a ``State`` it read, a
/// ``Binding`` or an ``Environment`` value. Views whose `Body` is `Never` are *primitive*:
/// the framework renders them itself.
///
/// As SwiftUI's, the protocol is main-actor isolated and `@preconcurrency`: code in the Swift 5
/// language mode (most sample apps) gets warnings, not errors, where it crosses the isolation its
/// views inherit (a shape's `path(in:)` calling a helper method of the shape).
@MainActor @preconcurrency
public protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }

    /// Builds the graph attributes for a view of this type (framework-internal).
    nonisolated static func _makeView(view: _GraphValue<Self>, inputs: _ViewInputs) -> _ViewOutputs
}

extension View {
    /// A composite view: a body rule, then the body's own attributes.
    public nonisolated static func _makeView(view: _GraphValue<Self>, inputs: _ViewInputs) -> _ViewOutputs {
        let body = _makeBody(ViewBodyAccessor<Self>.self, container: view, inputs: inputs)
        _recordBody(body)
        var inputs = inputs
        inputs.path = ViewPath(parent: inputs.path, type: Self.self)
        return Body._makeDebuggableView(view: _GraphValue(body), inputs: inputs)
    }
}

extension Never: View {
    public typealias Body = Never

    public var body: Never { _primitiveBody(Self.self) }

    public nonisolated static func _makeView(view: _GraphValue<Never>, inputs: _ViewInputs) -> _ViewOutputs {
        fatalError("DeclarativeViews: Never has no views.")
    }
}

/// The body of a primitive view: calling it is a programming error.
func _primitiveBody<V>(_ type: V.Type) -> Never {
    fatalError("DeclarativeViews: \(type) is a primitive view; its body is never called.")
}

/// A view's value in the graph while its attributes are being built (SwiftUI's
/// `_GraphValue`): an attribute, or a part of one at a byte offset.
///
/// Parts are *virtual*: reading one reads the whole attribute (as a dependency) and takes the
/// bytes at the offset — no offset attribute is created, so a view's stored properties cost
/// nothing in the graph until a rule reads them.
public struct _GraphValue<Value> {
    /// The attribute holding the value (or the value it is part of).
    let base: AnyAttribute
    /// Where the value starts in the base attribute's value.
    let offset: Int

    init(_ attribute: Attribute<Value>) {
        base = attribute.identifier
        offset = 0
    }

    /// The value `offset` bytes into the base attribute's value (the caller knows its type).
    init(base: AnyAttribute, offset: Int) {
        self.base = base
        self.offset = offset
    }

    /// The up-to-date value; read inside a rule, a dependency on the base attribute.
    var value: Value {
        unsafeAddress {
            UnsafePointer((base._readRawValue() + offset).assumingMemoryBound(to: Value.self))
        }
    }

    /// The value, and whether the base attribute changed since the running rule last ran.
    func changedValue() -> (value: Value, changed: Bool) {
        var changed = false
        let pointer = base._readRawValue(changed: &changed) + offset
        return (pointer.assumingMemoryBound(to: Value.self).pointee, changed)
    }

    /// The stored property `keyPath`, which lies `offset` bytes into the value. The offset
    /// comes from ``FieldOffsets``: instantiating a key path in generic code costs
    /// microseconds, so the offset is checked against the key path once per value type, member
    /// type and offset, in every build (a wrong offset would read another field's bytes) but
    /// one: offset 0. A struct's first stored property is at offset 0 whatever the generic
    /// arguments, so only reordering the source could break it, and that is checked in debug
    /// builds (the test suite's, for each view type it builds). In release builds the check
    /// would cost, on every call, a lookup of the value type's metadata and one of a locked set.
    @inline(__always)  // A call would pass `Value`'s and `Member`'s metadata, looked up for it.
    func member<Member>(
        _ type: Member.Type, at offset: Int, _ keyPath: @autoclosure () -> KeyPath<Value, Member>
    ) -> _GraphValue<Member> {
        #if DEBUG
        _VerifiedFieldOffsets.check(Value.self, Member.self, offset, keyPath())
        #else
        if offset != 0 { _VerifiedFieldOffsets.check(Value.self, Member.self, offset, keyPath()) }
        #endif
        return member(at: offset, as: type)
    }

    /// The `Member` stored `offset` bytes into the value.
    @inline(__always)
    func member<Member>(at offset: Int, as type: Member.Type) -> _GraphValue<Member> {
        _GraphValue<Member>(base: base, offset: self.offset + offset)
    }
}

/// The field offsets ``_GraphValue/member(_:at:_:)`` has checked against the compiler's layout.
package enum _VerifiedFieldOffsets {
    private struct Key: Hashable {
        let value: ObjectIdentifier
        let member: ObjectIdentifier
        let offset: Int
    }
    private static let verified = Locked<Set<Key>>([])

    /// Stops with a message when `offset` is not where `keyPath` lies in `Value` (the first
    /// time this value type, member type and offset are seen; afterwards a set lookup).
    package static func check<Value, Member>(
        _: Value.Type, _: Member.Type, _ offset: Int, _ keyPath: @autoclosure () -> KeyPath<Value, Member>
    ) {
        let key = Key(value: ObjectIdentifier(Value.self), member: ObjectIdentifier(Member.self), offset: offset)
        if verified.withLock({ $0.contains(key) }) { return }
        let expected = MemoryLayout<Value>.offset(of: keyPath())
        guard expected == offset else {
            fatalError(
                "DeclarativeViews internal error: \(Value.self) has its \(Member.self) at byte \(expected.map(String.init) ?? "?"), "
                    + "not \(offset) as the view's graph reads it")
        }
        _ = verified.withLock { $0.insert(key) }
    }
}

/// The offsets of a struct's (or tuple's) stored properties, from their types in declaration
/// order: Swift lays them out one after the other, each at the next offset aligned for its type.
struct FieldOffsets {
    private var end = 0

    /// The offset of the next stored property, of type `T`.
    mutating func next<T>(_: T.Type) -> Int {
        let alignment = MemoryLayout<T>.alignment
        let offset = (end + alignment - 1) / alignment * alignment
        end = offset + MemoryLayout<T>.size
        return offset
    }
}
