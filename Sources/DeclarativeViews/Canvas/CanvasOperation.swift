import Foundation

/// One thing a ``Canvas``'s renderer drew, recorded headless on the canvas's node
/// (``RenderNode/drawing``), in the canvas's coordinates (the context's transform applied), with
/// the context's state when it was drawn.
public struct CanvasOperation: Equatable, Sendable, CustomStringConvertible {
    /// What was drawn.
    public enum Kind: Equatable, Sendable {
        /// A path filled (in canvas coordinates).
        case fill(Path, GraphicsContext.Shading, FillStyle)
        /// A path stroked (in canvas coordinates); the style's width is in the context's units.
        case stroke(Path, GraphicsContext.Shading, StrokeStyle)
        /// Text, in the rectangle it was drawn in.
        case text(String, CGRect)
        /// An image, by name, in the rectangle it was drawn in.
        case image(String, CGRect)
        /// A symbol (a view given to the canvas, by its tag), in the rectangle it was drawn in.
        case symbol(String, CGRect)
        /// A layer (`drawLayer`), composited as one: what was drawn in it.
        case layer([CanvasOperation])
    }

    public var kind: Kind
    /// The context's transform when it was drawn.
    public var transform: CGAffineTransform
    /// The context's opacity (the product of the layers' it is in is not applied).
    public var opacity: Double
    public var blendMode: GraphicsContext.BlendMode
    /// The clips in effect, in canvas coordinates: each a path, or `inverse` when its outside is
    /// kept (`clip(to:options: .inverse)`).
    public var clips: [GraphicsContext.Clip]
    /// The filters added to the context, in order.
    public var filters: [GraphicsContext.Filter]

    /// `fill Path((0, 0, 10, 10)) color(red)`, then the state that is not the default.
    public var description: String {
        var text: String
        switch kind {
        case .fill(let path, let shading, let style):
            text = "fill \(Self.bounds(path.boundingRect)) \(shading)" + (style.isEOFilled ? " evenOdd" : "")
        case .stroke(let path, let shading, let style):
            text = "stroke \(Self.bounds(path.boundingRect)) \(shading) \(_number(Double(style.lineWidth)))\(style._recordedSuffix)"
        case .text(let string, let rect): text = "text \(string.debugDescription) \(Self.bounds(rect))"
        case .image(let name, let rect): text = "image \(name) \(Self.bounds(rect))"
        case .symbol(let id, let rect): text = "symbol \(id) \(Self.bounds(rect))"
        case .layer(let operations): text = "layer [\(operations.map(\.description).joined(separator: "; "))]"
        }
        if opacity != 1 { text += " opacity=\(_number(opacity))" }
        if blendMode != .normal { text += " blendMode=\(blendMode)" }
        if !clips.isEmpty { text += " clips=\(clips.count)" }
        if !filters.isEmpty { text += " filters=\(filters.map(\.description).joined(separator: ","))" }
        return text
    }

    /// `(x, y, w, h)`.
    static func bounds(_ rect: CGRect) -> String {
        rect.isNull ? "(empty)" : "(\([rect.minX, rect.minY, rect.width, rect.height].map { _number(Double($0)) }.joined(separator: ", ")))"
    }
}

extension GraphicsContext {
    /// A clip a context draws through, in canvas coordinates.
    public struct Clip: Equatable, Sendable {
        /// The clip's outline.
        public var path: Path
        /// Filled with the even-odd rule.
        public var isEOFilled: Bool
        /// Keeps what is outside the path.
        public var isInverse: Bool
        /// The clip's opacity (a layer clip's, `clipToLayer(opacity:)`).
        public var opacity: Double
    }
}
