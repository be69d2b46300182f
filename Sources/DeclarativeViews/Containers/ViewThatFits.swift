import Foundation

/// Shows the first of its views that fits (SwiftUI's `ViewThatFits`):
///
///     ViewThatFits(in: .horizontal) {
///         HStack { Text("Long title"); Text("Long subtitle") }
///         Text("Short")
///     }
///
/// Its views are tried in order: the first whose ideal size fits the size offered on the
/// constrained `axes` (an axis offered no size always fits) is shown, at the size it takes for
/// the offer; when none fits, the last is. Only that view is laid out and reachable by the
/// driver; the others stay in the render tree without a frame, as an unselected tab's content.
public nonisolated struct ViewThatFits<Content: View>: View {
    let axes: Axis.Set
    let content: Content

    public init(in axes: Axis.Set = [.horizontal, .vertical], @ViewBuilder content: () -> Content) {
        self.axes = axes
        self.content = content()
    }

    @MainActor public var body: some View {
        _ViewThatFitsLayout(axes: axes) { content }
    }
}

/// The layout that chooses the view ``ViewThatFits`` shows.
struct _ViewThatFitsLayout: Layout, Equatable {
    let axes: Axis.Set

    /// The position of the subview shown for `proposal`: the first whose ideal size fits it on the
    /// constrained axes, else the last.
    func chosen(_ proposal: ProposedViewSize, _ subviews: Subviews) -> Int? {
        guard let last = subviews.indices.last else { return nil }
        return subviews.indices.first { index in
            let ideal = subviews[index].sizeThatFits(.unspecified)
            let fitsWidth = !axes.contains(.horizontal) || proposal.width.map { ideal.width <= $0 } ?? true
            let fitsHeight = !axes.contains(.vertical) || proposal.height.map { ideal.height <= $0 } ?? true
            return fitsWidth && fitsHeight
        } ?? last
    }

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        guard let index = chosen(proposal, subviews) else { return .zero }
        return subviews[index].sizeThatFits(proposal)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        let shown = chosen(proposal, subviews)
        for index in subviews.indices {
            if index == shown {
                subviews[index].place(at: bounds.origin, proposal: proposal)
            } else {
                subviews[index].hide()
            }
        }
    }
}
