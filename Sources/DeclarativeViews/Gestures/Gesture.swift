import Foundation

// Gestures, headless. There is no pointer: the driver performs a gesture on the view showing a
// text (``ViewHost/drag(_:from:to:steps:)``, ``ViewHost/magnify(_:by:steps:)``,
// ``ViewHost/rotate(_:by:steps:)``, ``ViewHost/tap(_:at:)``, ``ViewHost/longPress(_:)``), as a
// user input of a few steps. Each gesture attached to the view says whether it recognizes that
// input and, if so, the values it reports along the way: a drag from (10, 10) to (40, 10) in three
// steps reports translations of 10, 20 and 30 points, the last one ending the gesture. The actions
// of the gesture's modifiers run in order — `.updating` and `.onChanged` at each step, `.onEnded`
// with the last value — and `@GestureState` returns to its initial value when the gesture ends.
// Taps and long presses stay what ``ViewHost/tap(_:)`` performs: a view with a tap or long-press
// gesture is the label of a button.

/// What the user does to a view, as the driver performs it: where it starts (in the view's own
/// coordinates), what it is, and in how many steps.
public struct _GestureInput {
    enum Kind {
        case tap(count: Int)
        case longPress
        case drag(to: CGPoint)
        case magnify(by: CGFloat)
        case rotate(by: Angle)
    }

    let kind: Kind
    let location: CGPoint
    let steps: Int
    let start: Date
    /// The modifier keys held during the input (``ViewHost/holdingModifiers(_:perform:)``).
    var modifiers: EventModifiers = []
    /// Converts a point in the view's own coordinates to a coordinate space seen from the view
    /// (the driver sets it from the laid-out frames; unchanged by default).
    var convert: @MainActor (CGPoint, CoordinateSpace) -> CGPoint = { point, _ in point }

    init(_ kind: Kind, at location: CGPoint, steps: Int = 1, start: Date = Date()) {
        self.kind = kind
        self.location = location
        self.steps = max(1, steps)
        self.start = start
    }

    /// The part of the input that presses before moving: a long press where it starts.
    var press: _GestureInput {
        var press = _GestureInput(.longPress, at: location, start: start)
        press.modifiers = modifiers
        press.convert = convert
        return press
    }

    /// When step `index` (1…steps) happens: a tenth of a second apart, the last one at `start`
    /// (the gesture ends as the driver performs it).
    func time(of index: Int) -> Date { start.addingTimeInterval(Double(index - steps) * 0.1) }
}

/// One step of a performed gesture: the value the gesture reports, whether it ends the gesture,
/// and what its modifiers run then.
public struct _GestureStep<Value> {
    var value: Value
    var isFinal: Bool
    var actions: [@MainActor () -> Void] = []
    /// What runs after the actions (a final step's `@GestureState` resets).
    var cleanup: [@MainActor () -> Void] = []

    func map<T>(_ transform: (Value) -> T) -> _GestureStep<T> {
        _GestureStep<T>(value: transform(value), isFinal: isFinal, actions: actions, cleanup: cleanup)
    }
}

/// Something a user does to a view (SwiftUI's `Gesture`): a primitive gesture (``DragGesture``,
/// ``TapGesture``…), one changed by modifiers (`.onChanged`, `.onEnded`, `.updating`, `.map`), two
/// combined (`.simultaneously(with:)`, `.sequenced(before:)`, `.exclusively(before:)`), or a
/// gesture of your own whose `body` is one of those.
public protocol Gesture<Value> {
    /// What the gesture reports as it changes and ends.
    associatedtype Value
    /// The gesture this one is made of (`Never` for a primitive gesture).
    associatedtype Body: Gesture
    @MainActor var body: Body { get }
    /// How the gesture is recorded on the view's node: `tap`, `drag`, `magnify`…
    nonisolated var _name: String { get }
    /// The steps this gesture goes through for `input`, the last one final if it ends; `nil` when
    /// it does not recognize the input.
    @MainActor func _steps(for input: _GestureInput) -> [_GestureStep<Value>]?
}

extension Gesture where Value == Body.Value {
    public nonisolated var _name: String { "custom" }

    @MainActor public func _steps(for input: _GestureInput) -> [_GestureStep<Value>]? {
        body._steps(for: input)
    }
}

extension Gesture where Body == Never {
    @MainActor public var body: Never { fatalError("DeclarativeViews: \(Self.self) is a primitive gesture.") }
}

extension Never: Gesture {
    public typealias Value = Never
    public nonisolated var _name: String { "never" }
    @MainActor public func _steps(for input: _GestureInput) -> [_GestureStep<Never>]? { nil }
}

extension Gesture {
    /// The steps of `input`, all of them but the last changing the gesture, the last ending it.
    func _continuous(_ input: _GestureInput, value: (_ step: Int, _ fraction: Double) -> Value)
        -> [_GestureStep<Value>]
    {
        (1...input.steps).map { step in
            _GestureStep(value: value(step, Double(step) / Double(input.steps)), isFinal: step == input.steps)
        }
    }
}

/// Runs each step's actions, in order, and updates the host between steps as frames would.
@MainActor func _perform<Value>(_ steps: [_GestureStep<Value>], between: () -> Void) {
    for (index, step) in steps.enumerated() {
        for action in step.actions + step.cleanup { action() }
        if index < steps.count - 1 { between() }
    }
}
