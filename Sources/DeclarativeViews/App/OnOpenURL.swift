import Foundation

// URLs the app is asked to open (a link to it, a widget tap, a file): SwiftUI hands them to the
// `.onOpenURL` actions of the views on screen. Headless, ``ViewHost/openApp(with:)`` is the system
// opening the app with a URL.

/// A view's `.onOpenURL` action, for the driver.
final class OpenURLHandlerLink {
    let action: (URL) -> Void

    init(action: @escaping (URL) -> Void) {
        self.action = action
    }
}

/// `.onOpenURL`: the node's action for URLs the app opens.
public nonisolated struct _OnOpenURLModifier: PrimitiveViewModifier {
    let action: (URL) -> Void
}

extension _OnOpenURLModifier: Annotating {
    func annotate(_ annotations: inout _Annotations) {
        annotations.urlHandlers.append(OpenURLHandlerLink(action: action))
    }
}

extension View {
    /// Runs `action` with each URL the app is asked to open while the view is on screen.
    public func onOpenURL(perform action: @escaping (URL) -> ()) -> ModifiedContent<Self, _OnOpenURLModifier> {
        modifier(_OnOpenURLModifier(action: action))
    }

    /// Tags the view's interactions for the system's activity tracking (recorded:
    /// `interactionActivityTrackingTag`).
    public func interactionActivityTrackingTag(_ tag: String) -> ModifiedContent<Self, _StyleModifier> {
        modifier(_StyleModifier(key: "interactionActivityTrackingTag", value: tag))
    }
}

extension ViewHost {
    /// Opens the app with `url`, as the system does for a link to it: every `.onOpenURL` action
    /// of the views on screen runs with it, then the host updates. Throws when no view on screen
    /// has one.
    public func openApp(with url: URL) throws {
        var handlers: [OpenURLHandlerLink] = []
        forEachNode { node, _ in handlers += node.annotations?.urlHandlers ?? [] }
        guard !handlers.isEmpty else {
            throw ViewHostError.actionsNotFound(view: url.absoluteString, kind: "an onOpenURL action", available: [])
        }
        for handler in handlers { handler.action(url) }
        update()
    }
}
