#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where AttrGraph writes its diagnostics: cycle reports, nested-update notes, archive paths.
///
///     // Capture a graph's reports in a test:
///     let captured = DiagnosticSink.Capture()
///     graph.diagnosticSink = captured.sink
///     …
///     #expect(captured.text.contains("cycle detected through attribute"))
///
/// The default, ``standardError``, writes to file descriptor 2 so that a tool's stdout stays
/// clean (AttributeGraph itself prints cycles to stdout). Every report is written with one call,
/// whole lines at a time.
public struct DiagnosticSink: Sendable {
    private let write: @Sendable (String) -> Void

    public init(_ write: @escaping @Sendable (String) -> Void) {
        self.write = write
    }

    /// Writes `text` (which should end with a newline).
    public func callAsFunction(_ text: String) {
        write(text)
    }

    /// Writes to standard error, unbuffered.
    public static let standardError = DiagnosticSink { text in
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                #if canImport(Darwin)
                Darwin.write(2, buffer.baseAddress! + offset, buffer.count - offset)
                #elseif canImport(Glibc)
                Glibc.write(2, buffer.baseAddress! + offset, buffer.count - offset)
                #else
                Musl.write(2, buffer.baseAddress! + offset, buffer.count - offset)
                #endif
            }
            if written < 0, errno == EINTR { continue }
            // A closed or full standard error loses the report; nothing else can be done.
            if written <= 0 { break }
            offset += written
        }
        bytes.removeAll()
    }

    /// Writes to standard output (AttributeGraph's own choice), flushing Swift's `print` buffer first.
    public static let standardOutput = DiagnosticSink { text in
        print(text, terminator: "")
        fflush(nil)
    }

    /// Discards everything.
    public static let discard = DiagnosticSink { _ in }

    /// The sink graphs use unless they have their own (``Graph/diagnosticSink``).
    public static var `default`: DiagnosticSink {
        get { defaultSink.withLock { $0 } }
        set { defaultSink.withLock { $0 = newValue } }
    }

    private static let defaultSink = Locked<DiagnosticSink>(.standardError)

    /// Collects everything written to its ``sink``, for tests and hosts that show diagnostics.
    public final class Capture: Sendable {
        private let storage = Locked("")

        public init() {}

        public var sink: DiagnosticSink {
            DiagnosticSink { [self] text in storage.withLock { $0 += text } }
        }

        /// Everything written so far.
        public var text: String { storage.withLock { $0 } }

        /// Forgets what was written so far.
        public func reset() { storage.withLock { $0 = "" } }
    }
}
