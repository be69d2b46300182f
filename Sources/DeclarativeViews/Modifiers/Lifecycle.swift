import AttrGraph
import Combine

/// The latest actions of one lifecycle modifier, and whether its view has appeared.
final class LifecycleBox {
    var appeared = false
    var onDisappear: (() -> Void)?
    var task: Task<Void, Never>?
    /// `.onReceive`: the subscription, and the latest action (a new render brings a new one).
    var subscription: AnyCancellable?
    var receive: ((Any) -> Void)?
}

/// A lifecycle modifier's render rule: passes its content through, and the first time it runs
/// (the view appears) or when its value changes, queues the modifier's actions to run after
/// the update. When the view's subgraph is invalidated (the view leaves the tree), the
/// `disappear` action of the box runs.
protocol LifecycleModifier: PrimitiveViewModifier {
    /// Called when the render rule runs: `first` on the view's first render.
    nonisolated func update(box: LifecycleBox, host: _HostCore, first: Bool, previous: Self?)

    /// Whether ``update(box:host:first:previous:)`` looks at the previous value. When it does
    /// not, the render rule keeps no copy and calls ``update(box:host:first:)`` instead: the rule
    /// runs unspecialised, and each use of an optional copy looks up the optional's metadata.
    nonisolated static var comparesWithPrevious: Bool { get }
    nonisolated func update(box: LifecycleBox, host: _HostCore, first: Bool)
}

extension LifecycleModifier {
    nonisolated static var comparesWithPrevious: Bool { true }

    nonisolated func update(box: LifecycleBox, host: _HostCore, first: Bool) {
        update(box: box, host: host, first: first, previous: nil)
    }
}

/// A lifecycle modifier that never looks at its previous value. It must implement
/// ``LifecycleModifier/update(box:host:first:)`` (the two defaults would call each other).
protocol LifecycleModifierIgnoringPrevious: LifecycleModifier {}

extension LifecycleModifierIgnoringPrevious {
    nonisolated static var comparesWithPrevious: Bool { false }

    nonisolated func update(box: LifecycleBox, host: _HostCore, first: Bool, previous: Self?) {
        update(box: box, host: host, first: first)
    }
}

extension LifecycleModifier {
    public nonisolated static func _makeView(
        modifier: _GraphValue<Self>, inputs: _ViewInputs, body: @escaping (_ViewInputs) -> _ViewOutputs
    ) -> _ViewOutputs {
        let content = body(inputs)
        let box = LifecycleBox()
        let host = inputs.host
        let handle = host.handle
        // The observer holds the box: the subgraph's nodes (and the rule) may be gone by the
        // time it runs.
        Subgraph.current?.addObserver {
            guard box.appeared else { return }
            box.task?.cancel()
            box.task = nil
            box.subscription?.cancel()
            box.subscription = nil
            box.receive = nil
            if let disappear = box.onDisappear { handle.host?.enqueue(disappear) }
        }
        return _ViewOutputs(
            render: Attribute(LifecycleRender(modifier: modifier, content: content.render, box: box, host: host)))
    }
}

struct LifecycleRender<Modifier: LifecycleModifier>: StatefulRule {
    typealias Value = [DisplayNode]
    let modifier: _GraphValue<Modifier>
    let content: RenderParts
    let box: LifecycleBox
    @HostReference var host: _HostCore
    var previous: Modifier?

    init(modifier: _GraphValue<Modifier>, content: RenderParts, box: LifecycleBox, host: _HostCore) {
        self.modifier = modifier
        self.content = content
        self.box = box
        _host = HostReference(wrappedValue: host)
    }

    mutating func updateValue() {
        let current = modifier.value
        let first = !box.appeared
        box.appeared = true
        if Modifier.comparesWithPrevious {
            current.update(box: box, host: host, first: first, previous: previous)
            previous = current
        } else {
            current.update(box: box, host: host, first: first)
        }
        value = content.read()
    }
}

// MARK: - onAppear / onDisappear

public nonisolated struct _AppearanceActionModifier: LifecycleModifierIgnoringPrevious {
    var appear: (() -> Void)?
    var disappear: (() -> Void)?

    func update(box: LifecycleBox, host: _HostCore, first: Bool) {
        box.onDisappear = disappear
        if first, let appear { host.enqueue(appear) }
    }
}

extension View {
    /// Runs `action` after the update in which the view first appears.
    public func onAppear(perform action: (() -> Void)? = nil) -> ModifiedContent<Self, _AppearanceActionModifier> {
        modifier(_AppearanceActionModifier(appear: action, disappear: nil))
    }

    /// Runs `action` after the update in which the view leaves the tree.
    public func onDisappear(perform action: (() -> Void)? = nil) -> ModifiedContent<Self, _AppearanceActionModifier> {
        modifier(_AppearanceActionModifier(appear: nil, disappear: action))
    }
}

// MARK: - onChange

public nonisolated struct _ValueActionModifier<Value: Equatable>: LifecycleModifier {
    var value: Value
    var initial: Bool
    var action: (Value, Value) -> Void

    func update(box: LifecycleBox, host: _HostCore, first: Bool, previous: Self?) {
        let action = self.action
        let new = value
        if let previous {
            let old = previous.value
            if old != new { host.enqueue { action(old, new) } }
        } else if initial {
            host.enqueue { action(new, new) }
        }
    }
}

extension _ValueActionModifier {
    /// The `onChange` form whose action takes no value.
    init(value: Value, initial: Bool, action: @escaping () -> Void) {
        self.init(value: value, initial: initial) { _, _ in action() }
    }

