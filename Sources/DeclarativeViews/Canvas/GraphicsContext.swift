import Foundation

/// The drawing context a ``Canvas``'s renderer draws with (SwiftUI's `GraphicsContext`).
/// Headless, nothing is rasterised: every fill, stroke, text, image, symbol and layer is recorded
/// as a ``CanvasOperation`` with the context's state (transform, opacity, blend mode, clips,
/// filters), which the canvas's node carries (``RenderNode/drawing``) and the SVG picture paints
/// (fills and strokes of plain colors). The state is the value's: a copy (or a `drawLayer`
/// content's context) changes only itself, as in SwiftUI.
public struct GraphicsContext {
    /// Where the operations go (shared by the copies of a context, and replaced in a layer).
    private let recorder: Recorder
    /// The canvas's size, for the clip bounds.
    private let canvasSize: CGSize
    /// The symbols the canvas was given, by tag.
    private let symbols: [AnyHashable: ResolvedSymbol]

    public var opacity: Double = 1
    public var blendMode: BlendMode = .normal
    /// The map from the context's coordinates to the canvas's.
    public var transform: CGAffineTransform = .identity
    /// The environment of the canvas.
    public let environment: EnvironmentValues
    private var clips: [Clip] = []
    private var filters: [Filter] = []

    final class Recorder {
        var operations: [CanvasOperation] = []
    }

    init(size: CGSize, environment: EnvironmentValues, symbols: [AnyHashable: ResolvedSymbol]) {
        recorder = Recorder()
        canvasSize = size
        self.environment = environment
        self.symbols = symbols
    }

    /// What was drawn so far.
    var operations: [CanvasOperation] { recorder.operations }

    // MARK: State

    /// The bounds of what can still be drawn, in the context's coordinates: the canvas's bounds
    /// and every (non-inverse) clip's, mapped back through the transform.
    public var clipBoundingRect: CGRect {
        var bounds = CGRect(origin: .zero, size: canvasSize)
        for clip in clips where !clip.isInverse { bounds = bounds.intersection(clip.path.boundingRect) }
        return bounds.isNull ? .zero : bounds.applying(transform.inverted())
    }

    /// Moves the origin by `x`, `y` (in the context's coordinates).
    public mutating func translateBy(x: CGFloat, y: CGFloat) {
        transform = transform.translatedBy(x: x, y: y)
    }

    /// Scales the context's coordinates by `x`, `y`.
    public mutating func scaleBy(x: CGFloat, y: CGFloat) {
        transform = transform.scaledBy(x: x, y: y)
    }

    /// Turns the context's coordinates by `angle` (clockwise on screen for a positive angle).
    public mutating func rotate(by angle: Angle) {
        transform = transform.rotated(by: CGFloat(angle.radians))
    }

    /// Applies `matrix` before the current transform.
    public mutating func concatenate(_ matrix: CGAffineTransform) {
        transform = matrix.concatenating(transform)
    }

    /// Clips later drawing to `path` (or to its outside, with `.inverse`).
    public mutating func clip(to path: Path, style: FillStyle = FillStyle(), options: ClipOptions = ClipOptions()) {
        clips.append(Clip(path: path.applying(transform), isEOFilled: style.isEOFilled, isInverse: options.contains(.inverse), opacity: 1))
    }

    /// Clips later drawing to what `content` draws (recorded as a clip to the union of the
    /// bounds of its fills and strokes).
    public mutating func clipToLayer(
        opacity: Double = 1, options: ClipOptions = ClipOptions(), content: (inout GraphicsContext) throws -> Void
    ) rethrows {
        var layer = sublayer()
        try content(&layer)
        var outline = Path()
        for operation in layer.recorder.operations {
            switch operation.kind {
            case .fill(let path, _, _), .stroke(let path, _, _): outline.addPath(path)
            case .text(_, let rect), .image(_, let rect), .symbol(_, let rect): outline.addRect(rect)
            case .layer: break
            }
        }
        clips.append(Clip(path: outline, isEOFilled: false, isInverse: options.contains(.inverse), opacity: opacity))
    }

    /// Adds `filter` to what is drawn from now on.
    public mutating func addFilter(_ filter: Filter, options: FilterOptions = FilterOptions()) {
        filters.append(filter)
    }

    // MARK: Drawing

    /// Fills `path` with `shading`.
    public func fill(_ path: Path, with shading: Shading, style: FillStyle = FillStyle()) {
        record(.fill(path.applying(transform), shading, style))
    }

    /// Strokes `path` with `shading` and `style`.
    public func stroke(_ path: Path, with shading: Shading, style: StrokeStyle) {
        record(.stroke(path.applying(transform), shading, style))
    }

    /// Strokes `path` `lineWidth` wide.
    public func stroke(_ path: Path, with shading: Shading, lineWidth: CGFloat = 1) {
        stroke(path, with: shading, style: StrokeStyle(lineWidth: lineWidth))
    }

    /// Draws what `content` draws as one layer, composited with this context's state.
    public func drawLayer(content: (inout GraphicsContext) throws -> Void) rethrows {
        var layer = sublayer()
        try content(&layer)
        record(.layer(layer.recorder.operations))
    }

