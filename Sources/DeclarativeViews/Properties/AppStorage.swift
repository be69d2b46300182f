import AttrGraph
import Foundation

/// A value kept in `UserDefaults` under a key (SwiftUI's `@AppStorage`): reading it reads the
/// store, writing it writes the store, and every view reading the key — in this host or
/// another — updates.
///
///     struct Settings: View {
///         @AppStorage("username") private var username = "Anonymous"
///         @AppStorage("volume") private var volume = 0.5
///         var body: some View {
///             TextField("Name", text: $username)
///         }
///     }
///
/// The store is the `store:` argument, else the one `.defaultAppStorage(_:)` put in the
/// environment, else `UserDefaults.standard`. The initial value is what views see while nothing
/// (or a value of another type) is stored under the key; it is not written. A write made straight
/// to `UserDefaults` reaches the views when their host's run-loop turn ends (Linux's
/// `UserDefaults` posts no change notification); a write through any `@AppStorage` at once.
@propertyWrapper
public struct AppStorage<Value>: DynamicProperty {
    let access: StorageAccess<Value>
    let store: UserDefaults?
    var _link: StorageLink?

    init(access: StorageAccess<Value>, store: UserDefaults?) {
        self.access = access
        self.store = store
    }

    public var wrappedValue: Value {
        get {
            if let _link { return access.read(_link.stored) }
            return access.read(DefaultsBackend(store ?? .standard).stored(access.key, as: access.kind))
        }
        nonmutating set {
            let stored = access.write(newValue)
            if let _link {
                _link.store(stored)
            } else {
                DefaultsBackend(store ?? .standard).store(stored, for: access.key)
                StorageLink.changed(key: access.key)
            }
        }
    }

    /// A binding to the stored value: `Toggle("Sounds", isOn: $soundsOn)`.
    public var projectedValue: Binding<Value> {
        Binding(location: StorageLocation(access: access, link: _link, fallback: DefaultsBackend(store ?? .standard)))
    }
}

extension AppStorage {
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Bool {
        self.init(access: StorageAccess(key: key, defaultValue: wrappedValue, coding: .bool), store: store)
    }

    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Int {
        self.init(access: StorageAccess(key: key, defaultValue: wrappedValue, coding: .int), store: store)
    }

    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Double {
        self.init(access: StorageAccess(key: key, defaultValue: wrappedValue, coding: .double), store: store)
    }

    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == String {
        self.init(access: StorageAccess(key: key, defaultValue: wrappedValue, coding: .string), store: store)
    }

    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == URL {
        self.init(access: StorageAccess(key: key, defaultValue: wrappedValue, coding: .url), store: store)
    }

    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Data {
        self.init(access: StorageAccess(key: key, defaultValue: wrappedValue, coding: .data), store: store)
    }

    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil)
    where Value: RawRepresentable, Value.RawValue == Int {
        self.init(access: StorageAccess(key: key, defaultValue: wrappedValue, coding: .rawValue), store: store)
    }

    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil)
    where Value: RawRepresentable, Value.RawValue == String {
        self.init(access: StorageAccess(key: key, defaultValue: wrappedValue, coding: .rawValue), store: store)
    }
}

extension AppStorage where Value: ExpressibleByNilLiteral {
    /// `@AppStorage("lastOpened") var lastOpened: String?`: `nil` while nothing is stored;
    /// storing `nil` removes the key.
    public init(_ key: String, store: UserDefaults? = nil) where Value == Bool? {
        self.init(access: StorageAccess(key: key, coding: .bool), store: store)
    }

    public init(_ key: String, store: UserDefaults? = nil) where Value == Int? {
        self.init(access: StorageAccess(key: key, coding: .int), store: store)
    }

    public init(_ key: String, store: UserDefaults? = nil) where Value == Double? {
        self.init(access: StorageAccess(key: key, coding: .double), store: store)
    }

    public init(_ key: String, store: UserDefaults? = nil) where Value == String? {
        self.init(access: StorageAccess(key: key, coding: .string), store: store)
    }

    public init(_ key: String, store: UserDefaults? = nil) where Value == URL? {
        self.init(access: StorageAccess(key: key, coding: .url), store: store)
    }

    public init(_ key: String, store: UserDefaults? = nil) where Value == Data? {
        self.init(access: StorageAccess(key: key, coding: .data), store: store)
    }
}

extension AppStorage {
    public init<R: RawRepresentable>(_ key: String, store: UserDefaults? = nil) where Value == R?, R.RawValue == Int {
        self.init(access: StorageAccess(key: key, coding: StorageCoding<R>.rawValue), store: store)
    }

