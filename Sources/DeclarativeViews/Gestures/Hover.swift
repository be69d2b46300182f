import Foundation

// The pointer hovering over views, headless: the driver moves the pointer onto the view showing a
// text (``ViewHost/hover(_:at:)``) and off it (``ViewHost/endHover(_:)``); the `.onHover` and
// `.onContinuousHover` actions of that view and of its ancestors run, as they do when a pointer
// enters and leaves them. Hover effects (the pointer's highlight on iPad) are recorded.

/// Where the pointer is over a view (SwiftUI's `HoverPhase`, for `.onContinuousHover`).
public enum HoverPhase: Equatable, Sendable {
    /// Over the view, at this location (in the action's coordinate space).
    case active(CGPoint)
    /// No longer over the view.
    case ended
}

/// A hover action on a node, for the driver: it gets the phase, and the location in the node's
/// own coordinates with the window's offset of the node (to express it in another space).
final class HoverLink {
    let coordinateSpace: CoordinateSpace
    let action: (HoverPhase) -> Void

    init(coordinateSpace: CoordinateSpace, action: @escaping (HoverPhase) -> Void) {
        self.coordinateSpace = coordinateSpace
        self.action = action
    }
}

/// `.onHover` / `.onContinuousHover`: the node's hover action.
public nonisolated struct _HoverModifier: PrimitiveViewModifier {
    let coordinateSpace: CoordinateSpace
    let action: (HoverPhase) -> Void
}

extension _HoverModifier: Annotating {
    func annotate(_ annotations: inout _Annotations) {
        annotations.hovers.append(HoverLink(coordinateSpace: coordinateSpace, action: action))
    }
}

extension View {
    /// Runs `action` with `true` when the pointer enters the view, `false` when it leaves.
    public func onHover(perform action: @escaping (Bool) -> Void) -> ModifiedContent<Self, _HoverModifier> {
        modifier(_HoverModifier(coordinateSpace: .local) { phase in action(phase != .ended) })
    }

    /// Runs `action` with the pointer's location as it moves over the view, and `.ended` when it
    /// leaves.
    public func onContinuousHover(
        coordinateSpace: CoordinateSpace = .local, perform action: @escaping (HoverPhase) -> Void
    ) -> ModifiedContent<Self, _HoverModifier> {
        modifier(_HoverModifier(coordinateSpace: coordinateSpace, action: action))
    }

    @_disfavoredOverload
    public func onContinuousHover(
        coordinateSpace: some CoordinateSpaceProtocol = .local, perform action: @escaping (HoverPhase) -> Void
    ) -> ModifiedContent<Self, _HoverModifier> {
        onContinuousHover(coordinateSpace: coordinateSpace.coordinateSpace, perform: action)
    }
}

extension ViewHost {
    /// Moves the pointer onto the view showing `text`, at `location` in its own coordinates (its
    /// centre when `nil`): the hover actions of that view and of its ancestors run — `onHover`
    /// with `true`, `onContinuousHover` with `.active` and the location in its coordinate space.
    /// Throws when no such view is on screen or none of them has a hover action.
    public func hover(_ text: String, at location: CGPoint? = nil) throws {
        try performHover(on: text) { target in
            location.map { CGPoint(x: target.minX + $0.x, y: target.minY + $0.y) } ?? CGPoint(x: target.midX, y: target.midY)
        }
    }

    /// Moves the pointer off the view showing `text`: its hover actions and its ancestors' run
    /// with `false` / `.ended`.
    public func endHover(_ text: String) throws {
        try performHover(on: text) { _ in nil }
    }

    /// Runs the hover actions on the way to the view showing `text`, innermost first, with the
    /// pointer at the window point `point` returns given the view's frame (`nil`: leaving).
    private func performHover(on text: String, at point: (CGRect) -> CGPoint?) throws {
        let hasHover = { (node: DisplayNode) in !(node.annotations?.hovers.isEmpty ?? true) }
        let (chain, shown) = nodeChain(showing: text, handles: hasHover)
        guard let chain, let target = chain.last, chain.contains(where: hasHover) else {
            throw ViewHostError.actionsNotFound(view: text, kind: "a hover action", available: shown)
        }
        let pointer = point(frame(of: target) ?? .zero)
        for (position, node) in chain.enumerated().reversed() {
            for link in node.annotations?.hovers ?? [] {
                guard let pointer else {
                    link.action(.ended)
                    continue
                }
                let origin = self.origin(of: link.coordinateSpace, node: node, ancestors: chain[...position])
                link.action(.active(CGPoint(x: pointer.x - origin.x, y: pointer.y - origin.y)))
            }
        }
        update()
    }

    /// The window origin of `space` seen from `node` (whose ancestors, and itself last, are
    /// `ancestors`): the node's for `.local`, the named ancestor's for `.named`, zero for `.global`.
    func origin(of space: CoordinateSpace, node: DisplayNode, ancestors: ArraySlice<DisplayNode>) -> CGPoint {
        switch space {
        case .global:
            return .zero
        case .local:
            return frame(of: node)?.origin ?? .zero
        case .named(let name):
            let named = ancestors.last { $0.annotations?.coordinateSpaceName == name }
            return named.flatMap { frame(of: $0)?.origin } ?? .zero
        }
    }
}

