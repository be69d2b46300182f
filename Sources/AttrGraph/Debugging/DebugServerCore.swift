#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import AttrGraphArchive
import Foundation
import Synchronization

/// One debug server: its listening socket, its connections and its thread (see ``DebugServer``
/// for what it does). Every socket is non-blocking and used under ``state``'s lock, by whichever
/// thread serves (its own, or one in ``DebugServer/run(timeout:)``); a serving step waits in
/// `poll` for at most a second, and ``shutdown()`` wakes it through a pipe.
final class _DebugServerCore: Sendable {
    let address: DebugProtocol.Address
    private let state: Locked<_DebugServerState>
    private let stopping = Atomic<Bool>(false)
    /// The write end of the wake pipe: one byte there (never read) makes every `poll` return.
    private let wakeWrite: Int32
    private let finished = DispatchSemaphore(value: 0)

    /// How long a message may stay unfinished, or a reply unread, before the connection is closed.
    static let stallLimit: Duration = .seconds(10)
    /// The most connections open at once.
    static let maxConnections = 16

    private init(address: DebugProtocol.Address, state: sending _DebugServerState, wakeWrite: Int32) {
        self.address = address
        self.state = Locked(state)
        self.wakeWrite = wakeWrite
    }

    /// A server listening on 127.0.0.1 on a port the system picks, with a random token.
    static func make() -> Result<_DebugServerCore, _SocketError> {
        let descriptor: Int32
        let port: UInt16
        switch _Socket.listenOnLoopback() {
        case .success(let listening): (descriptor, port) = listening
        case .failure(let error): return .failure(error)
        }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            let error = _SocketError("pipe")
            _ = _closeDescriptor(descriptor)
            return .failure(error)
        }
        for end in ends { DebugSocket.configure(end) }
        let token = UInt32.random(in: 0...UInt32.max)
        let address = DebugProtocol.Address(host: "127.0.0.1", port: port, token: token)
        let state = _DebugServerState(listener: descriptor, wakeRead: ends[0], token: token)
        return .success(_DebugServerCore(address: address, state: state, wakeWrite: ends[1]))
    }

    /// Starts the server's own thread.
    func startServingThread() {
        let thread = Thread { [self] in
            while !stopping.load(ordering: .acquiring) {
                if !step(maxWait: .milliseconds(250)) { break }
            }
            finished.signal()
        }
        thread.name = "AttrGraph debug server"
        thread.start()
    }

    /// One serving step under the lock; `false` once the server is closed.
    private func step(maxWait: Duration) -> Bool {
        state.withLock { state in
            guard !state.closed else { return false }
            state.serve(maxWait: maxWait, stopping: stopping)
            return true
        }
    }

    /// ``DebugServer/run(timeout:)``.
    func run(timeout: Int32) {
        let clock = ContinuousClock()
        let start = clock.now
        let limit: Duration? = timeout < 0 ? nil : .seconds(Int(timeout))
        while !stopping.load(ordering: .acquiring) {
            var wait = Duration.milliseconds(250)
            if let limit {
                let idle = clock.now - max(start, state.withLock { $0.lastActivity })
                if idle >= limit { return }
                wait = min(wait, limit - idle)
            }
            guard step(maxWait: wait) else { return }
            let (lastAccept, open) = state.withLock { ($0.lastAccept, $0.connections.count) }
            if let lastAccept, lastAccept >= start, open == 0 { return }
        }
    }

    /// Stops serving: wakes every `poll`, waits for the server's thread to end, closes every socket.
    func shutdown() {
        stopping.store(true, ordering: .releasing)
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
        finished.wait()
        state.withLock { $0.close() }
        _ = close(wakeWrite)
    }
}

/// A debug server's sockets and what its connections have sent and are owed.
struct _DebugServerState {
    var listener: Int32
    let wakeRead: Int32
    let token: UInt32
    var connections: [_DebugConnection] = []
    var closed = false
    /// When the last connection was accepted (``DebugServer/run(timeout:)`` waits for the
    /// clients that came after it started to go).
    var lastAccept: ContinuousClock.Instant?
    /// The last request, reply, connection or close.
    var lastActivity = ContinuousClock.now

    init(listener: Int32, wakeRead: Int32, token: UInt32) {
        self.listener = listener
        self.wakeRead = wakeRead
        self.token = token
    }

    mutating func close() {
        guard !closed else { return }
        closed = true
        for connection in connections { _ = _closeDescriptor(connection.descriptor) }
        connections.removeAll()
        _ = _closeDescriptor(listener)
        _ = _closeDescriptor(wakeRead)
    }

    /// Waits up to `maxWait` for something to do, and does it: accepts connections, reads
    /// requests, answers complete ones, sends pending replies, closes what must close.
    mutating func serve(maxWait: Duration, stopping: borrowing Atomic<Bool>) {
        let now = ContinuousClock.now
        // The wait ends in time to close a connection that stalls.
        var wait = maxWait
        for connection in connections where connection.isMidMessage {
            wait = min(wait, max(.zero, connection.lastProgress + _DebugServerCore.stallLimit - now))
        }
        var descriptors = [pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0), pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
        for connection in connections {
            // A connection that is owed a reply is not read until it has it (no unbounded backlog).
            let events = connection.output.isEmpty ? Int16(POLLIN) : Int16(POLLOUT)
            descriptors.append(pollfd(fd: connection.descriptor, events: events, revents: 0))
        }
        let milliseconds = Int32(clamping: wait.components.seconds * 1000 + wait.components.attoseconds / 1_000_000_000_000_000)
        let ready = descriptors.withUnsafeMutableBufferPointer { buffer in
            poll(buffer.baseAddress, nfds_t(buffer.count), max(0, milliseconds))
        }
        if stopping.load(ordering: .acquiring) { return }
        if ready > 0 {
            if descriptors[1].revents & Int16(POLLIN) != 0 { acceptAll() }
            var closing: Set<Int32> = []
            for polled in descriptors.dropFirst(2) where polled.revents != 0 {
                guard let index = connections.firstIndex(where: { $0.descriptor == polled.fd }) else { continue }
                if !connections[index].handle(revents: polled.revents, token: token) { closing.insert(polled.fd) }
                lastActivity = ContinuousClock.now
            }
            close(closing)
        }
        let later = ContinuousClock.now
        close(Set(connections.filter { $0.isMidMessage && later - $0.lastProgress >= _DebugServerCore.stallLimit }.map(\.descriptor)))
    }

    private mutating func close(_ descriptors: Set<Int32>) {
        guard !descriptors.isEmpty else { return }
        for descriptor in descriptors { _ = _closeDescriptor(descriptor) }
        connections.removeAll { descriptors.contains($0.descriptor) }
        lastActivity = ContinuousClock.now
    }

    private mutating func acceptAll() {
        while true {
            let descriptor = accept(listener, nil, nil)
            if descriptor < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                return  // EAGAIN: none left (or an error that the next poll will show again)
            }
            DebugSocket.configure(descriptor)
            lastActivity = ContinuousClock.now
            guard connections.count < _DebugServerCore.maxConnections else {
                _ = _closeDescriptor(descriptor)
                continue
            }
            lastAccept = ContinuousClock.now
            connections.append(_DebugConnection(descriptor: descriptor))
        }
    }
}

/// `close(2)` (the state has a `close` of its own).
@inline(__always)
func _closeDescriptor(_ descriptor: Int32) -> Int32 {
    #if canImport(Darwin)
    Darwin.close(descriptor)
    #elseif canImport(Glibc)
    Glibc.close(descriptor)
    #else
    Musl.close(descriptor)
    #endif
}
