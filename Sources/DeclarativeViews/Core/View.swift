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
@MainActor
public protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }

    /// Builds the graph attributes for a view of this type (framework-internal).
    nonisolated static func _makeView(view: _GraphValue<Self>, inputs: _ViewInputs) -> _ViewOutputs
}

extension View {
    /// A composite view: a body rule, then the body's own attributes.
    public nonisolated static func _makeView(view: _GraphValue<Self>, inputs: _ViewInputs) -> _ViewOutputs {
        let body = _makeBody(ViewBodyAccessor<Self>.self, container: view.attribute, inputs: inputs)
        return Body._makeView(view: _GraphValue(body), inputs: inputs)
    }
}

extension Never: View {
    public typealias Body = Never

    public var body: Never { _primitiveBody(Self.self) }

    public nonisolated static func _makeView(view: _GraphValue<Never>, inputs: _ViewInputs) -> _ViewOutputs {
        preconditionFailure("DeclarativeViews: Never has no views.")
    }
}

/// The body of a primitive view: calling it is a programming error.
func _primitiveBody<V>(_ type: V.Type) -> Never {
    preconditionFailure("DeclarativeViews: \(type) is a primitive view; its body is never called.")
}

/// A view's attribute while its graph is being built (SwiftUI's `_GraphValue`).
public struct _GraphValue<Value> {
    let attribute: Attribute<Value>

    init(_ attribute: Attribute<Value>) {
        self.attribute = attribute
    }

    /// The part of the value at a stored property (an offset attribute aliasing its bytes).
    subscript<Member>(keyPath: KeyPath<Value, Member>) -> _GraphValue<Member> {
        guard let offset = MemoryLayout<Value>.offset(of: keyPath) else {
            preconditionFailure("DeclarativeViews: \(keyPath) is not a stored property.")
        }
        return member(at: offset, as: Member.self)
    }

    /// The `Member` stored `offset` bytes into the value.
    func member<Member>(at offset: Int, as type: Member.Type) -> _GraphValue<Member> {
        _GraphValue<Member>(attribute.unsafeOffset(at: offset, as: type))
    }
}
