import Foundation

// Safe-area insets and padding, headless. A host's window has no safe area of its own (no notch,
// no bars), so what these add is all the safe area there is: `.safeAreaInset(edge:)` puts its
// content along the edge with the view beside it, in a stack (`safeAreaInset=<edge>` on the
// stack), and `.safeAreaPadding` pads the view like `.padding` does.

extension View {
    /// Shows `content` along `edge` (above or below the view), the view taking the rest.
    public func safeAreaInset<V: View>(
        edge: VerticalEdge, alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
        @ViewBuilder content: () -> V
    ) -> some View {
        let inset = content()
        return VStack(alignment: alignment, spacing: spacing ?? 0) {
            if edge == .top { inset }
            self
            if edge == .bottom { inset }
        }
        .modifier(_StyleModifier(key: "safeAreaInset", value: edge == .top ? "top" : "bottom"))
    }

    /// Shows `content` along `edge` (before or after the view), the view taking the rest.
    public func safeAreaInset<V: View>(
        edge: HorizontalEdge, alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
        @ViewBuilder content: () -> V
    ) -> some View {
        let inset = content()
        return HStack(alignment: alignment, spacing: spacing ?? 0) {
            if edge == .leading { inset }
            self
            if edge == .trailing { inset }
        }
        .modifier(_StyleModifier(key: "safeAreaInset", value: edge == .leading ? "leading" : "trailing"))
    }

    /// Adds `insets` to the view's safe area: headless, pads it by them.
    public func safeAreaPadding(_ insets: EdgeInsets) -> ModifiedContent<Self, _PaddingLayout> {
        padding(insets)
    }

    /// Adds `length` on every edge to the view's safe area: headless, pads it by it.
    public func safeAreaPadding(_ length: CGFloat) -> ModifiedContent<Self, _PaddingLayout> {
        padding(.all, length)
    }

    /// Adds `length` (the default padding when `nil`) on `edges` to the view's safe area:
    /// headless, pads it by it.
    public func safeAreaPadding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> ModifiedContent<Self, _PaddingLayout> {
        padding(edges, length)
    }
}
