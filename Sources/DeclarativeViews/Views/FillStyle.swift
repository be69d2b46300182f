import Foundation

/// How a shape is filled (SwiftUI's `FillStyle`): the even-odd rule or the non-zero winding rule
/// (the default), as ``Path/contains(_:eoFill:)`` answers. Headless drawing does not antialias.
public struct FillStyle: Hashable, Sendable {
    public var isEOFilled: Bool
    public var isAntialiased: Bool

    public init(eoFill: Bool = false, antialiased: Bool = true) {
        isEOFilled = eoFill
        isAntialiased = antialiased
    }
}
