import AttrGraph
import Combine
import Foundation
import Synchronization

/// A view's subscription to an ``ObservableObject``: an input attribute the body reads (so the
/// body depends on it), bumped whenever the object changes — on the graph's thread at once, from
/// another thread through the graph thread's run loop — so the host re-runs exactly the bodies of
/// the views holding the object at its next flush.
///
/// With this package's Combine (on Linux) a view follows the object's publisher's view channel:
/// a `@Published` change reaches it *after* the value is stored, so the body it re-runs reads
/// the new value whatever thread made the change, and a `send()` of the object's own at once.
/// With Apple's Combine, and for an object whose `objectWillChange` is another publisher, it
/// follows `objectWillChange` (the change reaches the graph's thread through its run loop, after
/// the store in practice).
final class ObjectChangeLink: @unchecked Sendable {
    // @unchecked: `version` and `subscription` are used on the graph's thread only; the
    // publisher's callback hops there first.
    let version: Attribute<UInt>
    /// Whether the view's subgraph is still valid (a view that left the tree has nothing to change).
    private let subgraph: SubgraphValidity
    private let graphThread: GraphThread
    /// Where a change made inside `withAnimation` on the graph's thread leaves its transaction.
    private let transactions: TransactionRecorder
    private var observed: ObjectIdentifier?
    private var subscription: AnyCancellable?

    init(context: LinkContext) {
        version = Attribute(value: 0)
        subgraph = context.subgraph.validity
        graphThread = context.host.graphThread
        transactions = context.host.transactions
    }

    /// Follows `object` (and stops following the previous one).
    func observe(_ object: some ObservableObject) {
        let identifier = ObjectIdentifier(object)
        guard identifier != observed else { return }
        observed = identifier
        let publisher = object.objectWillChange
        #if PACKAGE_COMBINE
        if let standard = publisher as? ObservableObjectPublisher {
            subscription = standard.viewChanges.sink { [weak self] in self?.objectChanged() }
            return
        }
        #endif
        subscription = publisher.sink { [weak self] _ in self?.objectChanged() }
    }

    /// Stops following the object it follows, if any.
    func stopObserving() {
        observed = nil
        subscription = nil
    }

    /// Set by a change on any thread, cleared on the graph's thread when the body is marked: a
    /// burst of changes costs one hop to the graph's thread, and a change after the mark (made
    /// while the body runs, say) makes another.
    private let changePending = Atomic<Bool>(false)

    /// The object changed (a `@Published` value is stored, or it sent `objectWillChange`).
    private func objectChanged() {
        if changePending.exchange(true, ordering: .acquiringAndReleasing) { return }
        graphThread.deliver { [self] in bump() }
    }

    private func bump() {
        changePending.store(false, ordering: .releasing)
        guard subgraph.isValid else { return }
        // Delivered at once when the change was made on the graph's thread: inside the
        // `withAnimation` that made it, if any.
        if let transaction = Transaction.current { transactions.noteWrite(transaction) }
        version.value &+= 1
    }

    /// Inside the body rule: makes the body depend on the object's changes.
    func track() {
        _ = version.value
    }
}

// MARK: - StateObject

/// An observable object a view owns (SwiftUI's `@StateObject`): created once, when the view first
/// appears — the initial value is an autoclosure, evaluated then and never again for that view —
/// and released when the view leaves the tree. Its changes re-run the view's body.
///
///     @StateObject private var library = Library()
@propertyWrapper
public struct StateObject<ObjectType: ObservableObject>: DynamicProperty {
    let thunk: () -> ObjectType
    var _storage: StateObjectStorage<ObjectType>?

    public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) {
        self.thunk = thunk
    }

    public var wrappedValue: ObjectType {
        guard let _storage else {
            _stateWarning("Accessing StateObject's object without being installed on a View. This will create a new instance each time.")
            return thunk()
        }
        return _storage.object
    }

    /// Bindings to the object's properties: `$library.title`.
    public var projectedValue: ObservedObject<ObjectType>.Wrapper {
        ObservedObject<ObjectType>.Wrapper(object: wrappedValue)
    }
}

