import Foundation

/// `.containerRelativeFrame(…)`: a frame sized from the nearest container's size along `axes`
/// (by `length`, given the container's length and the axis), the content offered that size and
/// aligned in it by `alignment`; along the other axes the content's own size.
///
/// Headless, the container is the window the layout pass lays out in (scroll views, navigation
/// stacks and tabs fill it: there are no bars, insets or indicators to take room from it).
struct ContainerRelativeFrameLayout: Layout, NamedLayout {
    let axes: Axis.Set
    let alignment: Alignment
    let length: (CGFloat, Axis) -> CGFloat

    var layoutName: String { "containerRelativeFrame" }

    /// What the content is offered: the container-relative lengths along `axes`.
    private func offer(_ proposal: ProposedViewSize, container: CGSize) -> ProposedViewSize {
        var offer = proposal
        if axes.contains(.horizontal) { offer.width = max(0, length(container.width, .horizontal)) }
        if axes.contains(.vertical) { offer.height = max(0, length(container.height, .vertical)) }
        return offer
    }

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        let offer = offer(proposal, container: subviews.context.engine.containerSize)
        let size = subviews.overlaidSize(offer)
        return CGSize(
            width: axes.contains(.horizontal) ? offer.width ?? size.width : size.width,
            height: axes.contains(.vertical) ? offer.height ?? size.height : size.height)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        subviews.placeOverlaid(
            in: bounds, alignment: alignment, proposal: offer(proposal, container: subviews.context.engine.containerSize))
    }
}

extension View {
    /// Sizes the view along `axes` to its nearest container's size (the window, headless), and
    /// aligns it in that frame by `alignment`.
    public func containerRelativeFrame(_ axes: Axis.Set, alignment: Alignment = .center) -> some View {
        ContainerRelativeFrameLayout(axes: axes, alignment: alignment, length: { length, _ in length })
            .callAsFunction { self }
    }

    /// Sizes the view along `axes` to what `length` makes of its nearest container's length
    /// along each axis (`{ width, _ in width * 0.8 }`).
    public func containerRelativeFrame(
        _ axes: Axis.Set, alignment: Alignment = .center, _ length: @escaping (CGFloat, Axis) -> CGFloat
    ) -> some View {
        ContainerRelativeFrameLayout(axes: axes, alignment: alignment, length: length).callAsFunction { self }
    }

    /// Sizes the view along `axes` to `span` of `count` equal columns (or rows) of its nearest
    /// container, `spacing` apart: `(container - spacing × (count - 1)) / count × span +
    /// spacing × (span - 1)`. A carousel showing three cards: `.containerRelativeFrame(.horizontal,
    /// count: 3, spacing: 10)`.
    public func containerRelativeFrame(
        _ axes: Axis.Set, count: Int, span: Int = 1, spacing: CGFloat, alignment: Alignment = .center
    ) -> some View {
        let count = max(1, count), span = max(1, span)
        return containerRelativeFrame(axes, alignment: alignment) { length, _ in
            let column = (length - spacing * CGFloat(count - 1)) / CGFloat(count)
            return column * CGFloat(span) + spacing * CGFloat(span - 1)
        }
    }
}
