import Foundation

// The values a `GraphicsContext` draws with and is configured by (SwiftUI's
// `GraphicsContext.BlendMode`, the option sets, `Shading` and `Filter`). Headless, shadings and
// filters are recorded values: each is described by what it says (`color(red)`,
// `linearGradient(red 0, blue 1) (0, 0)→(10, 0)`, `blur(4)`), which the recorded drawing
// (``CanvasOperation``) carries for tests to read.

extension GraphicsContext {
    /// How drawing is composited with what is below it (SwiftUI's `GraphicsContext.BlendMode`,
    /// Core Graphics' blend modes by raw value).
    public struct BlendMode: RawRepresentable, Equatable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: Int32

        public init(rawValue: Int32) {
            self.rawValue = rawValue
        }

        private static let names = [
            "normal", "multiply", "screen", "overlay", "darken", "lighten", "colorDodge", "colorBurn", "softLight",
            "hardLight", "difference", "exclusion", "hue", "saturation", "color", "luminosity", "clear", "copy",
            "sourceIn", "sourceOut", "sourceAtop", "destinationOver", "destinationIn", "destinationOut",
            "destinationAtop", "xor", "plusDarker", "plusLighter",
        ]

        /// The mode's name (`multiply`), or its raw value for one SwiftUI does not name.
        public var description: String {
            Self.names.indices.contains(Int(rawValue)) ? Self.names[Int(rawValue)] : "blendMode(\(rawValue))"
        }

        public static var normal: BlendMode { BlendMode(rawValue: 0) }
        public static var multiply: BlendMode { BlendMode(rawValue: 1) }
        public static var screen: BlendMode { BlendMode(rawValue: 2) }
        public static var overlay: BlendMode { BlendMode(rawValue: 3) }
        public static var darken: BlendMode { BlendMode(rawValue: 4) }
        public static var lighten: BlendMode { BlendMode(rawValue: 5) }
        public static var colorDodge: BlendMode { BlendMode(rawValue: 6) }
        public static var colorBurn: BlendMode { BlendMode(rawValue: 7) }
        public static var softLight: BlendMode { BlendMode(rawValue: 8) }
        public static var hardLight: BlendMode { BlendMode(rawValue: 9) }
        public static var difference: BlendMode { BlendMode(rawValue: 10) }
        public static var exclusion: BlendMode { BlendMode(rawValue: 11) }
        public static var hue: BlendMode { BlendMode(rawValue: 12) }
        public static var saturation: BlendMode { BlendMode(rawValue: 13) }
        public static var color: BlendMode { BlendMode(rawValue: 14) }
        public static var luminosity: BlendMode { BlendMode(rawValue: 15) }
        public static var clear: BlendMode { BlendMode(rawValue: 16) }
        public static var copy: BlendMode { BlendMode(rawValue: 17) }
        public static var sourceIn: BlendMode { BlendMode(rawValue: 18) }
        public static var sourceOut: BlendMode { BlendMode(rawValue: 19) }
        public static var sourceAtop: BlendMode { BlendMode(rawValue: 20) }
        public static var destinationOver: BlendMode { BlendMode(rawValue: 21) }
        public static var destinationIn: BlendMode { BlendMode(rawValue: 22) }
        public static var destinationOut: BlendMode { BlendMode(rawValue: 23) }
        public static var destinationAtop: BlendMode { BlendMode(rawValue: 24) }
        public static var xor: BlendMode { BlendMode(rawValue: 25) }
        public static var plusDarker: BlendMode { BlendMode(rawValue: 26) }
        public static var plusLighter: BlendMode { BlendMode(rawValue: 27) }
    }

    /// How a clip is applied (SwiftUI's `GraphicsContext.ClipOptions`).
    public struct ClipOptions: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Clips to what is outside the shape.
        public static var inverse: ClipOptions { ClipOptions(rawValue: 1) }
    }

    /// How a filter is applied (SwiftUI's `GraphicsContext.FilterOptions`).
    public struct FilterOptions: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static var linearColor: FilterOptions { FilterOptions(rawValue: 1) }
    }

    /// How a blur is computed (SwiftUI's `GraphicsContext.BlurOptions`).
    public struct BlurOptions: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static var opaque: BlurOptions { BlurOptions(rawValue: 1) }
        public static var dithersResult: BlurOptions { BlurOptions(rawValue: 2) }
    }

    /// How a gradient shading extends (SwiftUI's `GraphicsContext.GradientOptions`).
    public struct GradientOptions: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static var `repeat`: GradientOptions { GradientOptions(rawValue: 1) }
        public static var mirror: GradientOptions { GradientOptions(rawValue: 2) }
        public static var linearColor: GradientOptions { GradientOptions(rawValue: 4) }
    }

    /// How a shadow filter is drawn (SwiftUI's `GraphicsContext.ShadowOptions`).
    public struct ShadowOptions: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static var shadowAbove: ShadowOptions { ShadowOptions(rawValue: 1) }
        public static var shadowOnly: ShadowOptions { ShadowOptions(rawValue: 2) }
        public static var invertsAlpha: ShadowOptions { ShadowOptions(rawValue: 4) }
        public static var disablesGroup: ShadowOptions { ShadowOptions(rawValue: 8) }
    }
}

