import AttrGraph
import Foundation

// Colors and shapes as views, headless: a node named after them (`Color red`, `Circle`) that
// takes the space it is offered (10 points where nothing is, as SwiftUI's shapes), with
// `.fill` / `.stroke` recorded as attributes. A shape's node carries the shape: once laid out, its
// `path(in:)` is evaluated in the frame the layout gave it (``RenderNode/path``), which the box
// drawing and the SVG picture draw. `.background(…)` and `.overlay(…)` put views behind or in
// front of their content, sized by the content.

/// A 2D shape (SwiftUI's `Shape`): a view that fills the frame it is offered with its outline,
/// `path(in:)` of the frame's bounds (origin at the frame's top-left corner). A type that only
/// implements `path(in:)` is a complete shape:
///
///     struct Triangle: Shape {
///         func path(in rect: CGRect) -> Path {
///             Path { path in
///                 path.addLines([CGPoint(x: rect.midX, y: rect.minY),
///                                CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.minX, y: rect.maxY)])
///                 path.closeSubpath()
///             }
///         }
///     }
public protocol Shape: Animatable, View, Sendable {
    /// The shape's outline in `rect` (the bounds of the frame the layout gave it).
    nonisolated func path(in rect: CGRect) -> Path
    nonisolated var animatableData: AnimatableData { get set }
    /// How the shape is named on its node and recorded by `.clipShape(_:)` (the type's name,
    /// lowercased, unless the shape says otherwise).
    nonisolated var _shapeDescription: String { get }
    /// What the shape is drawn as: filled (the default), stroked or a separator (SwiftUI's
    /// `Shape.role`); recorded on the shape's node as `role=stroke` when it is not `.fill`.
    nonisolated static var role: ShapeRole { get }
    /// Whether the shape is mirrored in a right-to-left layout (SwiftUI's
    /// `Shape.layoutDirectionBehavior`; `.mirrors` unless the shape says otherwise).
    nonisolated var layoutDirectionBehavior: LayoutDirectionBehavior { get }
    /// The size the shape takes when offered `proposal`: the layout asks the shape. The default
    /// takes what is offered, 10 points where nothing is, as SwiftUI's shapes.
    nonisolated func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize
}

/// Views drawn as one node of their own kind.
protocol LeafView: View, RenderKindProviding where Body == Never {}

extension LeafView {
    public var body: Never { _primitiveBody(Self.self) }

    public nonisolated static func _makeView(view: _GraphValue<Self>, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(render: Attribute(LeafRender(source: view)))
    }
}

extension Shape {
    public var body: Never { _primitiveBody(Self.self) }

    public nonisolated static func _makeView(view: _GraphValue<Self>, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(render: Attribute(ShapeRender(source: view)))
    }

    public nonisolated static var role: ShapeRole { .fill }

    public nonisolated var layoutDirectionBehavior: LayoutDirectionBehavior { .mirrors }

    public nonisolated func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        proposal.replacingUnspecifiedDimensions()
    }

    public nonisolated var _shapeDescription: String {
        let name = String(describing: Self.self)
        return name.prefix(1).lowercased() + name.dropFirst()
    }

    nonisolated var _renderKind: RenderNode.Kind { .shape(_shapeDescription.prefix(1).uppercased() + _shapeDescription.dropFirst()) }
}

/// A shape's node: the shape's name, and the shape, whose path the laid-out tree evaluates in the
/// node's frame. A new node whenever the shape's value changed (the rule runs only then).
struct ShapeRender<S: Shape>: StatefulRule {
    typealias Value = [DisplayNode]
    let source: _GraphValue<S>

    mutating func updateValue() {
        let shape = source.value
        var annotations = _Annotations()
        var kind = shape._renderKind
        if let stroked = shape as? any StrokeRecording {
            // Drawn as its shape's outline stroked in the foreground style.
            annotations.shape = stroked.strokedOutline
            annotations.styles["stroke"] = "foreground \(stroked.strokeRecord)"
            kind = stroked.strokedKind
        } else {
            annotations.shape = ShapeOutline(shape)
            if S.role != .fill { annotations.styles["role"] = "\(S.role)" }
        }
        value = [DisplayNode(kind: kind, annotations: annotations)]
    }
}

/// A shape a node carries, for the path of its laid-out frame.
final class ShapeOutline: Sendable {
    private let outline: @Sendable (CGRect) -> Path
    private let sizing: @Sendable (ProposedViewSize) -> CGSize

    init<S: Shape>(_ shape: S) {
        outline = { shape.path(in: $0) }
        sizing = { shape.sizeThatFits($0) }
    }

    /// The shape's path in `rect`.
    func path(in rect: CGRect) -> Path { outline(rect) }

