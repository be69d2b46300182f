import AttrGraph
import CoreFoundation
import Foundation
import RunLoopBridge

/// A value kept under a key by ``AppStorage`` or ``SceneStorage``: one of the property-list types
/// those properties store (a URL is kept as its absolute string, a raw-representable value as
/// its raw value).
enum StoredValue: Equatable {
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case data(Data)

    /// Which of the kinds a property reads back.
    enum Kind {
        case bool, int, double, string, data
    }
}

/// How the values of one property type map to stored values: what kind to read, how to decode
/// it (`nil` when what is stored is not a value of the type) and how to encode a value.
struct StorageCoding<T> {
    let kind: StoredValue.Kind
    let decode: (StoredValue) -> T?
    let encode: (T) -> StoredValue
}

extension StorageCoding where T == Bool {
    static var bool: Self {
        Self(kind: .bool, decode: { if case .bool(let value) = $0 { value } else { nil } }, encode: { .bool($0) })
    }
}

extension StorageCoding where T == Int {
    static var int: Self {
        Self(kind: .int, decode: { if case .int(let value) = $0 { value } else { nil } }, encode: { .int($0) })
    }
}

extension StorageCoding where T == Double {
    static var double: Self {
        Self(kind: .double, decode: { if case .double(let value) = $0 { value } else { nil } }, encode: { .double($0) })
    }
}

extension StorageCoding where T == String {
    static var string: Self {
        Self(kind: .string, decode: { if case .string(let value) = $0 { value } else { nil } }, encode: { .string($0) })
    }
}

extension StorageCoding where T == Data {
    static var data: Self {
        Self(kind: .data, decode: { if case .data(let value) = $0 { value } else { nil } }, encode: { .data($0) })
    }
}

extension StorageCoding where T == URL {
    static var url: Self {
        Self(
            kind: .string, decode: { if case .string(let value) = $0 { URL(string: value) } else { nil } },
            encode: { .string($0.absoluteString) })
    }
}

extension StorageCoding where T: RawRepresentable, T.RawValue == Int {
    static var rawValue: Self {
        Self(kind: .int, decode: { if case .int(let raw) = $0 { T(rawValue: raw) } else { nil } }, encode: { .int($0.rawValue) })
    }
}

extension StorageCoding where T: RawRepresentable, T.RawValue == String {
    static var rawValue: Self {
        Self(
            kind: .string, decode: { if case .string(let raw) = $0 { T(rawValue: raw) } else { nil } },
            encode: { .string($0.rawValue) })
    }
}

/// What a storage property's value is made of: its key, how to read it from what is stored
/// (the default when nothing is) and what to store for a value (`nil`: remove the key).
struct StorageAccess<Value> {
    let key: String
    let read: (StoredValue?) -> Value
    let write: (Value) -> StoredValue?
    let kind: StoredValue.Kind

    /// A property of a non-optional type: `defaultValue` when nothing (or something else) is stored.
    init(key: String, defaultValue: Value, coding: StorageCoding<Value>) {
        self.key = key
        kind = coding.kind
        read = { stored in stored.flatMap(coding.decode) ?? defaultValue }
        write = { coding.encode($0) }
    }

    /// A property of an optional type: `nil` is what is stored when nothing is, and removes the key.
    init<Wrapped>(key: String, coding: StorageCoding<Wrapped>) where Value == Wrapped? {
        self.key = key
        kind = coding.kind
        read = { stored in stored.flatMap(coding.decode) }
        write = { value in value.map(coding.encode) }
    }
}

/// Where storage properties keep their values: a `UserDefaults` (``AppStorage``) or a scene's
/// own values (``SceneStorage``).
protocol StorageBackend: AnyObject {
    func stored(_ key: String, as kind: StoredValue.Kind) -> StoredValue?
    func store(_ value: StoredValue?, for key: String)
    /// Whether two backends keep their values in the same place.
    func isSame(as other: any StorageBackend) -> Bool
}

/// A `UserDefaults` as a storage backend: values are read with its typed accessors, written
/// with `set(_:forKey:)`.
final class DefaultsBackend: StorageBackend {
    let defaults: UserDefaults

    init(_ defaults: UserDefaults) {
        self.defaults = defaults
    }

    func stored(_ key: String, as kind: StoredValue.Kind) -> StoredValue? {
        guard defaults.object(forKey: key) != nil else { return nil }
        switch kind {
        case .bool: return .bool(defaults.bool(forKey: key))
        case .int: return .int(defaults.integer(forKey: key))
        case .double: return .double(defaults.double(forKey: key))
        case .string: return defaults.string(forKey: key).map(StoredValue.string)
        case .data: return defaults.data(forKey: key).map(StoredValue.data)
        }
    }

