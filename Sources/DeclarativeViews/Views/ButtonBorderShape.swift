import Foundation

/// The shape of a bordered button (SwiftUI's `ButtonBorderShape`), recorded by
/// `.buttonBorderShape(_:)` and usable as a shape itself (`.clipShape(.buttonBorder)`): a capsule,
/// a circle, or a rounded rectangle (8-point corners for ``automatic`` and ``roundedRectangle``,
/// headless).
public nonisolated struct ButtonBorderShape: InsettableShape, Equatable, Sendable, CustomStringConvertible {
    public let description: String
    /// The outline before any inset.
    private let outline: Outline
    private var insetAmount: CGFloat = 0

    private enum Outline: Equatable, Sendable {
        case capsule, circle
        case roundedRectangle(radius: CGFloat)
    }

    /// The corner radius of the automatic and the default rounded-rectangle shapes, headless.
    static let defaultCornerRadius: CGFloat = 8

    private init(description: String, outline: Outline) {
        self.description = description
        self.outline = outline
    }

    public static let automatic = ButtonBorderShape(
        description: "automatic", outline: .roundedRectangle(radius: defaultCornerRadius))
    public static let capsule = ButtonBorderShape(description: "capsule", outline: .capsule)
    public static let circle = ButtonBorderShape(description: "circle", outline: .circle)
    public static let roundedRectangle = ButtonBorderShape(
        description: "roundedRectangle", outline: .roundedRectangle(radius: defaultCornerRadius))

    public static func roundedRectangle(radius: CGFloat) -> ButtonBorderShape {
        ButtonBorderShape(description: "roundedRectangle(\(_number(Double(radius))))", outline: .roundedRectangle(radius: radius))
    }

    /// The outline in `rect`, inset by the shape's inset: the capsule's, circle's or rounded
    /// rectangle's path.
    public func path(in rect: CGRect) -> Path {
        switch outline {
        case .capsule: Capsule().inset(by: insetAmount).path(in: rect)
        case .circle: Circle().inset(by: insetAmount).path(in: rect)
        case .roundedRectangle(let radius): RoundedRectangle(cornerRadius: radius).inset(by: insetAmount).path(in: rect)
        }
    }

    /// The shape inset by `amount` on every edge.
    public func inset(by amount: CGFloat) -> some InsettableShape {
        var inset = self
        inset.insetAmount += amount
        return inset
    }

    public var _shapeDescription: String { "buttonBorder(\(description))" + _insetSuffix(insetAmount) }
}

extension Shape where Self == ButtonBorderShape {
    /// The border shape of the button the view is in: ``ButtonBorderShape/automatic``, headless.
    public static var buttonBorder: ButtonBorderShape { .automatic }
}