    /// The size the shape takes when offered `proposal` (its `sizeThatFits(_:)`).
    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { sizing(proposal) }
}

/// A shape that can be inset, so that a stroke of its border stays inside its frame (SwiftUI's
/// `InsettableShape`).
public protocol InsettableShape: Shape {
    associatedtype InsetShape: InsettableShape
    /// The shape inset by `amount` on every side.
    nonisolated func inset(by amount: CGFloat) -> InsetShape
}

/// How a rounded corner is drawn (SwiftUI's `RoundedCornerStyle`); headless, both are circular.
public enum RoundedCornerStyle: Hashable, Sendable {
    case circular, continuous
}

/// The radius of each corner of a rectangle (SwiftUI's `RectangleCornerRadii`).
public struct RectangleCornerRadii: Hashable, Sendable, Animatable {
    public var topLeading: CGFloat
    public var bottomLeading: CGFloat
    public var bottomTrailing: CGFloat
    public var topTrailing: CGFloat

    public init(topLeading: CGFloat = 0, bottomLeading: CGFloat = 0, bottomTrailing: CGFloat = 0, topTrailing: CGFloat = 0) {
        self.topLeading = topLeading
        self.bottomLeading = bottomLeading
        self.bottomTrailing = bottomTrailing
        self.topTrailing = topTrailing
    }

    /// The four radii: (top leading, bottom leading), (bottom trailing, top trailing).
    public var animatableData: AnimatablePair<AnimatablePair<CGFloat, CGFloat>, AnimatablePair<CGFloat, CGFloat>> {
        get { AnimatablePair(AnimatablePair(topLeading, bottomLeading), AnimatablePair(bottomTrailing, topTrailing)) }
        set {
            (topLeading, bottomLeading) = (newValue.first.first, newValue.first.second)
            (bottomTrailing, topTrailing) = (newValue.second.first, newValue.second.second)
        }
    }
}

/// The built-in shapes' inset: an amount added up over `inset(by:)` calls, applied to the rect
/// `path(in:)` is given.
protocol InsetAccumulating {
    var insetAmount: CGFloat { get set }
}

extension InsetAccumulating {
    /// A copy inset by `amount` more.
    nonisolated func insetting(by amount: CGFloat) -> Self {
        var shape = self
        shape.insetAmount += amount
        return shape
    }
}

/// `rect` inset by `amount` on every side, shrinking to its centre rather than turning inside out.
nonisolated func _inset(_ rect: CGRect, by amount: CGFloat) -> CGRect {
    let rect = rect.standardized
    let dx = min(amount, rect.width / 2)
    let dy = min(amount, rect.height / 2)
    return CGRect(x: rect.minX + dx, y: rect.minY + dy, width: rect.width - 2 * dx, height: rect.height - 2 * dy)
}

/// ` inset(N)` for a shape inset by N, nothing otherwise.
nonisolated func _insetSuffix(_ amount: CGFloat) -> String {
    amount == 0 ? "" : " inset(\(_number(Double(amount))))"
}

/// A circle centred in its frame, as wide as the frame's shorter side.
public nonisolated struct Circle: InsettableShape, InsetAccumulating {
    var insetAmount: CGFloat = 0

    public init() {}

    public func path(in rect: CGRect) -> Path {
        let rect = _inset(rect, by: insetAmount)
        let side = min(rect.width, rect.height)
        return Path(ellipseIn: CGRect(x: rect.midX - side / 2, y: rect.midY - side / 2, width: side, height: side))
    }

    public func inset(by amount: CGFloat) -> Circle {
        insetting(by: amount)
    }

    public var _shapeDescription: String { "circle" + _insetSuffix(insetAmount) }
}

/// An ellipse filling its frame.
public nonisolated struct Ellipse: InsettableShape, InsetAccumulating {
    var insetAmount: CGFloat = 0

    public init() {}

    public func path(in rect: CGRect) -> Path { Path(ellipseIn: _inset(rect, by: insetAmount)) }

    public func inset(by amount: CGFloat) -> Ellipse {
        insetting(by: amount)
    }

    public var _shapeDescription: String { "ellipse" + _insetSuffix(insetAmount) }
}

/// A rectangle with semicircular ends along its shorter side.
public nonisolated struct Capsule: InsettableShape, InsetAccumulating {
    public var style: RoundedCornerStyle
    var insetAmount: CGFloat = 0

    public init(style: RoundedCornerStyle = .continuous) {
        self.style = style
    }

    public func path(in rect: CGRect) -> Path {
        let rect = _inset(rect, by: insetAmount)
        return Path(roundedRect: rect, cornerRadius: min(rect.width, rect.height) / 2, style: style)
    }

    public func inset(by amount: CGFloat) -> Capsule {
        insetting(by: amount)
    }

    public var _shapeDescription: String { "capsule" + _insetSuffix(insetAmount) }
}

