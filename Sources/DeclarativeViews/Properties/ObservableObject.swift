import AttrGraph
import Foundation

// SwiftUI's `ObservableObject` data flow without Combine (Linux has none, and the package takes no
// dependencies): the names and shapes view code uses — `ObservableObject`, `objectWillChange`
// with `send()`, `@Published` with `$property` publishers, `sink` and `AnyCancellable` — built
// on a small publisher of our own. Not there: Combine's operators (`map`, `debounce`, `assign`…)
// and `Publisher` as a protocol; a custom `objectWillChange` must be an `ObservableObjectPublisher`.

/// Something to stop: a subscription (Combine's `Cancellable`).
public protocol Cancellable {
    func cancel()
}

/// A subscription that cancels itself when released (Combine's `AnyCancellable`). Keep it as
/// long as the subscription should last, e.g. in a `Set<AnyCancellable>`.
public final class AnyCancellable: Cancellable, Hashable {
    private var onCancel: (() -> Void)?

    public init(_ cancel: @escaping () -> Void) {
        onCancel = cancel
    }

    public func cancel() {
        let cancel = onCancel
        onCancel = nil
        cancel?()
    }

    deinit { cancel() }

    public func store(in set: inout Set<AnyCancellable>) {
        set.insert(self)
    }

    public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// Subscribers of one kind of event, in subscription order. Thread-safe.
final class _Subscribers<Output>: @unchecked Sendable {
    // @unchecked: every access goes through the lock.
    private let lock = NSLock()
    private var next = 0
    private var entries: [(id: Int, receive: (Output) -> Void)] = []

    func subscribe(_ receive: @escaping (Output) -> Void) -> AnyCancellable {
        let id = lock.withLock {
            next += 1
            entries.append((next, receive))
            return next
        }
        return AnyCancellable { [weak self] in
            guard let self else { return }
            self.lock.withLock { self.entries.removeAll { $0.id == id } }
        }
    }

    func send(_ output: Output) {
        // Outside the lock: a subscriber may subscribe or cancel while it is called.
        let receivers = lock.withLock { entries.map(\.receive) }
        for receive in receivers { receive(output) }
    }
}

/// The publisher an ``ObservableObject`` announces its changes with (Combine's
/// `ObservableObjectPublisher`): `@Published` properties call ``send()`` before they change.
///
/// Views follow the object through a channel of their own, told *after* a `@Published` value is
/// stored: a view that re-runs its body because of the change then reads the new value whatever
/// thread made it (with `objectWillChange` alone, a change from another thread could be rendered
/// before it was stored, and the last one of a burst lost). A `send()` of the object's own —
/// not through `@Published` — tells views at once, as it tells every subscriber.
public final class ObservableObjectPublisher: @unchecked Sendable {
    // @unchecked: `_Subscribers` is thread-safe.
    private let subscribers = _Subscribers<Void>()
    /// The views following the object (``_ObjectChangeLink``).
    private let views = _Subscribers<Void>()

    public init() {}

    /// Tells subscribers (and the views following the object) that the object is about to change.
    public func send() {
        subscribers.send(())
        views.send(())
    }

    /// Calls `receiveValue` before each change, until the result is released or cancelled.
    public func sink(receiveValue: @escaping () -> Void) -> AnyCancellable {
        subscribers.subscribe { receiveValue() }
    }

    /// A `@Published` property is about to change: its subscribers are told (Combine's will-set
    /// timing); views wait for ``publishedDidChange()``.
    func publishedWillChange() {
        subscribers.send(())
    }

    /// A `@Published` property's new value is stored: the views following the object are told.
    func publishedDidChange() {
        views.send(())
    }

