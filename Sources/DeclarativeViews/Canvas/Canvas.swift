import AttrGraph
import Foundation

/// A view drawn by a closure (SwiftUI's `Canvas`): `Canvas { context, size in … }`. Headless, the
/// canvas takes the space it is offered, as a shape does, and once laid out its renderer is run
/// against a recording ``GraphicsContext`` of the canvas's size: what it drew is on the canvas's
/// node (``RenderNode/drawing``, the `Canvas` node of the render tree), for tests to read, and in
/// the SVG picture. Views given as `symbols`, each tagged (`.tag(id)`), are what
/// ``GraphicsContext/resolveSymbol(id:)`` finds.
public nonisolated struct Canvas<Symbols: View>: View {
    /// The views the renderer can draw, by tag.
    public var symbols: Symbols
    /// Draws the canvas into a context of its size.
    public var renderer: (inout GraphicsContext, CGSize) -> Void
    /// Whether the canvas promises to cover every pixel (recorded as `opaque`).
    public var isOpaque: Bool
    /// How colors are blended (recorded as `colorMode=…` when not `.nonLinear`).
    public var colorMode: ColorRenderingMode
    /// Whether SwiftUI may draw it off the main thread; headless it is drawn when laid out.
    public var rendersAsynchronously: Bool

    public init(
        opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear, rendersAsynchronously: Bool = false,
        renderer: @escaping (inout GraphicsContext, CGSize) -> Void, @ViewBuilder symbols: () -> Symbols
    ) {
        self.symbols = symbols()
        self.renderer = renderer
        isOpaque = opaque
        self.colorMode = colorMode
        self.rendersAsynchronously = rendersAsynchronously
    }

    public var body: Never { _primitiveBody(Self.self) }

    public nonisolated static func _makeView(view: _GraphValue<Self>, inputs: _ViewInputs) -> _ViewOutputs {
        let symbols = Symbols._makeDebuggableView(view: view.member(Symbols.self, at: 0, \.symbols), inputs: inputs)
        return _ViewOutputs(render: Attribute(CanvasRender(source: view, environment: inputs.environment, symbols: symbols.render)))
    }
}

extension Canvas where Symbols == EmptyView {
    public init(
        opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear, rendersAsynchronously: Bool = false,
        renderer: @escaping (inout GraphicsContext, CGSize) -> Void
    ) {
        self.init(opaque: opaque, colorMode: colorMode, rendersAsynchronously: rendersAsynchronously, renderer: renderer) {
            EmptyView()
        }
    }
}

/// A canvas's node: `Canvas`, carrying its drawing (run once laid out).
struct CanvasRender<Symbols: View>: StatefulRule {
    typealias Value = [DisplayNode]
    let source: _GraphValue<Canvas<Symbols>>
    let environment: Attribute<EnvironmentValues>
    let symbols: RenderParts

    mutating func updateValue() {
        let canvas = source.value
        var resolved: [AnyHashable: GraphicsContext.ResolvedSymbol] = [:]
        func collect(_ node: DisplayNode) {
            if let tag = node.annotations?.tag, resolved[tag] == nil {
                let size = LayoutEngine().size(of: node, proposal: .unspecified)
                resolved[tag] = GraphicsContext.ResolvedSymbol(id: "\(tag.base)", size: size)
            }
            node.children.forEach(collect)
        }
        symbols.read().forEach(collect)
        var annotations = _Annotations()
        annotations.canvas = CanvasDrawing(renderer: canvas.renderer, environment: environment.value, symbols: resolved)
        if canvas.isOpaque { annotations.styles["opaque"] = "" }
        if canvas.colorMode != .nonLinear { annotations.styles["colorMode"] = "\(canvas.colorMode)" }
        value = [DisplayNode(kind: .shape("Canvas"), annotations: annotations)]
    }
}

/// A canvas's renderer with what it draws with, run for the laid-out size.
final class CanvasDrawing {
    private let renderer: (inout GraphicsContext, CGSize) -> Void
    private let environment: EnvironmentValues
    private let symbols: [AnyHashable: GraphicsContext.ResolvedSymbol]

    init(
        renderer: @escaping (inout GraphicsContext, CGSize) -> Void, environment: EnvironmentValues,
        symbols: [AnyHashable: GraphicsContext.ResolvedSymbol]
    ) {
        self.renderer = renderer
        self.environment = environment
        self.symbols = symbols
    }

    /// What the renderer draws in a canvas of `size`.
    func draw(in size: CGSize) -> [CanvasOperation] {
        var context = GraphicsContext(size: size, environment: environment, symbols: symbols)
        renderer(&context, size)
        return context.operations
    }
}
