#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import AttrGraphShims
import Synchronization

/// The process's timeline trace, in the Chrome trace-event JSON format (an array of events),
/// which Perfetto's UI (ui.perfetto.dev) and chrome://tracing open as they are.
///
/// It is written as it goes: events are appended to a 64 KiB buffer that is written out when it
/// fills, at the end of every outermost graph update, before a cycle trap or a precondition
/// failure stops the process, and at exit. The file starts with `[` and has one event per line;
/// at a normal exit a closing `]` makes it one JSON value. A process that stops abruptly leaves
/// the events up to the last write without the `]`, which the trace viewers accept (the format
/// allows the array to be left open) and `agdump` reads (saying so).
///
/// Tracks: one per thread (`tid`, named `main` or `thread N`), in the process (`pid`); a rule run
/// inside an update inside a run-loop turn on the same thread nests under them.
package enum AGTrace {
    /// A value in an event's `args`.
    package enum Argument {
        case string(String)
        case int(Int)
        case bool(Bool)
    }

    /// Whether a trace is being written: one relaxed atomic load.
    @inline(__always)
    package static var isEnabled: Bool { ag_trace_active() != 0 }

    /// Nanoseconds on the monotonic clock.
    @inline(__always)
    package static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    /// A span that started at `start` (from ``now()``) and ends now: `"ph":"X"`.
    package static func complete(_ name: String, category: String, start: UInt64, end: UInt64 = now(),
                                 args: KeyValuePairs<String, Argument> = [:]) {
        emit(phase: "X", name: name, category: category, time: start, duration: end &- start, args: args)
    }

    /// Opens a span on this thread's track (`"ph":"B"`); close it with ``end(_:category:)``.
    package static func begin(_ name: String, category: String, args: KeyValuePairs<String, Argument> = [:]) {
        emit(phase: "B", name: name, category: category, time: now(), duration: nil, args: args)
    }

    package static func end(_ name: String, category: String, args: KeyValuePairs<String, Argument> = [:]) {
        emit(phase: "E", name: name, category: category, time: now(), duration: nil, args: args)
    }

    /// A moment on this thread's track (`"ph":"i"`): a cycle, a report, a hang.
    package static func instant(_ name: String, category: String, args: KeyValuePairs<String, Argument> = [:]) {
        emit(phase: "i", name: name, category: category, time: now(), duration: nil, args: args)
    }

    /// A rule run (the hot path of a traced update): the type's fixed parts are made once.
    static func ruleRun(_ fragments: TraceFragments, start: UInt64, end: UInt64, attribute: UInt32, changed: Bool,
                        graph: UInt64) {
        guard isEnabled else { return }
        let thread = ThreadLocal.context
        writer.withLock { file in
            guard let file else { return }
            file.ruleRun(fragments, start: start, end: end, tid: file.threadID(thread), attribute: attribute,
                         changed: changed, graph: graph)
        }
    }

    /// Writes the buffered events to the file.
    package static func flush() {
        guard isEnabled else { return }
        writer.withLock { $0?.flush() }
    }

    // MARK: The writer

    private static let writer = Locked<TraceFile?>(nil)

    /// The trace file, once tracing started (``Graph/tracePath``).
    static var path: String? { writer.withLock { $0?.path } }

    /// Starts the trace at `path` (replacing the file) unless one is being written; returns the
    /// path in use, or `nil` with the reason when the file cannot be created.
    static func start(path: String) -> Result<String, TraceStartError> {
        let result = writer.withLock { (file: inout TraceFile?) -> Result<String, TraceStartError> in
            if let file { return .success(file.path) }
            // Non-blocking, so that a FIFO nobody reads fails at once (ENXIO) instead of blocking
            // the first graph forever; writes block again once it is open.
            let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NONBLOCK, 0o644)
            guard descriptor >= 0 else {
                let code = errno
                let reason = code == ENXIO
                    ? "it is a FIFO that no process is reading (start the reader first)"
                    : String(cString: strerror(code))
                return .failure(TraceStartError(path: path, reason: reason))
            }
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
            file = TraceFile(path: path, descriptor: descriptor, origin: now())
            return .success(path)
        }
        if case .success = result {
            ag_set_trace_active(1)
            registerExitHandler
        }
        return result
    }

    /// Closes the array and the file (at exit, or when a test asks).
    static func finish() {
        ag_set_trace_active(0)
        writer.withLock { file in
            file?.finish()
            file = nil
        }
    }

    private static let registerExitHandler: Void = {
        atexit { AGTrace.finish() }
    }()

    private static func emit(phase: String, name: String, category: String, time: UInt64, duration: UInt64?,
                             args: KeyValuePairs<String, Argument>) {
        guard isEnabled else { return }
        let thread = ThreadLocal.context
        writer.withLock { file in
            guard let file else { return }
            let tid = file.threadID(thread)
            file.event(phase: phase, name: name, category: category, time: time, duration: duration, tid: tid, args: args)
        }
    }
}

