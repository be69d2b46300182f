import Foundation

// Gestures, headless: a view with a tap or long-press gesture becomes the label of a button
// whose node carries `gesture=tap` (`longPress`), so ``ViewHost/tap(_:)`` performs it; other
// gestures (drags, magnification) compile and are recorded (`gesture=drag`) but cannot be
// performed without a pointer.

/// A gesture (SwiftUI's `Gesture`).
public protocol Gesture {
    associatedtype Value
    /// `tap`, `longPress`, `drag`: how the gesture is recorded.
    nonisolated var _name: String { get }
    /// What performing the gesture headless runs (nil: it cannot be performed).
    nonisolated var _perform: (@MainActor () -> Void)? { get }
}

/// A tap (SwiftUI's `TapGesture`).
public struct TapGesture: Gesture {
    public typealias Value = Void
    public var count: Int
    public init(count: Int = 1) { self.count = count }
    public var _name: String { count == 1 ? "tap" : "tap×\(count)" }
    public var _perform: (@MainActor () -> Void)? { nil }
}

/// A long press (SwiftUI's `LongPressGesture`); performed headless as a completed press.
public struct LongPressGesture: Gesture {
    public typealias Value = Bool
    public init(minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10) {}
    public var _name: String { "longPress" }
    public var _perform: (@MainActor () -> Void)? { nil }
}

/// A drag (SwiftUI's `DragGesture`): recorded, not performed.
public struct DragGesture: Gesture {
    public struct Value: Equatable, Sendable {
        public var location: CGPoint
        public var startLocation: CGPoint
        public var translation: CGSize
    }

    public init(minimumDistance: CGFloat = 10) {}
    public var _name: String { "drag" }
    public var _perform: (@MainActor () -> Void)? { nil }
}

/// A gesture with an action at its end (`.onEnded`).
public struct _EndedGesture<Base: Gesture>: Gesture {
    public typealias Value = Base.Value
    let base: Base
    let action: (Base.Value) -> Void

    public var _name: String { base._name }

    public var _perform: (@MainActor () -> Void)? {
        // Performed on the main actor, where the host taps.
        let action = MainActorHop(self.action)
        if Base.Value.self == Void.self { return { action.value(() as! Base.Value) } }
        if Base.Value.self == Bool.self { return { action.value(true as! Base.Value) } }
        return base._perform
    }
}

/// A gesture with an action while it changes (`.onChanged`); recorded only.
public struct _ChangedGesture<Base: Gesture>: Gesture {
    public typealias Value = Base.Value
    let base: Base
    public var _name: String { base._name }
    public var _perform: (@MainActor () -> Void)? { base._perform }
}

extension Gesture {
    public func onEnded(_ action: @escaping (Value) -> Void) -> _EndedGesture<Self> {
        _EndedGesture(base: self, action: action)
    }

    public func onChanged(_ action: @escaping (Value) -> Void) -> _ChangedGesture<Self> {
        _ChangedGesture(base: self)
    }
}

/// The content, a button when the gesture can be performed headless.
public nonisolated struct _GestureView<Content: View, G: Gesture>: View {
    let content: Content
    let gesture: G

    @MainActor public var body: some View {
        if let perform = gesture._perform {
            Button(action: perform) { content }.modifier(_StyleModifier(key: "gesture", value: gesture._name))
        } else {
            content.modifier(_StyleModifier(key: "gesture", value: gesture._name))
        }
    }
}

extension View {
    /// Attaches a gesture (a tap or long press with `.onEnded` can be performed with ``ViewHost/tap(_:)``).
    public func gesture<G: Gesture>(_ gesture: G) -> _GestureView<Self, G> {
        _GestureView(content: self, gesture: gesture)
    }

    public func simultaneousGesture<G: Gesture>(_ gesture: G) -> _GestureView<Self, G> {
        _GestureView(content: self, gesture: gesture)
    }

    public func highPriorityGesture<G: Gesture>(_ gesture: G) -> _GestureView<Self, G> {
        _GestureView(content: self, gesture: gesture)
    }

    /// Runs `action` on a long press: headless, the view becomes a button carrying
    /// `onLongPressGesture` that ``ViewHost/tap(_:)`` presses.
    public func onLongPressGesture(minimumDuration: Double = 0.5, perform action: @escaping @MainActor () -> Void)
        -> ModifiedContent<_PrimitiveButton<Self>, _StyleModifier>
    {
        _PrimitiveButton(label: self, action: action).modifier(_StyleModifier(key: "onLongPressGesture", value: ""))
    }
}