final class StateObjectStorage<ObjectType: ObservableObject> {
    let object: ObjectType
    let link: ObjectChangeLink

    init(object: ObjectType, link: ObjectChangeLink) {
        self.object = object
        self.link = link
    }
}

extension StateObject: LinkedProperty {
    static func _makeLink(field: UnsafeRawPointer, name: String, context: LinkContext) -> PropertyLink {
        let object = field.assumingMemoryBound(to: StateObject<ObjectType>.self).pointee.thunk()
        let link = ObjectChangeLink(context: context)
        link.observe(object)
        return PropertyLink(object: StateObjectStorage(object: object, link: link), attribute: link.version.identifier)
    }

    static func _install(field: UnsafeMutableRawPointer, link: PropertyLink) {
        let storage = unsafeDowncast(link.object.unsafelyUnwrapped, to: StateObjectStorage<ObjectType>.self)
        field.assumingMemoryBound(to: StateObject<ObjectType>.self).pointee._storage = storage
        storage.link.track()
    }
}

extension StateObject: _ComparisonOverride {
    /// A parent re-creating the view passes a new (unevaluated) thunk: only the storage counts.
    package static func _isSameValue(_ lhs: UnsafePointer<Self>, _ rhs: UnsafePointer<Self>) -> Bool {
        lhs.pointee._storage === rhs.pointee._storage
    }
}

// MARK: - ObservedObject

/// An observable object a view is given (SwiftUI's `@ObservedObject`): the view re-runs its body
/// when the object changes; a parent passing another object makes the view follow that one.
@propertyWrapper
public struct ObservedObject<ObjectType: ObservableObject>: DynamicProperty {
    public var wrappedValue: ObjectType

    public init(wrappedValue: ObjectType) {
        self.wrappedValue = wrappedValue
    }

    public init(initialValue: ObjectType) {
        wrappedValue = initialValue
    }

    public var projectedValue: Wrapper { Wrapper(object: wrappedValue) }

    /// Bindings to an observable object's properties (`$model.name`).
    @dynamicMemberLookup
    public struct Wrapper {
        let object: ObjectType

        public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> {
            Binding(location: ObjectLocation(object: object, keyPath: keyPath))
        }
    }
}

extension ObservedObject: LinkedProperty {
    static func _makeLink(field: UnsafeRawPointer, name: String, context: LinkContext) -> PropertyLink {
        let link = ObjectChangeLink(context: context)
        return PropertyLink(object: link, attribute: link.version.identifier)
    }

    static func _install(field: UnsafeMutableRawPointer, link: PropertyLink) {
        let changes = unsafeDowncast(link.object.unsafelyUnwrapped, to: ObjectChangeLink.self)
        changes.observe(field.assumingMemoryBound(to: ObservedObject<ObjectType>.self).pointee.wrappedValue)
        changes.track()
    }
}

// MARK: - EnvironmentObject

/// An observable object an ancestor put in the environment with `.environmentObject(_:)`
/// (SwiftUI's `@EnvironmentObject`). Reading it without one stops the process with SwiftUI's
/// message.
@propertyWrapper
public struct EnvironmentObject<ObjectType: ObservableObject>: DynamicProperty {
    var _object: ObjectType?

    public init() {}

    public var wrappedValue: ObjectType {
        guard let _object else {
            fatalError("No ObservableObject of type \(ObjectType.self) found. A View.environmentObject(_:) for "
                + "\(ObjectType.self) may be missing as an ancestor of this view.")
        }
        return _object
    }

    /// Bindings to the object's properties (`$model.name`), as ``ObservedObject``'s projection
    /// makes them.
    public typealias Wrapper = ObservedObject<ObjectType>.Wrapper