/// Why tracing could not start.
struct TraceStartError: Error {
    let path: String
    let reason: String
}

/// The open trace file and its buffer; used under ``AGTrace``'s lock.
final class TraceFile: @unchecked Sendable {
    let path: String
    private let descriptor: Int32
    /// Nanoseconds at the trace's time zero.
    private let origin: UInt64
    /// Used under ``AGTrace``'s lock only, each access a single append: the dynamic
    /// exclusivity check (most of an event's cost) could never fire.
    @exclusivity(unchecked) private var buffer: [UInt8] = []
    private var eventCount = 0
    private var nextThreadID: UInt32 = 1
    private let pid = Int(getpid())
    /// Which trace of the process this is (thread ids from an earlier one do not count).
    private let generation: UInt32
    nonisolated(unsafe) private static var generations: UInt32 = 0
    private static let bufferLimit = 64 * 1024

    init(path: String, descriptor: Int32, origin: UInt64) {
        self.path = path
        self.descriptor = descriptor
        self.origin = origin
        Self.generations += 1  // under AGTrace's lock
        generation = Self.generations
        buffer.reserveCapacity(Self.bufferLimit + 1024)
        buffer.append(contentsOf: "[\n".utf8)
        metadata("process_name", tid: 0, value: "AttrGraph \(CommandLine.arguments.first.map(lastComponent) ?? "process")")
        flush()
    }

    /// The thread's track id, naming the track on first use.
    func threadID(_ thread: UnsafeMutablePointer<ThreadContext>) -> UInt32 {
        if thread.pointee.traceGeneration == generation { return thread.pointee.traceThreadID }
        let id = nextThreadID
        nextThreadID += 1
        thread.pointee.traceThreadID = id
        thread.pointee.traceGeneration = generation
        metadata("thread_name", tid: id, value: thread.pointee.isMainThread ? "main" : "thread \(id)")
        return id
    }

    func event(phase: String, name: String, category: String, time: UInt64, duration: UInt64?, tid: UInt32,
               args: KeyValuePairs<String, AGTrace.Argument>) {
        separator()
        append("{\"ph\":\"\(phase)\",\"name\":")
        appendString(name)
        append(",\"cat\":")
        appendString(category)
        append(",\"ts\":")
        appendMicroseconds(time &- origin)
        if let duration {
            append(",\"dur\":")
            appendMicroseconds(duration)
        }
        if phase == "i" { append(",\"s\":\"t\"") }
        append(",\"pid\":\(pid),\"tid\":\(tid),\"args\":{")
        var first = true
        for (key, value) in args {
            if !first { append(",") }
            first = false
            appendString(key)
            append(":")
            switch value {
            case .string(let text): appendString(text)
            case .int(let number): append(String(number))
            case .bool(let flag): append(flag ? "true" : "false")
            }
        }
        append("}}")
        if buffer.count >= Self.bufferLimit { flush() }
    }

    func ruleRun(_ fragments: TraceFragments, start: UInt64, end: UInt64, tid: UInt32, attribute: UInt32, changed: Bool,
                 graph: UInt64) {
        separator()
        buffer.append(contentsOf: fragments.prefix)
        appendMicroseconds(start &- origin)
        append(",\"dur\":")
        appendMicroseconds(end &- start)
        append(",\"pid\":")
        appendInteger(UInt64(pid))
        append(",\"tid\":")
        appendInteger(UInt64(tid))
        append(",\"args\":{\"attribute\":")
        appendInteger(UInt64(attribute))
        append(changed ? ",\"changed\":true,\"graph\":" : ",\"changed\":false,\"graph\":")
        appendInteger(graph)
        buffer.append(contentsOf: fragments.suffix)
        if buffer.count >= Self.bufferLimit { flush() }
    }

