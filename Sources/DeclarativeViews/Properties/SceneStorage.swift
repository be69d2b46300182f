import AttrGraph
import Foundation

/// A value kept under a key for the scene a view is in (SwiftUI's `@SceneStorage`): every view of
/// the scene reading the key sees it, writing it updates them, and it lives as long as the scene
/// (a host shows one scene; nothing is saved to disk headless).
///
///     @SceneStorage("selectedTab") private var selectedTab = "home"
///
/// The initial value is what views see while nothing (or a value of another type) is stored.
@propertyWrapper
public struct SceneStorage<Value>: DynamicProperty {
    let access: StorageAccess<Value>
    var _link: StorageLink?

    init(access: StorageAccess<Value>) {
        self.access = access
    }

    public var wrappedValue: Value {
        get {
            guard let _link else {
                _stateWarning("Accessing SceneStorage's value outside of being installed on a View. This will always read the initial value.")
                return access.read(nil)
            }
            return access.read(_link.stored)
        }
        nonmutating set {
            guard let _link else {
                _stateWarning("Accessing SceneStorage's value outside of being installed on a View. The write is dropped.")
                return
            }
            _link.store(access.write(newValue))
        }
    }

    /// A binding to the stored value.
    public var projectedValue: Binding<Value> {
        Binding(location: StorageLocation(access: access, link: _link, fallback: SceneStorageBackend()))
    }
}

extension SceneStorage {
    public init(wrappedValue: Value, _ key: String) where Value == Bool {
        self.init(access: StorageAccess(key: key, defaultValue: wrappedValue, coding: .bool))
    }

    public init(wrappedValue: Value, _ key: String) where Value == Int {
        self.init(access: StorageAccess(key: key, defaultValue: wrappedValue, coding: .int))
    }

    public init(wrappedValue: Value, _ key: String) where Value == Double {
        self.init(access: StorageAccess(key: key, defaultValue: wrappedValue, coding: .double))
    }

    public init(wrappedValue: Value, _ key: String) where Value == String {
        self.init(access: StorageAccess(key: key, defaultValue: wrappedValue, coding: .string))
    }

    public init(wrappedValue: Value, _ key: String) where Value == URL {
        self.init(access: StorageAccess(key: key, defaultValue: wrappedValue, coding: .url))
    }

    public init(wrappedValue: Value, _ key: String) where Value == Data {
        self.init(access: StorageAccess(key: key, defaultValue: wrappedValue, coding: .data))
    }

    public init(wrappedValue: Value, _ key: String) where Value: RawRepresentable, Value.RawValue == Int {
        self.init(access: StorageAccess(key: key, defaultValue: wrappedValue, coding: .rawValue))
    }

    public init(wrappedValue: Value, _ key: String) where Value: RawRepresentable, Value.RawValue == String {
        self.init(access: StorageAccess(key: key, defaultValue: wrappedValue, coding: .rawValue))
    }
}

extension SceneStorage where Value: ExpressibleByNilLiteral {
    public init(_ key: String) where Value == Bool? {
        self.init(access: StorageAccess(key: key, coding: .bool))
    }

    public init(_ key: String) where Value == Int? {
        self.init(access: StorageAccess(key: key, coding: .int))
    }

    public init(_ key: String) where Value == Double? {
        self.init(access: StorageAccess(key: key, coding: .double))
    }

    public init(_ key: String) where Value == String? {
        self.init(access: StorageAccess(key: key, coding: .string))
    }

    public init(_ key: String) where Value == URL? {
        self.init(access: StorageAccess(key: key, coding: .url))
    }

    public init(_ key: String) where Value == Data? {
        self.init(access: StorageAccess(key: key, coding: .data))
    }
}

extension SceneStorage {
    public init<R: RawRepresentable>(_ key: String) where Value == R?, R.RawValue == Int {
        self.init(access: StorageAccess(key: key, coding: StorageCoding<R>.rawValue))
    }

    public init<R: RawRepresentable>(_ key: String) where Value == R?, R.RawValue == String {
        self.init(access: StorageAccess(key: key, coding: StorageCoding<R>.rawValue))
    }
}

extension SceneStorage: LinkedProperty {
    static func _makeLink(field: UnsafeRawPointer, name: String, context: LinkContext) -> PropertyLink {
        let access = field.assumingMemoryBound(to: SceneStorage<Value>.self).pointee.access
        let link = StorageLink(key: access.key, kind: access.kind, backend: context.host.sceneStorage, context: context)
        return PropertyLink(object: link, attribute: link.version.identifier)
    }

    static func _install(field: UnsafeMutableRawPointer, link: PropertyLink) {
        let link = unsafeDowncast(link.object.unsafelyUnwrapped, to: StorageLink.self)
        link.track()
        field.assumingMemoryBound(to: SceneStorage<Value>.self).pointee._link = link
    }
}

extension SceneStorage: _ComparisonOverride {
    package static func _isSameValue(_ lhs: UnsafePointer<Self>, _ rhs: UnsafePointer<Self>) -> Bool {
        lhs.pointee._link === rhs.pointee._link && lhs.pointee.access.key == rhs.pointee.access.key
    }
}

/// A scene's `@SceneStorage` values, in memory.
final class SceneStorageBackend: StorageBackend {
    private var values: [String: StoredValue] = [:]

    func stored(_ key: String, as kind: StoredValue.Kind) -> StoredValue? {
        values[key]
    }

    func store(_ value: StoredValue?, for key: String) {
        values[key] = value
    }

    func isSame(as other: any StorageBackend) -> Bool {
        other === self
    }
}