    public var projectedValue: EnvironmentObject<ObjectType>.Wrapper {
        ObservedObject<ObjectType>.Wrapper(object: wrappedValue)
    }
}

final class EnvironmentObjectLink<ObjectType: AnyObject> {
    let object: Attribute<ObjectType?>
    let changes: ObjectChangeLink

    init(object: Attribute<ObjectType?>, changes: ObjectChangeLink) {
        self.object = object
        self.changes = changes
    }
}

extension EnvironmentObject: LinkedProperty {
    static func _makeLink(field: UnsafeRawPointer, name: String, context: LinkContext) -> PropertyLink {
        let object = Attribute(
            vtableRule: EnvironmentProperty(
                environment: context.environment, keyPath: \EnvironmentValues.[_object: _ObjectKeyID<ObjectType>()]))
        let link = EnvironmentObjectLink(object: object, changes: ObjectChangeLink(context: context))
        // The change counter names the property in `_printChanges()` when the object changes.
        return PropertyLink(object: link, attribute: link.changes.version.identifier)
    }

    static func _install(field: UnsafeMutableRawPointer, link: PropertyLink) {
        let link = unsafeDowncast(link.object.unsafelyUnwrapped, to: EnvironmentObjectLink<ObjectType>.self)
        let object = link.object.value
        field.assumingMemoryBound(to: EnvironmentObject<ObjectType>.self).pointee._object = object
        if let object { link.changes.observe(object) }
        link.changes.track()
    }
}

extension EnvironmentObject: _ComparisonOverride {
    /// The object comes from the environment, not from the parent: two values are the same view.
    package static func _isSameValue(_ lhs: UnsafePointer<Self>, _ rhs: UnsafePointer<Self>) -> Bool { true }
}

// MARK: - Objects in the environment

/// The environment key of the object of type `T` (`.environment(model)`, `.environmentObject(model)`).
public struct _ObjectKeyID<T: AnyObject>: Hashable {
    public init() {}
}

struct ObjectKey<T: AnyObject>: EnvironmentKey {
    static var defaultValue: T? { nil }
}

extension EnvironmentValues {
    /// The object of type `T` an ancestor put in the environment, if any.
    public subscript<T: AnyObject>(_object key: _ObjectKeyID<T>) -> T? {
        get { self[ObjectKey<T>.self] }
        set { self[ObjectKey<T>.self] = newValue }
    }

    /// The object of type `T`; stops the process with SwiftUI's message when there is none.
    public subscript<T: AnyObject>(_requiredObject key: _ObjectKeyID<T>) -> T {
        guard let object = self[ObjectKey<T>.self] else {
            fatalError("No Observable object of type \(T.self) found. A View.environment(_:) for \(T.self) may be "
                + "missing as an ancestor of this view.")
        }
        return object
    }
}

extension Environment {
    /// An `@Observable` object an ancestor put in the environment with `.environment(_:)`:
    /// `@Environment(Library.self) private var library`.
    public init(_ objectType: Value.Type) where Value: AnyObject & Observable {
        self.init(\EnvironmentValues.[_requiredObject: _ObjectKeyID<Value>()])
    }

    /// The same, `nil` when no ancestor set one: `@Environment(Library.self) private var library: Library?`.
    public init<T: AnyObject & Observable>(_ objectType: T.Type) where Value == T? {
        self.init(\EnvironmentValues.[_object: _ObjectKeyID<T>()])
    }
}

extension View {
    /// Puts an `@Observable` object in the environment of this view's subtree, for
    /// `@Environment(T.self)`.
    public func environment<T: AnyObject & Observable>(_ object: T?)
        -> ModifiedContent<Self, _EnvironmentKeyWritingModifier<T?>>
    {
        environment(\EnvironmentValues.[_object: _ObjectKeyID<T>()], object)
    }

