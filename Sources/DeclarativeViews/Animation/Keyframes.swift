import Foundation

// Keyframe animation (SwiftUI's `KeyframeTimeline`, `KeyframeTrack`, `LinearKeyframe`…): tracks
// of keyframes, each moving one property of a value (a key path of it) from keyframe to keyframe
// over time. The arithmetic is real: ``KeyframeTimeline/value(time:)`` computes the value at any
// time, so a test checks the animation's course; a ``KeyframeAnimator`` headless plays it at once
// (its content sees the final value) and records it.
//
// Each segment starts at the previous keyframe's value (the track's start value for the first)
// and ends at its own:
// - `MoveKeyframe` jumps there, taking no time;
// - `LinearKeyframe` goes there along its timing curve;
// - `CubicKeyframe` follows a cubic Hermite curve whose velocities at each end are those given, or
//   else the Catmull–Rom slope between the neighbouring keyframes (zero at the track's ends);
// - `SpringKeyframe` follows its spring from the start value (with its start velocity) towards the
//   keyframe, for its duration (the spring's `duration` when none is given).

/// One segment of a keyframe track: where it goes, in how long, and how.
public struct _KeyframeSegment<Value: Animatable> {
    enum Motion {
        case move
        case linear(UnitCurve)
        case cubic(startVelocity: Value?, endVelocity: Value?)
        case spring(Spring, startVelocity: Value?)
    }

    let target: Value
    let duration: TimeInterval
    let motion: Motion
}

/// The keyframes of one track (SwiftUI's `KeyframeTrackContent`): a keyframe, or several built
/// with ``KeyframeTrackContentBuilder``.
public protocol KeyframeTrackContent<Value> {
    associatedtype Value: Animatable = Body.Value
    associatedtype Body: KeyframeTrackContent
    @KeyframeTrackContentBuilder<Value> var body: Body { get }

    /// The segments, in order (framework-internal).
    var _segments: [_KeyframeSegment<Value>] { get }
}

extension KeyframeTrackContent where Body.Value == Value {
    public var _segments: [_KeyframeSegment<Value>] { body._segments }
}

/// A keyframe that is its own content.
protocol PrimitiveKeyframe: KeyframeTrackContent where Body == Self {
    var segment: _KeyframeSegment<Value> { get }
}

extension PrimitiveKeyframe {
    public var body: Self { self }
    public var _segments: [_KeyframeSegment<Value>] { [segment] }
}

/// Moves to `to` along a timing curve (SwiftUI's `LinearKeyframe`).
public struct LinearKeyframe<Value: Animatable>: PrimitiveKeyframe {
    let segment: _KeyframeSegment<Value>

    public init(_ to: Value, duration: TimeInterval, timingCurve: UnitCurve = .linear) {
        segment = _KeyframeSegment(target: to, duration: duration, motion: .linear(timingCurve))
    }
}

/// Moves to `to` along a smooth cubic curve (SwiftUI's `CubicKeyframe`).
public struct CubicKeyframe<Value: Animatable>: PrimitiveKeyframe {
    let segment: _KeyframeSegment<Value>

    public init(_ to: Value, duration: TimeInterval, startVelocity: Value? = nil, endVelocity: Value? = nil) {
        segment = _KeyframeSegment(
            target: to, duration: duration, motion: .cubic(startVelocity: startVelocity, endVelocity: endVelocity))
    }
}

/// Moves to `to` with a spring (SwiftUI's `SpringKeyframe`).
public struct SpringKeyframe<Value: Animatable>: PrimitiveKeyframe {
    let segment: _KeyframeSegment<Value>

    public init(_ to: Value, duration: TimeInterval? = nil, spring: Spring = Spring(), startVelocity: Value? = nil) {
        segment = _KeyframeSegment(
            target: to, duration: duration ?? spring.duration, motion: .spring(spring, startVelocity: startVelocity))
    }
}

