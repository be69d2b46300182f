import AttrGraphArchive
import Foundation

/// AttributeGraph's debug server (`AGDebugServer…`): a local TCP endpoint that tools connect to
/// to fetch the description of every live graph and to drive the profiler, while the process
/// runs.
///
///     DebugServer.start(mode: .valid)                  // prints: debug server graph://127.0.0.1:PORT/?token=N
///     let url = DebugServer.copyURL()                  // the same URL
///     // elsewhere: agdump --connect 'graph://127.0.0.1:PORT/?token=N' --svg now.svg
///     DebugServer.stop()
///
/// **Off by default**: nothing listens until ``start(mode:)`` is called (there is no environment
/// variable, as in AttributeGraph). One server per process.
///
/// **Where it listens**: 127.0.0.1 only, on a port the system picks, with a random 32-bit token
/// that every message must carry. ``Mode/networkInterface`` (AttributeGraph: listen on every
/// interface and advertise an external address) is accepted and ignored: a graph's contents
/// are not for the network (forward the port over SSH to reach it from elsewhere).
///
/// **The protocol** (AttributeGraph's; the framing is `DebugMessageHeader`): each message is a
/// 16-byte header — token, a reserved field, body length, a reserved field; 32-bit little-endian
/// — and a JSON body. A request is an object with a `"command"`:
///
/// - `graph/description`: the reply is the `graph/dict` archive JSON of every live graph
///   (``Graph/description(_:options:)-(Graph?,[AnyHashable:Any])`` with `nil` and `format`
///   `graph/dict`). The request's `include-values` (Bool, default `false`), `truncation-limit`
///   (an Int ≥ 0, default 1024) and `all_graphs` (Bool; **default `true`** here, since with `nil`
///   and without it the description has no graph) are honoured.
/// - `profiler/start`, `profiler/stop`, `profiler/reset`: ``Graph/startProfiling(_:)``,
///   ``Graph/stopProfiling(_:)``, ``Graph/resetProfile(_:)`` for every graph; `profiler/mark`:
///   ``Graph/markProfile(name:)`` with the request's `"name"` (default `mark`). The reply is
///   `{"command": "…"}`.
///
/// A reply's header echoes the request's token and second field. A request the server will not
/// answer gets no reply — the server closes that connection, as AttributeGraph's does: a wrong
/// token, a body longer than 16 MiB, a body that is not a JSON object with a known command or
/// with options of the wrong kind. A connection may send any number of requests, one after the
/// other (the next is read once the previous reply is sent). A message left unfinished for 10 s,
/// or a reply the client does not read for 10 s, closes the connection; at most 16 connections
/// are open at once (more are closed as they arrive).
///
/// **Threads**: the server answers on a thread of its own, from ``start(mode:)`` to ``stop()``
/// (and, while ``run(timeout:)`` runs, on the caller's thread too). A description takes each
/// graph for the moment it is described, the way ``Graph/archiveJSON(name:includeValues:)`` does —
/// the exclusive-use rule's archiver: a thread that starts using a graph meanwhile waits for it
/// (it never traps), and a graph another thread is using when the request comes (in an update,
/// say) is left out of that reply. Profiler commands are the thread-safe static calls above.
/// Nothing else of a graph is touched from the server's thread.
public struct DebugServer: Sendable {
    /// How ``start(mode:)`` starts the server (AttributeGraph's `AGDebugServerMode`).
    public struct Mode: OptionSet, Sendable, Hashable {
        public var rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        /// Required: without it ``start(mode:)`` starts nothing.
        public static let valid = Mode(rawValue: 1 << 0)
        /// AttributeGraph: listen on every interface. AttrGraph listens on 127.0.0.1 whatever the mode.
        public static let networkInterface = Mode(rawValue: 1 << 1)
    }

    let core: _DebugServerCore

    private static let shared = Locked<_DebugServerCore?>(nil)

    /// Starts the process's debug server if `mode` contains ``Mode/valid`` and none runs, and
    /// prints its URL (`debug server graph://127.0.0.1:PORT/?token=N`) to the default
    /// diagnostics sink. Returns the running server — the one already running, if any — or
    /// `nil` when none runs (no ``Mode/valid``, or the socket could not be made: the reason is
    /// printed).
    @discardableResult
    public static func start(mode: Mode) -> DebugServer? {
        let (core, started): (_DebugServerCore?, Bool) = shared.withLock { current in
            if let running = current { return (running, false) }
            guard mode.contains(.valid) else { return (nil, false) }
            switch _DebugServerCore.make() {
            case .success(let core):
                current = core
                return (core, true)
            case .failure(let error):
                DiagnosticSink.default("AttrGraph: debug server: \(error.message)\n")
                return (nil, false)
            }
        }
        guard let core else { return nil }
        if started {
            core.startServingThread()
            DiagnosticSink.default("debug server \(core.address.url)\n")
        }
        return DebugServer(core: core)
    }

    /// Stops the debug server, if one runs: closes its connections and its socket, and returns
    /// once its thread has ended. A later ``start(mode:)`` makes a new server (a new port and token).
    public static func stop() {
        let core = shared.withLock { current in
            defer { current = nil }
            return current
        }
        core?.shutdown()
    }

    /// The running server's URL, `graph://127.0.0.1:PORT/?token=N`; `nil` when none runs.
    public static func copyURL() -> URL? {
        shared.withLock { $0 }.flatMap { URL(string: $0.address.url) }
    }

    /// Serves the running server's clients on the calling thread too, and returns when
    /// `timeout` seconds pass with no request, connection or reply (a negative `timeout` waits
    /// without that limit), when clients have connected since the call and all have gone, or when
    /// the server stops. Returns at once when no server runs.
    public static func run(timeout: Int32) {
        shared.withLock { $0 }?.run(timeout: timeout)
    }
}
