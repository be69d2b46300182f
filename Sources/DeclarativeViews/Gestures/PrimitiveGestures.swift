import Foundation

// The gestures SwiftUI provides, with the values they report when the driver performs them.

/// A tap, or several (SwiftUI's `TapGesture`); ends at once, with no value.
public struct TapGesture: Gesture {
    public typealias Value = Void
    public typealias Body = Never
    public var count: Int
    public init(count: Int = 1) { self.count = count }
    public var _name: String { count == 1 ? "tap" : "tap×\(count)" }

    @MainActor public func _steps(for input: _GestureInput) -> [_GestureStep<Void>]? {
        guard case .tap = input.kind else { return nil }
        return [_GestureStep(value: (), isFinal: true)]
    }
}

/// A tap that reports where it happened (SwiftUI's `SpatialTapGesture`).
public struct SpatialTapGesture: Gesture {
    /// Where the tap happened.
    public struct Value: Equatable, @unchecked Sendable {
        public var location: CGPoint
    }

    public typealias Body = Never
    public var count: Int
    public var coordinateSpace: CoordinateSpace

    public init(count: Int = 1, coordinateSpace: CoordinateSpace = .local) {
        self.count = count
        self.coordinateSpace = coordinateSpace
    }

    public init(count: Int = 1, coordinateSpace: some CoordinateSpaceProtocol = .local) {
        self.init(count: count, coordinateSpace: coordinateSpace.coordinateSpace)
    }

    public var _name: String { count == 1 ? "spatialTap" : "spatialTap×\(count)" }

    @MainActor public func _steps(for input: _GestureInput) -> [_GestureStep<Value>]? {
        guard case .tap = input.kind else { return nil }
        return [_GestureStep(value: Value(location: input.location), isFinal: true)]
    }
}

/// A press held long enough (SwiftUI's `LongPressGesture`): reports `true` when it ends.
public struct LongPressGesture: Gesture {
    public typealias Value = Bool
    public typealias Body = Never
    public var minimumDuration: Double
    public var maximumDistance: CGFloat

    public init(minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10) {
        self.minimumDuration = minimumDuration
        self.maximumDistance = maximumDistance
    }

    public var _name: String { "longPress" }

    @MainActor public func _steps(for input: _GestureInput) -> [_GestureStep<Bool>]? {
        guard case .longPress = input.kind else { return nil }
        return [_GestureStep(value: true, isFinal: true)]
    }
}

/// A drag (SwiftUI's `DragGesture`): reports where the pointer is, where it started and how far
/// it moved; ``ViewHost/drag(_:from:to:steps:)`` moves it in equal steps.
public struct DragGesture: Gesture {
    /// Where a drag is.
    public struct Value: Equatable, Sendable {
        /// When this step of the drag happened.
        public var time: Date
        public var location: CGPoint
        public var startLocation: CGPoint
        /// Where the drag would end if it stopped moving now (headless, where it is).
        public var predictedEndLocation: CGPoint { location }
        /// How far the drag moved from where it started.
        public var translation: CGSize {
            CGSize(width: location.x - startLocation.x, height: location.y - startLocation.y)
        }
        /// How far it would have moved if it stopped now (headless, ``translation``).
        public var predictedEndTranslation: CGSize { translation }
        /// Points per second, from the previous step.
        public var velocity: CGSize { _velocity }
        var _velocity: CGSize

        init(time: Date, location: CGPoint, startLocation: CGPoint, velocity: CGSize) {
            self.time = time
            self.location = location
            self.startLocation = startLocation
            _velocity = velocity
        }
    }

    public typealias Body = Never
    public var minimumDistance: CGFloat
    public var coordinateSpace: CoordinateSpace

    public init(minimumDistance: CGFloat = 10, coordinateSpace: CoordinateSpace = .local) {
        self.minimumDistance = minimumDistance
        self.coordinateSpace = coordinateSpace
    }

    public init(minimumDistance: CGFloat = 10, coordinateSpace: some CoordinateSpaceProtocol = .local) {
        self.init(minimumDistance: minimumDistance, coordinateSpace: coordinateSpace.coordinateSpace)
    }

    public var _name: String { "drag" }

