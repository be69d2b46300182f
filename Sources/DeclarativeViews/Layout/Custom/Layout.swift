import AttrGraph
import Foundation

/// A container's own layout algorithm (SwiftUI's `Layout`): it sizes itself from its subviews'
/// sizes and places each of them. Used as a view, it arranges the views its content makes:
///
///     struct FlowLayout: Layout {
///         func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize { … }
///         func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) { … }
///     }
///
///     FlowLayout {
///         ForEach(tags, id: \.self) { Text($0) }
///     }
///
/// The layout engine calls ``sizeThatFits(proposal:subviews:cache:)`` for each proposal it needs
/// (a stack probes with zero and infinity before offering a share) and remembers the answers
/// for as long as the layout value and its subviews are unchanged; ``placeSubviews(in:proposal:subviews:cache:)``
/// runs when the container is placed at a new size, with `bounds` in the container's own
/// coordinates (origin at its top-leading corner). Subviews it does not place are centred in
/// the bounds at their ideal size.
///
/// The cache (``makeCache(subviews:)``) is made once and kept while the container exists; when
/// its layout value or subviews change, ``updateCache(_:subviews:)`` refreshes it (by default by
/// making it again).
public protocol Layout {
    /// What the layout tells its container about itself.
    static var layoutProperties: LayoutProperties { get }

    /// What the layout keeps between calls (`Void`: nothing).
    associatedtype Cache = Void

    typealias Subviews = LayoutSubviews

    /// The cache for `subviews`, made before the first call that takes a cache.
    func makeCache(subviews: Subviews) -> Cache

    /// Refreshes `cache` after the layout value or its subviews changed.
    func updateCache(_ cache: inout Cache, subviews: Subviews)

    /// The spacing the container prefers around it (by default, the union of its subviews').
    func spacing(subviews: Subviews, cache: inout Cache) -> ViewSpacing

    /// The container's size for `proposal`.
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize

    /// Places every subview (``LayoutSubview/place(at:anchor:proposal:)``) in `bounds`, the
    /// container's frame at the size ``sizeThatFits(proposal:subviews:cache:)`` chose.
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache)

    /// Where the container puts a horizontal alignment guide (`nil`: the default).
    func explicitAlignment(
        of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews,
        cache: inout Cache
    ) -> CGFloat?

    /// Where the container puts a vertical alignment guide (`nil`: the default).
    func explicitAlignment(
        of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews,
        cache: inout Cache
    ) -> CGFloat?
}

extension Layout {
    public static var layoutProperties: LayoutProperties { LayoutProperties() }

    public func updateCache(_ cache: inout Cache, subviews: Subviews) {
        cache = makeCache(subviews: subviews)
    }

    public func spacing(subviews: Subviews, cache: inout Cache) -> ViewSpacing {
        var spacing = ViewSpacing.zero
        for subview in subviews { spacing.formUnion(subview.spacing) }
        return subviews.isEmpty ? ViewSpacing() : spacing
    }

    public func explicitAlignment(
        of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews,
        cache: inout Cache
    ) -> CGFloat? { nil }

    public func explicitAlignment(
        of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews,
        cache: inout Cache
    ) -> CGFloat? { nil }

    /// A view that arranges the views `content` makes with this layout.
    public func callAsFunction<V: View>(@ViewBuilder _ content: () -> V) -> _LayoutRoot<Self, V> {
        _LayoutRoot(content: content(), layout: self)
    }
}

extension Layout where Cache == () {
    public func makeCache(subviews: Subviews) -> Cache { () }
}

/// A ``Layout`` used as a container: `MyLayout { … }`. One render node whose children are the
/// content's nodes; the built-in stack layouts (``HStackLayout``, ``VStackLayout``,
/// ``ZStackLayout``, and an ``AnyLayout`` of one) render as the stacks they stand for.
public nonisolated struct _LayoutRoot<L: Layout, Content: View>: View {
    // The content first: its offset (0) is what `_makeView` projects.
    var content: Content
    var layout: L

    public var body: Never { _primitiveBody(Self.self) }

    public static func _makeView(view: _GraphValue<Self>, inputs: _ViewInputs) -> _ViewOutputs {
        let content = Content._makeDebuggableView(view: view.member(Content.self, at: 0, \.content), inputs: inputs)
        return _ViewOutputs(render: Attribute(LayoutRootRender(root: view, content: content.render)))
    }
}

/// The container's node: a stack for a built-in layout, else a `.layout` node carrying the layout.
struct LayoutRootRender<L: Layout, Content: View>: StatefulRule {
    typealias Value = [DisplayNode]
    let root: _GraphValue<_LayoutRoot<L, Content>>
    let content: RenderParts
    /// The layout value the current node was made with.
    var shown: L?

    mutating func updateValue() {
        var layout = root.value.layout
        var children = content.read()
        // A grid's rows are taken apart: its cells are the node's children, its rows known to its layout.
        if var grid = layout as? GridLayout {
            (children, grid.rows) = GridLayout.cells(of: children)
            layout = grid as! L
        }
        if let kind = (layout as? any BuiltinLayout)?.builtinKind {
            emit(kind, children: children)
            return
        }
        // The same layout (compared as views are) over the same subviews: the same node, whose
        // sizes the engine has. Otherwise a new node, whose sizes are computed afresh; the
        // layout's cache carries over, to be updated.
        let previous = hasValue ? value.first?.annotations?.customLayout : nil
        if previous != nil, let shown, value.first?.children == children, _ViewEquality.equal(shown, layout) {
            return
        }
        shown = layout
        let box = makeLayoutBox(layout, inheriting: previous)
        var annotations = _Annotations()
        annotations.customLayout = box
        value = [DisplayNode(kind: .layout(box.name), children: children, annotations: annotations)]
    }
}

/// The built-in layouts that render as the stack nodes the engine knows.
protocol BuiltinLayout {
    /// The stack node kind that does this layout (`nil`: none; an ``AnyLayout`` of a custom layout).
    var builtinKind: RenderNode.Kind? { get }
}
