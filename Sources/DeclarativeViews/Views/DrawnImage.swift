import Foundation

extension Image {
    /// An image of `size` points drawn by `renderer` into a ``GraphicsContext``, as a ``Canvas``
    /// draws (SwiftUI's drawn `Image`). Headless it is drawn once laid out and recorded as a canvas
    /// is: a `Canvas` node of that size whose ``RenderNode/drawing`` is what the renderer drew,
    /// carrying `image=drawing` (and `accessibilityLabel` for `label`, `opaque`, `colorMode=…`).
    public init(
        size: CGSize, label: Text? = nil, opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear,
        renderer: @escaping (inout GraphicsContext) -> Void
    ) {
        self.init("drawing")
        drawing = ImageDrawing(size: size, opaque: opaque, colorMode: colorMode, renderer: renderer)
        if let label { _styles.append(_TextStyle(key: "accessibilityLabel", value: label.content)) }
    }
}

/// What a drawn image draws, and how (one per image; images are equal when they share it).
final class ImageDrawing: Equatable, @unchecked Sendable {
    let size: CGSize
    let opaque: Bool
    let colorMode: ColorRenderingMode
    let renderer: (inout GraphicsContext) -> Void

    init(size: CGSize, opaque: Bool, colorMode: ColorRenderingMode, renderer: @escaping (inout GraphicsContext) -> Void) {
        self.size = size
        self.opaque = opaque
        self.colorMode = colorMode
        self.renderer = renderer
    }

    static func == (lhs: ImageDrawing, rhs: ImageDrawing) -> Bool { lhs === rhs }

    /// The canvas that draws the image, with the image's recorded styles.
    @MainActor func canvas(label styles: [_TextStyle]) -> some View {
        let renderer = self.renderer
        var view = AnyView(Canvas(opaque: opaque, colorMode: colorMode) { context, _ in renderer(&context) }
            .frame(width: size.width, height: size.height)
            .modifier(_StyleModifier(key: "image", value: "drawing")))
        for style in styles.reversed() { view = AnyView(view.modifier(_StyleModifier(key: style.key, value: style.value))) }
        return view
    }
}
