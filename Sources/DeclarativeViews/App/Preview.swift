import RunLoopBridge

/// Views to preview (SwiftUI's `PreviewProvider`). Xcode draws them; headless, a test renders
/// them with ``renderPreviews(windowSize:)``. (`#Preview` is a macro, which needs a compiler
/// plugin and so a package dependency this package does not take: use a `PreviewProvider`.)
///
///     struct Counter_Previews: PreviewProvider {
///         static var previews: some View { Counter() }
///     }
///     print(Counter_Previews.renderPreviews())
@MainActor
public protocol PreviewProvider {
    associatedtype Previews: View
    @ViewBuilder static var previews: Previews { get }
}

extension PreviewProvider {
    /// Mounts ``previews`` in a host of its own, runs the first update, and returns the text
    /// rendering (see ``ViewHost/renderedText``).
    public static func renderPreviews(windowSize: CGSize = ViewHost.defaultWindowSize) -> String {
        let host = ViewHost(previews, scheduler: ManualUpdateScheduler(), windowSize: windowSize)
        host.update()
        defer { host.invalidate() }
        return host.renderedText
    }
}
