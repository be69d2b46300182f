import Foundation

// Two gestures as one: at the same time, one after the other, or the first that recognizes the
// input; and a gesture type-erased.

/// Two gestures performed at the same time (SwiftUI's `SimultaneousGesture`): each reports its
/// value while it is recognized, and the pair ends when the longer one does.
public struct SimultaneousGesture<First: Gesture, Second: Gesture>: Gesture {
    /// The values of both gestures, `nil` for one that did not recognize the input.
    public struct Value {
        public var first: First.Value?
        public var second: Second.Value?
    }

    public typealias Body = Never
    public var first: First
    public var second: Second

    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }

    public var _name: String { "\(first._name)+\(second._name)" }

    @MainActor public func _steps(for input: _GestureInput) -> [_GestureStep<Value>]? {
        let firstSteps = first._steps(for: input)
        let secondSteps = second._steps(for: input)
        if firstSteps == nil, secondSteps == nil { return nil }
        let a = firstSteps ?? [], b = secondSteps ?? []
        let count = max(a.count, b.count)
        return (0..<count).map { index in
            // A gesture that ended keeps its last value.
            let one = a.isEmpty ? nil : a[min(index, a.count - 1)]
            let two = b.isEmpty ? nil : b[min(index, b.count - 1)]
            return _GestureStep(
                value: Value(first: one?.value, second: two?.value), isFinal: index == count - 1,
                actions: (index < a.count ? a[index].actions : []) + (index < b.count ? b[index].actions : []),
                cleanup: (index < a.count ? a[index].cleanup : []) + (index < b.count ? b[index].cleanup : []))
        }
    }
}

extension SimultaneousGesture.Value: Equatable where First.Value: Equatable, Second.Value: Equatable {}
extension SimultaneousGesture.Value: Sendable where First.Value: Sendable, Second.Value: Sendable {}

/// One gesture, then another (SwiftUI's `SequenceGesture`): the second starts when the first
/// ends. Headless, the driver's input performs both: a drag of a long press sequenced before a
/// drag presses where it starts, then drags.
public struct SequenceGesture<First: Gesture, Second: Gesture>: Gesture {
    /// Where the sequence is: in its first gesture, or in the second, the first's last value kept.
    public enum Value {
        case first(First.Value)
        case second(First.Value, Second.Value?)
    }

    public typealias Body = Never
    public var first: First
    public var second: Second

    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }

    public var _name: String { "\(first._name)>\(second._name)" }

    @MainActor public func _steps(for input: _GestureInput) -> [_GestureStep<Value>]? {
        guard let firstSteps = first._steps(for: input) ?? first._steps(for: input.press), let last = firstSteps.last
        else { return nil }
        // The first gesture's steps, its end not ending the sequence.
        var steps = firstSteps.map { step in
            _GestureStep<Value>(value: .first(step.value), isFinal: false, actions: step.actions, cleanup: step.cleanup)
        }
        let secondSteps = second._steps(for: input) ?? []
        if secondSteps.isEmpty {
            // The second gesture did not start: the sequence has not ended.
            steps.append(_GestureStep(value: .second(last.value, nil), isFinal: false))
        }
        steps += secondSteps.map { step in step.map { Value.second(last.value, $0) } }
        return steps
    }
}

extension SequenceGesture.Value: Equatable where First.Value: Equatable, Second.Value: Equatable {}
extension SequenceGesture.Value: Sendable where First.Value: Sendable, Second.Value: Sendable {}

/// The first of two gestures that recognizes the input (SwiftUI's `ExclusiveGesture`).
public struct ExclusiveGesture<First: Gesture, Second: Gesture>: Gesture {
    /// Which gesture was performed, with its value.
    public enum Value {
        case first(First.Value)
        case second(Second.Value)
    }

    public typealias Body = Never
    public var first: First
    public var second: Second

    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }

    public var _name: String { "\(first._name)|\(second._name)" }

    @MainActor public func _steps(for input: _GestureInput) -> [_GestureStep<Value>]? {
        if let steps = first._steps(for: input) { return steps.map { $0.map(Value.first) } }
        return second._steps(for: input).map { $0.map { $0.map(Value.second) } }
    }
}

extension ExclusiveGesture.Value: Equatable where First.Value: Equatable, Second.Value: Equatable {}
extension ExclusiveGesture.Value: Sendable where First.Value: Sendable, Second.Value: Sendable {}

/// A gesture type-erased (SwiftUI's `AnyGesture`).
public struct AnyGesture<Value>: Gesture {
    public typealias Body = Never
    let base: any Gesture<Value>

    public init<T: Gesture>(_ gesture: T) where T.Value == Value {
        base = gesture
    }

    public var _name: String { base._name }
    @MainActor public func _steps(for input: _GestureInput) -> [_GestureStep<Value>]? { base._steps(for: input) }
}

extension Gesture {
    public func simultaneously<Other: Gesture>(with other: Other) -> SimultaneousGesture<Self, Other> {
        SimultaneousGesture(self, other)
    }

    public func sequenced<Other: Gesture>(before other: Other) -> SequenceGesture<Self, Other> {
        SequenceGesture(self, other)
    }

    public func exclusively<Other: Gesture>(before other: Other) -> ExclusiveGesture<Self, Other> {
        ExclusiveGesture(self, other)
    }
}
