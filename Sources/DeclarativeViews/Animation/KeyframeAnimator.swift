import Foundation

// A view animated by keyframes (SwiftUI's `KeyframeAnimator`, `.keyframeAnimator`), headless: with
// no clock, an animation completes at once. When the trigger changes, the keyframes run from the
// current value and the content shows the value they end at (``KeyframeTimeline``'s at its
// duration). The node records `keyframes=played N` (N: how many times they ran) and
// `keyframesDuration`, the timeline's length in seconds. Without a trigger, SwiftUI repeats the
// keyframes for as long as the view is shown; headless such an animator shows its initial value
// (recorded `keyframes=repeating`, or `keyframes=once` when it does not repeat).

/// A view made from a value that keyframes animate (SwiftUI's `KeyframeAnimator`).
///
///     KeyframeAnimator(initialValue: 1.0, trigger: likes) { scale in
///         Image(systemName: "heart").scaleEffect(scale)
///     } keyframes: { _ in
///         SpringKeyframe(1.5, duration: 0.2)
///         LinearKeyframe(1.0, duration: 0.3)
///     }
public nonisolated struct KeyframeAnimator<Value, KeyframePath: Keyframes, Content: View>: View
where Value == KeyframePath.Value {
    let initialValue: Value
    let trigger: _AnyTrigger?
    let repeating: Bool
    let content: (Value) -> Content
    let keyframes: (Value) -> KeyframePath
    /// The value the last run ended at, and how many runs there were.
    @State private var played: (value: Value, count: Int)?

    /// Plays the keyframes each time `trigger` changes.
    public init(
        initialValue: Value, trigger: some Equatable, @ViewBuilder content: @escaping (Value) -> Content,
        @KeyframesBuilder<Value> keyframes: @escaping (Value) -> KeyframePath
    ) {
        self.initialValue = initialValue
        self.trigger = _AnyTrigger(trigger)
        repeating = false
        self.content = content
        self.keyframes = keyframes
    }

    /// Plays the keyframes while shown, over and over when `repeating` (headless: shows the
    /// initial value).
    public init(
        initialValue: Value, repeating: Bool = true, @ViewBuilder content: @escaping (Value) -> Content,
        @KeyframesBuilder<Value> keyframes: @escaping (Value) -> KeyframePath
    ) {
        self.initialValue = initialValue
        trigger = nil
        self.repeating = repeating
        self.content = content
        self.keyframes = keyframes
    }

    @MainActor public var body: some View {
        let current = played?.value ?? initialValue
        let (played, keyframes) = ($played, self.keyframes)
        let record = trigger == nil ? (repeating ? "repeating" : "once") : "played \(played.wrappedValue?.count ?? 0)"
        let duration = KeyframeTimeline(initialValue: current, keyframes: keyframes(current)).duration
        return content(current)
            .modifier(_StyleModifier(key: "keyframes", value: record))
            .modifier(_StyleModifier(key: "keyframesDuration", value: _number(duration)))
            .onChange(of: trigger) {
                let start = played.wrappedValue?.value ?? initialValue
                let timeline = KeyframeTimeline(initialValue: start, keyframes: keyframes(start))
                played.wrappedValue = (timeline.value(time: timeline.duration), (played.wrappedValue?.count ?? 0) + 1)
            }
    }
}

// SwiftUI's `content` closures below are `@Sendable`; here they are not, because a view's
// modifiers are main-actor methods that a `@Sendable` closure could not call. A `@Sendable`
// closure is accepted all the same.
extension View {
    /// Animates this view with keyframes each time `trigger` changes (see ``KeyframeAnimator``).
    public func keyframeAnimator<Value>(
        initialValue: Value, trigger: some Equatable,
        @ViewBuilder content: @escaping (PlaceholderContentView<Self>, Value) -> some View,
        @KeyframesBuilder<Value> keyframes: @escaping (Value) -> some Keyframes<Value>
    ) -> some View {
        let trigger = _AnyTrigger(trigger)
        return modifier(_PlaceholderContentModifier<Self, _>(makeBody: {
            KeyframeAnimator(initialValue: initialValue, trigger: trigger,
                             content: { content(PlaceholderContentView(), $0) }, keyframes: keyframes)
        }))
    }

    /// Animates this view with keyframes while it is shown (headless: its initial value).
    public func keyframeAnimator<Value>(
        initialValue: Value, repeating: Bool = true,
        @ViewBuilder content: @escaping (PlaceholderContentView<Self>, Value) -> some View,
        @KeyframesBuilder<Value> keyframes: @escaping (Value) -> some Keyframes<Value>
    ) -> some View {
        modifier(_PlaceholderContentModifier<Self, _>(makeBody: {
            KeyframeAnimator(initialValue: initialValue, repeating: repeating,
                             content: { content(PlaceholderContentView(), $0) }, keyframes: keyframes)
        }))
    }
}
