// Split views (macOS): their children side by side, or one above the other, with a divider the
// user can drag between each. Headless nothing is dragged: laid out as a stack, recorded as
// `splitView=horizontal` or `vertical` on it.

/// Children side by side with draggable dividers between them (SwiftUI's `HSplitView`, macOS).
public nonisolated struct HSplitView<Content: View>: View {
    let content: Content

    public init(@ViewBuilder content: () -> Content) {
        self.content = content()
    }

    @MainActor public var body: some View {
        HStack(spacing: 0) { content }.modifier(_StyleModifier(key: "splitView", value: "horizontal"))
    }
}

/// Children one above the other with draggable dividers between them (SwiftUI's `VSplitView`,
/// macOS).
public nonisolated struct VSplitView<Content: View>: View {
    let content: Content

    public init(@ViewBuilder content: () -> Content) {
        self.content = content()
    }

    @MainActor public var body: some View {
        VStack(spacing: 0) { content }.modifier(_StyleModifier(key: "splitView", value: "vertical"))
    }
}
