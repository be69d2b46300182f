import Foundation

// A shape filled or stroked is a view that still knows its shape (SwiftUI's `ShapeView`, iOS 17):
// `Circle().fill(.red)` is a `_ShapeView<Circle, Color>`, `Circle().stroke(.blue, lineWidth: 2)`
// a `StrokeShapeView<Circle, Color, EmptyView>`, and a shape view can be filled or stroked again,
// the earlier drawing behind (`Circle().fill(.red).stroke(.blue)`). Headless, each drawing is
// recorded on the shape's node (`fill=red`, `stroke=blue 2`), which the SVG picture paints; fills
// and strokes of one shape share its node (the last of each kind wins), a border (drawn on the
// shape inset by half its width) or any other view behind is a view of its own.

/// A view that draws a shape (SwiftUI's `ShapeView`), which can be filled or stroked again.
public protocol ShapeView<Content>: View {
    associatedtype Content: Shape
    /// The shape drawn.
    nonisolated var shape: Content { get }
}

/// The drawings of a shape view that can share its shape's node: (key, value) records, the first
/// drawn first; `nil` when the view draws something else (an inset border).
protocol ShapeLayering {
    nonisolated var shapeLayers: [ShapeLayer]? { get }
}

/// One drawing of a shape, as recorded on its node.
struct ShapeLayer: Equatable, Sendable {
    var key: String
    var value: String
}

/// Records a shape's drawings on its node, over what the shape itself recorded (a stroked shape's
/// `stroke=foreground 2` becomes `stroke=red 2` when filled red).
public nonisolated struct _ShapeLayersModifier: PrimitiveViewModifier, Equatable {
    let layers: [ShapeLayer]
}

extension _ShapeLayersModifier: Annotating {
    func annotate(_ annotations: inout _Annotations) {
        for layer in layers { annotations.styles[layer.key] = layer.value }
    }
}

/// The body of a shape view drawing `layer` over `background`: one node when the background draws
/// the same shape (or nothing), the background behind the shape's node otherwise.
@MainActor @ViewBuilder
func shapeViewBody<S: Shape, Background: View>(
    _ shape: S, layer: ShapeLayer, background: Background, sharesBackgroundShape: Bool = true
) -> some View {
    if let layers = sharesBackgroundShape || Background.self == EmptyView.self ? mergedLayers(layer, over: background) : nil {
        shape.modifier(_ShapeLayersModifier(layers: layers))
    } else {
        shape.modifier(_ShapeLayersModifier(layers: [layer])).background(background)
    }
}

/// `layer` after the background's layers (replacing a drawing of the same kind), or `nil` when the
/// background is a view of its own.
nonisolated func mergedLayers<Background: View>(_ layer: ShapeLayer, over background: Background) -> [ShapeLayer]? {
    if Background.self == EmptyView.self { return [layer] }
    guard let below = (background as? any ShapeLayering)?.shapeLayers else { return nil }
    return below.filter { $0.key != layer.key } + [layer]
}

/// The record of filling `shape` with `style`: `fill=STYLE` (`evenOdd` after it under the even-odd
/// rule); a stroked shape filled is its stroke in that style.
nonisolated func fillLayer<S: Shape>(_ shape: S, _ style: some ShapeStyle, _ fillStyle: FillStyle) -> ShapeLayer {
    if let stroked = shape as? any StrokeRecording {
        return ShapeLayer(key: "stroke", value: "\(style._styleDescription) \(stroked.strokeRecord)")
    }
    return ShapeLayer(key: "fill", value: style._styleDescription + (fillStyle.isEOFilled ? " evenOdd" : ""))
}

/// The record of stroking a shape with `style`: `stroke=STYLE WIDTH …` (see
/// ``Shape/stroke(_:style:antialiased:)``).
nonisolated func strokeLayer(_ style: some ShapeStyle, _ strokeStyle: StrokeStyle) -> ShapeLayer {
    ShapeLayer(key: "stroke", value: "\(style._styleDescription) \(_number(Double(strokeStyle.lineWidth)))\(strokeStyle._recordedSuffix)")
}

/// A shape filled with a style (what `Shape.fill(_:style:)` returns).
public nonisolated struct _ShapeView<Content: Shape, Style: ShapeStyle>: ShapeView, ShapeLayering {
    public var shape: Content
    public var style: Style
    public var fillStyle: FillStyle

    public init(shape: Content, style: Style, fillStyle: FillStyle = FillStyle()) {
        self.shape = shape
        self.style = style
        self.fillStyle = fillStyle
    }

    var shapeLayers: [ShapeLayer]? { [fillLayer(shape, style, fillStyle)] }

    @MainActor public var body: some View {
        shapeViewBody(shape, layer: fillLayer(shape, style, fillStyle), background: EmptyView())
    }
}

