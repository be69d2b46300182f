import Foundation

// What a gesture's modifiers do when the gesture is performed: `.onChanged` and `.updating` run at
// each step, `.onEnded` at the last one, after which `@GestureState`s reset; `.map` changes the
// values.

/// A gesture with an action at its end (`.onEnded`).
public struct _EndedGesture<Base: Gesture>: Gesture {
    public typealias Value = Base.Value
    public typealias Body = Never
    let base: Base
    let action: (Base.Value) -> Void

    public var _name: String { base._name }

    @MainActor public func _steps(for input: _GestureInput) -> [_GestureStep<Value>]? {
        base._steps(for: input).map { steps in
            steps.map { step in
                guard step.isFinal else { return step }
                var step = step
                let (action, value) = (self.action, step.value)
                step.actions.append { action(value) }
                return step
            }
        }
    }
}

/// A gesture with an action at each change (`.onChanged`).
public struct _ChangedGesture<Base: Gesture>: Gesture {
    public typealias Value = Base.Value
    public typealias Body = Never
    let base: Base
    let action: (Base.Value) -> Void

    public var _name: String { base._name }

    @MainActor public func _steps(for input: _GestureInput) -> [_GestureStep<Value>]? {
        base._steps(for: input).map { steps in
            steps.map { step in
                var step = step
                let (action, value) = (self.action, step.value)
                step.actions.append { action(value) }
                return step
            }
        }
    }
}

/// A gesture whose values are transformed (`.map`).
public struct _MapGesture<Base: Gesture, Value>: Gesture {
    public typealias Body = Never
    let base: Base
    let transform: (Base.Value) -> Value

    public var _name: String { base._name }

    @MainActor public func _steps(for input: _GestureInput) -> [_GestureStep<Value>]? {
        base._steps(for: input).map { $0.map { $0.map(transform) } }
    }
}

/// A gesture whose value updates a ``GestureState`` while it is performed (`.updating`): the state
/// takes what `body` makes of each value, and returns to its initial value when the gesture ends.
public struct GestureStateGesture<Base: Gesture, State>: Gesture {
    public typealias Value = Base.Value
    public typealias Body = Never
    public var base: Base
    public var state: GestureState<State>
    public var body: (GestureStateGesture<Base, State>.Value, inout State, inout Transaction) -> Void

    public init(base: Base, state: GestureState<State>,
                body: @escaping (GestureStateGesture<Base, State>.Value, inout State, inout Transaction) -> Void) {
        self.base = base
        self.state = state
        self.body = body
    }

    public var _name: String { base._name }

    @MainActor public func _steps(for input: _GestureInput) -> [_GestureStep<Value>]? {
        base._steps(for: input).map { steps in
            steps.map { step in
                var step = step
                let (state, update, value) = (self.state, self.body, step.value)
                step.actions.insert({ state._update(value, update) }, at: 0)
                if step.isFinal { step.cleanup.append { state._reset() } }
                return step
            }
        }
    }
}

extension Gesture {
    public func onEnded(_ action: @escaping (Value) -> Void) -> _EndedGesture<Self> {
        _EndedGesture(base: self, action: action)
    }

    public func onChanged(_ action: @escaping (Value) -> Void) -> _ChangedGesture<Self> where Value: Equatable {
        _ChangedGesture(base: self, action: action)
    }

    public func map<T>(_ body: @escaping (Value) -> T) -> _MapGesture<Self, T> {
        _MapGesture(base: self, transform: body)
    }

    public func updating<State>(
        _ state: GestureState<State>, body: @escaping (Value, inout State, inout Transaction) -> Void
    ) -> GestureStateGesture<Self, State> {
        GestureStateGesture(base: self, state: state, body: body)
    }
}
