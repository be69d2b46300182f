import AttrGraph
import Foundation

/// `.padding(…)`: space around the content.
public nonisolated struct _PaddingLayout: WrappingModifier, Equatable {
    var insets: EdgeInsets
}

extension _PaddingLayout {
    var _renderKind: RenderNode.Kind { .padding(insets) }
}

/// `.frame(width:height:alignment:)`: a fixed size in either dimension.
public nonisolated struct _FrameLayout: WrappingModifier, Equatable {
    var width: CGFloat?
    var height: CGFloat?
    var alignment: Alignment
}

extension _FrameLayout {
    var _renderKind: RenderNode.Kind {
        .frame(width: width.map(Double.init), height: height.map(Double.init), alignment: alignment)
    }
}

/// `.frame(minWidth:idealWidth:maxWidth:…)`: bounds on the size, `.infinity` to fill.
public nonisolated struct _FlexibleFrameLayout: WrappingModifier, Equatable {
    var frame: RenderNode.FlexibleFrame
}

extension _FlexibleFrameLayout {
    var _renderKind: RenderNode.Kind { .flexibleFrame(frame) }
}

/// Modifiers that draw a node around each of their content's nodes.
protocol WrappingModifier: PrimitiveViewModifier, RenderKindProviding {}

extension WrappingModifier {
    public nonisolated static func _makeView(
        modifier: _GraphValue<Self>, inputs: _ViewInputs, body: @escaping (_ViewInputs) -> _ViewOutputs
    ) -> _ViewOutputs {
        let content = body(inputs)
        return _ViewOutputs(render: Attribute(WrapRender(modifier: modifier, content: content.render)))
    }
}

/// The default padding (SwiftUI's is platform-dependent; here it is 16).
let _defaultPadding: CGFloat = 16

extension View {
    /// Pads the given edges by `length` (16 when `nil`).
    public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> ModifiedContent<Self, _PaddingLayout> {
        modifier(_PaddingLayout(insets: EdgeInsets(edges, length ?? _defaultPadding)))
    }

    /// Pads every edge by `length`.
    public func padding(_ length: CGFloat) -> ModifiedContent<Self, _PaddingLayout> {
        padding(.all, length)
    }

    public func padding(_ insets: EdgeInsets) -> ModifiedContent<Self, _PaddingLayout> {
        modifier(_PaddingLayout(insets: insets))
    }

    /// Gives the view a fixed width and/or height, placing it inside by `alignment`.
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center)
        -> ModifiedContent<Self, _FrameLayout>
    {
        modifier(_FrameLayout(width: width, height: height, alignment: alignment))
    }

    /// Bounds on the view's size (SwiftUI's flexible frame): `.frame(maxWidth: .infinity)` takes
    /// all the width offered, `.frame(minHeight: 44)` at least 44 points.
    public func frame(
        minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil, minHeight: CGFloat? = nil,
        idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil, alignment: Alignment = .center
    ) -> ModifiedContent<Self, _FlexibleFrameLayout> {
        modifier(_FlexibleFrameLayout(frame: RenderNode.FlexibleFrame(
            minWidth: minWidth.map(Double.init), idealWidth: idealWidth.map(Double.init), maxWidth: maxWidth.map(Double.init),
            minHeight: minHeight.map(Double.init), idealHeight: idealHeight.map(Double.init),
            maxHeight: maxHeight.map(Double.init), alignment: alignment)))
    }
}

/// Wraps each content node in a node of the modifier's kind (modifiers on a `Group` apply to
/// each of its views).
struct WrapRender<Modifier: RenderKindProviding>: StatefulRule {
    typealias Value = [DisplayNode]
    let modifier: _GraphValue<Modifier>
    let content: RenderParts

    mutating func updateValue() {
        let kind = modifier.value._renderKind
        let nodes = content.read()
        let previous = hasValue ? value : []
        var wrapped: [DisplayNode] = []
        wrapped.reserveCapacity(nodes.count)
        for (position, node) in nodes.enumerated() {
            wrapped.append(.reusing(position < previous.count ? previous[position] : nil, kind: kind, children: [node]))
        }
        value = wrapped
    }
}

/// The padding a scene's content gets from its window's edges (SwiftUI's `ScenePadding`).
public struct ScenePadding: Equatable, Sendable {
    /// The smallest padding that looks right for the platform: headless, the default padding (16).
    public static let minimum = ScenePadding()
}

extension View {
    /// Pads `edges` by the scene padding — the default padding headless (16).
    public func scenePadding(_ edges: Edge.Set = .all) -> ModifiedContent<Self, _PaddingLayout> {
        padding(edges, _defaultPadding)
    }

    public func scenePadding(_ padding: ScenePadding, edges: Edge.Set = .all) -> ModifiedContent<Self, _PaddingLayout> {
        scenePadding(edges)
    }
}