/// Jumps to `to` at once (SwiftUI's `MoveKeyframe`).
public struct MoveKeyframe<Value: Animatable>: PrimitiveKeyframe {
    let segment: _KeyframeSegment<Value>

    public init(_ to: Value) {
        segment = _KeyframeSegment(target: to, duration: 0, motion: .move)
    }
}

/// Keyframes in sequence, as a builder block makes them.
public struct _KeyframeSequence<Value: Animatable>: KeyframeTrackContent {
    let segments: [_KeyframeSegment<Value>]

    public var body: Self { Self(segments: segments) }
    public var _segments: [_KeyframeSegment<Value>] { segments }
}

/// Builds the keyframes of a track (SwiftUI's `KeyframeTrackContentBuilder`).
@resultBuilder
public struct KeyframeTrackContentBuilder<Value: Animatable> {
    public static func buildExpression<K: KeyframeTrackContent>(_ expression: K) -> _KeyframeSequence<Value>
    where K.Value == Value {
        _KeyframeSequence(segments: expression._segments)
    }

    public static func buildBlock(_ components: _KeyframeSequence<Value>...) -> _KeyframeSequence<Value> {
        _KeyframeSequence(segments: components.flatMap(\.segments))
    }

    public static func buildArray(_ components: [_KeyframeSequence<Value>]) -> _KeyframeSequence<Value> {
        _KeyframeSequence(segments: components.flatMap(\.segments))
    }

    public static func buildOptional(_ component: _KeyframeSequence<Value>?) -> _KeyframeSequence<Value> {
        component ?? _KeyframeSequence(segments: [])
    }

    public static func buildEither(first component: _KeyframeSequence<Value>) -> _KeyframeSequence<Value> {
        component
    }

    public static func buildEither(second component: _KeyframeSequence<Value>) -> _KeyframeSequence<Value> {
        component
    }
}

// MARK: - Tracks

/// One track's evaluation, type-erased over the property it animates.
public struct _KeyframeTrackEvaluator<Root> {
    /// The time the track takes.
    let duration: TimeInterval
    /// The root with the track's property at `time`, starting from the property's value in `root`.
    let apply: (inout Root, TimeInterval) -> Void
}

/// Keyframes for a value (SwiftUI's `Keyframes`): tracks, each for one property of it.
public protocol Keyframes<Value> {
    associatedtype Value = Body.Value
    associatedtype Body: Keyframes
    @KeyframesBuilder<Value> var body: Body { get }

    /// The tracks (framework-internal).
    var _tracks: [_KeyframeTrackEvaluator<Value>] { get }
}

extension Keyframes where Body.Value == Value {
    public var _tracks: [_KeyframeTrackEvaluator<Value>] { body._tracks }
}

/// Keyframes that are their own body (their `body` is not built by ``KeyframesBuilder``).
protocol PrimitiveKeyframes: Keyframes where Body == Self {}

extension PrimitiveKeyframes {
    public var body: Self { self }
}

/// Tracks together, as a ``KeyframesBuilder`` block makes them. Keyframes written directly in
/// the block (not in a ``KeyframeTrack``) are one track of the whole value, in the order written.
public struct _KeyframeTracks<Value>: PrimitiveKeyframes {
    let tracks: [_KeyframeTrackEvaluator<Value>]
    /// The segments written directly in the block (each a `_KeyframeSegment<Value>`), in order.
    var loose: [Any] = []
    /// Makes the track of the loose segments (known where `Value` is animatable).
    var makeLooseTrack: (([Any]) -> _KeyframeTrackEvaluator<Value>)?

    public var _tracks: [_KeyframeTrackEvaluator<Value>] {
        guard let makeLooseTrack, !loose.isEmpty else { return tracks }
        return tracks + [makeLooseTrack(loose)]
    }
}

