import Foundation

// The ShapeStyles that name a role rather than a color (`.foreground`, `.background`,
// `.separator`, the materials…), an image as a style, a type-erased style, and the styles derived
// from another (`.opacity(_:)`, `.blendMode(_:)`, `.shadow(_:)`, `.secondary` of a style). Headless,
// each is recorded by what it says (`fill=separator`, `fill=red opacity=0.5`).

/// Any style, erased (SwiftUI's `AnyShapeStyle`), recorded as the style it wraps.
public struct AnyShapeStyle: ShapeStyle {
    public let _styleDescription: String

    public init<S: ShapeStyle>(_ style: S) {
        _styleDescription = style._styleDescription
    }
}

/// The current foreground style (SwiftUI's `ForegroundStyle`), recorded as `foreground`.
public struct ForegroundStyle: ShapeStyle {
    public init() {}
    public var _styleDescription: String { "foreground" }
}

/// The current background style (SwiftUI's `BackgroundStyle`), recorded as `background`.
public struct BackgroundStyle: ShapeStyle {
    public init() {}
    public var _styleDescription: String { "background" }
}

/// The fill of the current context, such as a list row (SwiftUI's `FillShapeStyle`), recorded as
/// `fill`.
public struct FillShapeStyle: ShapeStyle {
    public init() {}
    public var _styleDescription: String { "fill" }
}

/// The color of separators (SwiftUI's `SeparatorShapeStyle`), recorded as `separator`.
public struct SeparatorShapeStyle: ShapeStyle {
    public init() {}
    public var _styleDescription: String { "separator" }
}

/// The color of selected content (SwiftUI's `SelectionShapeStyle`), recorded as `selection`.
public struct SelectionShapeStyle: ShapeStyle {
    public init() {}
    public var _styleDescription: String { "selection" }
}

/// The color of placeholder text (SwiftUI's `PlaceholderTextShapeStyle`), recorded as `placeholder`.
public struct PlaceholderTextShapeStyle: ShapeStyle {
    public init() {}
    public var _styleDescription: String { "placeholder" }
}

/// The color of links (SwiftUI's `LinkShapeStyle`), recorded as `link`.
public struct LinkShapeStyle: ShapeStyle {
    public init() {}
    public var _styleDescription: String { "link" }
}

/// A translucent blur behind content (SwiftUI's `Material`), recorded by thickness
/// (`ultraThinMaterial`…); headless there is nothing behind to blur.
public struct Material: ShapeStyle, Sendable {
    let name: String
    public var _styleDescription: String { name }

    public static let ultraThin = Material(name: "ultraThinMaterial")
    public static let thin = Material(name: "thinMaterial")
    public static let regular = Material(name: "regularMaterial")
    public static let thick = Material(name: "thickMaterial")
    public static let ultraThick = Material(name: "ultraThickMaterial")
    public static let bar = Material(name: "bar")
}

/// An image tiled as a style (SwiftUI's `ImagePaint`), recorded as `image(NAME)` with the source
/// rectangle and scale when they are not the defaults.
public struct ImagePaint: ShapeStyle {
    public var image: Image
    public var sourceRect: CGRect
    public var scale: CGFloat

    public init(image: Image, sourceRect: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1), scale: CGFloat = 1) {
        self.image = image
        self.sourceRect = sourceRect
        self.scale = scale
    }

    public var _styleDescription: String {
        var text = "image(\(image.name)"
        if sourceRect != CGRect(x: 0, y: 0, width: 1, height: 1) {
            let values = [sourceRect.minX, sourceRect.minY, sourceRect.width, sourceRect.height]
            text += " sourceRect=" + values.map { _number(Double($0)) }.joined(separator: ",")
        }
        if scale != 1 { text += " scale=\(_number(Double(scale)))" }
        return text + ")"
    }
}

extension Image: ShapeStyle {
    /// An image used as a style is recorded as `image(NAME)`.
    public var _styleDescription: String { "image(\(name))" }
}

/// A shadow a style casts (SwiftUI's `ShadowStyle`), recorded as `drop(COLOR radius x y)` or
/// `inner(…)`.
public struct ShadowStyle: Equatable, Sendable {
    let recorded: String

    public static func drop(
        color: Color = .init(.sRGBLinear, white: 0, opacity: 0.33), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0
    ) -> ShadowStyle {
        ShadowStyle(recorded: describe("drop", color, radius, x, y))
    }

    public static func inner(
        color: Color = .init(.sRGBLinear, white: 0, opacity: 0.55), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0
    ) -> ShadowStyle {
        ShadowStyle(recorded: describe("inner", color, radius, x, y))
    }