// MARK: - Hover effects

/// The effect a view shows when a pointer hovers over it (SwiftUI's `HoverEffect`, iPadOS and
/// visionOS); recorded (`hoverEffect=highlight`).
public struct HoverEffect: Sendable, Hashable {
    let name: String

    public static let automatic = HoverEffect(name: "automatic")
    public static let highlight = HoverEffect(name: "highlight")
    public static let lift = HoverEffect(name: "lift")
}

struct HoverEffectEnabledKey: EnvironmentKey {
    static var defaultValue: Bool { true }
}

extension EnvironmentValues {
    /// Whether views show their hover effects (`false` under `.hoverEffectDisabled()`).
    public var isHoverEffectEnabled: Bool {
        get { self[HoverEffectEnabledKey.self] }
        set { self[HoverEffectEnabledKey.self] = newValue }
    }
}

extension View {
    /// Shows `effect` when a pointer hovers over the view (recorded: `hoverEffect`).
    public func hoverEffect(_ effect: HoverEffect = .automatic) -> ModifiedContent<Self, _StyleModifier> {
        modifier(_StyleModifier(key: "hoverEffect", value: effect.name))
    }

    /// Shows `effect` when a pointer hovers over the view and `isEnabled` (recorded: `hoverEffect`,
    /// `none` when disabled).
    public func hoverEffect(_ effect: HoverEffect = .automatic, isEnabled: Bool = true) -> ModifiedContent<Self, _StyleModifier> {
        modifier(_StyleModifier(key: "hoverEffect", value: isEnabled ? effect.name : "none"))
    }

    /// Turns the hover effects of the subtree off (``EnvironmentValues/isHoverEffectEnabled``).
    public func hoverEffectDisabled(_ disabled: Bool = true) -> some View {
        transformEnvironment(\.isHoverEffectEnabled) { enabled in enabled = enabled && !disabled }
    }

    /// The hover effect of the subtree's controls that do not set one (recorded: `defaultHoverEffect`).
    public func defaultHoverEffect(_ effect: HoverEffect?) -> ModifiedContent<Self, _StyleModifier> {
        modifier(_StyleModifier(key: "defaultHoverEffect", value: effect?.name ?? "none"))
    }

    /// The system gestures on `edges` wait for the app's gestures first (recorded:
    /// `defersSystemGestures`, the edges' raw value). Headless there are no system gestures.
    public func defersSystemGestures(on edges: Edge.Set) -> ModifiedContent<Self, _StyleModifier> {
        modifier(_StyleModifier(key: "defersSystemGestures", value: "\(edges.rawValue)"))
    }
}

// MARK: - Spring loading

/// Whether a control activates when something is dragged over it and held (SwiftUI's
/// `SpringLoadingBehavior`).
public struct SpringLoadingBehavior: Hashable, Sendable {
    let name: String

    public static let automatic = SpringLoadingBehavior(name: "automatic")
    public static let enabled = SpringLoadingBehavior(name: "enabled")
    public static let disabled = SpringLoadingBehavior(name: "disabled")
}

struct SpringLoadingBehaviorKey: EnvironmentKey {
    static var defaultValue: SpringLoadingBehavior { .automatic }
}

extension EnvironmentValues {
    /// The spring-loading behaviour of the subtree's controls (``View/springLoadingBehavior(_:)``).
    public var springLoadingBehavior: SpringLoadingBehavior {
        get { self[SpringLoadingBehaviorKey.self] }
        set { self[SpringLoadingBehaviorKey.self] = newValue }
    }
}

extension View {
    /// Sets the spring-loading behaviour of the subtree's controls.
    public func springLoadingBehavior(_ behavior: SpringLoadingBehavior)
        -> ModifiedContent<Self, _EnvironmentKeyWritingModifier<SpringLoadingBehavior>>
    {
        environment(\.springLoadingBehavior, behavior)
    }
}

// MARK: - Drop proposals

/// What a drop would do (SwiftUI's `DropOperation`).
public enum DropOperation: Sendable, Hashable {
    case cancel, forbidden, copy, move
}

/// What a drop delegate proposes for the drop in progress (SwiftUI's `DropProposal`).
public struct DropProposal: Sendable, Hashable {
    public let operation: DropOperation

    public init(operation: DropOperation) {
        self.operation = operation
    }
}

// MARK: - Modifier keys

/// A gesture that recognizes input only while `modifiers` are held (`.modifiers(_:)`).
public struct _ModifiersGesture<Base: Gesture>: Gesture {
    public typealias Value = Base.Value
    public typealias Body = Never
    let base: Base
    let modifiers: EventModifiers

    public var _name: String { base._name }

    @MainActor public func _steps(for input: _GestureInput) -> [_GestureStep<Value>]? {
        input.modifiers.isSuperset(of: modifiers) ? base._steps(for: input) : nil
    }
}

extension Gesture {
    /// The gesture, recognized only while the modifier keys `modifiers` are held (the driver:
    /// ``ViewHost/holdingModifiers(_:perform:)``).
    public func modifiers(_ modifiers: EventModifiers) -> _ModifiersGesture<Self> {
        _ModifiersGesture(base: self, modifiers: modifiers)
    }
}