    /// Follows the object for a view: `changed` is called after each `@Published` change is
    /// stored and at each ``send()``, on the changing thread.
    func followForView(_ changed: @escaping () -> Void) -> AnyCancellable {
        views.subscribe { changed() }
    }
}

/// An object whose changes views follow (SwiftUI's `ObservableObject`): held with
/// ``StateObject``, ``ObservedObject`` or ``EnvironmentObject``, it re-runs the bodies of the
/// views holding it whenever it sends `objectWillChange` — which each ``Published`` property does
/// before it changes.
///
///     final class Library: ObservableObject {
///         @Published var books: [String] = []
///     }
public protocol ObservableObject: AnyObject {
    var objectWillChange: ObservableObjectPublisher { get }
}

extension ObservableObject {
    /// One publisher per object, shared by its `@Published` properties (made on first use).
    public var objectWillChange: ObservableObjectPublisher {
        _ObjectPublishers.publisher(for: self)
    }
}

/// The default `objectWillChange` publishers, one per live object.
enum _ObjectPublishers {
    private final class Entry: @unchecked Sendable {
        // @unchecked: the weak reference is read and written under the table's lock only.
        weak var object: AnyObject?
        let publisher = ObservableObjectPublisher()
        init(_ object: AnyObject) { self.object = object }
    }

    private static let table = Locked<[ObjectIdentifier: Entry]>([:])

    static func publisher(for object: AnyObject) -> ObservableObjectPublisher {
        let key = ObjectIdentifier(object)
        return table.withLock { table in
            // An entry whose object is gone belonged to an earlier object at the same address.
            if let entry = table[key], entry.object === object { return entry.publisher }
            if table.count > 64, table.count.isMultiple(of: 64) {
                table = table.filter { $0.value.object != nil }
            }
            let entry = Entry(object)
            table[key] = entry
            return entry.publisher
        }
    }
}

/// A property of an ``ObservableObject`` whose changes views follow (SwiftUI's `@Published`):
/// setting it sends the object's `objectWillChange` first. `$property` is a publisher of its
/// values (`sink` receives the current value, then each new one).
@propertyWrapper
public struct Published<Value> {
    /// Values and subscribers live in a box so that the enclosing object's copies share them.
    /// The value is read and written under a lock: a model changed on a background thread while
    /// a view reads it on the main thread reads a whole value, old or new.
    final class Storage: @unchecked Sendable {
        // @unchecked: `stored` is accessed under `lock` only.
        private var stored: Value
        private let lock = NSLock()
        let subscribers = _Subscribers<Value>()
        init(_ value: Value) { stored = value }

        var value: Value {
            get { lock.withLock { stored } }
            set { lock.withLock { stored = newValue } }
        }
    }

    private let storage: Storage

    public init(wrappedValue: Value) {
        storage = Storage(wrappedValue)
    }

    public init(initialValue: Value) {
        self.init(wrappedValue: initialValue)
    }

    @available(*, unavailable, message: "@Published is only available on properties of classes")
    public var wrappedValue: Value {
        get { fatalError() }
        set { fatalError() }  // swiftlint:disable:this unused_setter_value
    }

    /// How `@Published` reaches the object it belongs to (the same mechanism as Combine's).
    public static subscript<Object: ObservableObject>(
        _enclosingInstance object: Object,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Object, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Object, Published<Value>>
    ) -> Value {
        get { object[keyPath: storageKeyPath].storage.value }
        set {
            let publisher = object.objectWillChange
            publisher.publishedWillChange()
            let storage = object[keyPath: storageKeyPath].storage
            storage.value = newValue
            storage.subscribers.send(newValue)
            publisher.publishedDidChange()
        }
    }

    /// The values of the property, as a publisher (`$count.sink { … }`).
    public var projectedValue: Publisher {
        Publisher(storage: storage)
    }

    /// The values of a `@Published` property (Combine's `Published.Publisher`).
    public struct Publisher {
        fileprivate let storage: Storage

        /// Calls `receiveValue` with the current value, then with each new value as it is set.
        public func sink(receiveValue: @escaping (Value) -> Void) -> AnyCancellable {
            receiveValue(storage.value)
            return storage.subscribers.subscribe(receiveValue)
        }
    }
}
