import Foundation

/// A value a gesture sets while it is performed (SwiftUI's `@GestureState`): `.updating($state)`
/// sets it at each change of the gesture, and it returns to its initial value when the gesture
/// ends (running `reset` first, which can set the transaction of that change). Views read it like
/// `@State`; only the gesture writes it.
///
///     @GestureState private var offset = CGSize.zero
///     var body: some View {
///         Text("Card").offset(offset)
///             .gesture(DragGesture().updating($offset) { value, state, _ in state = value.translation })
///     }
@propertyWrapper
public struct GestureState<Value>: DynamicProperty {
    /// The storage, a `@State` of the view.
    var _state: State<Value>
    let initialValue: Value
    let reset: (Value, inout Transaction) -> Void

    public init(wrappedValue: Value) {
        self.init(wrappedValue: wrappedValue, reset: { _, _ in })
    }

    public init(initialValue: Value) {
        self.init(wrappedValue: initialValue)
    }

    public init(wrappedValue: Value, resetTransaction: Transaction) {
        self.init(wrappedValue: wrappedValue, reset: { _, transaction in transaction = resetTransaction })
    }

    public init(initialValue: Value, resetTransaction: Transaction) {
        self.init(wrappedValue: initialValue, resetTransaction: resetTransaction)
    }

    public init(wrappedValue: Value, reset: @escaping (Value, inout Transaction) -> Void) {
        _state = State(wrappedValue: wrappedValue)
        initialValue = wrappedValue
        self.reset = reset
    }

    public init(initialValue: Value, reset: @escaping (Value, inout Transaction) -> Void) {
        self.init(wrappedValue: initialValue, reset: reset)
    }

    /// The value the gesture set, or the initial one while no gesture is being performed.
    public var wrappedValue: Value { _state.wrappedValue }

    /// The state itself, for `.updating($state)`.
    public var projectedValue: GestureState<Value> { self }

    /// Sets the value to what `body` makes of the gesture's `value`, in the transaction it sets.
    @MainActor func _update<GestureValue>(
        _ value: GestureValue, _ body: (GestureValue, inout Value, inout Transaction) -> Void
    ) {
        var state = _state.wrappedValue
        var transaction = Transaction()
        body(value, &state, &transaction)
        let binding = _state.projectedValue
        withTransaction(transaction) { binding.wrappedValue = state }
    }

    /// Returns to the initial value, in the transaction `reset` sets.
    @MainActor func _reset() {
        var transaction = Transaction()
        reset(_state.wrappedValue, &transaction)
        let (binding, initial) = (_state.projectedValue, initialValue)
        withTransaction(transaction) { binding.wrappedValue = initial }
    }
}

extension GestureState where Value: ExpressibleByNilLiteral {
    public init(resetTransaction: Transaction = Transaction()) {
        self.init(wrappedValue: nil, resetTransaction: resetTransaction)
    }

    public init(reset: @escaping (Value, inout Transaction) -> Void) {
        self.init(wrappedValue: nil, reset: reset)
    }
}
