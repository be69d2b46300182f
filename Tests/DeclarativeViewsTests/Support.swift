import DeclarativeViews
import RunLoopBridge

/// Mounts `view` with a manual scheduler and runs the first update.
@MainActor
func mount<V: View>(_ view: V) -> (host: ViewHost, scheduler: ManualUpdateScheduler) {
    let scheduler = ManualUpdateScheduler()
    let host = ViewHost(view, scheduler: scheduler)
    host.update()
    return (host, scheduler)
}

/// What views did, in order: bodies record themselves, actions record what ran. Views hold it
/// by reference, so passing it down never makes two view values differ.
final class Recorder {
    private(set) var events: [String] = []

    func record(_ event: String) {
        events.append(event)
    }

    /// The events since the last call, then forgets them.
    @discardableResult
    func take() -> [String] {
        defer { events.removeAll() }
        return events
    }
}

/// An object a view keeps in `@State`, whose release a test can watch.
final class Model {
    let name: String
    init(_ name: String) { self.name = name }
}

/// Holds a weak reference for a release check.
final class WeakBox<T: AnyObject> {
    weak var object: T?
    func set(_ object: T) { self.object = object }
}
