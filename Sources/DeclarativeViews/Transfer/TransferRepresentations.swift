import Foundation

// The primitive representations (CoreTransferable's): Codable JSON, bytes, a file, or another
// transferable type. Each declares the content type it travels as and how a value becomes bytes
// of it and back.

/// Values travel as their JSON encoding (CoreTransferable's `CodableRepresentation`).
public struct CodableRepresentation<Item: Transferable & Codable, Encoder, Decoder>: TransferRepresentation {
    public typealias Body = Never
    let contentType: UTType

    /// Values of `itemType` travel as JSON of `contentType`.
    public init(for itemType: Item.Type = Item.self, contentType: UTType) where Encoder == JSONEncoder, Decoder == JSONDecoder {
        self.contentType = contentType
    }

    public func _conversions() -> [_TransferConversion<Item>] {
        [_TransferConversion(contentType: contentType,
                             export: { try JSONEncoder().encode($0) },
                             import: { try JSONDecoder().decode(Item.self, from: $0) })]
    }
}

/// Values travel as bytes the app makes and reads (CoreTransferable's `DataRepresentation`).
public struct DataRepresentation<Item: Transferable>: TransferRepresentation {
    public typealias Body = Never
    let conversion: _TransferConversion<Item>

    /// Values travel as `contentType` both ways.
    public init(contentType: UTType, exporting: @escaping @Sendable (Item) async throws -> Data,
                importing: @escaping @Sendable (Data) async throws -> Item) {
        conversion = _TransferConversion(contentType: contentType, export: exporting, import: importing)
    }

    /// Values leave as `contentType` (they cannot arrive this way).
    public init(exportedContentType contentType: UTType, exporting: @escaping @Sendable (Item) async throws -> Data) {
        conversion = _TransferConversion(contentType: contentType, export: exporting, import: nil)
    }

    /// Values arrive as `contentType` (they cannot leave this way).
    public init(importedContentType contentType: UTType, importing: @escaping @Sendable (Data) async throws -> Item) {
        conversion = _TransferConversion(contentType: contentType, export: nil, import: importing)
    }

    public func _conversions() -> [_TransferConversion<Item>] { [conversion] }
}

/// Values travel as another transferable value (CoreTransferable's `ProxyRepresentation`): a
/// photo as its URL, a tag as its `String`.
public struct ProxyRepresentation<Item: Transferable, ProxyRepresentation: Transferable>: TransferRepresentation {
    public typealias Body = Never
    let exporting: (@Sendable (Item) async throws -> ProxyRepresentation)?
    let importing: (@Sendable (ProxyRepresentation) async throws -> Item)?

    /// Values leave as the proxy `exporting` makes.
    public init(exporting: @escaping @Sendable (Item) throws -> ProxyRepresentation) {
        self.exporting = { try exporting($0) }
        importing = nil
    }

    /// Values leave as the proxy `exporting` makes and arrive as one `importing` converts.
    public init(exporting: @escaping @Sendable (Item) throws -> ProxyRepresentation,
                importing: @escaping @Sendable (ProxyRepresentation) async throws -> Item) {
        self.exporting = { try exporting($0) }
        self.importing = importing
    }

    /// Values arrive as a proxy `importing` converts.
    public init(importing: @escaping @Sendable (ProxyRepresentation) async throws -> Item) {
        exporting = nil
        self.importing = importing
    }

    public func _conversions() -> [_TransferConversion<Item>] {
        ProxyRepresentation._transferConversions.map { $0.proxied(exporting: exporting, importing: importing) }
    }
}

/// A file a value leaves as (CoreTransferable's `SentTransferredFile`).
public struct SentTransferredFile: Sendable {
    public let file: URL
    public let allowAccessingOriginalFile: Bool

    public init(_ file: URL, allowAccessingOriginalFile: Bool = false) {
        self.file = file
        self.allowAccessingOriginalFile = allowAccessingOriginalFile
    }
}

/// A file a value arrives as (CoreTransferable's `ReceivedTransferredFile`): headless, a copy
/// in the temporary directory.
public struct ReceivedTransferredFile: Sendable {
    public let file: URL
    public let isOriginalFile: Bool
}

