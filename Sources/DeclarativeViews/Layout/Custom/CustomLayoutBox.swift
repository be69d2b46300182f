import Foundation

/// A ``Layout`` value and its cache, type-erased for the layout engine; one per container node.
class CustomLayoutBox {
    /// The layout's type name, for the render tree.
    let name: String
    /// The subviews, made on first use with the engine that lays the node out.
    private var context: LayoutContext?

    init(name: String) {
        self.name = name
    }

    /// The container's subviews (its node's children) for `engine`.
    func subviews(_ engine: LayoutEngine, _ children: [DisplayNode]) -> LayoutSubviews {
        if let context, context.engine === engine { return LayoutSubviews(context: context) }
        let context = LayoutContext(engine: engine, nodes: children)
        self.context = context
        return LayoutSubviews(context: context)
    }

    /// The layout's size for `proposal`.
    func sizeThatFits(_ proposal: ProposedViewSize, subviews: LayoutSubviews) -> CGSize {
        fatalError("DeclarativeViews: CustomLayoutBox is abstract")
    }

    /// Runs the layout's placement in `bounds`.
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: LayoutSubviews) {
        fatalError("DeclarativeViews: CustomLayoutBox is abstract")
    }

    /// Where the layout puts `key` in `bounds` (``Layout/explicitAlignment(of:in:proposal:subviews:cache:)-(HorizontalAlignment,_,_,_,_)``),
    /// if it says.
    func explicitAlignment(_ key: AlignmentKey, in bounds: CGRect, proposal: ProposedViewSize, subviews: LayoutSubviews)
        -> CGFloat?
    {
        fatalError("DeclarativeViews: CustomLayoutBox is abstract")
    }

    /// Where the layout puts the children of a node of `size` offered `proposal`: each where it
    /// was placed, or centred at its ideal size if it was not.
    func placements(of children: [DisplayNode], size: CGSize, proposal: ProposedViewSize, engine: LayoutEngine)
        -> [ChildPlacement]
    {
        let subviews = subviews(engine, children)
        let context = subviews.context
        context.placements = Array(repeating: nil, count: children.count)
        let bounds = CGRect(origin: .zero, size: size)
        placeSubviews(in: bounds, proposal: proposal, subviews: subviews)
        let placed = context.placements ?? []
        context.placements = nil
        return children.indices.map { index in
            if let placement = placed[index] { return placement }
            let ideal = engine.size(of: children[index], proposal: .unspecified)
            let origin = CGPoint(x: (size.width - ideal.width) / 2, y: (size.height - ideal.height) / 2)
            return ChildPlacement(frame: CGRect(origin: origin, size: ideal), proposal: .unspecified)
        }
    }
}

/// The box for a layout of type `L`.
final class TypedLayoutBox<L: Layout>: CustomLayoutBox {
    let layout: L
    /// The cache, once made.
    private var cache: L.Cache?
    /// The previous node's cache, to update before first use.
    private var inherited: L.Cache?

    init(_ layout: L, inheriting inherited: L.Cache?, name: String) {
        self.layout = layout
        self.inherited = inherited
        super.init(name: name)
    }

    /// The cache, for handing on to the next node's box.
    var currentCache: L.Cache? { cache ?? inherited }

    private func prepareCache(_ subviews: LayoutSubviews) {
        guard cache == nil else { return }
        if var carried = inherited {
            inherited = nil
            layout.updateCache(&carried, subviews: subviews)
            cache = carried
        } else {
            cache = layout.makeCache(subviews: subviews)
        }
    }

    override func sizeThatFits(_ proposal: ProposedViewSize, subviews: LayoutSubviews) -> CGSize {
        prepareCache(subviews)
        return layout.sizeThatFits(proposal: proposal, subviews: subviews, cache: &cache!)
    }

    override func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: LayoutSubviews) {
        prepareCache(subviews)
        layout.placeSubviews(in: bounds, proposal: proposal, subviews: subviews, cache: &cache!)
    }

    override func explicitAlignment(
        _ key: AlignmentKey, in bounds: CGRect, proposal: ProposedViewSize, subviews: LayoutSubviews
    ) -> CGFloat? {
        prepareCache(subviews)
        return key.axis == .horizontal
            ? layout.explicitAlignment(
                of: HorizontalAlignment(key: key), in: bounds, proposal: proposal, subviews: subviews, cache: &cache!)
            : layout.explicitAlignment(
                of: VerticalAlignment(key: key), in: bounds, proposal: proposal, subviews: subviews, cache: &cache!)
    }
}

/// The box for `layout`, taking over the cache of `previous` (the container's previous node's
/// box) when it is one for the same layout type.
func makeLayoutBox<L: Layout>(_ layout: L, inheriting previous: CustomLayoutBox?) -> CustomLayoutBox {
    let name = layout is GridLayout ? "Grid"
        : (layout as? AnyLayout)?.wrappedName ?? (layout as? any NamedLayout)?.layoutName ?? _typeName(L.self, qualified: false)
    return TypedLayoutBox(layout, inheriting: (previous as? TypedLayoutBox<L>)?.currentCache, name: name)
}