/// ` mirror repeat`: the options set, each after a space, in a fixed order.
private func optionNames<O: OptionSet>(_ options: O, _ names: [(O, String)]) -> String where O.Element == O {
    names.filter { options.contains($0.0) }.map { " " + $0.1 }.joined()
}

/// `30`: an angle's degrees as recorded, without the last bits' noise of the radians it is kept in.
func _degrees(_ angle: Angle) -> String { _number((angle.degrees * 1e9).rounded() / 1e9) }

/// `(3, 4)`: how the drawing records a point.
func _pointDescription(_ point: CGPoint) -> String { "(\(_number(Double(point.x))), \(_number(Double(point.y))))" }

extension GraphicsContext {
    /// What a path is filled or stroked with (SwiftUI's `GraphicsContext.Shading`), recorded by
    /// what it says: `color(red)`, `foreground`, `style(STYLE)`, a gradient with its stops and
    /// points in the context's coordinates.
    public struct Shading: Hashable, Sendable, CustomStringConvertible {
        public let description: String

        init(_ description: String) {
            self.description = description
        }

        /// What is already drawn below.
        public static var backdrop: Shading { Shading("backdrop") }
        /// The environment's foreground style.
        public static var foreground: Shading { Shading("foreground") }

        public static func color(_ color: Color) -> Shading { Shading("color(\(color))") }

        public static func color(
            _ colorSpace: Color.RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double, opacity: Double = 1
        ) -> Shading {
            color(Color(colorSpace, red: red, green: green, blue: blue, opacity: opacity))
        }

        public static func color(_ colorSpace: Color.RGBColorSpace = .sRGB, white: Double, opacity: Double = 1) -> Shading {
            color(Color(colorSpace, white: white, opacity: opacity))
        }

        /// A style (recorded as `style(STYLE)`).
        public static func style<S: ShapeStyle>(_ style: S) -> Shading { Shading("style(\(style._styleDescription))") }

        /// Shadings for the layers of a multi-color symbol.
        public static func palette(_ array: [Shading]) -> Shading {
            Shading("palette(\(array.map(\.description).joined(separator: "; ")))")
        }

        public static func linearGradient(
            _ gradient: Gradient, startPoint: CGPoint, endPoint: CGPoint, options: GradientOptions = GradientOptions()
        ) -> Shading {
            Shading("linearGradient(\(gradient.stopsDescription)) \(_pointDescription(startPoint))→\(_pointDescription(endPoint))"
                + gradientOptions(options))
        }

        public static func radialGradient(
            _ gradient: Gradient, center: CGPoint, startRadius: CGFloat, endRadius: CGFloat,
            options: GradientOptions = GradientOptions()
        ) -> Shading {
            Shading("radialGradient(\(gradient.stopsDescription)) \(_pointDescription(center)) "
                + "\(_number(Double(startRadius)))→\(_number(Double(endRadius)))" + gradientOptions(options))
        }

        public static func conicGradient(
            _ gradient: Gradient, center: CGPoint, angle: Angle = Angle(), options: GradientOptions = GradientOptions()
        ) -> Shading {
            Shading("conicGradient(\(gradient.stopsDescription)) \(_pointDescription(center)) \(_degrees(angle))°"
                + gradientOptions(options))
        }

        /// An image tiled from `origin` (recorded as `tiledImage(NAME) (x, y)`).
        public static func tiledImage(
            _ image: Image, origin: CGPoint = .zero, sourceRect: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1),
            scale: CGFloat = 1
        ) -> Shading {
            Shading("tiledImage(\(image.name)) \(_pointDescription(origin))" + (scale == 1 ? "" : " scale=\(_number(Double(scale)))"))
        }

