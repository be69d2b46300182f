import Foundation

// Transferable values (CoreTransferable's `Transferable`, which Linux lacks): a type says how it
// travels — as Codable JSON, as data, as a file, or as another transferable type — in its
// `transferRepresentation`. Headless, a drag and drop (``ViewHost/dragAndDrop(_:onto:at:)``)
// exports the dragged value through the first of its representations the destination's type
// imports, and imports it from those bytes.

/// A type whose values can be dragged, dropped, shared and copied (CoreTransferable's
/// `Transferable`). Its metatype is sendable: the representations' conversions, which may run
/// off the main actor, use it.
public protocol Transferable: SendableMetatype {
    /// How values travel.
    associatedtype Representation: TransferRepresentation
    /// The ways values travel, the preferred first.
    @TransferRepresentationBuilder<Self> static var transferRepresentation: Representation { get }
}

/// One way values of `Item` travel (CoreTransferable's `TransferRepresentation`): a primitive
/// representation (``CodableRepresentation``, ``DataRepresentation``, ``FileRepresentation``,
/// ``ProxyRepresentation``), or one made of others in its `body`.
public protocol TransferRepresentation<Item> {
    /// The type whose values travel this way.
    associatedtype Item: Transferable
    /// The representations this one is made of (`Never` for a primitive one).
    associatedtype Body: TransferRepresentation
    @TransferRepresentationBuilder<Item> var body: Body { get }
    /// The content types this representation exports and imports, and how.
    func _conversions() -> [_TransferConversion<Item>]
}

extension TransferRepresentation where Body.Item == Item {
    public func _conversions() -> [_TransferConversion<Item>] { body._conversions() }
}

extension TransferRepresentation where Body == Never {
    public var body: Never { fatalError("DeclarativeViews: \(Self.self) is a primitive transfer representation.") }
}

extension Never: Transferable {
    public static var transferRepresentation: Never {
        // An explicit return: no builder.
        return fatalError("DeclarativeViews: Never has no values to transfer.")
    }
}

// `@preconcurrency`: `Never`'s `body` is `View`'s, on the main actor; it is never called.
extension Never: @preconcurrency TransferRepresentation {
    public typealias Item = Never
    public func _conversions() -> [_TransferConversion<Never>] { [] }
}

/// How values of `Item` become bytes of a content type, and back: either may be missing (an
/// export-only or import-only representation).
public struct _TransferConversion<Item> {
    let contentType: UTType
    let export: (@Sendable (Item) async throws -> Data)?
    let `import`: (@Sendable (Data) async throws -> Item)?

    /// The same conversion through `proxy`: exporting a value exports its proxy, importing
    /// imports a proxy and converts it.
    func proxied<Outer>(exporting: (@Sendable (Outer) async throws -> Item)?,
                        importing: (@Sendable (Item) async throws -> Outer)?) -> _TransferConversion<Outer> {
        var outerExport: (@Sendable (Outer) async throws -> Data)?
        if let exporting, let export {
            outerExport = { outer in try await export(exporting(outer)) }
        }
        var outerImport: (@Sendable (Data) async throws -> Outer)?
        if let importing, let decode = self.import {
            outerImport = { data in try await importing(decode(data)) }
        }
        return _TransferConversion<Outer>(contentType: contentType, export: outerExport, import: outerImport)
    }
}

/// The representations of a ``Transferable/transferRepresentation``, in order
/// (CoreTransferable's `TransferRepresentationBuilder`).
@resultBuilder
public enum TransferRepresentationBuilder<Item: Transferable> {
    public static func buildExpression<R: TransferRepresentation>(_ representation: R) -> _TransferRepresentationList<Item>
        where R.Item == Item
    {
        _TransferRepresentationList(conversions: representation._conversions())
    }

    public static func buildBlock(_ parts: _TransferRepresentationList<Item>...) -> _TransferRepresentationList<Item> {
        _TransferRepresentationList(conversions: parts.flatMap(\.conversions))
    }

    public static func buildOptional(_ part: _TransferRepresentationList<Item>?) -> _TransferRepresentationList<Item> {
        part ?? _TransferRepresentationList(conversions: [])
    }

    public static func buildEither(first part: _TransferRepresentationList<Item>) -> _TransferRepresentationList<Item> { part }
    public static func buildEither(second part: _TransferRepresentationList<Item>) -> _TransferRepresentationList<Item> { part }
    public static func buildLimitedAvailability(_ part: _TransferRepresentationList<Item>) -> _TransferRepresentationList<Item> { part }
}

/// The representations a ``TransferRepresentationBuilder`` collected, the preferred first.
public struct _TransferRepresentationList<Item: Transferable>: TransferRepresentation {
    public typealias Body = Never
    let conversions: [_TransferConversion<Item>]
    public func _conversions() -> [_TransferConversion<Item>] { conversions }
}

/// Why a transfer failed.
enum TransferError: Error, CustomStringConvertible {
    /// None of the source's exported types is one the destination imports.
    case noCommonType(exported: [UTType], imported: [UTType])

    var description: String {
        switch self {
        case .noCommonType(let exported, let imported):
            "none of the exported types \(exported) is imported (\(imported))"
        }
    }
}

extension Transferable {
    /// The conversions of the type's representations, the preferred first.
    static var _transferConversions: [_TransferConversion<Self>] {
        let conversions = transferRepresentation._conversions()
        return conversions as? [_TransferConversion<Self>] ?? []
    }

    /// Exports `self` as the first of its types that `Destination` imports, and imports it as a
    /// `Destination` (a drag and drop, headless).
    func _transfer<Destination: Transferable>(as destination: Destination.Type) async throws -> Destination {
        let exports = Self._transferConversions.filter { $0.export != nil }
        let imports = Destination._transferConversions.filter { $0.import != nil }
        for export in exports {
            if let match = imports.first(where: { export.contentType.conforms(to: $0.contentType) }) {
                return try await match.import!(export.export!(self))
            }
        }
        throw TransferError.noCommonType(exported: exports.map(\.contentType), imported: imports.map(\.contentType))
    }
}
