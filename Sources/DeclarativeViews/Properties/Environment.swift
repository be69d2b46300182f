import AttrGraph

/// A key for a value in ``EnvironmentValues``, with the value views see when no ancestor set one.
///
///     struct AccentKey: EnvironmentKey {
///         static let defaultValue = "blue"
///     }
///     extension EnvironmentValues {
///         var accent: String {
///             get { self[AccentKey.self] }
///             set { self[AccentKey.self] = newValue }
///         }
///     }
public protocol EnvironmentKey {
    associatedtype Value
    static var defaultValue: Value { get }
}

/// Values passed down the view tree: set with `.environment(\.key, value)`, read with
/// `@Environment(\.key)`.
public struct EnvironmentValues: CustomStringConvertible {
    private var storage: [ObjectIdentifier: Any] = [:]

    public init() {}

    public subscript<Key: EnvironmentKey>(key: Key.Type) -> Key.Value {
        get { storage[ObjectIdentifier(key)].map { $0 as! Key.Value } ?? Key.defaultValue }
        set { storage[ObjectIdentifier(key)] = newValue }
    }

    public var description: String {
        "EnvironmentValues(\(storage.count) set)"
    }
}

struct IsEnabledKey: EnvironmentKey {
    static let defaultValue = true
}

extension EnvironmentValues {
    /// Whether controls are enabled (`.disabled(true)` turns it off for a subtree; a disabled
    /// button cannot be tapped).
    public var isEnabled: Bool {
        get { self[IsEnabledKey.self] }
        set { self[IsEnabledKey.self] = newValue }
    }
}

/// Reads a value from the environment (SwiftUI's `@Environment`):
///
///     @Environment(\.isEnabled) private var isEnabled
///
/// Each property gets its own attribute reading the environment, so a body re-runs only when
/// the value it reads changes (when the value is `Equatable`).
@propertyWrapper
public struct Environment<Value>: DynamicProperty {
    let keyPath: KeyPath<EnvironmentValues, Value>
    var _attribute: Attribute<Value>?

    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
        self.keyPath = keyPath
    }

    public var wrappedValue: Value {
        if let _attribute {
            return _attribute.value
        }
        _stateWarning("Accessing Environment's value outside of being installed on a View. This will always read the default value.")
        return EnvironmentValues()[keyPath: keyPath]
    }
}

extension Environment: LinkedProperty {
    static func _makeLink(field: UnsafeRawPointer, name: String, context: LinkContext) -> PropertyLink {
        let keyPath = field.assumingMemoryBound(to: Environment<Value>.self).pointee.keyPath
        let attribute = Attribute(vtableRule: EnvironmentProperty(environment: context.environment, keyPath: keyPath))
        return PropertyLink(object: nil, attribute: attribute.identifier)
    }

    static func _install(field: UnsafeMutableRawPointer, link: PropertyLink) {
        field.assumingMemoryBound(to: Environment<Value>.self).pointee._attribute =
            Attribute(identifier: link.attribute)
    }
}

extension Environment: _ComparisonOverride {
    package static func _isSameValue(_ lhs: UnsafePointer<Self>, _ rhs: UnsafePointer<Self>) -> Bool {
        lhs.pointee.keyPath == rhs.pointee.keyPath
    }
}

/// One environment value, for one `@Environment` property.
struct EnvironmentProperty<Value>: Rule {
    let environment: Attribute<EnvironmentValues>
    let keyPath: KeyPath<EnvironmentValues, Value>

    var value: Value { environment.value[keyPath: keyPath] }
}