    public init<R: RawRepresentable>(_ key: String, store: UserDefaults? = nil) where Value == R?, R.RawValue == String {
        self.init(access: StorageAccess(key: key, coding: StorageCoding<R>.rawValue), store: store)
    }
}

/// An `@AppStorage` property's link also reads the environment's default store.
final class AppStorageLink {
    let link: StorageLink
    let defaultStore: Attribute<UserDefaults?>?

    init(link: StorageLink, defaultStore: Attribute<UserDefaults?>?) {
        self.link = link
        self.defaultStore = defaultStore
    }
}

extension AppStorage: LinkedProperty {
    static func _makeLink(field: UnsafeRawPointer, name: String, context: LinkContext) -> PropertyLink {
        let property = field.assumingMemoryBound(to: AppStorage<Value>.self).pointee
        var defaultStore: Attribute<UserDefaults?>?
        var store = property.store
        if store == nil {
            let attribute = Attribute(
                vtableRule: EnvironmentProperty(environment: context.environment, keyPath: \EnvironmentValues.defaultAppStorage))
            defaultStore = attribute
            store = attribute.value
        }
        let link = StorageLink(
            key: property.access.key, kind: property.access.kind, backend: DefaultsBackend(store ?? .standard),
            context: context)
        return PropertyLink(object: AppStorageLink(link: link, defaultStore: defaultStore), attribute: link.version.identifier)
    }

    static func _install(field: UnsafeMutableRawPointer, link: PropertyLink) {
        let storage = unsafeDowncast(link.object.unsafelyUnwrapped, to: AppStorageLink.self)
        if let defaultStore = storage.defaultStore {
            storage.link.use(DefaultsBackend(defaultStore.value ?? .standard))
        }
        storage.link.track()
        field.assumingMemoryBound(to: AppStorage<Value>.self).pointee._link = storage.link
    }
}

extension AppStorage: _ComparisonOverride {
    /// A parent re-creating the view passes a fresh property: the key and the installed link count.
    package static func _isSameValue(_ lhs: UnsafePointer<Self>, _ rhs: UnsafePointer<Self>) -> Bool {
        lhs.pointee._link === rhs.pointee._link && lhs.pointee.access.key == rhs.pointee.access.key
            && lhs.pointee.store === rhs.pointee.store
    }
}

/// A binding to a storage property's value.
final class StorageLocation<Value>: AnyLocation<Value> {
    let access: StorageAccess<Value>
    let link: StorageLink?
    let fallback: any StorageBackend

    init(access: StorageAccess<Value>, link: StorageLink?, fallback: any StorageBackend) {
        self.access = access
        self.link = link
        self.fallback = fallback
    }

    override var value: Value {
        guard let link else { return access.read(fallback.stored(access.key, as: access.kind)) }
        if AnyAttribute.current != nil, link.isLive {
            link.track()  // a child's body reading the binding depends on the key too
        }
        return access.read(link.stored)
    }

    override var dependency: AnyAttribute? { link?.version.identifier }

    override func set(_ newValue: Value) {
        if let link {
            link.store(access.write(newValue))
        } else {
            fallback.store(access.write(newValue), for: access.key)
            StorageLink.changed(key: access.key)
        }
    }

    override func isSame(as other: AnyLocation<Value>) -> Bool {
        guard let other = other as? StorageLocation<Value> else { return false }
        if let link, let otherLink = other.link { return link === otherLink }
        return access.key == other.access.key && fallback.isSame(as: other.fallback)
    }
}

struct DefaultAppStorageKey: EnvironmentKey {
    static var defaultValue: UserDefaults? { nil }
}

extension EnvironmentValues {
    /// The store `@AppStorage` properties without a `store:` use (`.defaultAppStorage(_:)`);
    /// `nil`: `UserDefaults.standard`.
    var defaultAppStorage: UserDefaults? {
        get { self[DefaultAppStorageKey.self] }
        set { self[DefaultAppStorageKey.self] = newValue }
    }
}

extension View {
    /// The store the `@AppStorage` properties of this subtree use when they name none.
    public func defaultAppStorage(_ store: UserDefaults) -> ModifiedContent<Self, _EnvironmentKeyWritingModifier<UserDefaults?>> {
        environment(\EnvironmentValues.defaultAppStorage, store)
    }
}

#if !canImport(Darwin)
extension UserDefaults {
    /// Darwin's key-value coding setter, which code written for `import SwiftUI` calls on
    /// `UserDefaults` (`UserDefaults.standard.setValue(true, forKey: "onboarded")`): stores the
    /// value as `set(_:forKey:)` does, and `@AppStorage` views reading the key update at once.
    public func setValue(_ value: Any?, forKey key: String) {
        set(value, forKey: key)
        StorageLink.changed(key: key)
    }
}
#endif
