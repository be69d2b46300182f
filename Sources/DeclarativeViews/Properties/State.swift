import AttrGraph

/// A value a view owns (SwiftUI's `@State`): it lives as long as the view is in the tree,
/// survives the view being re-created by its parent, and writing it updates the views that
/// read it.
///
///     struct Counter: View {
///         @State private var count = 0
///         var body: some View {
///             Button("Count: \(count)") { count += 1 }
///         }
///     }
///
/// The storage is an input attribute in the view's subgraph, created on the view's first body
/// run: writing it marks the graph, which asks the host's scheduler for an update. When the
/// view leaves the tree its subgraph is invalidated and the value released.
@propertyWrapper
public struct State<Value>: DynamicProperty {
    /// The initial value (what the parent passed when it created the view).
    @usableFromInline var _value: Value
    /// The storage, once the view is installed.
    @usableFromInline var _location: StateLocation<Value>?

    // Inlinable, as SwiftUI's: a view's initialiser then creates its states with code
    // specialised for their types, instead of looking up `State<Value>` at each row.
    @inlinable
    public init(wrappedValue value: Value) {
        _value = value
    }

    @inlinable
    public init(initialValue value: Value) {
        _value = value
    }

    public var wrappedValue: Value {
        // Not `_location?.value ?? _value`: this runs unspecialised, and the optional of `Value`
        // that expression builds looks up its generic metadata at every read.
        get {
            if let _location { return _location.value }
            return _value
        }
        nonmutating set {
            guard let _location else {
                _stateWarning("Accessing State's value outside of being installed on a View. "
                    + "This will result in a constant Binding of the initial value and will not update.")
                return
            }
            _location.set(newValue)
        }
    }

    /// A binding to the state, for child views: `Toggle(isOn: $isOn)`.
    public var projectedValue: Binding<Value> {
        guard let _location else {
            _stateWarning("Accessing State's value outside of being installed on a View. "
                + "This will result in a constant Binding of the initial value and will not update.")
            return .constant(_value)
        }
        return Binding(location: _location)
    }
}

// In a constrained extension, as in SwiftUI: declared in the type, the compiler would take it as
// every `@State var x: T`'s default initialiser, and `@State var count: Int` with no default could
// not be set through the memberwise initialiser.
extension State where Value: ExpressibleByNilLiteral {
    /// `@State var selection: Item?` starts as `nil`.
    public init() {
        self.init(wrappedValue: nil)
    }
}

extension State: LinkedProperty {
    static func _makeLink(field: UnsafeRawPointer, name: String, context: LinkContext) -> PropertyLink {
        let initial = field.assumingMemoryBound(to: State<Value>.self).pointee._value
        let location = StateLocation(initial, name: name, context: context)
        return PropertyLink(object: location, attribute: location.attribute.identifier)
    }

    static func _install(field: UnsafeMutableRawPointer, link: PropertyLink) {
        field.assumingMemoryBound(to: State<Value>.self).pointee._location =
            unsafeDowncast(link.object.unsafelyUnwrapped, to: StateLocation<Value>.self)
    }
}

extension State: _ComparisonOverride {
    /// A parent re-creating a child passes a fresh `State` each time: its initial value does
    /// not make the child different (the installed storage is what counts).
    package static func _isSameValue(_ lhs: UnsafePointer<Self>, _ rhs: UnsafePointer<Self>) -> Bool {
        lhs.pointee._location === rhs.pointee._location
    }
}

/// SwiftUI prints these runtime warnings to the console; so do we (standard error).
func _stateWarning(_ message: String) {
    DiagnosticSink.default("DeclarativeViews: \(message)\n")
}
