import RunLoopBridge

/// Views to preview (SwiftUI's `PreviewProvider`). Xcode draws them; headless, a test renders
/// them with ``renderPreviews(windowSize:)``. (`#Preview`, below, works as well.)
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

// MARK: - #Preview

/// Declares a preview of the views its closure builds (SwiftUI's `#Preview`), headless: it expands
/// to a type whose `makePreview()` returns a ``Preview`` of the same name, traits and body, which a
/// test renders with ``Preview/renderedText(windowSize:)``. The body is type-checked like any other
/// view builder, so a preview that does not compile fails the build, as it does in Xcode.
///
///     #Preview("Counter") {
///         Counter()
///     }
///
/// The expansion comes from this package's `DeclarativeViewsMacros` compiler plugin, which needs no
/// package dependency (it speaks the compiler's plugin protocol itself).
@freestanding(declaration)
public macro Preview(_ name: String? = nil, @ViewBuilder body: @escaping @MainActor () -> any View) =
    #externalMacro(module: "DeclarativeViewsMacros", type: "PreviewMacro")

/// Declares a preview with traits (SwiftUI's `#Preview(_:traits:_:body:)`); the traits are kept on
/// the ``Preview`` (``Preview/traits``).
@freestanding(declaration)
public macro Preview(
    _ name: String? = nil, traits: PreviewTrait<Preview.ViewTraits>, _ additionalTraits: PreviewTrait<Preview.ViewTraits>...,
    @ViewBuilder body: @escaping @MainActor () -> any View
) = #externalMacro(module: "DeclarativeViewsMacros", type: "PreviewMacro")

/// A preview: a name, traits and the views to show (SwiftUI's `Preview`, what `#Preview` builds).
@MainActor
public struct Preview {
    /// The traits a view preview can take.
    public struct ViewTraits: Sendable {}

    /// The name given to `#Preview`, if any.
    public let displayName: String?
    /// The traits given to `#Preview`, in order.
    public let traits: [PreviewTrait<ViewTraits>]
    private let body: @MainActor () -> any View

    /// A preview of the views `body` builds.
    public init(_ name: String? = nil, @ViewBuilder body: @escaping @MainActor () -> any View) {
        displayName = name
        traits = []
        self.body = body
    }

    /// A preview of the views `body` builds, with traits.
    public init(
        _ name: String? = nil, traits: PreviewTrait<ViewTraits>, _ additionalTraits: PreviewTrait<ViewTraits>...,
        @ViewBuilder body: @escaping @MainActor () -> any View
    ) {
        displayName = name
        self.traits = [traits] + additionalTraits
        self.body = body
    }

    /// The previewed views, type-erased.
    public var content: AnyView {
        AnyView(body())
    }

    /// Mounts the preview in a host of its own — in a window of `windowSize`, or of the size of a
    /// ``PreviewTrait/fixedLayout(width:height:)`` trait when there is one — and runs the first update.
    public func makeHost(windowSize: CGSize = ViewHost.defaultWindowSize) -> ViewHost {
        var size = windowSize
        for trait in traits {
            if case .fixedLayout(let fixed) = trait.kind { size = fixed }
        }
        let host = ViewHost(content, scheduler: ManualUpdateScheduler(), windowSize: size)
        host.update()
        return host
    }

    /// The text rendering of the preview (see ``makeHost(windowSize:)`` and ``ViewHost/renderedText``).
    public func renderedText(windowSize: CGSize = ViewHost.defaultWindowSize) -> String {
        let host = makeHost(windowSize: windowSize)
        defer { host.invalidate() }
        return host.renderedText
    }
}

/// What `#Preview` expands to conforms to this: a type that makes one preview (SwiftUI's
/// `PreviewRegistry`).
@MainActor
public protocol PreviewRegistry {
    static func makePreview() throws -> Preview
}

/// A trait of a preview (SwiftUI's `PreviewTrait`): layout and orientation.
public struct PreviewTrait<T>: Sendable {
    enum Kind: Equatable, Sendable {
        case defaultLayout, sizeThatFitsLayout
        case fixedLayout(CGSize)
        case orientation(String)
    }

    let kind: Kind
}

extension PreviewTrait where T == Preview.ViewTraits {
    /// The device's size.
    public static var defaultLayout: PreviewTrait<T> { PreviewTrait(kind: .defaultLayout) }
    /// As small as the content fits.
    public static var sizeThatFitsLayout: PreviewTrait<T> { PreviewTrait(kind: .sizeThatFitsLayout) }
    /// A fixed size: the host renders the preview in a window of this size.
    public static func fixedLayout(width: CGFloat, height: CGFloat) -> PreviewTrait<T> {
        PreviewTrait(kind: .fixedLayout(CGSize(width: width, height: height)))
    }
    public static var portrait: PreviewTrait<T> { PreviewTrait(kind: .orientation("portrait")) }
    public static var portraitUpsideDown: PreviewTrait<T> { PreviewTrait(kind: .orientation("portraitUpsideDown")) }
    public static var landscapeLeft: PreviewTrait<T> { PreviewTrait(kind: .orientation("landscapeLeft")) }
    public static var landscapeRight: PreviewTrait<T> { PreviewTrait(kind: .orientation("landscapeRight")) }
}
