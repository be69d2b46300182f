/// The wire format of AttributeGraph's debug server, which AttrGraph's `DebugServer` speaks and
/// `agdump --connect` reads: the framing both sides share, so that neither can drift from the other.
///
/// A connection carries messages both ways, each a 16-byte header — four 32-bit fields, little-endian
/// (the byte order AttributeGraph writes them in on every machine it runs on) — followed by
/// `length` bytes of body:
///
///     offset 0   token     the server's token (the `token=` of its URL); a reply echoes it
///     offset 4   reserved  unused; a reply echoes the request's
///     offset 8   length    the body's length in bytes
///     offset 12  reserved  unused; zero in a reply
///
/// A request's body is a JSON object with a `"command"`; the reply's body is JSON too. A request
/// the server will not answer (a wrong token, a body over ``maxRequestLength``, a body that is not
/// a JSON object with a known command) gets no reply: the server closes the connection.
package struct DebugMessageHeader: Equatable, Sendable {
    /// The size of a header on the wire.
    package static let size = 16

    package var token: UInt32
    /// The second field (AttributeGraph's is unused): echoed in replies.
    package var reserved: UInt32
    package var length: UInt32
    /// The fourth field (unused): zero in replies.
    package var reserved2: UInt32

    package init(token: UInt32, reserved: UInt32 = 0, length: UInt32, reserved2: UInt32 = 0) {
        self.token = token
        self.reserved = reserved
        self.length = length
        self.reserved2 = reserved2
    }

    /// Reads a header from the first ``size`` bytes of `bytes` (`nil` when there are fewer).
    package init?(_ bytes: some Collection<UInt8>) {
        guard bytes.count >= Self.size else { return nil }
        var fields: [UInt32] = []
        var iterator = bytes.makeIterator()
        for _ in 0..<4 {
            var value: UInt32 = 0
            for shift in stride(from: 0, to: 32, by: 8) {
                value |= UInt32(iterator.next()!) << UInt32(shift)
            }
            fields.append(value)
        }
        self.init(token: fields[0], reserved: fields[1], length: fields[2], reserved2: fields[3])
    }

    /// The header's 16 bytes on the wire.
    package var bytes: [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(Self.size)
        for field in [token, reserved, length, reserved2] {
            for shift in stride(from: 0, to: 32, by: 8) {
                result.append(UInt8(truncatingIfNeeded: field >> UInt32(shift)))
            }
        }
        return result
    }
}

/// The debug server's commands, URL and limits.
package enum DebugProtocol {
    /// The largest request body a server reads (16 MiB); a header announcing more closes the
    /// connection. Requests are a few dozen bytes.
    package static let maxRequestLength = 16 << 20

    /// The commands AttributeGraph's server answers (`{"command": "graph/description", …}`).
    package enum Command: String, CaseIterable, Sendable {
        /// Every graph as `graph/dict` archive JSON (what `Graph.description(nil, options:)` returns).
        case graphDescription = "graph/description"
        case profilerStart = "profiler/start"
        case profilerStop = "profiler/stop"
        case profilerReset = "profiler/reset"
        case profilerMark = "profiler/mark"
    }

    /// A server's address as its URL gives it.
    package struct Address: Equatable, Sendable {
        /// An IPv4 address in dotted-decimal form.
        package var host: String
        package var port: UInt16
        package var token: UInt32

        package init(host: String, port: UInt16, token: UInt32) {
            self.host = host
            self.port = port
            self.token = token
        }

        /// `graph://HOST:PORT/?token=TOKEN`, the form AttributeGraph prints.
        package var url: String { "graph://\(host):\(port)/?token=\(token)" }

        /// Reads `graph://HOST:PORT/?token=TOKEN` (the path `/` is optional; other query items are
        /// ignored). HOST is an IPv4 address in dotted-decimal form or `localhost` (read as
        /// 127.0.0.1); PORT is 1–65535; TOKEN is a decimal 32-bit number and appears once.
        /// Anything else is a failure that says why.
        package static func parse(_ text: String) -> Result<Address, ParseError> {
            let prefix = "graph://"
            guard text.hasPrefix(prefix) else { return .failure(ParseError("it does not start with graph://")) }
            var rest = Substring(text.dropFirst(prefix.count))
            let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
            let authority = rest[..<authorityEnd]
            rest = rest[authorityEnd...]
            if rest.hasPrefix("/") { rest = rest.dropFirst() }
            guard rest.hasPrefix("?") else { return .failure(ParseError("it has no ?token=")) }
            rest = rest.dropFirst()
            guard let colon = authority.lastIndex(of: ":") else { return .failure(ParseError("it has no port")) }
            var host = String(authority[..<colon])
            let portText = authority[authority.index(after: colon)...]
            if host == "localhost" { host = "127.0.0.1" }
            guard isIPv4(host) else { return .failure(ParseError("its host is not an IPv4 address such as 127.0.0.1")) }
            guard isDecimal(portText), let port = UInt16(portText), port > 0 else {
                return .failure(ParseError("its port is not a number from 1 to 65535"))
            }
            var token: UInt32?
            for item in rest.split(separator: "&", omittingEmptySubsequences: true) {
                guard item.hasPrefix("token=") else { continue }
                let value = item.dropFirst("token=".count)
                guard token == nil else { return .failure(ParseError("it has more than one token")) }
                guard isDecimal(value), let number = UInt32(value) else {
                    return .failure(ParseError("its token is not a number from 0 to 4294967295"))
                }
                token = number
            }
            guard let token else { return .failure(ParseError("it has no ?token=")) }
            return .success(Address(host: host, port: port, token: token))
        }

        /// Why a URL was refused.
        package struct ParseError: Error, Equatable {
            package var reason: String
            init(_ reason: String) { self.reason = reason }
        }

        static func isDecimal(_ text: Substring) -> Bool {
            !text.isEmpty && text.count <= 10 && text.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        }

        static func isIPv4(_ host: String) -> Bool {
            let parts = host.split(separator: ".", omittingEmptySubsequences: false)
            return parts.count == 4 && parts.allSatisfy { isDecimal($0) && $0.count <= 3 && Int($0)! <= 255 }
        }
    }
}
