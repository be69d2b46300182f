/// A type of object with a publisher that emits before the object has changed (Combine's `ObservableObject`).
///
///     final class Library: ObservableObject {
///         @Published var books: [String] = []
///     }
///     let c = library.objectWillChange.sink { print("will change") }
///
/// Unless the class declares its own `objectWillChange`, it gets an ``ObservableObjectPublisher`` that every
/// ``Published`` property of the object (also those of its superclasses) sends before it changes. It is found by
/// reflecting the object's stored properties (`Mirror`; a class that customises its mirror hides them) and
/// installed into them on first use, so sets before anyone read `objectWillChange` announce nothing. An object
/// without `@Published` properties gets a new publisher on every read, as in Apple's Combine. A class that
/// declares `objectWillChange` itself sends it itself: its `@Published` properties do not.
public protocol ObservableObject: AnyObject {
    /// The type of publisher that emits before the object has changed.
    associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher
    where ObjectWillChangePublisher.Failure == Never

    /// A publisher that emits before the object has changed.
    var objectWillChange: ObjectWillChangePublisher { get }
}

extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
    /// The publisher the object's `@Published` properties send before they change (see ``ObservableObject``).
    ///
    /// Cost: walks the object's stored properties up to the first `@Published` one once it is connected; the
    /// first read walks them all.
    public var objectWillChange: ObservableObjectPublisher {
        var connected: ObservableObjectPublisher?
        var mirror: Mirror? = Mirror(reflecting: self)
        while let current = mirror {
            for child in current.children {
                guard let field = child.value as? any PublishedField else { continue }
                if let connected {
                    field.connect(to: connected)
                } else if let installed = field.installedObjectWillChange {
                    return installed
                } else {
                    connected = field.connect(to: ObservableObjectPublisher())
                }
            }
            mirror = current.superclassMirror
        }
        return connected ?? ObservableObjectPublisher()
    }
}

/// A `@Published` property as reflection sees it (the backing storage `_name` of the property).
protocol PublishedField {
    /// The object's publisher, once connected.
    var installedObjectWillChange: ObservableObjectPublisher? { get }

    /// Connects the property to `publisher`, unless another was connected first; returns the connected one.
    @discardableResult
    func connect(to publisher: ObservableObjectPublisher) -> ObservableObjectPublisher
}
