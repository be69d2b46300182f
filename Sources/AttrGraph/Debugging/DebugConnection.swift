#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import AttrGraphArchive

/// One client of the debug server: the bytes it has sent that are not yet a whole request, and
/// the reply it is owed. Requests are answered one at a time: while a reply is pending the
/// connection is not read, so a client that sends without reading cannot grow the server's memory.
struct _DebugConnection {
    let descriptor: Int32
    var input: [UInt8] = []
    var output: [UInt8] = []
    var outputOffset = 0
    /// The last time bytes came in or went out.
    var lastProgress = ContinuousClock.now

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Whether the connection is inside a message (half a request read, or a reply half sent):
    /// it must progress within the stall limit.
    var isMidMessage: Bool { !input.isEmpty || !output.isEmpty }

    /// Handles what `poll` reported; `false` when the connection must close.
    mutating func handle(revents: Int16, token: UInt32) -> Bool {
        if revents & Int16(POLLNVAL) != 0 { return false }
        if output.isEmpty, revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count == 0 { return false }  // the client is done (half a request is dropped)
            if count < 0 { return errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK }
            input += buffer[..<count]
            lastProgress = ContinuousClock.now
        }
        return advance(token: token)
    }

    /// Sends what is pending and answers every whole request received, until a reply cannot be
    /// sent whole or more bytes are needed; `false` when the connection must close.
    private mutating func advance(token: UInt32) -> Bool {
        while true {
            if !output.isEmpty {
                guard flush() else { return false }
                if !output.isEmpty { return true }
            }
            guard let header = DebugMessageHeader(input) else { return true }
            // A wrong token or an oversized body: nothing more from this client is trusted.
            guard header.token == token, Int(header.length) <= DebugProtocol.maxRequestLength else { return false }
            let total = DebugMessageHeader.size + Int(header.length)
            guard input.count >= total else { return true }
            let body = Array(input[DebugMessageHeader.size..<total])
            input.removeFirst(total)
            guard let reply = _DebugRequest.answer(body), reply.count <= Int(UInt32.max) else { return false }
            output = DebugMessageHeader(token: token, reserved: header.reserved, length: UInt32(reply.count)).bytes + reply
            outputOffset = 0
        }
    }

    /// Sends as much of the pending reply as the socket takes; `false` on an error.
    private mutating func flush() -> Bool {
        while outputOffset < output.count {
            let sent = output.withUnsafeBytes { bytes in
                DebugSocket.send(descriptor, bytes.baseAddress! + outputOffset, bytes.count - outputOffset)
            }
            if sent < 0 {
                if errno == EINTR { continue }
                return errno == EAGAIN || errno == EWOULDBLOCK
            }
            outputOffset += sent
            lastProgress = ContinuousClock.now
        }
        output = []
        outputOffset = 0
        return true
    }
}

/// The debug server's listening socket (the calls both ends make are ``DebugSocket``'s).
enum _Socket {
    /// A non-blocking TCP socket listening on 127.0.0.1, on a port the system picks.
    static func listenOnLoopback() -> Result<(descriptor: Int32, port: UInt16), _SocketError> {
        let descriptor = DebugSocket.makeTCP()
        guard descriptor >= 0 else { return .failure(_SocketError("socket")) }
        var address = sockaddr_in()
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(descriptor, address, length) == 0 && getsockname(descriptor, address, &length) == 0
            }
        }
        guard bound, listen(descriptor, 16) == 0 else {
            let error = _SocketError(bound ? "listen" : "bind")
            _ = _closeDescriptor(descriptor)
            return .failure(error)
        }
        return .success((descriptor, UInt16(bigEndian: address.sin_port)))
    }
}

/// A failed socket call: its name and `errno`'s message.
struct _SocketError: Error {
    let message: String

    init(_ call: String) {
        message = "\(call): \(String(cString: strerror(errno)))"
    }
}