    private static func describe(_ kind: String, _ color: Color, _ radius: CGFloat, _ x: CGFloat, _ y: CGFloat) -> String {
        "\(kind)(\(color) radius=\(_number(Double(radius))) x=\(_number(Double(x))) y=\(_number(Double(y))))"
    }
}

/// A style derived from another (SwiftUI's `HierarchicalShapeStyleModifier` and the other
/// derived styles): recorded as the base's record and the change (`red opacity=0.5`).
public struct _DerivedShapeStyle: ShapeStyle {
    public let _styleDescription: String
}

/// A level of a style (SwiftUI's `HierarchicalShapeStyleModifier`: `Color.red.secondary`),
/// recorded as `BASE.secondary`.
public struct HierarchicalShapeStyleModifier<Base: ShapeStyle>: ShapeStyle {
    let base: Base
    let level: String
    public var _styleDescription: String { "\(base._styleDescription).\(level)" }
}

extension ShapeStyle {
    /// The style at `opacity` (recorded as `STYLE opacity=0.5`).
    public func opacity(_ opacity: Double) -> some ShapeStyle {
        _DerivedShapeStyle(_styleDescription: "\(_styleDescription) opacity=\(_number(opacity))")
    }

    /// The style blended with `mode` (recorded as `STYLE blendMode=multiply`).
    public func blendMode(_ mode: BlendMode) -> some ShapeStyle {
        _DerivedShapeStyle(_styleDescription: "\(_styleDescription) blendMode=\(mode)")
    }

    /// The style casting `style`'s shadow (recorded as `STYLE shadow=drop(…)`).
    public func shadow(_ style: ShadowStyle) -> some ShapeStyle {
        _DerivedShapeStyle(_styleDescription: "\(_styleDescription) shadow=\(style.recorded)")
    }

    /// The second level of this style.
    public var secondary: some ShapeStyle { HierarchicalShapeStyleModifier(base: self, level: "secondary") }
    /// The third level of this style.
    public var tertiary: some ShapeStyle { HierarchicalShapeStyleModifier(base: self, level: "tertiary") }
    /// The fourth level of this style.
    public var quaternary: some ShapeStyle { HierarchicalShapeStyleModifier(base: self, level: "quaternary") }
}

extension ShapeStyle where Self == AnyShapeStyle {
    /// The current style at `opacity`.
    public static func opacity(_ opacity: Double) -> AnyShapeStyle {
        AnyShapeStyle(_DerivedShapeStyle(_styleDescription: "foreground opacity=\(_number(opacity))"))
    }

    /// The current style blended with `mode`.
    public static func blendMode(_ mode: BlendMode) -> AnyShapeStyle {
        AnyShapeStyle(_DerivedShapeStyle(_styleDescription: "foreground blendMode=\(mode)"))
    }

    /// The current style casting `style`'s shadow.
    public static func shadow(_ style: ShadowStyle) -> AnyShapeStyle {
        AnyShapeStyle(_DerivedShapeStyle(_styleDescription: "foreground shadow=\(style.recorded)"))
    }
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
    public static var quaternary: HierarchicalShapeStyle { .quaternary }
}

extension ShapeStyle where Self == ForegroundStyle {
    public static var foreground: ForegroundStyle { ForegroundStyle() }
}

extension ShapeStyle where Self == BackgroundStyle {
    public static var background: BackgroundStyle { BackgroundStyle() }
}

extension ShapeStyle where Self == FillShapeStyle {
    public static var fill: FillShapeStyle { FillShapeStyle() }
}

extension ShapeStyle where Self == SeparatorShapeStyle {
    public static var separator: SeparatorShapeStyle { SeparatorShapeStyle() }
}

extension ShapeStyle where Self == SelectionShapeStyle {
    public static var selection: SelectionShapeStyle { SelectionShapeStyle() }
}

extension ShapeStyle where Self == PlaceholderTextShapeStyle {
    public static var placeholder: PlaceholderTextShapeStyle { PlaceholderTextShapeStyle() }
}

extension ShapeStyle where Self == LinkShapeStyle {
    public static var link: LinkShapeStyle { LinkShapeStyle() }
}

extension ShapeStyle where Self == Material {
    public static var ultraThinMaterial: Material { .ultraThin }
    public static var thinMaterial: Material { .thin }
    public static var regularMaterial: Material { .regular }
    public static var thickMaterial: Material { .thick }
    public static var ultraThickMaterial: Material { .ultraThick }
    public static var bar: Material { .bar }
}

extension ShapeStyle where Self == ImagePaint {
    /// `image` tiled as a style.
    public static func image(
        _ image: Image, sourceRect: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1), scale: CGFloat = 1
    ) -> ImagePaint {
        ImagePaint(image: image, sourceRect: sourceRect, scale: scale)
    }
}
