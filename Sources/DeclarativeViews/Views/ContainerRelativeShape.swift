import Foundation

// The container's shape, a shape resized to a fixed size, and the drawing-group and
// container-shape records. Headless there is no widget or window whose corners a container
// could name, so a container-relative shape outlines its frame (a rectangle) unless
// `.containerShape(_:)` is recorded above it, which the tree shows as `containerShape=SHAPE`.

/// The shape of the container the view is in (SwiftUI's `ContainerRelativeShape`): headless, the
/// frame's rectangle (inset by any `inset(by:)`), named `containerRelativeShape` on its node.
public nonisolated struct ContainerRelativeShape: InsettableShape, InsetAccumulating {
    var insetAmount: CGFloat = 0

    public init() {}

    public func path(in rect: CGRect) -> Path { Path(_inset(rect, by: insetAmount)) }

    public func inset(by amount: CGFloat) -> ContainerRelativeShape {
        insetting(by: amount)
    }

    public var _shapeDescription: String { "containerRelativeShape" + _insetSuffix(insetAmount) }
}

extension Shape where Self == ContainerRelativeShape {
    /// The container's shape.
    public static var containerRelative: ContainerRelativeShape { ContainerRelativeShape() }
}

/// A shape drawn at a fixed size from the top-left corner of the frame it is given (what
/// `Shape.size(_:)` makes).
public nonisolated struct _SizedShape<Content: Shape>: Shape {
    public var shape: Content
    public var size: CGSize

    public func path(in rect: CGRect) -> Path { shape.path(in: CGRect(origin: rect.origin, size: size)) }

    public var animatableData: AnimatablePair<Content.AnimatableData, CGSize.AnimatableData> {
        get { AnimatablePair(shape.animatableData, size.animatableData) }
        set {
            shape.animatableData = newValue.first
            size.animatableData = newValue.second
        }
    }

    public var _shapeDescription: String {
        "\(shape._shapeDescription) size(\(_number(Double(size.width))), \(_number(Double(size.height))))"
    }
}

extension Shape {
    /// The shape at `size`, from the top-left corner of its frame, whatever frame it is offered.
    public func size(_ size: CGSize) -> some Shape { _SizedShape(shape: self, size: size) }

    /// The shape at `width` × `height`, from the top-left corner of its frame.
    public func size(width: CGFloat, height: CGFloat) -> some Shape {
        _SizedShape(shape: self, size: CGSize(width: width, height: height))
    }
}

/// How colors of a drawing group are blended (SwiftUI's `ColorRenderingMode`).
public enum ColorRenderingMode: Hashable, Sendable {
    case nonLinear, linear, extendedLinear
}

extension View {
    /// Flattens the view's drawing into one offscreen image before it is shown (recorded as
    /// `drawingGroup`, with `opaque` and the color mode when they are not the defaults).
    public func drawingGroup(opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear)
        -> ModifiedContent<Self, _StyleModifier>
    {
        let parts = (opaque ? ["opaque"] : []) + (colorMode == .nonLinear ? [] : ["\(colorMode)"])
        return modifier(_StyleModifier(key: "drawingGroup", value: parts.joined(separator: " ")))
    }

    /// The shape that container-relative shapes inside take (recorded as `containerShape=SHAPE`).
    public func containerShape<T: InsettableShape>(_ shape: T) -> ModifiedContent<Self, _StyleModifier> {
        modifier(_StyleModifier(key: "containerShape", value: shape._shapeDescription))
    }
}
