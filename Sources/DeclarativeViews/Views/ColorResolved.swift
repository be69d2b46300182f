import Foundation

// A color's components (SwiftUI's `Color.Resolved`): what a color is in sRGB. Headless, a named
// color resolves to the system color the SVG picture paints it with (`red` is #FF3B30), a color
// made from components to those components; the environment does not change a color.

extension Color {
    /// A color's components in extended sRGB, each 0…1 (SwiftUI's `Color.Resolved`), with their
    /// linear (gamma-expanded) forms.
    public struct Resolved: Hashable, Sendable, CustomStringConvertible, Animatable, ShapeStyle {
        public var red: Float
        public var green: Float
        public var blue: Float
        public var opacity: Float

        /// Components in `colorSpace` (those in linear sRGB are gamma-encoded; Display P3 is
        /// taken as sRGB).
        public init(colorSpace: RGBColorSpace = .sRGB, red: Float, green: Float, blue: Float, opacity: Float = 1) {
            let encode = colorSpace == .sRGBLinear ? Resolved.encoded : { $0 }
            self.red = encode(red)
            self.green = encode(green)
            self.blue = encode(blue)
            self.opacity = opacity
        }

        public var linearRed: Float {
            get { Self.linear(red) }
            set { red = Self.encoded(newValue) }
        }

        public var linearGreen: Float {
            get { Self.linear(green) }
            set { green = Self.encoded(newValue) }
        }

        public var linearBlue: Float {
            get { Self.linear(blue) }
            set { blue = Self.encoded(newValue) }
        }

        public typealias AnimatableData = AnimatablePair<Float, AnimatablePair<Float, AnimatablePair<Float, Float>>>

        /// The linear components and the opacity, as SwiftUI animates them.
        public var animatableData: AnimatableData {
            get { AnimatablePair(linearRed, AnimatablePair(linearGreen, AnimatablePair(linearBlue, opacity))) }
            set {
                linearRed = newValue.first
                linearGreen = newValue.second.first
                linearBlue = newValue.second.second.first
                opacity = newValue.second.second.second
            }
        }

        /// `#RRGGBBAA`.
        public var description: String {
            "#" + [red, green, blue, opacity].map { String(format: "%02X", Int((min(max($0, 0), 1) * 255).rounded())) }.joined()
        }

        /// Resolved already.
        public func resolve(in environment: EnvironmentValues) -> Resolved { self }

        /// Recorded as the color of these components (`rgba(1, 0.5, 0, 1)`).
        public var _styleDescription: String { Color(self).description }

        /// The sRGB transfer function, decoded.
        static func linear(_ value: Float) -> Float {
            let magnitude = abs(value)
            let result = magnitude <= 0.04045 ? magnitude / 12.92 : Float(pow(Double((magnitude + 0.055) / 1.055), 2.4))
            return value < 0 ? -result : result
        }

        /// The sRGB transfer function.
        static func encoded(_ value: Float) -> Float {
            let magnitude = abs(value)
            let result = magnitude <= 0.0031308 ? magnitude * 12.92 : Float(1.055 * pow(Double(magnitude), 1 / 2.4) - 0.055)
            return value < 0 ? -result : result
        }
    }

    /// The color of `resolved`'s components (recorded as `rgba(…)`).
    public init(_ resolved: Resolved) {
        self.init(.sRGB, red: Double(resolved.red), green: Double(resolved.green), blue: Double(resolved.blue),
                  opacity: Double(resolved.opacity))
    }

    /// The color a style resolves to (a custom style whose `resolve(in:)` gives components), in
    /// the default environment.
    public init<T: Hashable & ShapeStyle>(_ color: T) where T.Resolved == Color.Resolved {
        self.init(color.resolve(in: EnvironmentValues()))
    }

    /// The color's components: a named color's as the SVG picture paints it, components as given.
    public func resolve(in environment: EnvironmentValues) -> Resolved {
        if let components = Self.components(description) { return components }
        let paint = SVGWriter.color(description)
        guard paint.value != "none" else { return Resolved(red: 0, green: 0, blue: 0, opacity: 0) }
        let hex = paint.value.dropFirst()
        let channels = stride(from: 0, to: 6, by: 2).map { offset -> Float in
            let start = hex.index(hex.startIndex, offsetBy: offset)
            return Float(UInt8(hex[start..<hex.index(start, offsetBy: 2)], radix: 16) ?? 0) / 255
        }
        return Resolved(red: channels[0], green: channels[1], blue: channels[2], opacity: Float(paint.opacity ?? 1))
    }

    /// The components of a color made from them in sRGB (`rgba(1, 0.5, 0, 1)`, `white(0.5, 1)`).
    private static func components(_ description: String) -> Resolved? {
        for prefix in ["rgba(", "white("] where description.hasPrefix(prefix) && description.hasSuffix(")") {
            let numbers = description.dropFirst(prefix.count).dropLast().split(separator: ",")
                .compactMap { Float($0.trimmingCharacters(in: .whitespaces)) }
            if prefix == "rgba(", numbers.count == 4 {
                return Resolved(red: numbers[0], green: numbers[1], blue: numbers[2], opacity: numbers[3])
            }
            if prefix == "white(", numbers.count == 2 {
                return Resolved(red: numbers[0], green: numbers[0], blue: numbers[0], opacity: numbers[1])
            }
        }
        return nil
    }
}

/// A color of an asset catalog, as Xcode generates it for `Color(.brand)` (DeveloperToolsSupport's
/// `ColorResource`): its name and bundle. Headless there is no catalog; the color is recorded by
/// its name.
public struct ColorResource: Hashable, Sendable {
    let name: String
    let bundle: Bundle

    public init(name: String, bundle: Bundle) {
        self.name = name
        self.bundle = bundle
    }
}

extension Color {
    /// The catalog's color `resource`, recorded by its name.
    public init(_ resource: ColorResource) {
        self.init(named: resource.name)
    }
}
