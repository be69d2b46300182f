import AttrGraph
import Foundation

/// How a view enters and leaves the tree, as a type (SwiftUI's `Transition`, iOS 17): `body`
/// says what the view looks like in each ``TransitionPhase``. ``View/transition(_:)-(Transition)``
/// takes one as it takes an ``AnyTransition``.
///
/// Headless nothing is drawn between phases, so the framework never calls `body`: the transition
/// is recorded (``TransitionEvent``; a type of your own under its type name, `MyTransition()`).
/// ``apply(content:phase:)`` builds the view a phase gives, for tests that want to look at it.
@MainActor
public protocol Transition {
    associatedtype Body: View
    typealias Content = PlaceholderContentView<Self>

    /// The content as it looks in `phase`.
    @ViewBuilder func body(content: Content, phase: TransitionPhase) -> Body

    /// What the transition does (whether it moves the view).
    nonisolated static var properties: TransitionProperties { get }

    /// How the transition is recorded (framework-internal; a type of your own: its type name).
    nonisolated var _anyTransition: AnyTransition { get }
}

extension Transition {
    public nonisolated static var properties: TransitionProperties { TransitionProperties() }

    public nonisolated var _anyTransition: AnyTransition { AnyTransition(.custom("\(Self.self)()")) }

    /// `content` as it looks in `phase` of this transition.
    public func apply<V: View>(content: V, phase: TransitionPhase) -> ModifiedContent<V, _TransitionPhaseModifier<Self>> {
        content.modifier(_TransitionPhaseModifier(transition: self, phase: phase))
    }

    /// This transition, run with `animation` whatever the transaction's.
    public func animation(_ animation: Animation?) -> _AnimatedTransition<Self> {
        _AnimatedTransition(base: self, animation: animation)
    }

    /// This transition and `other` at once.
    public func combined<T: Transition>(with other: T) -> _CombinedTransition<Self, T> {
        _CombinedTransition(first: self, second: other)
    }
}

/// Where a transition's view is: about to appear, shown, or gone (SwiftUI's `TransitionPhase`).
public enum TransitionPhase: Hashable, Sendable {
    case willAppear, identity, didDisappear

    /// Whether the view is shown as it is.
    public var isIdentity: Bool { self == .identity }

    /// -1 before appearing, 0 shown, 1 after disappearing.
    public var value: Double {
        switch self {
        case .willAppear: return -1
        case .identity: return 0
        case .didDisappear: return 1
        }
    }
}

/// What a transition does (SwiftUI's `TransitionProperties`).
public nonisolated struct TransitionProperties: Sendable, Hashable {
    /// Whether the transition moves the view (reduce-motion settings replace such transitions).
    public var hasMotion: Bool

    public init(hasMotion: Bool = true) {
        self.hasMotion = hasMotion
    }
}

/// The content of a ``Transition``'s `body` (SwiftUI's `PlaceholderContentView`): the view the
/// transition applies to.
public nonisolated struct PlaceholderContentView<Value>: View {
    init() {}

    public var body: Never { _primitiveBody(Self.self) }

    public static func _makeView(view: _GraphValue<Self>, inputs: _ViewInputs) -> _ViewOutputs {
        let key = ObjectIdentifier(Value.self)
        guard let position = inputs.modifierContents.lastIndex(where: { $0.modifier == key }) else {
            fatalError("DeclarativeViews: \(Self.self) used outside the body of the \(Value.self) it stands for.")
        }
        var contentInputs = inputs
        let content = inputs.modifierContents[position]
        contentInputs.modifierContents.removeSubrange(position...)
        return content.makeContent(contentInputs)
    }
}

/// ``Transition/apply(content:phase:)``: the content as the transition's `body` shows it in a phase.
public nonisolated struct _TransitionPhaseModifier<T: Transition>: ViewModifier {
    let transition: T
    let phase: TransitionPhase

    public func body(content: Content) -> Never {
        fatalError("DeclarativeViews: \(Self.self) builds the transition's body instead.")
    }

    public nonisolated static func _makeView(
        modifier: _GraphValue<Self>, inputs: _ViewInputs, body: @escaping (_ViewInputs) -> _ViewOutputs
    ) -> _ViewOutputs {
        let transitionBody = _makeBody(TransitionBodyAccessor<T>.self, container: modifier, inputs: inputs)
        _recordBody(transitionBody)
        var inputs = inputs
        inputs.modifierContents.append(ModifierContent(modifier: ObjectIdentifier(T.self), makeContent: body))
        return T.Body._makeDebuggableView(view: _GraphValue(transitionBody), inputs: inputs)
    }
}

enum TransitionBodyAccessor<T: Transition>: BodyAccessor {
    static func body(of modifier: _TransitionPhaseModifier<T>) -> T.Body {
        _callOnMainActor(modifier) { $0.transition.body(content: PlaceholderContentView(), phase: $0.phase) }
    }
}

// MARK: - The system's transitions

/// Fades in and out.
public nonisolated struct OpacityTransition: Transition {
    public init() {}
    @MainActor public func body(content: Content, phase: TransitionPhase) -> some View { content.opacity(phase.isIdentity ? 1 : 0) }
    public nonisolated static let properties = TransitionProperties(hasMotion: false)
    public nonisolated var _anyTransition: AnyTransition { .opacity }
}