/// Values travel as files (CoreTransferable's `FileRepresentation`). Headless, the file's bytes
/// travel and arrive as a new temporary file with the same name.
public struct FileRepresentation<Item: Transferable>: TransferRepresentation {
    public typealias Body = Never
    let conversion: _TransferConversion<Item>

    /// Values travel as files of `contentType` both ways.
    public init(contentType: UTType, shouldAttemptToOpenInPlace: Bool = false,
                exporting: @escaping @Sendable (Item) async throws -> SentTransferredFile,
                importing: @escaping @Sendable (ReceivedTransferredFile) async throws -> Item) {
        conversion = _TransferConversion(contentType: contentType, export: Self.export(exporting), import: Self.import(importing))
    }

    /// Values leave as files of `contentType`.
    public init(exportedContentType contentType: UTType, shouldAllowToOpenInPlace: Bool = false,
                exporting: @escaping @Sendable (Item) async throws -> SentTransferredFile) {
        conversion = _TransferConversion(contentType: contentType, export: Self.export(exporting), import: nil)
    }

    /// Values arrive as files of `contentType`.
    public init(importedContentType contentType: UTType, shouldAttemptToOpenInPlace: Bool = false,
                importing: @escaping @Sendable (ReceivedTransferredFile) async throws -> Item) {
        conversion = _TransferConversion(contentType: contentType, export: nil, import: Self.import(importing))
    }

    public func _conversions() -> [_TransferConversion<Item>] { [conversion] }

    /// The file's name and bytes, as JSON.
    private struct Payload: Codable {
        let name: String
        let contents: Data
    }

    private static func export(_ exporting: @escaping @Sendable (Item) async throws -> SentTransferredFile)
        -> @Sendable (Item) async throws -> Data
    {
        { item in
            let file = try await exporting(item).file
            return try JSONEncoder().encode(Payload(name: file.lastPathComponent, contents: Data(contentsOf: file)))
        }
    }

    private static func `import`(_ importing: @escaping @Sendable (ReceivedTransferredFile) async throws -> Item)
        -> @Sendable (Data) async throws -> Item
    {
        { data in
            let payload = try JSONDecoder().decode(Payload.self, from: data)
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let file = folder.appendingPathComponent(payload.name)
            try payload.contents.write(to: file)
            return try await importing(ReceivedTransferredFile(file: file, isOriginalFile: false))
        }
    }
}

// MARK: - The values that travel as they are

extension String: Transferable {
    public static var transferRepresentation: some TransferRepresentation {
        DataRepresentation<String>(contentType: .utf8PlainText, exporting: { Data($0.utf8) },
                                   importing: { String(decoding: $0, as: UTF8.self) })
    }
}

extension Data: Transferable {
    public static var transferRepresentation: some TransferRepresentation {
        DataRepresentation<Data>(contentType: .data, exporting: { $0 }, importing: { $0 })
    }
}

extension URL: Transferable {
    public static var transferRepresentation: some TransferRepresentation {
        DataRepresentation<URL>(contentType: .url, exporting: { Data($0.absoluteString.utf8) }, importing: { data in
            guard let url = URL(string: String(decoding: data, as: UTF8.self)) else { throw CocoaError(.coderInvalidValue) }
            return url
        })
    }
}

extension Color: Transferable {
    /// A color travels as its sRGB components.
    public static var transferRepresentation: some TransferRepresentation {
        DataRepresentation<Color>(contentType: UTType(exportedAs: "com.apple.uikit.color"), exporting: { color in
            let resolved = color.resolve(in: EnvironmentValues())
            return try JSONEncoder().encode([resolved.red, resolved.green, resolved.blue, resolved.opacity])
        }, importing: { data in
            let components = try JSONDecoder().decode([Float].self, from: data)
            guard components.count == 4 else { throw CocoaError(.coderInvalidValue) }
            return Color(Color.Resolved(red: components[0], green: components[1], blue: components[2], opacity: components[3]))
        })
    }
}