    /// Puts an ``ObservableObject`` in the environment of this view's subtree, for ``EnvironmentObject``.
    public func environmentObject<T: ObservableObject>(_ object: T)
        -> ModifiedContent<Self, _EnvironmentKeyWritingModifier<T?>>
    {
        environment(\EnvironmentValues.[_object: _ObjectKeyID<T>()], object)
    }
}

// MARK: - Bindable

/// Bindings to the properties of an `@Observable` object (SwiftUI's `@Bindable`):
///
///     @Bindable var book: Book
///     …
///     TextField("Title", text: $book.title)
@propertyWrapper
@dynamicMemberLookup
public struct Bindable<Value> {
    public var wrappedValue: Value

    /// In the type itself (not only for `Observable` objects, as in SwiftUI's declaration) so that
    /// a view's memberwise initialiser takes the object for a `@Bindable var` on this compiler.
    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }

    public var projectedValue: Bindable<Value> { self }
}

extension Bindable where Value: AnyObject & Observable {
    public init(_ wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }

    public init(projectedValue: Bindable<Value>) {
        self = projectedValue
    }

    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject> {
        Binding(location: ObjectLocation(object: wrappedValue, keyPath: keyPath))
    }
}

extension Bindable: DynamicProperty {}

extension Bindable: Identifiable where Value: Identifiable {
    /// The object's identity, so a list of bindables is a list of the objects (`ForEach($items)`).
    public var id: Value.ID { wrappedValue.id }
}

/// A binding to a property of an object (``Bindable``, ``ObservedObject/Wrapper``). Reads in a
/// body are tracked by Observation (for `@Observable` objects); for an ``ObservableObject``, whose
/// reads nothing tracks, the binding carries the value it was made with, as SwiftUI's bindings do:
/// a parent that re-runs after the object changed passes a binding with another value, so the
/// child holding it re-runs too.
final class ObjectLocation<Root: AnyObject, Value>: AnyLocation<Value> {
    let object: Root
    let keyPath: ReferenceWritableKeyPath<Root, Value>
    /// The value when the binding was made.
    let snapshot: Value

    init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Value>) {
        self.object = object
        self.keyPath = keyPath
        snapshot = object[keyPath: keyPath]
    }

    override var value: Value { object[keyPath: keyPath] }

    override func set(_ newValue: Value) {
        object[keyPath: keyPath] = newValue
    }

    override func isSame(as other: AnyLocation<Value>) -> Bool {
        guard let other = other as? ObjectLocation<Root, Value> else { return false }
        return object === other.object && keyPath == other.keyPath
            && compareValues(snapshot, other.snapshot, mode: .equatableUnlessPOD)
    }
}

// MARK: - Following an object chosen each update

/// Makes a view's body depend on the changes of an observable object it finds each update
/// rather than holds (the focused object of ``FocusedObject``): the enclosing property's
/// `update()` names the object with ``follow(_:)``, and its changes re-run the body as an
/// ``ObservedObject``'s do.
struct ObjectChangeFollower<ObjectType: ObservableObject>: DynamicProperty {
    fileprivate var link: ObjectChangeLink?

    init() {}

    /// Follows `object` (nothing while `nil`) from now on.
    func follow(_ object: ObjectType?) {
        guard let link else { return }
        if let object { link.observe(object) } else { link.stopObserving() }
    }
}

extension ObjectChangeFollower: LinkedProperty {
    static func _makeLink(field: UnsafeRawPointer, name: String, context: LinkContext) -> PropertyLink {
        let link = ObjectChangeLink(context: context)
        return PropertyLink(object: link, attribute: link.version.identifier)
    }

    static func _install(field: UnsafeMutableRawPointer, link: PropertyLink) {
        let changes = unsafeDowncast(link.object.unsafelyUnwrapped, to: ObjectChangeLink.self)
        field.assumingMemoryBound(to: ObjectChangeFollower<ObjectType>.self).pointee.link = changes
        changes.track()
    }
}
