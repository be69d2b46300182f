import Foundation

/// A type-erased shape (SwiftUI's `AnyShape`), for choosing between shapes of different types:
/// `AnyShape(isRound ? AnyShape(Circle()) : AnyShape(Rectangle()))`. Its path and its node's name
/// are the wrapped shape's.
public nonisolated struct AnyShape: Shape {
    private let outline: @Sendable (CGRect) -> Path
    private let name: String
    private let sizing: @Sendable (ProposedViewSize) -> CGSize

    public init<S: Shape>(_ shape: S) {
        outline = { shape.path(in: $0) }
        name = shape._shapeDescription
        sizing = { shape.sizeThatFits($0) }
    }

    func _sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { sizing(proposal) }

    public func path(in rect: CGRect) -> Path { outline(rect) }

    public var _shapeDescription: String { name }
}
