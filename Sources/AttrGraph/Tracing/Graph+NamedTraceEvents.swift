#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CoreFoundation
import Foundation

/// Named trace events (AttributeGraph's `AGGraphRegisterNamedTraceEvent` family): a process-wide
/// table of event names, each with its subsystem, that code registers once and then adds to a
/// graph's traces with arguments.
///
///     let loaded = Graph.registerNamedTraceEvent(name: "image-loaded", subsystem: "com.example.app")
///     graph.addNamedTraceEvent(loaded, eventArgs: [width, height])
///
/// Every installed trace's `named_event` callback receives the event (at ``Graph/TraceType/Version/named``
/// or later); ``traceEventEnabled(for:)`` asks the traces whether any wants it, so that costly
/// arguments are made only then.
extension Graph {
    /// A registered event's number (AttributeGraph's `AGNamedTraceEventID`). 0 names no event.
    public struct NamedTraceEventID: RawRepresentable, Hashable, Sendable {
        public var rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public init(_ rawValue: UInt32) { self.rawValue = rawValue }
    }

    /// Flags of one named event (AttributeGraph's `AGNamedTraceEventFlags`): bits the caller
    /// chooses, passed on to the traces as they are.
    public struct NamedTraceEventFlags: OptionSet, Hashable, Sendable {
        public var rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        /// Asks the trace to record a backtrace with the event.
        public static let recordBacktrace = NamedTraceEventFlags(rawValue: 1 << 31)
    }

    /// Registers an event name and its subsystem; returns the event's number, a new one per call
    /// (from 1, in call order, process-wide). Thread-safe. The strings are copied and kept for the
    /// process (``traceEventName(for:)`` returns them).
    public static func registerNamedTraceEvent(
        name: UnsafePointer<CChar>, subsystem: UnsafePointer<CChar>
    ) -> NamedTraceEventID {
        NamedTraceEvents.register(name: name, subsystem: subsystem)
    }

    /// ``registerNamedTraceEvent(name:subsystem:)-(UnsafePointer<CChar>,_)`` with Swift strings.
    public static func registerNamedTraceEvent(name: String, subsystem: String) -> NamedTraceEventID {
        name.withCString { name in
            subsystem.withCString { subsystem in
                NamedTraceEvents.register(name: name, subsystem: subsystem)
            }
        }
    }

    /// The name registered for `event`, or `nil` for a number never handed out. Valid for the
    /// process.
    public static func traceEventName(for event: NamedTraceEventID) -> UnsafePointer<CChar>? {
        NamedTraceEvents.entry(event)?.name
    }

    /// The subsystem registered for `event`, or `nil` for a number never handed out.
    public static func traceEventSubsystem(for event: NamedTraceEventID) -> UnsafePointer<CChar>? {
        NamedTraceEvents.entry(event)?.subsystem
    }

    /// Whether a trace of this graph wants the named event numbered `event`: its
    /// `named_event_enabled` callback says so, or, without one, it has a `named_event` callback.
    /// Traces below ``TraceType/Version/named`` want none. O(traces).
    public func traceEventEnabled(for event: UInt32) -> Bool {
        let engine = storage.engine
        let entered = engine.enter("asking the traces about a named event")
        defer { engine.leave(entered) }
        for trace in storage.tracing.traces where trace.wantsNamedEvent(NamedTraceEventID(rawValue: event)) {
            return true
        }
        return false
    }

    /// Adds the named event `eventID` to this graph's traces, with `eventArgCount` numbers at
    /// `eventArgs` and optional `data` (valid during the calls). The traces' `named_event`
    /// callbacks are called whatever their `named_event_enabled` says.
    public func addNamedTraceEvent(
        eventID: NamedTraceEventID, eventArgCount: Int, eventArgs: UnsafePointer<UInt32>?, data: CFData?,
        flags: NamedTraceEventFlags
    ) {
        let engine = storage.engine
        let entered = engine.enter("adding a named trace event")
        defer { engine.leave(entered) }
        guard engine.state.pointee.traced || storage.timelineIsRecording else { return }
        engine.emit(.namedEvent(self, eventID, eventArgCount, eventArgs, data, flags))
    }

    /// ``addNamedTraceEvent(eventID:eventArgCount:eventArgs:data:flags:)`` with Swift values.
    ///
    ///     graph.addNamedTraceEvent(loaded, eventArgs: [width, height], data: thumbnail)
    public func addNamedTraceEvent(
        _ eventID: NamedTraceEventID, eventArgs: [UInt32] = [], data: Data? = nil, flags: NamedTraceEventFlags = []
    ) {
        let cfData = data.map { data in
            data.withUnsafeBytes { bytes in
                CFDataCreate(nil, bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count)!
            }
        }
        eventArgs.withUnsafeBufferPointer { arguments in
            addNamedTraceEvent(
                eventID: eventID, eventArgCount: arguments.count, eventArgs: arguments.baseAddress, data: cfData,
                flags: flags)
        }
    }
}

/// The process's table of named trace events: entry 0 is never handed out.
enum NamedTraceEvents {
    struct Entry: @unchecked Sendable {
        // @unchecked: the strings are immutable copies that are never freed.
        let name: UnsafePointer<CChar>
        let subsystem: UnsafePointer<CChar>
    }

    private static let table = Locked<[Entry?]>([nil])

    static func register(name: UnsafePointer<CChar>, subsystem: UnsafePointer<CChar>) -> Graph.NamedTraceEventID {
        let entry = Entry(name: UnsafePointer(strdup(name)!), subsystem: UnsafePointer(strdup(subsystem)!))
        return table.withLock { entries in
            entries.append(entry)
            return Graph.NamedTraceEventID(rawValue: UInt32(entries.count - 1))
        }
    }

    static func entry(_ event: Graph.NamedTraceEventID) -> Entry? {
        table.withLock { entries in Int(event.rawValue) < entries.count ? entries[Int(event.rawValue)] : nil }
    }
}
