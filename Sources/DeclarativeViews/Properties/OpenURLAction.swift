import Foundation

/// Opens a URL (SwiftUI's `OpenURLAction`, `@Environment(\.openURL)`): a ``Link`` calls it when
/// tapped, and views call it themselves (`openURL(url)`). By default the system opens the URL; a
/// view can install a handler for its subtree (`.environment(\.openURL, OpenURLAction { url in … })`)
/// that handles the URL itself, discards it, or passes it (or another URL) on to the system.
/// Headless, "the system opens it" means the host records it (``ViewHost/openedURLs``).
public struct OpenURLAction {
    /// What a handler did with a URL.
    public struct Result: Sendable {
        enum Kind: Sendable {
            case handled
            case discarded
            case system(URL?)
        }

        let kind: Kind

        /// The handler opened the URL.
        public static let handled = Result(kind: .handled)
        /// The handler did not open the URL, and nothing else should.
        public static let discarded = Result(kind: .discarded)
        /// The system should open the URL.
        public static let systemAction = Result(kind: .system(nil))

        /// The system should open `url` in place of the one given.
        public static func systemAction(_ url: URL) -> Result {
            Result(kind: .system(url))
        }
    }

    /// The view's handler (`nil`: the system's).
    let handler: ((URL) -> Result)?
    /// What the system does with a URL (set from the environment when the action is read).
    var system: (URL) -> Void = { _ in }

    /// An action that asks `handler` what to do with each URL.
    public init(handler: @escaping (URL) -> OpenURLAction.Result) {
        self.handler = handler
    }

    init(system: @escaping (URL) -> Void) {
        handler = nil
        self.system = system
    }

    /// Opens `url`.
    public func callAsFunction(_ url: URL) {
        callAsFunction(url) { _ in }
    }

    /// Opens `url`, then tells `completion` whether it was opened (`false` when discarded).
    public func callAsFunction(_ url: URL, completion: @escaping (_ accepted: Bool) -> Void) {
        let result = handler?(url) ?? .systemAction
        switch result.kind {
        case .handled:
            completion(true)
        case .discarded:
            completion(false)
        case .system(let replacement):
            system(replacement ?? url)
            completion(true)
        }
    }
}

struct OpenURLKey: EnvironmentKey {
    static var defaultValue: OpenURLAction? { nil }
}

struct SystemOpenURLKey: EnvironmentKey {
    static var defaultValue: (URL) -> Void { { _ in } }
}

extension EnvironmentValues {
    /// Opens URLs: the nearest handler installed above the view, or the system's.
    public var openURL: OpenURLAction {
        get {
            var action = self[OpenURLKey.self] ?? OpenURLAction(system: _systemOpenURL)
            action.system = _systemOpenURL
            return action
        }
        set { self[OpenURLKey.self] = newValue }
    }

    /// What the host does with a URL the system is asked to open (records it).
    var _systemOpenURL: (URL) -> Void {
        get { self[SystemOpenURLKey.self] }
        set { self[SystemOpenURLKey.self] = newValue }
    }
}
