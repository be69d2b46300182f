import Foundation

/// The compiler's side of the plugin conversation, as far as this plugin needs it: messages are
/// JSON objects keyed by the message name, each framed by its byte count as a little-endian `UInt64`.
package enum PluginMessages {
    /// The protocol version this plugin speaks (freestanding expansions with a role and discriminator).
    package static let protocolVersion = 7

    /// The reply to one message from the compiler (a JSON object), as a JSON object.
    package static func reply(to message: [String: Any]) -> [String: Any] {
        if message["getCapability"] != nil {
            return ["getCapabilityResult": ["capability": ["protocolVersion": protocolVersion]]]
        }
        if let request = message["expandFreestandingMacro"] as? [String: Any] {
            let discriminator = request["discriminator"] as? String ?? ""
            let syntax = request["syntax"] as? [String: Any]
            let source = syntax?["source"] as? String ?? ""
            if let expanded = PreviewExpansion.expand(source: source, discriminator: discriminator) {
                return result(expandedSource: expanded, error: nil)
            }
            return result(expandedSource: nil, error: "DeclarativeViewsMacros: not a #Preview use: \(source)")
        }
        return result(expandedSource: nil, error: "DeclarativeViewsMacros: unsupported request \(message.keys.sorted())")
    }

    private static func result(expandedSource: String?, error: String?) -> [String: Any] {
        var body: [String: Any] = ["diagnostics": []]
        if let expandedSource { body["expandedSource"] = expandedSource }
        if let error {
            let position: [String: Any] = ["fileName": "", "offset": 0]
            body["diagnostics"] = [
                [
                    "message": error, "severity": "error", "position": position, "highlights": [], "notes": [],
                    "fixIts": [],
                ] as [String: Any]
            ]
        }
        return ["expandMacroResult": body]
    }

    /// One framed message: its length as 8 little-endian bytes, then its JSON.
    package static func frame(_ object: [String: Any]) throws -> Data {
        let json = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        var data = Data()
        withUnsafeBytes(of: UInt64(json.count).littleEndian) { data.append(contentsOf: $0) }
        data.append(json)
        return data
    }

    /// The longest request this plugin reads (a `#Preview` use with its whole body is far shorter).
    package static let maximumLength = 64 << 20

    /// The length a frame header announces, or `nil` when it is more than ``maximumLength``.
    package static func length(ofHeader header: Data) -> Int? {
        var value: UInt64 = 0
        for (shift, byte) in header.prefix(8).enumerated() { value |= UInt64(byte) << (8 * UInt64(shift)) }
        return value <= UInt64(maximumLength) ? Int(value) : nil
    }

    /// The framed reply to one request's bytes, or why there is none (what the plugin reports on
    /// standard error before it exits with status 1).
    package static func answer(_ body: Data) -> Result<Data, PluginFailure> {
        guard let message = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] else {
            return .failure(PluginFailure(
                "a \(body.count)-byte request is not a JSON object: \(String(decoding: body.prefix(160), as: UTF8.self))"))
        }
        guard let reply = try? frame(reply(to: message)) else {
            return .failure(PluginFailure("cannot encode the reply to \(message.keys.sorted())"))
        }
        return .success(reply)
    }
}

/// Why the plugin cannot answer a request.
package struct PluginFailure: Error, Equatable {
    package let message: String

    init(_ message: String) {
        self.message = message
    }
}
