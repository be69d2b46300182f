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
                guard let type = _typeByName(typeName) as? any (Decodable & Hashable).Type else {
                    throw DecodingError.dataCorruptedError(
                        in: container, debugDescription: "No Decodable & Hashable type is named \(typeName).")
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
