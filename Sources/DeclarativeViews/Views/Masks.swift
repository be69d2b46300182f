import Foundation

// Masks and container backgrounds. Headless nothing is composited: a mask is recorded on the
// content (`mask=circle`, or the mask view's type), and a mask that is a shape (or a filled or
// stroked shape) clips the content as `.clipShape` does — the SVG picture clips to it. A container
// background is recorded (`containerBackground=STYLE for PLACEMENT`), its view form drawn behind.

/// Masks the content's nodes with a view: recorded, and a shape mask kept as the node's clip.
public nonisolated struct _MaskModifier<Mask: View>: PrimitiveViewModifier {
    let mask: Mask
}

extension _MaskModifier: Annotating {
    func annotate(_ annotations: inout _Annotations) {
        let shape: (any Shape)? = (mask as? any Shape) ?? (mask as? any ShapeView).map { $0.shape }
        if annotations.styles["mask"] == nil {
            annotations.styles["mask"] = shape.map { $0._shapeDescription } ?? _typeName(Mask.self, qualified: false)
        }
        if annotations.clip == nil, let shape { annotations.clip = outline(of: shape) }
    }

    private func outline<S: Shape>(of shape: S) -> ShapeOutline { ShapeOutline(shape) }
}

/// Where a container background goes (SwiftUI's `ContainerBackgroundPlacement`).
public struct ContainerBackgroundPlacement: Sendable, Hashable, CustomStringConvertible {
    public let description: String

    /// Behind a navigation container's content.
    public static let navigation = ContainerBackgroundPlacement(description: "navigation")
    /// Behind a widget's content.
    public static let widget = ContainerBackgroundPlacement(description: "widget")
}

extension View {
    /// Masks the view with `mask`, aligned in its frame (recorded as `mask=…`; a shape mask clips).
    public func mask<Mask: View>(alignment: Alignment = .center, @ViewBuilder _ mask: () -> Mask)
        -> ModifiedContent<Self, _MaskModifier<Mask>>
    {
        modifier(_MaskModifier(mask: mask()))
    }

    /// Masks the view with `mask` (the older form).
    public func mask<Mask: View>(_ mask: Mask) -> ModifiedContent<Self, _MaskModifier<Mask>> {
        modifier(_MaskModifier(mask: mask))
    }

    /// Paints the current background style behind the view (recorded as `background=background`).
    public func background(ignoresSafeAreaEdges edges: Edge.Set = .all) -> ModifiedContent<Self, _StyleModifier> {
        background(BackgroundStyle(), ignoresSafeAreaEdges: edges)
    }

    /// Sets the background of the container the view is in (recorded as
    /// `containerBackground=STYLE for PLACEMENT`).
    public func containerBackground<S: ShapeStyle>(_ style: S, for container: ContainerBackgroundPlacement)
        -> ModifiedContent<Self, _StyleModifier>
    {
        modifier(_StyleModifier(key: "containerBackground", value: "\(style._styleDescription) for \(container)"))
    }

    /// Sets the background of the container the view is in to `content`, drawn behind the view
    /// (and recorded as `containerBackground=view for PLACEMENT`).
    public func containerBackground<V: View>(
        for container: ContainerBackgroundPlacement, alignment: Alignment = .center, @ViewBuilder content: () -> V
    ) -> ModifiedContent<ModifiedContent<Self, _DecorationModifier<V>>, _StyleModifier> {
        background(alignment: alignment, content: content)
            .modifier(_StyleModifier(key: "containerBackground", value: "view for \(container)"))
    }
}
