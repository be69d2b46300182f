import Foundation

// Attaching gestures to views: `.gesture`, `.simultaneousGesture`, `.highPriorityGesture`,
// `.onTapGesture`, `.onLongPressGesture`. The view's node records the gesture (`gesture=drag`) and
// carries it for the driver; a view whose gesture a tap or a long press performs is also the
// label of a button, so ``ViewHost/tap(_:)`` performs it.

/// Which gestures of a view and its subviews are enabled (SwiftUI's `GestureMask`).
public struct GestureMask: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// None of them.
    public static let none = GestureMask([])
    /// The gesture being attached.
    public static let gesture = GestureMask(rawValue: 1)
    /// The gestures of the subviews.
    public static let subviews = GestureMask(rawValue: 2)
    /// Both.
    public static let all: GestureMask = [.gesture, .subviews]
}

/// How a gesture competes with the others on the same view and its subviews.
enum _GesturePriority: Equatable {
    /// `.gesture`: after the subviews' gestures.
    case normal
    /// `.highPriorityGesture`: before the subviews' gestures.
    case high
    /// `.simultaneousGesture`: alongside whichever gesture is performed.
    case simultaneous
}

/// A gesture attached to a node, for the driver: performs an input if the gesture recognizes it.
nonisolated final class GestureLink {
    let name: String
    let priority: _GesturePriority
    /// The performance of `input`, run with what to do between its steps; `nil` when the gesture
    /// does not recognize the input.
    let recognize: @MainActor (_GestureInput) -> ((() -> Void) -> Void)?

    init(name: String, priority: _GesturePriority, recognize: @escaping @MainActor (_GestureInput) -> ((() -> Void) -> Void)?) {
        self.name = name
        self.priority = priority
        self.recognize = recognize
    }
}

/// Carries a gesture's link on the content's nodes.
public nonisolated struct _GestureMarker: PrimitiveViewModifier {
    let link: GestureLink
}

extension _GestureMarker: Annotating {
    func annotate(_ annotations: inout _Annotations) {
        // Applied from the inside out: the gesture closest to the view comes first.
        annotations.gestures.append(link)
    }
}

/// The content with a gesture: a button when a tap or long press performs the gesture.
public nonisolated struct _GestureView<Content: View, G: Gesture>: View {
    let content: Content
    let gesture: G
    let priority: _GesturePriority
    let mask: GestureMask

    @MainActor public var body: some View {
        let gesture = self.gesture
        let link = GestureLink(name: gesture._name, priority: priority) { input in
            gesture._steps(for: input).map { steps in { between in _perform(steps, between: between) } }
        }
        let pressed = mask.contains(.gesture)
            ? link.recognize(_GestureInput(.tap(count: 1), at: .zero)) ?? link.recognize(_GestureInput(.longPress, at: .zero))
            : nil
        if let pressed {
            Button(action: { pressed {} }) { content }
                .modifier(_StyleModifier(key: "gesture", value: gesture._name))
                .modifier(_GestureMarker(link: link))
        } else if mask.contains(.gesture) {
            content.modifier(_StyleModifier(key: "gesture", value: gesture._name)).modifier(_GestureMarker(link: link))
        } else {
            content.modifier(_StyleModifier(key: "gesture", value: gesture._name + " disabled"))
        }
    }
}

extension View {
    /// Attaches a gesture, performed after the subviews' gestures (``ViewHost/drag(_:from:to:steps:)``
    /// and the driver's other gestures; a tap or long press with ``ViewHost/tap(_:)``).
    public func gesture<T: Gesture>(_ gesture: T, including mask: GestureMask = .all) -> _GestureView<Self, T> {
        _GestureView(content: self, gesture: gesture, priority: .normal, mask: mask)
    }

    /// Attaches a gesture performed alongside the view's other gestures.
    public func simultaneousGesture<T: Gesture>(_ gesture: T, including mask: GestureMask = .all) -> _GestureView<Self, T> {
        _GestureView(content: self, gesture: gesture, priority: .simultaneous, mask: mask)
    }

    /// Attaches a gesture performed before the subviews' gestures.
    public func highPriorityGesture<T: Gesture>(_ gesture: T, including mask: GestureMask = .all) -> _GestureView<Self, T> {
        _GestureView(content: self, gesture: gesture, priority: .high, mask: mask)
    }

    /// Runs `action` with where the view was tapped (``ViewHost/tap(_:at:)``; ``ViewHost/tap(_:)``
    /// taps at the view's origin).
    public func onTapGesture(count: Int = 1, coordinateSpace: CoordinateSpace = .local,
                             perform action: @escaping (CGPoint) -> Void) -> some View {
        gesture(SpatialTapGesture(count: count, coordinateSpace: coordinateSpace).onEnded { action($0.location) })
    }

    public func onTapGesture(count: Int = 1, coordinateSpace: some CoordinateSpaceProtocol = .local,
                             perform action: @escaping (CGPoint) -> Void) -> some View {
        onTapGesture(count: count, coordinateSpace: coordinateSpace.coordinateSpace, perform: action)
    }

    /// Runs `action` on a long press: headless, the view becomes a button carrying
    /// `onLongPressGesture` that ``ViewHost/tap(_:)`` (or ``ViewHost/longPress(_:)``) presses;
    /// `onPressingChanged` is told when the press starts (`true`) and stops (`false`) around it.
    public func onLongPressGesture(
        minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10, perform action: @escaping @MainActor () -> Void,
        onPressingChanged: ((Bool) -> Void)? = nil
    ) -> ModifiedContent<_PrimitiveButton<Self>, _StyleModifier> {
        _PrimitiveButton(label: self) {
            onPressingChanged?(true)
            action()
            onPressingChanged?(false)
        }
        .modifier(_StyleModifier(key: "onLongPressGesture", value: ""))
    }

    /// The form with `pressing` first.
    @_disfavoredOverload
    public func onLongPressGesture(
        minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10, pressing: ((Bool) -> Void)? = nil,
        perform action: @escaping @MainActor () -> Void
    ) -> ModifiedContent<_PrimitiveButton<Self>, _StyleModifier> {
        onLongPressGesture(minimumDuration: minimumDuration, maximumDistance: maximumDistance, perform: action,
                           onPressingChanged: pressing)
    }
}
