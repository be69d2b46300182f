#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import AttrGraphArchive
import Foundation

/// A byte stream to a debug server: the socket, or bytes a test supplies.
package protocol DebugTransport: AnyObject {
    /// Sends all of `bytes` before `deadline`.
    func send(_ bytes: [UInt8], before deadline: ContinuousClock.Instant) throws(AGDumpError)
    /// Up to `count` bytes, at least one, received before `deadline`; empty when the server has
    /// closed the connection.
    func receive(upTo count: Int, before deadline: ContinuousClock.Instant) throws(AGDumpError) -> [UInt8]
}

/// `agdump --connect URL`: asks a running debug server (AttrGraph's `DebugServer`, or
/// AttributeGraph's) for the description of every live graph, the `graph/dict` archive JSON
/// that agdump then reads as it reads a file.
///
/// One request, `{"command":"graph/description","all_graphs":true,"include-values":true}`, one
/// reply, both framed by `DebugMessageHeader`. Every failure is an ``AGDumpError``: no server
/// at the address, a server that closes without answering (a wrong token) or stops halfway, no
/// answer within the timeout, a reply that is not the protocol's (exit 13, ``ExitCode/connectionFailed``),
/// a reply longer than `--max-size` (exit 11); what the reply says is then checked like any archive.
package enum DebugClient {
    /// The default `--timeout`, in seconds: the whole exchange, connecting included.
    package static let defaultTimeout = 10.0

    /// The request agdump sends.
    package static let request = Array(#"{"command":"graph/description","all_graphs":true,"include-values":true}"#.utf8)

    /// The reply body of the description request to `address`, read through `transport`.
    package static func fetchDescription(
        from address: DebugProtocol.Address, timeout: Double, limit: Int,
        connect: (DebugProtocol.Address, ContinuousClock.Instant) throws(AGDumpError) -> any DebugTransport
    ) throws(AGDumpError) -> [UInt8] {
        let deadline = ContinuousClock.now + .milliseconds(Int64((timeout * 1000).rounded(.up)))
        let transport = try connect(address, deadline)
        let header = DebugMessageHeader(token: address.token, length: UInt32(request.count))
        try transport.send(header.bytes + request, before: deadline)
        let head = try receive(DebugMessageHeader.size, from: transport, address: address, deadline: deadline, part: "header")
        guard let reply = DebugMessageHeader(head), reply.token == address.token else {
            throw AGDumpError(
                .connectionFailed,
                "agdump: \(address.url) answered with something other than a debug-server reply (its token is not the URL's): "
                    + "is that port the debug server's?")
        }
        guard Int(reply.length) <= limit else {
            throw AGDumpError(
                .inputTooLarge,
                "agdump: \(address.url): the reply is \(reply.length) bytes, more than --max-size (\(limit)): "
                    + "give a larger --max-size if that is expected")
        }
        return try receive(Int(reply.length), from: transport, address: address, deadline: deadline, part: "reply")
    }

    /// Exactly `count` bytes, or an error saying how far the reply got.
    static func receive(
        _ count: Int, from transport: any DebugTransport, address: DebugProtocol.Address, deadline: ContinuousClock.Instant,
        part: String
    ) throws(AGDumpError) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(count, 1 << 20))
        while bytes.count < count {
            let chunk = try transport.receive(upTo: min(count - bytes.count, 1 << 20), before: deadline)
            if chunk.isEmpty {
                if part == "header" && bytes.isEmpty {
                    throw AGDumpError(
                        .connectionFailed,
                        "agdump: \(address.url) closed the connection without answering: the token is wrong (the server "
                            + "prints a new URL each time it starts) or the server refused the request")
                }
                throw AGDumpError(
                    .connectionFailed,
                    "agdump: \(address.url) closed the connection after \(bytes.count) of the \(count) bytes of its \(part): "
                        + "the process may have stopped; try again")
            }
            bytes += chunk.prefix(count - bytes.count)
        }
        return bytes
    }

    /// Connects to `address` over TCP before `deadline`.
    package static func connectSocket(
        to address: DebugProtocol.Address, before deadline: ContinuousClock.Instant
    ) throws(AGDumpError) -> any DebugTransport {
        try SocketTransport(address: address, deadline: deadline)
    }
}

