import Foundation

// Visual effects as values (SwiftUI's `VisualEffect`, for `.scrollTransition`): a chain of
// effects — offset, scale, rotation, opacity, blur… — none of which changes layout. Headless a
// view in a scroll view is always fully on screen, so a scroll transition runs with the
// ``ScrollTransitionPhase/identity`` phase, and the effects it returns are recorded on the
// view's node (`visualEffect=opacity 1; scaleEffect 1×1 anchor=center`).

/// Effects applied to a view without changing its layout (SwiftUI's `VisualEffect`).
public protocol VisualEffect: Sendable, Animatable {
    /// The effects, in order, as recorded (framework-internal).
    var _effects: [String] { get }
}

/// No effect (SwiftUI's `EmptyVisualEffect`): what a transition closure starts from.
public struct EmptyVisualEffect: VisualEffect {
    public init() {}

    public var _effects: [String] { [] }
}

/// Effects after others (what each `VisualEffect` method returns).
public struct _VisualEffectChain: VisualEffect {
    public let _effects: [String]
}

extension VisualEffect {
    private func adding(_ name: String, _ value: String) -> _VisualEffectChain {
        _VisualEffectChain(_effects: _effects + ["\(name) \(value)"])
    }

    private func anchor(_ point: UnitPoint) -> String {
        "anchor=\(_number(Double(point.x))),\(_number(Double(point.y)))"
    }

    public func offset(_ offset: CGSize) -> some VisualEffect {
        adding("offset", "\(_number(Double(offset.width)))×\(_number(Double(offset.height)))")
    }

    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> some VisualEffect {
        offset(CGSize(width: x, height: y))
    }

    public func opacity(_ opacity: Double) -> some VisualEffect {
        adding("opacity", _number(opacity))
    }

    public func blur(radius: CGFloat, opaque: Bool = false) -> some VisualEffect {
        adding("blur", _number(Double(radius)) + (opaque ? " opaque" : ""))
    }

    public func brightness(_ amount: Double) -> some VisualEffect {
        adding("brightness", _number(amount))
    }

    public func contrast(_ amount: Double) -> some VisualEffect {
        adding("contrast", _number(amount))
    }

    public func grayscale(_ amount: Double) -> some VisualEffect {
        adding("grayscale", _number(amount))
    }

    public func saturation(_ amount: Double) -> some VisualEffect {
        adding("saturation", _number(amount))
    }

    public func hueRotation(_ angle: Angle) -> some VisualEffect {
        adding("hueRotation", "\(_number(angle.degrees))°")
    }

    public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> some VisualEffect {
        adding("rotationEffect", "\(_number(angle.degrees))° \(self.anchor(anchor))")
    }

    public func rotation3D(
        _ angle: Angle, axis: (x: CGFloat, y: CGFloat, z: CGFloat), anchor: UnitPoint = .center, anchorZ: CGFloat = 0,
        perspective: CGFloat = 1
    ) -> some VisualEffect {
        let axisText = [axis.x, axis.y, axis.z].map { _number(Double($0)) }.joined(separator: ",")
        return adding("rotation3D", "\(_number(angle.degrees))° axis=\(axisText) \(self.anchor(anchor))")
    }

    public func scaleEffect(_ scale: CGSize, anchor: UnitPoint = .center) -> some VisualEffect {
        adding("scaleEffect", "\(_number(Double(scale.width)))×\(_number(Double(scale.height))) \(self.anchor(anchor))")
    }

    public func scaleEffect(_ scale: CGFloat, anchor: UnitPoint = .center) -> some VisualEffect {
        scaleEffect(CGSize(width: scale, height: scale), anchor: anchor)
    }

    public func scaleEffect(x: CGFloat = 1.0, y: CGFloat = 1.0, anchor: UnitPoint = .center) -> some VisualEffect {
        scaleEffect(CGSize(width: x, height: y), anchor: anchor)
    }

    public func transformEffect(_ transform: ProjectionTransform) -> some VisualEffect {
        adding("transformEffect", transform.description)
    }

    /// The affine `transform`, recorded as the projective one it is (`a b 0; c d 0; tx ty 1`).
    public func transformEffect(_ transform: CGAffineTransform) -> some VisualEffect {
        transformEffect(ProjectionTransform(rows: [
            [transform.a, transform.b, 0], [transform.c, transform.d, 0], [transform.tx, transform.ty, 1],
        ]))
    }
}

// MARK: - Scroll transitions

