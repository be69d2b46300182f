import Foundation

// The iOS 17 scoped forms of `.animation` and `.transaction`: the closure gets the view as a
// placeholder and returns it with modifiers, whose changes the animation (or the transaction)
// applies to. Headless the scope is the whole body the closure returns: the changes it makes
// carry the animation, recorded on the changed nodes (`[animation=…]`) like any other.

extension View {
    /// Animates the changes of the modifiers `body` applies to the view with `animation`.
    ///
    ///     Text("Lamp").animation(.easeIn) { $0.opacity(isOn ? 1 : 0.5) }
    public func animation<V: View>(
        _ animation: Animation?, @ViewBuilder body: (PlaceholderContentView<Self>) -> V
    ) -> some View {
        let built = body(PlaceholderContentView())
        return modifier(_PlaceholderContentModifier<Self, _>(makeBody: {
            built.transaction { $0.animation = animation }
        }))
    }

    /// Changes, with `transform`, the transaction of the changes of the modifiers `body` applies
    /// to the view.
    public func transaction<V: View>(
        _ transform: @escaping (inout Transaction) -> Void, @ViewBuilder body: (PlaceholderContentView<Self>) -> V
    ) -> some View {
        let built = body(PlaceholderContentView())
        return modifier(_PlaceholderContentModifier<Self, _>(makeBody: { built.transaction(transform) }))
    }

    /// Applies the effects `effect` returns for the view's geometry (its size and frames, as a
    /// ``GeometryProxy``), without changing its layout. Headless the effects are recorded on the
    /// view's node (`visualEffect=offset 0×25; opacity 1`), computed again whenever the view's
    /// geometry changes (before the first layout, for a view of zero size at the origin).
    public func visualEffect(
        _ effect: @escaping @Sendable (EmptyVisualEffect, GeometryProxy) -> some VisualEffect
    ) -> ModifiedContent<Self, _VisualEffectModifier> {
        modifier(_VisualEffectModifier(effects: { effect(EmptyVisualEffect(), $0)._effects }))
    }
}

/// `.visualEffect`: records the effects for the view's current geometry.
public struct _VisualEffectModifier: ViewModifier {
    let effects: @Sendable (GeometryProxy) -> [String]
    @State private var geometry = GeometryProxy(size: .zero, globalFrame: .zero)

    public func body(content: Content) -> some View {
        content
            .onGeometryChange(for: GeometryProxy.self, of: { $0 }) { geometry = $0 }
            .modifier(_StyleModifier(key: "visualEffect", value: effects(geometry).joined(separator: "; ")))
    }
}
