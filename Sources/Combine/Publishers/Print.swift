import Foundation

extension Publisher {
    /// Prints log messages for all publishing events, to standard output or the given stream:
    ///
    ///     [1].publisher.print("numbers").sink { _ in }
    ///     // numbers: receive subscription: (Sequence)
    ///     // numbers: request unlimited
    ///     // numbers: receive value: (1)
    ///     // numbers: receive finished
    public func print(_ prefix: String = "", to stream: TextOutputStream? = nil) -> Publishers.Print<Self> {
        Publishers.Print(upstream: self, prefix: prefix, to: stream)
    }
}

extension Publishers {
    /// A publisher that prints log messages for all publishing events, optionally prefixed with a given string.
    public struct Print<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        /// A string with which to prefix all log messages.
        public let prefix: String
        public let stream: TextOutputStream?

        public init(upstream: Upstream, prefix: String, to stream: TextOutputStream? = nil) {
            self.upstream = upstream
            self.prefix = prefix
            self.stream = stream
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let log = PrintLog(prefix: prefix, stream: stream)
            var hooks = TapHooks<Output, Failure>()
            hooks.subscription = { log.write("receive subscription: (\($0))") }
            hooks.output = { log.write("receive value: (\($0))") }
            hooks.completion = { completion in
                switch completion {
                case .finished: log.write("receive finished")
                case .failure(let error): log.write("receive error: (\(error))")
                }
            }
            hooks.cancel = { log.write("receive cancel") }
            hooks.request = { log.write("request \(Self.describe($0))") }
            hooks.synchronousRequest = { log.write("request \(Self.describe($0)) (synchronous)") }
            upstream.subscribe(Tap(subscriber, name: "Print", hooks: hooks))
        }

        private static func describe(_ demand: Subscribers.Demand) -> String {
            demand.max.map { "max: (\($0))" } ?? "unlimited"
        }
    }
}

/// Where `print` writes: one line per event, serialised.
private final class PrintLog {
    private let lock = NSLock()
    private let prefix: String
    private var stream: TextOutputStream?

    init(prefix: String, stream: TextOutputStream?) {
        self.prefix = prefix.isEmpty ? "" : prefix + ": "
        self.stream = stream
    }

    func write(_ message: String) {
        lock.withLock {
            if stream != nil {
                stream!.write(prefix + message + "\n")
            } else {
                Swift.print(prefix + message)
            }
        }
    }
}
