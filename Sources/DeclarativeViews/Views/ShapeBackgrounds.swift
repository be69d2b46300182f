import Foundation

// A style painted in a shape behind or in front of a view (`.background(.blue, in: Capsule())`):
// the shape, filled with the style, becomes the view's background or overlay decoration, sized by
// the view, so the tree shows the shape node with its `fill=STYLE`.

extension View {
    /// Paints `style` in `shape` behind the view (the shape filled, as a background decoration).
    public func background<S: ShapeStyle, T: Shape>(_ style: S, in shape: T, fillStyle: FillStyle = FillStyle())
        -> ModifiedContent<Self, _DecorationModifier<_ShapeView<T, S>>>
    {
        modifier(_DecorationModifier(decoration: shape.fill(style, style: fillStyle), isBackground: true, alignment: .center))
    }

    /// Paints the current background style in `shape` behind the view.
    public func background<S: Shape>(in shape: S, fillStyle: FillStyle = FillStyle())
        -> ModifiedContent<Self, _DecorationModifier<_ShapeView<S, BackgroundStyle>>>
    {
        background(BackgroundStyle(), in: shape, fillStyle: fillStyle)
    }

    /// Paints `style` in `shape` in front of the view (the shape filled, as an overlay decoration).
    public func overlay<S: ShapeStyle, T: Shape>(_ style: S, in shape: T, fillStyle: FillStyle = FillStyle())
        -> ModifiedContent<Self, _DecorationModifier<_ShapeView<T, S>>>
    {
        modifier(_DecorationModifier(decoration: shape.fill(style, style: fillStyle), isBackground: false, alignment: .center))
    }
}
