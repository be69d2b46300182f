import Foundation

/// A type that publishes a property marked with an attribute (Combine's `@Published`).
///
///     final class SearchModel: ObservableObject {
///         @Published var query = ""
///     }
///     let c = model.$query.sink { print("query will become", $0) }
///
/// Setting the property sends the object's `objectWillChange`, then emits the new value on `$query` — both
/// *before* the new value is stored (willSet semantics: reading the property from those callbacks gives the old
/// value) — then stores it. `$query` emits the current value to each new subscriber first. Only available on
/// properties of classes. Setting it from several threads at once is a race on the value, as in Apple's.
@propertyWrapper
public struct Published<Value> {
    private var subject: PublishedSubject<Value>

    /// Creates the published instance with an initial wrapped value.
    public init(wrappedValue: Value) {
        subject = PublishedSubject(wrappedValue)
    }

    /// Creates the published instance with an initial value.
    public init(initialValue: Value) {
        self.init(wrappedValue: initialValue)
    }

    @available(*, unavailable, message: "@Published is only available on properties of classes")
    public var wrappedValue: Value {
        get { fatalError() }
        set { fatalError() }  // swiftlint:disable:this unused_setter_value
    }

    /// How the property reaches the object it belongs to.
    public static subscript<EnclosingSelf: AnyObject>(
        _enclosingInstance object: EnclosingSelf,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
    ) -> Value {
        get { object[keyPath: storageKeyPath].subject.value }
        set { object[keyPath: storageKeyPath].subject.set(newValue) }
    }

    /// The property's publisher (`$property`): the current value, then each new value before it is stored.
    public var projectedValue: Publisher {
        get { Publisher(subject) }
        set { subject = newValue.subject }
    }

    /// A publisher for properties marked with the `@Published` attribute (Combine's `Published.Publisher`).
    public struct Publisher: Combine.Publisher {
        public typealias Output = Value
        public typealias Failure = Never

        let subject: PublishedSubject<Value>

        fileprivate init(_ subject: PublishedSubject<Value>) {
            self.subject = subject
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == Never {
            subject.willSet.subscribe(subscriber)
        }

        /// Package-only: a publisher of each new value *after* it was stored (the `@Published` counterpart of
        /// ``ObservableObjectPublisher/didChange``). Emits nothing on subscription.
        package var didSet: DidSet {
            DidSet(broadcast: subject.didSet)
        }

        /// Package-only: the publisher ``didSet`` returns.
        package struct DidSet: Combine.Publisher {
            package typealias Output = Value
            package typealias Failure = Never

            fileprivate let broadcast: Broadcast<Value, Never>

            package func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == Never {
                broadcast.subscribe(subscriber)
            }
        }
    }
}

extension Published: PublishedField {
    var installedObjectWillChange: ObservableObjectPublisher? {
        subject.objectWillChange
    }

    func connect(to publisher: ObservableObjectPublisher) -> ObservableObjectPublisher {
        subject.connect(to: publisher)
    }
}

extension Publisher where Failure == Never {
    /// Republishes elements received from a publisher, by assigning them to a property marked as a publisher
    /// (`publisher.assign(to: &$property)`).
    ///
    /// The subscription lives as long as the property's storage — it is cancelled when the object that owns the
    /// property is released — and holds no reference to the object, so it makes no cycle. Each assigned value
    /// goes through the property's setter path (`objectWillChange`, `$property`, store).
    public func assign(to published: inout Published<Output>.Publisher) {
        let subject = published.subject
        let sink = Subscribers.Sink<Output, Never>(receiveCompletion: { _ in }) { [weak subject] value in
            subject?.set(value)
        }
        subject.keep(AnyCancellable(sink))
        subscribe(sink)
    }
}

/// The storage of a `@Published` property: its value, the publishers of its changes and the object's
/// `objectWillChange` once connected. Shared by the copies of the `Published` struct.
final class PublishedSubject<Value>: @unchecked Sendable {
    // @unchecked: `storage`, `willChangePublisher` and `assignments` are accessed under `lock`; the broadcasts
    // are thread-safe.
    private let lock = NSLock()
    private var storage: Value
    private var willChangePublisher: ObservableObjectPublisher?
    private var assignments: [AnyCancellable] = []
    /// `$property`: current value first, then each new value before it is stored.
    let willSet: Broadcast<Value, Never>
    /// Each new value after it is stored (package hook).
    let didSet = Broadcast<Value, Never>(name: "Published.didSet")

    init(_ value: Value) {
        storage = value
        willSet = Broadcast(name: "PublishedSubject", current: value)
    }

    deinit {
        willSet.detachAll()
        didSet.detachAll()
    }

    var value: Value {
        lock.withLock { storage }
    }

    var objectWillChange: ObservableObjectPublisher? {
        lock.withLock { willChangePublisher }
    }

    func connect(to publisher: ObservableObjectPublisher) -> ObservableObjectPublisher {
        lock.withLock {
            if let willChangePublisher { return willChangePublisher }
            willChangePublisher = publisher
            return publisher
        }
    }

    /// The setter: will-change, `$property`, store, did-change.
    func set(_ newValue: Value) {
        let objectWillChange = self.objectWillChange
        objectWillChange?.sendPublishedWillChange()
        willSet.send(newValue)
        lock.withLock { storage = newValue }
        didSet.send(newValue)
        objectWillChange?.sendDidChange()
    }

    /// Keeps an `assign(to:)` subscription for as long as the property lives.
    func keep(_ assignment: AnyCancellable) {
        lock.withLock { assignments.append(assignment) }
    }
}