extension _KeyframeTracks {
    /// The tracks of `parts` together, their loose segments joined in one track.
    init(joining parts: [_KeyframeTracks<Value>]) {
        self.init(
            tracks: parts.flatMap(\.tracks), loose: parts.flatMap(\.loose),
            makeLooseTrack: parts.lazy.compactMap(\.makeLooseTrack).first)
    }
}

/// The keyframes of one property of `Root` (SwiftUI's `KeyframeTrack`).
public struct KeyframeTrack<Root, Value, Content: KeyframeTrackContent>: PrimitiveKeyframes where Value == Content.Value {
    let keyPath: WritableKeyPath<Root, Value>
    let content: Content

    /// Keyframes for the property at `keyPath`.
    public init(_ keyPath: WritableKeyPath<Root, Value>, @KeyframeTrackContentBuilder<Value> content: () -> Content) {
        self.keyPath = keyPath
        self.content = content()
    }

    /// Keyframes for the whole value.
    public init(@KeyframeTrackContentBuilder<Root> content: () -> Content) where Root == Value {
        keyPath = \.self
        self.content = content()
    }

    /// The track, evaluated on the root value.
    var rootTracks: [_KeyframeTrackEvaluator<Root>] {
        let (segments, keyPath) = (content._segments, self.keyPath)
        return [_KeyframeTrackEvaluator(duration: segments.reduce(0) { $0 + $1.duration }) { root, time in
            root[keyPath: keyPath] = KeyframeMath.value(of: segments, from: root[keyPath: keyPath], at: time)
        }]
    }

    /// As ``Keyframes`` of its own `Value` (the generic parameter names the protocol's): the
    /// track when it animates the whole value. (A ``KeyframesBuilder`` takes a track of a
    /// property by its root, through an overload of its own.)
    public var _tracks: [_KeyframeTrackEvaluator<Value>] {
        rootTracks as? [_KeyframeTrackEvaluator<Value>] ?? []
    }
}

/// Builds the tracks of a value's keyframes (SwiftUI's `KeyframesBuilder`); keyframes written
/// directly are a track of the whole value.
@resultBuilder
public struct KeyframesBuilder<Value> {
    @_disfavoredOverload
    public static func buildExpression<K: Keyframes>(_ expression: K) -> _KeyframeTracks<Value> where K.Value == Value {
        _KeyframeTracks(tracks: expression._tracks)
    }

    public static func buildExpression<V, C>(_ track: KeyframeTrack<Value, V, C>) -> _KeyframeTracks<Value> {
        _KeyframeTracks(tracks: track.rootTracks)
    }

    public static func buildExpression<K: KeyframeTrackContent>(_ expression: K) -> _KeyframeTracks<Value>
    where K.Value == Value {
        _KeyframeTracks(tracks: [], loose: expression._segments) { loose in
            let segments = loose.map { $0 as! _KeyframeSegment<Value> }
            return _KeyframeTrackEvaluator(duration: segments.reduce(0) { $0 + $1.duration }) { value, time in
                value = KeyframeMath.value(of: segments, from: value, at: time)
            }
        }
    }

    public static func buildBlock(_ components: _KeyframeTracks<Value>...) -> _KeyframeTracks<Value> {
        _KeyframeTracks(joining: components)
    }

    public static func buildArray(_ components: [_KeyframeTracks<Value>]) -> _KeyframeTracks<Value> {
        _KeyframeTracks(joining: components)
    }

    public static func buildOptional(_ component: _KeyframeTracks<Value>?) -> _KeyframeTracks<Value> {
        component ?? _KeyframeTracks(tracks: [])
    }

    public static func buildEither(first component: _KeyframeTracks<Value>) -> _KeyframeTracks<Value> { component }

    public static func buildEither(second component: _KeyframeTracks<Value>) -> _KeyframeTracks<Value> { component }
}

// MARK: - The timeline