/// A shape view filled again, over what it drew (SwiftUI's `FillShapeView`).
public nonisolated struct FillShapeView<Content: Shape, Style: ShapeStyle, Background: View>: ShapeView, ShapeLayering {
    public var shape: Content
    public var style: Style
    public var fillStyle: FillStyle
    public var background: Background

    public init(shape: Content, style: Style, fillStyle: FillStyle, background: Background) {
        self.shape = shape
        self.style = style
        self.fillStyle = fillStyle
        self.background = background
    }

    var shapeLayers: [ShapeLayer]? { mergedLayers(fillLayer(shape, style, fillStyle), over: background) }

    @MainActor public var body: some View {
        shapeViewBody(shape, layer: fillLayer(shape, style, fillStyle), background: background)
    }
}

/// A shape stroked, over what the view behind drew (SwiftUI's `StrokeShapeView`).
public nonisolated struct StrokeShapeView<Content: Shape, Style: ShapeStyle, Background: View>: ShapeView, ShapeLayering {
    public var shape: Content
    public var style: Style
    public var strokeStyle: StrokeStyle
    public var isAntialiased: Bool
    public var background: Background

    public init(shape: Content, style: Style, strokeStyle: StrokeStyle, isAntialiased: Bool, background: Background) {
        self.shape = shape
        self.style = style
        self.strokeStyle = strokeStyle
        self.isAntialiased = isAntialiased
        self.background = background
    }

    var shapeLayers: [ShapeLayer]? { mergedLayers(strokeLayer(style, strokeStyle), over: background) }

    @MainActor public var body: some View {
        shapeViewBody(shape, layer: strokeLayer(style, strokeStyle), background: background)
    }
}

/// A shape's border stroked inside its frame: the stroke centred on the shape inset by half the
/// line width (SwiftUI's `StrokeBorderShapeView`). Its node is the inset shape's.
public nonisolated struct StrokeBorderShapeView<Content: InsettableShape, Style: ShapeStyle, Background: View>: ShapeView,
    ShapeLayering
{
    public var shape: Content
    public var style: Style
    public var strokeStyle: StrokeStyle
    public var isAntialiased: Bool
    public var background: Background

    public init(shape: Content, style: Style, strokeStyle: StrokeStyle, isAntialiased: Bool, background: Background) {
        self.shape = shape
        self.style = style
        self.strokeStyle = strokeStyle
        self.isAntialiased = isAntialiased
        self.background = background
    }

    var shapeLayers: [ShapeLayer]? { nil }

    @MainActor public var body: some View {
        shapeViewBody(
            shape.inset(by: strokeStyle.lineWidth / 2), layer: strokeLayer(style, strokeStyle), background: background,
            sharesBackgroundShape: false)
    }
}

extension ShapeView {
    /// Fills the shape over what this view drew.
    public func fill<S: ShapeStyle>(_ content: S = .foreground, style: FillStyle = FillStyle())
        -> FillShapeView<Content, S, Self>
    {
        FillShapeView(shape: shape, style: content, fillStyle: style, background: self)
    }

    /// Strokes the shape over what this view drew.
    public func stroke<S: ShapeStyle>(_ content: S, style: StrokeStyle, antialiased: Bool = true)
        -> StrokeShapeView<Content, S, Self>
    {
        StrokeShapeView(shape: shape, style: content, strokeStyle: style, isAntialiased: antialiased, background: self)
    }

    /// Strokes the shape `lineWidth` wide over what this view drew.
    public func stroke<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1, antialiased: Bool = true)
        -> StrokeShapeView<Content, S, Self>
    {
        stroke(content, style: StrokeStyle(lineWidth: lineWidth), antialiased: antialiased)
    }
}

extension ShapeView where Content: InsettableShape {
    /// Strokes the shape's border inside its frame over what this view drew.
    public func strokeBorder<S: ShapeStyle>(_ content: S = .foreground, style: StrokeStyle, antialiased: Bool = true)
        -> StrokeBorderShapeView<Content, S, Self>
    {
        StrokeBorderShapeView(shape: shape, style: content, strokeStyle: style, isAntialiased: antialiased, background: self)
    }