/// A rectangle filling its frame.
public nonisolated struct Rectangle: InsettableShape, InsetAccumulating {
    var insetAmount: CGFloat = 0

    public init() {}

    public func path(in rect: CGRect) -> Path { Path(_inset(rect, by: insetAmount)) }

    public func inset(by amount: CGFloat) -> Rectangle {
        insetting(by: amount)
    }

    public var _shapeDescription: String { "rectangle" + _insetSuffix(insetAmount) }
}

/// A rectangle with rounded corners filling its frame; inset, its corners shrink by the inset.
public nonisolated struct RoundedRectangle: InsettableShape, InsetAccumulating {
    public var cornerSize: CGSize
    public var style: RoundedCornerStyle
    var insetAmount: CGFloat = 0

    public init(cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
        self.cornerSize = cornerSize
        self.style = style
    }

    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
        self.init(cornerSize: CGSize(width: cornerRadius, height: cornerRadius), style: style)
    }

    public func path(in rect: CGRect) -> Path {
        let corner = CGSize(width: max(0, cornerSize.width - insetAmount), height: max(0, cornerSize.height - insetAmount))
        return Path(roundedRect: _inset(rect, by: insetAmount), cornerSize: corner, style: style)
    }

    public func inset(by amount: CGFloat) -> RoundedRectangle {
        insetting(by: amount)
    }

    public var _shapeDescription: String {
        let size = cornerSize.width == cornerSize.height
            ? _number(Double(cornerSize.width)) : "\(_number(Double(cornerSize.width)))x\(_number(Double(cornerSize.height)))"
        return "roundedRectangle(\(size))" + _insetSuffix(insetAmount)
    }
}

/// A rectangle with a radius per corner (SwiftUI's `UnevenRoundedRectangle`).
public nonisolated struct UnevenRoundedRectangle: InsettableShape, InsetAccumulating {
    public var cornerRadii: RectangleCornerRadii
    public var style: RoundedCornerStyle
    var insetAmount: CGFloat = 0

    public init(cornerRadii: RectangleCornerRadii, style: RoundedCornerStyle = .continuous) {
        self.cornerRadii = cornerRadii
        self.style = style
    }

    public init(topLeadingRadius: CGFloat = 0, bottomLeadingRadius: CGFloat = 0, bottomTrailingRadius: CGFloat = 0,
                topTrailingRadius: CGFloat = 0, style: RoundedCornerStyle = .continuous) {
        self.init(
            cornerRadii: RectangleCornerRadii(
                topLeading: topLeadingRadius, bottomLeading: bottomLeadingRadius, bottomTrailing: bottomTrailingRadius,
                topTrailing: topTrailingRadius),
            style: style)
    }

    public func path(in rect: CGRect) -> Path {
        let radii = RectangleCornerRadii(
            topLeading: max(0, cornerRadii.topLeading - insetAmount), bottomLeading: max(0, cornerRadii.bottomLeading - insetAmount),
            bottomTrailing: max(0, cornerRadii.bottomTrailing - insetAmount),
            topTrailing: max(0, cornerRadii.topTrailing - insetAmount))
        return Path(roundedRect: _inset(rect, by: insetAmount), cornerRadii: radii, style: style)
    }

    /// The four radii (see ``RectangleCornerRadii/animatableData``).
    public var animatableData: RectangleCornerRadii.AnimatableData {
        get { cornerRadii.animatableData }
        set { cornerRadii.animatableData = newValue }
    }

    public func inset(by amount: CGFloat) -> UnevenRoundedRectangle {
        insetting(by: amount)
    }

    public var _shapeDescription: String {
        let radii = [cornerRadii.topLeading, cornerRadii.topTrailing, cornerRadii.bottomTrailing, cornerRadii.bottomLeading]
        return "unevenRoundedRectangle(\(radii.map { _number(Double($0)) }.joined(separator: " ")))" + _insetSuffix(insetAmount)
    }
}

