import Foundation

// A navigation path written out and read back, for state restoration:
//
//     let data = try JSONEncoder().encode(path.codable)
//     …
//     path = NavigationPath(try JSONDecoder().decode(NavigationPath.CodableRepresentation.self, from: data))
//
// Each element is written as its type's name and its JSON; reading finds the type by its name
// again, so only paths whose elements are all `Codable` have a representation.

extension NavigationPath {
    /// A path in a form that can be encoded and decoded (SwiftUI's
    /// `NavigationPath.CodableRepresentation`): encoded as a list of strings, each element's type
    /// name followed by its JSON, in path order.
    public struct CodableRepresentation: Codable {
        var elements: [AnyHashable]

        public init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            var elements: [AnyHashable] = []
            while !container.isAtEnd {
                let typeName = try container.decode(String.self)
                let json = try container.decode(String.self)
                // Saved data is untrusted: only a name that could be a mangled type name reaches
                // the runtime's type lookup (its demangler recurses per level of nesting).
                guard Self.couldBeMangledTypeName(typeName),
                    let type = _typeByName(typeName) as? any (Decodable & Hashable).Type
                else {
                    throw DecodingError.dataCorruptedError(
                        in: container, debugDescription: "No Decodable & Hashable type is named \(typeName.prefix(80).debugDescription)\(typeName.count > 80 ? " (\(typeName.count) characters)" : "").")
                }
                elements.append(try Self.decode(type, from: Data(json.utf8)))
            }
            self.elements = elements
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            for element in elements {
                guard let value = element.base as? any Encodable else {
                    throw EncodingError.invalidValue(
                        element.base, .init(codingPath: container.codingPath, debugDescription: "\(type(of: element.base)) is not Encodable."))
                }
                try container.encode(_mangledTypeName(type(of: value)) ?? "")
                try container.encode(String(decoding: try JSONEncoder().encode(value), as: UTF8.self))
            }
        }

        /// The longest type name a saved path may hold: a mangled name of a few nested generic
        /// types is far shorter; a longer one is refused before the type lookup.
        static let longestTypeName = 1_024

        /// Whether `name` is short enough and made of the characters mangled names use (ASCII
        /// letters, digits, `_`, `$`, `.`; identifiers in other scripts are Punycode in them).
        static func couldBeMangledTypeName(_ name: String) -> Bool {
            let bytes = name.utf8
            guard !bytes.isEmpty, bytes.count <= longestTypeName else { return false }
            return bytes.allSatisfy { byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                    || byte == 0x5F || byte == 0x24 || byte == 0x2E
            }
        }

        init(elements: [AnyHashable]) {
            self.elements = elements
        }

        private static func decode<T: Decodable & Hashable>(_ type: T.Type, from data: Data) throws -> AnyHashable {
            AnyHashable(try JSONDecoder().decode(T.self, from: data))
        }
    }

    /// The path in a codable form, or `nil` when one of its elements is not `Codable`.
    public var codable: NavigationPath.CodableRepresentation? {
        let codable = elements.allSatisfy { $0.base is any Encodable && type(of: $0.base) is any Decodable.Type }
        return codable ? CodableRepresentation(elements: elements) : nil
    }

    /// The path a codable representation describes.
    public init(_ codable: NavigationPath.CodableRepresentation) {
        self.init()
        elements = codable.elements
    }
}
