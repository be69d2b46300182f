import AttrGraph

/// A namespace for ``View/matchedGeometryEffect(id:in:properties:anchor:isSource:)`` ids (SwiftUI's
/// `@Namespace`): each view that declares one gets its own, which lasts as long as the view is
/// in the tree.
///
///     struct Cards: View {
///         @Namespace private var cards
///         var body: some View { … .matchedGeometryEffect(id: card.id, in: cards) }
///     }
@propertyWrapper
public struct Namespace: DynamicProperty, Sendable {
    /// The namespace's id, once the view is installed.
    var _id: ID?

    public init() {}

    public var wrappedValue: ID {
        guard let _id else {
            _stateWarning("Reading a Namespace property outside View.body. "
                + "This will result in identifiers that never match any other identifier.")
            return ID.make()
        }
        return _id
    }

    /// A namespace's identity.
    public struct ID: Hashable, Sendable, CustomStringConvertible {
        let value: Int

        public var description: String { "namespace \(value)" }

        /// Namespaces are made on the main actor, as views' properties are installed.
        nonisolated(unsafe) private static var next = 0

        static func make() -> ID {
            next += 1
            return ID(value: next)
        }
    }
}

/// A namespace's storage: its id, made on the view's first body run.
final class NamespaceStorage {
    let id: Namespace.ID

    init(id: Namespace.ID) {
        self.id = id
    }
}

extension Namespace: LinkedProperty {
    static func _makeLink(field: UnsafeRawPointer, name: String, context: LinkContext) -> PropertyLink {
        let storage = NamespaceStorage(id: .make())
        return PropertyLink(object: storage, attribute: Attribute(value: storage.id.value).identifier)
    }

    static func _install(field: UnsafeMutableRawPointer, link: PropertyLink) {
        field.assumingMemoryBound(to: Namespace.self).pointee._id =
            unsafeDowncast(link.object.unsafelyUnwrapped, to: NamespaceStorage.self).id
    }
}

/// Which of a view's geometry a matched-geometry effect shares (SwiftUI's
/// `MatchedGeometryProperties`).
public struct MatchedGeometryProperties: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let position = MatchedGeometryProperties(rawValue: 1 << 0)
    public static let size = MatchedGeometryProperties(rawValue: 1 << 1)
    public static let frame: MatchedGeometryProperties = [.position, .size]
}

extension View {
    /// Makes this view share its geometry with the other views of `id` in `namespace` (SwiftUI's
    /// `matchedGeometryEffect`). Headless nothing moves: the effect is recorded on the view's
    /// nodes (`matchedGeometryEffect=id: 1, in: namespace 3`).
    public func matchedGeometryEffect<ID: Hashable>(
        id: ID, in namespace: Namespace.ID, properties: MatchedGeometryProperties = .frame, anchor: UnitPoint = .center,
        isSource: Bool = true
    ) -> ModifiedContent<Self, _StyleModifier> {
        var value = "id: \(id), in: \(namespace)"
        if properties != .frame { value += properties == .position ? ", properties: .position" : ", properties: .size" }
        if anchor != .center { value += ", anchor: \(_unitPointDescription(anchor))" }
        if !isSource { value += ", isSource: false" }
        return modifier(_StyleModifier(key: "matchedGeometryEffect", value: value))
    }
}