/// Appears and disappears at once.
public nonisolated struct IdentityTransition: Transition {
    public init() {}
    @MainActor public func body(content: Content, phase: TransitionPhase) -> Content { content }
    public nonisolated static let properties = TransitionProperties(hasMotion: false)
    public nonisolated var _anyTransition: AnyTransition { .identity }
}

/// Slides in from the leading edge, out towards the trailing edge.
public nonisolated struct SlideTransition: Transition {
    public init() {}
    @MainActor public func body(content: Content, phase: TransitionPhase) -> Content { content }
    public nonisolated var _anyTransition: AnyTransition { .slide }
}

/// Grows from `scale`, shrinks to it.
public nonisolated struct ScaleTransition: Transition {
    public var scale: Double
    public var anchor: UnitPoint

    public init(_ scale: Double, anchor: UnitPoint = .center) {
        self.scale = scale
        self.anchor = anchor
    }

    @MainActor public func body(content: Content, phase: TransitionPhase) -> Content { content }
    public nonisolated var _anyTransition: AnyTransition {
        scale == 0 && anchor == .center ? .scale : .scale(scale: scale, anchor: anchor)
    }
}

/// Moves in from `edge`, out towards it.
public nonisolated struct MoveTransition: Transition {
    public var edge: Edge
    public init(edge: Edge) { self.edge = edge }
    @MainActor public func body(content: Content, phase: TransitionPhase) -> Content { content }
    public nonisolated var _anyTransition: AnyTransition { .move(edge: edge) }
}

/// Pushes in from `edge`.
public nonisolated struct PushTransition: Transition {
    public var edge: Edge
    public init(edge: Edge) { self.edge = edge }
    @MainActor public func body(content: Content, phase: TransitionPhase) -> Content { content }
    public nonisolated var _anyTransition: AnyTransition { .push(from: edge) }
}

/// Moves in from, and out to, `offset`.
public nonisolated struct OffsetTransition: Transition {
    public var offset: CGSize
    public init(_ offset: CGSize) { self.offset = offset }
    @MainActor public func body(content: Content, phase: TransitionPhase) -> Content { content }
    public nonisolated var _anyTransition: AnyTransition { .offset(offset) }
}

/// `insertion` when the view appears, `removal` when it goes away.
public nonisolated struct AsymmetricTransition<Insertion: Transition, Removal: Transition>: Transition {
    public var insertion: Insertion
    public var removal: Removal

    public init(insertion: Insertion, removal: Removal) {
        self.insertion = insertion
        self.removal = removal
    }

    @MainActor public func body(content: Content, phase: TransitionPhase) -> some View {
        // The phase says which side applies: appearing is the insertion's, leaving the removal's.
        if phase == .didDisappear {
            removal.apply(content: content, phase: phase)
        } else {
            insertion.apply(content: content, phase: phase)
        }
    }

    public nonisolated var _anyTransition: AnyTransition {
        .asymmetric(insertion: insertion._anyTransition, removal: removal._anyTransition)
    }
}

/// ``Transition/animation(_:)``.
public nonisolated struct _AnimatedTransition<Base: Transition>: Transition {
    let base: Base
    let animation: Animation?
    @MainActor public func body(content: Content, phase: TransitionPhase) -> some View { base.apply(content: content, phase: phase) }
    public nonisolated var _anyTransition: AnyTransition { base._anyTransition.animation(animation) }
}

/// ``Transition/combined(with:)``.
public nonisolated struct _CombinedTransition<First: Transition, Second: Transition>: Transition {
    let first: First
    let second: Second
    @MainActor public func body(content: Content, phase: TransitionPhase) -> some View {
        second.apply(content: first.apply(content: content, phase: phase), phase: phase)
    }
    public nonisolated var _anyTransition: AnyTransition { first._anyTransition.combined(with: second._anyTransition) }
}

extension Transition where Self == OpacityTransition {
    public static var opacity: OpacityTransition { OpacityTransition() }
}

extension Transition where Self == IdentityTransition {
    public static var identity: IdentityTransition { IdentityTransition() }
}

extension Transition where Self == SlideTransition {
    public static var slide: SlideTransition { SlideTransition() }
}

extension Transition where Self == ScaleTransition {
    public static var scale: ScaleTransition { ScaleTransition(0) }
    public static func scale(_ scale: Double, anchor: UnitPoint = .center) -> Self { ScaleTransition(scale, anchor: anchor) }
}

extension Transition where Self == MoveTransition {
    public static func move(edge: Edge) -> Self { MoveTransition(edge: edge) }
}

extension Transition where Self == PushTransition {
    public static func push(from edge: Edge) -> Self { PushTransition(edge: edge) }
}

extension Transition where Self == OffsetTransition {
    public static func offset(_ offset: CGSize) -> Self { OffsetTransition(offset) }
    public static func offset(x: CGFloat = 0, y: CGFloat = 0) -> Self { OffsetTransition(CGSize(width: x, height: y)) }
}

extension AnyTransition {
    /// A transition of the iOS 17 kind, type-erased.
    public init<T: Transition>(_ transition: T) {
        self = transition._anyTransition
    }
}

extension View {
    /// How the view enters and leaves the tree, as a ``Transition`` value (recorded as
    /// ``transition(_:)-(AnyTransition)`` records it).
    public func transition<T: Transition>(_ transition: T) -> ModifiedContent<Self, _TransitionModifier> {
        modifier(_TransitionModifier(transition: transition._anyTransition))
    }
}
