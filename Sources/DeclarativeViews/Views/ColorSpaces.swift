import Foundation

// Colors made in a named color space, or from hue, saturation and brightness. Headless, a color is
// what it records: components in sRGB are recorded as `rgba(…)` / `white(…)` as before, other
// spaces name themselves (`displayP3 rgba(…)`), and HSB colors as `hsba(…)`.

extension Color {
    /// The color space a color's components are in (SwiftUI's `Color.RGBColorSpace`).
    public enum RGBColorSpace: Hashable, Sendable {
        case sRGB, sRGBLinear, displayP3
    }

    /// A color from components in `colorSpace` (recorded as `rgba(…)`, prefixed by the space when
    /// it is not sRGB).
    public init(_ colorSpace: RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double, opacity: Double = 1) {
        let components = "rgba(\([red, green, blue, opacity].map(_number).joined(separator: ", ")))"
        self.init(named: colorSpace == .sRGB ? components : "\(colorSpace) \(components)")
    }

    /// A gray in `colorSpace` (recorded as `white(…)`, prefixed by the space when it is not sRGB).
    public init(_ colorSpace: RGBColorSpace = .sRGB, white: Double, opacity: Double = 1) {
        let components = "white(\(_number(white)), \(_number(opacity)))"
        self.init(named: colorSpace == .sRGB ? components : "\(colorSpace) \(components)")
    }

    /// A color from hue, saturation and brightness, each 0…1 (recorded as `hsba(…)`).
    public init(hue: Double, saturation: Double, brightness: Double, opacity: Double = 1) {
        self.init(named: "hsba(\([hue, saturation, brightness, opacity].map(_number).joined(separator: ", ")))")
    }
}
