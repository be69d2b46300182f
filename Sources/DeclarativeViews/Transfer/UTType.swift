import Foundation

/// A kind of content, by its uniform type identifier (UniformTypeIdentifiers' `UTType`, which
/// Linux lacks): what a ``TransferRepresentation`` exports and imports. Headless, a type conforms
/// to another when they are the same or the other is one of its supertypes as declared here
/// (`public.utf8-plain-text` is `public.plain-text` is `public.text` is `public.data`).
public struct UTType: Hashable, Sendable, CustomStringConvertible {
    /// The identifier: `public.json`, `com.example.photo`.
    public let identifier: String
    /// The types this one conforms to directly.
    let parents: [String]

    init(identifier: String, parents: [String]) {
        self.identifier = identifier
        self.parents = parents
    }

    /// The type with `identifier`, one of the declared ones or a new one conforming to `public.data`.
    public init?(_ identifier: String) {
        guard !identifier.isEmpty else { return nil }
        self = UTType.declared[identifier] ?? UTType(identifier: identifier, parents: ["public.data"])
    }

    /// A type the app declares (exports), conforming to `supertype`.
    public init(exportedAs identifier: String, conformingTo supertype: UTType? = nil) {
        self.init(identifier: identifier, parents: [(supertype ?? .data).identifier])
    }

    /// A type another app declares, that this app imports, conforming to `supertype`.
    public init(importedAs identifier: String, conformingTo supertype: UTType? = nil) {
        self.init(exportedAs: identifier, conformingTo: supertype)
    }

    /// Whether content of this type is also of `type`.
    public func conforms(to type: UTType) -> Bool {
        identifier == type.identifier || parents.contains(type.identifier)
            || parents.contains { UTType.declared[$0]?.conforms(to: type) ?? false }
    }

    public var description: String { identifier }

    public static func == (lhs: UTType, rhs: UTType) -> Bool { lhs.identifier == rhs.identifier }
    public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }

    public static let item = UTType(identifier: "public.item", parents: [])
    public static let content = UTType(identifier: "public.content", parents: ["public.item"])
    public static let data = UTType(identifier: "public.data", parents: ["public.item"])
    public static let text = UTType(identifier: "public.text", parents: ["public.data", "public.content"])
    public static let plainText = UTType(identifier: "public.plain-text", parents: ["public.text"])
    public static let utf8PlainText = UTType(identifier: "public.utf8-plain-text", parents: ["public.plain-text"])
    public static let json = UTType(identifier: "public.json", parents: ["public.text"])
    public static let url = UTType(identifier: "public.url", parents: ["public.data"])
    public static let fileURL = UTType(identifier: "public.file-url", parents: ["public.url"])
    public static let image = UTType(identifier: "public.image", parents: ["public.data", "public.content"])
    public static let png = UTType(identifier: "public.png", parents: ["public.image"])
    public static let jpeg = UTType(identifier: "public.jpeg", parents: ["public.image"])
    public static let pdf = UTType(identifier: "com.adobe.pdf", parents: ["public.data", "public.content"])
    public static let rtf = UTType(identifier: "public.rtf", parents: ["public.text"])

    /// The types declared above, by identifier.
    static let declared: [String: UTType] = Dictionary(
        uniqueKeysWithValues: [item, content, data, text, plainText, utf8PlainText, json, url, fileURL, image, png, jpeg, pdf, rtf]
            .map { ($0.identifier, $0) })
}
