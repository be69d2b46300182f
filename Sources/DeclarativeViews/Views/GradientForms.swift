import Foundation

// The gradient styles iOS 16 and 17 added: a gradient of one color (`Color.red.gradient`) or of
// a `Gradient` in a color space (`AnyGradient`), usable wherever a `Gradient` goes in the style
// forms (`.linearGradient(color.gradient, startPoint:endPoint:)`), and the elliptical gradient.
// Recorded by what they say, as the other gradients are.

extension Gradient {
    /// How a gradient's colors are interpolated (SwiftUI's `Gradient.ColorSpace`).
    public struct ColorSpace: Hashable, Sendable, CustomStringConvertible {
        public let description: String

        /// In the device's color space (the default).
        public static let device = ColorSpace(description: "device")
        /// In a perceptually uniform space.
        public static let perceptual = ColorSpace(description: "perceptual")
    }

    /// The gradient interpolated in `space`.
    public func colorSpace(_ space: ColorSpace) -> AnyGradient { AnyGradient(self).colorSpace(space) }
}

/// A gradient as a style of its own (SwiftUI's `AnyGradient`): filling a shape with it fills along
/// the shape's height. Recorded as `gradient(red 0, blue 1)` (and the color space when not the
/// device's), a color's gradient as `gradient(red)`.
public struct AnyGradient: Hashable, ShapeStyle, Sendable {
    let stops: String
    var space: Gradient.ColorSpace = .device

    public init(_ gradient: Gradient) {
        stops = gradient.stopsDescription
    }

    init(color: Color) {
        stops = color.description
    }

    /// The gradient interpolated in `space`.
    public func colorSpace(_ space: Gradient.ColorSpace) -> AnyGradient {
        var gradient = self
        gradient.space = space
        return gradient
    }

    public var _styleDescription: String { "gradient(\(stops))" + (space == .device ? "" : " \(space)") }
}

extension Color {
    /// A gradient from the color (lighter to darker in SwiftUI), recorded as `gradient(COLOR)`.
    public var gradient: AnyGradient { AnyGradient(color: self) }
}

/// A gradient in ellipses filling its frame (SwiftUI's `EllipticalGradient`): from
/// `startRadiusFraction` to `endRadiusFraction` of the frame's size around `center`. Recorded as
/// `ellipticalGradient(red 0, blue 1) (0.5, 0.5) 0→0.5`.
public struct EllipticalGradient: ShapeStyle, Hashable, Sendable {
    var gradient: Gradient
    var center: UnitPoint
    var startRadiusFraction: CGFloat
    var endRadiusFraction: CGFloat

    public init(gradient: Gradient, center: UnitPoint = .center, startRadiusFraction: CGFloat = 0, endRadiusFraction: CGFloat = 0.5) {
        self.gradient = gradient
        self.center = center
        self.startRadiusFraction = startRadiusFraction
        self.endRadiusFraction = endRadiusFraction
    }

    public init(colors: [Color], center: UnitPoint = .center, startRadiusFraction: CGFloat = 0, endRadiusFraction: CGFloat = 0.5) {
        self.init(gradient: Gradient(colors: colors), center: center, startRadiusFraction: startRadiusFraction,
                  endRadiusFraction: endRadiusFraction)
    }

    public init(stops: [Gradient.Stop], center: UnitPoint = .center, startRadiusFraction: CGFloat = 0, endRadiusFraction: CGFloat = 0.5) {
        self.init(gradient: Gradient(stops: stops), center: center, startRadiusFraction: startRadiusFraction,
                  endRadiusFraction: endRadiusFraction)
    }

    public var _styleDescription: String {
        "ellipticalGradient(\(gradient.stopsDescription)) \(center.gradientDescription) "
            + "\(_number(Double(startRadiusFraction)))→\(_number(Double(endRadiusFraction)))"
    }
}

extension EllipticalGradient: View, LeafView {
    nonisolated var _renderKind: RenderNode.Kind { .shape(_styleDescription) }
}

