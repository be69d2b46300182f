import Foundation

// `Image`'s own modifiers return an `Image` (as SwiftUI's do). Headless an image is a named
// placeholder, so how it would be drawn — rendering mode, interpolation, antialiasing, how it
// stretches — is recorded on its node (`renderingMode=template`), the modifier closest to the
// image winning.

extension Image {
    /// Whether an image is drawn as it is or as a template filled with the foreground style
    /// (SwiftUI's `Image.TemplateRenderingMode`).
    public enum TemplateRenderingMode: Sendable, Hashable {
        case template, original
    }

    /// How an image is smoothed when scaled (SwiftUI's `Image.Interpolation`).
    public enum Interpolation: Sendable, Hashable {
        case none, low, medium, high
    }

    /// How a resizable image fills its frame (SwiftUI's `Image.ResizingMode`).
    public enum ResizingMode: Sendable, Hashable {
        case tile, stretch
    }

    /// How much brighter than white an image may be drawn (SwiftUI's `Image.DynamicRange`).
    public struct DynamicRange: Hashable, Sendable, CustomStringConvertible {
        public let description: String
        /// Standard dynamic range.
        public static let standard = DynamicRange(description: "standard")
        /// Some high dynamic range, constrained to fit with standard content.
        public static let constrainedHigh = DynamicRange(description: "constrainedHigh")
        /// The full high dynamic range of the image.
        public static let high = DynamicRange(description: "high")
    }

    /// Which way up an image's pixels are (SwiftUI's `Image.Orientation`, with its raw values: bit 0
    /// a quarter turn, bit 1 a mirror, bit 2 a half turn).
    public enum Orientation: UInt8, CaseIterable, Hashable, Sendable {
        case up = 0, upMirrored = 2, down = 6, downMirrored = 4, left = 1, leftMirrored = 3, right = 7, rightMirrored = 5
    }

    /// The dynamic range the image may be drawn in (`nil`: its own), recorded as
    /// `allowedDynamicRange=high`.
    public func allowedDynamicRange(_ range: DynamicRange?) -> Image {
        recording("allowedDynamicRange", range?.description ?? "default")
    }

    private func recording(_ key: String, _ value: String) -> Image {
        var image = self
        image._styles.insert(_TextStyle(key: key, value: value), at: 0)
        return image
    }

    /// Draws the image as a template (filled with the foreground style) or as it is; `nil`: as
    /// the image asks.
    public func renderingMode(_ renderingMode: TemplateRenderingMode?) -> Image {
        recording("renderingMode", renderingMode.map { "\($0)" } ?? "default")
    }

    public func interpolation(_ interpolation: Interpolation) -> Image {
        recording("interpolation", "\(interpolation)")
    }

    public func antialiased(_ isAntialiased: Bool) -> Image {
        recording("antialiased", isAntialiased ? "true" : "false")
    }

    /// A resizable image, tiling or stretching inside `capInsets`.
    public func resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: ResizingMode = .stretch) -> Image {
        recording("resizable", "\(resizingMode)")
    }

    /// How the layers of a symbol image are coloured.
    public func symbolRenderingMode(_ mode: SymbolRenderingMode?) -> Image {
        recording("symbolRenderingMode", mode?.description ?? "default")
    }
}

extension Font {
    /// How far apart a font's lines are (SwiftUI's `Font.Leading`).
    public enum Leading: Sendable, Hashable {
        case standard, tight, loose
    }

    /// How wide a font's characters are (SwiftUI's `Font.Width`).
    public struct Width: Hashable, Sendable {
        public var value: CGFloat
        public init(_ value: CGFloat) { self.value = value }
        public static let compressed = Width(-0.3)
        public static let condensed = Width(-0.2)
        public static let standard = Width(0)
        public static let expanded = Width(0.2)
    }

    public func leading(_ leading: Leading) -> Font { Font("\(description) leading \(leading)") }
    public func smallCaps() -> Font { Font("\(description) smallCaps") }
    public func lowercaseSmallCaps() -> Font { Font("\(description) lowercaseSmallCaps") }
    public func uppercaseSmallCaps() -> Font { Font("\(description) uppercaseSmallCaps") }
    public func width(_ width: Width) -> Font { Font("\(description) width \(_number(Double(width.value)))") }
}