    func store(_ value: StoredValue?, for key: String) {
        switch value {
        case nil: defaults.removeObject(forKey: key)
        case .bool(let value): defaults.set(value, forKey: key)
        case .int(let value): defaults.set(value, forKey: key)
        case .double(let value): defaults.set(value, forKey: key)
        case .string(let value): defaults.set(value, forKey: key)
        case .data(let value): defaults.set(value, forKey: key)
        }
    }

    func isSame(as other: any StorageBackend) -> Bool {
        (other as? DefaultsBackend)?.defaults === defaults
    }
}

/// One mounted storage property: the version its view's body depends on, bumped whenever the
/// value under its key changes — at once for a write through a storage property (any view's, in
/// any host of the process), and for a write made some other way (straight to `UserDefaults`,
/// which posts nothing on Linux) when its host's run-loop turn ends (see ``StorageMonitor``).
final class StorageLink: @unchecked Sendable {
    // @unchecked: used on its host's graph thread only; `changed(key:)` hops there first.
    let version: Attribute<UInt>
    let key: String
    let kind: StoredValue.Kind
    /// The explicit backend, or the one the environment names (read when the body runs).
    private(set) var backend: any StorageBackend
    /// What was stored when the link last looked.
    private var last: StoredValue?
    private let subgraph: SubgraphValidity
    private let graphThread: GraphThread

    init(key: String, kind: StoredValue.Kind, backend: any StorageBackend, context: LinkContext) {
        self.key = key
        self.kind = kind
        self.backend = backend
        version = Attribute(value: 0)
        subgraph = context.subgraph.validity
        graphThread = context.host.graphThread
        last = backend.stored(key, as: kind)
        context.host.storageMonitor.watch(self)
        StorageLink.registry.withLock { $0.append(WeakLink(self)) }
    }

    var isLive: Bool { subgraph.isValid }

    /// Follows another backend (the environment's default store changed).
    func use(_ backend: any StorageBackend) {
        guard !backend.isSame(as: self.backend) else { return }
        self.backend = backend
        refresh()
    }

    /// What is stored now.
    var stored: StoredValue? { backend.stored(key, as: kind) }

    /// Inside the body rule: makes the body depend on changes under the key.
    func track() {
        _ = version.value
    }

    /// Stores `value` and tells every link following the key.
    func store(_ value: StoredValue?) {
        backend.store(value, for: key)
        StorageLink.changed(key: key)
    }

    /// Reads what is stored and bumps the version when it differs from what was there; returns
    /// whether it did.
    @discardableResult
    func refresh() -> Bool {
        guard isLive else { return false }
        let now = stored
        guard now != last else { return false }
        last = now
        version.value &+= 1
        return true
    }

    // MARK: The process's links

    private struct WeakLink: @unchecked Sendable {
        // @unchecked: the link is touched on its own graph thread only (see `changed(key:)`).
        weak var link: StorageLink?
        init(_ link: StorageLink) { self.link = link }
    }

    private static let registry = Locked<[WeakLink]>([])

    /// A storage property wrote `key`: every link following it looks again, on its graph thread.
    static func changed(key: String) {
        let links = registry.withLock { links -> [StorageLink] in
            links.removeAll { $0.link == nil }
            return links.compactMap(\.link).filter { $0.key == key }
        }
        for link in links {
            link.graphThread.deliver { link.refresh() }
        }
    }
}

/// A host's storage links, looked at when each of its run-loop turns ends: a write straight to
/// `UserDefaults` (which posts no change notification on Linux) reaches the views reading the
/// key then, and the host flushes again at once to show it.
final class StorageMonitor {
    private let handle: HostHandle
    private var links: [Weak] = []
    private var registration: Registration?
    private var isChecking = false

    private struct Weak {
        weak var link: StorageLink?
    }

    init(handle: HostHandle) {
        self.handle = handle
    }

    func watch(_ link: StorageLink) {
        links.append(Weak(link: link))
        if registration == nil, let host = handle.host {
            let handle = handle
            registration = host.scheduler.addTurnObserver {
                handle.host?.storageMonitor.turnEnded()
            }
        }
    }

    private func turnEnded() {
        guard !isChecking, let host = handle.host else { return }
        isChecking = true
        defer { isChecking = false }
        links.removeAll { $0.link?.isLive != true }
        var changed = false
        for entry in links where entry.link?.refresh() == true {
            changed = true
        }
        if changed { host.scheduler.flush() }
    }
}

extension StorageCoding where T: Codable {
    /// The value as JSON data (a table's column customization); data that does not decode as
    /// `T` reads as nothing stored.
    static var json: Self {
        Self(
            kind: .data,
            decode: { if case .data(let data) = $0 { try? JSONDecoder().decode(T.self, from: data) } else { nil } },
            encode: { value in .data((try? JSONEncoder().encode(value)) ?? Data()) })
    }
}