    @MainActor public func _steps(for input: _GestureInput) -> [_GestureStep<Value>]? {
        guard case .drag(let end) = input.kind else { return nil }
        let start = input.location
        let (dx, dy) = (end.x - start.x, end.y - start.y)
        // A drag shorter than the minimum distance is not one.
        guard (dx * dx + dy * dy).squareRoot() >= minimumDistance else { return nil }
        let perStep = CGSize(width: dx / CGFloat(input.steps) * 10, height: dy / CGFloat(input.steps) * 10)
        return _continuous(input) { step, fraction in
            Value(time: input.time(of: step), location: CGPoint(x: start.x + dx * fraction, y: start.y + dy * fraction),
                  startLocation: start, velocity: perStep)
        }
    }
}

/// A pinch (SwiftUI's `MagnifyGesture`, iOS 17): reports the scale from where it started.
public struct MagnifyGesture: Gesture {
    /// How far a pinch has scaled.
    public struct Value: Equatable, Sendable {
        public var time: Date
        /// The scale from the start: 2 is twice as large.
        public var magnification: CGFloat
        /// Scale per second.
        public var velocity: CGFloat
        /// Where the pinch started, in the view's unit square.
        public var startAnchor: UnitPoint
        public var startLocation: CGPoint
    }

    public typealias Body = Never
    public var minimumScaleDelta: CGFloat

    public init(minimumScaleDelta: CGFloat = 0.01) {
        self.minimumScaleDelta = minimumScaleDelta
    }

    public var _name: String { "magnify" }

    @MainActor public func _steps(for input: _GestureInput) -> [_GestureStep<Value>]? {
        guard case .magnify(let scale) = input.kind, abs(scale - 1) >= minimumScaleDelta else { return nil }
        let velocity = (scale - 1) / (CGFloat(input.steps) * 0.1)
        return _continuous(input) { step, fraction in
            Value(time: input.time(of: step), magnification: 1 + (scale - 1) * fraction, velocity: velocity,
                  startAnchor: .center, startLocation: input.location)
        }
    }
}

/// A pinch before iOS 17 (SwiftUI's `MagnificationGesture`): reports the scale.
public struct MagnificationGesture: Gesture {
    public typealias Value = CGFloat
    public typealias Body = Never
    public var minimumScaleDelta: CGFloat

    public init(minimumScaleDelta: CGFloat = 0.01) {
        self.minimumScaleDelta = minimumScaleDelta
    }

    public var _name: String { "magnify" }

    @MainActor public func _steps(for input: _GestureInput) -> [_GestureStep<CGFloat>]? {
        MagnifyGesture(minimumScaleDelta: minimumScaleDelta)._steps(for: input)?.map { $0.map(\.magnification) }
    }
}

/// A two-finger rotation (SwiftUI's `RotateGesture`, iOS 17): reports the angle turned.
public struct RotateGesture: Gesture {
    /// How far a rotation has turned.
    public struct Value: Equatable, Sendable {
        public var time: Date
        public var rotation: Angle
        /// Angle per second.
        public var velocity: Angle
        public var startAnchor: UnitPoint
        public var startLocation: CGPoint
    }

    public typealias Body = Never
    public var minimumAngleDelta: Angle

    public init(minimumAngleDelta: Angle = .degrees(1)) {
        self.minimumAngleDelta = minimumAngleDelta
    }

    public var _name: String { "rotate" }

    @MainActor public func _steps(for input: _GestureInput) -> [_GestureStep<Value>]? {
        guard case .rotate(let angle) = input.kind, abs(angle.radians) >= minimumAngleDelta.radians else { return nil }
        let velocity = Angle(radians: angle.radians / (Double(input.steps) * 0.1))
        return _continuous(input) { step, fraction in
            Value(time: input.time(of: step), rotation: Angle(radians: angle.radians * fraction), velocity: velocity,
                  startAnchor: .center, startLocation: input.location)
        }
    }
}

/// A rotation before iOS 17 (SwiftUI's `RotationGesture`): reports the angle.
public struct RotationGesture: Gesture {
    public typealias Value = Angle
    public typealias Body = Never
    public var minimumAngleDelta: Angle

    public init(minimumAngleDelta: Angle = .degrees(1)) {
        self.minimumAngleDelta = minimumAngleDelta
    }

    public var _name: String { "rotate" }

    @MainActor public func _steps(for input: _GestureInput) -> [_GestureStep<Angle>]? {
        RotateGesture(minimumAngleDelta: minimumAngleDelta)._steps(for: input)?.map { $0.map(\.rotation) }
    }
}