// The shorthand forms, for `.clipShape(.rect(cornerRadius: 8))` and `.background(.capsule)`.
extension Shape where Self == Circle { public static var circle: Circle { Circle() } }
extension Shape where Self == Ellipse { public static var ellipse: Ellipse { Ellipse() } }
extension Shape where Self == Capsule {
    public static var capsule: Capsule { Capsule() }
    public static func capsule(style: RoundedCornerStyle) -> Capsule { Capsule(style: style) }
}
extension Shape where Self == Rectangle { public static var rect: Rectangle { Rectangle() } }
extension Shape where Self == RoundedRectangle {
    public static func rect(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) -> RoundedRectangle {
        RoundedRectangle(cornerRadius: cornerRadius, style: style)
    }
    public static func rect(cornerSize: CGSize, style: RoundedCornerStyle = .continuous) -> RoundedRectangle {
        RoundedRectangle(cornerSize: cornerSize, style: style)
    }
}
extension Shape where Self == UnevenRoundedRectangle {
    public static func rect(cornerRadii: RectangleCornerRadii, style: RoundedCornerStyle = .continuous) -> UnevenRoundedRectangle {
        UnevenRoundedRectangle(cornerRadii: cornerRadii, style: style)
    }
    public static func rect(topLeadingRadius: CGFloat = 0, bottomLeadingRadius: CGFloat = 0, bottomTrailingRadius: CGFloat = 0,
                            topTrailingRadius: CGFloat = 0, style: RoundedCornerStyle = .continuous) -> UnevenRoundedRectangle {
        UnevenRoundedRectangle(
            topLeadingRadius: topLeadingRadius, bottomLeadingRadius: bottomLeadingRadius,
            bottomTrailingRadius: bottomTrailingRadius, topTrailingRadius: topTrailingRadius, style: style)
    }
}

/// A color is a view too: `Color.blue.frame(height: 4)`.
extension Color: View, LeafView {
    nonisolated var _renderKind: RenderNode.Kind { .shape("Color \(description)") }
}

// MARK: - Backgrounds and overlays

/// Views behind (`background`) or in front of (`overlay`) the content, laid out in its frame.
public nonisolated struct _DecorationModifier<Decoration: View>: PrimitiveViewModifier {
    let decoration: Decoration
    let isBackground: Bool
    let alignment: Alignment

    public nonisolated static func _makeView(
        modifier: _GraphValue<Self>, inputs: _ViewInputs, body: @escaping (_ViewInputs) -> _ViewOutputs
    ) -> _ViewOutputs {
        let content = body(inputs)
        let decoration = Decoration._makeDebuggableView(
            view: modifier.member(Decoration.self, at: 0, \.decoration), inputs: inputs)
        return _ViewOutputs(render: Attribute(
            DecorationRender(modifier: modifier, content: content.render, decoration: decoration.render)))
    }
}

struct DecorationRender<Decoration: View>: StatefulRule {
    typealias Value = [DisplayNode]
    let modifier: _GraphValue<_DecorationModifier<Decoration>>
    let content: RenderParts
    let decoration: RenderParts

    mutating func updateValue() {
        let modifier = self.modifier.value
        emitDecorated(
            content.read(), decoration: decoration.read(), background: modifier.isBackground, alignment: modifier.alignment)
    }
}

extension StatefulRule where Value == [DisplayNode] {
    /// Outputs `content` (several views in one stack) with `decoration` behind or in front of it,
    /// in its frame: `.background`, `.overlay` and their preference-value forms.
    func emitDecorated(_ content: [DisplayNode], decoration: [DisplayNode], background: Bool, alignment: Alignment) {
        var content = content
        if content.count > 1 {
            content = [DisplayNode(kind: .vstack(alignment: .center, spacing: nil), children: content)]
        }
        emit(.decorated(background: background, alignment: alignment), children: content + decoration)
    }
}

extension View {
    /// A view behind this one, in its frame.
    public func background<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V)
        -> ModifiedContent<Self, _DecorationModifier<V>>
    {
        modifier(_DecorationModifier(decoration: content(), isBackground: true, alignment: alignment))
    }

    @_disfavoredOverload
    public func background<V: View>(_ background: V, alignment: Alignment = .center)
        -> ModifiedContent<Self, _DecorationModifier<V>>
    {
        modifier(_DecorationModifier(decoration: background, isBackground: true, alignment: alignment))
    }

    /// Paints the background (recorded as `background=STYLE`).
    public func background<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all)
        -> ModifiedContent<Self, _StyleModifier>
    {
        modifier(_StyleModifier(key: "background", value: style._styleDescription))
    }

    /// A view in front of this one, in its frame.
    public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V)
        -> ModifiedContent<Self, _DecorationModifier<V>>
    {
        modifier(_DecorationModifier(decoration: content(), isBackground: false, alignment: alignment))
    }

    @_disfavoredOverload
    public func overlay<V: View>(_ overlay: V, alignment: Alignment = .center) -> ModifiedContent<Self, _DecorationModifier<V>> {
        modifier(_DecorationModifier(decoration: overlay, isBackground: false, alignment: alignment))
    }

    /// Paints over the view (recorded as `overlay=STYLE`).
    public func overlay<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> ModifiedContent<Self, _StyleModifier> {
        modifier(_StyleModifier(key: "overlay", value: style._styleDescription))
    }
}
