import Foundation

/// A type that defines methods for decoding (Combine's `TopLevelDecoder`): `JSONDecoder` and
/// `PropertyListDecoder` conform.
public protocol TopLevelDecoder {
    /// The type this decoder accepts.
    associatedtype Input

    /// Decodes an instance of the indicated type.
    func decode<T: Decodable>(_ type: T.Type, from: Input) throws -> T
}

/// A type that defines methods for encoding (Combine's `TopLevelEncoder`): `JSONEncoder` and
/// `PropertyListEncoder` conform.
public protocol TopLevelEncoder {
    /// The type this encoder produces.
    associatedtype Output

    /// Encodes an instance of the indicated type.
    func encode<T: Encodable>(_ value: T) throws -> Output
}

extension JSONDecoder: TopLevelDecoder {}
extension JSONEncoder: TopLevelEncoder {}
extension PropertyListDecoder: TopLevelDecoder {}
extension PropertyListEncoder: TopLevelEncoder {}

extension Publisher {
    /// Decodes the output from the upstream using a specified decoder; a decoding error fails the publisher.
    ///
    ///     session.dataTaskPublisher(for: url).map(\.data).decode(type: [Item].self, decoder: JSONDecoder())
    public func decode<Item: Decodable, Coder: TopLevelDecoder>(
        type: Item.Type, decoder: Coder
    ) -> Publishers.Decode<Self, Item, Coder> where Output == Coder.Input {
        Publishers.Decode(upstream: self, decoder: decoder)
    }
}

extension Publisher where Output: Encodable {
    /// Encodes the output from upstream using a specified encoder; an encoding error fails the publisher.
    public func encode<Coder: TopLevelEncoder>(encoder: Coder) -> Publishers.Encode<Self, Coder> {
        Publishers.Encode(upstream: self, encoder: encoder)
    }
}

extension Publishers {
    /// A publisher that decodes the output of its upstream.
    public struct Decode<Upstream: Publisher, Output: Decodable, Coder: TopLevelDecoder>: Publisher
    where Upstream.Output == Coder.Input {
        public typealias Failure = Error

        public let upstream: Upstream
        private let decoder: Coder

        public init(upstream: Upstream, decoder: Coder) {
            self.upstream = upstream
            self.decoder = decoder
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let decoder = self.decoder
            upstream.subscribe(
                Transform<Upstream.Output, Upstream.Failure, S>(trying: "Decode", subscriber) { input in
                    do { return .send(try decoder.decode(Output.self, from: input)) } catch { return .fail(error) }
                })
        }
    }

    /// A publisher that encodes the output of its upstream.
    public struct Encode<Upstream: Publisher, Coder: TopLevelEncoder>: Publisher where Upstream.Output: Encodable {
        public typealias Output = Coder.Output
        public typealias Failure = Error

        public let upstream: Upstream
        private let encoder: Coder

        public init(upstream: Upstream, encoder: Coder) {
            self.upstream = upstream
            self.encoder = encoder
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let encoder = self.encoder
            upstream.subscribe(
                Transform<Upstream.Output, Upstream.Failure, S>(trying: "Encode", subscriber) { input in
                    do { return .send(try encoder.encode(input)) } catch { return .fail(error) }
                })
        }
    }
}