    /// The older `onChange(of:perform:)` form: the action gets the new value.
    init(value: Value, perform action: @escaping (Value) -> Void) {
        self.init(value: value, initial: false) { _, new in action(new) }
    }
}

extension View {
    /// Runs `action` with the old and new value after an update in which `value` changed (and
    /// after the first one too with `initial: true`).
    public func onChange<V: Equatable>(
        of value: V, initial: Bool = false, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void
    ) -> ModifiedContent<Self, _ValueActionModifier<V>> {
        modifier(_ValueActionModifier(value: value, initial: initial, action: action))
    }

    public func onChange<V: Equatable>(
        of value: V, initial: Bool = false, _ action: @escaping () -> Void
    ) -> ModifiedContent<Self, _ValueActionModifier<V>> {
        modifier(_ValueActionModifier(value: value, initial: initial, action: action))
    }

    /// The older form: the action gets the new value.
    public func onChange<V: Equatable>(
        of value: V, perform action: @escaping (_ newValue: V) -> Void
    ) -> ModifiedContent<Self, _ValueActionModifier<V>> {
        modifier(_ValueActionModifier(value: value, perform: action))
    }
}

// MARK: - task

public nonisolated struct _TaskModifier<ID: Equatable>: LifecycleModifier {
    var id: ID
    var priority: TaskPriority
    var action: @MainActor () async -> Void

    func update(box: LifecycleBox, host: _HostCore, first: Bool, previous: Self?) {
        guard first || previous.map({ $0.id != id }) == true else { return }
        let action = self.action
        let priority = self.priority
        host.enqueue { [weak box] in
            guard let box else { return }
            box.task?.cancel()
            box.task = _startTask(priority: priority, MainActorHop(action))
        }
    }
}

/// Starts a view's task on the main actor. On toolchains that have it, the task starts at once
/// (`Task.immediate`): it runs synchronously up to its first suspension, right after the update
/// in which its view appeared, as SwiftUI's do in practice.
func _startTask(priority: TaskPriority, _ action: MainActorHop<@MainActor () async -> Void>) -> Task<Void, Never> {
    MainActor.assumeIsolated {
        if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
            return Task.immediate(priority: priority) { @MainActor in await action.value() }
        }
        return Task(priority: priority) { @MainActor in await action.value() }
    }
}

extension View {
    /// Starts `action` after the update in which the view appears; cancels it when the view
    /// leaves the tree.
    ///
    ///     Text(text).task { text = await load() }
    public func task(
        priority: TaskPriority = .userInitiated, _ action: @escaping @MainActor () async -> Void
    ) -> ModifiedContent<Self, _TaskModifier<Bool>> {
        modifier(_TaskModifier(id: true, priority: priority, action: action))
    }

    /// Like ``task(priority:_:)``, and restarts the task (cancelling the running one) when `id`
    /// changes.
    public func task<ID: Equatable>(
        id value: ID, priority: TaskPriority = .userInitiated, _ action: @escaping @MainActor () async -> Void
    ) -> ModifiedContent<Self, _TaskModifier<ID>> {
        modifier(_TaskModifier(id: value, priority: priority, action: action))
    }
}

// MARK: - onReceive

public nonisolated struct _SubscriptionModifier<P: Publisher>: LifecycleModifierIgnoringPrevious where P.Failure == Never {
    var publisher: P
    var action: (P.Output) -> Void

    func update(box: LifecycleBox, host: _HostCore, first: Bool) {
        // The latest render's action is the one called.
        let action = self.action
        box.receive = { action($0 as! P.Output) }
        guard first else { return }
        // Subscribed after the update in which the view appears (a publisher that sends at once,
        // like a subject with a current value, then reaches the action outside any update).
        let publisher = self.publisher
        let graphThread = host.graphThread
        host.enqueue { [weak box] in
            guard let box else { return }
            // The box is used on the graph's thread only: the value hops there first.
            let target = WeakLifecycleBox(box)
            box.subscription = publisher.sink { value in
                let delivery = UncheckedSendableValue(value)
                // An action, not a body: `deliver` runs it outside any update, so what it reads
                // is no dependency, even when the value arrives while a rule runs.
                graphThread.deliver { target.box?.receive?(delivery.value) }
            }
        }
    }
}

/// A weak reference to a lifecycle box, carried to the graph's thread.
final class WeakLifecycleBox: @unchecked Sendable {
    // @unchecked: `box` is read on the graph's thread only (the delivery hops there first).
    weak var box: LifecycleBox?
    init(_ box: LifecycleBox) { self.box = box }
}

/// A value sent to the graph's thread (a publisher's output, handed over once).
struct UncheckedSendableValue<Value>: @unchecked Sendable {
    // @unchecked: the value is handed to the graph's thread and only used there.
    let value: Value
    init(_ value: Value) { self.value = value }
}

extension View {
    /// Calls `action` with each value `publisher` emits while the view is in the tree (SwiftUI's
    /// `onReceive`): subscribed after the update in which the view appears, cancelled — releasing
    /// the subscription and everything it holds — when the view leaves. Values emitted on another
    /// thread are delivered on the graph's thread (the main thread, for an app).
    ///
    ///     Text("\(remaining)")
    ///         .onReceive(Timer.publish(every: 1, on: .main, in: .common).autoconnect()) { _ in remaining -= 1 }
    public func onReceive<P: Publisher>(
        _ publisher: P, perform action: @escaping (P.Output) -> Void
    ) -> ModifiedContent<Self, _SubscriptionModifier<P>> where P.Failure == Never {
        modifier(_SubscriptionModifier(publisher: publisher, action: action))
    }
}
