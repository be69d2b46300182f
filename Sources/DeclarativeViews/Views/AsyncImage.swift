import Foundation

/// Where an ``AsyncImage`` is in loading its image (SwiftUI's `AsyncImagePhase`).
public enum AsyncImagePhase: Sendable {
    /// Nothing loaded yet (or nothing to load).
    case empty
    /// The image loaded.
    case success(Image)
    /// Loading failed.
    case failure(any Error)

    /// The loaded image, if any.
    public var image: Image? {
        if case .success(let image) = self { image } else { nil }
    }

    /// The loading error, if any.
    public var error: (any Error)? {
        if case .failure(let error) = self { error } else { nil }
    }

    /// The phase of loading `url` headless: a `file:` URL loads at once (``success(_:)`` with an image
    /// named by the file's name, or ``failure(_:)`` when it cannot be read); there is no network, so
    /// any other URL — and `nil` — stays ``empty``, showing the placeholder, as a slow network would.
    static func headless(loading url: URL?) -> AsyncImagePhase {
        guard let url, url.isFileURL else { return .empty }
        do {
            _ = try Data(contentsOf: url)
            return .success(Image(url.lastPathComponent))
        } catch {
            return .failure(error)
        }
    }
}

/// An image loaded from a URL (SwiftUI's `AsyncImage`), showing its content for the loading phase
/// (see ``AsyncImagePhase`` for what loads headless). The node records `asyncImage=URL`.
public nonisolated struct AsyncImage<Content: View>: View {
    let url: URL?
    let scale: CGFloat
    let content: (AsyncImagePhase) -> Content

    /// The image once loaded; until then a placeholder image (`[photo]`).
    public init(url: URL?, scale: CGFloat = 1) where Content == Image {
        self.url = url
        self.scale = scale
        content = { $0.image ?? Image(systemName: "photo") }
    }

    /// `content` with the loaded image; `placeholder` until then (and after a failure).
    public init<I: View, P: View>(
        url: URL?, scale: CGFloat = 1, @ViewBuilder content: @escaping (Image) -> I,
        @ViewBuilder placeholder: @escaping () -> P
    ) where Content == _ConditionalContent<I, P> {
        self.url = url
        self.scale = scale
        self.content = { phase in
            if let image = phase.image {
                _ConditionalContent(storage: .trueContent(content(image)))
            } else {
                _ConditionalContent(storage: .falseContent(placeholder()))
            }
        }
    }

    /// `content` for each phase of loading.
    public init(
        url: URL?, scale: CGFloat = 1, transaction: Transaction = Transaction(),
        @ViewBuilder content: @escaping (AsyncImagePhase) -> Content
    ) {
        self.url = url
        self.scale = scale
        self.content = content
    }

    @MainActor public var body: some View {
        content(AsyncImagePhase.headless(loading: url))
            .modifier(_StyleModifier(key: "asyncImage", value: url?.absoluteString ?? "nil"))
    }
}