    /// Whether a write failed: the trace ends there (said once) and later events are dropped.
    private var failed = false

    func flush() {
        var offset = 0
        while !failed, offset < buffer.count {
            let written = buffer.withUnsafeBytes { bytes in
                write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            }
            if written < 0 {
                let code = errno
                if code == EINTR { continue }
                writeFailed(String(cString: strerror(code)))
            } else if written == 0 {
                writeFailed("nothing more could be written")
            } else {
                offset += written
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// The disk is full or the file went away: tracing stops, once, with a line on stderr. What
    /// was written stays a trace cut short (agdump reads it up to its last complete event).
    private func writeFailed(_ reason: String) {
        failed = true
        ag_set_trace_active(0)
        DiagnosticSink.default(
            "AttrGraph: writing the trace to \(path) failed (\(reason)); tracing stopped, the file keeps the events "
                + "written before\n")
    }

    func finish() {
        append("\n]\n")
        flush()
        close(descriptor)
    }

    private func metadata(_ kind: String, tid: UInt32, value: String) {
        separator()
        append("{\"ph\":\"M\",\"name\":\"\(kind)\",\"pid\":\(pid),\"tid\":\(tid),\"args\":{\"name\":")
        appendString(value)
        append("}}")
    }

    private func separator() {
        if eventCount > 0 { append(",\n") }
        eventCount += 1
    }

    private func append(_ text: String) {
        buffer.append(contentsOf: text.utf8)
    }

    /// Microseconds with three decimals (nanosecond resolution), as the format expects.
    private func appendMicroseconds(_ nanoseconds: UInt64) {
        appendInteger(nanoseconds / 1000)
        var fraction = nanoseconds % 1000
        guard fraction != 0 else { return }
        var digits = 3
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        buffer.append(UInt8(ascii: "."))
        var divisor: UInt64 = digits == 3 ? 100 : (digits == 2 ? 10 : 1)
        while divisor > 0 {
            buffer.append(UInt8(ascii: "0") + UInt8(fraction / divisor % 10))
            divisor /= 10
        }
    }

    /// Decimal digits, without a String.
    private func appendInteger(_ value: UInt64) {
        if value < 10 {
            buffer.append(UInt8(ascii: "0") + UInt8(value))
            return
        }
        var remaining = value
        let start = buffer.count
        while remaining > 0 {
            buffer.append(UInt8(ascii: "0") + UInt8(remaining % 10))
            remaining /= 10
        }
        buffer[start...].reverse()
    }

    /// A JSON string with quotes, backslashes and control characters escaped.
    private func appendString(_ text: String) {
        TraceFile.appendString(text, to: &buffer)
    }

    static func appendString(_ text: String, to buffer: inout [UInt8]) {
        buffer.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): buffer.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): buffer.append(contentsOf: [0x5C, 0x5C])
            case UInt8(ascii: "\n"): buffer.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                buffer.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 15)]])
            default: buffer.append(byte)
            }
        }
        buffer.append(UInt8(ascii: "\""))
    }
}

/// The fixed parts of a rule type's traced runs: `{"ph":"X","name":TYPE,"cat":"rule","ts":`
/// and `,"value":VALUE}}`.
final class TraceFragments: @unchecked Sendable {
    // @unchecked: immutable.
    let prefix: [UInt8]
    let suffix: [UInt8]

    init(ruleType: String, valueType: String) {
        var prefix = Array("{\"ph\":\"X\",\"name\":".utf8)
        TraceFile.appendString(ruleType, to: &prefix)
        prefix += Array(",\"cat\":\"rule\",\"ts\":".utf8)
        var suffix = Array(",\"value\":".utf8)
        TraceFile.appendString(valueType, to: &suffix)
        suffix += Array("}}".utf8)
        self.prefix = prefix
        self.suffix = suffix
    }
}

private func lastComponent(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
}
