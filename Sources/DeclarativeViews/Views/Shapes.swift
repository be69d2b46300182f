import AttrGraph
import Foundation

// Colors and shapes as views, headless: a node named after them (`Color red`, `Circle`) that
// takes the space it is offered (10 points where nothing is, as SwiftUI's shapes), with
// `.fill` / `.stroke` recorded as attributes. `.background(…)` and `.overlay(…)` put views
// behind or in front of their content, sized by the content.

/// A shape (SwiftUI's `Shape`): a view, and what `.clipShape(_:)` records by name.
public protocol Shape: View, Sendable {
    nonisolated var _shapeDescription: String { get }
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
    nonisolated var _renderKind: RenderNode.Kind { .shape(_shapeDescription.prefix(1).uppercased() + _shapeDescription.dropFirst()) }

    /// Fills the shape (recorded as `fill=STYLE`).
    public func fill<S: ShapeStyle>(_ content: S) -> ModifiedContent<Self, _StyleModifier> {
        modifier(_StyleModifier(key: "fill", value: content._styleDescription))
    }

    /// Outlines the shape (recorded as `stroke=STYLE WIDTH`).
    public func stroke<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1) -> ModifiedContent<Self, _StyleModifier> {
        modifier(_StyleModifier(key: "stroke", value: "\(content._styleDescription) \(_number(Double(lineWidth)))"))
    }
}

public nonisolated struct Circle: Shape, LeafView {
    public init() {}
    public var _shapeDescription: String { "circle" }
}

public nonisolated struct Capsule: Shape, LeafView {
    public init() {}
    public var _shapeDescription: String { "capsule" }
}

public nonisolated struct Rectangle: Shape, LeafView {
    public init() {}
    public var _shapeDescription: String { "rectangle" }
}

public nonisolated struct RoundedRectangle: Shape, LeafView {
    public let cornerRadius: CGFloat
    public init(cornerRadius: CGFloat) { self.cornerRadius = cornerRadius }
    public var _shapeDescription: String { "roundedRectangle(\(_number(Double(cornerRadius))))" }
}

extension Shape where Self == Circle { public static var circle: Circle { Circle() } }
extension Shape where Self == Capsule { public static var capsule: Capsule { Capsule() } }
extension Shape where Self == Rectangle { public static var rect: Rectangle { Rectangle() } }

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
    public func overlay<S: ShapeStyle>(_ style: S) -> ModifiedContent<Self, _StyleModifier> {
        modifier(_StyleModifier(key: "overlay", value: style._styleDescription))
    }
}
