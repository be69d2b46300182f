import Combine
import Foundation

// Reading focused values: `@FocusedValue(\.note)`, `@FocusedBinding(\.note)` and
// `@FocusedObject` read what the focused views of the scene publish (see `FocusedValues.swift`);
// they are `nil` while nothing focused publishes one. A body that read one runs again when the
// published values change.

/// A value the focused view publishes (SwiftUI's `@FocusedValue`).
@propertyWrapper
public struct FocusedValue<Value>: DynamicProperty {
    let keyPath: KeyPath<FocusedValues, Value?>
    @Environment(\._focusCenter) private var center

    public init(_ keyPath: KeyPath<FocusedValues, Value?>) {
        self.keyPath = keyPath
    }

    /// The published value, `nil` while none is.
    public var wrappedValue: Value? {
        center?.values[keyPath: keyPath]
    }
}

/// A binding the focused view publishes (SwiftUI's `@FocusedBinding`): reads and writes go
/// through to the focused view's state.
@propertyWrapper
public struct FocusedBinding<Value>: DynamicProperty {
    let keyPath: KeyPath<FocusedValues, Binding<Value>?>
    @Environment(\._focusCenter) private var center

    public init(_ keyPath: KeyPath<FocusedValues, Binding<Value>?>) {
        self.keyPath = keyPath
    }

    private var binding: Binding<Value>? {
        center?.values[keyPath: keyPath]
    }

    /// The bound value, `nil` while no binding is published; setting it writes through.
    public var wrappedValue: Value? {
        get { binding?.wrappedValue }
        nonmutating set {
            if let newValue, let binding { binding.wrappedValue = newValue }
        }
    }

    /// A binding to the published binding's value (`nil` while none is published).
    public var projectedValue: Binding<Value?> {
        let binding = self.binding
        return Binding(get: { binding?.wrappedValue }, set: { if let value = $0 { binding?.wrappedValue = value } })
    }
}

/// An observable object the focused view publishes with `.focusedObject(_:)` (SwiftUI's
/// `@FocusedObject`). The body runs again when another object is published and, as with
/// `@ObservedObject`, when the published object changes (a `@Published` property is set or it
/// sends `objectWillChange`).
@propertyWrapper
public struct FocusedObject<ObjectType: ObservableObject>: DynamicProperty {
    @Environment(\._focusCenter) private var center
    private var changes = ObjectChangeFollower<ObjectType>()

    public init() {}

    /// Follows the object published now (before the body reads it).
    public mutating func update() {
        changes.follow(center?.values.object(ObjectType.self))
    }

    /// The published object, `nil` while none is.
    public var wrappedValue: ObjectType? {
        center?.values.object(ObjectType.self)
    }

    /// Bindings to the published object's properties (`$model?.title`).
    public var projectedValue: Wrapper? {
        guard let object = wrappedValue else { return nil }
        return Wrapper(object: object)
    }

    /// Bindings to the properties of a focused object.
    @dynamicMemberLookup
    public struct Wrapper {
        let object: ObjectType

        public subscript<T>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, T>) -> Binding<T> {
            Binding(location: ObjectLocation(object: object, keyPath: keyPath))
        }
    }
}
