import Foundation

/// A view's size and where its alignment guides fall in it (SwiftUI's `ViewDimensions`): what an
/// ``AlignmentID``'s default value, an ``View/alignmentGuide(_:computeValue:)-(HorizontalAlignment,_)``
/// closure and ``LayoutSubview/dimensions(in:)`` give. `d[guide]` is the guide's explicit value
/// (``subscript(explicit:)-(HorizontalAlignment)``) if the view sets one, else its default value
/// for the view's size.
public struct ViewDimensions: Equatable, @unchecked Sendable {
    // `@unchecked Sendable`: the explicit guides are read on the thread that runs layout only (as
    // SwiftUI's dimensions, which are values of its main-thread layout).
    public let width: CGFloat
    public let height: CGFloat
    /// Where the view's explicit guides are looked up (`nil`: it sets none).
    let explicitGuides: ExplicitGuides?

    init(size: CGSize, explicitGuides: ExplicitGuides? = nil) {
        width = size.width
        height = size.height
        self.explicitGuides = explicitGuides
    }

    /// Where `guide` falls, from the view's leading edge.
    public subscript(guide: HorizontalAlignment) -> CGFloat { self[guide.key] }

    /// Where `guide` falls, from the view's top edge.
    public subscript(guide: VerticalAlignment) -> CGFloat { self[guide.key] }

    /// The guide's position when the view (or its content) sets it explicitly, else `nil`.
    public subscript(explicit guide: HorizontalAlignment) -> CGFloat? { explicitGuides?.value(of: guide.key) }

    /// The guide's position when the view (or its content) sets it explicitly, else `nil`.
    public subscript(explicit guide: VerticalAlignment) -> CGFloat? { explicitGuides?.value(of: guide.key) }

    subscript(key: AlignmentKey) -> CGFloat {
        explicitGuides?.value(of: key) ?? key.defaultValue(in: self)
    }

    /// The length along `axis`.
    func length(along axis: Axis) -> CGFloat { axis == .horizontal ? width : height }

    public static func == (lhs: ViewDimensions, rhs: ViewDimensions) -> Bool {
        lhs.width == rhs.width && lhs.height == rhs.height && lhs.explicitGuides == rhs.explicitGuides
    }
}

/// Where a laid-out view's explicit guides come from: the node, at a size, in the engine that
/// lays it out; only the node's first `ownGuides` `.alignmentGuide`s count (a guide's closure
/// sees the ones inside it, not itself or those outside).
struct ExplicitGuides: Equatable {
    let engine: LayoutEngine
    let node: DisplayNode
    let size: CGSize
    let ownGuides: Int

    func value(of key: AlignmentKey) -> CGFloat? {
        engine.explicitGuide(key, of: node, size: size, ownGuides: ownGuides)
    }

    static func == (lhs: ExplicitGuides, rhs: ExplicitGuides) -> Bool {
        lhs.engine === rhs.engine && lhs.node === rhs.node && lhs.size == rhs.size && lhs.ownGuides == rhs.ownGuides
    }
}
