import Foundation

/// How a view enters and leaves the tree (SwiftUI's `AnyTransition`), set with
/// ``View/transition(_:)``. The default is ``opacity``.
///
/// Headless nothing fades or slides; when an `if` branch or a `ForEach` element appears or goes
/// away, the host records a ``TransitionEvent`` with the side of the transition that applies
/// (``insertion`` or ``removal``) and the animation it runs with. ``description`` spells the
/// transition as it was written: `.asymmetric(insertion: .slide, removal: .opacity)`.
public struct AnyTransition: Hashable, Sendable, CustomStringConvertible {
    indirect enum Storage: Hashable, Sendable {
        case named(String)
        /// A ``Transition`` type of the app's: `MyTransition()`.
        case custom(String)
        case asymmetric(insertion: AnyTransition, removal: AnyTransition)
        case combined(AnyTransition, AnyTransition)
        case animated(AnyTransition, Animation?)
    }

    let storage: Storage

    init(_ storage: Storage) {
        self.storage = storage
    }

    init(named name: String) {
        storage = .named(name)
    }

    public var description: String {
        switch storage {
        case .named(let name): return "." + name
        case .custom(let name): return name
        case .asymmetric(let insertion, let removal): return ".asymmetric(insertion: \(insertion), removal: \(removal))"
        case .combined(let first, let second): return "\(first).combined(with: \(second))"
        case .animated(let base, let animation): return "\(base).animation(\(animation.map(\.description) ?? "nil"))"
        }
    }

    /// Fades in and out.
    public static let opacity = AnyTransition(named: "opacity")
    /// Appears and disappears at once.
    public static let identity = AnyTransition(named: "identity")
    /// Grows from nothing and shrinks to nothing.
    public static var scale: AnyTransition { AnyTransition(named: "scale") }
    /// Slides in from the leading edge and out towards the trailing edge.
    public static var slide: AnyTransition { AnyTransition(named: "slide") }

    /// Grows from `scale` (and shrinks to it) around `anchor`.
    public static func scale(scale: CGFloat, anchor: UnitPoint = .center) -> AnyTransition {
        let anchorText = anchor == .center ? "" : ", anchor: \(_unitPointDescription(anchor))"
        return AnyTransition(named: "scale(scale: \(_number(Double(scale)))\(anchorText))")
    }

    /// Moves in from `edge` and out towards it.
    public static func move(edge: Edge) -> AnyTransition { AnyTransition(named: "move(edge: .\(edge))") }

    /// Pushes in from `edge`, pushing out towards the opposite edge.
    public static func push(from edge: Edge) -> AnyTransition { AnyTransition(named: "push(from: .\(edge))") }

    /// Moves in from, and out to, this offset.
    public static func offset(_ offset: CGSize) -> AnyTransition {
        AnyTransition(named: "offset(x: \(_number(Double(offset.width))), y: \(_number(Double(offset.height))))")
    }

    public static func offset(x: CGFloat = 0, y: CGFloat = 0) -> AnyTransition {
        offset(CGSize(width: x, height: y))
    }

    /// Applies `active` to the view while it is inserted or removed and `identity` while it is
    /// shown; recorded as `.modifier(active: Blur(radius: 8.0), identity: Blur(radius: 0.0))`, as
    /// nothing is drawn between the two headless.
    public static func modifier<E: ViewModifier>(active: E, identity: E) -> AnyTransition {
        AnyTransition(.custom(".modifier(active: \(active), identity: \(identity))"))
    }

    /// `insertion` when the view appears, `removal` when it goes away.
    public static func asymmetric(insertion: AnyTransition, removal: AnyTransition) -> AnyTransition {
        AnyTransition(.asymmetric(insertion: insertion, removal: removal))
    }

    /// Both transitions at once.
    public func combined(with other: AnyTransition) -> AnyTransition {
        AnyTransition(.combined(self, other))
    }

    /// The transition runs with `animation`, whatever the transaction's.
    public func animation(_ animation: Animation?) -> AnyTransition {
        AnyTransition(.animated(self, animation))
    }

    /// The transition that applies when the view appears (the insertion side of asymmetric ones).
    public var _insertion: AnyTransition { side(insertion: true) }

    /// The transition that applies when the view goes away.
    public var _removal: AnyTransition { side(insertion: false) }

    private func side(insertion: Bool) -> AnyTransition {
        switch storage {
        case .named, .custom: return self
        case .asymmetric(let inserted, let removed): return (insertion ? inserted : removed).side(insertion: insertion)
        case .combined(let first, let second):
            return first.side(insertion: insertion).combined(with: second.side(insertion: insertion))
        case .animated(let base, let animation): return base.side(insertion: insertion).animation(animation)
        }
    }

    /// The animation set with ``animation(_:)`` on the outermost level that sets one, if any
    /// (`.some(nil)`: the transition was told not to animate).
    var ownAnimation: Animation?? {
        switch storage {
        case .named, .custom, .asymmetric: return nil
        case .combined(let first, let second): return first.ownAnimation ?? second.ownAnimation
        case .animated(_, let animation): return .some(animation)
        }
    }
}

/// How a view's content changes in place (SwiftUI's `ContentTransition`), set with
/// ``View/contentTransition(_:)``: recorded on the render tree (`contentTransition=…`).
public struct ContentTransition: Hashable, Sendable, CustomStringConvertible {
    public let description: String

    init(_ description: String) {
        self.description = description
    }

    public static let identity = ContentTransition(".identity")
    public static let opacity = ContentTransition(".opacity")
    public static let interpolate = ContentTransition(".interpolate")

    /// Digits roll up (or down with `countsDown`) as a number changes.
    public static func numericText(countsDown: Bool = false) -> ContentTransition {
        ContentTransition(".numericText(countsDown: \(countsDown))")
    }

    /// Digits roll in the direction `value` moved.
    public static func numericText(value: Double) -> ContentTransition {
        ContentTransition(".numericText(value: \(_number(value)))")
    }
}

/// What happened to a view when it entered or left the tree after the first update: which
/// view, with which transition and animation. Read them with ``ViewHost/transitionEvents``.
///
/// `description` reads like `inserted Text "Hi" with transition .slide, animation .easeInOut`.
public struct TransitionEvent: Equatable, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        case insertion = "inserted", removal = "removed"
    }

    public let kind: Kind
    /// The view's node as the text rendering's headline shows it (`Text "Hi"`).
    public let view: String
    /// The transition that applies (for an asymmetric one, the side for ``kind``); `.opacity`
    /// when the view sets none.
    public let transition: AnyTransition
    /// The animation the transition runs with (the transition's own, else the transaction's);
    /// `nil`: the view appears or goes away at once.
    public let animation: Animation?

    public var description: String {
        "\(kind.rawValue) \(view) with transition \(transition), animation \(animation.map(\.description) ?? "none")"
    }
}

/// `.top`, `.center`, `UnitPoint(x: 0.2, y: 0.8)`: a unit point as it would be written.
func _unitPointDescription(_ point: UnitPoint) -> String {
    let named: [(UnitPoint, String)] = [
        // `.zero` is `.topLeading`, which reads better for an anchor.
        (.center, ".center"), (.leading, ".leading"), (.trailing, ".trailing"), (.top, ".top"),
        (.bottom, ".bottom"), (.topLeading, ".topLeading"), (.topTrailing, ".topTrailing"),
        (.bottomLeading, ".bottomLeading"), (.bottomTrailing, ".bottomTrailing"),
    ]
    if let name = named.first(where: { $0.0 == point })?.1 { return name }
    return "UnitPoint(x: \(_number(Double(point.x))), y: \(_number(Double(point.y))))"
}
