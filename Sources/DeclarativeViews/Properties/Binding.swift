import AttrGraph

/// A read-write reference to a value owned elsewhere (SwiftUI's `Binding`): usually a parent's
/// ``State``, passed as `$name`.
///
///     struct Stepper: View {
///         @Binding var value: Int
///         var body: some View {
///             Button("+1") { value += 1 }
///         }
///     }
///     …
///     Stepper(value: $count)
///
/// Reading it inside a body makes the body depend on the storage it points to.
@propertyWrapper
@dynamicMemberLookup
public struct Binding<Value> {
    let location: AnyLocation<Value>

    init(location: AnyLocation<Value>) {
        self.location = location
    }

    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        location = FunctionLocation(get: get, set: set)
    }

    public init(projectedValue: Binding<Value>) {
        self = projectedValue
    }

    /// A binding to a value that never changes (writes are ignored).
    public static func constant(_ value: Value) -> Binding<Value> {
        Binding(location: ConstantLocation(value))
    }

    public var wrappedValue: Value {
        get { location.value }
        nonmutating set { location.set(newValue) }
    }

    public var projectedValue: Binding<Value> { self }

    /// A binding to a property of the value: `$person.name`.
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        Binding<Subject>(location: KeyPathLocation(base: location, keyPath: keyPath))
    }

    /// A binding to an optional's value, or `nil` while it is `nil`.
    public init?(_ base: Binding<Value?>) {
        guard let value = base.wrappedValue else { return nil }
        location = UnwrappedLocation(base: base.location, value: value)
    }
}

extension Binding: DynamicProperty {}

extension Binding: ObservedProperty {
    static func _changedSinceLastRun(field: UnsafeRawPointer) -> Bool {
        guard let dependency = field.assumingMemoryBound(to: Binding<Value>.self).pointee.location.dependency else {
            return false
        }
        return Graph.inputChanged(dependency)
    }
}

extension Binding: Identifiable where Value: Identifiable {
    public var id: Value.ID { wrappedValue.id }
}

extension Binding: _ComparisonOverride {
    package static func _isSameValue(_ lhs: UnsafePointer<Self>, _ rhs: UnsafePointer<Self>) -> Bool {
        lhs.pointee.location.isSame(as: rhs.pointee.location)
    }
}