    /// Strokes the shape's border `lineWidth` wide inside its frame over what this view drew.
    public func strokeBorder<S: ShapeStyle>(_ content: S = .foreground, lineWidth: CGFloat = 1, antialiased: Bool = true)
        -> StrokeBorderShapeView<Content, S, Self>
    {
        strokeBorder(content, style: StrokeStyle(lineWidth: lineWidth), antialiased: antialiased)
    }
}

// MARK: - Stroked shapes

/// A stroked shape's record, for its node: drawn as its shape's outline stroked.
protocol StrokeRecording {
    /// `2 cap=round`: the stroke's width and characteristics.
    nonisolated var strokeRecord: String { get }
    /// The shape whose outline is stroked.
    nonisolated var strokedOutline: ShapeOutline { get }
    nonisolated var strokedKind: RenderNode.Kind { get }
}

/// A shape's outline stroked, as a shape (what `Shape.stroke(style:)` returns): its path is the
/// area the stroke covers (``Path/strokedPath(_:)``). As a view it is drawn as its shape stroked
/// in the foreground style: its node is the shape's, recorded `stroke=foreground WIDTH …`.
public nonisolated struct _StrokedShape<Content: Shape>: Shape, StrokeRecording {
    public var shape: Content
    public var style: StrokeStyle

    public func path(in rect: CGRect) -> Path { shape.path(in: rect).strokedPath(style) }

    public static var role: ShapeRole { .stroke }

    public var layoutDirectionBehavior: LayoutDirectionBehavior { shape.layoutDirectionBehavior }

    public func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { shape.sizeThatFits(proposal) }

    public var _shapeDescription: String { shape._shapeDescription }

    var strokeRecord: String { "\(_number(Double(style.lineWidth)))\(style._recordedSuffix)" }
    var strokedOutline: ShapeOutline { ShapeOutline(shape) }
    var strokedKind: RenderNode.Kind { shape._renderKind }
}

extension Shape {
    /// Fills the shape (recorded as `fill=STYLE`, and `fill=STYLE evenOdd` under the even-odd rule).
    public func fill<S: ShapeStyle>(_ content: S = .foreground, style: FillStyle = FillStyle()) -> _ShapeView<Self, S> {
        _ShapeView(shape: self, style: content, fillStyle: style)
    }

    /// Outlines the shape (recorded as `stroke=STYLE WIDTH`).
    public func stroke<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1, antialiased: Bool = true)
        -> StrokeShapeView<Self, S, EmptyView>
    {
        stroke(content, style: StrokeStyle(lineWidth: lineWidth), antialiased: antialiased)
    }

    /// Outlines the shape with `style`'s width, caps, joins and dashes (recorded as
    /// `stroke=STYLE WIDTH`, then each characteristic that is not the default:
    /// `stroke=red 2 cap=round dash=5,3`).
    public func stroke<S: ShapeStyle>(_ content: S, style: StrokeStyle, antialiased: Bool = true)
        -> StrokeShapeView<Self, S, EmptyView>
    {
        StrokeShapeView(shape: self, style: content, strokeStyle: style, isAntialiased: antialiased, background: EmptyView())
    }

    /// The shape's outline `lineWidth` wide, as a shape (drawn as a view in the foreground style,
    /// recorded as `stroke=foreground WIDTH`).
    public nonisolated func stroke(lineWidth: CGFloat = 1) -> some Shape {
        _StrokedShape(shape: self, style: StrokeStyle(lineWidth: lineWidth))
    }

    /// The shape's outline with `style`, as a shape (recorded as `stroke=foreground WIDTH …`).
    public nonisolated func stroke(style: StrokeStyle) -> some Shape {
        _StrokedShape(shape: self, style: style)
    }
}

extension InsettableShape {
    /// Outlines the shape inside its frame: the stroke is centred on the shape inset by half
    /// the line width (recorded as `stroke=STYLE WIDTH` on the inset shape).
    public func strokeBorder<S: ShapeStyle>(_ content: S = .foreground, lineWidth: CGFloat = 1, antialiased: Bool = true)
        -> StrokeBorderShapeView<Self, S, EmptyView>
    {
        strokeBorder(content, style: StrokeStyle(lineWidth: lineWidth), antialiased: antialiased)
    }

    /// Outlines the shape inside its frame with `style`: the stroke is centred on the shape inset
    /// by half the style's line width.
    public func strokeBorder<S: ShapeStyle>(_ content: S = .foreground, style: StrokeStyle, antialiased: Bool = true)
        -> StrokeBorderShapeView<Self, S, EmptyView>
    {
        StrokeBorderShapeView(shape: self, style: content, strokeStyle: style, isAntialiased: antialiased, background: EmptyView())
    }
}