        private static func gradientOptions(_ options: GradientOptions) -> String {
            optionNames(options, [(.repeat, "repeat"), (.mirror, "mirror"), (.linearColor, "linearColor")])
        }
    }

    /// An effect on what is drawn after it is added (SwiftUI's `GraphicsContext.Filter`), recorded
    /// by what it says (`blur(4)`, `shadow(black radius=2 x=0 y=1)`).
    public struct Filter: Hashable, Sendable, CustomStringConvertible {
        public let description: String

        init(_ description: String) {
            self.description = description
        }

        public static func alphaThreshold(min: Double, max: Double = 1, color: Color = Color.black) -> Filter {
            Filter("alphaThreshold(\(_number(min))…\(_number(max)) \(color))")
        }

        public static func blur(radius: CGFloat, options: BlurOptions = BlurOptions()) -> Filter {
            Filter("blur(\(_number(Double(radius))))" + optionNames(options, [(.opaque, "opaque"), (.dithersResult, "dithersResult")]))
        }

        public static func brightness(_ amount: Double) -> Filter { Filter("brightness(\(_number(amount)))") }
        public static func colorInvert(_ amount: Double = 1) -> Filter { Filter("colorInvert(\(_number(amount)))") }
        public static func colorMultiply(_ color: Color) -> Filter { Filter("colorMultiply(\(color))") }
        public static func contrast(_ amount: Double) -> Filter { Filter("contrast(\(_number(amount)))") }
        public static func grayscale(_ amount: Double) -> Filter { Filter("grayscale(\(_number(amount)))") }
        public static func hueRotation(_ angle: Angle) -> Filter { Filter("hueRotation(\(_degrees(angle))°)") }
        public static func saturation(_ amount: Double) -> Filter { Filter("saturation(\(_number(amount)))") }
        public static var luminanceToAlpha: Filter { Filter("luminanceToAlpha") }

        public static func colorMatrix(_ matrix: ColorMatrix) -> Filter {
            let rows = [
                [matrix.r1, matrix.r2, matrix.r3, matrix.r4, matrix.r5], [matrix.g1, matrix.g2, matrix.g3, matrix.g4, matrix.g5],
                [matrix.b1, matrix.b2, matrix.b3, matrix.b4, matrix.b5], [matrix.a1, matrix.a2, matrix.a3, matrix.a4, matrix.a5],
            ]
            return Filter("colorMatrix(\(rows.map { $0.map { _number(Double($0)) }.joined(separator: " ") }.joined(separator: "; ")))")
        }

        /// Draws through the projective `matrix` (recorded with its nine entries, row by row).
        public static func projectionTransform(_ matrix: ProjectionTransform) -> Filter {
            Filter("projectionTransform(\(matrix))")
        }

        public static func shadow(
            color: Color = Color(.sRGBLinear, white: 0, opacity: 0.33), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0,
            blendMode: BlendMode = .normal, options: ShadowOptions = ShadowOptions()
        ) -> Filter {
            Filter("shadow(\(color) radius=\(_number(Double(radius))) x=\(_number(Double(x))) y=\(_number(Double(y))))"
                + (blendMode == .normal ? "" : " \(blendMode)")
                + optionNames(options, [
                    (.shadowAbove, "shadowAbove"), (.shadowOnly, "shadowOnly"), (.invertsAlpha, "invertsAlpha"),
                    (.disablesGroup, "disablesGroup"),
                ]))
        }
    }
}

/// A matrix that maps a color's components (SwiftUI's `ColorMatrix`): each output component is
/// the dot product of its row with (r, g, b, a, 1). The identity by default.
public struct ColorMatrix: Equatable, Hashable, Sendable {
    public var r1: Float = 1, r2: Float = 0, r3: Float = 0, r4: Float = 0, r5: Float = 0
    public var g1: Float = 0, g2: Float = 1, g3: Float = 0, g4: Float = 0, g5: Float = 0
    public var b1: Float = 0, b2: Float = 0, b3: Float = 1, b4: Float = 0, b5: Float = 0
    public var a1: Float = 0, a2: Float = 0, a3: Float = 0, a4: Float = 1, a5: Float = 0

    public init() {}
}
