import Foundation

/// Any ``Layout``, type-erased (SwiftUI's `AnyLayout`): switching a container between layouts
/// keeps its content (and the content's state), since the container's type stays the same.
///
///     let layout = isWide ? AnyLayout(HStackLayout()) : AnyLayout(VStackLayout())
///     layout { Text("One"); Text("Two") }
public struct AnyLayout: Layout {
    /// The layout it stands for (never an `AnyLayout`).
    let base: any Layout

    public init<L: Layout>(_ layout: L) {
        base = (layout as? AnyLayout)?.base ?? layout
    }

    /// What animates between two layouts: nothing (SwiftUI's `AnyLayout.AnimatableData`; a
    /// switch of layout moves the subviews to their new places in one step, headless).
    public typealias AnimatableData = EmptyAnimatableData

    public var animatableData: AnimatableData {
        get { EmptyAnimatableData() }
        set {}
    }

    /// The wrapped layout's cache, with the layout type it belongs to: after a switch to another
    /// type, the new layout makes its own.
    public struct Cache {
        var layoutType: ObjectIdentifier
        var storage: Any
    }

    /// The wrapped layout's type name.
    var wrappedName: String { _typeName(type(of: base), qualified: false) }

    public func makeCache(subviews: Subviews) -> Cache {
        Self.makeCache(base, subviews)
    }

    public func updateCache(_ cache: inout Cache, subviews: Subviews) {
        Self.updateCache(base, &cache, subviews)
    }

    public func spacing(subviews: Subviews, cache: inout Cache) -> ViewSpacing {
        Self.spacing(base, subviews, &cache)
    }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize {
        Self.size(base, proposal, subviews, &cache)
    }

    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) {
        Self.place(base, bounds, proposal, subviews, &cache)
    }

    public func explicitAlignment(
        of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews,
        cache: inout Cache
    ) -> CGFloat? {
        Self.alignment(base, guide, bounds, proposal, subviews, &cache)
    }

    public func explicitAlignment(
        of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews,
        cache: inout Cache
    ) -> CGFloat? {
        Self.alignment(base, guide, bounds, proposal, subviews, &cache)
    }

    // Generic over the wrapped layout's type (the existential is opened at each call).

    private static func spacing<L: Layout>(_ layout: L, _ subviews: Subviews, _ cache: inout Cache) -> ViewSpacing {
        var typed = typedCache(layout, &cache, subviews)
        defer { cache.storage = typed }
        return layout.spacing(subviews: subviews, cache: &typed)
    }

    private static func size<L: Layout>(
        _ layout: L, _ proposal: ProposedViewSize, _ subviews: Subviews, _ cache: inout Cache
    ) -> CGSize {
        var typed = typedCache(layout, &cache, subviews)
        defer { cache.storage = typed }
        return layout.sizeThatFits(proposal: proposal, subviews: subviews, cache: &typed)
    }

    private static func place<L: Layout>(
        _ layout: L, _ bounds: CGRect, _ proposal: ProposedViewSize, _ subviews: Subviews, _ cache: inout Cache
    ) {
        var typed = typedCache(layout, &cache, subviews)
        defer { cache.storage = typed }
        layout.placeSubviews(in: bounds, proposal: proposal, subviews: subviews, cache: &typed)
    }

    private static func alignment<L: Layout>(
        _ layout: L, _ guide: HorizontalAlignment, _ bounds: CGRect, _ proposal: ProposedViewSize,
        _ subviews: Subviews, _ cache: inout Cache
    ) -> CGFloat? {
        var typed = typedCache(layout, &cache, subviews)
        defer { cache.storage = typed }
        return layout.explicitAlignment(of: guide, in: bounds, proposal: proposal, subviews: subviews, cache: &typed)
    }

    private static func alignment<L: Layout>(
        _ layout: L, _ guide: VerticalAlignment, _ bounds: CGRect, _ proposal: ProposedViewSize,
        _ subviews: Subviews, _ cache: inout Cache
    ) -> CGFloat? {
        var typed = typedCache(layout, &cache, subviews)
        defer { cache.storage = typed }
        return layout.explicitAlignment(of: guide, in: bounds, proposal: proposal, subviews: subviews, cache: &typed)
    }

    /// The wrapped layout's cache, made anew if `cache` is another layout type's.
    private static func typedCache<L: Layout>(_ layout: L, _ cache: inout Cache, _ subviews: Subviews) -> L.Cache {
        if cache.layoutType == ObjectIdentifier(L.self), let typed = cache.storage as? L.Cache { return typed }
        cache = makeCache(layout, subviews)
        return cache.storage as! L.Cache
    }

    private static func makeCache<L: Layout>(_ layout: L, _ subviews: Subviews) -> Cache {
        Cache(layoutType: ObjectIdentifier(L.self), storage: layout.makeCache(subviews: subviews))
    }

    private static func updateCache<L: Layout>(_ layout: L, _ cache: inout Cache, _ subviews: Subviews) {
        guard cache.layoutType == ObjectIdentifier(L.self), var typed = cache.storage as? L.Cache else {
            cache = makeCache(layout, subviews)
            return
        }
        layout.updateCache(&typed, subviews: subviews)
        cache.storage = typed
    }
}

extension AnyLayout: BuiltinLayout {
    var builtinKind: RenderNode.Kind? { (base as? any BuiltinLayout)?.builtinKind }
}
