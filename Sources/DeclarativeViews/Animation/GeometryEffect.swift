import AttrGraph
import Foundation

// Modifiers that are animatable (SwiftUI's `AnimatableModifier`, `GeometryEffect`). Headless a
// change applies at once, so an animatable modifier is the modifier at its final value. A geometry
// effect transforms how the view is drawn, not its layout: its transform (``GeometryEffect/effectValue(size:)``
// at the view's size) is recorded as `geometryEffect`, named by its type.

/// A view modifier whose values animate (SwiftUI's `AnimatableModifier`, now just a modifier that
/// is ``Animatable``).
public protocol AnimatableModifier: Animatable, ViewModifier {
    nonisolated var animatableData: AnimatableData { get set }
}

/// An effect that transforms the view's drawing by a projection (SwiftUI's `GeometryEffect`).
///
///     struct Shake: GeometryEffect {
///         var amount: CGFloat
///         var animatableData: CGFloat { get { amount } set { amount = newValue } }
///         func effectValue(size: CGSize) -> ProjectionTransform {
///             var transform = ProjectionTransform()
///             transform.m31 = amount * size.width
///             return transform
///         }
///     }
public protocol GeometryEffect: Animatable, ViewModifier where Body == Never {
    nonisolated var animatableData: AnimatableData { get set }
    /// The transform for a view of `size`.
    nonisolated func effectValue(size: CGSize) -> ProjectionTransform
}

extension GeometryEffect {
    public func body(content: Content) -> Never {
        fatalError("DeclarativeViews: \(Self.self) is a geometry effect; its body is never called.")
    }

    /// The effect, applied to the drawing only: layout ignores it (as it does every geometry
    /// effect headless).
    public func ignoredByLayout() -> _IgnoredByLayoutEffect<Self> {
        _IgnoredByLayoutEffect(base: self)
    }

    public nonisolated static func _makeView(
        modifier: _GraphValue<Self>, inputs: _ViewInputs, body: @escaping (_ViewInputs) -> _ViewOutputs
    ) -> _ViewOutputs {
        let style = Attribute(GeometryEffectStyle(effect: modifier))
        return _StyleModifier._makeView(modifier: _GraphValue(style), inputs: inputs, body: body)
    }
}

/// A geometry effect layout ignores (`.ignoredByLayout()`).
public nonisolated struct _IgnoredByLayoutEffect<Base: GeometryEffect>: GeometryEffect {
    public var base: Base

    public var animatableData: Base.AnimatableData {
        get { base.animatableData }
        set { base.animatableData = newValue }
    }

    public func effectValue(size: CGSize) -> ProjectionTransform {
        base.effectValue(size: size)
    }
}

/// The recorded form of a geometry effect: its type and its transform for a view of zero size
/// (the modifier's value is known before layout; the transform of a size-independent effect,
/// the usual translation or rotation by an amount, is exact).
private struct GeometryEffectStyle<Effect: GeometryEffect>: Rule {
    let effect: _GraphValue<Effect>

    var value: _StyleModifier {
        let transform = effect.value.effectValue(size: .zero)
        return _StyleModifier(key: "geometryEffect", value: "\(_typeName(Effect.self, qualified: false)) \(transform)")
    }
}
