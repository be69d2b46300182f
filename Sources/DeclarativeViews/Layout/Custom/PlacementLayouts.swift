import Foundation

// `.fixedSize()` and `.position(_:)` as the layouts they are: a container around the view that
// changes what the view is offered (its ideal size along the fixed axes) or where it goes (its
// centre at a point of the space offered). The render tree shows them as `Layout fixedSize` and
// `Layout position x=… y=…` around the view.

/// A layout whose render-tree name says what it does (instead of its type's name).
protocol NamedLayout {
    var layoutName: String { get }
}

/// `.fixedSize(horizontal:vertical:)`: the content at its ideal size along the fixed axes
/// (offered `nil` there), and offered what the container is along the others.
struct FixedSizeLayout: Layout, NamedLayout {
    let horizontal: Bool
    let vertical: Bool

    var layoutName: String {
        horizontal && vertical ? "fixedSize" : horizontal ? "fixedSize horizontal" : "fixedSize vertical"
    }

    private func contentProposal(_ proposal: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(width: horizontal ? nil : proposal.width, height: vertical ? nil : proposal.height)
    }

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        subviews.overlaidSize(contentProposal(proposal))
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        let offer = contentProposal(proposal)
        for subview in subviews {
            subview.place(at: CGPoint(x: bounds.midX, y: bounds.midY), anchor: .center, proposal: offer)
        }
    }
}

/// `.position(x:y:)`: takes all the space offered (10 points along an axis offered `nil`) and
/// centres the content at the point, in its own coordinates; the content is offered the same.
struct PositionLayout: Layout, NamedLayout {
    let position: CGPoint

    var layoutName: String { "position x=\(_number(Double(position.x))) y=\(_number(Double(position.y)))" }

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        proposal.replacingUnspecifiedDimensions()
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        let center = CGPoint(x: bounds.minX + position.x, y: bounds.minY + position.y)
        for subview in subviews {
            subview.place(at: center, anchor: .center, proposal: proposal)
        }
    }
}

extension View {
    /// Gives the view its ideal size in both dimensions, whatever it is offered: a `Text` on one
    /// line, untruncated.
    public func fixedSize() -> some View {
        fixedSize(horizontal: true, vertical: true)
    }

    /// Gives the view its ideal size along the axes asked for.
    public func fixedSize(horizontal: Bool, vertical: Bool) -> some View {
        FixedSizeLayout(horizontal: horizontal, vertical: vertical).callAsFunction { self }
    }

    /// Centres the view at `position` in its parent's coordinate space, taking all the space offered.
    public func position(_ position: CGPoint) -> some View {
        PositionLayout(position: position).callAsFunction { self }
    }

    public func position(x: CGFloat = 0, y: CGFloat = 0) -> some View {
        position(CGPoint(x: x, y: y))
    }
}