extension AngularGradient {
    /// A full turn of `stops` starting at `angle`.
    public init(stops: [Gradient.Stop], center: UnitPoint, angle: Angle = .zero) {
        self.init(gradient: Gradient(stops: stops), center: center, angle: angle)
    }
}

extension ShapeStyle where Self == EllipticalGradient {
    public static func ellipticalGradient(
        _ gradient: Gradient, center: UnitPoint = .center, startRadiusFraction: CGFloat = 0, endRadiusFraction: CGFloat = 0.5
    ) -> EllipticalGradient {
        EllipticalGradient(gradient: gradient, center: center, startRadiusFraction: startRadiusFraction, endRadiusFraction: endRadiusFraction)
    }

    public static func ellipticalGradient(
        colors: [Color], center: UnitPoint = .center, startRadiusFraction: CGFloat = 0, endRadiusFraction: CGFloat = 0.5
    ) -> EllipticalGradient {
        EllipticalGradient(colors: colors, center: center, startRadiusFraction: startRadiusFraction, endRadiusFraction: endRadiusFraction)
    }

    public static func ellipticalGradient(
        stops: [Gradient.Stop], center: UnitPoint = .center, startRadiusFraction: CGFloat = 0, endRadiusFraction: CGFloat = 0.5
    ) -> EllipticalGradient {
        EllipticalGradient(stops: stops, center: center, startRadiusFraction: startRadiusFraction, endRadiusFraction: endRadiusFraction)
    }

    /// `gradient` in ellipses (recorded as `ellipticalGradient(gradient(…)) …`).
    public static func ellipticalGradient(
        _ gradient: AnyGradient, center: UnitPoint = .center, startRadiusFraction: CGFloat = 0, endRadiusFraction: CGFloat = 0.5
    ) -> some ShapeStyle {
        _DerivedShapeStyle(_styleDescription: "ellipticalGradient(\(gradient._styleDescription)) \(center.gradientDescription) "
            + "\(_number(Double(startRadiusFraction)))→\(_number(Double(endRadiusFraction)))")
    }
}

extension ShapeStyle where Self == LinearGradient {
    /// `gradient` along a line (recorded as `linearGradient(gradient(…)) (x, y)→(x, y)`).
    public static func linearGradient(_ gradient: AnyGradient, startPoint: UnitPoint, endPoint: UnitPoint) -> some ShapeStyle {
        _DerivedShapeStyle(_styleDescription:
            "linearGradient(\(gradient._styleDescription)) \(startPoint.gradientDescription)→\(endPoint.gradientDescription)")
    }
}

extension ShapeStyle where Self == RadialGradient {
    /// `gradient` in circles (recorded as `radialGradient(gradient(…)) (x, y) start→end`).
    public static func radialGradient(
        _ gradient: AnyGradient, center: UnitPoint = .center, startRadius: CGFloat = 0, endRadius: CGFloat
    ) -> some ShapeStyle {
        _DerivedShapeStyle(_styleDescription: "radialGradient(\(gradient._styleDescription)) \(center.gradientDescription) "
            + "\(_number(Double(startRadius)))→\(_number(Double(endRadius)))")
    }
}

extension ShapeStyle where Self == AngularGradient {
    /// `gradient` by angle (recorded as `angularGradient(gradient(…)) (x, y) start°→end°`).
    public static func angularGradient(
        _ gradient: AnyGradient, center: UnitPoint = .center, startAngle: Angle, endAngle: Angle
    ) -> some ShapeStyle {
        _DerivedShapeStyle(_styleDescription: "angularGradient(\(gradient._styleDescription)) \(center.gradientDescription) "
            + "\(_number(startAngle.degrees))°→\(_number(endAngle.degrees))°")
    }

    /// A full turn of `gradient` from `angle`.
    public static func conicGradient(_ gradient: AnyGradient, center: UnitPoint = .center, angle: Angle = .zero) -> some ShapeStyle {
        angularGradient(gradient, center: center, startAngle: angle, endAngle: .degrees(angle.degrees + 360))
    }
}
