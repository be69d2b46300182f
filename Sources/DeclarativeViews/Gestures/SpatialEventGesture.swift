import Foundation

// Raw touches and pointer events (SwiftUI's `SpatialEventGesture`, iOS 18's spelling back-deployed
// to 17 in the SDK): the gesture's action gets every event of the input as it happens. Headless, the
// driver's input is one touch: a drag (``ViewHost/drag(_:from:to:steps:)``) touches down where it
// starts, moves in its steps and lifts at its end — active events, then an ended one —; a tap or a
// long press touches down and lifts where it happens. Locations are in the gesture's coordinate
// space.

/// A gesture that reports the raw events of the input (SwiftUI's `SpatialEventGesture`): its
/// action runs with the events of each moment — `.active` while the touch is down, `.ended` when
/// it lifts.
public struct SpatialEventGesture: Gesture {
    public typealias Value = ()
    public typealias Body = Never

    /// The space the events' locations are in.
    public let coordinateSpace: CoordinateSpace
    /// What runs with the events of each moment of the input.
    public let action: (SpatialEventCollection) -> Void

    /// A gesture that runs `action` with the events of the input, located in `coordinateSpace`.
    public init(coordinateSpace: any CoordinateSpaceProtocol = .local, action: @escaping (SpatialEventCollection) -> Void) {
        self.coordinateSpace = coordinateSpace.coordinateSpace
        self.action = action
    }

    /// The gesture as SwiftUI composes it: itself, headless.
    public var internalBody: some Gesture<()> { self }

    public var _name: String { "spatialEvent" }

    @MainActor public func _steps(for input: _GestureInput) -> [_GestureStep<()>]? {
        // Where the touch is at each moment, in the view's coordinates.
        let path: [CGPoint]
        switch input.kind {
        case .drag(let end):
            let start = input.location
            path = [start] + (1...input.steps).map { step in
                let fraction = CGFloat(step) / CGFloat(input.steps)
                return CGPoint(x: start.x + (end.x - start.x) * fraction, y: start.y + (end.y - start.y) * fraction)
            }
        case .tap, .longPress:
            path = [input.location, input.location]
        case .magnify, .rotate:
            return nil
        }
        let (action, space) = (self.action, coordinateSpace)
        let id = SpatialEventCollection.Event.ID(value: Int(input.start.timeIntervalSinceReferenceDate * 1000))
        return path.enumerated().map { index, point in
            let isLast = index == path.count - 1
            let event = SpatialEventCollection.Event(
                id: id, timestamp: input.time(of: index).timeIntervalSinceReferenceDate,
                location: input.convert(point, space), phase: isLast ? .ended : .active, kind: .touch,
                modifierKeys: input.modifiers)
            let events = SpatialEventCollection(events: [event])
            return _GestureStep(value: (), isFinal: isLast, actions: [{ action(events) }])
        }
    }
}

/// The events of one moment of an input (SwiftUI's `SpatialEventCollection`): one per touch or
/// pointer, found by position or by the event's ``Event/id``.
public struct SpatialEventCollection: Collection {
    /// A touch or pointer at one moment.
    public struct Event: Identifiable {
        /// Which touch or pointer: the same for all the events of one touch.
        public struct ID: Hashable {
            let value: Int
        }

        /// How a pencil is held (iPadOS).
        public struct InputDevicePose {
            /// The angle between the pencil and the screen.
            public var altitude: Angle
            /// The direction the pencil points in, in the screen's plane.
            public var azimuth: Angle

            public init(altitude: Angle, azimuth: Angle) {
                self.altitude = altitude
                self.azimuth = azimuth
            }
        }

        /// What made the event.
        public enum Kind: Hashable {
            case touch
            case pointer
            case pencil
        }

        /// Where the touch is in its life.
        public enum Phase {
            /// Down, or moving.
            case active
            /// Lifted.
            case ended
            /// Taken over by the system.
            case cancelled
        }

        public var id: ID
        /// When the event happened, in seconds.
        public var timestamp: TimeInterval
        /// Where the touch is, in the gesture's coordinate space.
        public var location: CGPoint
        public var phase: Phase
        public var kind: Kind
        /// The modifier keys held (``ViewHost/holdingModifiers(_:perform:)``).
        public var modifierKeys: EventModifiers
        /// How the pencil is held; `nil` for a touch or a pointer.
        public var inputDevicePose: InputDevicePose?

        init(id: ID, timestamp: TimeInterval, location: CGPoint, phase: Phase, kind: Kind,
             modifierKeys: EventModifiers, inputDevicePose: InputDevicePose? = nil) {
            self.id = id
            self.timestamp = timestamp
            self.location = location
            self.phase = phase
            self.kind = kind
            self.modifierKeys = modifierKeys
            self.inputDevicePose = inputDevicePose
        }
    }

    /// A position in the collection.
    public struct Index: Comparable {
        let offset: Int
        public static func < (lhs: Index, rhs: Index) -> Bool { lhs.offset < rhs.offset }
    }

    /// Goes through the events in order.
    public struct Iterator: IteratorProtocol {
        var base: IndexingIterator<[Event]>
        public mutating func next() -> Event? { base.next() }
    }

    let events: [Event]

    public var startIndex: Index { Index(offset: events.startIndex) }
    public var endIndex: Index { Index(offset: events.endIndex) }
    public func index(after i: Index) -> Index { Index(offset: i.offset + 1) }
    public func makeIterator() -> Iterator { Iterator(base: events.makeIterator()) }

    public subscript(position: Index) -> Event { events[position.offset] }

    /// The event of the touch `index`, if it is in the collection.
    public subscript(index: Event.ID) -> Event? { events.first { $0.id == index } }
}
