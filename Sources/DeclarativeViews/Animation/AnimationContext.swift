import Foundation

/// What a ``CustomAnimation`` gets with each call (SwiftUI's `AnimationContext`): state that
/// persists from one call to the next while the animation runs, the environment of the view it
/// animates, and whether it counts as complete for `.logicallyComplete` completions.
public struct AnimationContext<Value: VectorArithmetic> {
    /// Values the animation keeps between calls, by ``AnimationStateKey``.
    public var state: AnimationState<Value>
    /// Set by the animation once the value is close enough to its target to count as there.
    public var isLogicallyComplete: Bool
    /// The environment of the view the animation runs in.
    public var environment: EnvironmentValues { environmentValues }
    private let environmentValues: EnvironmentValues

    init(state: AnimationState<Value> = AnimationState(), isLogicallyComplete: Bool = false,
         environment: EnvironmentValues = EnvironmentValues()) {
        self.state = state
        self.isLogicallyComplete = isLogicallyComplete
        environmentValues = environment
    }

    /// The same context with `state` (of another value type), for an animation that runs another
    /// on a value of its own.
    public func withState<T: VectorArithmetic>(_ state: AnimationState<T>) -> AnimationContext<T> {
        AnimationContext<T>(state: state, isLogicallyComplete: isLogicallyComplete, environment: environmentValues)
    }
}

/// The values a running animation keeps between calls (SwiftUI's `AnimationState`), read and
/// written by key type: `context.state[VelocityKey.self]`.
public struct AnimationState<Value: VectorArithmetic> {
    private var values: [ObjectIdentifier: Any] = [:]

    public init() {}

    /// The value stored for `key`, or its ``AnimationStateKey/defaultValue``.
    public subscript<K: AnimationStateKey>(key: K.Type) -> K.Value {
        get { values[ObjectIdentifier(key)].map { $0 as! K.Value } ?? K.defaultValue }
        set { values[ObjectIdentifier(key)] = newValue }
    }
}

/// A value an animation keeps in its ``AnimationState`` (SwiftUI's `AnimationStateKey`).
public protocol AnimationStateKey {
    associatedtype Value
    /// The value before the animation stores one.
    static var defaultValue: Value { get }
}