/// Where a view is relative to its scroll view's visible region (SwiftUI's `ScrollTransitionPhase`).
public enum ScrollTransitionPhase: Hashable, Sendable {
    /// Before the leading (top) edge.
    case topLeading
    /// Fully visible.
    case identity
    /// Past the trailing (bottom) edge.
    case bottomTrailing

    /// Whether the view is fully visible.
    public var isIdentity: Bool { self == .identity }

    /// -1 before the region, 0 in it, 1 past it.
    public var value: Double {
        switch self {
        case .topLeading: -1
        case .identity: 0
        case .bottomTrailing: 1
        }
    }
}

/// How a scroll transition moves between its phases (SwiftUI's `ScrollTransitionConfiguration`).
public struct ScrollTransitionConfiguration: Sendable {
    /// How much of a view must be visible for it to count as in the region.
    public struct Threshold: Sendable, Hashable {
        /// The visible fraction (0…1) less `inset` points.
        let amount: Double
        let inset: Double

        /// Fully visible.
        public static let visible = Threshold(amount: 1, inset: 0)
        /// Not visible at all.
        public static let hidden = Threshold(amount: 0, inset: 0)
        /// Half visible: the view's centre at the edge.
        public static var centered: Threshold { Threshold(amount: 0.5, inset: 0) }

        /// `amount` (0…1) of the view visible.
        public static func visible(_ amount: Double) -> Threshold { Threshold(amount: amount, inset: 0) }

        /// The threshold moved inwards by `distance` points.
        public func inset(by distance: Double) -> Threshold { Threshold(amount: amount, inset: inset + distance) }

        /// The threshold `amount` (0…1) of the way towards `other`.
        public func interpolated(towards other: Threshold, amount fraction: Double) -> Threshold {
            Threshold(amount: amount + (other.amount - amount) * fraction, inset: inset + (other.inset - inset) * fraction)
        }
    }

    let name: String
    var threshold: Threshold = .visible
    var animation: Animation?

    /// Animates between phases when the threshold is crossed.
    public static let animated = ScrollTransitionConfiguration(name: "animated", animation: .default)
    /// Follows the scroll position.
    public static let interactive = ScrollTransitionConfiguration(name: "interactive")
    /// Never changes phase.
    public static let identity = ScrollTransitionConfiguration(name: "identity")

    public static func animated(_ animation: Animation = .default) -> ScrollTransitionConfiguration {
        ScrollTransitionConfiguration(name: "animated", animation: animation)
    }

    public static func interactive(timingCurve: UnitCurve = .easeInOut) -> ScrollTransitionConfiguration {
        ScrollTransitionConfiguration(name: "interactive")
    }

    /// The same configuration with `animation`.
    public func animation(_ animation: Animation) -> ScrollTransitionConfiguration {
        var copy = self
        copy.animation = animation
        return copy
    }

    /// The same configuration with `threshold`.
    public func threshold(_ threshold: Threshold) -> ScrollTransitionConfiguration {
        var copy = self
        copy.threshold = threshold
        return copy
    }
}

extension View {
    /// Applies the effects `transition` returns for the view's phase in its scroll view: headless,
    /// always ``ScrollTransitionPhase/identity`` (recorded: `scrollTransition`, the configuration,
    /// and `visualEffect`, the effects).
    public func scrollTransition(
        _ configuration: ScrollTransitionConfiguration = .interactive, axis: Axis = .vertical,
        transition: @escaping @Sendable (EmptyVisualEffect, ScrollTransitionPhase) -> some VisualEffect
    ) -> some View {
        recordScrollTransition(configuration.name, transition)
    }

    /// The same, with a configuration for each edge.
    public func scrollTransition(
        topLeading: ScrollTransitionConfiguration, bottomTrailing: ScrollTransitionConfiguration, axis: Axis = .vertical,
        transition: @escaping @Sendable (EmptyVisualEffect, ScrollTransitionPhase) -> some VisualEffect
    ) -> some View {
        recordScrollTransition("\(topLeading.name) \(bottomTrailing.name)", transition)
    }

    private func recordScrollTransition(
        _ configuration: String, _ transition: (EmptyVisualEffect, ScrollTransitionPhase) -> some VisualEffect
    ) -> ModifiedContent<ModifiedContent<Self, _StyleModifier>, _StyleModifier> {
        modifier(_StyleModifier(key: "visualEffect", value: transition(EmptyVisualEffect(), .identity)._effects.joined(separator: "; ")))
            .modifier(_StyleModifier(key: "scrollTransition", value: configuration))
    }
}
