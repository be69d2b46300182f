import Foundation

/// A coordinate space a frame can be expressed in (SwiftUI's `CoordinateSpace`):
/// ``GeometryProxy/frame(in:)-(CoordinateSpace)``.
public enum CoordinateSpace: Hashable, @unchecked Sendable {
    // `@unchecked Sendable`: a name is an `AnyHashable`, which need not be Sendable.
    /// The window's (the host's) coordinates.
    case global
    /// The view's own coordinates (its origin is 0, 0).
    case local
    /// The coordinates of the nearest ancestor (or the view itself) named `name` with
    /// ``View/coordinateSpace(name:)``; the window's when there is none.
    case named(AnyHashable)

    public var isGlobal: Bool { self == .global }
    public var isLocal: Bool { self == .local }
}

/// A coordinate space as a value of its own type (SwiftUI's iOS 17 spelling): `.global`,
/// `.local`, `.named("scroll")` wherever `some CoordinateSpaceProtocol` is taken.
public protocol CoordinateSpaceProtocol {
    /// The space it stands for.
    var coordinateSpace: CoordinateSpace { get }
}

/// The window's coordinates.
public struct GlobalCoordinateSpace: CoordinateSpaceProtocol, Sendable {
    public init() {}
    public var coordinateSpace: CoordinateSpace { .global }
}

/// A view's own coordinates.
public struct LocalCoordinateSpace: CoordinateSpaceProtocol, Sendable {
    public init() {}
    public var coordinateSpace: CoordinateSpace { .local }
}

/// The coordinates of the view named with ``View/coordinateSpace(_:)``.
public struct NamedCoordinateSpace: CoordinateSpaceProtocol, Hashable, @unchecked Sendable {
    let name: AnyHashable
    public var coordinateSpace: CoordinateSpace { .named(name) }
}

extension CoordinateSpaceProtocol where Self == GlobalCoordinateSpace {
    public static var global: GlobalCoordinateSpace { GlobalCoordinateSpace() }
}

extension CoordinateSpaceProtocol where Self == LocalCoordinateSpace {
    public static var local: LocalCoordinateSpace { LocalCoordinateSpace() }
}

extension CoordinateSpaceProtocol where Self == NamedCoordinateSpace {
    /// The space of the view named `name`.
    public static func named(_ name: some Hashable) -> NamedCoordinateSpace {
        NamedCoordinateSpace(name: AnyHashable(name))
    }
}

extension CoordinateSpaceProtocol where Self == NamedCoordinateSpace {
    /// The space of the nearest scroll view around the view.
    public static var scrollView: NamedCoordinateSpace { NamedCoordinateSpace(name: AnyHashable(ScrollViewSpaceQuery(axis: nil))) }

    /// The space of the nearest scroll view around the view that scrolls along `axis`.
    public static func scrollView(axis: Axis) -> NamedCoordinateSpace {
        NamedCoordinateSpace(name: AnyHashable(ScrollViewSpaceQuery(axis: axis)))
    }
}

/// The name a scroll view gives its coordinate space: the axes it scrolls along.
struct ScrollViewSpace: Hashable, Sendable {
    let horizontal: Bool
    let vertical: Bool

    init(axes: Axis.Set) {
        horizontal = axes.contains(.horizontal)
        vertical = axes.contains(.vertical)
    }
}

/// The name `.scrollView` and `.scrollView(axis:)` look for: a scroll view's space (one that
/// scrolls along `axis`, if given).
struct ScrollViewSpaceQuery: Hashable, Sendable {
    let axis: Axis?
}

/// A named coordinate space around a view in a laid-out tree: its name and its frame in the
/// window.
struct NamedFrame: Hashable, @unchecked Sendable {
    let name: AnyHashable
    let frame: CGRect

    /// Whether the space is the one `query` names: the same name, or a scroll view's space for
    /// `.scrollView` (along the axis asked for).
    func matches(_ query: AnyHashable) -> Bool {
        guard let scrolling = query.base as? ScrollViewSpaceQuery else { return name == query }
        guard let space = name.base as? ScrollViewSpace else { return false }
        return scrolling.axis.map { $0 == .horizontal ? space.horizontal : space.vertical } ?? true
    }
}

/// `.coordinateSpace(name:)`: names the view's coordinates.
public nonisolated struct _CoordinateSpaceModifier: PrimitiveViewModifier {
    let name: AnyHashable
}

extension _CoordinateSpaceModifier: Annotating {
    func annotate(_ annotations: inout _Annotations) {
        annotations.coordinateSpaceName = name
    }
}

extension View {
    /// Names the view's coordinate space, for the views inside it to express their frames in
    /// (`proxy.frame(in: .named(name))`).
    public func coordinateSpace<T: Hashable>(name: T) -> ModifiedContent<Self, _CoordinateSpaceModifier> {
        modifier(_CoordinateSpaceModifier(name: AnyHashable(name)))
    }

    /// Names the view's coordinate space (the iOS 17 spelling: `.coordinateSpace(.named("x"))`).
    public func coordinateSpace(_ name: NamedCoordinateSpace) -> ModifiedContent<Self, _CoordinateSpaceModifier> {
        modifier(_CoordinateSpaceModifier(name: name.name))
    }
}

/// A view's size and position, as `GeometryReader` and `onGeometryChange` see them (SwiftUI's
/// `GeometryProxy`).
public struct GeometryProxy: Sendable, Hashable {
    /// The view's size.
    public var size: CGSize
    /// The view's frame in the window.
    let globalFrame: CGRect
    /// The named coordinate spaces around the view (outermost first), and the view's own if named.
    var namedSpaces: [NamedFrame] = []

    public init(size: CGSize, globalFrame: CGRect) {
        self.size = size
        self.globalFrame = globalFrame
    }

    /// The insets of the safe area: none, headless (no bars, notches or keyboard).
    public var safeAreaInsets: EdgeInsets { EdgeInsets() }

    /// The view's frame in `space`. A name no view around it has is the window's space.
    public func frame(in space: CoordinateSpace) -> CGRect {
        switch space {
        case .global:
            return globalFrame
        case .local:
            return CGRect(origin: .zero, size: size)
        case .named(let name):
            guard let named = namedSpaces.last(where: { $0.matches(name) }) else { return globalFrame }
            return globalFrame.offsetBy(dx: -named.frame.minX, dy: -named.frame.minY)
        }
    }

    /// The view's frame in `space`: `.global`, `.local`, `.named(…)`.
    public func frame(in space: some CoordinateSpaceProtocol) -> CGRect {
        frame(in: space.coordinateSpace)
    }

    /// The bounds of the named space around the view, in the view's coordinates (`nil` when no
    /// view around it has that name).
    public func bounds(of space: NamedCoordinateSpace) -> CGRect? {
        guard let named = namedSpaces.last(where: { $0.matches(space.name) }) else { return nil }
        return named.frame.offsetBy(dx: -globalFrame.minX, dy: -globalFrame.minY)
    }

    /// `anchor`'s geometry in the view's coordinates (see ``Anchor``).
    public subscript<T>(anchor: Anchor<T>) -> T {
        anchor.value(relativeTo: globalFrame.origin)
    }

    static let zero = GeometryProxy(size: .zero, globalFrame: .zero)
}