    /// A context for a layer: this one's transform, drawing into its own list, with no opacity,
    /// blend mode, clips or filters of its own yet (those of this context apply to the layer).
    private func sublayer() -> GraphicsContext {
        var layer = GraphicsContext(size: canvasSize, environment: environment, symbols: symbols)
        layer.transform = transform
        return layer
    }

    private func record(_ kind: CanvasOperation.Kind) {
        recorder.operations.append(CanvasOperation(
            kind: kind, transform: transform, opacity: opacity, blendMode: blendMode, clips: clips, filters: filters))
    }

    /// `size` placed with its `anchor` at `point`, mapped to the canvas.
    private func placed(_ size: CGSize, at point: CGPoint, anchor: UnitPoint) -> CGRect {
        CGRect(x: point.x - size.width * anchor.x, y: point.y - size.height * anchor.y, width: size.width, height: size.height)
            .applying(transform)
    }

    // MARK: Text, images and symbols

    /// Text measured for drawing (SwiftUI's `GraphicsContext.ResolvedText`).
    public struct ResolvedText {
        let string: String
        /// What the text is drawn with.
        public var shading: Shading = .foreground

        /// The text's size when at most `size.width` wide (headless text metrics: 8 × 16 points
        /// a character, wrapping at spaces).
        public func measure(in size: CGSize) -> CGSize {
            let lines = TextMetrics.lines(of: string, width: size.width)
            let widest = lines.map { TextMetrics.size(of: String($0), proposedWidth: nil).width }.max() ?? 0
            return CGSize(width: widest, height: CGFloat(lines.count) * TextMetrics.lineHeight)
        }

        /// The first line's baseline from the top (12 points down its 16-point line).
        public func firstBaseline(in size: CGSize) -> CGFloat { ResolvedText.baseline }

        /// The last line's baseline from the top.
        public func lastBaseline(in size: CGSize) -> CGFloat {
            measure(in: size).height - TextMetrics.lineHeight + ResolvedText.baseline
        }

        static let baseline: CGFloat = 12
    }

    /// An image ready to draw (SwiftUI's `GraphicsContext.ResolvedImage`): headless, its
    /// placeholder's size (`[name]`, a text cell a character).
    public struct ResolvedImage {
        let name: String
        /// The image's size.
        public let size: CGSize
        /// The baseline, from the top.
        public let baseline: CGFloat
        /// What a template image is drawn with (`nil`: its own colors).
        public var shading: Shading?
    }

    /// A view the canvas was given as a symbol, ready to draw (SwiftUI's
    /// `GraphicsContext.ResolvedSymbol`).
    public struct ResolvedSymbol {
        let id: String
        /// The symbol's ideal size.
        public let size: CGSize
    }

    public func resolve(_ text: Text) -> ResolvedText { ResolvedText(string: text.content) }

    public func resolve(_ image: Image) -> ResolvedImage {
        let size = TextMetrics.size(of: "[\(image.name)]", proposedWidth: nil)
        return ResolvedImage(name: image.name, size: size, baseline: ResolvedText.baseline, shading: nil)
    }

    /// The shading itself: headless, nothing in it depends on the environment.
    public func resolve(_ shading: Shading) -> Shading { shading }

    /// The symbol the canvas was given with tag `id`, if any.
    public func resolveSymbol<ID: Hashable>(id: ID) -> ResolvedSymbol? { symbols[AnyHashable(id)] }

    public func draw(_ text: ResolvedText, at point: CGPoint, anchor: UnitPoint = .center) {
        record(.text(text.string, placed(text.measure(in: CGSize(width: CGFloat.infinity, height: .infinity)), at: point, anchor: anchor)))
    }

    public func draw(_ text: Text, at point: CGPoint, anchor: UnitPoint = .center) {
        draw(resolve(text), at: point, anchor: anchor)
    }

    public func draw(_ text: ResolvedText, in rect: CGRect) {
        record(.text(text.string, rect.applying(transform)))
    }

    public func draw(_ text: Text, in rect: CGRect) {
        draw(resolve(text), in: rect)
    }

    public func draw(_ image: ResolvedImage, at point: CGPoint, anchor: UnitPoint = .center) {
        record(.image(image.name, placed(image.size, at: point, anchor: anchor)))
    }

    public func draw(_ image: Image, at point: CGPoint, anchor: UnitPoint = .center) {
        draw(resolve(image), at: point, anchor: anchor)
    }

    public func draw(_ image: ResolvedImage, in rect: CGRect, style: FillStyle = FillStyle()) {
        record(.image(image.name, rect.applying(transform)))
    }

    public func draw(_ image: Image, in rect: CGRect, style: FillStyle = FillStyle()) {
        draw(resolve(image), in: rect, style: style)
    }

    public func draw(_ symbol: ResolvedSymbol, at point: CGPoint, anchor: UnitPoint = .center) {
        record(.symbol(symbol.id, placed(symbol.size, at: point, anchor: anchor)))
    }

    public func draw(_ symbol: ResolvedSymbol, in rect: CGRect) {
        record(.symbol(symbol.id, rect.applying(transform)))
    }
}