/// A value's course under keyframes, for any time (SwiftUI's `KeyframeTimeline`).
///
///     let timeline = KeyframeTimeline(initialValue: 1.0) {
///         LinearKeyframe(2.0, duration: 1)
///         LinearKeyframe(0.0, duration: 1)
///     }
///     timeline.value(time: 0.5)   // 1.5
public struct KeyframeTimeline<Value> {
    private let initialValue: Value
    private let tracks: [_KeyframeTrackEvaluator<Value>]

    public init(initialValue: Value, @KeyframesBuilder<Value> content: () -> some Keyframes<Value>) {
        self.initialValue = initialValue
        tracks = content()._tracks
    }

    init(initialValue: Value, keyframes: some Keyframes<Value>) {
        self.initialValue = initialValue
        tracks = keyframes._tracks
    }

    /// How long the longest track takes.
    public var duration: TimeInterval { tracks.map(\.duration).max() ?? 0 }

    /// The value `time` seconds in (clamped to the timeline).
    public func value(time: Double) -> Value {
        var value = initialValue
        for track in tracks { track.apply(&value, min(max(time, 0), duration)) }
        return value
    }

    /// The value at `progress` (0…1) of the duration.
    public func value(progress: Double) -> Value {
        value(time: progress * duration)
    }
}

/// The arithmetic of a track's segments.
enum KeyframeMath {
    /// The track's value at `time`, starting from `start`.
    static func value<V: Animatable>(of segments: [_KeyframeSegment<V>], from start: V, at time: TimeInterval) -> V {
        var elapsed = 0.0
        var from = start
        for (index, segment) in segments.enumerated() {
            if time < elapsed + segment.duration || (index == segments.count - 1 && time <= elapsed + segment.duration) {
                let local = time - elapsed
                guard segment.duration > 0, local < segment.duration else { return segment.target }
                let previous = index > 0 ? (value: index > 1 ? segments[index - 2].target : start, duration: segments[index - 1].duration) : nil
                let next = index + 1 < segments.count ? segments[index + 1] : nil
                return interpolate(segment, from: from, before: previous, after: next, at: local)
            }
            elapsed += segment.duration
            from = segment.target
        }
        return from
    }

    private static func interpolate<V: Animatable>(
        _ segment: _KeyframeSegment<V>, from: V, before: (value: V, duration: TimeInterval)?, after: _KeyframeSegment<V>?,
        at time: TimeInterval
    ) -> V {
        let progress = time / segment.duration
        let a = from.animatableData, b = segment.target.animatableData
        var result = from
        switch segment.motion {
        case .move:
            return segment.target
        case .linear(let curve):
            result.animatableData = a.interpolated(towards: b, amount: curve.value(at: progress))
        case .cubic(let startVelocity, let endVelocity):
            // Catmull–Rom slopes where no velocity is given: the neighbours' difference over the time between them.
            let v0 = startVelocity?.animatableData
                ?? before.map { (b - $0.value.animatableData).scaled(by: 1 / ($0.duration + segment.duration)) } ?? .zero
            let v1 = endVelocity?.animatableData
                ?? after.map { ($0.target.animatableData - a).scaled(by: 1 / (segment.duration + $0.duration)) } ?? .zero
            let (s, d) = (progress, segment.duration)
            let h00 = 2 * s * s * s - 3 * s * s + 1, h10 = s * s * s - 2 * s * s + s
            let h01 = -2 * s * s * s + 3 * s * s, h11 = s * s * s - s * s
            result.animatableData = a.scaled(by: h00) + v0.scaled(by: h10 * d) + b.scaled(by: h01) + v1.scaled(by: h11 * d)
        case .spring(let spring, let startVelocity):
            result = spring.value(fromValue: from, toValue: segment.target, initialVelocity: startVelocity ?? zeroVelocity(like: from), time: time)
        }
        return result
    }

    /// A value of `V` whose animatable data is zero.
    private static func zeroVelocity<V: Animatable>(like value: V) -> V {
        var zero = value
        zero.animatableData = .zero
        return zero
    }
}