/// The TCP connection to a debug server: a non-blocking socket waited on with `poll`, so that
/// every call keeps to the exchange's deadline.
package final class SocketTransport: DebugTransport {
    private let descriptor: Int32
    private let address: DebugProtocol.Address

    package init(address: DebugProtocol.Address, deadline: ContinuousClock.Instant) throws(AGDumpError) {
        self.address = address
        descriptor = DebugSocket.makeTCP()
        guard descriptor >= 0 else { throw failure("cannot make a socket") }
        var socketAddress = sockaddr_in()
        #if canImport(Darwin)
        socketAddress.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        socketAddress.sin_family = sa_family_t(AF_INET)
        socketAddress.sin_port = address.port.bigEndian
        let octets = address.host.split(separator: ".").map { UInt32($0)! }
        socketAddress.sin_addr = in_addr(s_addr: (octets[0] << 24 | octets[1] << 16 | octets[2] << 8 | octets[3]).bigEndian)
        let result = withUnsafePointer(to: &socketAddress) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        if result != 0 {
            guard errno == EINPROGRESS || errno == EINTR else { throw refused(errno) }
            try wait(for: Int16(POLLOUT), before: deadline, doing: "connecting")
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            _ = getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &error, &length)
            if error != 0 { throw refused(error) }
        }
    }

    deinit {
        _ = close(descriptor)
    }

    package func send(_ bytes: [UInt8], before deadline: ContinuousClock.Instant) throws(AGDumpError) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { buffer in
                DebugSocket.send(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if sent >= 0 {
                offset += sent
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                try wait(for: Int16(POLLOUT), before: deadline, doing: "sending the request")
            } else if errno != EINTR {
                throw failure("cannot send the request (\(String(cString: strerror(errno))))")
            }
        }
    }

    package func receive(upTo count: Int, before deadline: ContinuousClock.Instant) throws(AGDumpError) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: max(1, count))
        while true {
            let received = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if received >= 0 { return Array(buffer[..<received]) }
            if errno == EAGAIN || errno == EWOULDBLOCK {
                try wait(for: Int16(POLLIN), before: deadline, doing: "waiting for the reply")
            } else if errno == ECONNRESET {
                return []
            } else if errno != EINTR {
                throw failure("cannot read the reply (\(String(cString: strerror(errno))))")
            }
        }
    }

    /// Tells the server nothing more will be sent (its next read sees the end).
    package func finishSending() {
        _ = shutdown(descriptor, Int32(SHUT_WR))
    }

    /// Waits until the socket is ready for `events`, or throws when `deadline` passes.
    private func wait(for events: Int16, before deadline: ContinuousClock.Instant, doing what: String) throws(AGDumpError) {
        while true {
            let left = deadline - ContinuousClock.now
            guard left > .zero else {
                throw AGDumpError(
                    .connectionFailed,
                    "agdump: \(address.url): no answer in time (\(what)); a process stopped in a debugger or busy on its "
                        + "main thread answers late: try a longer --timeout")
            }
            let milliseconds = Int32(clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
            var polled = pollfd(fd: descriptor, events: events, revents: 0)
            let ready = poll(&polled, 1, milliseconds)
            if ready > 0 { return }
            if ready < 0, errno != EINTR { throw failure("poll failed (\(String(cString: strerror(errno))))") }
        }
    }

    private func refused(_ code: Int32) -> AGDumpError {
        failure(
            "cannot connect (\(String(cString: strerror(code)))): is the process running with its DebugServer started? "
                + "The port and token change each time it starts")
    }

    private func failure(_ message: String) -> AGDumpError {
        AGDumpError(.connectionFailed, "agdump: \(address.url): \(message)")
    }
}
